"""The meld phase of a turn: new melds and lay-offs onto the table.

A mixin of :class:`rommikirja.deal.Deal`; it reads and changes the deal's fields.
"""
from __future__ import annotations

import itertools
from typing import Iterable, Iterator, Sequence

from .cards import ACE, Card
from .errors import IllegalMove, InvalidMeld, not_in_hand
from .finnish import card_name
from .melds import Meld, MeldKind, run_positions
from .moves import Event, LayOff, PlayMeld, TableMeld

__all__ = ["MeldPhase"]


class MeldPhase:
    """Melding and laying off: candidates, refusals, and making the move."""

    # -- candidates -----------------------------------------------------------------------

    def _candidate_melds(self) -> Iterator[PlayMeld]:
        """Every card set of the hand that might be a meld (the caller checks each one).

        Complete: any meld the rules accept is among them, as a set of cards (the
        property tests compare this with :meth:`is_legal` over every subset of a hand).
        """
        rules = self.rules
        naturals: list[Card] = []
        jokers: list[Card] = []
        for c in self.hand:
            (jokers if c.is_joker else naturals).append(c)
        joker_sets = _joker_sets(jokers, rules.max_jokers_per_meld)
        by_rank: dict[int, list[Card]] = {}
        by_suit: dict[object, list[Card]] = {}
        for c in naturals:
            by_rank.setdefault(c.rank, []).append(c)
            by_suit.setdefault(c.suit, []).append(c)
        smallest = 2 if jokers and rules.max_jokers_per_meld else 3
        for cards in by_rank.values():
            for size in range(smallest, min(4, len(cards)) + 1):
                for combo in itertools.combinations(cards, size):
                    if len({c.suit for c in combo}) != size:
                        continue
                    for js in joker_sets:
                        if 3 <= size + len(js) <= 4:
                            yield PlayMeld(combo + js)
        corner = rules.ace == "round_the_corner"
        for cards in by_suit.values():
            cards.sort(key=lambda c: c.rank)
            for size in range(smallest, len(cards) + 1):
                for combo in itertools.combinations(cards, size):
                    ranks = [c.rank for c in combo]
                    if len(set(ranks)) != size:
                        continue
                    gaps = _gaps(ranks, rules)
                    for js in joker_sets:
                        if not js:
                            if size >= 3 and run_positions(combo, rules) is not None:
                                yield PlayMeld(combo)
                        elif gaps <= len(js) or corner:
                            yield PlayMeld(combo + js)

    def _candidate_layoffs(self) -> Iterator[LayOff]:
        """Every card set of the hand that might be laid off onto a table meld (checked by the caller)."""
        rules = self.rules
        naturals: list[Card] = []
        jokers: list[Card] = []
        for c in self.hand:
            (jokers if c.is_joker else naturals).append(c)
        corner = rules.ace == "round_the_corner"
        for i, tm in enumerate(self.table):
            meld = tm.meld
            room = rules.max_jokers_per_meld - len(meld.jokers)
            joker_sets = _joker_sets(jokers, room)
            if meld.kind is MeldKind.GROUP:
                rank = meld.stands_for(meld.cards[0]).rank
                same = [c for c in naturals if c.rank == rank]
                for size in range(0, 5 - len(meld.cards)):
                    for combo in itertools.combinations(same, size):
                        for js in joker_sets:
                            if 1 <= size + len(js) <= 4 - len(meld.cards):
                                yield LayOff(combo + js, i)
                continue
            virtual = [meld.stands_for(c) for c in meld.cards]
            suit = virtual[0].suit
            held = {v.rank for v in virtual}
            suited = sorted((c for c in naturals if c.suit is suit and c.rank not in held),
                            key=lambda c: c.rank)
            for size in range(0, len(suited) + 1):
                for combo in itertools.combinations(suited, size):
                    ranks = [c.rank for c in combo]
                    if len(set(ranks)) != size:
                        continue
                    gaps = _gaps(ranks + [v.rank for v in virtual], rules)
                    for js in joker_sets:
                        if not size and not js:
                            continue
                        if not js and not meld.jokers:
                            ok = run_positions(meld.cards + combo, rules) is not None
                        else:
                            ok = corner or gaps <= len(js)
                        if ok:
                            yield LayOff(combo + js, i)

    # -- refusals -------------------------------------------------------------------------

    def _not_opened_refusal(self) -> IllegalMove:
        return IllegalMove("not_opened", f"Ennen avausta ei saa pelata yhdistelmiä eikä lisätä "
                                         f"kortteja pöytään: avaa ensin yhdistelmillä, joiden pisteet "
                                         f"ovat yhteensä vähintään {self.rules.opening_points}"
                                         f"{' ja joihin kuuluu puhdas suora' if self.rules.opening_pure_run else ''}.")

    def _cards_refusal(self, cards: tuple[Card, ...]) -> IllegalMove | None:
        if not cards:
            return IllegalMove("no_cards", "Siirrossa ei ole yhtään korttia.")
        missing = [c for c in cards if c not in self.hand]
        if missing or len(set(cards)) != len(cards):
            return not_in_hand(tuple(missing) or cards)
        return None

    def _leaves_refusal(self, used: Sequence[Card], message: str) -> IllegalMove | None:
        """What the hand would be left with after playing ``used`` (``message``: no final discard)."""
        left = [c for c in self.hand if c not in used]
        if not left and self.rules.final_discard == "required":
            return IllegalMove("final_discard_required", message)
        if left and all(c == self.taken_from_discard for c in left):
            return IllegalMove("stuck_with_taken_card",
                               f"Käteen jäisi vain poistopakasta nostettu {card_name(left[0])}, "
                               "jota ei saa poistaa samalla vuorolla.")
        return None

    _FINAL_DISCARD = ("Tässä pelissä ulos mennään aina poistamalla viimeinen kortti: yksi kortti on "
                      "jätettävä käteen poistettavaksi.")

    def _refuse_meld(self, move: PlayMeld) -> IllegalMove | None:
        if self._must_open():
            return self._not_opened_refusal()
        cards = tuple(move.cards)
        err = self._cards_refusal(cards)
        if err is not None:
            return err
        if self.rules.melds_per_turn == "one" and self.melds_this_turn >= 1:
            return IllegalMove("one_meld_per_turn", "Tässä pelissä vuorossa saa pelata vain yhden "
                                                    "uuden yhdistelmän.")
        try:
            Meld.from_cards(cards, self.rules)
        except InvalidMeld as err:
            return err
        return self._leaves_refusal(cards, self._FINAL_DISCARD)

    def _refuse_lay_off(self, move: LayOff) -> IllegalMove | None:
        if self._must_open():
            return self._not_opened_refusal()
        cards = tuple(move.cards)
        err = self._cards_refusal(cards)
        if err is not None:
            return err
        if not 0 <= move.target < len(self.table):
            return IllegalMove("no_such_meld", "Pöydällä ei ole sellaista yhdistelmää.")
        if not self.rules.lay_off_before_meld and not self._has_own_meld():
            return IllegalMove("lay_off_before_meld", "Tässä pelissä kortteja saa lisätä pöydän "
                                                      "yhdistelmiin vasta, kun on itse pelannut "
                                                      "yhdistelmän pöytään.")
        try:
            self.table[move.target].meld.extended(cards, self.rules)
        except InvalidMeld as err:
            return err
        return self._leaves_refusal(cards, self._FINAL_DISCARD)

    # -- making the move ------------------------------------------------------------------

    def _apply_meld(self, move: PlayMeld) -> None:
        p = self.turn
        meld = Meld.from_cards(move.cards, self.rules)
        self._remove_from_hand(move.cards)
        self.table.append(TableMeld(p, meld))
        self.melds_this_turn += 1
        self.played_this_turn = True
        self.opened[p] = True
        self.events.append(Event(p, "meld", meld.cards, len(self.table) - 1))
        if not self.hand:
            self._went_out()

    def _apply_lay_off(self, move: LayOff) -> None:
        tm = self.table[move.target]
        self.table[move.target] = TableMeld(tm.owner, tm.meld.extended(move.cards, self.rules))
        self._remove_from_hand(move.cards)
        self.played_this_turn = True
        self.events.append(Event(self.turn, "lay_off", tuple(move.cards), move.target))
        if not self.hand:
            self._went_out()

    def _remove_from_hand(self, cards: Iterable[Card]) -> None:
        for c in cards:
            self.hand.remove(c)

    def _has_own_meld(self) -> bool:
        return any(tm.owner == self.turn for tm in self.table)


def _joker_sets(jokers: Sequence[Card], most: int) -> list[tuple[Card, ...]]:
    """The ways to take up to ``most`` of the hand's jokers (the empty set first)."""
    out: list[tuple[Card, ...]] = [()]
    for k in range(1, min(most, len(jokers)) + 1):
        out.extend(itertools.combinations(jokers, k))
    return out


def _gaps(ranks: Sequence[int], rules) -> int:
    """How many cards are missing between distinct same-suit ``ranks`` in their best order.

    Only a quick necessary test for runs with jokers: a run needs a joker for every gap.
    """
    if not ranks:
        return 0
    low = max(ranks) - min(ranks) + 1 - len(ranks)
    if rules.ace == "high_or_low" and ACE in ranks:
        high = [14 if r == ACE else r for r in ranks]
        return min(low, max(high) - min(high) + 1 - len(high))
    return low
