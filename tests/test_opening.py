"""Rommi 51 openings: the exact search against brute force over every packing of melds."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rommikirja import Card, RuleSet, Suit, check_meld, parse_cards, standard_deck
from rommikirja.melds import Meld, meld_points
from rommikirja.opening import _points_bound, _Search, best_opening, can_open, opening_problem

RULES = RuleSet(decks=2, jokers=4, ace="high_or_low", opening_points=51, opening_pure_run=True, max_jokers_per_meld=1)
LOW_BAR = RULES.with_options(opening_points=1)
DECK = standard_deck(2, 4)


def brute(cards, rules):
    melds = []
    for n in range(3, len(cards)):
        for combo in itertools.combinations(cards, n):
            if check_meld(combo, rules) is None:
                m = Meld.from_cards(combo, rules)
                melds.append((frozenset(combo), meld_points(m), m.kind.value == "run" and not m.jokers))
    best = None

    def rec(i, used, pts, pure):
        nonlocal best
        if pure and len(used) < len(cards) and (best is None or pts > best):
            best = pts
        for j in range(i, len(melds)):
            m, p, pr = melds[j]
            if not m & used:
                rec(j + 1, used | m, pts + p, pure or pr)

    rec(0, frozenset(), 0, False)
    return best


def rich_hand(rng, size):
    """Cards around a few ranks and runs, with duplicates and jokers."""
    hand = []
    suit = rng.choice(list(Suit))
    lo = rng.randint(1, 11)
    hand += [Card(r, suit, rng.randint(0, 1)) for r in range(lo, lo + 3)]
    rank = rng.randint(1, 13)
    hand += [Card(rank, s, rng.randint(0, 1)) for s in rng.sample(list(Suit), 3)]
    while len(hand) < size:
        c = rng.choice(DECK)
        hand.append(c)
    return list(dict.fromkeys(hand))[:size]


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**31), st.integers(7, 10))
def test_opening_matches_brute_force(seed, size):
    rng = random.Random(seed)
    hand = rich_hand(rng, size)
    for rules in (RULES, LOW_BAR):
        got = best_opening(hand, rules)
        want = brute(hand, rules)
        if want is None or want < rules.opening_points:
            assert got is None, (hand, got)
        else:
            assert got is not None and got.points == want, ([c.code for c in hand], got, want)
            assert got.pure_run and len(got.cards) < len(hand)
            assert sum(meld_points(m) for m in got.melds) == got.points


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**31), st.integers(7, 11))
def test_the_quick_bound_never_rules_out_an_opening(seed, size):
    """``can_open`` skips the search when :func:`_points_bound` is below the bar: the bound is at
    least the best packing's points, and ``can_open`` agrees with brute force."""
    rng = random.Random(seed)
    hand = rich_hand(rng, size)
    variants = (
        RULES,
        RULES.with_options(ace="low"),
        RULES.with_options(max_jokers_per_meld=0),
        RULES.with_options(max_jokers_per_meld=2, opening_points=30),
        RULES.with_options(opening_points=25, opening_pure_run=False),
    )
    for rules in variants:
        m1, m2, nj = opening_problem(hand)[:3]
        best = max(_Search(rules).solve(m1, m2, nj)[0])
        assert _points_bound(m1, m2, nj, rules) >= best, ([c.code for c in hand], rules.ace)
        if rules.max_jokers_per_meld <= 1 and rules.opening_pure_run:  # (what brute() knows)
            want = brute(hand, rules)
            assert can_open(hand, rules) == (want is not None and want >= rules.opening_points)


def test_opening_examples():
    # a pure run (30) and a group completed by a joker (30)
    o = best_opening(parse_cards("10S JS QS KC KD JK 2H 4C"), RULES)
    assert o.points == 60 and o.pure_run
    # jokers cannot make the required pure run
    assert best_opening(parse_cards("9S JK JS 8H 8D 8C KC KD KH 2S"), RULES) is None
    # two 9♠ from the two decks cannot share a group, so only 9 + 30 points are available
    assert check_meld(parse_cards("9S 9S' 9C"), RULES).code == "group_same_suit"
    assert best_opening(parse_cards("9S 9S' 9C 2H 3H 4H KD KC KH 5D"), RULES) is None
    assert best_opening(parse_cards("9S 9S' 9C 2H 3H 4H KD KC KH 5D"), LOW_BAR).points == 39
    # every card melded: one must be left for the discard
    o = best_opening(parse_cards("10S JS QS KS KC KD KH"), RULES)
    assert o is not None and len(o.cards) == 6 and o.points == 60


def test_cards_the_pack_does_not_have_are_refused():
    import pytest
    from rommikirja import IllegalMove
    from rommikirja.opening import melds_using_all

    one_deck = RULES.with_options(decks=1, jokers=0)
    for rules, text, code in (
        (one_deck, "7S 8S 9S 9S' KH KD KC", "no_such_card"),
        (one_deck, "7S 8S 9S JK KH KD KC", "no_such_card"),
        (RULES, "7S 8S 9S JK'''' KH KD KC", "no_such_card"),
        (RULES, "7S 8S 9S 9S 9S' KH KD KC", "duplicate_card"),
        (one_deck, "7S 8S 9S 9S KH KD KC", "duplicate_card"),
    ):
        for solve in (best_opening, melds_using_all):
            with pytest.raises(IllegalMove) as exc:
                solve(parse_cards(text), rules)
            assert exc.value.code == code
    with pytest.raises(IllegalMove) as exc:
        best_opening([Card(14, Suit.SPADES)] + list(parse_cards("7S 8S 9S")), RULES)
    assert exc.value.code == "no_such_card"


def test_hands_without_three_in_a_row_of_a_suit_cannot_open():
    # plenty of points, but no pure run is possible: the search is skipped and the answer is None
    hand = parse_cards("KS KH KD KC QS QH QD JK JK' 2S 4S 6H 8H")
    assert best_opening(hand, RULES) is None and brute(hand, RULES) is None
    qka = parse_cards("QS KS AS 5H 5D 5C 2C")  # Q-K-A is a pure run when the ace may be high
    assert best_opening(qka, LOW_BAR).points == brute(qka, LOW_BAR) == 46
