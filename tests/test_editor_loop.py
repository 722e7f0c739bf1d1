"""The rules editor's loop from a fresh clone: ``./dev verify|diff|accept`` and what the tools say."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from test_scenarios import GOOD

ROOT = Path(__file__).resolve().parent.parent


def dev(*args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(ROOT / "dev"), *args], cwd=ROOT, capture_output=True, text=True)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


def test_dev_verify_passes_paths_and_exit_code(tmp_path):
    good = tmp_path / "hyva.yaml"
    good.write_text(GOOD, encoding="utf-8")
    bad = tmp_path / "huono.yaml"
    bad.write_text(GOOD.replace("points: [18, 0]", "points: [17, 0]"), encoding="utf-8")
    ok = dev("verify", str(good))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "täsmää" in ok.stdout
    failed = dev("verify", str(good), str(bad))
    assert failed.returncode == 1
    assert f"{bad}:17: points: odotettiin" in failed.stdout + failed.stderr
    assert str(good) + ":" not in failed.stdout + failed.stderr


def test_dev_lists_the_editor_commands():
    proc = dev()
    assert proc.returncode == 2
    for command in ("./dev verify", "./dev diff", "./dev accept"):
        assert command in proc.stdout


def test_editor_docs_use_dev_commands():
    """README and the editor reference tell the editor to run ./dev, which sets up the .venv;
    ``python -m tools.…`` appears only as what ./dev runs (a bare one fails outside the .venv)."""
    for path in (ROOT / "README.md", ROOT / "scenarios" / "README.md"):
        text = path.read_text(encoding="utf-8")
        assert "./dev diff" in text and "./dev accept" in text and "./dev verify" in text, path
        for line in text.splitlines():
            for m in re.finditer(r"(?<![/\w])python -m tools\.(verify|build --(diff|accept))", line):
                assert "./dev" in line or "runs" in line or "ajaa" in line, (path.name, line)


def test_diff_says_sample_deals_stop_until_accept(tmp_path):
    """A rule change under which the engine-played sample deals stop part-way: --diff says why the
    pages cannot be built (in Finnish, no template error) and does not claim the page text is unchanged."""
    from test_editor import accepted_copy, run, set_option
    repo = accepted_copy(tmp_path, lay_off_before_meld="true")
    set_option(repo / "scenarios" / "rules" / "perusrommi.yaml", "lay_off_before_meld", "false")
    diff = run(repo, "-m", "tools.build", "--diff")
    assert diff.returncode == 1
    out = diff.stdout
    built, pages = out.split("== Muuttunut sivuteksti")
    assert "esimerkkijaot (z-*.yaml: z-perusrommi-" in built and "./dev accept" in built
    assert "has no attribute" not in out and "sivupohjassa" not in out
    assert "sivuja ei verrattu" in pages and "(ei muutoksia)" not in pages
