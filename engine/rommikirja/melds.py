"""Melds: groups (3–4 of a rank, all suits different) and runs (3+ consecutive of one suit).

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.rules import RuleSet
>>> Meld.from_cards(parse_cards("6D 8D 7D"), RuleSet()).codes
('6D', '7D', '8D')
>>> Meld.from_cards(parse_cards("5S 7S 8S"), RuleSet())
Traceback (most recent call last):
  ...
rommikirja.errors.InvalidMeld: Suorassa ei saa olla aukkoa: välistä puuttuu patakuutonen.
>>> check_meld(parse_cards("QH KH AH"), RuleSet()).code
'ace_high'
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable, Sequence

from .cards import ACE, KING, Card
from .errors import InvalidMeld
from .finnish import card_name, cards_text, number_word, suit_name
from .rules import RuleSet

__all__ = ["Meld", "MeldKind", "check_meld", "run_positions"]


class MeldKind(Enum):
    GROUP = "group"
    RUN = "run"

    @property
    def finnish(self) -> str:
        return "ryhmä" if self is MeldKind.GROUP else "suora"


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld; runs keep their cards in order from low to high."""

    kind: MeldKind
    cards: tuple[Card, ...]

    @classmethod
    def from_cards(cls, cards: Iterable[Card], rules: RuleSet) -> "Meld":
        """Validate ``cards`` as a meld under ``rules``; raise :class:`InvalidMeld` if not."""
        cards = tuple(cards)
        kind, ordered = _classify(cards, rules)
        return cls(kind, ordered)

    def extended(self, cards: Iterable[Card], rules: RuleSet) -> "Meld":
        """This meld with ``cards`` laid off onto it, or :class:`InvalidMeld` with the reason.

        >>> from rommikirja.cards import parse_cards
        >>> run = Meld.from_cards(parse_cards("6D 7D 8D"), RuleSet())
        >>> run.extended(parse_cards("9D 10D"), RuleSet()).codes
        ('6D', '7D', '8D', '9D', '10D')
        >>> run.extended(parse_cards("10D"), RuleSet())
        Traceback (most recent call last):
          ...
        rommikirja.errors.InvalidMeld: Ruutukymppiä ei voi lisätä yhdistelmään ruutukuutonen, ruutuseiska ja ruutukasi: välistä puuttuisi ruutuysi.
        """
        cards = tuple(cards)
        try:
            kind, ordered = _classify(self.cards + cards, rules, adding=True)
        except InvalidMeld as err:
            what = cards_text(cards, "part")
            raise InvalidMeld(
                "not_extending",
                f"{what[0].upper()}{what[1:]} ei voi lisätä yhdistelmään {self.text}: "
                f"{err.detail}.") from None
        return Meld(kind, ordered)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)

    @property
    def text(self) -> str:
        """The cards as a Finnish list, e.g. *ruutukuutonen, ruutuseiska ja ruutukasi*."""
        return cards_text(self.cards)

    def __len__(self) -> int:
        return len(self.cards)


def check_meld(cards: Sequence[Card], rules: RuleSet) -> InvalidMeld | None:
    """``None`` when ``cards`` form a valid meld, else the :class:`InvalidMeld` explaining why."""
    try:
        _classify(tuple(cards), rules)
    except InvalidMeld as err:
        return err
    return None


def run_positions(cards: Sequence[Card], rules: RuleSet) -> list[int] | None:
    """Positions (1–14) that make same-suit ``cards`` one gapless run, or ``None``.

    >>> from rommikirja.cards import parse_cards
    >>> run_positions(parse_cards("KH AH QH"), RuleSet(ace="high_or_low"))
    [12, 13, 14]
    """
    ranks = sorted(c.rank for c in cards)
    if _consecutive(ranks):
        return ranks
    if rules.ace == "round_the_corner" and len(set(ranks)) == len(ranks) <= 13:
        # rotate so the run starts right after the one gap in the circle K-A
        for start in ranks:
            rotated = sorted((r - start) % 13 for r in ranks)
            if _consecutive(rotated):
                return [start + off for off in rotated]
        return None
    if rules.ace == "high_or_low" and ACE in ranks:
        high = sorted(14 if r == ACE else r for r in ranks)
        if ranks.count(ACE) == 1 and _consecutive(high):
            return high
    return None


