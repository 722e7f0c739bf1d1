"""The small immutable values of a rummy deal: moves, phases, table melds, events, outcomes.

>>> from rommikirja.cards import parse_cards
>>> PlayMeld(parse_cards("7H 8H 9H")) == PlayMeld(parse_cards("7H 8H 9H")), Draw(STOCK)
(True, Draw(source='stock'))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import partial
from typing import NamedTuple, Sequence, Union

from .cards import Card
from .melds import Meld

__all__ = [
    "Draw",
    "PlayMeld",
    "LayOff",
    "Discard",
    "Move",
    "STOCK",
    "DISCARD",
    "Pass",
    "Claim",
    "Open",
    "MisDraw",
    "RejectExposed",
    "Phase",
    "EndReason",
    "Outcome",
    "TableMeld",
    "Event",
    "EventKind",
]

STOCK = "stock"
DISCARD = "discard"


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def _with_jokers(step: dict, jokers: tuple[tuple[Card, Card], ...]) -> dict:
    """``step`` plus ``jokers: {JK: AH}`` when the move fixes what its jokers stand for."""
    if jokers:
        step["jokers"] = {j.code: c.code for j, c in jokers}
    return step


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the stock (``STOCK``) or of the discard pile (``DISCARD``)."""

    source: str

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """The move as a scenario step (:mod:`rommikirja.steps`): ``{"draw": "stock"}``."""
        return {"draw": self.source}


@dataclass(frozen=True, slots=True)
class PlayMeld:
    """Lay a new meld from the hand onto the table.

    ``jokers`` may say what each joker stands for, as (joker, card) pairs, when the cards allow
    more than one reading (JK 2♥ 3♥ as A-2-3 or 2-3-4); without it the engine chooses as
    :meth:`rommikirja.melds.Meld.from_cards` describes. The table meld keeps the reading.
    """

    cards: tuple[Card, ...]
    jokers: tuple[tuple[Card, Card], ...] = ()

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"meld": ["7H", "8H", "9H"]}`` (and ``jokers`` when the move fixes them)."""
        return _with_jokers({"meld": _codes(self.cards)}, self.jokers)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add cards from the hand to the table meld at index ``target`` (``jokers``: as in :class:`PlayMeld`)."""

    cards: tuple[Card, ...]
    target: int
    jokers: tuple[tuple[Card, Card], ...] = ()

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"lay_off": ["10H"], "onto": 0}`` (and ``jokers`` when the move fixes them)."""
        return _with_jokers({"lay_off": _codes(self.cards), "onto": self.target}, self.jokers)


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card from the hand face up on the discard pile; ends the turn."""

    card: Card

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"discard": "7H"}``."""
        return {"discard": self.card.code}


@dataclass(frozen=True, slots=True)
class Open:
    """Rommi 51: the first melding of a player, several melds at once (≥ 51 points, a pure run).

    ``jokers``: what jokers stand for, as in :class:`PlayMeld` (pairs for any of the melds).
    """

    melds: tuple[tuple[Card, ...], ...]
    jokers: tuple[tuple[Card, Card], ...] = ()

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"open": [["7H", "8H", "9H"], …]}`` (and ``jokers`` when the move fixes them)."""
        return _with_jokers({"open": [_codes(m) for m in self.melds]}, self.jokers)


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: the first upcard in gin, or the last chance at the discard pile in classic rommi."""

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"pass": True}``."""
        return {"pass": True}


@dataclass(frozen=True, slots=True)
class Claim:
    """“Rommi!”: ``player`` claims the top discard because it fits the table meld ``target``."""

    player: int
    target: int

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"claim": "Eero", "onto": 0}``: the player by name (``names``)."""
        return {"claim": names[self.player], "onto": self.target}


@dataclass(frozen=True, slots=True)
class MisDraw:
    """An irregularity: ``player`` draws from the stock out of turn (the card is exposed)."""

    player: int

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"misdraw": "Eero"}``: the player by name (``names``)."""
        return {"misdraw": names[self.player]}


