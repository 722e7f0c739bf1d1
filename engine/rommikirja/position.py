"""What every deal of every game is: the base of :class:`~rommikirja.deal.Deal` and
:class:`~rommikirja.gin.GinDeal` (after python-chess's ``Board``).

A position knows its players, whose turn it is, whether it is over, and one predicate,
:meth:`Position._refusal`: ``None`` for a legal move, else the :class:`~rommikirja.errors.IllegalMove`
that explains why not. Everything else is built from that predicate and from two methods a game
writes itself, :meth:`~Position.generate_legal_moves` and :meth:`~Position.push`:

- :attr:`legal_moves`, a lazy :class:`~rommikirja.legal.LegalMoves` view, kept per position;
- :meth:`is_legal` and :meth:`refusal`;
- :meth:`play`: the refusal, then :meth:`push` (a game's fast checks live inside its refusal
  functions, never beside them here);
- :meth:`copy`, made from the dataclass fields of the game's state.

What differs between the games and matters to callers (Pelaa, the computer players) is asked of
the position, never of its class: :attr:`MELDS_IN_HAND` (gin: the hand is judged by its deadwood),
:attr:`START_PHASES` (where a set-up deal may start) and :meth:`turn_move_types` (what the player
may do once drawn).

>>> from rommikirja import Deal, GinDeal
>>> issubclass(Deal, Position) and issubclass(GinDeal, Position)
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable, ClassVar, Iterable, Iterator, Sequence

from .cards import Card
from .errors import IllegalMove
from .legal import LegalMoves
from .moves import Event
from .rules import RuleSet

__all__ = ["Position"]


class Position:
    """The shared part of a deal: the queries, the legal-move view and checked play.

    A subclass is a dataclass with at least ``hands``, ``turn`` and ``phase`` fields and sets
    :attr:`OVER` to its phase that ends the deal.
    """

    #: The phase value of a finished deal.
    OVER: ClassVar[Any] = None
    #: Whether melds stay hidden in the hand until a knock ends the deal (gin), so that a hand is
    #: judged by its deadwood; ``False`` when melds are played to the table (the rummy games).
    MELDS_IN_HAND: ClassVar[bool] = False
    #: The phases a set-up position may start in (the ``phase`` of :meth:`from_position`, gin:
    #: ``("draw", "offer")``); empty when a set-up deal always starts at the first draw.
    START_PHASES: ClassVar[tuple[str, ...]] = ()

    # The fields every game's state has (its dataclass declares them).
    rules: RuleSet
    hands: list[list[Card]]
    stock: list[Card]  # top is the LAST element
    discard: list[Card]  # top is the LAST element
    table: list  # melds on the table (gin: always empty)
    dealer: int
    turn: int
    phase: Any  # the game's phase enum; :attr:`OVER` when the deal is over
    outcome: Any  # the facts of how the deal ended, once it is over
    events: list[Event]
    taken_from_discard: Card | None
    turns: int

    # Remembered per position: a plain attribute set on first use, not a field (not part of the position).
    # (Never through ``self.__dict__``: on CPython 3.11 that turns every attribute access of the
    # instance into a slow dictionary lookup.)
    _legal_view = None  # the LegalMoves view (see legal_moves)

    # -- what a game writes ---------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet, players: int, dealer: int = 0, seed: int | None = None) -> "Position":
        """A shuffled deal (reproducible with ``seed``) with ``dealer`` dealing."""
        raise NotImplementedError

    @classmethod
    def from_position(
        cls,
        rules: RuleSet,
        hands: Sequence[Iterable[Card]],
        stock: Sequence[Card] = (),
        discard: Sequence[Card] = (),
        table: Sequence = (),
        dealer: int | None = None,
        turn: int = 0,
        has_played: Sequence[int] = (),
    ) -> "Position":
        """A set-up position: ``stock`` top first, ``discard`` bottom to top."""
        raise NotImplementedError

    def all_cards(self) -> list[Card]:
        """Every card in the deal, wherever it is (for conservation checks)."""
        raise NotImplementedError

    def generate_legal_moves(self) -> Iterator[Any]:
        """The legal moves, in the game's fixed order (exactly those :meth:`is_legal` accepts)."""
        raise NotImplementedError

    def push(self, move: Any) -> None:
        """Make ``move`` without checking it: for moves taken from :attr:`legal_moves`.

        A move that is not legal leaves the position in an undefined state.
        """
        raise NotImplementedError

    def turn_move_types(self) -> tuple[type, ...]:
        """The types of move the player in turn chooses among once drawn, in the order a player
        thinks of them (the discard, which ends the turn, among them)."""
        raise NotImplementedError

    def _refusal(self, move: Any) -> IllegalMove | None:
        """The one predicate: why ``move`` is illegal now, or ``None`` if it is legal."""
        raise NotImplementedError

    def turn_refusal(self, move_type: type) -> IllegalMove | None:
        """Why no move of ``move_type`` may be made now, whatever its cards (the one predicate's
        phase checks: not yet drawn, the deal over), or ``None`` when its own rule decides."""
        raise NotImplementedError

    # -- queries --------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase is self.OVER

    @property
    def is_deadlocked(self) -> bool:
        """Whether the deal can provably no longer end: nobody can ever go out (a rummy deal:
        :func:`rommikirja.deadlock.is_deadlocked`; a game that always ends says ``False``)."""
        return False

    @property
    def hand(self) -> list[Card]:
        """The hand of the player in turn."""
        return self.hands[self.turn]

    @property
    def legal_moves(self) -> LegalMoves:
        """The moves the player in turn may make now, as a lazy view.

        ``move in deal.legal_moves`` asks :meth:`is_legal`; iterating generates the moves;
        ``deal.legal_moves()`` gives them as a list.
        """
        view = self._legal_view
        if view is None or view.position is not self:  # (a shallow copy gets its own)
            view = self._legal_view = LegalMoves(self)
        return view

    def is_legal(self, move: Any) -> bool:
        """Whether the player in turn may make ``move`` now (``move in deal.legal_moves``)."""
        return self._refusal(move) is None

    def refusal(self, move: Any) -> IllegalMove | None:
        """Why ``move`` is illegal now (its Finnish sentence is made only when shown), or ``None``."""
        return self._refusal(move)

    # -- playing --------------------------------------------------------------------------

    def play(self, move: Any) -> None:
        """Make ``move`` for the player in turn, or raise :class:`IllegalMove` explaining why."""
        err = self._refusal(move)
        if err is not None:
            raise err
        self.push(move)

    def copy(self):
        """An independent copy of the position, field by field (events are shared history,
        copied too): lists are copied, a list of lists (the hands) one level deeper."""
        cls = type(self)
        plan = cls.__dict__.get("_copy_plan")
        if plan is None:
            plan = _copy_plan(cls)
            setattr(cls, "_copy_plan", plan)
        return cls(**{name: how(getattr(self, name)) if how is not None else getattr(self, name) for name, how in plan})


def _copy_nested(value: list) -> list:
    return [list(x) for x in value]


def _copy_plan(cls: type) -> tuple[tuple[str, Callable[[Any], Any] | None], ...]:
    """How :meth:`Position.copy` copies each init field of ``cls``: from its declared type."""
    plan = []
    for f in fields(cls):
        if not f.init:
            continue
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        how = _copy_nested if kind.startswith("list[list[") else list if kind.startswith("list") else None
        plan.append((f.name, how))
    return tuple(plan)
