"""A rule file with several mistakes reports each independent one at its own line, in Finnish
saying what was expected, as a scenario file does: every wrong option of a preset, a wrong base
beside wrong options, and the mistakes of every rule file of the folder in one run. What depends
on a mistake is not reported as another (no false errors from a base that could not be read)."""

from __future__ import annotations

import pytest

from tools import verify
from tools.scenario import load_rulesets
from tools.yamlsrc import SourceError, each_error

from fixed_rules import FIXED

#: A small base game of the test's own (its values: the tests' fixed perusrommi).
BASE = "".join(
    f"{key}: {value}\n"
    for key, value in [
        ("name", "pohja"),
        ("decks", FIXED["perusrommi"].decks),
        ("min_players", FIXED["perusrommi"].min_players),
        ("max_players", FIXED["perusrommi"].max_players),
        ("final_discard", FIXED["perusrommi"].final_discard),
    ]
)
#: Three independent mistakes: a number written in words, an unknown rule, a value not among the choices.
THREE = "name: kerhorommi\nbase: pohja\ndecks: kaksi\nmin_players: 2\nnopeus: nopea\nfinal_discard: joskus\n"


def _folder(tmp_path, **files: str):
    folder = tmp_path / "rules"
    folder.mkdir(parents=True)
    for stem, text in files.items():
        (folder / f"{stem}.yaml").write_text(text, encoding="utf-8")
    return folder


def _errors(folder) -> list[SourceError]:
    with pytest.raises(SourceError) as exc:
        load_rulesets(folder)
    return each_error(exc.value)


def test_every_wrong_option_of_a_rule_file_is_reported_at_its_line(tmp_path):
    errors = _errors(_folder(tmp_path, pohja=BASE, kerhorommi=THREE))
    assert [(e.path.rsplit("/", 1)[-1], e.line) for e in errors] == [
        ("kerhorommi.yaml", 3),
        ("kerhorommi.yaml", 5),
        ("kerhorommi.yaml", 6),
    ], errors
    decks, unknown, choice = (e.message for e in errors)
    assert decks == "sääntö decks: odotettiin kokonaislukua, saatiin ”kaksi”"
    assert unknown.startswith("sääntö nopeus: tuntematon sääntö; tunnetut: ace, ")
    assert choice.startswith("sääntö final_discard: tuntematon arvo ”joskus”; sallitut: ")
    assert all(e.path.endswith("kerhorommi.yaml") for e in errors)


def test_a_wrong_base_comes_with_the_wrong_options_and_causes_no_more(tmp_path):
    # a misspelt base, a wrong option, and a preset on the broken one with a mistake of its own
    broken = "name: kerhorommi\nbase: pohjaa\njokers: paljon\n"
    child = "name: lastenrommi\nbase: kerhorommi\nmax_players: kolme\nmin_players: 2\n"
    errors = _errors(_folder(tmp_path, pohja=BASE, kerhorommi=broken, lastenrommi=child))
    where = [(e.path.rsplit("/", 1)[-1], e.line) for e in errors]
    assert where == [("kerhorommi.yaml", 2), ("kerhorommi.yaml", 3), ("lastenrommi.yaml", 3)], errors
    assert errors[0].message == "tuntematon pohjasääntö ”pohjaa”; tunnetut: lastenrommi, pohja"
    assert errors[1].message == "sääntö jokers: odotettiin kokonaislukua, saatiin ”paljon”"
    assert errors[2].message == "sääntö max_players: odotettiin kokonaislukua, saatiin ”kolme”"


def test_options_wrong_together_are_one_mistake_once_each_is_right(tmp_path):
    # each value right by itself, wrong together: one error, at the option the engine names
    together = "name: kerhorommi\nbase: pohja\nmin_players: 5\nmax_players: 4\n"
    (error,) = _errors(_folder(tmp_path, pohja=BASE, kerhorommi=together))
    assert (error.line, error.message) == (3, "sääntö min_players: vähimmäismäärä on suurempi kuin enimmäismäärä")
    # beside a value that is wrong by itself, only that one: the pair is judged once it is right
    both = together.replace("max_players: 4", "max_players: neljä")
    (error,) = _errors(_folder(tmp_path / "b", pohja=BASE, kerhorommi=both))
    assert error.line == 4 and error.message.startswith("sääntö max_players: odotettiin kokonaislukua")


def test_a_file_that_cannot_be_read_stops_only_itself(tmp_path):
    unreadable = "name: rikki\ndecks: [1\n"
    errors = _errors(_folder(tmp_path, pohja=BASE, kerhorommi=THREE, rikki=unreadable))
    files = [e.path.rsplit("/", 1)[-1] for e in errors]
    assert files == ["kerhorommi.yaml"] * 3 + ["rikki.yaml"], errors
    assert "YAML" in errors[-1].message


def test_verify_prints_each_mistake_with_file_and_line(tmp_path, monkeypatch, capsys):
    folder = _folder(tmp_path, pohja=BASE, kerhorommi=THREE)
    monkeypatch.setattr(verify, "RULES_DIR", folder)
    assert verify.main([str(folder / "kerhorommi.yaml")]) == 1
    lines = capsys.readouterr().err.splitlines()
    shown = [line.split(": ", 1)[0].rsplit("/", 1)[-1] for line in lines]
    assert shown == ["kerhorommi.yaml:3", "kerhorommi.yaml:5", "kerhorommi.yaml:6"], lines
    # a full run (scenarios too) reports them all before any scenario is played
    scenarios, errors = verify.verify([], rules_dir=folder)
    assert scenarios == [] and [e.line for e in errors] == [3, 5, 6], errors


def test_a_scenarios_options_report_each_wrong_one(tmp_path):
    scenario = (
        "source: own\ngame: pohja\ntitle: Kokeilu\noptions:\n  decks: kaksi\n  nopeus: nopea\nplayers: 2\nsteps: []\n"
    )
    folder = _folder(tmp_path, pohja=BASE)
    path = tmp_path / "kokeilu.yaml"
    path.write_text(scenario, encoding="utf-8")
    errors = verify.verify([path], rules_dir=folder)[1]
    assert [(e.line, e.message.split(":", 1)[0]) for e in errors] == [(5, "sääntö decks"), (6, "sääntö nopeus")], errors
