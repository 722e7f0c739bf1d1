"""An option set where it has no effect: verify says so at the option's line, in Finnish, with the
option that makes it idle (the engine's ``applies`` of each option, one source of truth), as a note
that fails nothing; an option the game cannot take at all (``ace`` under a knock game) stays the
rule set's own error."""

from __future__ import annotations

from pathlib import Path

import pytest

from rommikirja.rules import idle_reason
from fixed_rules import FIXED
from tools.scenario import SourceError, load_rulesets
from tools.scenario.rulesets import idle_notes
from tools.verify import verify

from positions import DEAL, GOES_OUT

RUMMY = "name: kerhorommi\ndecks: 1\nmin_players: 2\nmax_players: 4\nhand_size: {2: 10, 3: 7, 4: 7}\n"
KNOCK = "name: kerhogin\nstyle: knock\ndecks: 1\nmin_players: 2\nmax_players: 2\nhand_size: {2: 10}\n"


def _rules(tmp_path: Path, **files: str) -> Path:
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "perusrommi.yaml").write_text(RUMMY.replace("kerhorommi", "perusrommi"), encoding="utf-8")
    for name, text in files.items():
        (rules / f"{name}.yaml").write_text(text, encoding="utf-8")
    return rules


def test_the_reason_names_the_option_that_makes_it_idle():
    assert idle_reason("knock_limit", FIXED["perusrommi"]) == "ei vaikuta tässä pelissä, koska style on rummy"
    assert idle_reason("final_discard", FIXED["gin"]) == "ei vaikuta tässä pelissä, koska style on knock"
    assert idle_reason("knock_limit", FIXED["gin"]) is None
    blocked = FIXED["perusrommi"].with_options(stock_exhausted="block")
    assert idle_reason("deadlock", blocked) == "ei vaikuta tässä pelissä, koska stock_exhausted on block"


def test_a_rule_file_line_that_does_nothing_gets_a_note_at_its_line(tmp_path):
    rules = _rules(tmp_path, kerhorommi=RUMMY + "game_end: deals\nknock_limit: 5\ntarget_score: 300\n")
    notes = idle_notes(rules)
    assert [(Path(n.path).name, n.line) for n in notes] == [("kerhorommi.yaml", 7), ("kerhorommi.yaml", 8)]
    assert "sääntö knock_limit ei vaikuta tässä pelissä, koska style on rummy" in notes[0].message
    assert "sääntö target_score ei vaikuta tässä pelissä, koska game_end on deals" in notes[1].message
    assert load_rulesets(rules)["kerhorommi"].knock_limit == 5  # a note, not an error


def test_an_example_option_that_changes_nothing_gets_a_note_at_its_line(tmp_path):
    rules = _rules(tmp_path)
    text = DEAL.replace("title: Testi\n", "title: Testi\noptions:\n  knock_limit: 5\n  final_discard: required\n")
    path = tmp_path / "s.yaml"
    path.write_text(text + GOES_OUT, encoding="utf-8")
    scenarios, errors = verify([path], rules_dir=rules)
    assert not [e for e in errors if "options:" in e.message], errors  # a note, not a failure
    notes = scenarios[0].notes
    assert [(n.line, n.message.split(",")[0]) for n in notes] == [
        (5, "huomautus: options: sääntö knock_limit ei vaikuta tässä pelissä")
    ], notes
    assert "koska style on rummy" in notes[0].message
    # restating the game's own value is no note (a Pelaa export lists every option)
    path.write_text(text.replace("knock_limit: 5", "knock_limit: 10") + GOES_OUT, encoding="utf-8")
    assert verify([path], rules_dir=rules)[0][0].notes == []


def test_an_option_a_knock_game_cannot_take_is_the_rule_sets_error_at_its_line(tmp_path):
    rules = _rules(tmp_path, kerhogin=KNOCK + "ace: high_or_low\n")
    with pytest.raises(SourceError) as err:
        load_rulesets(rules)
    assert err.value.line == 7 and "koputuspelissä (style: knock) arvon on oltava low" in err.value.message


def test_verify_of_a_rule_file_prints_the_note_and_passes(tmp_path, monkeypatch, capsys):
    from tools import verify as verify_module

    rules = _rules(tmp_path, kerhorommi=RUMMY + "knock_limit: 5\n")
    monkeypatch.setattr(verify_module, "RULES_DIR", rules)
    assert verify_module.main([str(rules / "kerhorommi.yaml")]) == 0
    out = capsys.readouterr()
    assert out.out.strip() == "Sääntötiedosto on kunnossa."
    assert "kerhorommi.yaml:6: huomautus: sääntö knock_limit ei vaikuta tässä pelissä" in out.err, out.err
