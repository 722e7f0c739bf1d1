"""Checking the practice widgets' requests: the page is untrusted, so every field is typed.

:func:`read_request` turns request text into a checked :class:`Request` or raises
:class:`RequestError`, whose message is a Finnish sentence for the reader. Card lists are
bounded by the game's hand sizes and must come from the rule set's deck, each card once,
so that every request is answered quickly.

>>> read_request('{"op": "question", "kind": "pisteet", "seed": 1, "rules": {}}').seed
1
>>> read_request('{"op": "question", "kind": "pisteet", "seed": "1", "rules": {}}')
Traceback (most recent call last):
...
rommikirja.requests.RequestError: Siemenluvun (seed) pitää olla kokonaisluku 0–999999999.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from .cards import Card, CardParseError, parse_card, standard_deck
from .melds import check_meld
from .rules import RuleSet, RuleSetError

__all__ = ["RequestError", "Request", "read_request", "LIMITS", "check_question", "check_answer"]

LIMITS = {
    "request_chars": 64_000,     # one request as text
    "seed": 999_999_999,         # largest seed
    "int_digits": 12,            # digits of any JSON number
    "name": 30,                  # characters of a player's name
    "text": 300,                 # characters of any other text
    "labels": 120,               # card labels sent back with a question
    "names": 1000,               # the club's own player names (scenarios/nimet.yaml)
    "name_form": 40,             # characters of one case form of a name
    "names_chars": 600_000,      # the club's names as one request (sent once per engine start):
                                 # 1,000 names of the longest forms fit
    "opening_work": 150_000,     # positions the Rommi 51 opening searches of one request may visit
}

OPS = ("question", "check", "solution", "names")


class RequestError(ValueError):
    """A request the engine will not answer; the message is a Finnish sentence."""


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


# ---------------------------------------------------------------------------------------------
# JSON

def _no_constant(name: str) -> Any:
    raise RequestError("Pyynnössä on luku, jota ei voi käyttää (NaN tai ääretön).")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > LIMITS["int_digits"]:
        raise RequestError("Pyynnössä on liian suuri luku.")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise RequestError("Pyynnössä on liian suuri luku.")
    return value


def parse_json(text: Any, limit: int | None = None) -> Any:
    """JSON text (at most ``limit`` characters, by default ``LIMITS["request_chars"]``) as values."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RequestError("Pyyntö ei ole UTF-8-tekstiä.") from None
    if not isinstance(text, str):
        raise RequestError("Pyynnön pitää olla JSON-tekstiä.")
    if len(text) > (LIMITS["request_chars"] if limit is None else limit):
        raise RequestError("Pyyntö on liian pitkä.")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_no_constant)
    except RequestError:
        raise
    except RecursionError:
        raise RequestError("Pyyntö on liian syvästi sisäkkäinen.") from None
    except (ValueError, TypeError):
        raise RequestError("Pyyntö ei ole kelvollista JSONia.") from None


# ---------------------------------------------------------------------------------------------
# small typed readers

def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _obj(v: Any, what: str) -> dict:
    if not isinstance(v, dict):
        raise RequestError(f"{what} pitää olla JSON-olio.")
    return v


def _index(v: Any, n: int, what: str) -> int:
    if not _is_int(v) or not 0 <= v < n:
        raise RequestError(f"{what} pitää olla pelaajan numero 0–{n - 1}.")
    return v


def _text(v: Any, what: str, limit: int = LIMITS["text"]) -> str:
    if not isinstance(v, str) or len(v) > limit:
        raise RequestError(f"{what} pitää olla teksti (enintään {limit} merkkiä).")
    return v


