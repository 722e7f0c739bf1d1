"""Every deploy is whole: a build of B (a new engine and a changed page) over A, killed (SIGKILL to
the whole build, MkDocs included) at every step where it writes — each step of the ``docs/``
publish and each step of the site build — leaves the served site wholly A or wholly B, and the
next build gives B whole: the new pages never ship with the old wheel.

The builds are the real entry points (``python -m tools.build``, ``python -m tools.site``) in a
copy of the project (tests/deploy_project.py); the kill comes at a named step
(``ROMMIKIRJA_KILL_AT``), so every run is the same run."""
from __future__ import annotations

import json

from tools import publish as pub


def steps(project, module: str, tmp_path) -> list[str]:
    log = tmp_path / f"{module}.steps"
    proc = project.run(module, log=log)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return log.read_text(encoding="utf-8").splitlines()


def wheel_of(folder) -> tuple[str, str]:
    pointer = json.loads((folder / "data" / "runtime.json").read_text(encoding="utf-8"))
    return pointer["wheel"], pointer["files"][f"pyodide/{pointer['wheel']}"]["sha256"]


def test_a_killed_docs_publish_never_ships_a_mix(deploy_project, tmp_path):
    project = deploy_project
    root = project.root
    project.restore("A", "A")
    names = steps(project, "tools.build", tmp_path)
    # every write of the publish: staging, the journal, each move, the manifest, the commit
    assert names[0] == "outputs ready" and "journal" in names and names[-2:] == ["manifest", "commit"]
    assert sum(n.startswith("move ") for n in names) == 3          # the page, the pointer, the new wheel
    wheel_b = wheel_of(root / "docs")
    outcomes = {}
    for name in names:
        project.restore("A", "A")
        killed = project.run("tools.build", kill=name)
        assert killed.returncode == -9, (name, killed.stderr)
        # the served site is untouched; docs/ as every reader sees it (each recovers first) is A
        assert project.which("site") == "A", name
        pub.recovered(root / "docs")
        assert project.which("docs") == "A", name
        assert not [p for p in (root / "docs").iterdir() if p.name.startswith((".stage", ".rommikirja-journal"))]
        # the next build repairs it: the new pages with the new wheel, and the site B whole
        for module in ("tools.build", "tools.site"):
            proc = project.run(module)
            assert proc.returncode == 0, (name, module, proc.stderr)
        assert wheel_of(root / "docs") == wheel_b == wheel_of(root / "site"), name
        outcomes[name] = (project.which("docs"), project.which("site"))
    assert set(outcomes.values()) == {("B", "B")}, outcomes


def test_a_build_killed_after_the_pointer_moved_does_not_reuse_the_old_wheel(deploy_project, tmp_path):
    """The case of issue 18: killed once the new data/runtime.json is in place but the new wheel
    is not, the next build read that half-published pointer and shipped the new pages with the old
    wheel. Recovery comes first now, in the build and in the runtime step alone."""
    project = deploy_project
    root = project.root
    for module in ("tools.build", "tools.runtime"):
        project.restore("A", "A")
        killed = project.run("tools.build", kill="move index.md")      # after data/runtime.json
        assert killed.returncode == -9
        pointer = json.loads((root / "docs" / "data" / "runtime.json").read_text(encoding="utf-8"))
        assert pointer["engine"] != json.loads((project.stash / "docs-A" / "data" / "runtime.json")
                                               .read_text(encoding="utf-8"))["engine"]   # half published
        proc = project.run(module)
        assert proc.returncode == 0, proc.stderr
        name, digest = wheel_of(root / "docs")
        assert (name, digest) == wheel_of(project.stash / "docs-B"), module
        assert pub.sha256_file(root / "docs" / "pyodide" / name) == digest


SITE_STEPS = ["site render", "hook rendered", "hook files.json", "hook sw.js", "hook precompressing",
              "hook precompressed", "site rendered", "site complete", "site link", "site switched"]


def test_a_killed_site_build_leaves_the_old_site_whole(deploy_project, tmp_path):
    project = deploy_project
    root = project.root
    project.restore("B", "A")
    assert steps(project, "tools.site", tmp_path) == SITE_STEPS
    outcomes = {}
    for name in SITE_STEPS:
        project.restore("B", "A")
        killed = project.run("tools.site", kill=name)
        assert killed.returncode == -9, (name, killed.stderr)
        served = project.which("site")
        assert served in ("A", "B"), (name, served)
        builds = root / ".site-builds"
        leftovers = sorted(p.name for p in builds.iterdir())
        proc = project.run("tools.site")
        assert proc.returncode == 0, (name, proc.stderr)
        assert project.which("site") == "B", name
        # what the killed build left is gone; the build before is kept
        assert len(list(builds.iterdir())) == 2, (name, leftovers, sorted(p.name for p in builds.iterdir()))
        outcomes[name] = served
    # the switch is the one rename: before it the old site, after it the new
    assert outcomes == {name: "B" if name == "site switched" else "A" for name in SITE_STEPS}, outcomes
