"""Typed readers of the browser's requests: the page is untrusted, so every field is typed.

JSON text is read with bounds (:func:`parse_json`), card lists are bounded by the game's hand
sizes and must come from the rule set's deck, each card once (:class:`_Cards`), so that every
request is answered quickly; a refusal is a :class:`RequestError` whose message is a Finnish
sentence for the reader. The practice kinds' own field specs (``rommikirja.app.practice.fields``)
and Pelaa's state (:mod:`rommikirja.play_state`) are built from these readers.

>>> parse_json('{"seed": 1e999}')
Traceback (most recent call last):
...
rommikirja.requests.RequestError: Pyynnössä on liian suuri luku.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import Card, CardParseError, parse_card, standard_deck
from .rules import RuleSet, RuleSetError

__all__ = ["RequestError", "LIMITS", "parse_json", "check_rules", "check_names", "hand_limit"]

LIMITS = {
    "request_chars": 64_000,  # one request as text
    "seed": 999_999_999,  # largest seed
    "int_digits": 12,  # digits of any JSON number
    "name": 30,  # characters of a player's name
    "text": 300,  # characters of any other text
    "labels": 120,  # card labels sent back with a question
    "names": 1000,  # the club's own player names (scenarios/nimet.yaml)
    "name_form": 40,  # characters of one case form of a name
    "names_chars": 600_000,  # the club's names as one request (sent once per engine start):
    # 1,000 names of the longest forms fit
    "opening_work": 150_000,  # positions the Rommi 51 opening searches of one request may visit
}


class RequestError(ValueError):
    """A request the engine will not answer; the message is a Finnish sentence."""


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
        if abs(v) > 10**9:
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


def hand_limit(rules: RuleSet) -> int:
    """The longest hand the game has: the largest deal plus the card drawn."""
    return max(size for _, size in rules.hand_size) + 1


def _names(v: Any, least: int, most: int) -> list[str]:
    if not isinstance(v, list) or not least <= len(v) <= most:
        raise RequestError(f"Pelaajia (players) pitää olla {least}–{most}.")
    for name in v:
        _text(name, "Pelaajan nimen", LIMITS["name"])
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
        if (
            not isinstance(forms, list)
            or len(forms) != len(SINGULAR_CASES)
            or forms[0] != name
            or not all(isinstance(f, str) and 0 < len(f) <= LIMITS["name_form"] for f in forms)
        ):
            raise RequestError(
                f"Nimen {name[: LIMITS['name']]} taivutusmuotoja pitää olla {len(SINGULAR_CASES)}, perusmuoto ensin."
            )
        table[name] = tuple(forms)
    return table
