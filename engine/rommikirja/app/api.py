"""The browser's JSON API: one table of requests (:data:`OPS`) behind one :func:`handle`.

Two wings answer through it: the practice widgets (``question``, ``check``, ``solution``,
``names``; requests checked field by field in :mod:`rommikirja.requests`) and the Pelaa page
(``new``, ``options``, ``view``, ``computer``, ``move``, ``hint``, ``next_deal``, ``replay``,
``export``; :mod:`rommikirja.app.pelaa`; ``knock_options``, :mod:`rommikirja.app.pelaa_knock`). The worker calls the two shims
:func:`rommikirja.practice.handle` and :func:`rommikirja.play.handle`, which name the wing.

One convention for every answer: ``{"ok": true, "result": …}`` or ``{"ok": false, "error": …}``
where the error is one full Finnish sentence, never Python text; :func:`handle` never raises.

>>> import json
>>> json.loads(handle('{"op": "new", "rules": {"ace": 5}}', "pelaa"))["error"]
'Säännön ”ace” arvon pitää olla jokin näistä: low, high_or_low, round_the_corner.'
>>> json.loads(handle('{"op": "view", "state": {"v": 7}}', "pelaa"))["error"]
'Pelin tilan versio (v) on tuntematon; tämä sääntömoottori tuntee version 2.'
>>> json.loads(handle('{"op": "check"}', "practice"))["error"]
'Kysymyksen (question) pitää olla JSON-olio.'
>>> json.loads(handle('{"op": "new"}', "practice"))["error"][:31]
'Pyynnön laji (op) on tuntematon'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import IllegalMove
from ..opening import SearchLimit, work_budget
from ..requests import LIMITS as REQUEST_LIMITS, RequestError
from .practice.api import check, question, read_request as read_practice, solution, use_club_names
from ..rules import RuleSetError
from ..steps import StepError
from . import opetus, pelaa
from .pelaa_knock import op_knock_options
from .links import LinksError
from .pelaa_state import PlayError, read_request as read_pelaa

__all__ = ["Op", "OPS", "WINGS", "handle", "practice_handle", "pelaa_handle"]


@dataclass(frozen=True)
class Op:
    """One request: its wing, the fields it may have besides ``op`` (Pelaa's; the practice wing's
    are checked by :mod:`rommikirja.requests`) and what answers it."""

    wing: str
    run: Callable[[Any], Any]
    fields: frozenset = frozenset()


_STATE = frozenset({"state", "seen"})

OPS: dict[str, Op] = {
    "question": Op(
        "practice", lambda r: (lambda q: {"question": q, "solution": solution(q)})(question(r.kind, r.seed, r.rules))
    ),
    "check": Op("practice", lambda r: check(r.question, r.answer)),
    "solution": Op("practice", lambda r: solution(r.question)),
    "names": Op("practice", lambda r: {"names": use_club_names(r.names)}),
    "new": Op(
        "pelaa", pelaa.op_new, frozenset({"rules", "options", "players", "levels", "seed", "names", "sections", "id"})
    ),
    "options": Op("pelaa", pelaa.op_options, frozenset({"rules"})),
    "view": Op("pelaa", pelaa.op_view, _STATE),
    "computer": Op("pelaa", pelaa.op_view, _STATE),
    "hint": Op("pelaa", pelaa.op_hint, _STATE),
    "next_deal": Op("pelaa", pelaa.op_next_deal, _STATE),
    "export": Op("pelaa", pelaa.op_export, _STATE),
    "move": Op("pelaa", pelaa.op_move, _STATE | {"move", "links"}),
    "knock_options": Op("pelaa", op_knock_options, _STATE | {"move", "links"}),
    "replay": Op("pelaa", pelaa.op_replay, _STATE | {"deal"}),
    "opetus": Op("pelaa", opetus.op_opetus, frozenset({"rules", "script", "at", "move", "part"})),
}

#: Per wing: the sentence for a failure without a Finnish message of its own (a bug).
WINGS = {
    "practice": "Tätä harjoitusta ei voitu muodostaa tai tarkistaa näillä tiedoilla.",
    "pelaa": "Sääntömoottorissa tapahtui sisäinen virhe, eikä pyyntöön voitu vastata.",
}
#: A Rommi 51 opening search of a practice request that would take too long.
TOO_MUCH_WORK = "Avauksen etsiminen näistä korteista vaatisi liikaa työtä; valitse vähemmän kortteja."


def _answer(request: Any, wing: str) -> Any:
    if wing == "pelaa":
        req = read_pelaa(request, {name: op.fields for name, op in OPS.items() if op.wing == "pelaa"})
        return OPS[req["op"]].run(req)
    req = read_practice(request)
    with work_budget(REQUEST_LIMITS["opening_work"]):  # every opening search of this request
        return OPS[req.op].run(req)


def handle(request: str, wing: str = "practice") -> str:
    """A JSON request of ``wing`` (``"practice"`` or ``"pelaa"``) in, a JSON reply out, never an exception."""
    try:
        return json.dumps({"ok": True, "result": _answer(request, wing)}, ensure_ascii=False)
    except (PlayError, RequestError, LinksError) as err:
        message = str(err)
    except StepError as err:
        message = err.sentence()
    except IllegalMove as err:  # Finnish, but should have been caught where it arose
        message = err.message
    except RuleSetError as err:
        message = f"Säännöissä on virhe: {err}."
    except SearchLimit:
        message = TOO_MUCH_WORK
    except RecursionError:
        message = "Pyyntö on liian syvästi sisäkkäinen."
    except Exception:  # a bug: reported to the page as a Finnish sentence, not a crash
        message = WINGS[wing]
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)


def practice_handle(request: str) -> str:
    """:func:`handle` for the practice widgets."""
    return handle(request, "practice")


def pelaa_handle(request: str) -> str:
    """:func:`handle` for the Pelaa page."""
    return handle(request, "pelaa")
