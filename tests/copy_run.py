"""The club copy's pytest run while the session goes on (tests/test_club_site.py,
:func:`test_dev_test_passes_in_the_club_copy`).

The copy must run every test of the session that read the project's data (tests/data_record.py).
Which tests those are is known test by test: once a test has run, what it read is recorded and can
only grow (a later import that reads data makes every test count). So the copy need not wait for
the end of the session: :class:`CopyRun` hands the copy's pytest, in a thread of its own, the data
readers recorded so far in batches, while the session goes on with its other tests on the other
CPU; the last test (:meth:`CopyRun.finish`) waits for the batch under way and runs every test the
whole session's record selects that no batch ran yet. What the copy runs is thus the same set as
one run at the end would be (each test of the set exactly once), only split into several
``pytest @FILE`` runs, each on the copy's own tree.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

#: How many data-reading tests wait for a batch (a batch starts when this many are waiting and the
#: copy is idle): each run of the copy's pytest starts Python, imports the test files and sets up
#: its session fixtures again.
BATCH = 20


class CopyRun:
    """Batches of data-reading test ids for ``run(ids, n) -> (return code, output)``, the copy's
    pytest on those ids (``n``: the batch's number), in a thread. ``recorder``: the session's
    :class:`data_record.Recorder`; ``skip(item)``: a test the copy does not run (one of the copy's
    own tests)."""

    def __init__(self, recorder, skip: Callable[[object], bool], batch: int = BATCH):
        self.recorder = recorder
        self.skip = skip
        self.batch = batch
        self.run: Callable[[list[str], int], tuple[int, str]] | None = None
        self.waiting = 0  # the copy's own tests still to run here (the copy is theirs until then)
        self.sent: dict[str, None] = {}
        self.pending: list[str] = []
        self.results: list[tuple[list[str], int, str]] = []
        self.cond = threading.Condition()
        self.closing = False
        self.thread: threading.Thread | None = None
        self.stop_run: Callable[[], None] = lambda: None

    def ran(self, item) -> None:
        """After each test of the session: its id, when it read data, waits for a batch."""
        if self.skip(item):
            with self.cond:
                self.waiting -= 1
                self.cond.notify()
            return
        ids = self.recorder.selected([item])
        with self.cond:
            for i in ids:
                if i not in self.sent and i not in self.pending:
                    self.pending.append(i)
            self.cond.notify()

    def start(self, run: Callable[[list[str], int], tuple[int, str]], stop: Callable[[], None]) -> None:
        """The copy is made: batches may start once its own tests here are done. ``stop()`` ends
        the batch under way (:meth:`stop`)."""
        self.run, self.stop_run = run, stop
        self.thread = threading.Thread(target=self._loop, name="kerhon-kopio", daemon=True)
        self.thread.start()

    def _take(self) -> list[str]:
        ids, self.pending = self.pending, []
        self.sent.update(dict.fromkeys(ids))
        return ids

    def _loop(self) -> None:
        self.recorder.busy.on = True  # what this thread opens or starts is no test's read
        while True:
            with self.cond:
                while not self.closing and (self.waiting > 0 or len(self.pending) < self.batch):
                    self.cond.wait()
                if self.closing:
                    return
                ids = self._take()
            rc, out = self.run(ids, len(self.results) + 1)
            self.results.append((ids, rc, out))

    def finish(self, items) -> list[tuple[list[str], int, str]]:
        """Wait for the batch under way, then run every test of ``items`` the record selects that
        no batch ran; every batch's ``(ids, return code, output)``."""
        with self.cond:
            self.closing = True
            self.cond.notify()
        if self.thread is not None:
            self.thread.join()
        with self.cond:
            chosen = self.recorder.selected([i for i in items if not self.skip(i)])
            self.pending = [i for i in chosen if i not in self.sent]
            rest = self._take()
        if rest:
            self.results.append((rest, *self.run(rest, len(self.results) + 1)))
        return self.results

    def stop(self) -> None:
        """The session ends before :meth:`finish` (stopped, or the last test not chosen): no batch
        outlives it."""
        with self.cond:
            self.closing = True
            self.cond.notify()
        if self.thread is not None and self.thread.is_alive():
            self.stop_run()
            self.thread.join()


KEY = pytest.StashKey[CopyRun]()
