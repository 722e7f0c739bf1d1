import pytest

from rommikirja import Card, InvalidMeld, Meld, MeldKind, RuleSet, check_meld, parse_cards
from rommikirja.melds import waiting_cards

LOW = RuleSet()
HIGH = RuleSet(ace="high_or_low")


@pytest.mark.parametrize(
    "cards,kind",
    [
        ("8S 8H 8C", MeldKind.GROUP),
        ("8S 8H 8D 8C", MeldKind.GROUP),
        ("4H 5H 6H", MeldKind.RUN),
        ("AH 2H 3H", MeldKind.RUN),
        ("10H JH QH", MeldKind.RUN),
        ("9C 7C 8C JC 10C", MeldKind.RUN),
    ],
)
def test_valid_melds(cards, kind):
    meld = Meld.from_cards(parse_cards(cards), LOW)
    assert meld.kind is kind


def test_run_cards_are_ordered_low_to_high():
    assert Meld.from_cards(parse_cards("9C 7C 8C"), LOW).codes == ("7C", "8C", "9C")
    assert Meld.from_cards(parse_cards("AH KH QH"), HIGH).codes == ("QH", "KH", "AH")


@pytest.mark.parametrize(
    "cards,code",
    [
        ("8S 8H", "too_short"),
        ("8S", "too_short"),
        ("4H 5D 6H", "mixed_suits"),
        ("4S 5H 6C", "mixed_suits"),
        ("5S 7S 8S", "gap"),
        ("QH KH AH", "ace_high"),
        ("KH AH 2H", "wrap"),
        ("8S 9H KD", "mixed"),
        ("7H 7H 7S", "duplicate"),
        ("4H 4H' 4S", "group_same_suit"),
        ("5S 5S' 6S", "duplicate_rank"),
    ],
)
def test_invalid_melds_name_the_reason(cards, code):
    err = check_meld(parse_cards(cards), LOW)
    assert isinstance(err, InvalidMeld) and err.code == code
    assert err.message.endswith(".") and err.message[0].isupper()


def test_gap_message_names_the_missing_card():
    assert "patakuutonen" in check_meld(parse_cards("5S 7S 8S"), LOW).message


def test_ace_high_or_low_option():
    assert check_meld(parse_cards("QH KH AH"), HIGH) is None
    assert check_meld(parse_cards("AH 2H 3H"), HIGH) is None
    assert check_meld(parse_cards("KH AH 2H"), HIGH).code == "wrap"


def test_lay_off_extends_or_explains():
    run = Meld.from_cards(parse_cards("6D 7D 8D"), LOW)
    assert run.extended(parse_cards("5D"), LOW).codes == ("5D", "6D", "7D", "8D")
    assert run.extended(parse_cards("9D 10D"), LOW).codes[-1] == "10D"
    with pytest.raises(InvalidMeld) as exc:
        run.extended(parse_cards("10D"), LOW)
    assert exc.value.code == "not_extending" and "ruutuysi" in str(exc.value)
    group = Meld.from_cards(parse_cards("7S 7H 7D"), LOW)
    assert len(group.extended(parse_cards("7C"), LOW)) == 4
    with pytest.raises(InvalidMeld):
        group.extended(parse_cards("8C"), LOW)


def test_waiting_cards():
    codes = lambda cs: sorted(c.code for c in waiting_cards(parse_cards(cs), LOW))
    assert codes("5S 6S") == ["4S", "7S"]
    assert codes("5S 7S") == ["6S"]
    assert codes("QS KS") == ["JS"]
    assert codes("9S 9H") == ["9C", "9D"]
    assert codes("QS KS") != codes("QS KS") + ["AS"]
    assert sorted(c.code for c in waiting_cards(parse_cards("QS KS"), HIGH)) == ["AS", "JS"]


def _corner_readings(naturals, n_jokers):
    """Brute force: every way the jokers can stand for cards of the naturals' suit that make, with
    the naturals, one run round the corner (distinct ranks, consecutive on the circle K-A-2)."""
    from itertools import combinations
    from rommikirja.melds import run_positions

    suit = naturals[0].suit
    have = {c.rank for c in naturals}
    free = [r for r in range(1, 14) if r not in have]
    found = []
    for ranks in combinations(free, n_jokers):
        virtual = list(naturals) + [Card(r, suit) for r in ranks]
        if run_positions(virtual, CORNER) is not None:
            found.append(set(ranks))
    return found


CORNER = RuleSet(ace="round_the_corner", jokers=4, decks=2, max_jokers_per_meld=2)


@pytest.mark.parametrize("n_jokers", [1, 2])
def test_joker_in_a_round_the_corner_run_matches_brute_force(n_jokers):
    """Every hand of 2–4 hearts plus one or two jokers: the engine accepts it as a run exactly when
    some reading of the jokers makes a run round the corner, and its reading is one of those."""
    from itertools import combinations

    hearts = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    jokers = parse_cards("JK JK'")[:n_jokers]
    checked = accepted = 0
    for size in (2, 3):
        for naturals in combinations(hearts, size):
            readings = _corner_readings(naturals, n_jokers)
            cards = tuple(naturals) + tuple(jokers)
            err = check_meld(cards, CORNER)
            checked += 1
            if not readings:
                assert err is not None, cards
                continue
            assert err is None, (cards, err)
            meld = Meld.from_cards(cards, CORNER)
            assert {c.rank for _, c in meld.jokers} in readings, cards
            # the cards are laid out in run order: the naturals with the jokers' readings are consecutive
            order = [meld.stands_for(c).rank for c in meld.cards]
            assert all((b - a) % 13 == 1 for a, b in zip(order, order[1:])), (cards, order)
            accepted += 1
    assert accepted and accepted < checked


def test_joker_onto_a_run_round_the_corner():
    meld = Meld.from_cards(parse_cards("KH AH 2H"), CORNER)
    longer = meld.extended(parse_cards("JK"), CORNER)
    assert longer.codes == ("KH", "AH", "2H", "JK") and longer.stands_for(longer.cards[-1]).code == "3H"
    assert Meld.from_cards(parse_cards("KH JK 2H"), CORNER).jokers[0][1].code == "AH"
    # the same cards without the variant: still refused
    assert check_meld(parse_cards("KH JK 2H"), RuleSet(jokers=4, decks=2)) is not None
