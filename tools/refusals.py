"""The refusal codes a scenario step may name in ``refused:``, read from the engine's source.

The engine refuses a move by raising :class:`rommikirja.IllegalMove` (or its subclass
``InvalidMeld``; ``melds._Reason`` makes one) with a code as the first argument: a
:class:`rommikirja.codes.Refusal` member by its module name (``IllegalMove(MUST_DRAW, …)``). This
module finds every such code in ``engine/rommikirja/*.py`` (the modules of the Pelaa game's
requests excepted: no scenario step reaches them), so the editor's reference
(``scenarios/README.md``, :mod:`tools.schema`) lists exactly the codes the engine uses;
:data:`REFUSAL_HELP` gives each its one-line Finnish meaning from :class:`rommikirja.codes.Refusal`
(the registry of every code with its help and page topic), and a test fails when a code is
added to or removed from the engine without the registry following.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rommikirja.codes import Refusal, scenario_refusals

ENGINE = Path(__file__).resolve().parent.parent / "engine" / "rommikirja"
#: Modules whose refusals answer the Pelaa page's requests, never a scenario's move.
NOT_SCENARIO = {"play.py", "requests.py", "practice.py", "computer.py"}
_MAKERS = {"IllegalMove", "InvalidMeld", "_Reason"}

#: code → what it means, in Finnish, in the reference's order: a view of
#: :class:`rommikirja.codes.Refusal` (the codes a scenario can meet; Pelaa's own are left out).
REFUSAL_HELP: dict[str, str] = {r.value: r.help for r in scenario_refusals()}


def code_of(node: ast.expr) -> str | None:
    """The refusal code an expression of the engine's source names: a member's module name
    (``MUST_DRAW``) or ``Refusal.MUST_DRAW``, or a string literal; ``None`` for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
    member = Refusal.__members__.get(name) if name else None
    return member.value if member is not None else None


def engine_codes(engine: Path = ENGINE) -> dict[str, str]:
    """Every refusal code in the engine's source → the module that first uses it."""
    found: dict[str, str] = {}
    for path in sorted(engine.glob("*.py")):
        if path.name in NOT_SCENARIO:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in _MAKERS and node.args:
                code = code_of(node.args[0])
                if code is not None:
                    found.setdefault(code, path.name)
    return found
