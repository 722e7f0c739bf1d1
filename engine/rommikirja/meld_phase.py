"""The meld phase of a turn: new melds and lay-offs onto the table.

A mixin of :class:`rommikirja.deal.Deal`; it reads and changes the deal's fields.
"""
from __future__ import annotations

import itertools
from operator import attrgetter
from typing import Iterable, Iterator, NamedTuple, Sequence

from .cards import ACE, JOKER_BIT, KING, SUITS, Card, Suit, stand_in
from .errors import IllegalMove, InvalidMeld, malformed_move, meld_refusal, no_such_card, not_in_hand
from .finnish import card_name
from .melds import Meld, MeldKind, holds, run_positions
from .moves import Event, LayOff, Phase, PlayMeld, TableMeld

__all__ = ["MeldPhase"]


class MeldPhase:
    """Melding and laying off: candidates, refusals, and making the move."""

    # remembered per deal, set on first use (see Deal._legal_view)
    _table_seen: "tuple[list, int] | None" = None        # _table_attach: (the table, its bits)
    _melds_seen: "tuple | None" = None                   # _memo: (rules, melds memo, lay-offs memo)

    # -- candidates -----------------------------------------------------------------------

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
                                yield PlayMeld(combo)       # (natural cards: their one reading)
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
                                yield LayOff(combo, i)      # (natural cards: their one reading)
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
        # a rule refusing every meld or every lay-off now: no candidates to make
        melds = not (rules.melds_per_turn == "one" and self.melds_this_turn >= 1)
        if table and not rules.lay_off_before_meld and not self._has_own_meld():
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
            runs = held & _NATURAL_BITS
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
                    out += [move for move in self._layoffs_onto(i, tm.meld, grouped)
                            if rule(move, move.cards) is None]
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

    def _lay_off_variants(self, i: int, meld: Meld, naturals: tuple[Card, ...],
                          jokers: tuple[Card, ...]) -> Iterator[LayOff]:
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

    # -- refusals -------------------------------------------------------------------------

    def _not_opened_refusal(self) -> IllegalMove:
        points = self.rules.opening_points
        pure = " ja joihin kuuluu puhdas suora" if self.rules.opening_pure_run else ""
        return IllegalMove("not_opened", lambda who: f"{who} ei ole vielä avannut, joten hän voi pelata "
                                                     f"pöytään vain koko avauksen, jonka yhdistelmät ovat "
                                                     f"yhteensä vähintään {points} pistettä{pure}.")

    def _cards_refusal(self, cards) -> IllegalMove | None:
        """Why ``cards`` cannot be played from the hand at all (none, not cards, not held)."""
        if type(cards) is not tuple:
            if not isinstance(cards, (list, tuple)):
                return malformed_move()
            cards = tuple(cards)
        if not cards:
            return IllegalMove("no_cards", "Siirrossa ei ole yhtään korttia.")
        hand = self.hands[self.turn]
        # fast path: distinct objects of the hand (a hand holds no card twice)
        ids = {id(c) for c in cards}
        if len(ids) == len(cards) and ids <= {id(c) for c in hand}:
            return None
        if not all(type(c) is Card for c in cards):
            return malformed_move()
        if all(c in hand for c in cards) and len(set(cards)) == len(cards):
            return None
        err = no_such_card(cards, self.rules)
        if err is not None:
            return err
        return not_in_hand(tuple(c for c in cards if c not in hand) or cards)

    def _leaves_refusal(self, move, used: Sequence[Card]) -> IllegalMove | None:
        """Whether the turn can still end after ``move`` puts ``used`` on the table.

        Going out without a discard is refused when the rules want a final discard. A hand
        left holding only the card taken from the discard pile is refused unless the rest of
        the turn can still lay that card off (it may not be discarded).
        """
        taken = self.taken_from_discard
        hand = self.hands[self.turn]
        if len(hand) > len(used) + 1:
            return None
        left = [c for c in hand if c not in used]
        if not left:
            if self.rules.final_discard == "required":
                return IllegalMove("final_discard_required",
                                   lambda who: f"{who} ei voi pelata kaikkia korttejaan pöytään, koska "
                                               "tässä pelissä ulos mennään aina poistamalla viimeinen kortti.")
            return None
        if taken is None or left != [taken]:
            return None
        after = self.copy()
        after.push(move)
        if after.phase is Phase.PLAY and any(after.is_legal(LayOff((taken,), i))
                                             for i in range(len(after.table))):
            return None
        return IllegalMove("stuck_with_taken_card",
                           lambda who: f"{who} ei voi jättää käteensä pelkkää poistopakasta otettua "
                                       f"{card_name(taken, 'part')}, koska sitä ei saa poistaa samalla "
                                       "vuorolla eikä sitä voi lisätä pöytään.")

    def _refuse_meld(self, move: PlayMeld) -> IllegalMove | None:
        if self._must_open():
            return self._not_opened_refusal()
        cards = move.cards
        err = self._cards_refusal(cards)
        if err is not None:
            return err
        return self._meld_rule(move, tuple(cards))

    def _meld_rule(self, move: PlayMeld, cards: tuple[Card, ...]) -> IllegalMove | None:
        """The rules of a new meld once the phase, the opening and the cards held are checked
        (the move generator asks this directly for the card sets it makes from the hand)."""
        if self.rules.melds_per_turn == "one" and self.melds_this_turn >= 1:
            return IllegalMove("one_meld_per_turn", lambda who: f"{who} on jo pelannut uuden yhdistelmän "
                                                                "tällä vuorolla, eikä tässä pelissä saa pelata "
                                                                "toista samalla vuorolla.")
        jokers = move.jokers
        if jokers:
            err = _reading_refusal(cards, jokers)
            if err is not None:
                return err
        meld = self._meld_of(cards, jokers)
        if type(meld) is not Meld:
            return meld_refusal(meld, cards)
        return self._leaves_refusal(move, cards)

    def _refuse_lay_off(self, move: LayOff) -> IllegalMove | None:
        if self._must_open():
            return self._not_opened_refusal()
        cards = move.cards
        err = self._cards_refusal(cards)
        if err is not None:
            return err
        cards = tuple(cards)
        target = move.target
        if type(target) is not int or not 0 <= target < len(self.table):
            return IllegalMove("no_such_meld", "Pöydällä ei ole sellaista yhdistelmää.")
        return self._lay_off_rule(move, cards)

    def _lay_off_rule(self, move: LayOff, cards: tuple[Card, ...]) -> IllegalMove | None:
        """The rules of a lay-off once the phase, the opening, the cards held and the target are
        checked (the move generator asks this directly for the card sets it makes from the hand)."""
        if not self.rules.lay_off_before_meld and not self._has_own_meld():
            return IllegalMove("lay_off_before_meld", lambda who: f"{who} ei ole vielä pelannut omaa "
                                                                  "yhdistelmää, ja tässä pelissä kortteja "
                                                                  "saa lisätä pöytään vasta sen jälkeen.")
        if move.jokers:
            err = _reading_refusal(cards, move.jokers)
            if err is not None:
                return err
        extended = self._extension_of(self.table[move.target].meld, cards, move.jokers)
        if type(extended) is not Meld:
            return extended
        return self._leaves_refusal(move, cards)

    # -- making the move ------------------------------------------------------------------

    def _apply_meld(self, move: PlayMeld) -> None:
        p = self.turn
        meld = self._meld_of(tuple(move.cards), move.jokers)
        if type(meld) is not Meld:
            raise meld
        self._remove_from_hand(move.cards)
        self.table.append(TableMeld(p, meld))
        self.melds_this_turn += 1
        self.played_this_turn = True
        self.opened[p] = True
        self.events.append(Event(p, "meld", meld.cards, len(self.table) - 1, meld.jokers))
        if not self.hands[p]:
            self._went_out()

    def _apply_lay_off(self, move: LayOff) -> None:
        tm = self.table[move.target]
        meld = self._extension_of(tm.meld, tuple(move.cards), move.jokers)
        if type(meld) is not Meld:
            raise meld
        self.table[move.target] = TableMeld(tm.owner, meld)
        self._remove_from_hand(move.cards)
        self.played_this_turn = True
        laid = (tuple((j, s) for j, s in meld.jokers if any(j is c or j == c for c in move.cards))
                if meld.jokers else ())
        self.events.append(Event(self.turn, "lay_off", tuple(move.cards), move.target, laid))
        if not self.hands[self.turn]:
            self._went_out()

    def _meld_of(self, cards: tuple[Card, ...], jokers: tuple = ()) -> Meld | InvalidMeld:
        """``Meld.from_cards(cards, self.rules)`` or the :class:`InvalidMeld` it raises, remembered for
        the deal while the same card objects are asked about again (an opening's melds are checked
        many times over, and a hand's candidates come back turn after turn)."""
        memo = self._memo(0)
        if jokers:
            # a declared reading: remembered by the jokers' objects and the (card) values they stand for
            if type(jokers) is not tuple or not all(type(p) is tuple and len(p) == 2 and type(p[1]) is Card
                                                    for p in jokers):
                try:
                    return Meld.from_cards(cards, self.rules, jokers)
                except InvalidMeld as err:
                    return err
            key = (tuple(map(id, cards)), tuple([(id(j), s) for j, s in jokers]))
            hit = memo.get(key)
            if (hit is not None and all(a is b for a, b in zip(hit[0], cards))
                    and all(a[0] is b[0] for a, b in zip(hit[2], jokers))):
                return hit[1]
            try:
                result = Meld.from_cards(cards, self.rules, jokers)
            except InvalidMeld as err:
                result = err
            memo[key] = (cards, result, jokers)     # (the jokers stay alive too)
            return result
        key = tuple(map(id, cards))
        hit = memo.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], cards)):
            return hit[1]
        result = _natural_meld(cards, self.rules)
        if result is None:
            try:
                result = Meld.from_cards(cards, self.rules)
            except InvalidMeld as err:
                result = err
        memo[key] = (cards, result)    # the cards stay alive: their ids are not reused
        return result

    def _extension_of(self, meld: Meld, cards: tuple[Card, ...], jokers: tuple = ()) -> Meld | InvalidMeld:
        """``meld.extended(cards, self.rules, jokers)`` or the :class:`InvalidMeld` it raises; remembered
        (without ``jokers``) like :meth:`_meld_of`, so making a lay-off reuses its check."""
        if jokers:
            try:
                return meld.extended(cards, self.rules, jokers)
            except InvalidMeld as err:
                return err
        memo = self._memo(1)
        key = (id(meld),) + tuple(map(id, cards))
        hit = memo.get(key)
        if hit is not None and hit[0] is meld and all(a is b for a, b in zip(hit[1], cards)):
            return hit[2]
        # (a meld without jokers extended by natural cards is classified like a new meld of them all)
        result = None if meld.jokers else _natural_meld(meld.cards + cards, self.rules)
        if result is None:
            try:
                result = meld.extended(cards, self.rules)
            except InvalidMeld as err:
                result = err
        memo[key] = (meld, cards, result)
        return result

    def _memo(self, which: int) -> dict:
        """The deal's memo ``which`` (0: melds, 1: lay-offs), emptied when the rules change or it grows large."""
        cache = self._melds_seen
        if cache is None or cache[0] is not self.rules:
            cache = self._melds_seen = (self.rules, {}, {})
        memo = cache[1 + which]
        if len(memo) > 50_000:
            memo.clear()
        return memo

    def _remove_from_hand(self, cards: Iterable[Card]) -> None:
        hand = self.hands[self.turn]
        for c in cards:
            for i, h in enumerate(hand):
                if h is c:
                    del hand[i]
                    break
            else:
                hand.remove(c)

    def _has_own_meld(self) -> bool:
        return any(tm.owner == self.turn for tm in self.table)


