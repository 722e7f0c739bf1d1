"""The meld phase's move generator: every card set of the hand that might be a new meld or a
lay-off, as cheaply as the hand allows (the rules in :mod:`~rommikirja.meld_phase` check each).

A mixin of :class:`rommikirja.deal.Deal`, typed against :class:`~rommikirja.deal_state.DealState`: it reads the deal's fields and never changes the position.
"""

from __future__ import annotations

import itertools
from typing import Iterator, NamedTuple, Sequence

from .cards import ACE, JOKER_BIT, KING, NATURAL_BITS, SUITS, Card, Suit, stand_in
from .deal_state import DealState
from .errors import InvalidMeld
from .melds import Meld, MeldKind, run_positions
from .moves import LayOff, PlayMeld

__all__ = ["MeldMoves", "joker_readings"]


class MeldMoves(DealState):
    """Candidates for new melds and lay-offs, and the legal ones among them."""

    # remembered per deal, set on first use (see Deal._legal_view)
    _table_seen: "tuple[list, int] | None" = None  # _table_attach: (the table, its bits)

    def _grouped(self) -> "Grouped":
        """The hand sorted out once for the candidate generators."""
        jokers: list[Card] = []
        by_rank: dict[int, list[Card]] = {}
        by_suit: list[list[Card]] = [[], [], [], []]
        index = _SUIT_INDEX
        get = by_rank.get
        for c in self.hands[self.turn]:
            s = c.suit
            if s is None:
                jokers.append(c)
                continue
            by_suit[index[s]].append(c)
            r = c.rank
            same = get(r)
            if same is None:
                by_rank[r] = [c]
            else:
                same.append(c)
        return Grouped(jokers, by_rank, by_suit)

    def _candidate_melds(self, grouped: "Grouped | None" = None) -> Iterator[PlayMeld]:
        """Every card set of the hand that might be a meld (the caller checks each one).

        Complete: any meld the rules accept is among them, as a set of cards (the
        property tests compare this with :meth:`is_legal` over every subset of a hand).
        """
        rules = self.rules
        jokers, by_rank, by_suit = grouped or self._grouped()
        usable = jokers if rules.max_jokers_per_meld > 0 else ()
        smallest = 2 if usable else 3
        joker_sets = _joker_sets(usable, rules.max_jokers_per_meld)
        for cards in by_rank.values():
            if len(cards) < smallest:
                continue
            for size in range(smallest, min(4, len(cards)) + 1):
                for combo in itertools.combinations(cards, size):
                    if len({id(c.suit) for c in combo}) != size:
                        continue
                    for js in joker_sets:
                        if 3 <= size + len(js) <= 4:
                            if js:
                                yield from self._meld_variants(combo, js)
                            else:
                                yield PlayMeld(combo)  # (natural cards: their one reading)
        high = rules.ace == "high_or_low"
        runs_in: list[bool] | None = None
        if not usable and rules.ace != "round_the_corner":
            # no jokers: a run needs three cards in a row of its suit; most hands have none
            runs_in = []
            for cards in by_suit:
                mask = 0
                if len(cards) >= 3:
                    for c in cards:
                        mask |= 1 << c.rank
                    if high and mask & 2:
                        mask |= 1 << 14
                runs_in.append(bool(mask & (mask >> 1) & (mask >> 2)))
            if not any(runs_in):
                return
        if rules.ace == "round_the_corner":
            yield from _corner_runs(self, by_suit, joker_sets, smallest, rules)
            return
        max_gaps = len(joker_sets[-1])
        for si, cards in enumerate(by_suit):
            if len(cards) < smallest or (runs_in is not None and not runs_in[si]):
                continue
            by_pos = _by_position(cards, high)
            positions = sorted(by_pos)
            seen: set = set()
            for chosen, gaps in _position_runs(positions, max_gaps, smallest):
                for combo in _run_combos(by_pos, chosen, high, seen):
                    for js in joker_sets:
                        if len(js) >= gaps and len(chosen) + len(js) >= 3:
                            if js:
                                yield from self._meld_variants(combo, js)
                            else:
                                yield PlayMeld(combo)

    def _candidate_layoffs(self, grouped: "Grouped | None" = None) -> Iterator[LayOff]:
        """Every card set of the hand that might be laid off onto a table meld (checked by the caller)."""
        grouped = grouped or self._grouped()
        for i, tm in enumerate(self.table):
            yield from self._layoffs_onto(i, tm.meld, grouped)

    def _layoffs_onto(self, i: int, meld: Meld, grouped: "Grouped") -> Iterator[LayOff]:
        """Every card set of the hand that might be laid off onto the table meld ``i`` (``meld``)."""
        rules = self.rules
        jokers, by_rank, by_suit = grouped
        if rules.max_jokers_per_meld <= 0:
            jokers = []
        corner = rules.ace == "round_the_corner"
        if meld.kind is MeldKind.GROUP:
            same = by_rank.get((meld.stands_for(meld.cards[0]) if meld.jokers else meld.cards[0]).rank, ())
            if not same and not jokers:
                return
            joker_sets = _joker_sets(jokers, rules.max_jokers_per_meld - len(meld.jokers))
            for size in range(0, 5 - len(meld.cards)):
                for combo in itertools.combinations(same, size):
                    for js in joker_sets:
                        if 1 <= size + len(js) <= 4 - len(meld.cards):
                            if js:
                                yield from self._lay_off_variants(i, meld, combo, js)
                            else:
                                yield LayOff(combo, i)  # (natural cards: their one reading)
            return
        if meld.jokers:
            virtual = [meld.stands_for(c) for c in meld.cards]
        else:
            virtual = meld.cards
        suited = by_suit[_SUIT_INDEX[virtual[0].suit]]
        if not suited and not jokers:
            return
        if not jokers and not corner:
            # without jokers only a card next to an end can start a lay-off
            lo, hi = virtual[0].rank, virtual[-1].rank
            if hi == ACE and len(virtual) > 1:
                hi = 14
            nexts = (lo - 1, hi + 1 if hi < 13 else (ACE if hi == 13 else -1))
            for c in suited:
                if c.rank in nexts:
                    break
            else:
                return
        held = {v.rank for v in virtual}
        suited = [c for c in suited or () if c.rank not in held]
        if not suited and not jokers:
            return
        joker_sets = _joker_sets(jokers, rules.max_jokers_per_meld - len(meld.jokers))
        if corner:
            yield from _corner_layoffs(self, i, meld, virtual, suited, joker_sets, rules)
            return
        high = rules.ace == "high_or_low"
        ranks = [v.rank for v in virtual]
        ace_high = high and ACE in held and KING in held
        lo = min(ranks) if not ace_high else min(r for r in ranks if r != ACE)
        hi = max(ranks) if not ace_high else 14
        by_pos = _by_position(suited, high)
        seen: set = set()
        if len(joker_sets) == 1:
            # no jokers: the run grows by unbroken chains of places below and above its ends
            # (what _extensions gives with no gaps allowed, in the same order)
            downs: list[tuple[int, ...]] = [()]
            p = lo - 1
            while p in by_pos:
                downs.append(downs[-1] + (p,))
                p -= 1
            ups: list[tuple[int, ...]] = [()]
            p = hi + 1
            while p in by_pos:
                ups.append(ups[-1] + (p,))
                p += 1
            for down in downs:
                for up in ups:
                    chosen = down + up
                    if not chosen or (1 in chosen and 14 in chosen):
                        continue
                    for combo in itertools.product(*(by_pos[p] for p in chosen)):
                        if high and (1 in chosen or 14 in chosen):
                            key = frozenset(combo)
                            if key in seen:
                                continue
                            seen.add(key)
                        yield LayOff(combo, i)
            return
        below = sorted((p for p in by_pos if p < lo), reverse=True)
        above = sorted(p for p in by_pos if p > hi)
        max_gaps = len(joker_sets[-1])
        for down, g1 in _extensions(lo, below, max_gaps):
            for up, g2 in _extensions(hi, above, max_gaps - g1):
                for combo in _run_combos(by_pos, down + up, high, seen):
                    for js in joker_sets:
                        if (combo or js) and len(js) >= g1 + g2:
                            yield from self._lay_off_variants(i, meld, combo, js)

    def _meld_and_layoff_moves(self) -> list[PlayMeld | LayOff]:
        """The legal new melds, then the legal lay-offs (after the draw, once the player may meld).

        The same candidates as :meth:`_candidate_melds` and :meth:`_candidate_layoffs`, in the same
        order, checked by the same rules; when the hand has no joker it may use, a few bit tests on
        the ranks held per suit (:attr:`Card._sbit`) first skip the generators that could yield
        nothing: no rank in three suits and no three in a row means no meld candidate, and a table
        meld takes a lay-off only from a card of its rank (a group) or next to its ends (a run).
        """
        rules = self.rules
        hand = self.hands[self.turn]
        held = 0
        for c in hand:
            held |= c._sbit
        table = self.table
        # a rule refusing every meld or every lay-off now (the refusal's own test): no candidates to make
        melds = self._may_meld_now()
        if table and not self._may_lay_off_now():
            table = ()
        out: list[PlayMeld | LayOff] = []
        if (held & JOKER_BIT and rules.max_jokers_per_meld > 0) or rules.ace == "round_the_corner":
            grouped = self._grouped()
            if melds:
                rule = self._meld_rule
                out = [move for move in self._candidate_melds(grouped) if rule(move, move.cards) is None]
            if table:
                rule = self._lay_off_rule
                out += [move for move in self._candidate_layoffs(grouped) if rule(move, move.cards) is None]
            return out
        if not melds and not table:
            return out
        grouped = None
        if melds:
            s, h, d, c = held & 0xFFFF, (held >> 16) & 0xFFFF, (held >> 32) & 0xFFFF, (held >> 48) & 0xFFFF
            # a rank held in three suits, or three in a row of a suit (the 16-bit fields keep
            # bits 0, 14 and 15 clear, so the shifts never join two suits; a high ace is bit 14)
            runs = held & NATURAL_BITS
            if rules.ace == "high_or_low":
                runs |= (runs & _ACE_BITS) << 13
            if (s & h & (d | c)) | (d & c & (s | h)) or runs & (runs >> 1) & (runs >> 2):
                grouped = self._grouped()
                rule = self._meld_rule
                out = [move for move in self._candidate_melds(grouped) if rule(move, move.cards) is None]
        if table and held & self._table_attach():
            rule = self._lay_off_rule
            for i, tm in enumerate(table):
                attach = tm.meld._attach
                if attach < 0:
                    attach = _attach_mask(tm.meld)
                if held & attach:
                    if grouped is None:
                        grouped = self._grouped()
                    out += [move for move in self._layoffs_onto(i, tm.meld, grouped) if rule(move, move.cards) is None]
        return out

    def _table_attach(self) -> int:
        """The :func:`_attach_mask` bits of every table meld together: a hand with none of them can
        lay nothing off without a joker. Remembered while the table holds the same melds (a list
        compared item by item, so a table changed in any way is seen)."""
        seen = self._table_seen
        table = self.table
        if seen is None or seen[0] != table:
            mask = 0
            for tm in table:
                attach = tm.meld._attach
                mask |= attach if attach >= 0 else _attach_mask(tm.meld)
            seen = self._table_seen = (list(table), mask)
        return seen[1]

    def _meld_variants(self, naturals: tuple[Card, ...], jokers: tuple[Card, ...]) -> Iterator[PlayMeld]:
        """The meld of ``naturals`` and ``jokers`` as the engine reads it, then once for every other
        reading of its jokers that might be legal (the caller checks each)."""
        cards = naturals + jokers
        yield PlayMeld(cards)
        if not jokers:
            return
        default = self._meld_of(cards)
        if type(default) is not Meld:
            return
        seen = {_reading_key(default.jokers)}
        for reading in joker_readings(naturals, jokers, self.rules):
            key = _reading_key(reading)
            if key not in seen:
                seen.add(key)
                yield PlayMeld(cards, reading)

    def _lay_off_variants(
        self, i: int, meld: Meld, naturals: tuple[Card, ...], jokers: tuple[Card, ...]
    ) -> Iterator[LayOff]:
        """A lay-off as the engine reads its jokers, then with every other reading (checked by the caller)."""
        cards = naturals + jokers
        yield LayOff(cards, i)
        if not jokers:
            return
        try:
            default = meld.extended(cards, self.rules)
        except InvalidMeld:
            return
        seen = {_reading_key(tuple((j, default.stands_for(j)) for j in jokers))}
        virtual = [meld.stands_for(c) for c in meld.cards] + list(naturals)
        for reading in joker_readings(virtual, jokers, self.rules):
            key = _reading_key(reading)
            if key not in seen:
                seen.add(key)
                yield LayOff(cards, i, reading)


