"""The knocker's arrangements (rommikirja.knock.knock_options): every spread within the knock limit,
priced against the defender's best answer, checked by brute force over every set of disjoint melds and
every way to lay cards off one at a time, on seeded knocks under the tests' own rule sets."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from fixed_rules import FIXED
from rommikirja import GinDeal, Knock, check_meld, parse_cards, score_deal
from rommikirja.app.computer import Computer
from rommikirja.knock import knock_arrangement, knock_options
from rommikirja.solver import best_arrangement

GIN = FIXED["gin"]
RULE_SETS = {
    "gin": GIN,
    "tiukka": GIN.with_options(knock_limit=5, undercut_on_tie=False, undercut_bonus=10, gin_bonus=20),
    "väljä": GIN.with_options(knock_limit=15),
}


def points(cards, rules):
    return sum(rules.card_points(c.rank) for c in cards)


def all_spreads(hand, rules):
    """Every set of disjoint valid melds of ``hand`` within the knock limit, with its deadwood."""
    melds = [m for n in range(3, len(hand) + 1) for m in combinations(hand, n) if check_meld(m, rules) is None]
    out = []

    def spread(i, used, chosen):
        if i == len(melds):
            dead = tuple(c for c in hand if c not in used)
            if points(dead, rules) <= rules.knock_limit:
                out.append((tuple(chosen), dead))
            return
        spread(i + 1, used, chosen)
        if not used & set(melds[i]):
            spread(i + 1, used | set(melds[i]), chosen + [melds[i]])

    spread(0, frozenset(), [])
    return out


def defender_deadwood(hand, knocker_melds, rules, lay_off=True):
    """The defender's least deadwood: every way to lay cards off one at a time (chains included),
    then the best own melds of the rest."""
    best = points(hand, rules)

    def rec(rest, melds):
        nonlocal best
        best = min(best, best_arrangement(rest, rules).deadwood_points)
        if not lay_off:
            return
        for c in rest:
            for i, m in enumerate(melds):
                if check_meld(m + (c,), rules) is None:
                    rec([x for x in rest if x != c], melds[:i] + (m + (c,),) + melds[i + 1 :])

    rec(list(hand), tuple(tuple(m) for m in knocker_melds))
    return best


def knocker_value(dead, defender, melds, rules):
    """The knocker's points (negative: the defender's), priced by hand from the rules."""
    kd = points(dead, rules)
    dd = defender_deadwood(defender, melds, rules, lay_off=bool(dead))
    if not dead:
        return rules.gin_bonus + dd
    if dd < kd or (dd == kd and rules.undercut_on_tie):
        return -(rules.undercut_bonus + kd - dd)
    return dd - kd


def seeded_knocks(rules, deals):
    """(knocker's cards after the discard, defender's hand, the knock) of computer-played deals."""
    out = []
    for seed in range(deals):
        d = GinDeal.new(rules, dealer=seed % 2, seed=seed)
        bots = [Computer("taitava", seed), Computer("aloittelija", seed)]
        while not d.is_over:
            move = bots[d.turn].choose(d)
            if isinstance(move, Knock):
                rest = [c for c in d.hand if c != move.card]
                out.append((rest, list(d.hands[1 - d.turn]), d.copy(), move))
            d.play(move)
    return out


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_options_match_brute_force(name):
    rules = RULE_SETS[name]
    knocks = seeded_knocks(rules, 40)
    assert len(knocks) >= 20
    several = 0
    for hand, defender, before, move in knocks:
        options = knock_options(hand, defender, rules)
        brute = [(dead, knocker_value(dead, defender, melds, rules)) for melds, dead in all_spreads(hand, rules)]
        # the first option is the best there is, and the one the engine spreads when not told
        assert options[0].value == max(v for _, v in brute)
        melds, dead, _ = knock_arrangement(hand, defender, rules)
        assert (options[0].melds, options[0].deadwood) == (melds, dead)
        # every option is a legal spread of the whole hand, priced right
        for o in options:
            assert Counter([c for m in o.melds for c in m] + list(o.deadwood)) == Counter(hand)
            assert all(check_meld(m, rules) is None for m in o.melds)
            assert points(o.deadwood, rules) <= rules.knock_limit
            assert o.value == knocker_value(o.deadwood, defender, o.melds, rules)
        # every spread there is has an option with its deadwood and its price
        offered = {(frozenset(o.deadwood), o.value) for o in options}
        assert {(frozenset(d), v) for d, v in brute} <= offered
        # best first, then by the knocker's points; no arrangement twice
        assert [o.value for o in options[1:]] == sorted((o.value for o in options[1:]), reverse=True)
        parts = [frozenset(frozenset(m) for m in o.melds) for o in options]
        assert len(set(parts)) == len(parts)
        several += len(options) > 1
        # the computer knocks with the best: the deal's outcome scores what the first option does
        before.play(move)
        score = score_deal(before.outcome, rules)
        k = before.outcome.knocker
        assert score.points[k] - score.points[1 - k] == options[0].value
    assert several >= 3


def test_a_run_split_in_two_is_one_option():
    """2–8 of hearts spread whole or as 2–4 and 5–8: the defender sees the same ends, one option."""
    over = parse_cards("2H 3H 4H 5H 6H 7H 8H KS KC 2C")  # 22 points however spread
    assert knock_options(over, parse_cards("9H AH 5S 6S 7D 9C JC QD 10D 4S"), GIN) == []
    hand = parse_cards("2H 3H 4H 5H 6H 7H 8H 3S 3C 2C")
    options = knock_options(hand, parse_cards("9H AH 5S 6S 7D 9C JC QD 10D 4S"), GIN)
    kept = [o for o in options if sorted(c.code for c in o.deadwood) == ["2C", "3C", "3S"]]
    assert len(kept) == 1 and [len(m) for m in kept[0].melds] == [7]


def test_a_card_in_the_group_or_in_the_run():
    """4–7 of hearts and three sevens, or 4–6 of hearts and four sevens: the same deadwood, but the
    defender's 8 of hearts goes only onto a run that ends in the 7."""
    hand = parse_cards("4H 5H 6H 7H 7S 7D 7C AS 2D 3C")
    defender = parse_cards("8H 9S 9D KC QC JS 10D 4C 5S 6D")
    options = knock_options(hand, defender, GIN)
    best = options[0]
    assert sorted(len(m) for m in best.melds) == [3, 4] and best.answer.layoffs == ()
    assert any(len(m) == 4 and {c.rank for c in m} == {7} for m in best.melds)
    other = next(o for o in options if any(len(m) == 4 and len({c.rank for c in m}) == 4 for m in o.melds))
    assert other.value == best.value - 8 and [c.code for cs, _ in other.answer.layoffs for c in cs] == ["8H"]