class Grouped(NamedTuple):
    """A hand sorted out: its jokers, its natural cards by rank and by suit (in :data:`_SUIT_INDEX` order)."""

    jokers: list[Card]
    by_rank: dict[int, list[Card]]
    by_suit: list[list[Card]]


#: A suit's place in :class:`Suit` order (suits hash by identity, so the lookup is quick).
_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
#: ``Card._sbit`` bits: every natural card (ranks 1–13 of the four suits), and the four aces.
_NATURAL_BITS = sum(0x3FFE << (16 * k) for k in range(4))
_ACE_BITS = sum(1 << (16 * k + 1) for k in range(4))



def _natural_meld(cards: tuple[Card, ...], rules) -> Meld | None:
    """``Meld.from_cards(cards, rules)`` when ``cards`` are natural cards that make a group or a run
    without a gap (not going round the corner), found with a few bit tests on :attr:`Card._sbit`;
    ``None`` for anything else (jokers, a card twice, not a meld): ``from_cards`` decides those and
    explains a refusal. ``tests/test_legal.py`` compares the two on random card sets.

    >>> from rommikirja.cards import parse_cards
    >>> from rommikirja.rules import RuleSet
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
        if not b & _NATURAL_BITS or b & bits:      # a joker, or the same rank and suit twice
            return None
        bits |= b
    ranks = (bits | bits >> 16 | bits >> 32 | bits >> 48) & 0xFFFF
    if ranks & (ranks - 1) == 0:
        # one rank, every card of another suit (a bit each): a group, in suit order
        return Meld(MeldKind.GROUP, tuple(sorted(cards, key=_sbit)))
    shift = (cards[0]._sbit.bit_length() - 1) & ~15     # the first card's suit field
    if ranks << shift != bits:
        return None                                     # more than one suit
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
                    out.append((tuple(positions[i:k + 1]), 0))
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


def _reading_refusal(cards: Sequence[Card], jokers) -> IllegalMove | None:
    """Why a move's ``jokers`` (joker, card) pairs are not a reading of its own jokers, or ``None``."""
    if not isinstance(jokers, (tuple, list)):
        return malformed_move()
    named: list[Card] = []
    for pair in jokers:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            return malformed_move()
        joker, stands = pair
        if type(joker) is not Card or type(stands) is not Card:
            return malformed_move()
        if not joker.is_joker or not any(joker is c or joker == c for c in cards) or joker in named:
            return IllegalMove("joker_reading", "Jokerin merkityksen voi kertoa vain siirron omalle "
                                                "jokerille, kullekin kerran.")
        if stands.is_joker or not 1 <= stands.rank <= 13:
            return IllegalMove("joker_reading", "Jokeri voi esittää vain tavallista korttia.")
        named.append(joker)
    return None


