"""Practice questions: one module per kind (registered in :mod:`.kinds`), the field specs a page's
request is read with (:mod:`.fields`) and the entry points (:mod:`.api`); requests reach them through :func:`rommikirja.app.api.handle`."""

from .api import check, question, solution, use_club_names
from .kinds import KINDS, PracticeKind, applicable, register

__all__ = ["KINDS", "PracticeKind", "register", "question", "solution", "check", "use_club_names", "applicable"]