class Grouped(NamedTuple):
    """A hand sorted out: its jokers, its natural cards by rank and by suit (in :data:`_SUIT_INDEX` order)."""

    jokers: list[Card]
    by_rank: dict[int, list[Card]]
    by_suit: list[list[Card]]


#: A suit's place in :class:`Suit` order (suits hash by identity, so the lookup is quick).
_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
#: ``Card._sbit`` bits: every natural card (ranks 1–13 of the four suits), and the four aces.
_ACE_BITS = sum(1 << (16 * k + 1) for k in range(4))


def _run_combos(by_pos: dict, chosen: list, high: bool, seen: set) -> Iterator[tuple]:
    """The card choices for the run positions ``chosen`` (one card per position; a run cannot hold
    the ace at both ends). With a high ace the same cards can come from positions 1 and 14: each
    card set is yielded once per ``seen``."""
    if 1 in chosen and 14 in chosen:
        return
    both_ends = high and (1 in chosen or 14 in chosen)
    for combo in itertools.product(*(by_pos[p] for p in chosen)):
        if both_ends:
            key = frozenset(combo)
            if key in seen:
                continue
            seen.add(key)
        yield combo


def _attach_mask(meld: Meld) -> int:
    """The :attr:`Card._sbit` bits of the natural cards that could start a lay-off onto ``meld``
    without a joker: its rank in any suit for a group, the ranks just below and above a run's
    ends (remembered in the meld)."""
    mask = _attach_bits(meld)
    object.__setattr__(meld, "_attach", mask)
    return mask


