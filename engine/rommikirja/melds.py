"""Melds: groups (3–4 of a rank, all suits different) and runs (3+ consecutive of one suit).

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.rules import RuleSet
>>> Meld.from_cards(parse_cards("6D 8D 7D"), RuleSet()).codes
('6D', '7D', '8D')
>>> Meld.from_cards(parse_cards("5S 7S 8S"), RuleSet())
Traceback (most recent call last):
  ...
rommikirja.errors.InvalidMeld: Suorasta puuttuu välistä patakuutonen.
>>> err = check_meld(parse_cards("QH KH AH"), RuleSet())
>>> err.code, err.code == "ace_high", err.code.topic
(<Refusal.ACE_HIGH: 'ace_high'>, True, <Topic.MELD: 'meld'>)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter
from typing import Iterable, Sequence

from .codes import (
    ACE_HIGH,
    DUPLICATE,
    DUPLICATE_RANK,
    GAP,
    GROUP_SAME_SUIT,
    GROUP_TOO_BIG,
    JOKER_IN_PLACE,
    MIXED,
    MIXED_SUITS,
    NOT_EXTENDING,
    TOO_FEW_NATURALS,
    TOO_MANY_JOKERS,
    TOO_SHORT,
    WRAP,
)
from .cards import ACE, KING, NATURAL_BITS, SUITS, Card, stand_in
from .errors import InvalidMeld
from .finnish import capitalize, card_name, cards_text, count, number_word, rank_name, suit_name
from .rules import RuleSet

__all__ = [
    "Meld",
    "MeldKind",
    "as_meld",
    "check_meld",
    "counted_faces",
    "holds",
    "run_positions",
    "meld_points",
    "waiting_cards",
    "opening_card_points",
    "PICTURE_POINTS",
    "ACE_LOW_POINTS",
    "ACE_HIGH_POINTS",
]


class MeldKind(Enum):
    GROUP = "group"
    RUN = "run"

    @property
    def finnish(self) -> str:
        return "ryhmä" if self is MeldKind.GROUP else "suora"


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld; runs keep their cards in order from low to high.

    ``jokers`` names the card each joker stands for, as (joker, card) pairs.

    >>> from rommikirja.cards import parse_cards
    >>> m = Meld.from_cards(parse_cards("7H JK 9H"), RuleSet(jokers=4, decks=2))
    >>> m.codes, [(j.code, c.code) for j, c in m.jokers]
    (('7H', 'JK', '9H'), [('JK', '8H')])
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    jokers: tuple[tuple[Card, Card], ...] = ()
    #: The move generator's lay-off filter, computed when first asked (not part of the value):
    #: see :func:`rommikirja.meld_moves._attach_mask`.
    _attach: int = field(default=-1, init=False, repr=False, compare=False)

    @classmethod
    def from_cards(cls, cards: Iterable[Card], rules: RuleSet, jokers: Iterable[tuple[Card, Card]] = ()) -> "Meld":
        """Validate ``cards`` as a meld under ``rules``; raise :class:`InvalidMeld` if not.

        A joker stands for the card given in ``jokers``; otherwise the engine names it: the
        card missing from a gap, then the next card above the run (below if there is none
        above), or the first missing suit of a group.
        """
        cards = tuple(cards)
        if not jokers:
            quick = _natural_meld(cards, rules)
            if quick is not None:
                return quick
        kind, ordered, assigned = _classify(cards, rules, fixed=tuple(jokers))
        return cls(kind, ordered, assigned)

    def stands_for(self, card: Card) -> Card:
        """The card a joker in this meld represents (a natural card represents itself)."""
        for j, c in self.jokers:
            if j == card:
                return c
        return card

    def extended(self, cards: Iterable[Card], rules: RuleSet, jokers: Iterable[tuple[Card, Card]] = ()) -> "Meld":
        """This meld with ``cards`` laid off onto it, or :class:`InvalidMeld` with the reason.

        >>> from rommikirja.cards import parse_cards
        >>> run = Meld.from_cards(parse_cards("6D 7D 8D"), RuleSet())
        >>> run.extended(parse_cards("9D 10D"), RuleSet()).codes
        ('6D', '7D', '8D', '9D', '10D')
        >>> run.extended(parse_cards("10D"), RuleSet())
        Traceback (most recent call last):
          ...
        rommikirja.errors.InvalidMeld: Pelaaja ei voi lisätä ruutukymppiä yhdistelmään (ruutukuutonen, ruutuseiska ja ruutukasi), koska välistä puuttuisi ruutuysi.
        """
        cards = tuple(cards)
        if not self.jokers and not jokers:
            # natural cards onto a meld without jokers: classified like a new meld of them all
            quick = _natural_meld(self.cards + cards, rules)
            if quick is not None:
                return quick
        for joker, stands in self.jokers:
            if any(c.rank == stands.rank and c.suit is stands.suit for c in cards):

                def detail(stands=stands) -> str:
                    return f"jokeri on jo {card_name(stands, 'gen')} paikalla, eikä jokeria vaihdeta pois"

                raise InvalidMeld(
                    JOKER_IN_PLACE, lambda who: self._lay_off_text(who, cards, detail()), detail, names_move=True
                )
        try:
            kind, ordered, assigned = _classify(
                self.cards + cards, rules, adding=True, fixed=self.jokers + tuple(jokers)
            )
        except InvalidMeld as err:
            inner = err
            mismatch = self._mismatch(cards)

            def why() -> str:
                return mismatch or inner.detail

            raise InvalidMeld(
                NOT_EXTENDING, lambda who: self._lay_off_text(who, cards, why()), why, names_move=True
            ) from None
        return Meld(kind, ordered, assigned)

    def _mismatch(self, cards: tuple[Card, ...]) -> str | None:
        """Why ``cards`` cannot join this meld when some are not of the run's suit or the group's rank.

        >>> from rommikirja.cards import parse_cards
        >>> run = Meld.from_cards(parse_cards("8S 9S 10S"), RuleSet())
        >>> run._mismatch(parse_cards("9C"))
        'ristiysi ei ole samaa maata kuin suora (pata)'
        >>> Meld.from_cards(parse_cards("8S 8H 8D"), RuleSet())._mismatch(parse_cards("9C 7C"))
        'ristiysi ja ristiseiska eivät ole samanarvoisia kuin ryhmän kortit (kaseja)'
        """
        natural = [c for c in self.cards if not c.is_joker]
        new = [c for c in cards if not c.is_joker]
        if not natural or not new:
            return None
        first = natural[0]
        if self.kind is MeldKind.RUN:
            bad = [c for c in new if c.suit is not first.suit]
            what = f"samaa maata kuin suora ({suit_name(first.suit)})"
        else:
            bad = [c for c in new if c.rank != first.rank]
            what = f"{'samanarvoinen' if len(bad) == 1 else 'samanarvoisia'} kuin ryhmän kortit ({rank_name(first.rank, 'pl_part')})"
        if not bad:
            return None
        return f"{cards_text(tuple(bad))} {'ei ole' if len(bad) == 1 else 'eivät ole'} {what}"

    def _lay_off_text(self, who: str, cards: tuple[Card, ...], detail: str) -> str:
        return f"{who} ei voi lisätä {cards_text(cards, 'part')} yhdistelmään ({self.text}), koska {detail}."

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)

    @property
    def text(self) -> str:
        """The cards as a Finnish list, e.g. *ruutukuutonen, ruutuseiska ja ruutukasi*; a joker
        says what it stands for (*jokeri ruutukasina*)."""
        if not self.jokers:
            return cards_text(self.cards)
        from .finnish import join_list

        return join_list(
            [card_name(c) + (f" {card_name(self.stands_for(c), 'ess')}" if c.is_joker else "") for c in self.cards]
        )

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __getitem__(self, index):
        return self.cards[index]


def holds(cards: Sequence[Card], card: Card) -> bool:
    """``card in cards``, asking the same object first (cards taken from a hand are those objects).

    >>> from rommikirja.cards import parse_cards
    >>> hand = list(parse_cards("7H 8H"))
    >>> holds(hand, hand[1]), holds(hand, parse_cards("8H")[0]), holds(hand, parse_cards("9H")[0])
    (True, True, False)
    """
    for c in cards:
        if c is card:
            return True
    return card in cards


def as_meld(cards: Sequence[Card], rules: RuleSet) -> "Meld | None":
    """The meld ``cards`` form under ``rules``, or ``None`` when they form none.

    >>> from rommikirja.cards import parse_cards
    >>> as_meld(parse_cards("8D 6D 7D"), RuleSet()).codes, as_meld(parse_cards("6D 8D 9D"), RuleSet())
    (('6D', '7D', '8D'), None)
    """
    try:
        return Meld.from_cards(cards, rules)
    except InvalidMeld:
        return None


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


def _Reason(code: str, detail) -> InvalidMeld:
    """An InvalidMeld whose message is a short detail phrase made into a sentence.

    ``detail`` may be a function returning the phrase: it is called only when shown.
    """
    if isinstance(detail, str):
        return InvalidMeld(code, capitalize(detail) + ".", detail)
    return InvalidMeld(code, lambda who: capitalize(detail()) + ".", detail)


def _classify(
    cards: tuple[Card, ...], rules: RuleSet, adding: bool = False, fixed: tuple[tuple[Card, Card], ...] = ()
) -> tuple[MeldKind, tuple[Card, ...], tuple[tuple[Card, Card], ...]]:
    if not any(c.is_joker for c in cards):
        kind, ordered = _classify_natural(cards, rules, adding)
        return kind, ordered, ()
    return _classify_jokers(cards, rules, adding, dict(fixed))


def joker_limit_text(limit: int) -> str:
    """``max_jokers_per_meld`` as a reason phrase (it follows *koska*).

    >>> joker_limit_text(0), joker_limit_text(1), joker_limit_text(2)
    ('tässä pelissä jokereita ei käytetä yhdistelmissä', 'yhdessä yhdistelmässä saa olla enintään yksi jokeri', 'yhdessä yhdistelmässä saa olla enintään kaksi jokeria')
    """
    if limit <= 0:
        return "tässä pelissä jokereita ei käytetä yhdistelmissä"
    return f"yhdessä yhdistelmässä saa olla enintään {count(limit, 'jokeri')}"


def _classify_jokers(
    cards: tuple[Card, ...], rules: RuleSet, adding: bool, fixed: dict[Card, Card]
) -> tuple[MeldKind, tuple[Card, ...], tuple[tuple[Card, Card], ...]]:
    n = len(cards)
    if len(set(cards)) != n:
        dup = next(c for c in cards if cards.count(c) > 1)
        raise _Reason(DUPLICATE, lambda: f"sama kortti ({card_name(dup)}) on mukana kahdesti")
    jokers = [c for c in cards if c.is_joker]
    if len(jokers) > rules.max_jokers_per_meld:
        raise _Reason(TOO_MANY_JOKERS, lambda: joker_limit_text(rules.max_jokers_per_meld))
    if n < 3:
        raise _Reason(TOO_SHORT, lambda: f"yhdistelmässä on oltava vähintään kolme korttia, tässä on {number_word(n)}")
    naturals = [c for c in cards if not c.is_joker]
    if len(naturals) < 2:
        raise _Reason(TOO_FEW_NATURALS, "jokerin lisäksi yhdistelmässä on oltava vähintään kaksi tavallista korttia")
    free = [j for j in jokers if j not in fixed]
    virtual = naturals + [fixed[j] for j in jokers if j in fixed]
    ranks = {v.rank for v in virtual}
    suits = {v.suit for v in virtual}
    if len(ranks) == 1:
        if n > 4:
            raise _Reason(GROUP_TOO_BIG, "samanarvoisten ryhmässä on enintään neljä korttia")
        if len(suits) != len(virtual):
            suit = next(s for s in suits if sum(v.suit is s for v in virtual) > 1)
            raise _Reason(
                GROUP_SAME_SUIT,
                lambda: f"ryhmän korttien on oltava eri maita, mutta kaksi on {suit_name(suit, 'part')}",
            )
        rank = next(iter(ranks))
        missing = [s for s in SUITS if s not in suits]
        assigned = dict(fixed)
        for j, s in zip(free, missing):
            assigned[j] = stand_in(rank, s)
        ordered = sorted(cards, key=lambda c: assigned.get(c, c).sort_key)
        return MeldKind.GROUP, tuple(ordered), tuple((j, assigned[j]) for j in jokers)
    if len(suits) > 1:
        raise _Reason(MIXED, "kortit eivät ole samanarvoisia eivätkä samaa maata")
    suit = next(iter(suits))
    natural_ranks = [v.rank for v in virtual]
    if len(set(natural_ranks)) != len(natural_ranks):
        raise _Reason(DUPLICATE_RANK, "suorassa sama arvo ei voi olla kahdesti")
    corner = rules.ace == "round_the_corner"
    options = [sorted(natural_ranks)]
    if ACE in natural_ranks and rules.ace == "high_or_low":
        options.append(sorted(14 if r == ACE else r for r in natural_ranks))
    if corner:
        # round the corner the ranks lie on a circle: unroll it at each natural card (positions
        # above 13 are the ace and the low cards after the king), fewest gaps first
        options = sorted(
            {tuple(sorted(s + (r - s) % 13 for r in natural_ranks)) for s in natural_ranks},
            key=lambda pos: pos[-1] - pos[0],
        )
        options = [list(pos) for pos in options]
    top = 14 if rules.ace == "high_or_low" else 13
    for pos in options:
        gaps = [p for p in range(pos[0], pos[-1] + 1) if p not in pos]
        if len(gaps) > len(free) or (not corner and 14 in pos and 1 in gaps):
            continue
        extra = len(free) - len(gaps)
        fills = list(gaps)
        hi, lo = pos[-1], pos[0]
        if corner:
            # a run round the corner may go on past the king, but never meet its own start
            while extra and hi - lo < 12:
                hi += 1
                fills.append(hi)
                extra -= 1
        while extra and not corner and hi < top and not (hi + 1 == 14 and 1 in pos):
            hi += 1
            fills.append(hi)
            extra -= 1
        while extra and not corner and lo > 1 and not (lo - 1 == 1 and 14 in pos + fills):
            lo -= 1
            fills.append(lo)
            extra -= 1
        if extra:
            continue
        assigned = dict(fixed)
        for j, p in zip(free, fills):
            assigned[j] = stand_in(ACE if p == 14 else (p - 1) % 13 + 1, suit)
        high_ace = not corner and (14 in pos or 14 in fills)
        where = {(p - 1) % 13 + 1: p for p in [*pos, *fills]} if corner else {}

        def position(c: Card) -> int:
            r = assigned.get(c, c).rank
            if corner:
                return where[r]
            return 14 if r == ACE and high_ace else r

        ordered = sorted(cards, key=position)
        return MeldKind.RUN, tuple(ordered), tuple((j, assigned[j]) for j in jokers)
    raise _run_failure(tuple(v for v in virtual), rules, adding)


#: What a card counts towards an opening (:func:`opening_card_points`): number cards their number,
#: the picture cards ``PICTURE_POINTS``, an ace ``ACE_HIGH_POINTS`` in a group or high at the top
#: of a run (Q-K-A) and ``ACE_LOW_POINTS`` low in a run; a joker what it stands for. The Rommi 51
#: page states these values from here.
PICTURE_POINTS = 10
ACE_LOW_POINTS = 1
ACE_HIGH_POINTS = 11


def opening_card_points(rank: int, high_ace: bool = False) -> int:
    """What a card of ``rank`` counts in an opening's melds (rank 14 or ``high_ace``: the ace
    counted high, as in a group or at the top of a run).

    >>> [opening_card_points(r) for r in (2, 10, 12, 1)], opening_card_points(1, high_ace=True)
    ([2, 10, 10, 1], 11)
    """
    if rank == ACE or rank == 14:
        return ACE_HIGH_POINTS if high_ace or rank == 14 else ACE_LOW_POINTS
    return rank if rank <= 10 else PICTURE_POINTS


def meld_points(meld: Meld) -> int:
    """The meld's value in an opening: each card by :func:`opening_card_points`, the ace high in
    a group and at the top of a run, a joker as the card it stands for.

    >>> from rommikirja.cards import parse_cards
    >>> r = RuleSet(ace="high_or_low", jokers=4, decks=2)
    >>> meld_points(Meld.from_cards(parse_cards("QH KH AH"), r)), meld_points(Meld.from_cards(parse_cards("AH 2H 3H"), r))
    (31, 6)
    >>> meld_points(Meld.from_cards(parse_cards("9S 9C JK"), r))
    27
    """
    faces = [meld.stands_for(c) for c in meld.cards]  # (a hot path of the opening search: no tuples)
    high_ace = _high_ace(meld, faces)
    return sum(opening_card_points(c.rank, high_ace) for c in faces)


def _high_ace(meld: Meld, faces: Sequence[Card]) -> bool:
    """Whether an ace of ``meld`` (its cards as ``faces``) counts high: in a group, or atop a run."""
    return meld.kind is MeldKind.GROUP or (faces[-1].rank == ACE and len(faces) > 1 and faces[-2].rank == KING)


def counted_faces(meld: Meld) -> list[tuple[Card, int]]:
    """Each card of ``meld`` as the card it stands for and its value in an opening (the ace high in
    a group and at the top of a run, low at the bottom: :func:`meld_points`' count).

    >>> from rommikirja.cards import parse_cards
    >>> r = RuleSet(ace="high_or_low", jokers=4, decks=2)
    >>> [p for _, p in counted_faces(Meld.from_cards(parse_cards("AH 2H JK"), r))]
    [1, 2, 3]
    """
    faces = [meld.stands_for(c) for c in meld.cards]
    high_ace = _high_ace(meld, faces)
    return [(c, opening_card_points(c.rank, high_ace)) for c in faces]


def _classify_natural(
    cards: tuple[Card, ...], rules: RuleSet, adding: bool = False
) -> tuple[MeldKind, tuple[Card, ...]]:
    n = len(cards)
    if len(set(cards)) != n:
        dup = next(c for c in cards if cards.count(c) > 1)
        raise _Reason(DUPLICATE, lambda: f"sama kortti ({card_name(dup)}) on mukana kahdesti")
    if n < 3:
        raise _Reason(TOO_SHORT, lambda: f"yhdistelmässä on oltava vähintään kolme korttia, tässä on {number_word(n)}")
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(ranks) == 1:
        if n > 4:
            raise _Reason(GROUP_TOO_BIG, "samanarvoisten ryhmässä on enintään neljä korttia")
        if len(suits) != n:
            suit = next(s for s in suits if sum(c.suit is s for c in cards) > 1)
            same = [c for c in cards if c.suit is suit]
            raise _Reason(
                GROUP_SAME_SUIT,
                lambda: (
                    f"ryhmän korttien on oltava eri maita, mutta "
                    f"siinä on {number_word(len(same))} {card_name(same[0], 'part')}"
                ),
            )
        return MeldKind.GROUP, tuple(sorted(cards, key=lambda c: c.sort_key))
    if len(suits) > 1:
        if len(ranks) == n and run_positions(cards, rules) is not None:
            raise _Reason(
                MIXED_SUITS,
                "arvot ovat peräkkäin, mutta suoran korttien on oltava samaa maata (pelkkä sama väri ei riitä)",
            )
        raise _Reason(MIXED, "kortit eivät ole samanarvoisia eivätkä samaa maata")
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
        return _Reason(DUPLICATE_RANK, "suorassa sama arvo ei voi olla kahdesti")
    suit = cards[0].suit
    if ACE in ranks:
        high = sorted(14 if r == ACE else r for r in ranks)
        if _consecutive(high) and rules.ace == "low":
            return _Reason(
                ACE_HIGH,
                "ässä on tässä pelissä pieni, joten se käy vain suoran alapäähän (A-2-3) eikä kuninkaan yläpuolelle",
            )
        if KING in ranks and _wraps(ranks) and rules.ace != "round_the_corner":
            return _Reason(WRAP, "suora ei saa kiertää kulman ympäri (K-A-2)")
    missing = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
    missing_cards = [Card(r, suit) for r in missing]
    if adding:
        return _Reason(GAP, lambda: f"välistä puuttuisi {cards_text(missing_cards)}")
    return _Reason(GAP, lambda: f"suorasta puuttuu välistä {cards_text(missing_cards)}")


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


def _natural_meld(cards: tuple[Card, ...], rules) -> Meld | None:
    """The meld of ``cards`` when they are natural cards that make a group or a run without a gap
    (not going round the corner), found with a few bit tests on :attr:`Card._sbit`: the quick first
    step of :meth:`Meld.from_cards` and :meth:`Meld.extended`. ``None`` for anything else (jokers,
    a card twice, not a meld): :func:`_classify` decides those and explains a refusal.
    ``tests/test_legal.py`` compares the two on random card sets.

    >>> from rommikirja.cards import parse_cards
    >>> _natural_meld(parse_cards("KH AH QH"), RuleSet(ace="high_or_low")).codes
    ('QH', 'KH', 'AH')
    >>> _natural_meld(parse_cards("7C 7S 7H"), RuleSet()).codes, _natural_meld(parse_cards("7H 7S 7H"), RuleSet())
    (('7S', '7H', '7C'), None)
    """
    if len(cards) < 3:
        return None
    bits = 0
    for c in cards:
        if type(c) is not Card:
            return None
        b = c._sbit
        if not b & NATURAL_BITS or b & bits:  # a joker, or the same rank and suit twice
            return None
        bits |= b
    ranks = (bits | bits >> 16 | bits >> 32 | bits >> 48) & 0xFFFF
    if ranks & (ranks - 1) == 0:
        # one rank, every card of another suit (a bit each): a group, in suit order
        return Meld(MeldKind.GROUP, tuple(sorted(cards, key=_sbit)))
    shift = (cards[0]._sbit.bit_length() - 1) & ~15  # the first card's suit field
    if ranks << shift != bits:
        return None  # more than one suit
    if (ranks + (ranks & -ranks)) & ranks == 0:
        # the ranks in a row: a run from low to high (an ace at its bottom)
        return Meld(MeldKind.RUN, tuple(sorted(cards, key=_rank)))
    if rules.ace == "high_or_low" and ranks & 2:
        high = ranks & ~2 | 1 << 14
        if (high + (high & -high)) & high == 0:
            # in a row with the ace above the king: the ace last
            ordered = sorted(cards, key=_rank)
            return Meld(MeldKind.RUN, tuple(ordered[1:] + ordered[:1]))
    return None


_sbit = attrgetter("_sbit")
_rank = attrgetter("rank")
