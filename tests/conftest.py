from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The whole site built once: tools.build, then mkdocs build --strict into a temporary folder."""
    from tools import build

    assert build.main([]) == 0
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="session")
def deploy_project(tmp_path_factory):
    """A copy of the project with two known builds, A and B (B: an engine change and a page
    change), for the deploy tests (tests/deploy_project.py)."""
    from deploy_project import DeployProject

    return DeployProject.create(tmp_path_factory.mktemp("deploy"))


@pytest.fixture(scope="session")
def club(request, tmp_path_factory):
    """A club's own rulebook built by following the README's club section in a temporary copy
    (tests/test_club_site.py), once for the session: tests/test_club_browser.py serves the same copy.
    The whole suite's run in the copy starts only when this session has the test that waits for it."""
    from test_club_site import make_club

    waits = any(item.get_closest_marker("club_suite") for item in request.session.items)
    c = make_club(tmp_path_factory, run_suite=waits)
    yield c
    c.stop()


def pytest_collection_modifyitems(config, items):
    """In a club's copy (tests/test_club_site.py runs the whole suite there) the tests that build
    that copy are left out; elsewhere the test that waits for the copy's run goes last, so the rest
    of the session runs meanwhile."""
    from test_club_site import IN_CLUB_COPY

    if os.environ.get(IN_CLUB_COPY):
        left_out = [item for item in items if "club" in getattr(item, "fixturenames", ())]
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = [item for item in items if "club" not in getattr(item, "fixturenames", ())]
        return
    last = [item for item in items if item.get_closest_marker("club_suite")]
    items[:] = [item for item in items if not item.get_closest_marker("club_suite")] + last


def pytest_configure(config):
    config.addinivalue_line("markers", "club_suite: waits for the whole suite's run in a club's copy (runs last)")
