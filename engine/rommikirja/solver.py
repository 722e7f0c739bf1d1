"""Exact best arrangements of a one-deck hand (gin-rommi deadwood, best discard).

Cards are bits of an int (``suit * 13 + rank - 1``). The search splits a hand into
*groups* (few: only ranks held three or four times) and *runs* (within one suit).
For each 13-bit suit pattern the best run cover is precomputed once, so a hand is
solved by trying every choice of groups and looking up the four suits:

- ``_COVER[p]``: the most points that disjoint runs can cover in pattern ``p``;
- ``_COVER_D[p]``: the most of *covered points + one uncovered card* (the discard).

The result is exact (tested against brute force), also on ties between a group
and a run for the same card.

Every solver takes the rule set (or, in the bit-mask API, the ace's value): no default stands
in for a rule.

>>> from rommikirja.cards import parse_cards
>>> gin = RuleSet(style="knock", hand_size=((2, 10),), max_players=2)
>>> a = best_arrangement(parse_cards("4H 5H 6H 5C 5S 9D 9C 9S KD 2C"), gin)
>>> a.deadwood_points, [c.code for c in a.deadwood]
(22, ['5S', 'KD', '2C', '5C'])
>>> d = best_discard(parse_cards("AS 2S 5S AC 2C 3C 5C AD 2D 2H 5H"), (), gin)
>>> d.discard.code, d.deadwood_points
('3C', 0)
"""

from __future__ import annotations

import itertools
from operator import attrgetter
from typing import Iterable, NamedTuple, Sequence

from .codes import DUPLICATE_CARD, NOT_A_CARD, NO_SUCH_CARD
from .cards import Card, Suit
from .errors import IllegalMove
from .finnish import capitalize, card_name
from .rules import RuleSet

__all__ = [
    "Arrangement",
    "best_arrangement",
    "best_discard",
    "deadwood_of",
    "mask_of",
    "cards_of",
    "min_deadwood_mask",
    "best_discard_mask",
    "min_discard_deadwood",
    "CARD_VALUE",
    "CARDS",
    "card_values",
    "deck_card_refusal",
]

