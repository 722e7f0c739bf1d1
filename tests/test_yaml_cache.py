"""What ``tools.yamlsrc.load`` keeps between runs (:mod:`tools.kept`) never outlives a change of the file,
the limits or the reader."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from tools import kept, yamlsrc
from tools.verify import verify
from tools.yamlsrc import LDict, LList, SourceError

from positions import DEAL, GOES_OUT, TABLE

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tests" / "corpus" / "rules"  # the corpus's own fixed rule sets

SCENARIO = DEAL + TABLE + GOES_OUT


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The store of kept values, in a file of its own."""
    kept.flush()  # nothing of earlier tests goes to this store
    store = tmp_path / "cache" / "kept.pickle"
    monkeypatch.setattr(kept, "STORE_FILE", store)
    monkeypatch.setattr(kept, "ROOT", tmp_path)  # the test's files count as the project's
    monkeypatch.delenv("ROMMIKIRJA_YAML_CACHE", raising=False)
    yield store
    kept.flush()


def _entries(store: Path) -> list[str]:
    """The YAML entries written to the store (what the next run reads)."""
    kept.flush()
    return sorted(n for n in kept._read(store) if n.startswith("yaml:"))


def _reread() -> None:
    """Forget what this process read from the store: the next load reads it like a new run."""
    kept.flush()
    kept._state["entries"] = None


def test_changed_scenario_after_a_cached_run_gets_the_new_verdict(tmp_path, cache):
    path = tmp_path / "oma.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert verify([path], rules_dir=RULES)[1] == []
    kept_names = _entries(cache)
    assert kept_names == [f"yaml:{path}"]  # (the rule sets lie outside this test's project)
    _reread()
    assert verify([path], rules_dir=RULES)[1] == []  # read back
    # the same size and modification time, another winner: the text decides, not the file's stat
    st = os.stat(path)
    path.write_text(SCENARIO.replace("winner: Aino", "winner: Eero"), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    _reread()
    errors = verify([path], rules_dir=RULES)[1]
    assert [str(e) for e in errors] == [f"{path}:21: winner: odotettiin Eero, moottori antoi Aino"]
    assert _entries(cache) == kept_names  # one entry per file, replaced
    # a broken file is reported on every run (errors are never kept)
    path.write_text(SCENARIO.replace("  - draw: stock\n", "  - draw: [stock\n"), encoding="utf-8")
    for _ in range(2):
        _reread()
        (err,) = verify([path], rules_dir=RULES)[1]
        assert err.line == 19 and err.message.startswith("YAML-virhe"), str(err)
    path.write_text(SCENARIO, encoding="utf-8")
    _reread()
    assert verify([path], rules_dir=RULES)[1] == []


def test_kept_data_keeps_types_and_lines(tmp_path, cache):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\nb:\n  - x\n  - {c: true}\n", encoding="utf-8")
    first = yamlsrc.load(path)
    assert _entries(cache) == [f"yaml:{path}"]
    _reread()
    second = yamlsrc.load(path)
    assert first == second == {"a": 1, "b": ["x", {"c": True}]}
    assert type(second) is LDict and type(second["b"]) is LList and type(second["b"][1]) is LDict
    assert (second.line_of("b"), second["b"].line_of(1), second["b"][1].line_of("c")) == (2, 4, 4)
    second["b"].append("y")  # each load gives its own copy
    assert yamlsrc.load(path)["b"] == ["x", {"c": True}]


def test_changed_limits_are_checked_again(tmp_path, cache, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("a: [1, 2, 3, 4, 5, 6]\n", encoding="utf-8")
    assert yamlsrc.load(path)["a"] == [1, 2, 3, 4, 5, 6]
    monkeypatch.setitem(yamlsrc.LIMITS, "values", 5)
    with pytest.raises(SourceError, match="liikaa arvoja"):
        yamlsrc.load(path)


def test_damaged_or_foreign_stores_and_entries_are_parsed_again(tmp_path, cache, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    yamlsrc.load(path)
    kept.flush()
    blob = cache.read_bytes()
    import hashlib

    evil = pickle.dumps({f"yaml:{path}": (b"k", b"v"), "x": os.getcwd})  # names a function: refused
    for damaged in (
        b"",
        blob[:-3],
        blob[:32] + b"x" * 10,
        b"\0" * 32 + blob[32:],
        hashlib.sha256(evil).digest() + evil,
    ):
        cache.write_bytes(damaged)
        _reread()
        assert yamlsrc.load(path) == {"a": 1}
    # an entry under the right key whose payload names something other than LDict and LList
    (name,) = _entries(cache)
    key = kept._read(cache)[name][0]
    monkeypatch.setitem(kept._entries(), name, (key, pickle.dumps(os.getcwd)))
    assert yamlsrc.load(path) == {"a": 1}


def test_cache_can_be_turned_off(tmp_path, cache, monkeypatch):
    monkeypatch.setenv("ROMMIKIRJA_YAML_CACHE", "0")
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert yamlsrc.load(path) == {"a": 1}
    assert not _entries(cache) and not cache.exists()


def test_a_changed_reader_never_reuses_old_entries(tmp_path, cache, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    yamlsrc.load(path)
    (name,) = _entries(cache)
    old = kept._read(cache)[name][0]
    # another yamlsrc.py, PyYAML or Python: another salt, so the kept entry no longer matches
    monkeypatch.setattr(yamlsrc, "_CACHE_SALT", [b"another reader"])
    calls = []
    real = yamlsrc.loads
    monkeypatch.setattr(yamlsrc, "loads", lambda *a, **k: calls.append(a) or real(*a, **k))
    _reread()
    assert yamlsrc.load(path) == {"a": 1}
    assert len(calls) == 1  # parsed again
    assert _entries(cache) == [name]
    assert kept._read(cache)[name][0] != old  # kept under the new key
    _reread()
    assert yamlsrc.load(path) == {"a": 1} and len(calls) == 1  # then read back


def test_two_runs_ending_together_keep_both_entries(tmp_path, cache):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("a: 1\n", encoding="utf-8")
    b.write_text("b: 2\n", encoding="utf-8")
    yamlsrc.load(a)
    kept._state["entries"] = {}  # another run read the store before a.yaml was kept ...
    kept.flush()
    yamlsrc.load(b)  # ... and keeps b.yaml: the store then has both
    assert _entries(cache) == [f"yaml:{a}", f"yaml:{b}"]


def test_entries_of_deleted_files_are_dropped(tmp_path, cache):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("a: 1\n", encoding="utf-8")
    b.write_text("b: 2\n", encoding="utf-8")
    yamlsrc.load(a)
    assert _entries(cache) == [f"yaml:{a}"]
    a.unlink()
    yamlsrc.load(b)  # the next run that keeps something
    assert _entries(cache) == [f"yaml:{b}"]


def test_files_outside_the_project_are_not_written(tmp_path, cache, monkeypatch):
    monkeypatch.setattr(kept, "ROOT", tmp_path / "projekti")
    a = tmp_path / "a.yaml"
    a.write_text("a: 1\n", encoding="utf-8")
    assert yamlsrc.load(a) == {"a": 1} == yamlsrc.load(a)  # kept for this process only
    assert _entries(cache) == []
