"""MkDocs hook: the site navigation comes from the build, not from a hand-kept list.

``python -m tools.build`` writes ``docs/data/nav.json`` (the front page, then the pages in
the order the front page links them, then the rest); this hook puts it into the
MkDocs configuration, so a new preset page is in the navigation without editing
``mkdocs.yml``. Without the file (no build yet) MkDocs falls back to its own order.

It is the first hook to read ``docs/``, so it first takes the lock of ``docs/`` and recovers
what a killed build left (:func:`tools.publish.hold`); ``tools/site_hooks.py`` lets go when the
site is finished.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))


def on_config(config):  # noqa: ANN001 - MkDocs hook signature
    from tools.publish import hold

    hold(Path(config["docs_dir"]))
    nav_file = Path(config["docs_dir"]) / "data" / "nav.json"
    if nav_file.exists():
        config["nav"] = json.loads(nav_file.read_text(encoding="utf-8"))
    return config