_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: ``_BASE[suit] + rank`` is the bit index of a one-deck card.
_BASE: dict[Suit, int] = {s: 13 * i - 1 for i, s in enumerate(_SUITS)}
#: The 52 one-deck cards by bit index (the objects :func:`cards_of` returns).
CARDS: tuple[Card, ...] = tuple(Card(i % 13 + 1, _SUITS[i // 13]) for i in range(52))
FULL = (1 << 13) - 1
#: Deadwood value by rank index 0–12 (ace 1, number cards face value, J/Q/K 10).
CARD_VALUE: tuple[int, ...] = tuple(min(r, 10) for r in range(1, 14))


def card_values(ace_points: int) -> tuple[int, ...]:
    """Deadwood values by rank index 0–12 when an ace is worth ``ace_points``.

    >>> card_values(15)[:3], card_values(1)[-1]
    ((15, 2, 3), 10)
    """
    return (ace_points,) + CARD_VALUE[1:]


def deck_card_refusal(card: Card) -> IllegalMove:
    """The refusal for a card that a one-deck game without jokers does not have."""
    if not isinstance(card, Card):
        return IllegalMove(NOT_A_CARD, "Mukana on jotain, mikä ei ole kortti.")
    if card.is_joker:
        return IllegalMove(NO_SUCH_CARD, f"Tässä pelissä ei ole jokereita, joten korttia {card.code} ei ole.")
    if card.deck:
        return IllegalMove(
            NO_SUCH_CARD, f"Tässä pelissä on vain yksi pakka, joten toisen pakan korttia {card.code} ei ole."
        )
    return IllegalMove(NO_SUCH_CARD, "Sellaista korttia ei ole pakassa: arvo tai maa on virheellinen.")


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of one-deck cards; a second-deck card, a joker or a repeated card is refused.

    >>> mask_of([CARDS[0], CARDS[13]])
    8193
    >>> from rommikirja.cards import parse_cards
    >>> mask_of(parse_cards("7H 7H'"))
    Traceback (most recent call last):
      ...
    rommikirja.errors.IllegalMove: Tässä pelissä on vain yksi pakka, joten toisen pakan korttia 7H' ei ole.
    """
    if type(cards) is not list and type(cards) is not tuple:
        cards = list(cards)
    try:
        m = sum(map(_BIT, cards))  # distinct bits: the sum is the union
    except (AttributeError, TypeError):
        m = -1
    if m < 0 or m.bit_count() != len(cards):  # a card outside the pack (bit 0) or a repeated one
        seen = 0
        for c in cards:
            i = getattr(c, "_index", -1)
            if i < 0:
                raise deck_card_refusal(c)
            if seen >> i & 1:
                raise IllegalMove(DUPLICATE_CARD, f"{capitalize(card_name(c))} on mukana kahdesti.")
            seen |= 1 << i
    return m


_BIT = attrgetter("_bit")


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, by suit then rank."""
    out = []
    cards = CARDS
    while mask:
        low = mask & -mask
        out.append(cards[low.bit_length() - 1])
        mask ^= low
    return out


def _build_tables(card_value: Sequence[int]) -> tuple[list[int], ...]:
    n = 1 << 13
    value = [0] * n
    cover = [0] * n  # best covered value
    cover_run = [0] * n  # run mask starting at the lowest bit in the best cover (0: lowest bit free)
    cover_d = [0] * n  # best covered value + value of one uncovered card (-1: impossible)
    cover_d_run = [0] * n  # run chosen at the lowest bit, -1 when the lowest bit is the discard
    cover_d[0] = -1
    for p in range(1, n):
        low = p & -p
        b = low.bit_length() - 1
        value[p] = value[p ^ low] + card_value[b]
        rest = p ^ low
        best, best_run = cover[rest], 0
        best_d, best_d_run = cover_d[rest], 0
        if cover[rest] + card_value[b] > best_d:  # the lowest card itself is the discard
            best_d, best_d_run = cover[rest] + card_value[b], -1
        run = low
        length = 1
        bit = low << 1
        while b + length < 13 and p & bit:
            run |= bit
            length += 1
            bit <<= 1
            if length >= 3:
                left = p ^ run
                v = value[run]
                if v + cover[left] > best:
                    best, best_run = v + cover[left], run
                if cover_d[left] >= 0 and v + cover_d[left] > best_d:
                    best_d, best_d_run = v + cover_d[left], run
        cover[p], cover_run[p] = best, best_run
        cover_d[p], cover_d_run[p] = best_d, best_d_run
    return value, cover, cover_run, cover_d, cover_d_run, list(card_value), {0: ((), (), 0)}


_TABLES: dict[int, tuple[list[int], ...]] = {1: _build_tables(CARD_VALUE)}
_DEFAULT = _TABLES[1]


def _tables(ace: int) -> tuple[list[int], ...]:
    """The tables for an ace worth ``ace`` (built once per value, about 8,000 patterns)."""
    t = _TABLES.get(ace)
    if t is None:
        if not isinstance(ace, int) or isinstance(ace, bool) or not 0 <= ace <= 100:
            raise ValueError(f"ace value {ace!r} out of range")
        t = _TABLES[ace] = _build_tables(card_values(ace))
    return t


def _group_options(patterns: Sequence[int], three: int, card_value: Sequence[int]) -> list[list[tuple[int, int]]]:
    """For every rank held 3+ times (bits of ``three``): the ways to use it as a group, as
    (mask, value); (0, 0) = none."""
    options = []
    while three:
        low = three & -three
        r = low.bit_length() - 1
        suits = [s for s in range(4) if patterns[s] & low]
        opts = [(0, 0)]
        v3 = 3 * card_value[r]
        for combo in itertools.combinations(suits, 3):
            opts.append(((1 << (combo[0] * 13 + r)) | (1 << (combo[1] * 13 + r)) | (1 << (combo[2] * 13 + r)), v3))
        if len(suits) == 4:
            opts.append(((1 << r) | (1 << (13 + r)) | (1 << (26 + r)) | (1 << (39 + r)), 4 * card_value[r]))
        options.append(opts)
        three ^= low
    return options


def _group_choices(options: list[list[tuple[int, int]]]):
    """Every combination of one choice per rank, as (group mask, group value)."""
    if len(options) == 1:
        yield from options[0]
        return
    for combo in itertools.product(*options):
        gmask = gval = 0
        for m, v in combo:
            gmask |= m
            gval += v
        yield gmask, gval


def min_deadwood_mask(mask: int, ace: int) -> tuple[int, int]:
    """(least deadwood, group mask of a best arrangement) for the cards in ``mask``; an ace is
    worth ``ace`` points.

    >>> from rommikirja.cards import parse_cards
    >>> m = mask_of(parse_cards("AS 2S 3S AH AD KC"))
    >>> [min_deadwood_mask(m, ace)[0] for ace in (1, 11)]     # A-2-3 run; with costly aces A-A-A
    [12, 15]
    """
    value, cover = (_DEFAULT if ace == 1 else _tables(ace))[:2]
    a = mask & FULL
    b = (mask >> 13) & FULL
    c = (mask >> 26) & FULL
    d = (mask >> 39) & FULL
    three = (a & b & (c | d)) | (c & d & (a | b))
    if not three:  # no rank held three times: runs only, one look-up per suit
        return (value[a] - cover[a] + value[b] - cover[b] + value[c] - cover[c] + value[d] - cover[d]), 0
    total = value[a] + value[b] + value[c] + value[d]
    best, best_groups = -1, 0
    for gmask, gval in _group_choices(_group_options((a, b, c, d), three, _card_value(ace))):
        rest = mask & ~gmask
        v = (
            gval
            + cover[rest & FULL]
            + cover[(rest >> 13) & FULL]
            + cover[(rest >> 26) & FULL]
            + cover[(rest >> 39) & FULL]
        )
        if v > best:
            best, best_groups = v, gmask
    return total - best, best_groups


def _card_value(ace: int) -> list[int]:
    return (_DEFAULT if ace == 1 else _tables(ace))[5]


def best_discard_mask(mask: int, forbidden: int, ace: int) -> tuple[int, int, int]:
    """(least deadwood after one discard, group mask, discard bit) for the cards in ``mask``.

    ``forbidden`` is a mask of cards that may not be discarded; an ace is worth ``ace`` points.
    """
    if forbidden & mask:
        best = None
        m = mask & ~forbidden
        while m:
            low = m & -m
            dw, groups = min_deadwood_mask(mask ^ low, ace)
            if best is None or dw < best[0]:
                best = (dw, groups, low)
            m ^= low
        if best is None:
            raise ValueError("no card may be discarded")
        return best
    tabs = _DEFAULT if ace == 1 else _tables(ace)
    total, best, best_groups, suit, pattern = _best_discard_cover(mask, tabs)
    return total - best, best_groups, _discard_in(pattern, suit, tabs[4])


def min_discard_deadwood(mask: int, ace: int) -> int:
    """The least deadwood after discarding one card of ``mask`` (the first figure of
    :func:`best_discard_mask`, without finding the card).

    >>> from rommikirja.cards import parse_cards
    >>> min_discard_deadwood(mask_of(parse_cards("AS 2S 5S AC 2C 3C 5C AD 2D 2H 5H")), 1)
    0
    """
    tabs = _DEFAULT if ace == 1 else _tables(ace)
    found = _best_discard_cover(mask, tabs)
    return found[0] - found[1]


def _best_discard_cover(mask: int, tabs: tuple) -> tuple[int, int, int, int, int]:
    """(value of the cards, most covered value + one discarded card, group mask reaching it, the
    suit of the discard and that suit's pattern outside the groups). Ties go to the first group
    choice, then the first suit."""
    value, cover, cover_d = tabs[0], tabs[1], tabs[3]
    a = mask & FULL
    b = (mask >> 13) & FULL
    c = (mask >> 26) & FULL
    d = (mask >> 39) & FULL
    total = value[a] + value[b] + value[c] + value[d]
    three = (a & b & (c | d)) | (c & d & (a | b))
    if not three:
        if not mask:
            raise ValueError("no card may be discarded")
        base = 0
        best = -1 << 30
        best_s = best_p = 0
        s = 0
        for p in (a, b, c, d):
            if p:
                cp = cover[p]
                base += cp
                gain = cover_d[p] - cp
                if gain > best:
                    best, best_s, best_p = gain, s, p
            s += 1
        return total, base + best, 0, best_s, best_p
    best, best_groups, best_s, best_p = -1, 0, 0, 0
    for gmask, gval in _group_choices(_group_options((a, b, c, d), three, tabs[5])):
        rest = mask & ~gmask
        ps = (rest & FULL, (rest >> 13) & FULL, (rest >> 26) & FULL, (rest >> 39) & FULL)
        covers = [cover[p] for p in ps]
        base = gval + covers[0] + covers[1] + covers[2] + covers[3]
        for s in range(4):
            cd_ = cover_d[ps[s]]
            if cd_ >= 0 and base - covers[s] + cd_ > best:
                best, best_groups, best_s, best_p = base - covers[s] + cd_, gmask, s, ps[s]
    if best < 0:
        raise ValueError("no card may be discarded")
    return total, best, best_groups, best_s, best_p


def _discard_in(p: int, suit: int, cover_d_run: list[int]) -> int:
    """The bit of the card to discard from pattern ``p`` of ``suit`` (following the best-cover
    choices recorded for the discard)."""
    while p:
        low = p & -p
        run = cover_d_run[p]
        if run == -1:
            return low << (13 * suit)
        if run:
            p ^= run
        else:
            p ^= low
    raise AssertionError("no discard found")  # pragma: no cover


def _runs_of(pattern: int, suit: int, cover_run: list[int]) -> list[int]:
    runs = []
    p = pattern
    while p:
        low = p & -p
        run = cover_run[p]
        if run:
            runs.append(run << (13 * suit))
            p ^= run
        else:
            p ^= low
    return runs


class Arrangement(NamedTuple):
    """Melds and deadwood of a hand (and the discard, for an 11-card hand): an immutable value
    (a named tuple, so that the solver makes one in a single step)."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int
    discard: Card | None = None

    @property
    def is_gin(self) -> bool:
        return not self.deadwood


_S0, _S1, _S2, _S3 = FULL, FULL << 13, FULL << 26, FULL << 39


def _suit_split(tabs: tuple, key: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int]:
    """The best runs of the cards of one suit (``key``: a mask within one suit) as card tuples,
    the cards left over and their value; memoised per table (at most 4 × 8,192 entries)."""
    s = (key.bit_length() - 1) // 13
    p = key >> (13 * s)
    runs = _runs_of(p, s, tabs[2])
    covered = 0
    for run in runs:
        covered |= run
    dead = key & ~covered
    got = tabs[6][key] = (tuple(tuple(cards_of(run)) for run in runs), tuple(cards_of(dead)), tabs[0][dead >> (13 * s)])
    return got


def _arrangement(mask: int, groups: int, discard: Card | None, ace: int) -> Arrangement:
    return _arrangement_in(mask, groups, discard, _DEFAULT if ace == 1 else _tables(ace))


def _arrangement_in(mask: int, groups: int, discard: Card | None, tabs: tuple) -> Arrangement:
    get = tabs[6].get  # per suit: (runs, cards left, their value), memoised
    rest = mask & ~groups
    k0, k1, k2, k3 = rest & _S0, rest & _S1, rest & _S2, rest & _S3
    r0 = get(k0) or _suit_split(tabs, k0)
    r1 = get(k1) or _suit_split(tabs, k1)
    r2 = get(k2) or _suit_split(tabs, k2)
    r3 = get(k3) or _suit_split(tabs, k3)
    melds = r0[0] + r1[0] + r2[0] + r3[0]
    if groups:
        found = []
        g = groups
        while g:
            low = g & -g
            r = (low.bit_length() - 1) % 13
            group = ((1 << r) | (1 << (13 + r)) | (1 << (26 + r)) | (1 << (39 + r))) & groups
            found.append(tuple(cards_of(group)))
            g &= ~group
        melds = tuple(found) + melds
    # the named tuple made directly (Arrangement(...) would go through a Python-level __new__)
    return _new(Arrangement, (melds, r0[1] + r1[1] + r2[1] + r3[1], r0[2] + r1[2] + r2[2] + r3[2], discard))


_new = tuple.__new__


def best_arrangement(cards: Iterable[Card], rules: RuleSet) -> Arrangement:
    """The melds that leave the least deadwood (one deck, no jokers); card values follow
    ``rules.card_points`` (an ace may be worth more than one)."""
    ace = rules.ace_points
    mask = mask_of(cards)
    _, groups = min_deadwood_mask(mask, ace)
    return _arrangement_in(mask, groups, None, _DEFAULT if ace == 1 else _tables(ace))


def best_discard(cards: Iterable[Card], forbidden: Iterable[Card], rules: RuleSet) -> Arrangement:
    """For a hand about to discard: the discard (not one of ``forbidden``) and melds leaving the
    least deadwood under ``rules``' card values."""
    ace = rules.ace_points
    tabs = _DEFAULT if ace == 1 else _tables(ace)
    mask = mask_of(cards)
    if forbidden:
        _, groups, low = best_discard_mask(mask, mask_of(forbidden), ace)
    else:  # best_discard_mask, inline
        _, _, groups, suit, p = _best_discard_cover(mask, tabs)
        low = _discard_in(p, suit, tabs[4])
    return _arrangement_in(mask ^ low, groups, CARDS[low.bit_length() - 1], tabs)


def deadwood_of(cards: Iterable[Card], rules: RuleSet) -> int:
    """The least deadwood of a hand under ``rules``' card values."""
    return min_deadwood_mask(mask_of(cards), rules.ace_points)[0]
