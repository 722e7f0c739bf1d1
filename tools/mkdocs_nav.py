"""MkDocs hook: the site navigation comes from the build, not from a hand-kept list.

``python -m tools.build`` writes ``docs/data/nav.json`` (the front page, then the pages in
the order the front page links them, then the rest); this hook puts it into the
MkDocs configuration, so a new preset page is in the navigation without editing
``mkdocs.yml``. Without the file (no build yet) MkDocs falls back to its own order.
"""
from __future__ import annotations

import json
from pathlib import Path


def on_config(config):  # noqa: ANN001 - MkDocs hook signature
    nav_file = Path(config["docs_dir"]) / "data" / "nav.json"
    if nav_file.exists():
        config["nav"] = json.loads(nav_file.read_text(encoding="utf-8"))
    return config
