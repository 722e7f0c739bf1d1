"""A copy of the project in a temporary folder, built twice: build A, then build B with a changed
engine (a message only B's engine gives) and a changed page. The deploy tests (test_deploy.py,
test_browser_deploy.py) kill builds of B over A and deploy B to a browser that knows A.

The copy shares the worktree's ``node_modules`` (Pyodide, the cache of compressed copies) and its
verify caches (copied), and runs the real entry points: ``python -m tools.build`` and
``python -m tools.site``, with the copy's engine first on the path.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("engine", "tools", "templates", "scenarios", "pyproject.toml", "mkdocs.yml")
MESSAGE = 'raise RequestError(f"{what} pitää olla JSON-olio.")'
MARK_B = 'raise RequestError(f"{what} pitää olla JSON-olio (moottori B).")'
PAGE = "templates/pages/index.md.j2"
PAGE_B = "\n<!-- rakennus B -->\n"
#: what only B's engine says to {"op": "check"}
ONLY_B = "pitää olla JSON-olio (moottori B)."


def _hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tree(folder: Path, hidden: bool = False) -> dict[str, str]:
    """Every file under ``folder`` (followed through the ``site`` link) → its SHA-256; names that
    start with a dot are left out unless ``hidden`` (MkDocs never publishes them)."""
    folder = folder.resolve()
    out = {}
    for p in folder.rglob("*"):
        rel = p.relative_to(folder)
        if p.is_file() and (hidden or not any(part.startswith(".") for part in rel.parts)):
            out[rel.as_posix()] = _hash(p)
    return out


@dataclass
class DeployProject:
    root: Path
    stash: Path
    built: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)  # A/B → docs/site trees

    @classmethod
    def create(cls, tmp: Path) -> "DeployProject":
        root = tmp / "project"
        root.mkdir()
        ignore = shutil.ignore_patterns("*.pyc")  # keep kept.pickle, drop bytecode
        for name in COPIED:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, root / name, ignore=ignore, symlinks=True)
            else:
                shutil.copy2(src, root / name)
        shutil.copytree(ROOT / "docs" / "assets", root / "docs" / "assets")
        (root / "node_modules").symlink_to(ROOT / "node_modules")
        project = cls(root, tmp / "stash")
        project.stash.mkdir()
        for version in "AB":
            project.set_version(version)
            for module in ("tools.build", "tools.site"):
                proc = project.run(module)
                assert proc.returncode == 0, proc.stdout + proc.stderr
            project.built[version] = {"docs": tree(root / "docs"), "site": tree(root / "site")}
            # kept whole, to start each kill run from
            shutil.copytree(root / "docs", project.stash / f"docs-{version}", symlinks=True)
            shutil.copytree(root / "site", project.stash / f"site-{version}", symlinks=True)
        return project

    def set_version(self, version: str) -> None:
        """Put the sources of build ``version`` (A or B) in place."""
        req = self.root / "engine" / "rommikirja" / "requests.py"
        text = req.read_text(encoding="utf-8")
        assert MESSAGE in text or MARK_B in text
        text = text.replace(MARK_B, MESSAGE)
        req.write_text(text.replace(MESSAGE, MARK_B) if version == "B" else text, encoding="utf-8")
        page = self.root / PAGE
        text = page.read_text(encoding="utf-8").replace(PAGE_B, "")
        page.write_text(text + PAGE_B if version == "B" else text, encoding="utf-8")

    def env(self, kill: str | None = None, log: Path | None = None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("ROMMIKIRJA_KILL_AT", "ROMMIKIRJA_STEP_LOG")}
        if log:
            env["ROMMIKIRJA_STEP_LOG"] = str(log)
        env["PYTHONPATH"] = os.pathsep.join([str(self.root / "engine"), str(self.root)])
        env["NO_MKDOCS_2_WARNING"] = "1"
        env["SOURCE_DATE_EPOCH"] = "1700000000"  # the same sitemap dates (and wheel) on any day
        if kill:
            env["ROMMIKIRJA_KILL_AT"] = kill
        return env

    def run(self, module: str, kill: str | None = None, log: Path | None = None) -> subprocess.CompletedProcess:
        """``python -m module`` in the copy; ``kill``: SIGKILL at that step (its own session, so
        the kill takes MkDocs, its child, too); ``log``: the file that lists the steps."""
        return subprocess.run(
            [sys.executable, "-m", module],
            cwd=self.root,
            env=self.env(kill, log),
            capture_output=True,
            text=True,
            start_new_session=True,
            timeout=300,
        )

    def restore(self, docs: str = "A", site: str = "A") -> None:
        """``docs/`` and the served site exactly as build ``docs``/``site`` left them; the sources
        of build B in place (what the next build builds)."""
        self.set_version("B")
        shutil.rmtree(self.root / "docs")
        shutil.copytree(self.stash / f"docs-{docs}", self.root / "docs", symlinks=True)
        builds = self.root / ".site-builds"
        shutil.rmtree(builds)
        shutil.copytree(self.stash / f"site-{site}", builds / site)
        link = self.root / ".site-link"
        link.unlink(missing_ok=True)
        link.symlink_to(Path(".site-builds") / site)
        os.replace(link, self.root / "site")
        assert (self.which("docs"), self.which("site")) == (docs, site)

    def which(self, part: str) -> str:
        """ "A" or "B" when ``part`` (docs or site) is wholly that build, else what is mixed."""
        now = tree(self.root / part)
        a, b = self.built["A"][part], self.built["B"][part]
        for version, known in (("A", a), ("B", b)):
            if now == known:
                return version
        names = sorted(set(now) | set(a) | set(b))
        as_a = [rel for rel in names if now.get(rel) == a.get(rel) != b.get(rel)]
        as_b = [rel for rel in names if now.get(rel) == b.get(rel) != a.get(rel)]
        neither = [rel for rel in names if now.get(rel) not in (a.get(rel), b.get(rel))]
        return f"mixed: as A {as_a[:5]}, as B {as_b[:5]}, neither {neither[:5]}"