def _attach_bits(meld: Meld) -> int:
    if meld.kind is MeldKind.GROUP:
        rank = meld.stands_for(meld.cards[0]).rank
        return sum(1 << (k * 16 + rank) for k in range(4))
    virtual = [meld.stands_for(c) for c in meld.cards] if meld.jokers else meld.cards
    lo, hi = virtual[0].rank, virtual[-1].rank
    if hi == ACE and len(virtual) > 1:
        hi = 14
    shift = _SUIT_INDEX[virtual[0].suit] * 16
    mask = 0
    for r in (lo - 1, hi + 1 if hi < 13 else (ACE if hi == 13 else -1)):
        if 1 <= r <= 13:
            mask |= 1 << (shift + r)
    return mask


def _joker_sets(jokers: Sequence[Card], most: int) -> list[tuple[Card, ...]]:
    """The ways to take up to ``most`` of the hand's jokers (the empty set first)."""
    out: list[tuple[Card, ...]] = [()]
    if not jokers:
        return out
    for k in range(1, min(most, len(jokers)) + 1):
        out.extend(itertools.combinations(jokers, k))
    return out


def _by_position(cards: Sequence[Card], high: bool) -> dict[int, list[Card]]:
    """Same-suit cards by their place in a run (1–13; an ace also 14 when it may be high)."""
    by_pos: dict[int, list[Card]] = {}
    for c in cards:
        by_pos.setdefault(c.rank, []).append(c)
        if high and c.rank == ACE:
            by_pos.setdefault(14, []).append(c)
    return by_pos


