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
def club(tmp_path_factory, request):
    """A club's own rulebook built by following the README's club section in a temporary copy
    (tests/test_club_site.py), once for the session: tests/test_club_browser.py serves the same copy."""
    from copy_run import KEY
    from test_club_site import make_club

    club = make_club(tmp_path_factory)
    copy = request.config.stash.get(KEY, None)
    if copy is not None:  # the copy's pytest starts on the data-reading tests (tests/copy_run.py)
        copy.start(club.pytest, club.stop)
    return club


def pytest_configure(config):
    """Record which tests read the project's data (tests/data_record.py); the test that runs
    ``./dev test`` in a club's copy on those tests goes last (tests/test_club_site.py)."""
    import data_record

    data_record.register(config)
    config.addinivalue_line("markers", "club_suite: runs the data-reading tests in a club's copy (runs last)")


def pytest_unconfigure(config):
    import data_record
    from copy_run import KEY

    copy = config.stash.get(KEY, None)
    if copy is not None:
        copy.stop()
    data_record.unregister(config)


def _copys_own(item) -> bool:
    """A test of the club's copy itself (it uses the ``club`` fixture): the copy does not run it."""
    return "club" in getattr(item, "fixturenames", ())


@pytest.hookimpl(trylast=True)  # after -k and --deselect have chosen the session's tests
def pytest_collection_modifyitems(config, items):
    """The copy's own tests go first, so that the copy is made early and its pytest can run the
    data-reading tests while the session goes on (tests/copy_run.py); the test that checks that run
    goes last."""
    from copy_run import KEY, CopyRun
    from data_record import KEY as RECORD

    last = [item for item in items if item.get_closest_marker("club_suite")]
    rest = [item for item in items if not item.get_closest_marker("club_suite")]
    first = [item for item in rest if _copys_own(item)]
    items[:] = first + [item for item in rest if not _copys_own(item)] + last
    if last:
        copy = config.stash[KEY] = CopyRun(config.stash[RECORD], _copys_own)
        copy.waiting = len(first)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    try:
        return (yield)
    finally:
        from copy_run import KEY

        copy = item.config.stash.get(KEY, None)
        if copy is not None and not item.get_closest_marker("club_suite"):
            copy.ran(item)
