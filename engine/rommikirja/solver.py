"""Exact best arrangements of a one-deck hand (gin-rommi deadwood, best discard).

Cards are bits of an int (``suit * 13 + rank - 1``). The search splits a hand into
*groups* (few: only ranks held three or four times) and *runs* (within one suit).
For each 13-bit suit pattern the best run cover is precomputed once, so a hand is
solved by trying every choice of groups and looking up the four suits:

- ``_COVER[p]``: the most points that disjoint runs can cover in pattern ``p``;
- ``_COVER_D[p]``: the most of *covered points + one uncovered card* (the discard).

The result is exact (tested against brute force), also on ties between a group
and a run for the same card.

>>> from rommikirja.cards import parse_cards
>>> a = best_arrangement(parse_cards("4H 5H 6H 5C 5S 9D 9C 9S KD 2C"))
>>> a.deadwood_points, [c.code for c in a.deadwood]
(22, ['5S', 'KD', '2C', '5C'])
>>> d = best_discard(parse_cards("AS 2S 5S AC 2C 3C 5C AD 2D 2H 5H"))
>>> d.discard.code, d.deadwood_points
('3C', 0)
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import Card, Suit

__all__ = ["Arrangement", "best_arrangement", "best_discard", "deadwood_of", "mask_of",
           "cards_of", "min_deadwood_mask", "best_discard_mask", "CARD_VALUE"]

_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
FULL = (1 << 13) - 1
#: Deadwood value by rank index 0–12 (ace 1, number cards face value, J/Q/K 10).
CARD_VALUE: tuple[int, ...] = tuple(min(r, 10) for r in range(1, 14))


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of one-deck cards."""
    m = 0
    for c in cards:
        m |= 1 << (_SUIT_INDEX[c.suit] * 13 + c.rank - 1)
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, by suit then rank."""
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append(Card(i % 13 + 1, _SUITS[i // 13]))
        mask ^= low
    return out


def _build_tables() -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    n = 1 << 13
    value = [0] * n
    cover = [0] * n           # best covered value
    cover_run = [0] * n       # run mask starting at the lowest bit in the best cover (0: lowest bit free)
    cover_d = [0] * n         # best covered value + value of one uncovered card (-1: impossible)
    cover_d_run = [0] * n     # run chosen at the lowest bit, -1 when the lowest bit is the discard
    cover_d[0] = -1
    for p in range(1, n):
        low = p & -p
        b = low.bit_length() - 1
        value[p] = value[p ^ low] + CARD_VALUE[b]
        rest = p ^ low
        best, best_run = cover[rest], 0
        best_d, best_d_run = cover_d[rest], 0
        if cover[rest] + CARD_VALUE[b] > best_d:          # the lowest card itself is the discard
            best_d, best_d_run = cover[rest] + CARD_VALUE[b], -1
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
    return value, cover, cover_run, cover_d, cover_d_run


_VALUE, _COVER, _COVER_RUN, _COVER_D, _COVER_D_RUN = _build_tables()


def _group_options(patterns: Sequence[int]) -> list[list[tuple[int, int]]]:
    """For every rank held 3+ times: the ways to use it as a group, as (mask, value); () = none."""
    a, b, c, d = patterns
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    options = []
    while three:
        low = three & -three
        r = low.bit_length() - 1
        suits = [s for s in range(4) if patterns[s] & low]
        opts = [(0, 0)]
        for combo in itertools.combinations(suits, 3):
            opts.append((sum(1 << (s * 13 + r) for s in combo), 3 * CARD_VALUE[r]))
        if len(suits) == 4:
            opts.append((sum(1 << (s * 13 + r) for s in suits), 4 * CARD_VALUE[r]))
        options.append(opts)
        three ^= low
    return options


def _group_choices(options: list[list[tuple[int, int]]]):
    """Every combination of one choice per rank, as (group mask, group value)."""
    for combo in itertools.product(*options):
        gmask = gval = 0
        for m, v in combo:
            gmask |= m
            gval += v
        yield gmask, gval


def _patterns(mask: int) -> tuple[int, int, int, int]:
    return mask & FULL, (mask >> 13) & FULL, (mask >> 26) & FULL, (mask >> 39) & FULL


def _value_of(mask: int) -> int:
    a, b, c, d = _patterns(mask)
    return _VALUE[a] + _VALUE[b] + _VALUE[c] + _VALUE[d]


def min_deadwood_mask(mask: int) -> tuple[int, int]:
    """(least deadwood, group mask of a best arrangement) for the cards in ``mask``."""
    pats = _patterns(mask)
    total = _VALUE[pats[0]] + _VALUE[pats[1]] + _VALUE[pats[2]] + _VALUE[pats[3]]
    options = _group_options(pats)
    if not options:
        return total - (_COVER[pats[0]] + _COVER[pats[1]] + _COVER[pats[2]] + _COVER[pats[3]]), 0
    best, best_groups = -1, 0
    for gmask, gval in _group_choices(options):
        a, b, c, d = _patterns(mask & ~gmask)
        v = gval + _COVER[a] + _COVER[b] + _COVER[c] + _COVER[d]
        if v > best:
            best, best_groups = v, gmask
    return total - best, best_groups


def best_discard_mask(mask: int, forbidden: int = 0) -> tuple[int, int, int]:
    """(least deadwood after one discard, group mask, discard bit) for the cards in ``mask``.

    ``forbidden`` is a mask of cards that may not be discarded.
    """
    if forbidden & mask:
        best = None
        m = mask & ~forbidden
        while m:
            low = m & -m
            dw, groups = min_deadwood_mask(mask ^ low)
            if best is None or dw < best[0]:
                best = (dw, groups, low)
            m ^= low
        if best is None:
            raise ValueError("no card may be discarded")
        return best
    pats = _patterns(mask)
    total = _VALUE[pats[0]] + _VALUE[pats[1]] + _VALUE[pats[2]] + _VALUE[pats[3]]
    options = _group_options(pats) or [[(0, 0)]]
    best, best_groups = -1, 0
    for gmask, gval in _group_choices(options):
        ps = _patterns(mask & ~gmask)
        covers = [_COVER[p] for p in ps]
        base = gval + covers[0] + covers[1] + covers[2] + covers[3]
        for s in range(4):
            cd = _COVER_D[ps[s]]
            if cd >= 0 and base - covers[s] + cd > best:
                best, best_groups = base - covers[s] + cd, gmask
    if best < 0:
        raise ValueError("no card may be discarded")
    # recover the discard: the card whose removal leaves the least deadwood with these groups
    discard = _discard_for(mask, best_groups)
    return total - best, best_groups, discard


def _discard_for(mask: int, groups: int) -> int:
    ps = _patterns(mask & ~groups)
    covers = [_COVER[p] for p in ps]
    best_s, best_gain = 0, -1
    for s in range(4):
        cd = _COVER_D[ps[s]]
        if cd >= 0 and cd - covers[s] > best_gain:
            best_s, best_gain = s, cd - covers[s]
    p = ps[best_s]
    while p:
        low = p & -p
        run = _COVER_D_RUN[p]
        if run == -1:
            return low << (13 * best_s)
        if run:
            p ^= run
        else:
            p ^= low
    raise AssertionError("no discard found")  # pragma: no cover


def _runs_of(pattern: int, suit: int) -> list[int]:
    runs = []
    p = pattern
    while p:
        low = p & -p
        run = _COVER_RUN[p]
        if run:
            runs.append(run << (13 * suit))
            p ^= run
        else:
            p ^= low
    return runs


@dataclass(frozen=True)
class Arrangement:
    """Melds and deadwood of a hand (and the discard, for an 11-card hand)."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int
    discard: Card | None = None

    @property
    def is_gin(self) -> bool:
        return not self.deadwood


