import pytest

from rommikirja import InvalidMeld, Meld, MeldKind, RuleSet, check_meld, parse_cards
from rommikirja.melds import waiting_cards

LOW = RuleSet()
HIGH = RuleSet(ace="high_or_low")


@pytest.mark.parametrize("cards,kind", [
    ("8S 8H 8C", MeldKind.GROUP), ("8S 8H 8D 8C", MeldKind.GROUP), ("4H 5H 6H", MeldKind.RUN),
    ("AH 2H 3H", MeldKind.RUN), ("10H JH QH", MeldKind.RUN), ("9C 7C 8C JC 10C", MeldKind.RUN),
])
def test_valid_melds(cards, kind):
    meld = Meld.from_cards(parse_cards(cards), LOW)
    assert meld.kind is kind


def test_run_cards_are_ordered_low_to_high():
    assert Meld.from_cards(parse_cards("9C 7C 8C"), LOW).codes == ("7C", "8C", "9C")
    assert Meld.from_cards(parse_cards("AH KH QH"), HIGH).codes == ("QH", "KH", "AH")


@pytest.mark.parametrize("cards,code", [
    ("8S 8H", "too_short"), ("8S", "too_short"), ("4H 5D 6H", "mixed_suits"), ("4S 5H 6C", "mixed_suits"),
    ("5S 7S 8S", "gap"), ("QH KH AH", "ace_high"), ("KH AH 2H", "wrap"), ("8S 9H KD", "mixed"),
    ("7H 7H 7S", "duplicate"), ("4H 4H' 4S", "group_same_suit"), ("5S 5S' 6S", "duplicate_rank"),
])
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