def _position_runs(positions: Sequence[int], max_gaps: int, smallest: int) -> list[tuple[tuple[int, ...], int]]:
    """Increasing subsets of ``positions`` (sorted, distinct) with at most ``max_gaps`` missing places
    between their ends, of ``smallest`` or more, with their number of gaps."""
    out: list[tuple[tuple[int, ...], int]] = []
    n = len(positions)
    if max_gaps == 0 and smallest >= 2:
        # no gaps: from each place, the places in a row after it (what grow() below gives, in order)
        for i in range(n):
            k = i + 1
            while k < n and positions[k] == positions[k - 1] + 1:
                if k - i + 1 >= smallest:
                    out.append((tuple(positions[i : k + 1]), 0))
                k += 1
        return out
    chosen: list[int] = []

    def grow(last: int, gaps: int) -> None:
        if len(chosen) >= smallest:
            out.append((tuple(chosen), gaps))
        for k in range(last + 1, n):
            g = gaps + positions[k] - positions[last] - 1
            if g > max_gaps:
                break
            chosen.append(positions[k])
            grow(k, g)
            chosen.pop()

    for i in range(n):
        chosen.append(positions[i])
        grow(i, 0)
        chosen.pop()
    return out


def _extensions(end: int, away: Sequence[int], max_gaps: int) -> list[tuple[tuple[int, ...], int]]:
    """Subsets of ``away`` (positions sorted by distance from a run's ``end``) that extend the run
    with at most ``max_gaps`` missing places, the empty one first, with their number of gaps."""
    out: list[tuple[tuple[int, ...], int]] = [((), 0)]
    if max_gaps < 0:
        return []
    chosen: list[int] = []

    def grow(last_pos: int, start: int, gaps: int) -> None:
        for k in range(start, len(away)):
            g = gaps + abs(away[k] - last_pos) - 1
            if g > max_gaps:
                break
            chosen.append(away[k])
            out.append((tuple(chosen), g))
            grow(away[k], k + 1, g)
            chosen.pop()

    grow(end, 0, 0)
    return out