def _bool(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise RequestError(f"{what} pitää olla true tai false.")
    return v


def _codes(v: Any, what: str, most: int, least: int = 0) -> list[Card]:
    if not isinstance(v, list) or not least <= len(v) <= most:
        raise RequestError(f"{what} pitää olla {least}–{most} kortin luettelo.")
    out = []
    for code in v:
        if not isinstance(code, str) or len(code) > 8:
            raise RequestError(f"{what}: kortit merkitään lyhyinä teksteinä, esim. ”7H”.")
        try:
            out.append(parse_card(code))
        except CardParseError:
            raise RequestError(f"{what}: ”{code}” ei ole kortti.") from None
    return out


def _points(v: Any, what: str) -> None:
    if v is None:
        return
    if _is_int(v):
        if abs(v) > 10 ** 9:
            raise RequestError(f"{what} on liian suuri luku.")
        return
    if not isinstance(v, str) or len(v) > 12:
        raise RequestError(f"{what} pitää olla kokonaisluku.")


# ---------------------------------------------------------------------------------------------
# questions

class _Cards:
    """Collects a question's cards: each from the rule set's deck, each once."""

    def __init__(self, rules: RuleSet) -> None:
        self.deck = set(standard_deck(rules.decks, rules.jokers))
        self.seen: set[Card] = set()

    def take(self, v: Any, what: str, most: int, least: int = 0, jokers: bool = True) -> list[Card]:
        cards = _codes(v, what, most, least)
        for c in cards:
            if c not in self.deck:
                raise RequestError(f"{what}: korttia {c.code} ei ole tämän pelin pakassa.")
            if not jokers and c.is_joker:
                raise RequestError(f"{what}: jokeri ei kuulu tähän harjoitukseen.")
            if c in self.seen:
                raise RequestError(f"{what}: kortti {c.code} on kysymyksessä kahdesti.")
            self.seen.add(c)
        return cards


def _hand_limit(rules: RuleSet) -> int:
    """The longest hand the game has: the largest deal plus the card drawn."""
    return max(size for _, size in rules.hand_size) + 1


def _names(v: Any, least: int, most: int) -> list[str]:
    if not isinstance(v, list) or not least <= len(v) <= most:
        raise RequestError(f"Pelaajia (players) pitää olla {least}–{most}.")
    for name in v:
        _text(name, "Pelaajan nimen", LIMITS["name"])
    return v


def _q_pisteet(q: dict, rules: RuleSet, cards: _Cards) -> None:
    names = _names(q.get("players"), 2, 6)
    n = len(names)
    _index(q.get("winner"), n, "Voittajan (winner)")
    _index(q.get("ask"), n, "Kysytyn pelaajan (ask)")
    hands = q.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise RequestError("Käsiä (hands) pitää olla yksi pelaajaa kohden.")
    for h in hands:
        cards.take(h, "Käsi", _hand_limit(rules))
    if "rummy" in q:
        _bool(q["rummy"], "Rommi (rummy)")
    if "opened" in q or rules.scoring == "penalty":
        opened = q.get("opened")
        if not isinstance(opened, list) or len(opened) != n or not all(isinstance(x, bool) for x in opened):
            raise RequestError("Avanneet (opened) pitää olla true/false jokaiselle pelaajalle.")


def _q_kelpaako(q: dict, rules: RuleSet, cards: _Cards) -> None:
    cards.take(q.get("cards"), "Kortit", 16, 1)


def _q_lisaa(q: dict, rules: RuleSet, cards: _Cards) -> None:
    table = q.get("table")
    if not isinstance(table, list) or not 1 <= len(table) <= 8:
        raise RequestError("Pöydässä (table) pitää olla 1–8 yhdistelmää.")
    for m in table:
        meld = cards.take(m, "Pöydän yhdistelmä", 16, 3)
        if check_meld(meld, rules) is not None:
            raise RequestError("Pöydän yhdistelmä ei kelpaa näillä säännöillä.")
    cards.take(q.get("hand"), "Käsi", _hand_limit(rules), 1)


def _q_jarjesta(q: dict, rules: RuleSet, cards: _Cards) -> None:
    cards.take(q.get("hand"), "Käsi", 11, 1, jokers=False)


def _q_koputus(q: dict, rules: RuleSet, cards: _Cards) -> None:
    cards.take(q.get("knocker"), "Koputtajan käsi", 11, 1, jokers=False)
    cards.take(q.get("defender"), "Puolustajan käsi", 11, 1, jokers=False)
    _names(q.get("players"), 2, 2)


def _q_nostopakka(q: dict, rules: RuleSet, cards: _Cards) -> None:
    cards.take(q.get("discard"), "Poistopakka", 10, 1)
    if "rule" in q:
        _text(q["rule"], "Sääntöteksti (rule)")


def _q_avaus(q: dict, rules: RuleSet, cards: _Cards) -> None:
    cards.take(q.get("hand"), "Käsi", min(_hand_limit(rules), 16), 1)


QUESTION_CHECKS: dict[str, Callable[[dict, RuleSet, _Cards], None]] = {
    "pisteet": _q_pisteet,
    "kelpaako": _q_kelpaako,
    "lisaa": _q_lisaa,
    "jarjesta": _q_jarjesta,
    "koputus": _q_koputus,
    "nostopakka": _q_nostopakka,
    "avaus": _q_avaus,
}


def _kind(v: Any) -> str:
    if not isinstance(v, str) or v not in QUESTION_CHECKS:
        raise RequestError("Harjoituksen laji (kind) on tuntematon; sallitut: "
                           + ", ".join(QUESTION_CHECKS) + ".")
    return v


def _seed(v: Any) -> int:
    if not _is_int(v) or not 0 <= v <= LIMITS["seed"]:
        raise RequestError(f"Siemenluvun (seed) pitää olla kokonaisluku 0–{LIMITS['seed']}.")
    return v


def check_rules(v: Any) -> RuleSet:
    """The rule set a request names (an object of options), checked by the engine."""
    if v is None:
        v = {}
    if not isinstance(v, dict):
        raise RequestError("Säännöt (rules) pitää olla JSON-olio.")
    try:
        return RuleSet.from_mapping(v)
    except RuleSetError as err:
        raise RequestError(f"Säännöissä on virhe: {err}.") from None


def check_question(q: Any) -> RuleSet:
    """Check a question sent back by the page; return its rule set."""
    q = _obj(q, "Kysymyksen (question)")
    kind = _kind(q.get("kind"))
    _seed(q.get("seed"))
    rules = check_rules(q.get("rules"))
    labels = q.get("labels", {})
    if not isinstance(labels, dict) or len(labels) > LIMITS["labels"] or \
            not all(isinstance(k, str) and isinstance(v, str) and len(v) <= LIMITS["text"]
                    for k, v in labels.items()):
        raise RequestError("Korttien nimet (labels) ovat väärää muotoa.")
    QUESTION_CHECKS[kind](q, rules, _Cards(rules))
    return rules


# ---------------------------------------------------------------------------------------------
# answers

def _a_pisteet(a: dict) -> None:
    _points(a.get("points"), "Pisteet (points)")


def _a_kelpaako(a: dict) -> None:
    if "valid" in a:
        _bool(a["valid"], "Vastauksen (valid)")


def _a_cards(a: dict, key: str = "cards") -> None:
    if key in a:
        _codes(a[key], "Valitut kortit", 20)


def _a_jarjesta(a: dict) -> None:
    melds = a.get("melds", [])
    if not isinstance(melds, list) or len(melds) > 11:
        raise RequestError("Yhdistelmät (melds) pitää olla enintään 11 korttiluettelon luettelo.")
    for m in melds:
        _codes(m, "Yhdistelmä", 11)


def _a_koputus(a: dict) -> None:
    if a.get("scorer") not in (None, "", "knocker", "defender"):
        raise RequestError("Pisteiden saajan (scorer) pitää olla knocker tai defender.")
    _points(a.get("points"), "Pisteet (points)")


ANSWER_CHECKS: dict[str, Callable[[dict], None]] = {
    "pisteet": _a_pisteet,
    "kelpaako": _a_kelpaako,
    "lisaa": _a_cards,
    "jarjesta": _a_jarjesta,
    "koputus": _a_koputus,
    "nostopakka": lambda a: _a_cards(a, "order"),
    "avaus": _a_cards,
}


def check_answer(kind: str, a: Any) -> dict:
    a = {} if a is None else _obj(a, "Vastauksen (answer)")
    ANSWER_CHECKS[kind](a)
    return a


# ---------------------------------------------------------------------------------------------

def check_names(v: Any) -> dict[str, tuple[str, ...]]:
    """The club's names as the build wrote them (``data/names.json``): name → its singular forms.

    >>> check_names({"Kalle": ["Kalle", "Kallen"]})
    Traceback (most recent call last):
    ...
    rommikirja.requests.RequestError: Nimen Kalle taivutusmuotoja pitää olla 11, perusmuoto ensin.
    """
    from .finnish import SINGULAR_CASES
    if not isinstance(v, dict) or len(v) > LIMITS["names"]:
        raise RequestError(f"Nimet (names) pitää olla JSON-olio, jossa on enintään {LIMITS['names']} nimeä.")
    table: dict[str, tuple[str, ...]] = {}
    for name, forms in v.items():
        if not 0 < len(name) <= LIMITS["name"]:
            raise RequestError(f"Nimi saa olla enintään {LIMITS['name']} merkkiä.")
        if not isinstance(forms, list) or len(forms) != len(SINGULAR_CASES) or forms[0] != name or \
                not all(isinstance(f, str) and 0 < len(f) <= LIMITS["name_form"] for f in forms):
            raise RequestError(f"Nimen {name[:LIMITS['name']]} taivutusmuotoja pitää olla "
                               f"{len(SINGULAR_CASES)}, perusmuoto ensin.")
        table[name] = tuple(forms)
    return table


def read_request(text: Any) -> Request:
    """Parse and check one request; :class:`RequestError` (Finnish) when it cannot be answered.

    Only the club's names (``op: names``, once per engine start) may be longer than
    ``LIMITS["request_chars"]``.
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
