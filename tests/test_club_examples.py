"""Engine-made examples for every game (issue 20, item 2), on the tests' own rule sets: which
practice kinds fit a rule set, the seed a page's widget takes, and the sample deal and short game
found for a preset that has no seeds of its own (``tools.sample_deal.auto_spec``)."""

from __future__ import annotations

import pytest

from rommikirja import score_deal
from rommikirja.practice import KINDS, applicable, question
from tools import sample_deal
from tools.practice_reach import question_problems
from tools.presets import generic_sections
from tools.site_context import _reachable_seed
from fixed_rules import FIXED


def test_the_practice_kinds_that_fit_each_style():
    assert applicable(FIXED["gin"]) == ["jarjesta", "kelpaako", "koputus"]
    assert applicable(FIXED["perusrommi"]) == ["kelpaako", "lisaa", "nostopakka", "pisteet"]
    assert applicable(FIXED["rommi51"]) == ["avaus", "kelpaako", "nostopakka", "pisteet"]
    # no opening practice without an opening requirement; no pile practice when it is not turned over
    assert "avaus" not in applicable(FIXED["rommi51"].with_options(opening_points=0))
    assert "nostopakka" not in applicable(FIXED["perusrommi"].with_options(stock_exhausted="block"))
    assert all(KINDS[k].title for k in KINDS)


@pytest.mark.parametrize("game", sorted(FIXED))
def test_a_widget_without_a_seed_takes_the_first_reachable_question(game):
    import json

    rules = FIXED[game]
    mapping = json.dumps(rules.as_mapping(), sort_keys=True)
    for kind in applicable(rules):
        seed = _reachable_seed(kind, mapping, 60)
        assert seed is not None, kind
        assert question_problems(question(kind, seed, rules.as_mapping()), rules) == []
        earlier = [s for s in range(1, seed) if not question_problems(question(kind, s, rules.as_mapping()), rules)]
        assert earlier == [], (kind, seed)


def test_no_seed_is_found_for_a_question_no_deal_reaches():
    import json

    # the opening practice deals a hand of 14 cards: no deal of perusrommi's 10 or 7 reaches it
    impossible = FIXED["perusrommi"].with_options(opening_points=51)
    assert _reachable_seed("avaus", json.dumps(impossible.as_mapping(), sort_keys=True), 5) is None


CLUB = {
    "kerhoperus": FIXED["perusrommi"].with_options(
        name="kerhoperus", ace="high_or_low", final_discard="required", game_deals=3
    ),
    "kerho51": FIXED["rommi51"].with_options(name="kerho51", opening_points=40, target_score=200),
    "kerhogin": FIXED["gin"].with_options(name="kerhogin", knock_limit=5),
}


@pytest.mark.parametrize("name", sorted(CLUB))
def test_a_preset_without_seeds_gets_a_sensible_sample_deal_and_a_short_game(name):
    rules = CLUB[name]
    # (the same every run: test_sample_deal's test_generated_files_match_the_generator checks the
    # generated files, a club's presets' too in its copy, against a fresh generation in another
    # process; a second call here, in the same one, would only repeat the whole search)
    spec = sample_deal.auto_spec(rules)
    assert spec.game == name and spec.players == min(max(3, rules.min_players), rules.max_players)
    start, turns, deal = sample_deal.play_deal(rules, spec.players, spec.players - 1, spec.sample_seed)
    assert sample_deal.sensible(rules, spec.players, turns, deal)
    lo, hi = sample_deal.AUTO_ROUNDS
    assert lo * spec.players <= len(turns) <= hi * spec.players
    # no earlier seed would have done
    for seed in range(1, spec.sample_seed):
        try:
            _, t, d = sample_deal.play_deal(rules, spec.players, spec.players - 1, seed)
        except sample_deal.StuckDeal:
            continue
        assert not sample_deal.sensible(rules, spec.players, t, d), seed
    # the short game ends, and is the shortest of the candidates
    deals = list(sample_deal.short_game(rules, spec.players, spec.game_seed, spec.max_deals))
    assert deals and deals[-1][4].is_over(rules) and not any(d[4].is_over(rules) for d in deals[:-1])
    lengths = [sample_deal.game_length(rules, spec.players, g, spec.max_deals) for g in sample_deal.AUTO_GAME_SEEDS]
    assert len(deals) == min(n for n in lengths if n is not None)
    # each deal's totals add up from the one before
    for _, _, d, before, after in deals:
        assert list(after.totals) == [a + b for a, b in zip(before.totals, score_deal(d.outcome, rules).points)]


def test_a_deal_that_ends_another_way_is_not_sensible():
    rules = CLUB["kerhoperus"].with_options(stock_exhausted="block")
    blocked = []
    for seed in range(1, 60):
        try:
            _, turns, deal = sample_deal.play_deal(rules, 3, 2, seed)
        except sample_deal.StuckDeal:
            continue
        if deal.outcome.reason.value == "blocked":
            blocked.append(sample_deal.sensible(rules, 3, turns, deal))
    assert blocked and not any(blocked)


def test_every_generated_page_may_show_the_engine_made_sections():
    for rules in CLUB.values():
        assert {"esimerkkijako", "pistetaulukko"} <= set(generic_sections(rules))
