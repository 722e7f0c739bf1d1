"""The rule sets the sources describe are data (scenarios/lahdesaannot.yaml, read by
tools.credit.read_source_rules): a malformed file is a Finnish error at its line, the file
matches its generated schema, and it is no scenario. The cases are the tests' own files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from rommikirja import RuleSet
from tools.credit import SOURCE_GAME, read_source_rules
from tools.scenario import scenario_paths
from tools.scenario.model import SOURCE_RULES_FILE
from tools.yamlsrc import SourceError

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(set(SOURCE_GAME.values()))
#: One file naming every source game; gin is a knock game, so it needs its two-player fields.
GOOD = "".join(
    f"{g}:\n  target_score: {100 + i}\n"
    + ("  style: knock\n  max_players: 2\n  hand_size: {2: 10}\n" if g == "gin" else "")
    for i, g in enumerate(GAMES)
)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lahdesaannot.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _line(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def _error(tmp_path: Path, text: str) -> SourceError:
    with pytest.raises(SourceError) as err:
        read_source_rules(_write(tmp_path, text))
    assert "Traceback" not in str(err.value) and "'" not in err.value.message  # no Python repr
    return err.value


def test_a_good_file_gives_each_game_its_rules_and_defaults_for_the_rest(tmp_path):
    rules = read_source_rules(_write(tmp_path, GOOD))
    assert list(rules) == GAMES
    for i, game in enumerate(GAMES):
        assert rules[game].target_score == 100 + i
        assert rules[game].ace == RuleSet().ace  # left out: the engine's neutral default
    assert rules["gin"].style == "knock"


def test_a_bad_value_is_named_at_its_line(tmp_path):
    text = GOOD.replace("target_score: 101", "target_score: 101\n  ace: high", 1)
    err = _error(tmp_path, text)
    assert err.line == _line(text, "ace: high") and err.message.startswith(
        "sääntö ace: tuntematon arvo ”high”; sallitut: low"
    )


def test_an_unknown_option_or_a_presets_key_is_refused(tmp_path):
    text = GOOD.replace("  target_score: 100\n", "  target_score: 100\n  tittle: x\n", 1)
    err = _error(tmp_path, text)
    assert err.line == _line(text, "tittle") and err.message.startswith(
        "tuntematon sääntö ”tittle”; tunnetut: style, decks"
    )
    text = GOOD.replace("  target_score: 100\n", "  target_score: 100\n  base: rommi\n", 1)
    err = _error(tmp_path, text)
    assert err.line == _line(text, "base:") and "tuntematon sääntö ”base”" in err.message


def test_an_unknown_or_missing_game_and_a_wrong_shape_are_refused(tmp_path):
    err = _error(tmp_path, GOOD + "kerhonrommi:\n  decks: 1\n")
    assert err.message == f"tuntematon peli ”kerhonrommi”; lähteiden pelit: {', '.join(GAMES)}"
    assert err.line == GOOD.count("\n") + 1
    err = _error(tmp_path, GOOD[GOOD.index(f"\n{GAMES[1]}:") + 1 :])  # the first game left out
    assert err.message == f"puuttuu pelin {GAMES[0]} säännöt"
    err = _error(tmp_path, f"{GAMES[0]}: 5\n")
    assert err.line == 1 and err.message == f"{GAMES[0]}: odotettiin sääntöjä muodossa sääntö: arvo"
    err = _error(tmp_path, "- perusrommi\n")
    assert err.line == 1 and err.message.startswith("odotettiin pelejä muodossa peli:")


def test_a_missing_or_empty_file_is_said_in_finnish(tmp_path):
    with pytest.raises(SourceError) as missing:
        read_source_rules(tmp_path / "puuttuu.yaml")
    assert "puuttuu.yaml" in str(missing.value) and "No such file" not in str(missing.value)
    assert _error(tmp_path, "# vain kommentti\n").message == "tiedosto on tyhjä"


def test_the_shipped_file_matches_its_schema_and_is_no_scenario():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "scenarios" / "sources.schema.json").read_text(encoding="utf-8"))
    data = yaml.safe_load(SOURCE_RULES_FILE.read_text(encoding="utf-8"))
    for options in data.values():  # YAML's integer keys are JSON's strings
        if isinstance(options.get("hand_size"), dict):
            options["hand_size"] = {str(k): v for k, v in options["hand_size"].items()}
    jsonschema.validate(data, schema)
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors({g: {} for g in GAMES}))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors({g: {"tittle": 1} for g in GAMES}))
    assert set(read_source_rules()) == set(GAMES)
    assert SOURCE_RULES_FILE.resolve() not in {p.resolve() for p in scenario_paths()}
