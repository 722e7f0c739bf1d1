"""Practice questions: one module per kind (registered in :mod:`.kinds`), the field specs a page's
request is read with (:mod:`.fields`) and the entry points (:mod:`.api`)."""
from .api import check, handle, question, solution, use_club_names
from .kinds import KINDS, PracticeKind, register

__all__ = ["KINDS", "PracticeKind", "register", "question", "solution", "check", "handle", "use_club_names"]
