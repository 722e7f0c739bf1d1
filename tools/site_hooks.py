"""MkDocs hook (``hooks:`` in mkdocs.yml): after MkDocs has rendered the site, finish it for
caching and offline use with the renderer-independent ``tools.offline.finish_site``, then let
go of the lock of ``docs/`` that ``tools/mkdocs_nav.py`` took when MkDocs began."""
from __future__ import annotations

import sys
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))


def on_post_build(config, **kwargs) -> None:
    from tools.offline import finish_site
    from tools.publish import release
    try:
        finish_site(Path(config["site_dir"]))
    finally:
        release(Path(config["docs_dir"]))     # taken in tools/mkdocs_nav.py's on_config


def on_build_error(error, **kwargs) -> None:
    from tools.publish import release
    release()                                  # whatever this process holds
