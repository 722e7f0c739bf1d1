"""The draw phase of a turn: drawing from the stock or the discard pile, turning the pile over.

A mixin of :class:`rommikirja.deal.Deal`, typed against :class:`~rommikirja.deal_state.DealState`: it reads and changes the deal's fields.
"""

from __future__ import annotations

from .codes import DISCARD_EMPTY, DRAW_TWICE, STOCK_EMPTY, STOCK_USED, UNKNOWN_SOURCE
from .deal_state import DealState
from .errors import IllegalMove
from .moves import EV_DRAW_DISCARD, EV_DRAW_STOCK, EV_TURN_OVER
from .moves import DISCARD, DRAW_PHASE, PLAY_PHASE, STOCK, Draw, Event, new_event


__all__ = ["DrawPhase"]


class DrawPhase(DealState):
    """Drawing: which draws are open, why one is refused, and making it."""

    def _refuse_draw(self, move: Draw) -> IllegalMove | None:
        if self.phase is not DRAW_PHASE:
            return IllegalMove(DRAW_TWICE, lambda who: f"{who} on jo nostanut tällä vuorolla.")
        if move.source == STOCK:
            if self.stock and self.final_turns is None or self._can_draw_stock():  # (the common case first)
                return None
            if self.final_turns is not None:
                return IllegalMove(
                    STOCK_USED,
                    lambda who: (
                        f"Nostopakka on käyty läpi, joten {who} voi "
                        "vain ottaa poistopakan päällimmäisen kortin "
                        "tai ohittaa vuoronsa."
                    ),
                )
            if not self._may_turn_over():
                return IllegalMove(
                    STOCK_EMPTY, "Nostopakka on loppunut, eikä poistopakkaa käännetä uudeksi nostopakaksi."
                )
            return IllegalMove(STOCK_EMPTY, "Nostopakka ja poistopakka ovat molemmat tyhjiä.")
        if move.source == DISCARD:
            if not self.discard:
                return IllegalMove(
                    DISCARD_EMPTY, lambda who: f"Poistopakka on tyhjä, joten {who} voi nostaa vain nostopakasta."
                )
            return None
        return IllegalMove(UNKNOWN_SOURCE, "Kortin voi nostaa vain nostopakasta tai poistopakasta.")

    def _apply_draw(self, move: Draw) -> None:
        p = self.turn
        if move.source == STOCK:
            if not self.stock:
                self._turn_over_discards()
            card = self.stock.pop()
            self.exposed = None
            self.events.append(new_event((p, EV_DRAW_STOCK, (card,), None, ())))
        else:
            card = self.discard.pop()
            self.taken_from_discard = card
            self.events.append(new_event((p, EV_DRAW_DISCARD, (card,), None, ())))
        self.hands[p].append(card)
        self.phase = PLAY_PHASE

    def _can_draw_stock(self) -> bool:
        """The draw rule for the stock (asked by the refusal and by the move generator)."""
        if self.final_turns is not None:
            return False
        if self.stock:
            return True
        keep = 1 if self.rules.stock_exhausted == "turn_over_keep_top" else 0
        return self._may_turn_over() and len(self.discard) > keep

    def _may_turn_over(self) -> bool:
        limit = self.rules.max_turnovers
        return self.rules.stock_exhausted in ("turn_over", "turn_over_keep_top") and (
            limit == 0 or self.turnovers < limit
        )

    def _turn_over_discards(self) -> None:
        keep = [self.discard.pop()] if self.rules.stock_exhausted == "turn_over_keep_top" else []
        self.stock = list(reversed(self.discard))  # the pile's bottom card becomes the stock's top
        self.discard = keep  # classic rommi: the last discard stays face up
        self.turnovers += 1
        self.events.append(Event(self.turn, EV_TURN_OVER, tuple(reversed(self.stock)) + tuple(keep)))
