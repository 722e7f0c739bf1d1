"""Render ``docs/`` into the served site, switched in whole: ``python -m tools.site``.

``./dev site`` and ``./dev test`` run it after ``python -m tools.build``. ``site`` is a symbolic
link to one complete build in ``.site-builds/``:

1. under the lock of ``docs/`` (recovery first, :mod:`tools.publish`; MkDocs must never read a
   half-published ``docs/``, and two site builds take turns), MkDocs renders into a fresh folder
   ``.site-builds/.partial-…`` — its hooks included: the service worker, ``data/files.json``,
   the precompressed copies (:mod:`tools.offline`);
2. the folder, complete, is renamed to its final name; a new link ``.site-builds/.link-…`` to it
   is made and renamed over ``site``: ``rename()`` replaces a link in one step, so a server that
   resolves ``site/…`` on each request (the test server, nginx, Apache) serves the old build or
   the new one, never a mix and never nothing;
3. partial folders and links that a killed build left are removed, and builds older than the
   previous one (kept for requests in flight, and to switch back by hand) too.

A build killed at any step leaves ``site`` pointing at the old complete build; the next build
cleans up and switches. A ``site`` that is still a real folder (made by an older version, or by
``mkdocs build`` without ``-d``) is moved into ``.site-builds/`` at the switch: that once, ``site``
is missing between two renames.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import oserrors
from . import publish as pub

ROOT = Path(__file__).resolve().parent.parent
BUILDS = ".site-builds"
PARTIAL = ".partial-"
LINK = ".link-"


class SiteError(Exception):
    """The site could not be built; the message is Finnish and ``site`` is unchanged."""


def current(site: Path) -> Path | None:
    """The build ``site`` points at (or the folder it is), or None."""
    if site.is_symlink():
        target = Path(os.readlink(site))
        return (site.parent / target) if not target.is_absolute() else target
    return site if site.is_dir() else None


def _prune(builds: Path, keep: set[str]) -> None:
    for entry in builds.iterdir():
        if entry.name in keep:
            continue
        if entry.is_symlink() or entry.is_file():
            entry.unlink(missing_ok=True)
        else:
            shutil.rmtree(entry, ignore_errors=True)


def switch(site: Path, build: Path) -> None:
    """Make ``site`` point at ``build`` (a folder in ``site.parent/.site-builds``) by one rename."""
    builds = build.parent
    link = builds / f"{LINK}{os.getpid()}-{time.time_ns()}"
    # relative, read where it ends up: site.parent/.site-builds/<build>
    link.symlink_to(Path(BUILDS) / build.name, target_is_directory=True)
    pub.kill_point("site link")
    if site.exists() and not site.is_symlink():  # an older layout: a real folder
        os.rename(site, builds / f"legacy-{time.time_ns()}")
    os.replace(link, site)


def build_site(root: Path = ROOT, site: Path | None = None, config: Path | None = None) -> Path:
    """Render ``root/docs`` (``mkdocs build --strict``) and switch ``site`` to it; the new build."""
    site = root / "site" if site is None else site
    config = root / "mkdocs.yml" if config is None else config
    docs = root / "docs"
    builds = site.parent / BUILDS
    builds.mkdir(exist_ok=True)
    with pub.locked(docs):
        pub.recover(docs)
        before = current(site)
        keep = {p.name for p in (before,) if p is not None and p.parent == builds}
        _prune(builds, keep)  # what killed builds left, and old builds
        partial = Path(tempfile.mkdtemp(dir=builds, prefix=PARTIAL))
        partial.chmod(0o755)  # served by whoever runs the web server
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", pub.HELD_ENV: str(docs.resolve())}
        pub.kill_point("site render")
        proc = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), "-d", str(partial)],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        if proc.returncode != 0:
            shutil.rmtree(partial, ignore_errors=True)
            raise SiteError(
                f"{proc.stdout.strip()}\nmkdocs build epäonnistui (koodi {proc.returncode}); sivusto ennallaan."
            )
        pub.kill_point("site rendered")
        final = builds / f"{time.strftime('%Y%m%d-%H%M%S')}-{partial.name[len(PARTIAL) :]}"
        os.rename(partial, final)
        pub.kill_point("site complete")
        switch(site, final)
        pub.kill_point("site switched")
        _prune(builds, {final.name} | keep)
    return final


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.site", description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        build = build_site(args.root.resolve())
    except (SiteError, pub.PublishError, OSError) as err:
        print(oserrors.shown(err), file=sys.stderr)
        return 1
    print(f"Sivusto rakennettu: site → {BUILDS}/{build.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
