"""A preset's title and name: the title one line of plain text, the name a slug no page or folder
of the site owns (:func:`reserved_names`). Part of the markup policy (:mod:`tools.markup`
re-exports these); this module imports nothing of ours.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parent.parent

__all__ = [
    "TITLE_MAX",
    "PRESET_NAME",
    "SITE_NAMES",
    "reserved_names",
    "own_pages",
    "preset_name_problem",
    "plain_title_problem",
]

TITLE_MAX = 60
PRESET_NAME = re.compile(r"[a-z][a-z0-9-]{0,40}")
#: Pages and folders the site itself owns (our pages, the runtime, MkDocs and Material).
SITE_NAMES = frozenset(
    {
        "index",
        "pelaa",
        "sanasto",
        "search",
        "assets",
        "data",
        "pyodide",
        "404",
        "sitemap",
        "sw",
        "javascripts",
        "stylesheets",
        "images",
        "fonts",
        "site",
        "docs",
        "rules",
        "scenarios",
        "templates",
        "tools",
    }
)


def reserved_names(pages_dir: Path = ROOT / "templates" / "pages", docs: Path = ROOT / "docs") -> set[str]:
    """Names a generated preset page may not take: :data:`SITE_NAMES`, every page template and
    every file or folder in ``docs/`` not made from a preset page."""
    names = set(SITE_NAMES)
    names.update(p.name[: -len(".md.j2")] for p in pages_dir.glob("*.md.j2") if not p.name.startswith("_"))
    try:
        names.update(p.name.split(".", 1)[0] for p in docs.iterdir() if p.is_dir())
    except OSError:
        pass
    return names


_SET_R = re.compile(r"""\{%-?\s*set\s+r\s*=\s*rulesets\[\s*["']([^"']+)["']\s*\]\s*-?%\}""")


def own_pages(pages_dir: Path = ROOT / "templates" / "pages") -> set[str]:
    """Presets with a hand-written page of their own (a page template that sets
    ``r = rulesets["<name>"]``, as ``tools.presets.template_pages`` reads them; a test keeps the two
    the same): their names are theirs. Read here, so that this module imports nothing of ours."""
    return {
        m.group(1)
        for tpl in pages_dir.glob("*.md.j2")
        if not tpl.name.startswith("_")
        for m in [_SET_R.search(tpl.read_text(encoding="utf-8"))]
        if m
    }


def preset_name_problem(name: str, own_page: bool, reserved: Iterable[str]) -> str | None:
    """Why a preset's ``name`` cannot name a page, or None (``own_page``: it has a hand-written page)."""
    if not PRESET_NAME.fullmatch(name):
        return (
            f"name: nimen on oltava pienin kirjaimin kirjoitettu tunnus (a–z, numerot ja -, enintään 41 merkkiä, "
            f"alkaa kirjaimella), esim. kerhorommi; ”{name[:40]}” ei kelpaa"
        )
    if not own_page and name in set(reserved):
        shown = ", ".join(sorted(set(reserved)))
        return f"name: nimi ”{name}” on sivuston oma sivu tai kansio; varatut nimet: {shown}"
    return None


def plain_title_problem(title: str) -> str | None:
    """Why a preset's ``title`` is not one line of plain text, or None."""
    if len(title) > TITLE_MAX:
        return f"title: otsikko on liian pitkä ({len(title)} merkkiä; enintään {TITLE_MAX})"
    bad = sorted({ch for ch in title if ch in "<>[]{}*_`\\|#&~^$@=\"':" or not ch.isprintable()})
    if bad:
        shown = " ".join(f"U+{ord(ch):04X}" if not ch.isprintable() else ch for ch in bad)
        return (
            f"title: otsikon on oltava yksi rivi pelkkää tekstiä; merkit {shown} eivät käy "
            "(ei HTML:ää, Markdownia eikä linkkejä)"
        )
    if title != title.strip():
        return "title: otsikon alussa tai lopussa on tyhjää"
    return None