def _consecutive(values: Sequence[int]) -> bool:
    return all(b == a + 1 for a, b in zip(values, values[1:]))


def _Reason(code: str, detail: str) -> InvalidMeld:
    """An InvalidMeld whose message is a short detail phrase made into a sentence."""
    return InvalidMeld(code, detail[0].upper() + detail[1:] + ".", detail)


def _classify(cards: tuple[Card, ...], rules: RuleSet,
              adding: bool = False) -> tuple[MeldKind, tuple[Card, ...]]:
    n = len(cards)
    if len(set(cards)) != n:
        dup = next(c for c in cards if cards.count(c) > 1)
        raise _Reason("duplicate", f"sama kortti ({card_name(dup)}) on mukana kahdesti")
    if n < 3:
        raise _Reason("too_short", f"yhdistelmässä on oltava vähintään kolme korttia, "
                                   f"tässä on {number_word(n)}")
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(ranks) == 1:
        if n > 4:
            raise _Reason("group_too_big", "samanarvoisten ryhmässä on enintään neljä korttia")
        if len(suits) != n:
            suit = next(s for s in suits if sum(c.suit is s for c in cards) > 1)
            pair = [c for c in cards if c.suit is suit][:2]
            raise _Reason("group_same_suit", f"ryhmän korttien on oltava eri maita, mutta "
                                             f"{cards_text(pair)} ovat kumpikin {suit_name(suit, 'part')}")
        return MeldKind.GROUP, tuple(sorted(cards, key=lambda c: c.sort_key))
    if len(suits) > 1:
        if len(ranks) == n and run_positions(cards, rules) is not None:
            raise _Reason("mixed_suits", "arvot ovat peräkkäin, mutta suoran korttien on oltava "
                                         "samaa maata (pelkkä sama väri ei riitä)")
        raise _Reason("mixed", "kortit eivät ole samanarvoisia eivätkä samaa maata")
    positions = run_positions(cards, rules)
    if positions is None:
        raise _run_failure(cards, rules, adding)
    return MeldKind.RUN, tuple(sorted(cards, key=lambda c: _position(c, positions)))


def _position(card: Card, positions: list[int]) -> int:
    """Where the card stands in the run (positions above 13 go round the corner)."""
    for pos in positions:
        if (pos - 1) % 13 + 1 == card.rank:
            return pos
    return card.rank


def _run_failure(cards: tuple[Card, ...], rules: RuleSet, adding: bool) -> InvalidMeld:
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) != len(ranks):
        return _Reason("duplicate_rank", "suorassa sama arvo ei voi olla kahdesti")
    suit = cards[0].suit
    if ACE in ranks:
        high = sorted(14 if r == ACE else r for r in ranks)
        if _consecutive(high) and rules.ace == "low":
            return _Reason("ace_high", "ässä on tässä pelissä pieni: se käy vain suoran "
                                       "alapäähän (A-2-3), ei kuninkaan yläpuolelle")
        if KING in ranks and _wraps(ranks) and rules.ace != "round_the_corner":
            return _Reason("wrap", "suora ei saa kiertää kulman ympäri (K-A-2)")
    missing = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
    missing_cards = [Card(r, suit) for r in missing]
    verb = "puuttuisi" if adding else "puuttuu"
    return _Reason("gap", f"{'suorassa ei saa olla aukkoa: ' if not adding else ''}"
                          f"välistä {verb} {cards_text(missing_cards)}")


def _wraps(ranks: list[int]) -> bool:
    """Whether ranks form a run only when going round the corner (…Q-K-A-2…)."""
    return any(_consecutive(sorted((r - start) % 13 for r in ranks)) for start in range(13))


def waiting_cards(cards: Sequence[Card], rules: RuleSet) -> list[Card]:
    """Cards of one deck that would turn ``cards`` into a valid meld with one more card.

    >>> from rommikirja.cards import parse_cards
    >>> [c.code for c in waiting_cards(parse_cards("5S 6S"), RuleSet())]
    ['4S', '7S']
    >>> [c.code for c in waiting_cards(parse_cards("5S 7S"), RuleSet())]
    ['6S']
    >>> [c.code for c in waiting_cards(parse_cards("AS 2S"), RuleSet())]
    ['3S']
    """
    from .cards import standard_deck
    have = set(cards)
    return [c for c in standard_deck() if c not in have and check_meld((*cards, c), rules) is None]
