"""The engine under Pyodide (Python 3.14 in node) gives exactly what it gives under CPython."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
N = 1000


@pytest.fixture(scope="module")
def runtime(site):  # the site fixture builds docs/pyodide and docs/data
    return ROOT / "docs"


def test_pyodide_and_cpython_agree_on_1000_seeded_computations(runtime):
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(N)], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    browser = json.loads(proc.stdout)
    assert browser["version"].startswith("3.14")
    namespace: dict = {}
    exec((ROOT / "tests" / "parity_snippet.py").read_text(encoding="utf-8"), namespace)
    rules = json.loads((runtime / "data" / "rules.json").read_text(encoding="utf-8"))
    t = time.perf_counter()
    here = namespace["results"](N, rules)
    cpython_ms = (time.perf_counter() - t) * 1000
    ours, theirs = json.loads(here), json.loads(browser["results"])
    assert len(ours) == len(theirs) == N
    for seed, (a, b) in enumerate(zip(ours, theirs)):
        assert a == b, f"seed {seed}: CPython {a} vs Pyodide {b}"
    print(
        f"\nparity: {N} results identical; CPython {sys.version.split()[0]} {cpython_ms:.0f} ms, "
        f"Pyodide {browser['version']} {browser['ms']} ms"
    )
