"""The exact solver against brute force, including ties between arrangements and discards."""
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from rommikirja import RuleSet, check_meld, parse_cards, standard_deck
from rommikirja.solver import best_arrangement, best_discard, deadwood_of

RULES = RuleSet()
DECK = standard_deck()


def value(cards):
    return sum(min(c.rank, 10) for c in cards)


def brute_deadwood(cards):
    """Try every set of disjoint melds."""
    cards = list(cards)
    melds = [frozenset(m) for n in (3, 4, 5, 6, 7, 8, 9, 10, 11) for m in itertools.combinations(cards, n)
             if check_meld(m, RULES) is None]
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
    arr = best_arrangement(hand)
    assert arr.deadwood_points == brute_deadwood(hand)
    assert sorted(c.sort_key for c in [*itertools.chain(*arr.melds), *arr.deadwood]) == sorted(c.sort_key for c in hand)
    assert all(check_meld(m, RULES) is None for m in arr.melds)
    assert value(arr.deadwood) == arr.deadwood_points


@settings(max_examples=150, deadline=None)
@given(hands11)
def test_eleven_card_best_discard_matches_brute_force(hand):
    arr = best_discard(hand)
    assert arr.deadwood_points == brute_discard(hand)
    rest = [c for c in hand if c != arr.discard]
    assert deadwood_of(rest) == arr.deadwood_points


# Hands rich in groups and runs sharing cards, where greedy choices go wrong.
TRICKY = [
    ("AS 2S 5S AC 2C 3C 5C AD 2D 2H 5H", "3C", 0),      # gin only after discarding 3C
    ("4H 5H 6H 5C 5S 5D 9D 9C 9S KD 2C", None, None),
    ("7S 7H 7D 7C 8C 9C 8H 9H 10H 4D 4S", None, None),
    ("AS 2S 3S 4S AH AD 2H 3H 2D 3D KC", "KC", 0),
    ("5S 6S 7S 5H 6H 7H 5D 6D 7D 5C KC", None, None),
]


def test_tricky_hands():
    for text, discard, dw in TRICKY:
        hand = parse_cards(text)
        arr = best_discard(hand)
        assert arr.deadwood_points == brute_discard(hand), text
        if discard is not None:
            assert arr.discard.code == discard and arr.deadwood_points == dw


def test_forbidden_discard_is_respected():
    hand = parse_cards("AS 2S 5S AC 2C 3C 5C AD 2D 2H 5H")
    arr = best_discard(hand, forbidden=parse_cards("3C"))
    assert arr.discard.code != "3C"
    assert arr.deadwood_points == min(brute_deadwood([c for c in hand if c != d]) for d in hand if d.code != "3C")


def test_ties_between_arrangements():
    # 5H fits the heart run or the group of fives: both leave 22
    arr = best_arrangement(parse_cards("4H 5H 6H 5C 5S 9D 9C 9S KD 2C"))
    assert arr.deadwood_points == 22 == brute_deadwood(parse_cards("4H 5H 6H 5C 5S 9D 9C 9S KD 2C"))
