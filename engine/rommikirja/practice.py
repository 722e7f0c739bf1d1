"""The practice API under its old name (the engine worker ``docs/assets/rommi-worker.js``, the
build and the tests import it from here): :mod:`rommikirja.app.practice`."""

from .app.api import practice_handle as handle
from .app.practice import KINDS, PracticeKind, applicable, check, question, register, solution, use_club_names

__all__ = [
    "KINDS",
    "PracticeKind",
    "register",
    "question",
    "check",
    "solution",
    "handle",
    "use_club_names",
    "applicable",
]
