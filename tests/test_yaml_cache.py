"""What ``tools.yamlsrc.load`` keeps between runs never outlives a change of the file (or of the limits)."""
from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from tools import yamlsrc
from tools.verify import verify
from tools.yamlsrc import LDict, LList, SourceError

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tests" / "corpus" / "rules"          # the corpus's own fixed rule sets

SCENARIO = """\
source: own
game: perusrommi
title: Testi
setup:
  turn: Aino
  hands:
    - [7H, 8H]
    - [AS, 7C, KD]
  stock: [9H, 2C]
  discard: [5S]
  table:
    - {owner: Aino, cards: [3C, 4C, 5C, 6C]}
    - {owner: Aino, cards: [9D, 10D, JD, QD]}
    - {owner: Eero, cards: [8S, 9S, 10S, JS]}
    - {owner: Eero, cards: [2D, 3D, 4D]}
  has_played: [Aino, Eero]
steps:
  - draw: stock
  - meld: [7H, 8H, 9H]
  - expect:
      winner: Aino
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The cache of parsed files, in a folder of its own."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(yamlsrc, "CACHE_DIR", folder)
    monkeypatch.delenv("ROMMIKIRJA_YAML_CACHE", raising=False)
    return folder


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("yaml-*.pickle"))


def test_changed_scenario_after_a_cached_run_gets_the_new_verdict(tmp_path, cache):
    path = tmp_path / "oma.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert verify([path], rules_dir=RULES)[1] == []
    kept = _entries(cache)
    assert len(kept) == 1 + len(list(RULES.glob("*.yaml")))    # the scenario and the rule sets
    assert verify([path], rules_dir=RULES)[1] == []             # read back
    # the same size and modification time, another winner: the text decides, not the file's stat
    st = os.stat(path)
    path.write_text(SCENARIO.replace("winner: Aino", "winner: Eero"), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    errors = verify([path], rules_dir=RULES)[1]
    assert [str(e) for e in errors] == [f"{path}:21: winner: odotettiin Eero, moottori antoi Aino"]
    assert _entries(cache) == kept                              # one entry per file, replaced
    # a broken file is reported on every run (errors are never kept)
    path.write_text(SCENARIO.replace("  - draw: stock\n", "  - draw: [stock\n"), encoding="utf-8")
    for _ in range(2):
        (err,) = verify([path], rules_dir=RULES)[1]
        assert err.line == 19 and err.message.startswith("YAML-virhe"), str(err)
    path.write_text(SCENARIO, encoding="utf-8")
    assert verify([path], rules_dir=RULES)[1] == []


def test_kept_data_keeps_types_and_lines(tmp_path, cache):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\nb:\n  - x\n  - {c: true}\n", encoding="utf-8")
    first, second = yamlsrc.load(path), yamlsrc.load(path)
    assert _entries(cache)
    assert first == second == {"a": 1, "b": ["x", {"c": True}]}
    assert type(second) is LDict and type(second["b"]) is LList and type(second["b"][1]) is LDict
    assert (second.line_of("b"), second["b"].line_of(1), second["b"][1].line_of("c")) == (2, 4, 4)
    second["b"].append("y")                                     # each load gives its own copy
    assert yamlsrc.load(path)["b"] == ["x", {"c": True}]


def test_changed_limits_are_checked_again(tmp_path, cache, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("a: [1, 2, 3, 4, 5, 6]\n", encoding="utf-8")
    assert yamlsrc.load(path)["a"] == [1, 2, 3, 4, 5, 6]
    monkeypatch.setitem(yamlsrc.LIMITS, "values", 5)
    with pytest.raises(SourceError, match="liikaa arvoja"):
        yamlsrc.load(path)


def test_damaged_or_foreign_entries_are_parsed_again(tmp_path, cache):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    yamlsrc.load(path)
    (entry,) = _entries(cache)
    blob = entry.read_bytes()
    key = blob[:32]
    evil = pickle.dumps(os.getcwd)                # a pickle that names a function outside this module
    import hashlib
    for damaged in (b"", blob[:-3], blob[:64] + b"x" * 10, b"\0" * 32 + blob[32:],
                    key + hashlib.sha256(evil).digest() + evil):
        entry.write_bytes(damaged)
        assert yamlsrc.load(path) == {"a": 1}
    assert entry.read_bytes() == blob            # written again


def test_cache_can_be_turned_off(tmp_path, cache, monkeypatch):
    monkeypatch.setenv("ROMMIKIRJA_YAML_CACHE", "0")
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert yamlsrc.load(path) == {"a": 1}
    assert not _entries(cache)


def test_a_changed_reader_never_reuses_old_entries(tmp_path, cache, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    yamlsrc.load(path)
    (entry,) = _entries(cache)
    old = entry.read_bytes()
    # another yamlsrc.py, PyYAML or Python: another salt, so the kept entry no longer matches
    monkeypatch.setattr(yamlsrc, "_CACHE_SALT", [b"another reader"])
    calls = []
    real = yamlsrc.loads
    monkeypatch.setattr(yamlsrc, "loads", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert yamlsrc.load(path) == {"a": 1}
    assert len(calls) == 1                                      # parsed again
    assert entry.read_bytes()[:32] != old[:32]                  # and kept under the new key
    assert yamlsrc.load(path) == {"a": 1} and len(calls) == 1   # then read back
