"""Rule statements are bound to the rule set: flip any option, the page's sentence follows.

For each preset and each option that applies to it, every other value (a limit and a
neighbour for numbers) is put into a copy of the rule set and the preset's page is
rendered again. The page must state the rule's new sentence (from
``rommikirja.rules.statement``) and no longer state the old one.

Pages whose rule text is still typed prose fail this: such (preset, option, page)
triples are listed with a reason in ``tests/statement_allowlist.txt``. The list may
only shrink: an entry that now passes fails the test until it is removed.
"""
from __future__ import annotations

import re
import pytest

from rommikirja import OPTIONS, RuleSetError
from rommikirja.rules import other_values, statement
from tools.presets import page_of
from tools.scenario import load_rulesets
from tools.statements import ALLOWLIST, flip_failures, rule, rules_list
from tools.verify import verify

PRESETS = sorted(load_rulesets())


def read_allowlist() -> dict[tuple[str, str, str], str]:
    out = {}
    for raw in ALLOWLIST.read_text(encoding="utf-8").splitlines():
        line, _, reason = raw.partition("#")
        if line.strip():
            preset, option, page = line.split()
            out[(preset, option, page)] = reason.strip()
    return out


@pytest.fixture(scope="module")
def scenarios():
    found, errors = verify()
    assert not errors, errors[:3]
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_flipping_an_option_changes_the_pages_rule(scenarios, preset):
    failures = flip_failures(scenarios, preset)
    allowed = {k: v for k, v in read_allowlist().items() if k[0] == preset}
    unexpected = {k: v for k, v in failures.items() if k not in allowed}
    stale = sorted(k for k in allowed if k not in failures)
    assert not unexpected, f"sääntölause ei seuraa sääntöä: {unexpected}"
    assert not stale, f"nämä toimivat jo; poista ne tiedostosta {ALLOWLIST.name}: {stale}"


def test_allowlist_names_real_presets_options_and_pages():
    for preset, option, page in read_allowlist():
        assert preset in PRESETS and option in OPTIONS and page == page_of(preset), (preset, option, page)


def test_statements_exist_and_differ_for_every_value():
    """Every option has a sentence for every value, and different values read differently."""
    rules = load_rulesets()["perusrommi"].with_options(jokers=2, opening_points=30)
    for option in OPTIONS:
        sentences = {statement(option, rules)}
        for value in other_values(option, rules):
            try:
                sentences.add(statement(option, rules.with_options(**{option: value})))
            except RuleSetError:
                sentences.add(object())     # not a legal value here: nothing to compare
        assert len(sentences) >= 2, option
        assert all(isinstance(s, str) and s[:1].isupper() and s.endswith(".")
                   for s in sentences if isinstance(s, str)), option


def test_number_agreement_in_statements():
    from rommikirja import RuleSet
    assert statement("ace_points", RuleSet(ace_points=1)) == "Käteen jääneen ässän arvo on yksi piste."
    assert statement("ace_points", RuleSet(ace_points=15)) == "Käteen jääneen ässän arvo on 15 pistettä."
    assert "kaksi jokeria" in statement("jokers", RuleSet(jokers=2))
    assert "yksi jokeri." in statement("jokers", RuleSet(jokers=1))
    assert statement("max_turnovers", RuleSet(max_turnovers=1)).count("kerran") == 1


def test_template_globals_refuse_unknown_options():
    from rommikirja import RuleSet
    with pytest.raises(ValueError, match="tuntematon sääntö ”no_such”"):
        rule("no_such", RuleSet())
    with pytest.raises(ValueError, match="sääntöjä"):
        rule("ace", "perusrommi")
    assert rules_list(RuleSet(), ["knock_limit"]) == ""      # does not apply: no sentence