def joker_readings(naturals: Sequence[Card], jokers: Sequence[Card], rules) -> list[tuple[tuple[Card, Card], ...]]:
    """Ways the ``jokers`` could stand for cards next to ``naturals`` (the cards a meld would hold
    besides them, jokers already on the table by what they stand for): a quick, complete list of
    candidates; the rules decide which of them are valid.

    In a run (no corner) only the readings that make the ranks consecutive are listed, the ace
    low or, when the rules allow it, high: the only ones the rules could accept, so the caller
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
            high = rules.ace == "high_or_low"
            return [tuple(zip(jokers, stands)) for stands in itertools.permutations(options, n)
                    if _consecutive_with(ranks, stands, high)]
    else:
        return []
    return [tuple(zip(jokers, stands)) for stands in itertools.permutations(options, n)]


def _consecutive_with(ranks: set[int], stands: tuple[Card, ...], high: bool) -> bool:
    """Whether ``ranks`` with the ranks of ``stands`` are one unbroken run (the ace low, or
    with ``high`` also after the king): the run check of :func:`rommikirja.melds._classify`."""
    every = ranks.union(c.rank for c in stands)
    if max(every) - min(every) == len(every) - 1:
        return True
    if high and ACE in every:
        every = {14 if r == ACE else r for r in every}
        return max(every) - min(every) == len(every) - 1
    return False
