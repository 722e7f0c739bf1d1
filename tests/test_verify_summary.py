"""verify's last line names what it checked by kind (scenarios, rule files, notes files), each
counted in Finnish, and a rule file or a notes file named beside scenarios is checked as what it
is, never loaded as a scenario."""

from __future__ import annotations

from rommikirja.finnish import count

from tools import verify
from tools.notes import notes_files
from tools.scenario import RULES_DIR, SourceError, scenario_paths
from tools.scenario.rulesets import rule_files


def _totals(scenarios: int) -> dict[str, int]:
    return {"skenaario": scenarios, "sääntötiedosto": len(rule_files()), "muistiinpanotiedosto": len(notes_files())}


def test_a_rule_file_and_a_notes_file_beside_a_scenario_are_not_scenarios(capsys):
    rule, notes, scenario = rule_files()[0], notes_files()[0], scenario_paths()[0]
    assert verify.main([str(notes), str(rule), str(scenario)]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out.strip()
    totals = _totals(1)
    assert out.startswith("Yksi skenaario, ")
    for kind, n in totals.items():
        assert count(n, kind) in out.lower(), out
    assert out.endswith("tarkistettu; kaikki täsmäävät.")


def test_a_full_run_counts_each_kind(capsys):
    assert verify.main([]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out.strip()
    assert out == verify.success_summary(_totals(len(scenario_paths())))
    assert count(len(scenario_paths()), "skenaario") in out and count(len(rule_files()), "sääntötiedosto") in out


def test_a_failing_rule_file_or_notes_file_is_counted_as_one():
    rule, notes, scenario = rule_files()[0], notes_files()[0], scenario_paths()[0]
    errors = [
        SourceError(str(rule.relative_to(RULES_DIR.parent.parent)), 3, "x"),
        SourceError(str(notes), 2, "y"),
        SourceError(str(scenario), 5, "z"),
        SourceError(str(scenario), 7, "w"),
    ]
    line = verify.failure_summary(errors, _totals(9), [scenario])
    rules, notes_n = len(rule_files()), len(notes_files())
    assert line == (
        f"1 / 9 skenaariota ei täsmää; 1 / {rules} sääntötiedostoa ei kelpaa; "
        f"1 / {notes_n} muistiinpanotiedostoa ei kelpaa."
    )
    # a rule file that stops the run: the scenarios were not checked, and are not called failed
    assert verify.failure_summary(errors[:1], _totals(9), [scenario], checked=False) == (
        f"1 / {rules} sääntötiedostoa ei kelpaa; skenaarioita ei tarkistettu."
    )