@dataclass(frozen=True, slots=True)
class RejectExposed:
    """After an out-of-turn draw: put the exposed card on the discard pile and draw the next one."""

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"reject_exposed": True}``."""
        return {"reject_exposed": True}


Move = Union[Draw, PlayMeld, LayOff, Discard, Open, Pass, Claim, MisDraw, RejectExposed]


class Phase(Enum):
    DRAW = "draw"  # the player in turn must draw
    PLAY = "play"  # drawn: may meld and lay off, then discard
    OVER = "over"  # the deal has ended


#: The phases under plain module names for the hot paths of a deal (``phase is PLAY``): on CPython
#: 3.11 looking an Enum member up on its class (``Phase.PLAY``) is a slow class-attribute lookup.
DRAW_PHASE, PLAY_PHASE, OVER_PHASE = Phase.DRAW, Phase.PLAY, Phase.OVER


class EndReason(Enum):
    WENT_OUT = "went_out"  # a player's hand became empty
    BLOCKED = "blocked"  # the stock ran out under the no-reuse (Block Rummy) rule
    DEADLOCK = "deadlock"  # nobody could ever go out (rommikirja.deadlock); rules.deadlock ended it


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table and the player who laid it down."""

    owner: int
    meld: Meld


class EventKind(StrEnum):
    """What an :class:`Event` records: a closed set, narrated by :data:`rommikirja.narrate.NARRATION`
    (a test keeps the two equal). A member equals its string value, which is how events reach
    JSON and the browser."""

    DRAW_STOCK = "draw_stock"  # cards: the card drawn
    DRAW_DISCARD = "draw_discard"  # cards: the card taken from the discard pile
    TURN_OVER = "turn_over"  # cards: the new stock, top first, then any card kept
    MELD = "meld"  # cards, jokers; target: the meld's index on the table
    LAY_OFF = "lay_off"  # cards, jokers; target: the table meld laid onto
    DISCARD = "discard"  # cards: the card discarded
    OUT = "out"  # the player went out
    PASS = "pass"  # gin: the upcard refused; rummy: the last turn skipped
    OPENED = "opened"  # target: the opening's points
    CLAIM = "claim"  # cards: the claimed discard; target: the claimed meld
    MISDRAW = "misdraw"  # cards: the card drawn out of turn, now exposed
    REJECT_EXPOSED = "reject_exposed"  # cards: the exposed card refused, the card drawn instead
    STOCK_USED = "stock_used"  # the stock went round once: the deal ends
    KNOCK = "knock"  # cards: the card discarded face down
    GIN = "gin"  # cards: the card discarded face down
    VOID = "void"  # target: cards left in the stock; the deal is void
    BLOCKED = "blocked"  # the stock is out and the pile is not turned: the deal ends
    DEADLOCK = "deadlock"  # the stock is out and nobody can ever go out: the deal ends (rules.deadlock)


#: the kinds bound once as module constants, for the deal's hot paths (an Enum member lookup
#: costs ~0.6 µs on CPython 3.11; these are the same objects)
EV_DRAW_STOCK = EventKind.DRAW_STOCK
EV_DRAW_DISCARD = EventKind.DRAW_DISCARD
EV_TURN_OVER = EventKind.TURN_OVER
EV_MELD = EventKind.MELD
EV_LAY_OFF = EventKind.LAY_OFF
EV_DISCARD = EventKind.DISCARD
EV_OUT = EventKind.OUT
EV_PASS = EventKind.PASS
EV_OPENED = EventKind.OPENED
EV_CLAIM = EventKind.CLAIM
EV_MISDRAW = EventKind.MISDRAW
EV_REJECT_EXPOSED = EventKind.REJECT_EXPOSED
EV_STOCK_USED = EventKind.STOCK_USED
EV_KNOCK = EventKind.KNOCK
EV_GIN = EventKind.GIN
EV_VOID = EventKind.VOID
EV_BLOCKED = EventKind.BLOCKED
EV_DEADLOCK = EventKind.DEADLOCK


class Event(NamedTuple):
    """One thing that happened, for narrating a deal: ``kind`` plus details.

    An immutable named tuple (a deal makes two or more every turn: the cheapest immutable value
    to make in Python).
    """

    player: int
    kind: EventKind
    cards: tuple[Card, ...] = ()
    target: int | None = None
    jokers: tuple[tuple[Card, Card], ...] = ()  # meld / lay_off: what the jokers played stand for


#: ``new_event((player, kind, cards, target, jokers))``: an :class:`Event` from all five fields, made
#: without the named tuple's Python-level ``__new__`` (for the two events of every turn).
new_event = partial(tuple.__new__, Event)


@dataclass(frozen=True)
class Outcome:
    """The facts of a finished deal, to be priced by a rule set.

    ``hands`` holds the cards left in every hand (the winner's is empty when they
    went out). ``rummy`` is true when the winner emptied the whole hand in one turn
    without having melded or laid off in an earlier turn.
    """

    reason: EndReason
    winner: int | None
    hands: tuple[tuple[Card, ...], ...]
    rummy: bool
    dealer: int
    opened: tuple[bool, ...] = ()  # Rommi 51: who had opened when the round ended

    @property
    def players(self) -> int:
        return len(self.hands)
