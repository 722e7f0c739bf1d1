"""Legal moves as a cheap, lazy view of a position (after python-chess's ``LegalMoveGenerator``).

A position offers two methods built from one predicate: ``generate_legal_moves()`` (a
generator) and ``is_legal(move)``. :class:`LegalMoves` wraps them: iterating generates,
``move in view`` asks ``is_legal`` without building a list, ``bool(view)`` stops at the
first legal move, and ``view.count()`` counts. Calling the view, ``view()``, returns the
moves as a list (the older ``deal.legal_moves()`` spelling).

>>> class Toy:
...     def generate_legal_moves(self):
...         yield from (1, 2, 3)
...     def is_legal(self, move):
...         return move in (1, 2, 3)
>>> moves = LegalMoves(Toy())
>>> 2 in moves, 7 in moves, bool(moves), moves.count(), moves(), list(moves)
(True, False, True, 3, [1, 2, 3], [1, 2, 3])
"""

from __future__ import annotations

from typing import Generic, Iterator, Protocol, TypeVar

__all__ = ["LegalMoves", "MoveSource"]

M = TypeVar("M")


class MoveSource(Protocol[M]):
    """What :class:`LegalMoves` needs of a position (:class:`rommikirja.position.Position` has it)."""

    def generate_legal_moves(self) -> Iterator[M]: ...

    def is_legal(self, move: M) -> bool: ...


class LegalMoves(Generic[M]):
    """The legal moves of ``position`` now, computed when asked (the view does not cache)."""

    __slots__ = ("position", "_lister")

    def __init__(self, position: MoveSource[M]) -> None:
        self.position = position
        self._lister = getattr(position, "legal_move_list", None)

    def __iter__(self) -> Iterator[M]:
        return self.position.generate_legal_moves()

    def __contains__(self, move: object) -> bool:
        return self.position.is_legal(move)

    def __bool__(self) -> bool:
        for _ in self.position.generate_legal_moves():
            return True
        return False

    def count(self) -> int:
        """How many legal moves there are."""
        return sum(1 for _ in self.position.generate_legal_moves())

    def __call__(self) -> list[M]:
        """The legal moves as a new list (the position's ``legal_move_list()`` when it has one:
        the same moves, made without a generator's steps)."""
        if self._lister is not None:
            return self._lister()
        return list(self.position.generate_legal_moves())

    def __repr__(self) -> str:
        return f"<LegalMoves at {id(self):#x} ({', '.join(map(repr, self))})>"