def _corner_runs(deal, by_suit, joker_sets, smallest, rules) -> Iterator[PlayMeld]:
    """Run candidates when runs may go round the corner (every subset, checked by the caller)."""
    for cards in by_suit:
        cards = sorted(cards, key=lambda c: c.rank)
        for size in range(smallest, len(cards) + 1):
            for combo in itertools.combinations(cards, size):
                if len({c.rank for c in combo}) != size:
                    continue
                for js in joker_sets:
                    if not js:
                        if size >= 3 and run_positions(combo, rules) is not None:
                            yield PlayMeld(combo)
                    else:
                        yield from deal._meld_variants(combo, js)


def _corner_layoffs(deal, i, meld, virtual, suited, joker_sets, rules) -> Iterator[LayOff]:
    """Lay-off candidates onto a run when runs may go round the corner (checked by the caller)."""
    suited = sorted(suited, key=lambda c: c.rank)
    for size in range(0, len(suited) + 1):
        for combo in itertools.combinations(suited, size):
            if len({c.rank for c in combo}) != size:
                continue
            for js in joker_sets:
                if not size and not js:
                    continue
                if js or meld.jokers or run_positions(meld.cards + combo, rules) is not None:
                    yield from deal._lay_off_variants(i, meld, combo, js)


def _reading_key(reading) -> frozenset:
    return frozenset((id(j), s.rank, id(s.suit)) for j, s in reading)


def joker_readings(naturals: Sequence[Card], jokers: Sequence[Card], rules) -> list[tuple[tuple[Card, Card], ...]]:
    """Ways the ``jokers`` could stand for cards next to ``naturals`` (the cards a meld would hold
    besides them, jokers already on the table by what they stand for): a quick, complete list of
    candidates; the rules decide which of them are valid.

    In a run (no corner) only the readings that make one gapless run are listed
    (:func:`~rommikirja.melds.run_positions`): the only ones the rules could accept, so the caller
    checks fewer.

    >>> from rommikirja.cards import parse_cards
    >>> from rommikirja.rules import RuleSet
    >>> [[s.code for _, s in r] for r in joker_readings(parse_cards("2H 3H"), parse_cards("JK"), RuleSet())]
    [['AH'], ['4H']]
    >>> [[s.code for _, s in r] for r in joker_readings(parse_cards("7H 9H"), parse_cards("JK"), RuleSet())]
    [['8H']]
    >>> [[s.code for _, s in r]
    ...  for r in joker_readings(parse_cards("QH KH"), parse_cards("JK"), RuleSet(ace="high_or_low"))]
    [['AH'], ['JH']]
    """
    if not naturals or not jokers:
        return []
    ranks = {c.rank for c in naturals}
    suits = {id(c.suit) for c in naturals}
    n = len(jokers)
    if len(ranks) == 1:
        rank = next(iter(ranks))
        options = [stand_in(rank, s) for s in SUITS if id(s) not in suits]
    elif len(suits) == 1:
        suit = naturals[0].suit
        lo, hi = min(ranks) - n, max(ranks) + n
        if rules.ace == "round_the_corner":
            options = [stand_in(r, suit) for r in range(1, 14) if r not in ranks]
        else:
            options = [stand_in(r, suit) for r in range(1, 14) if r not in ranks and (lo <= r <= hi or r == ACE)]
            naturals = list(naturals)
            return [
                tuple(zip(jokers, stands))
                for stands in itertools.permutations(options, n)
                if run_positions(naturals + list(stands), rules) is not None
            ]
    else:
        return []
    return [tuple(zip(jokers, stands)) for stands in itertools.permutations(options, n)]
