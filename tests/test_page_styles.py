"""The widget style sheets load on every page from mkdocs.yml (extra_css), like their scripts,
not from inside an article; that changes no other page because every rule of theirs is under the
widget's own classes (.pelaa…, .opetus…)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WIDGET_SHEETS = {"pelaa.css": ("pelaa",), "opetus.css": ("opetus", "pelaa")}


def _selectors(css: str) -> list[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@media[^{]*\{", "", css)
    return [part.strip() for rule in re.findall(r"([^{}]+)\{[^{}]*\}", css) for part in rule.split(",")]


def test_every_rule_of_a_widget_sheet_is_under_its_own_classes():
    for sheet, prefixes in WIDGET_SHEETS.items():
        selectors = _selectors((ROOT / "docs" / "assets" / sheet).read_text(encoding="utf-8"))
        assert selectors, sheet
        stray = [s for s in selectors if not re.match(rf"\.({'|'.join(prefixes)})[\w-]*(?![\w-])", s)]
        assert stray == [], (sheet, stray)


def test_the_sheets_come_from_mkdocs_yml_and_no_template_links_them():
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    listed = {Path(p).name for p in config["extra_css"]}
    assert set(WIDGET_SHEETS) <= listed, listed
    for template in (ROOT / "templates").rglob("*.j2"):
        text = template.read_text(encoding="utf-8")
        for sheet in WIDGET_SHEETS:
            assert f"assets/{sheet}" not in text, (template, sheet)
