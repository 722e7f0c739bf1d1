"""Build the site's Markdown: ``python -m tools.build``.

Verifies every scenario first; if any fails, prints the failures and writes
nothing. Otherwise renders ``templates/pages/*.md.j2`` (in the sandbox of
:mod:`tools.sandbox`) and publishes the pages, the site navigation and the browser
runtime (:mod:`tools.runtime`) into ``docs/`` in one transaction (:mod:`tools.publish`):
``docs/`` holds either the old build or the new one, never a mix; generated files say
so at their top, and files no build makes any more are removed. Concurrent builds take
turns. MkDocs (or any other renderer) then only renders ``docs/``.

``--diff`` and ``--accept [SCENARIO …]`` are the rule editor's review loop (tools/pagediff.py).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from . import oserrors
from . import publish as pub

# the page library's names, re-exported (tests and older callers import them from here)
from .pages import DOCS, PAGES, BuildError, page_outputs, publish_docs, render_pages, write_pages
from .scenario import SourceError
from .paths import ROOT
from .verify import verify

__all__ = ["main", "DOCS", "PAGES", "BuildError", "page_outputs", "publish_docs", "render_pages", "write_pages"]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        pub.recovered(DOCS)  # before anything reads docs/
    except (pub.PublishError, OSError) as err:
        print(f"{oserrors.shown(err)}\nSivuja ei kirjoitettu.", file=sys.stderr)
        return 1
    if args[:1] in (["--diff"], ["--accept"]):  # the rule editor's loop
        from . import accept, pagediff

        try:
            if args[0] == "--diff":
                return pagediff.report()
            return accept.accept(args[1:])
        except OSError as err:  # a file that cannot be written or read: in Finnish
            print(f"{oserrors.message(err)}\nMuutoksia ei voitu kirjoittaa loppuun.", file=sys.stderr)
            return 1
    scenarios, errors = verify()
    if errors:
        for err in errors:
            print(err, file=sys.stderr)
        print("Sivuja ei kirjoitettu: korjaa yllä luetellut skenaariot.", file=sys.stderr)
        return 1
    try:
        pages = render_pages(scenarios)
    except (BuildError, SourceError) as err:
        print(f"{err}\nSivuja ei kirjoitettu.", file=sys.stderr)
        return 1
    from . import runtime

    docs = DOCS
    try:
        publish_docs(pages, docs)
    except (runtime.RuntimeError_, pub.PublishError, OSError) as err:
        shown = oserrors.message(err) if isinstance(err, OSError) else err
        print(f"{shown}\nSivuja ei kirjoitettu.", file=sys.stderr)
        return 1
    print(f"{len(scenarios)} skenaariota tarkistettu, {len(pages)} sivua kirjoitettu hakemistoon {_shown(docs)}/.")
    return 0


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


if __name__ == "__main__":
    sys.exit(main())
