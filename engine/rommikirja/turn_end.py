"""The end of a turn and of the deal: discarding, passing the turn on, going out, a blocked stock.

A mixin of :class:`rommikirja.deal.Deal`, typed against :class:`~rommikirja.deal_state.DealState`: it reads and changes the deal's fields.
"""

from __future__ import annotations

from .deal_state import DealState
from .errors import IllegalMove, discard_taken_card
from .moves import EV_BLOCKED, EV_DEADLOCK, EV_DISCARD, EV_OUT, EV_STOCK_USED
from .moves import DRAW_PHASE, OVER_PHASE, Discard, EndReason, Event, Outcome, new_event


__all__ = ["TurnEnd"]


class TurnEnd(DealState):
    """Discarding and everything that ends a turn or the deal."""

    def _refuse_discard(self, move: Discard) -> IllegalMove | None:
        card = move.card
        for c in self.hands[self.turn]:  # (melds.holds, without the call)
            if c is card:
                break
        else:
            if card not in self.hands[self.turn]:
                return self._cards_refusal((card,))
        kept = self.taken_from_discard  # (the card taken from the pile stays: _undiscardable)
        if kept is None or (card is not kept and card != kept):
            return None
        return discard_taken_card(card)

    def _undiscardable(self):
        """The one card of the hand that may not be discarded now (taken from the pile), or ``None``."""
        return self.taken_from_discard

    def _apply_discard(self, move: Discard) -> None:
        card = move.card
        hand = self.hands[self.turn]
        for i, c in enumerate(hand):  # the very card object first (a card from the hand)
            if c is card:
                del hand[i]
                break
        else:
            hand.remove(card)
        self._after_discard(card)

    def _after_discard(self, card) -> None:
        """The rest of a discard once ``card`` has left the hand."""
        self.discard.append(card)
        self.events.append(new_event((self.turn, EV_DISCARD, (card,), None, ())))
        if not self.hands[self.turn]:
            self._went_out()
            return
        self._end_turn()

    def _end_turn(self) -> None:
        if self.played_this_turn:
            self.has_played[self.turn] = True
        self.turn = (self.turn + 1) % len(self.hands)
        self.phase = DRAW_PHASE
        self.taken_from_discard = None
        self.melds_this_turn = 0
        self.played_this_turn = False
        self.turns += 1
        if self.final_turns is not None:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.events.append(Event(self.turn, EV_STOCK_USED))
                self._blocked(event=False)
            return
        if not self.stock and self.rules.stock_exhausted == "last_round":
            self.final_turns = self.players - 1
            return
        if not self.stock:
            if not self._may_turn_over():
                self._blocked()
            elif self.rules.deadlock != "play_on" and self.is_deadlocked:
                self._deadlocked()

    def _deadlocked(self) -> None:
        """The stock is out and nobody can ever go out: the deal ends by ``rules.deadlock``
        (priced by :func:`rommikirja.scoring.score_deal`; the lowest hand is the winner, as when blocked)."""
        self.events.append(Event(self.turn, EV_DEADLOCK))
        self._blocked(event=False, reason=EndReason.DEADLOCK)

    def _went_out(self) -> None:
        p = self.turn
        rummy = not self.has_played[p]
        self.events.append(Event(p, EV_OUT))
        self._finish(EndReason.WENT_OUT, p, rummy)

    def _blocked(self, event: bool = True, reason: EndReason = EndReason.BLOCKED) -> None:
        totals = [sum(self.rules.card_points(c.rank) for c in h) for h in self.hands]
        low = min(totals)
        winners = [i for i, t in enumerate(totals) if t == low]
        winner = winners[0] if len(winners) == 1 else None
        if event:
            self.events.append(Event(self.turn, EV_BLOCKED))
        self._finish(reason, winner, False)

    def _finish(self, reason: EndReason, winner: int | None, rummy: bool) -> None:
        if self.played_this_turn:
            self.has_played[self.turn] = True
        self.phase = OVER_PHASE
        self.outcome = Outcome(
            reason, winner, tuple(tuple(h) for h in self.hands), rummy, self.dealer, tuple(self.opened)
        )
