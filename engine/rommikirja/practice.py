"""Practice questions for the reader, and the checking of answers, as plain JSON-able data.

The same functions run at build time (to print each widget's worked answer into the
page) and in the reader's browser through Pyodide (to check the reader's answer), so
the page and the check can never disagree. A question is made from a kind, a seed and
a rule set; cards travel as author codes (``"7H"``).

>>> q = question("kelpaako", 3, {"name": "perusrommi"})
>>> sorted(q) == ["cards", "kind", "labels", "rules", "seed"]
True
>>> r = check(q, {"valid": solution(q)["valid"]})
>>> r["correct"]
True
>>> handle('{"op": "question", "kind": "pisteet", "seed": 1, "rules": {}}')[:10]
'{"ok": tru'
"""
from __future__ import annotations

import random
from typing import Any

from .cards import parse_card
from .finnish import card_name

from .practice_gin import JARJESTA, KOPUTUS
from .practice_kit import PracticeKind, rules_of
from .practice_rummy import AVAUS, KELPAAKO, LISAA, NOSTOPAKKA, PISTEET

__all__ = ["KINDS", "PracticeKind", "question", "check", "solution", "handle", "use_club_names"]

#: every practice kind by name: one :class:`PracticeKind` entry each (a new kind is one entry
#: in a module of its own, added here)
KINDS: dict[str, PracticeKind] = {k.name: k for k in (PISTEET, KELPAAKO, LISAA, JARJESTA, KOPUTUS, NOSTOPAKKA,
                                                       AVAUS)}


def question(kind: str, seed: int, rules: dict) -> dict:
    """A practice question of ``kind`` for ``seed`` (the same seed always gives the same question)."""
    make = KINDS[kind].make
    q = make(random.Random(f"{kind}:{seed}"), rules_of(rules))
    q.update(kind=kind, seed=seed, rules=rules)
    q["labels"] = {code: card_name(parse_card(code)) for code in sorted(_all_codes(q))}
    return q


def _all_codes(value: Any) -> set[str]:
    """Every card code inside a question, for the page's Finnish card labels."""
    if isinstance(value, str):
        try:
            parse_card(value)
        except ValueError:
            return set()
        return {value}
    if isinstance(value, dict):
        return {c for k, v in value.items() if k not in ("rules", "players", "kind") for c in _all_codes(v)}
    if isinstance(value, (list, tuple)):
        return {c for v in value for c in _all_codes(v)}
    return set()


def solution(q: dict) -> dict:
    """The worked answer: the expected answer and Finnish lines explaining it."""
    return KINDS[q["kind"]].solve(q, rules_of(q["rules"]))


def check(q: dict, answer: dict) -> dict:
    """Check the reader's answer: ``{"correct": bool, "message": Finnish explanation}``."""
    rules = rules_of(q["rules"])
    sol = KINDS[q["kind"]].solve(q, rules)
    correct, message = KINDS[q["kind"]].check(q, answer or {}, rules, sol)
    return {"correct": correct, "message": message}


def use_club_names(table: dict) -> int:
    """Register the club's own player names (the build's ``data/names.json``) in this engine, so
    that narration in the browser declines them as the pages do; returns how many there are.

    >>> from rommikirja.finnish import club_names, player_name, set_club_names
    >>> saved = club_names()
    >>> use_club_names({"Kalle": "Kalle Kallen Kallea Kalleen Kallessa Kallesta Kallelle Kallella "
    ...                          "Kallelta Kallena Kalleksi".split()})
    1
    >>> player_name("Kalle", "gen")
    'Kallen'
    >>> _ = set_club_names(saved)
    """
    from .finnish import set_club_names
    from .requests import RequestError
    try:
        set_club_names(table)
    except ValueError:
        raise RequestError("Kerhon nimissä on valmiin nimen kanssa ristiriitaisia taivutusmuotoja.") from None
    return len(table)


def handle(request: str) -> str:
    """The practice widgets' entry point (the worker's): :func:`rommikirja.app.api.handle` for the
    ``"practice"`` wing, which checks the request (:mod:`rommikirja.requests`) and answers with
    :func:`question`, :func:`check`, :func:`solution` or :func:`use_club_names`.

    >>> import json
    >>> json.loads(handle('{"op": "check"}'))["error"]
    'Kysymyksen (question) pitää olla JSON-olio.'
    """
    from .app.api import practice_handle      # (the API table imports this module's functions)
    return practice_handle(request)
