import pytest

from rommikirja.cards import Card, CardParseError, Suit, parse_card, parse_cards, standard_deck


@pytest.mark.parametrize(
    "text,rank,suit",
    [
        ("7H", 7, Suit.HEARTS),
        ("10D", 10, Suit.DIAMONDS),
        ("TD", 10, Suit.DIAMONDS),
        ("AS", 1, Suit.SPADES),
        ("KC", 13, Suit.CLUBS),
        ("7♥", 7, Suit.HEARTS),
        ("q♠", 12, Suit.SPADES),
        ("jd", 11, Suit.DIAMONDS),
        ("2♣", 2, Suit.CLUBS),
    ],
)
def test_parse_notations(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit, card.deck) == (rank, suit, 0)


def test_second_deck_copy_is_a_distinct_card():
    a, b = parse_card("7H"), parse_card("7H'")
    assert a != b and b.deck == 1 and b.code == "7H'"
    assert len({a, b}) == 2


@pytest.mark.parametrize("text", ["1H", "11S", "7X", "H", "", "010D", "ZZ"])
def test_unknown_card_quotes_the_text(text):
    with pytest.raises(CardParseError) as exc:
        parse_card(text)
    assert f"”{text}”" in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_codes_and_symbols_round_trip():
    for card in standard_deck():
        assert parse_card(card.code) == card
        assert parse_card(card.symbol) == card


def test_decks():
    one, two = standard_deck(), standard_deck(2)
    assert len(one) == 52 and len(set(one)) == 52
    assert len(two) == 104 and len(set(two)) == 104
    assert sum(c.is_red for c in one) == 26


def test_parse_cards_string_and_list():
    assert parse_cards("7H 8H") == parse_cards(["7H", "8H"]) == (Card(7, Suit.HEARTS), Card(8, Suit.HEARTS))
