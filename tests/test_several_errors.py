"""verify reports every independent mistake of a scenario file, each at its own line, instead of
stopping at the first: unknown top-level keys, and each step the file gets wrong (a stand-alone
step or an expectation leaves the deal alone; after a move that could not be read, one note says
which later moves and expectations were not checked). A YAML syntax error still stops the file."""

from __future__ import annotations

from pathlib import Path

from tools.verify import verify

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "several_errors" / "independent.yaml"
RULES = ROOT / "tests" / "corpus" / "rules"  # the corpus's own rule sets
SHOWN = "tests/several_errors/independent.yaml"


def _errors(path: Path) -> list[tuple[int | None, str]]:
    return [(e.line, e.message) for e in verify([path], rules_dir=RULES)[1]]


def test_each_independent_mistake_is_reported_at_its_line():
    errors = verify([FIXTURE], rules_dir=RULES)[1]
    assert all(e.path == SHOWN for e in errors), errors
    found = [(e.line, e.message) for e in errors]
    expected = [
        (5, "skenaario: tuntematon kenttä ”colour”"),
        (21, "valid: odotettiin true tai false, saatiin ”maybe”"),
        (24, "expect: tuntematon kenttä ”winer”"),
        (26, "siirto: tuntematon kenttä ”kortit”"),
        (27, "rivin 25 siirto ei ollut kelvollinen, joten jako ei enää ole skenaarion kuvaama, eikä rivien 27–28"),
        (29, "check: liikaa kortteja (17; enintään 16)"),
    ]
    assert len(found) == len(expected), found
    for (line, message), (want_line, fragment) in zip(found, expected):
        assert line == want_line and message.startswith(fragment), (line, message)


def test_a_mistake_that_stops_the_header_still_comes_with_the_others(tmp_path):
    path = tmp_path / "kaksi.yaml"
    path.write_text("source: own\ngame: perusrommi\ncolour: punainen\nsteps: []\n", encoding="utf-8")
    found = _errors(path)
    assert [line for line, _ in found] == [1, 3], found
    assert "puuttuu pakollinen kenttä ”title”" in found[0][1] and "”colour”" in found[1][1]


def test_a_syntax_error_stops_the_file_with_one_message(tmp_path):
    path = tmp_path / "rikki.yaml"
    path.write_text("source: own\ngame: [perusrommi\ncolour: punainen\n", encoding="utf-8")
    found = _errors(path)
    assert len(found) == 1 and "YAML" in found[0][1], found
