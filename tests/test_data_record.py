"""The record of which tests read the project's data (tests/data_record.py), on a small project of
this test's own: a test that reads a data file, lists a data folder, gets a value a tools module
kept from an earlier test's read, uses a fixture that read data, starts a child process, or imports
a module that reads data as it is imported is recorded; a test that reads only its own temporary
file is not. Then a planted change of the data (a club's rule file that no longer says what the tests
expect, and one more that a test over every rule file refuses) fails in the recorded tests alone:
the whole suite on the changed copy fails in the same tests as the recorded ones do."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CONFTEST = """\
from pathlib import Path

import data_record


def pytest_configure(config):
    data_record.register(config, Path(__file__).resolve().parent.parent)


def pytest_unconfigure(config):
    data_record.unregister(config)
"""

LOADER = """\
_KEPT = {}


def rules(path):
    if path not in _KEPT:
        with open(path, encoding="utf-8") as f:
            _KEPT[path] = f.read()
    return _KEPT[path]
"""

TESTS = '''\
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import loader

ROOT = Path(__file__).resolve().parent.parent
RULES = str(ROOT / "scenarios" / "rules" / "kerho.yaml")


@pytest.fixture(scope="session")
def opening():
    return (ROOT / "scenarios" / "rules" / "kerho.yaml").read_text(encoding="utf-8").split()[-1]


def test_a_pure():
    assert sum([20, 20]) == 40


def test_b_reads_a_rule_file():
    assert "opening_points: 40" in Path(RULES).read_text(encoding="utf-8")


def test_c_lists_the_rule_files():
    assert sorted(os.listdir(ROOT / "scenarios" / "rules")) == ["kerho.yaml"]


def test_d_loads_the_rules():
    assert loader.rules(RULES).endswith("40\\n")


def test_e_gets_the_kept_rules():
    assert "40" in loader.rules(RULES)


def test_f_fixture(opening):
    assert opening == "40"


def test_g_fixture_again(opening):
    assert int(opening) > 0


def test_h_child():
    assert subprocess.run([sys.executable, "-c", "pass"]).returncode == 0


def test_i_own_file(tmp_path):
    (tmp_path / "oma.yaml").write_text("opening_points: 40\\n", encoding="utf-8")
    assert (tmp_path / "oma.yaml").read_text(encoding="utf-8").endswith("40\\n")
'''

FILES = """\
from pathlib import Path

import pytest

RULES = sorted((Path(__file__).resolve().parent.parent / "scenarios" / "rules").glob("*.yaml"))


@pytest.mark.parametrize("path", RULES, ids=[p.name for p in RULES])
def test_every_rule_file_names_its_game(path):
    assert path.read_text(encoding="utf-8").startswith("name: ")


def test_in_a_module_that_reads_data_when_imported():
    assert True
"""

AT_IMPORT = """\
from pathlib import Path

