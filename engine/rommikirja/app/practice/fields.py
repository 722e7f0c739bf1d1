"""Declarative field specs of the practice kinds: how a question or an answer sent back by the
(untrusted) page is read, field by field, each refusal a Finnish sentence. A kind lists its fields
(``PracticeKind.question_fields`` / ``answer_fields``); :mod:`.api` runs them in order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Union

from ...cards import standard_deck
from ...melds import check_meld
from ...requests import LIMITS, RequestError, _bool, _Cards, _codes, _index, _is_int, _names, _points, _text, hand_limit
from ...rules import RuleSet

__all__ = [
    "Field",
    "QCards",
    "Players",
    "Player",
    "Hands",
    "Flag",
    "Flags",
    "Table",
    "Text",
    "Count",
    "Points",
    "CardList",
    "MeldList",
    "OneOf",
]

Most = Union[int, Callable[[RuleSet], int]]


def _most(most: Most, rules: RuleSet) -> int:
    return most(rules) if callable(most) else most


@dataclass(frozen=True)
class Field:
    """One field: ``key`` in the object, ``what`` its Finnish name in messages; an ``optional``
    field may be missing (or, in an answer, null)."""

    key: str
    what: str = ""
    optional: bool = False

    def check(self, obj: dict, rules: RuleSet | None = None, cards: _Cards | None = None) -> None:
        if self.optional and self.key not in obj:
            return
        self.read(obj.get(self.key), obj, rules, cards)

    def read(self, v: Any, obj: dict, rules: Any, cards: Any) -> None:  # pragma: no cover
        raise NotImplementedError


# -- question fields --------------------------------------------------------------------------


@dataclass(frozen=True)
class QCards(Field):
    """A list of the rule set's cards, each once in the whole question."""

    most: Most = 16
    least: int = 0
    jokers: bool = True

    def read(self, v, obj, rules, cards):
        cards.take(v, self.what, _most(self.most, rules), self.least, jokers=self.jokers)


@dataclass(frozen=True)
class Players(Field):
    """The players' names (``least``–``most`` of them)."""

    least: int = 2
    most: int = 6

    def read(self, v, obj, rules, cards):
        _names(v, self.least, self.most)


@dataclass(frozen=True)
class Player(Field):
    """A player's number, 0 to the number of ``players`` − 1 (read after :class:`Players`)."""

    def read(self, v, obj, rules, cards):
        _index(v, len(obj["players"]), self.what)


@dataclass(frozen=True)
class Hands(Field):
    """One hand of the rule set's cards per player."""

    def read(self, v, obj, rules, cards):
        if not isinstance(v, list) or len(v) != len(obj["players"]):
            raise RequestError("Käsiä (hands) pitää olla yksi pelaajaa kohden.")
        for h in v:
            cards.take(h, self.what, hand_limit(rules))


@dataclass(frozen=True)
class Flag(Field):
    """true or false."""

    def read(self, v, obj, rules, cards):
        _bool(v, self.what)


@dataclass(frozen=True)
class Flags(Field):
    """true or false for each player; required when ``required(rules)``."""

    required: Callable[[RuleSet], bool] = lambda rules: False

    def check(self, obj, rules=None, cards=None):
        if self.key in obj or self.required(rules):
            v = obj.get(self.key)
            if not isinstance(v, list) or len(v) != len(obj["players"]) or not all(isinstance(x, bool) for x in v):
                raise RequestError(f"{self.what} pitää olla true/false jokaiselle pelaajalle.")


@dataclass(frozen=True)
class Table(Field):
    """Melds on the table: 1–``most`` of them, each valid under the rule set."""

    most: int = 8

    def read(self, v, obj, rules, cards):
        if not isinstance(v, list) or not 1 <= len(v) <= self.most:
            raise RequestError(f"{self.what} pitää olla 1–{self.most} yhdistelmää.")
        for m in v:
            meld = cards.take(m, "Pöydän yhdistelmä", 16, 3)
            if check_meld(meld, rules) is not None:
                raise RequestError("Pöydän yhdistelmä ei kelpaa näillä säännöillä.")


@dataclass(frozen=True)
class Text(Field):
    """A short text."""

    def read(self, v, obj, rules, cards):
        _text(v, self.what, LIMITS["text"])


@dataclass(frozen=True)
class Count(Field):
    """A whole number 0–``most`` (a pile's size: at most the rule set's deck by default)."""

    most: Most = lambda rules: len(standard_deck(rules.decks, rules.jokers))  # noqa: E731

    def read(self, v, obj, rules, cards):
        most = _most(self.most, rules)
        if not _is_int(v) or not 0 <= v <= most:
            raise RequestError(f"{self.what} pitää olla kokonaisluku 0–{most}.")


# -- answer fields ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Points(Field):
    """A whole number as typed (a number or a short text; the kind reads it)."""

    def check(self, obj, rules=None, cards=None):
        _points(obj.get(self.key), self.what)


@dataclass(frozen=True)
class CardList(Field):
    """Cards chosen by the reader (at most ``most``)."""

    most: int = 20

    def read(self, v, obj, rules, cards):
        _codes(v, self.what, self.most)


@dataclass(frozen=True)
class MeldList(Field):
    """Melds made by the reader: at most ``most`` card lists of at most ``most`` cards."""

    most: int = 11

    def check(self, obj, rules=None, cards=None):
        melds = obj.get(self.key, [])
        if not isinstance(melds, list) or len(melds) > self.most:
            raise RequestError(f"{self.what} pitää olla enintään {self.most} korttiluettelon luettelo.")
        for m in melds:
            _codes(m, "Yhdistelmä", self.most)


@dataclass(frozen=True)
class OneOf(Field):
    """One of ``values`` (or missing, null or empty: the kind asks for it)."""

    values: tuple = ()
    message: str = ""

    def check(self, obj, rules=None, cards=None):
        if obj.get(self.key) not in (None, "", *self.values):
            raise RequestError(self.message)
