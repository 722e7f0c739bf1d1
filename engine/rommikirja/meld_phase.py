"""The meld phase of a turn: new melds and lay-offs onto the table, their rules and making them.

A mixin of :class:`rommikirja.deal.Deal`, typed against :class:`~rommikirja.deal_state.DealState`: it reads and changes the deal's fields. The candidates
the legal moves are picked from are :mod:`~rommikirja.meld_moves`'s.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .codes import (
    FINAL_DISCARD_REQUIRED,
    LAY_OFF_BEFORE_MELD,
    NOT_OPENED,
    NO_CARDS,
    NO_SUCH_MELD,
    ONE_MELD_PER_TURN,
    STUCK_WITH_TAKEN_CARD,
)
from .cards import Card
from .deal_state import DealState
from .errors import IllegalMove, InvalidMeld, malformed_move, meld_refusal, no_such_card, not_in_hand, reading_refusal
from .finnish import card_name
from .melds import Meld
from .moves import EV_LAY_OFF, EV_MELD
from .moves import Event, LayOff, Phase, PlayMeld, TableMeld


__all__ = ["MeldPhase"]


class MeldPhase(DealState):
    """Melding and laying off: refusals, the remembered meld checks, and making the move."""

    # remembered per deal, set on first use (see Deal._legal_view)
    _melds_seen: "tuple | None" = None  # _memo: (rules, melds memo, lay-offs memo)

    # -- refusals -------------------------------------------------------------------------

    def _not_opened_refusal(self, lay_off: bool = False) -> IllegalMove:
        points = self.rules.opening_points
        pure = " ja joihin kuuluu puhdas suora" if self.rules.opening_pure_run else ""
        opening = f"jonka yhdistelmät ovat yhteensä vähintään {points} pistettä{pure}"
        if lay_off:  # a lay-off is no meld: say that the table's melds wait for the opening
            return IllegalMove(
                NOT_OPENED,
                lambda who: (
                    f"{who} ei ole vielä avannut, eikä ennen avausta saa lisätä kortteja pöydän "
                    f"yhdistelmiin: ensin hänen on pelattava pöytään koko avaus, {opening}."
                ),
            )
        return IllegalMove(
            NOT_OPENED,
            lambda who: f"{who} ei ole vielä avannut, joten hän voi pelata pöytään vain koko avauksen, {opening}.",
        )

    def _cards_refusal(self, cards) -> IllegalMove | None:
        """Why ``cards`` cannot be played from the hand at all (none, not cards, not held)."""
        if type(cards) is not tuple:
            if not isinstance(cards, (list, tuple)):
                return malformed_move()
            cards = tuple(cards)
        if not cards:
            return IllegalMove(NO_CARDS, "Siirrossa ei ole yhtään korttia.")
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
                return IllegalMove(
                    FINAL_DISCARD_REQUIRED,
                    lambda who: (
                        f"{who} ei voi pelata kaikkia korttejaan pöytään, koska "
                        "tässä pelissä ulos mennään aina poistamalla viimeinen kortti."
                    ),
                )
            return None
        if taken is None or left != [taken]:
            return None
        after = self.copy()
        after.push(move)
        if after.phase is Phase.PLAY and any(after.is_legal(LayOff((taken,), i)) for i in range(len(after.table))):
            return None
        return IllegalMove(
            STUCK_WITH_TAKEN_CARD,
            lambda who: (
                f"{who} ei voi jättää käteensä pelkkää poistopakasta otettua "
                f"{card_name(taken, 'part')}, koska sitä ei saa poistaa samalla "
                "vuorolla eikä sitä voi lisätä pöytään."
            ),
        )

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
        if not self._may_meld_now():
            return IllegalMove(
                ONE_MELD_PER_TURN,
                lambda who: (
                    f"{who} on jo pelannut uuden yhdistelmän "
                    "tällä vuorolla, eikä tässä pelissä saa pelata "
                    "toista samalla vuorolla."
                ),
            )
        jokers = move.jokers
        if jokers:
            err = reading_refusal(cards, jokers)
            if err is not None:
                return err
        meld = self._meld_of(cards, jokers)
        if type(meld) is not Meld:
            return meld_refusal(meld, cards)
        return self._leaves_refusal(move, cards)

    def _refuse_lay_off(self, move: LayOff) -> IllegalMove | None:
        if self._must_open():
            return self._not_opened_refusal(lay_off=True)
        cards = move.cards
        err = self._cards_refusal(cards)
        if err is not None:
            return err
        cards = tuple(cards)
        target = move.target
        if type(target) is not int or not 0 <= target < len(self.table):
            return IllegalMove(NO_SUCH_MELD, "Pöydällä ei ole sellaista yhdistelmää.")
        return self._lay_off_rule(move, cards)

    def _lay_off_rule(self, move: LayOff, cards: tuple[Card, ...]) -> IllegalMove | None:
        """The rules of a lay-off once the phase, the opening, the cards held and the target are
        checked (the move generator asks this directly for the card sets it makes from the hand)."""
        if not self._may_lay_off_now():
            return IllegalMove(
                LAY_OFF_BEFORE_MELD,
                lambda who: (
                    f"{who} ei ole vielä pelannut omaa "
                    "yhdistelmää, ja tässä pelissä kortteja "
                    "saa lisätä pöytään vasta sen jälkeen."
                ),
            )
        if move.jokers:
            err = reading_refusal(cards, move.jokers)
            if err is not None:
                return err
        extended = self._extension_of(self.table[move.target].meld, cards, move.jokers)
        if type(extended) is not Meld:
            return extended
        return self._leaves_refusal(move, cards)

    def _may_meld_now(self) -> bool:
        """The rule ``melds_per_turn``: whether the player in turn may still make a new meld this
        turn (the move generator asks it too, before making any candidate)."""
        return self.rules.melds_per_turn != "one" or self.melds_this_turn < 1

    def _may_lay_off_now(self) -> bool:
        """The rule ``lay_off_before_meld``: whether the player in turn may lay off yet (asked by the
        move generator too)."""
        return self.rules.lay_off_before_meld or self._has_own_meld()

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
        self.events.append(Event(p, EV_MELD, meld.cards, len(self.table) - 1, meld.jokers))
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
        laid = tuple((j, s) for j, s in meld.jokers if any(j is c or j == c for c in move.cards)) if meld.jokers else ()
        self.events.append(Event(self.turn, EV_LAY_OFF, tuple(move.cards), move.target, laid))
        if not self.hands[self.turn]:
            self._went_out()

    def _meld_of(self, cards: tuple[Card, ...], jokers: tuple = ()) -> Meld | InvalidMeld:
        """``Meld.from_cards(cards, self.rules)`` or the :class:`InvalidMeld` it raises, remembered for
        the deal while the same card objects are asked about again (an opening's melds are checked
        many times over, and a hand's candidates come back turn after turn)."""
        memo = self._memo(0)
        if jokers:
            # a declared reading: remembered by the jokers' objects and the (card) values they stand for
            if type(jokers) is not tuple or not all(
                type(p) is tuple and len(p) == 2 and type(p[1]) is Card for p in jokers
            ):
                try:
                    return Meld.from_cards(cards, self.rules, jokers)
                except InvalidMeld as err:
                    return err
            key = (tuple(map(id, cards)), tuple([(id(j), s) for j, s in jokers]))
            hit = memo.get(key)
            if (
                hit is not None
                and all(a is b for a, b in zip(hit[0], cards))
                and all(a[0] is b[0] for a, b in zip(hit[2], jokers))
            ):
                return hit[1]
            try:
                result = Meld.from_cards(cards, self.rules, jokers)
            except InvalidMeld as err:
                result = err
            memo[key] = (cards, result, jokers)  # (the jokers stay alive too)
            return result
        key = tuple(map(id, cards))
        hit = memo.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], cards)):
            return hit[1]
        try:
            result = Meld.from_cards(cards, self.rules)
        except InvalidMeld as err:
            result = err
        memo[key] = (cards, result)  # the cards stay alive: their ids are not reused
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
