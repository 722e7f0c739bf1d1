"""The exact solver against brute force, including ties between arrangements and discards."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rommikirja import RuleSet, check_meld, parse_cards, standard_deck
from rommikirja.solver import best_arrangement, best_discard, cards_of, deadwood_of, mask_of

RULES = RuleSet()
DECK = standard_deck()


def value(cards):
    return sum(min(c.rank, 10) for c in cards)


def brute_deadwood(cards):
    """Try every set of disjoint melds."""
    cards = list(cards)
    melds = [
        frozenset(m)
        for n in (3, 4, 5, 6, 7, 8, 9, 10, 11)
        for m in itertools.combinations(cards, n)
        if check_meld(m, RULES) is None
    ]
    best = value(cards)

    def search(i, used, covered):
        nonlocal best
        best = min(best, value(cards) - covered)
        for j in range(i, len(melds)):
            if not melds[j] & used:
                search(j + 1, used | melds[j], covered + value(melds[j]))

    search(0, frozenset(), 0)
    return best


def brute_discard(cards):
    return min(brute_deadwood([c for c in cards if c != d]) for d in cards)


hands10 = st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True)
hands11 = st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands10)
def test_ten_card_deadwood_matches_brute_force(hand):
    arr = best_arrangement(hand, RULES)
    assert arr.deadwood_points == brute_deadwood(hand)
    assert sorted(c.sort_key for c in [*itertools.chain(*arr.melds), *arr.deadwood]) == sorted(c.sort_key for c in hand)
    assert all(check_meld(m, RULES) is None for m in arr.melds)
    assert value(arr.deadwood) == arr.deadwood_points


@settings(max_examples=150, deadline=None)
@given(hands11)
def test_eleven_card_best_discard_matches_brute_force(hand):
    arr = best_discard(hand, (), RULES)
    assert arr.deadwood_points == brute_discard(hand)
    rest = [c for c in hand if c != arr.discard]
    assert deadwood_of(rest, RULES) == arr.deadwood_points


# Hands rich in groups and runs sharing cards, where greedy choices go wrong.
TRICKY = [
    ("AS 2S 5S AC 2C 3C 5C AD 2D 2H 5H", "3C", 0),  # gin only after discarding 3C
    ("4H 5H 6H 5C 5S 5D 9D 9C 9S KD 2C", None, None),
    ("7S 7H 7D 7C 8C 9C 8H 9H 10H 4D 4S", None, None),
    ("AS 2S 3S 4S AH AD 2H 3H 2D 3D KC", "KC", 0),
    ("5S 6S 7S 5H 6H 7H 5D 6D 7D 5C KC", None, None),
]


def test_tricky_hands():
    for text, discard, dw in TRICKY:
        hand = parse_cards(text)
        arr = best_discard(hand, (), RULES)
        assert arr.deadwood_points == brute_discard(hand), text
        if discard is not None:
            assert arr.discard.code == discard and arr.deadwood_points == dw


def test_forbidden_discard_is_respected():
    hand = parse_cards("AS 2S 5S AC 2C 3C 5C AD 2D 2H 5H")
    arr = best_discard(hand, parse_cards("3C"), RULES)
    assert arr.discard.code != "3C"
    assert arr.deadwood_points == min(brute_deadwood([c for c in hand if c != d]) for d in hand if d.code != "3C")


def test_ties_between_arrangements():
    # 5H fits the heart run or the group of fives: both leave 22
    arr = best_arrangement(parse_cards("4H 5H 6H 5C 5S 9D 9C 9S KD 2C"), RULES)
    assert arr.deadwood_points == 22 == brute_deadwood(parse_cards("4H 5H 6H 5C 5S 9D 9C 9S KD 2C"))


# -- card values from the rule set, small hands, the mask API -------------------------------

ACE11 = RuleSet(ace_points=11)


def brute_deadwood_rules(cards, rules):
    cards = list(cards)
    melds = [
        frozenset(m)
        for n in range(3, len(cards) + 1)
        for m in itertools.combinations(cards, n)
        if check_meld(m, RULES) is None
    ]
    val = lambda cs: sum(rules.card_points(c.rank) for c in cs)  # noqa: E731
    best = val(cards)

    def search(i, used):
        nonlocal best
        best = min(best, val([c for c in cards if c not in used]))
        for j in range(i, len(melds)):
            if not melds[j] & used:
                search(j + 1, used | melds[j])

    search(0, frozenset())
    return best


aces_first = st.lists(
    st.sampled_from([c for c in DECK if c.rank in (1, 2, 3, 4, 12, 13)] + DECK[:13]),
    min_size=10,
    max_size=10,
    unique=True,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands10, aces_first), st.sampled_from([ACE11, RuleSet(ace_points=15), RuleSet()]))
def test_deadwood_with_the_rule_sets_ace_value_matches_brute_force(hand, rules):
    arr = best_arrangement(hand, rules)
    assert arr.deadwood_points == brute_deadwood_rules(hand, rules) == deadwood_of(hand, rules)
    assert arr.deadwood_points == sum(rules.card_points(c.rank) for c in arr.deadwood)
    assert all(check_meld(m, RULES) is None for m in arr.melds)
    assert sorted(c.sort_key for c in [*itertools.chain(*arr.melds), *arr.deadwood]) == sorted(c.sort_key for c in hand)


@settings(max_examples=30, deadline=None)
@given(
    st.one_of(
        hands11, aces_first.flatmap(lambda h: st.sampled_from([c for c in DECK if c not in h]).map(lambda c: h + [c]))
    ),
    st.sampled_from([ACE11, RuleSet()]),
)
def test_best_discard_with_the_rule_sets_ace_value_matches_brute_force(hand, rules):
    arr = best_discard(hand, (), rules)
    assert arr.deadwood_points == min(brute_deadwood_rules([c for c in hand if c != d], rules) for d in hand)
    assert arr.discard in hand and arr.deadwood_points == deadwood_of([c for c in hand if c != arr.discard], rules)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=9, unique=True))
def test_small_hands_match_brute_force(hand):
    assert best_arrangement(hand, RULES).deadwood_points == brute_deadwood(hand)
    arr = best_discard(hand, (), RULES)
    assert arr.deadwood_points == brute_discard(hand) and arr.discard in hand


@settings(max_examples=200, deadline=None)
@given(hands11)
def test_mask_and_card_api_agree(hand):
    from rommikirja.solver import CARDS, best_discard_mask, min_deadwood_mask, min_discard_deadwood

    m = mask_of(hand)
    dw, groups, low = best_discard_mask(m, 0, 1)
    arr = best_discard(hand, (), RULES)
    assert (dw, CARDS[low.bit_length() - 1]) == (arr.deadwood_points, arr.discard)
    assert min_discard_deadwood(m, 1) == dw == min_deadwood_mask(m ^ low, 1)[0]
    assert min_deadwood_mask(mask_of(hand[:10]), 1)[0] == best_arrangement(hand[:10], RULES).deadwood_points
    assert sorted(cards_of(m), key=lambda c: c.sort_key) == sorted(hand, key=lambda c: c.sort_key)