def _arrangement(mask: int, groups: int, discard: Card | None = None) -> Arrangement:
    melds: list[tuple[Card, ...]] = []
    g = groups
    while g:
        low = g & -g
        r = (low.bit_length() - 1) % 13
        group = sum(1 << (s * 13 + r) for s in range(4)) & groups
        melds.append(tuple(cards_of(group)))
        g &= ~group
    rest = mask & ~groups
    covered = groups
    for s, p in enumerate(_patterns(rest)):
        for run in _runs_of(p, s):
            melds.append(tuple(cards_of(run)))
            covered |= run
    dead = mask & ~covered
    return Arrangement(tuple(melds), tuple(cards_of(dead)), _value_of(dead), discard)


def best_arrangement(cards: Iterable[Card]) -> Arrangement:
    """The melds that leave the least deadwood (gin rules: ace low, one deck)."""
    mask = mask_of(cards)
    _, groups = min_deadwood_mask(mask)
    return _arrangement(mask, groups)


def best_discard(cards: Iterable[Card], forbidden: Iterable[Card] = ()) -> Arrangement:
    """For a hand about to discard: the discard and melds leaving the least deadwood."""
    mask = mask_of(cards)
    dw, groups, low = best_discard_mask(mask, mask_of(forbidden))
    discard = cards_of(low)[0]
    arr = _arrangement(mask ^ low, min_deadwood_mask(mask ^ low)[1], discard)
    assert arr.deadwood_points == dw
    return arr


def deadwood_of(cards: Iterable[Card]) -> int:
    """The least deadwood of a hand."""
    return min_deadwood_mask(mask_of(cards))[0]
