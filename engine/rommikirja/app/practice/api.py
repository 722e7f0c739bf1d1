"""Practice questions for the reader, and the checking of answers, as plain JSON-able data.

The same functions run at build time (to print each widget's question and worked answer into the
page) and in the reader's browser through Pyodide (to check the reader's answer), so the page and
the check can never disagree. A question is made from a kind, a seed and a rule set; cards travel
as author codes (``"7H"``). Besides its facts a question carries what the page shows: ``prompt``
(the question in Finnish), ``show`` (blocks of text and cards), ``input`` (a generic control) and
``faces`` (every card's face, :func:`rommikirja.faces.faces`), so neither the page template nor the
page script knows any kind.

>>> q = question("kelpaako", 3, {"name": "perusrommi"})
>>> sorted(q)
['cards', 'faces', 'input', 'kind', 'prompt', 'rules', 'seed', 'show']
>>> q["input"]["control"], q["show"][0]["prompt"]
('yesno', True)
>>> check(q, {"valid": solution(q)["valid"]})["correct"]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...cards import parse_card
from ...faces import faces
from ...requests import LIMITS, RequestError, _Cards, _is_int, _obj, check_names, check_rules, parse_json

from .kinds import KINDS, load_kinds
from .kit import rules_of

__all__ = [
    "question",
    "solution",
    "check",
    "use_club_names",
    "read_request",
    "check_question",
    "check_answer",
    "Request",
    "OPS",
    "VIEW_KEYS",
]

OPS = ("question", "check", "solution", "names")
#: what a question carries for the page only (made afresh by :func:`question`, never read back)
VIEW_KEYS = ("prompt", "show", "input", "faces")

load_kinds()  # every kind module of this package registers itself


def question(kind: str, seed: int, rules: dict) -> dict:
    """A practice question of ``kind`` for ``seed`` (the same seed always gives the same question)."""
    k = KINDS[kind]
    rule_set = rules_of(rules)
    q = k.make(random.Random(f"{kind}:{seed}"), rule_set)
    q.update(kind=kind, seed=seed, rules=rules)
    prompt, show, control = k.show(q, rule_set)
    q["faces"] = faces(sorted(_all_codes(q)))
    q.update(prompt=prompt, show=show, input={"control": k.control, **control})
    return q


def _all_codes(value: Any) -> set[str]:
    """Every card code inside a question's facts, for the page's card faces."""
    if isinstance(value, str):
        try:
            parse_card(value)
        except ValueError:
            return set()
        return {value}
    if isinstance(value, dict):
        return {c for k, v in value.items() if k not in ("rules", "players", "kind", *VIEW_KEYS) for c in _all_codes(v)}
    if isinstance(value, (list, tuple)):
        return {c for v in value for c in _all_codes(v)}
    return set()


def solution(q: dict) -> dict:
    """The worked answer: the expected answer and Finnish lines explaining it."""
    return KINDS[q["kind"]].solve(q, rules_of(q["rules"]))


def check(q: dict, answer: dict) -> dict:
    """Check the reader's answer: ``{"correct": bool, "message": Finnish explanation}``."""
    rules = rules_of(q["rules"])
    kind = KINDS[q["kind"]]
    correct, message = kind.check(q, answer or {}, rules, kind.solve(q, rules))
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
    from ...finnish import set_club_names

    try:
        set_club_names(table)
    except ValueError:
        raise RequestError("Kerhon nimissä on valmiin nimen kanssa ristiriitaisia taivutusmuotoja.") from None
    return len(table)


# -- requests -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """A checked request: ``op`` and either (kind, seed, rules), (question, answer) or ``names``
    (the club's player names: name → its singular case forms, the nominative first)."""

    op: str
    kind: str = ""
    seed: int = 0
    rules: dict | None = None
    question: dict | None = None
    answer: dict | None = None
    names: dict | None = None


def _kind(v: Any) -> str:
    if not isinstance(v, str) or v not in KINDS:
        raise RequestError("Harjoituksen laji (kind) on tuntematon; sallitut: " + ", ".join(KINDS) + ".")
    return v


def _seed(v: Any) -> int:
    if not _is_int(v) or not 0 <= v <= LIMITS["seed"]:
        raise RequestError(f"Siemenluvun (seed) pitää olla kokonaisluku 0–{LIMITS['seed']}.")
    return v


def check_question(q: Any):
    """Check a question sent back by the page (its facts, by the kind's field specs; what it
    carries for the page only is never read); return its rule set."""
    q = _obj(q, "Kysymyksen (question)")
    kind = _kind(q.get("kind"))
    _seed(q.get("seed"))
    rules = check_rules(q.get("rules"))
    cards = _Cards(rules)
    for field in KINDS[kind].question_fields:
        field.check(q, rules, cards)
    return rules


def check_answer(kind: str, a: Any) -> dict:
    """Check an answer sent by the page, by the kind's field specs."""
    a = {} if a is None else _obj(a, "Vastauksen (answer)")
    for field in KINDS[kind].answer_fields:
        field.check(a)
    return a


def read_request(text: Any) -> Request:
    """Parse and check one request; :class:`RequestError` (Finnish) when it cannot be answered.

    Only the club's names (``op: names``, once per engine start) may be longer than
    ``LIMITS["request_chars"]``.

    >>> read_request('{"op": "question", "kind": "pisteet", "seed": 1, "rules": {}}').seed
    1
    >>> read_request('{"op": "question", "kind": "pisteet", "seed": "1", "rules": {}}')
    Traceback (most recent call last):
    ...
    rommikirja.requests.RequestError: Siemenluvun (seed) pitää olla kokonaisluku 0–999999999.
    """
    req = _obj(parse_json(text, LIMITS["names_chars"]), "Pyynnön")
    op = req.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise RequestError("Pyynnön laji (op) on tuntematon; sallitut: " + ", ".join(OPS) + ".")
    if op == "names":
        return Request(op, names=check_names(req.get("names")))
    if len(text) > LIMITS["request_chars"]:
        raise RequestError("Pyyntö on liian pitkä.")
    if op == "question":
        kind, seed = _kind(req.get("kind")), _seed(req.get("seed"))
        rules = req.get("rules") or {}
        check_rules(rules)
        return Request(op, kind=kind, seed=seed, rules=rules)
    q = req.get("question")
    check_question(q)
    if op == "solution":
        return Request(op, kind=q["kind"], question=q)
    return Request(op, kind=q["kind"], question=q, answer=check_answer(q["kind"], req.get("answer")))
