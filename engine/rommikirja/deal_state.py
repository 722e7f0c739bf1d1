"""The state of a rummy deal: the fields every phase of :class:`rommikirja.deal.Deal` reads and
changes, declared once.

The phase mixins (:mod:`~rommikirja.draw_phase`, :mod:`~rommikirja.meld_moves`,
:mod:`~rommikirja.meld_phase`, :mod:`~rommikirja.turn_end`, :mod:`~rommikirja.variants`) subclass
:class:`DealState`, so each one is typed against these fields and nothing else; :class:`Deal`
puts them together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card
from .deadlock import is_deadlocked
from .moves import Event, Outcome, Phase, TableMeld
from .position import Position
from .rules import RuleSet

__all__ = ["DealState"]


@dataclass
class DealState(Position):
    """The position of one rummy deal and the rules it is played under."""

    OVER = Phase.OVER

    rules: RuleSet
    hands: list[list[Card]]
    stock: list[Card]  # top of the stock is the LAST element
    discard: list[Card]  # top of the discard pile is the LAST element
    table: list[TableMeld] = field(default_factory=list)
    dealer: int = 0
    turn: int = 0
    phase: Phase = Phase.DRAW
    outcome: Outcome | None = None
    events: list[Event] = field(default_factory=list)
    # per-player facts
    has_played: list[bool] = field(default_factory=list)  # melded or laid off in an earlier turn
    opened: list[bool] = field(default_factory=list)  # has melded at least once (Rommi 51)
    # per-turn facts
    taken_from_discard: Card | None = None
    melds_this_turn: int = 0
    played_this_turn: bool = False
    turns: int = 0
    turnovers: int = 0
    exposed: Card | None = None  # a stock card exposed by an out-of-turn draw
    final_turns: int | None = None  # "last_round": turns left after the stock ran out

    @property
    def is_deadlocked(self) -> bool:
        """Whether nobody can ever go out of this deal (:func:`rommikirja.deadlock.is_deadlocked`)."""
        return is_deadlocked(self)

    def _must_open(self) -> bool:
        """Whether the player in turn still has to open (Rommi 51): ``rules.must_open``."""
        return self.rules.must_open(self.opened[self.turn])
