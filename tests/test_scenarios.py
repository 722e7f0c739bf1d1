"""Scenarios verify, and malformed ones get a file:line message, never a traceback."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools.scenario import load_rulesets, scenario_paths
from tools.verify import verify

from positions import DEAL

ROOT = Path(__file__).resolve().parent.parent

GOOD = (
    DEAL
    + """\
  table: [{owner: Aino, cards: [9S, 10S, JS, QS]}, {owner: Aino, cards: [3H, 3C, 3D, 3S]}, {owner: Eero, cards: [10C, JC, QC, KC]}, {owner: Eero, cards: [4C, 5C, 6C]}]
steps:
  - draw: stock
  - meld: [7H, 8H, 9H]
  - expect:
      winner: Aino
      points: [18, 0]
text: |
  {{ names[0] }} saa {{ score.points[0] }} pistettä.
options: {ace_points: 1, rummy_doubling: true, scoring: winner_takes, final_discard: optional}
"""
)


def test_all_scenarios_hold():
    scenarios, errors = verify()
    assert [str(e) for e in errors] == []
    assert len(scenarios) == len(scenario_paths()) >= 30


#: Catalogue entries that are rules of conduct the engine cannot model: an option or a sentence on the
#: page instead (F08 misdeal; the rest of F09 is the discard_taken_card rule, which has a scenario).
CONDUCT_ONLY = {"F08"}


def test_every_catalogued_fact_has_a_scenario():
    sources = {sc.source for sc in verify()[0]}
    wanted = (
        {f"P{i:02d}" for i in range(1, 26)}
        | {f"B{i:02d}" for i in range(1, 10)}
        | {f"G{i:02d}" for i in range(1, 16)}
        | {f"F{i:02d}" for i in range(1, 11)}
        | {f"R{i:02d}" for i in range(1, 10)}
    )
    assert wanted - sources - CONDUCT_ONLY == set()


def run_file(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tools.verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert "Traceback" not in proc.stderr + proc.stdout
    return proc, path


def test_good_file_passes(tmp_path):
    proc, _ = run_file(tmp_path, GOOD)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    "change,line,fragment",
    [
        (
            ("points: [18, 0]", "points: [17, 0]"),
            17,
            "points: odotettiin {Aino: 17, Eero: 0}, moottori antoi {Aino: 18, Eero: 0}",
        ),
        (("[9H, 2C]", "[9X, 2C]"), 9, "”9X” ei ole kortti"),
        (("- draw: stock", "- jump: stock"), 13, "tuntematon kenttä ”jump”"),
        (("game: perusrommi", "game: shanghai"), 2, "tuntematon peli ”shanghai”"),
        (("options: {ace_points", "options: {ace: high, ace_points"), 20, "ace: tuntematon arvo ”high”"),
        (("title: Testi\n", ""), 1, "puuttuu pakollinen kenttä ”title”"),
        (("  - [7H, 8H]\n", "  - [7H, 8H\n"), None, "YAML-virhe"),
        (("meld: [7H, 8H, 9H]", "meld: [7H, 8H, 9S]"), 14, "hylättiin"),
        (("{{ score.points[0] }} pistettä", "36 pistettä"), 19, "luku on kirjoitettu tekstiin käsin"),
        (("saa {{", "saa herttaysin ja {{"), 19, "kortin nimi ”herttaysin”"),
        (("{{ names[0] }}", "{{ nobody }}"), 19, "text:"),
        (("winner: Aino", "winner: Ville"), 16, "tuntematon pelaaja ”Ville”"),
    ],
)
def test_malformed_scenarios_name_file_and_line(tmp_path, change, line, fragment):
    old, new = change
    assert old in GOOD
    proc, path = run_file(tmp_path, GOOD.replace(old, new))
    assert proc.returncode == 1
    first = proc.stderr.splitlines()[0]
    prefix = f"{path}:{line}:" if line else f"{path}:"
    assert first.startswith(prefix), first
    assert fragment in proc.stderr, proc.stderr


def test_refusal_expectations(tmp_path):
    text = GOOD.replace(
        "  - meld: [7H, 8H, 9H]\n", "  - discard: 9H\n    refused: discard_taken_card\n  - meld: [7H, 8H, 9H]\n"
    )
    proc, path = run_file(tmp_path, text)
    assert proc.returncode == 1
    assert f"{path}:15: odotettiin hylkäystä discard_taken_card, mutta moottori hyväksyi" in proc.stderr


def test_bad_rule_file_names_its_line(tmp_path):
    (tmp_path / "r.yaml").write_text("name: x\nace: low\nfinal_discard: sometimes\n", encoding="utf-8")
    from tools.yamlsrc import SourceError

    with pytest.raises(SourceError) as exc:
        load_rulesets(tmp_path)
    assert exc.value.line == 3 and "final_discard" in str(exc.value)


def test_build_writes_nothing_when_a_scenario_fails(tmp_path, monkeypatch):
    from tools import build

    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("[18, 0]", "[1, 0]"), encoding="utf-8")
    real_paths = build.verify.__globals__["scenario_paths"]
    monkeypatch.setitem(build.verify.__globals__, "scenario_paths", lambda paths=(): real_paths() + [bad])
    docs = tmp_path / "docs"
    monkeypatch.setattr(build, "DOCS", docs)
    assert build.main([]) == 1
    assert not docs.exists()


def test_json_schema_accepts_every_scenario_and_matches_the_verifier():
    import json

    import jsonschema
    import yaml

    from tools import scenario as sc_mod

    schema = json.loads((ROOT / "scenarios" / "scenario.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in scenario_paths():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        errors = [e.message for e in validator.iter_errors(data)]
        assert errors == [], f"{path}: {errors[:3]}"
    # the schema names exactly the fields the verifier knows
    assert set(schema["properties"]) == sc_mod.TOP_KEYS
    assert set(schema["properties"]["setup"]["properties"]) == sc_mod.SETUP_KEYS
    assert set(schema["$defs"]["move"]["properties"]) == sc_mod.MOVE_KEYS | sc_mod.STEP_EXTRA
    expect = next(s for s in schema["$defs"]["step"]["oneOf"] if "expect" in s.get("required", []))
    assert set(expect["properties"]["expect"]["properties"]) == sc_mod.EXPECT_KEYS
    bad = yaml.safe_load((ROOT / "scenarios" / "perusrommi" / "p16-ulos-ilman-poistoa.yaml").read_text())
    bad["steps"][0] = {"jump": "stock"}
    assert list(validator.iter_errors(bad))


def test_a_variant_example_must_show_a_variant(tmp_path):
    """An example in the variants section whose options are all the game's own rules (a club made
    the house rule its main rule) is an error at its options line, not a page comparing the rule
    with itself."""
    base = load_rulesets()["perusrommi"]

    def yaml_value(v):
        return str(v).lower() if isinstance(v, bool) else v

    def scenario(options):
        body = GOOD.split("options:")[0]
        return (
            body
            + "section: muunnelmat\noptions: {"
            + ", ".join(f"{k}: {yaml_value(v)}" for k, v in options.items())
            + "}\n"
        )

    same = {"final_discard": base.final_discard, "ace_points": base.ace_points}
    proc, path = run_file(tmp_path, scenario(same))
    line = next(i for i, text in enumerate(scenario(same).split("\n"), 1) if text.startswith("options:"))
    assert proc.returncode == 1
    assert f"{path}:{line}: options: pelin perusrommi omissa säännöissä on jo final_discard: " in proc.stderr, (
        proc.stderr
    )
    assert "ei enää näytä muunnelmaa" in proc.stderr

    other = {**same, "ace_points": base.ace_points % 20 + 1}  # one option differs: a variant
    proc, _ = run_file(tmp_path, scenario(other), name="t.yaml")
    assert "ei enää näytä muunnelmaa" not in proc.stderr


def test_an_arrangement_counts_the_ace_as_the_rule_set_says(tmp_path):
    """The arrange step and the texts' arrange() count the deadwood with the scenario's rules."""
    text = """\
    source: own
    game: gin
    title: Testi
    options: {ace_points: 11}
    steps:
      - arrange: [2H, 3H, 4H, 9S, 9C, 9D, KS, QS, JS, AC]
        expect: {deadwood: 11}
    text: |
      Irtokortteja jää {{ arrange(s.steps[0].cards).deadwood_points | count("piste") }}.
    """
    proc, path = run_file(tmp_path, text)
    assert proc.returncode == 0, proc.stderr
    from tools.templating import render_scenario_text

    (sc,), errors = verify([path])
    assert not errors and "Irtokortteja jää 11 pistettä." in render_scenario_text(sc)
