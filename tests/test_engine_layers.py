"""The layers: no import circle in engine/ or in tools/ (function-local imports included), the
engine's core imports nothing of the app wing, and nothing under engine/ names a page, an anchor
or a heading of the site (those reach the browser as data)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tools.pelaa_games import pelaa_games, slug, template_headings
from tools.presets import template_pages
from tools.scenario import load_rulesets

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "engine" / "rommikirja"
TOOLS = ROOT / "tools"


def _module(path: Path, pkg: Path = PKG) -> str:
    rel = path.relative_to(pkg.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(pkg: Path = PKG) -> dict[str, set[str]]:
    """Module → the modules of the same package (engine/rommikirja or tools) it imports, anywhere in it."""
    mods = {_module(p, pkg): p for p in pkg.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
                subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in mods]
                # ``from . import names`` imports the submodule, not (again) the package's __init__
                names = subs if subs and not node.module else [target] + subs
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if name in mods and name != mod:
                    graph[mod].add(name)
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str]:
    state: dict[str, int] = {}
    circle: list[str] = []

    def visit(m: str, path: list[str]) -> bool:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                circle.extend(path[path.index(n) :] + [n] if n in path else [m, n])
                return True
            if n not in state and visit(n, path + [n]):
                return True
        state[m] = 2
        return False

    for m in sorted(graph):
        if m not in state and visit(m, [m]):
            break
    return circle


def test_no_import_circle_in_the_engine():
    circle = _circle(import_graph(PKG))
    assert not circle, " → ".join(circle)


def test_no_import_circle_in_the_tools():
    circle = _circle(import_graph(TOOLS))
    assert not circle, " → ".join(circle)


def test_the_circle_check_sees_a_circle():
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


def test_the_core_does_not_import_the_app_wing():
    graph = import_graph()
    upward = sorted(
        (m, n)
        for m, ns in graph.items()
        for n in ns
        if not m.startswith("rommikirja.app")
        and n.startswith("rommikirja.app")
        and m not in ("rommikirja.play", "rommikirja.practice")
    )  # the worker's shims
    assert not upward, upward


def test_nothing_in_the_engine_names_a_page_an_anchor_or_a_heading():
    pages = {p[: -len(".md")] for p in template_pages().values()} | {"pelaa", "sanasto"}
    anchors, headings = set(), set()
    for page in pages:
        for heading in template_headings(page):
            headings.add(heading)
            anchors.add(slug(heading))
    for game in pelaa_games(load_rulesets(), []).values():
        anchors |= {a for a, _ in game["links"]["topics"].values()}
    # a heading is also ordinary Finnish (an option's label, a message): the anchors made of two or
    # more words, and the pages as paths or links (a page named like a game is fine as the game's name)
    site = {a for a in anchors if "-" in a}
    paths = {f"{p}/#" for p in pages} | {f"{p}.md" for p in pages}
    found = []
    for path in PKG.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in sorted(site | paths):
            if re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text):
                found.append(f"{path.relative_to(ROOT)}: {word}")
    assert not found, found