FIRST = (Path(__file__).resolve().parent.parent / "scenarios" / "rules" / "kerho.yaml").read_text()
"""


def _project(root: Path) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "tools").mkdir()
    (root / "scenarios" / "rules").mkdir(parents=True)
    shutil.copy2(HERE / "data_record.py", root / "tests" / "data_record.py")
    (root / "tests" / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (root / "tests" / "test_kerho.py").write_text(TESTS, encoding="utf-8")
    (root / "tests" / "test_rule_files.py").write_text(FILES, encoding="utf-8")
    (root / "tools" / "__init__.py").write_text("", encoding="utf-8")
    (root / "tools" / "loader.py").write_text(LOADER, encoding="utf-8")
    (root / "scenarios" / "rules" / "kerho.yaml").write_text("name: kerho\nopening_points: 40\n", encoding="utf-8")
    return root


def _pytest(root: Path, *args: str, out: Path | None = None) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ROMMIKIRJA_DATA_TESTS_OUT")}
    env["PYTHONPATH"] = str(root)
    if out is not None:
        env["ROMMIKIRJA_DATA_TESTS_OUT"] = str(out)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rfE", "-q", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    return proc.returncode, proc.stdout + proc.stderr


def _failed(out: str) -> set[str]:
    return {m.split("::")[-1] for m in re.findall(r"^FAILED (\S+)", out, re.M)}


def test_every_kind_of_read_is_recorded_and_an_own_file_is_not(tmp_path):
    root = _project(tmp_path / "projekti")
    rc, out = _pytest(root, "tests", out=tmp_path / "valitut.txt")
    assert rc == 0, out
    chosen = [line.split("::")[-1] for line in (tmp_path / "valitut.txt").read_text(encoding="utf-8").splitlines()]
    assert chosen == [
        "test_b_reads_a_rule_file",
        "test_c_lists_the_rule_files",
        "test_d_loads_the_rules",
        "test_e_gets_the_kept_rules",  # no file opened: the loader's kept value of test_d
        "test_f_fixture",
        "test_g_fixture_again",  # the session fixture read its file for test_f
        "test_h_child",
        "test_every_rule_file_names_its_game",  # by the function's id: the copy runs all its cases
        "test_in_a_module_that_reads_data_when_imported",
    ]


def test_a_module_that_reads_data_when_imported_makes_every_test_count(tmp_path):
    root = _project(tmp_path / "projekti")
    (root / "tools" / "at_import.py").write_text(AT_IMPORT, encoding="utf-8")
    (root / "tests" / "test_z.py").write_text("def test_z():\n    import tools.at_import\n", encoding="utf-8")
    rc, out = _pytest(root, "tests", out=tmp_path / "valitut.txt")
    assert rc == 0, out
    assert len((tmp_path / "valitut.txt").read_text(encoding="utf-8").splitlines()) == 12


def test_a_planted_data_change_fails_in_the_recorded_tests_alone(tmp_path):
    root = _project(tmp_path / "projekti")
    chosen = tmp_path / "valitut.txt"
    assert _pytest(root, "tests", out=chosen)[0] == 0
    club = tmp_path / "kerho"
    shutil.copytree(root, club)
    (club / "scenarios" / "rules" / "kerho.yaml").write_text("name: kerho\nopening_points: 50\n", encoding="utf-8")
    (club / "scenarios" / "rules" / "kerho2.yaml").write_text("title: Kerho 2\n", encoding="utf-8")  # no name
    rc_chosen, out_chosen = _pytest(club, f"@{chosen}")
    rc_all, out_all = _pytest(club, "tests")
    assert rc_chosen == rc_all == 1
    assert (
        _failed(out_chosen)
        == _failed(out_all)
        == {
            "test_b_reads_a_rule_file",
            "test_c_lists_the_rule_files",
            "test_d_loads_the_rules",
            "test_e_gets_the_kept_rules",
            "test_f_fixture",
            "test_every_rule_file_names_its_game[kerho2.yaml]",  # a case only the club's files have
        }
    )
    assert re.search(r"6 failed, 4 passed", out_chosen), out_chosen


def test_a_copy_of_the_projects_data_is_told_apart(tmp_path):
    """``Recorder.copied``: a test (or its fixture) that copies a data folder of the project to a
    folder of its own; copying its own folder or the project's code is not such a copy."""
    import types

    import data_record

    root = _project(tmp_path / "projekti")
    recorder = data_record.Recorder(root)
    own = types.SimpleNamespace(nodeid="tests/test_x.py::test_own", fixturenames=["tmp_path"])
    copier = types.SimpleNamespace(nodeid="tests/test_x.py::test_copier", fixturenames=["tmp_path"])
    user = types.SimpleNamespace(nodeid="tests/test_x.py::test_user", fixturenames=["kopio"])
    (tmp_path / "oma").mkdir()
    recorder.current = own.nodeid
    recorder.event("shutil.copytree", (str(tmp_path / "oma"), str(tmp_path / "k1")))
    recorder.event("shutil.copytree", (str(root / "tools"), str(tmp_path / "k2")))
    recorder.current = copier.nodeid
    recorder.event("shutil.copytree", (str(root / "scenarios"), str(tmp_path / "k3")))
    recorder.current = "fixture:kopio"
    recorder.event("shutil.copytree", (str(root / "scenarios" / "rules"), str(tmp_path / "k4")))
    assert recorder.copied(own) is None
    assert recorder.copied(copier) == f"shutil.copytree {root / 'scenarios'}"
    assert recorder.copied(user) == f"shutil.copytree {root / 'scenarios' / 'rules'}"
