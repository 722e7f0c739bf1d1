"""One move that does not go as the scenario says is one error, not a cascade of follow-on errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools.verify import verify

from positions import DEAL, TABLE

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tests" / "corpus" / "rules"  # the corpus's own fixed rule sets

# Aino draws the 5 of spades from the discard pile; she holds no 9 of hearts, so the meld on
# line 19 is refused. Every later move and expectation would fail because of that one error.
SCENARIO = (
    DEAL
    + TABLE
    + """\
steps:
  - draw: discard
  - meld: [7H, 8H, 9H]
  - discard: 5S
  - check: [2H, 3H, 4H]
    valid: false
  - expect:
      winner: Aino
      hand_size: [0, 3]
text: |
  {{ names[0] }} voittaa {{ sc.score.points[0] }} pistettä.
"""
)


def _errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "oma.yaml"
    path.write_text(text, encoding="utf-8")
    scenarios, errors = verify([path], rules_dir=RULES)
    return [str(e).replace(f"{path}:", "") for e in errors]


def test_a_refused_move_is_one_error_and_a_note(tmp_path):
    assert _errors(tmp_path, SCENARIO) == [
        "19: siirto pelaa pöytään yhdistelmän (herttaseiska, herttakasi ja herttaysi) hylättiin: "
        "Ainon kädessä ei ole herttaysiä. (not_in_hand); jos hylkäys on tarkoitus, lisää vaiheeseen "
        "refused: not_in_hand",
        "20: rivin 19 siirto hylättiin, joten jako ei enää ole skenaarion kuvaama, eikä rivien 20–25 "
        "siirtoja ja odotuksia tarkistettu",
        # a stand-alone step does not use the deal: its own error is still found
        "22: odotettiin hylättyä yhdistelmää herttakakkonen, herttakolmonen ja herttanelonen; moottori: kelpaa",
    ]


def test_the_note_names_a_single_step_left_unchecked(tmp_path):
    text = SCENARIO.replace("  - discard: 5S\n", "").replace("    valid: false\n", "    valid: true\n")
    assert _errors(tmp_path, text)[1:] == [
        "22: rivin 19 siirto hylättiin, joten jako ei enää ole skenaarion kuvaama, eikä rivien 22–24 "
        "vaihetta tarkistettu"
    ]


def test_a_move_played_though_it_should_be_refused_derails_too(tmp_path):
    text = SCENARIO.replace(
        "  - draw: discard\n  - meld: [7H, 8H, 9H]\n",
        "  - draw: stock\n    refused: not_your_turn\n  - meld: [7H, 8H, 9H]\n",
    )
    errors = _errors(tmp_path, text)
    assert errors[0].startswith("19: odotettiin hylkäystä not_your_turn, mutta moottori hyväksyi siirron"), errors
    assert errors[1] == (
        "20: rivin 18 siirto hyväksyttiin, vaikka skenaarion mukaan se hylätään, joten jako ei "
        "enää ole skenaarion kuvaama, eikä rivien 20–26 siirtoja ja odotuksia tarkistettu"
    )
    assert [e.split(":")[0] for e in errors[2:]] == ["23"]  # only the stand-alone check's own error


def test_a_wrong_refusal_code_keeps_playing(tmp_path):
    # refused as the scenario says, only for another reason: the deal is still the described one
    text = SCENARIO.replace(
        "  - draw: discard\n  - meld: [7H, 8H, 9H]\n  - discard: 5S\n",
        "  - meld: [7H, 8H]\n    refused: too_short\n  - draw: stock\n  - meld: [7H, 8H, 9H]\n",
    )
    text = text.replace("winner: Aino", "winner: Eero").replace("{{ sc.score.points[0] }} pistettä", "")
    errors = _errors(tmp_path, text)
    assert errors[0].startswith("19: odotettiin hylkäystä too_short, moottori hylkäsi syystä "), errors
    assert [e.split(":")[0] for e in errors[1:]] == ["23", "25"], errors  # the check, the winner
    assert not any("ei tarkistettu" in e for e in errors), errors


def test_a_scenario_without_errors_is_unchanged(tmp_path):
    text = (
        SCENARIO.replace("  - draw: discard\n", "  - draw: stock\n")
        .replace("  - discard: 5S\n", "")
        .replace("    valid: false\n", "    valid: true\n")
        .replace("hand_size: [0, 3]", "hand_size: [0, 3]")
    )
    text = text.replace("{{ sc.score.points[0] }} pistettä", "ja {{ names[1] }} häviää")
    assert _errors(tmp_path, text) == []


def test_the_command_line_shows_the_error_and_the_note_only(tmp_path):
    path = tmp_path / "oma.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tools.verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 1
    lines = proc.stderr.splitlines()
    assert [ln.split(": ", 1)[0] for ln in lines[:-1]] == [f"{path}:19", f"{path}:20", f"{path}:22"]
    assert lines[-1] == "1 / 1 skenaariota ei täsmää."
