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
def club(tmp_path_factory):
    """A club's own rulebook built by following the README's club section in a temporary copy
    (tests/test_club_site.py), once for the session: tests/test_club_browser.py serves the same copy."""
    from test_club_site import make_club

    return make_club(tmp_path_factory)


def pytest_configure(config):
    """Record which tests read the project's data (tests/data_record.py); the test that runs
    ``./dev test`` in a club's copy on those tests goes last (tests/test_club_site.py)."""
    import data_record

    data_record.register(config)
    config.addinivalue_line("markers", "club_suite: runs the data-reading tests in a club's copy (runs last)")


def pytest_unconfigure(config):
    import data_record

    data_record.unregister(config)


def pytest_collection_modifyitems(config, items):
    last = [item for item in items if item.get_closest_marker("club_suite")]
    items[:] = [item for item in items if not item.get_closest_marker("club_suite")] + last
