"""The club copy's pytest in batches while the session goes on (tests/copy_run.py): every test
the whole session's record selects runs in the copy exactly once, the copy's own tests never, and
no batch starts before the copy's own tests are done or outlives the session."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace

from copy_run import CopyRun
from data_record import Recorder


def _item(nodeid: str, club: bool = False):
    module, name = nodeid.split("::")
    return SimpleNamespace(
        nodeid=nodeid,
        originalname=name.split("[")[0],
        parent=SimpleNamespace(nodeid=module),
        fixturenames=("club",) if club else ("tmp_path",),
    )


class Copy:
    """A stand-in for the copy's pytest: what each batch got."""

    def __init__(self):
        self.batches: list[list[str]] = []
        self.ran = threading.Event()

    def run(self, ids, n):
        assert n == len(self.batches) + 1
        self.batches.append(list(ids))
        self.ran.set()
        return 0, f"{len(ids)} passed"


def _copy_run(tmp_path: Path, batch: int = 2):
    recorder = Recorder(tmp_path)
    copy = CopyRun(recorder, lambda item: "club" in item.fixturenames, batch=batch)
    return recorder, copy


def test_every_data_reading_test_runs_once_in_the_copy_and_a_late_import_read_adds_the_rest(tmp_path):
    recorder, copy = _copy_run(tmp_path)
    fake = Copy()
    own = _item("tests/test_k.py::test_copy", club=True)
    copy.waiting = 1
    copy.start(fake.run, lambda: None)
    items = [own]
    for nodeid, reads in [
        ("tests/test_a.py::test_reads", True),
        ("tests/test_a.py::test_pure", False),
        ("tests/test_b.py::test_case[x]", True),
        ("tests/test_b.py::test_case[y]", True),  # the same function: the copy runs all its cases once
        ("tests/test_c.py::test_late", True),
    ]:
        item = _item(nodeid)
        items.append(item)
        if reads:
            recorder.reads[nodeid] = f"open {tmp_path}/scenarios/rules/x.yaml"
        copy.ran(item)
    assert not fake.ran.wait(0.3)  # two are waiting, but the copy's own test has not run yet
    recorder.reads[own.nodeid] = "fixture read"
    copy.ran(own)
    assert fake.ran.wait(10)
    # a module of tools/ reading data at import makes every test count: the pure one too
    recorder.at_import = f"open {tmp_path}/scenarios/rules/x.yaml (tools/x.py)"
    results = copy.finish(items)
    sent = [i for ids, _, _ in results for i in ids]
    assert sorted(sent) == [
        "tests/test_a.py::test_pure",
        "tests/test_a.py::test_reads",
        "tests/test_b.py::test_case",
        "tests/test_c.py::test_late",
    ]
    assert fake.batches == [
        ["tests/test_a.py::test_reads", "tests/test_b.py::test_case", "tests/test_c.py::test_late"],
        ["tests/test_a.py::test_pure"],
    ]
    assert [ids for ids, _, _ in results] == fake.batches and all(rc == 0 for _, rc, _ in results)


def test_without_a_late_read_the_last_batch_is_what_no_batch_ran(tmp_path):
    recorder, copy = _copy_run(tmp_path, batch=100)
    fake = Copy()
    copy.start(fake.run, lambda: None)
    items = [_item(f"tests/test_a.py::test_{n}") for n in range(5)]
    for n, item in enumerate(items):
        if n % 2 == 0:
            recorder.reads[item.nodeid] = "subprocess.Popen python"
        copy.ran(item)
    assert not fake.ran.wait(0.2)  # fewer than a batch: they wait for the end
    copy.finish(items)
    assert fake.batches == [["tests/test_a.py::test_0", "tests/test_a.py::test_2", "tests/test_a.py::test_4"]]


def test_a_batch_under_way_ends_with_the_session(tmp_path):
    recorder, copy = _copy_run(tmp_path, batch=1)
    started, stopped = threading.Event(), threading.Event()

    def run(ids, n):
        started.set()
        assert stopped.wait(10)
        return -9, "(pysäytetty)"

    copy.start(run, stopped.set)
    item = _item("tests/test_a.py::test_reads")
    recorder.reads[item.nodeid] = "open x"
    copy.ran(item)
    assert started.wait(10)
    copy.stop()
    assert stopped.is_set() and not copy.thread.is_alive()
