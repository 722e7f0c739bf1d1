"""The rules of :class:`~rommikirja.gin.GinDeal`'s one predicate, one function per phase and type
of move (``rule(deal, move)``: ``None`` when the move is legal, else the
:class:`~rommikirja.errors.IllegalMove` that explains why not). :data:`rommikirja.gin.PHASE_RULES`
puts them in a table by :class:`~rommikirja.gin.GinPhase` and move type.
"""

from __future__ import annotations

from typing import Any

from .codes import (
    DEAL_OVER,
    DISCARD_EMPTY,
    DRAW_TWICE,
    FORCED_STOCK,
    MUST_DRAW,
    NO_PASS,
    NOT_IN_GIN,
    OFFER_STOCK,
    STOCK_EMPTY,
    UNKNOWN_MOVE,
    UNKNOWN_SOURCE,
)
from .errors import IllegalMove
from .moves import DISCARD, STOCK, Claim, Discard, Draw, LayOff, MisDraw, Open, Pass, PlayMeld, RejectExposed

__all__ = ["TABLE_MOVES", "not_a_gin_move"]  # (and the rules, which rommikirja.gin puts in its table)

GinDeal = Any  # (not imported: rommikirja.gin imports this module)
GinMove = Any  # (a Draw, Discard, Pass or Knock)

#: Moves of the table games: gin refuses them as not part of this game.
TABLE_MOVES = frozenset((PlayMeld, LayOff, Open, Claim, MisDraw, RejectExposed))


def legal(deal: GinDeal, move: GinMove) -> None:
    return None


def deal_over(deal: GinDeal, move: GinMove) -> IllegalMove:
    return IllegalMove(DEAL_OVER, "Jako on jo päättynyt.")


def unknown_source() -> IllegalMove:
    return IllegalMove(UNKNOWN_SOURCE, "Kortti nostetaan joko nostopakasta tai poistopakasta.")


def no_pass(deal: GinDeal, move: Pass) -> IllegalMove:
    return IllegalMove(
        NO_PASS, "Passata saa vain jaon ensimmäisen avokortin kohdalla, ja tavallisella vuorolla on nostettava."
    )


def no_pass_drawn(deal: GinDeal, move: Pass) -> IllegalMove:
    """A pass after the turn's draw: the turn now ends in a discard or a knock (not "on nostettava")."""
    return IllegalMove(
        NO_PASS,
        "Passata saa vain jaon ensimmäisen avokortin kohdalla. Kortti on jo nostettu, joten vuoro päättyy "
        "poistoon tai koputukseen.",
    )


def offer_draw(deal: GinDeal, move: Draw) -> IllegalMove | None:
    """The first upcard is offered: it may be taken; the stock waits until both have passed."""
    if move.source == DISCARD:
        return None
    if move.source != STOCK:
        return unknown_source()
    return IllegalMove(
        OFFER_STOCK,
        lambda who: (
            f"{who} päättää ensin avokortista, sillä nostopakasta nostetaan vasta, kun molemmat ovat passanneet."
        ),
    )


def offer_first(deal: GinDeal, move: GinMove) -> IllegalMove:
    return IllegalMove(MUST_DRAW, lambda who: f"{who} ottaa ensin avokortin tai passaa.")


def forced_draw(deal: GinDeal, move: Draw) -> IllegalMove | None:
    if move.source == STOCK:
        return None
    if move.source != DISCARD:
        return unknown_source()
    return forced_first(deal, move)


def forced_first(deal: GinDeal, move: GinMove) -> IllegalMove:
    return IllegalMove(FORCED_STOCK, lambda who: f"Molemmat passasivat, joten {who} nostaa nyt nostopakasta.")


def draw(deal: GinDeal, move: Draw) -> IllegalMove | None:
    source = move.source
    if source == STOCK:
        return None if deal.stock else IllegalMove(STOCK_EMPTY, "Nostopakka on tyhjä.")
    if source == DISCARD:
        if deal.discard:
            return None
        return IllegalMove(DISCARD_EMPTY, lambda who: f"Poistopakka on tyhjä, joten {who} nostaa nostopakasta.")
    return unknown_source()


def draw_first(deal: GinDeal, move: GinMove) -> IllegalMove:
    return IllegalMove(
        MUST_DRAW, lambda who: f"Vuoro alkaa nostolla, joten {who} nostaa ensin nostopakasta tai poistopakan päältä."
    )


def drawn_already(deal: GinDeal, move: Draw) -> IllegalMove:
    if move.source != STOCK and move.source != DISCARD:
        return unknown_source()
    return IllegalMove(DRAW_TWICE, lambda who: f"{who} on jo nostanut tällä vuorolla.")


def discard(deal: GinDeal, move: Discard) -> IllegalMove | None:
    return deal._card_in_hand_refusal(move.card)


def not_a_gin_move(move: object) -> IllegalMove:
    if type(move) in TABLE_MOVES:
        return IllegalMove(
            NOT_IN_GIN, "Gin-rommissa yhdistelmät pysyvät kädessä koko jaon ajan, joten pöytään ei pelata eikä avata."
        )
    return IllegalMove(UNKNOWN_MOVE, "Gin-rommissa siirrot ovat nosto, passaus, poisto ja koputus.")
