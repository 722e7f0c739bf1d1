import pytest
from libvoikko import Voikko

from rommikirja.cards import Suit, parse_card, parse_cards, standard_deck
from rommikirja.finnish import CASES, card_name, cards_text, join_list, rank_name, suit_name


@pytest.mark.parametrize("code,case,expected", [
    ("4H", "nom", "herttanelonen"), ("4H", "gen", "herttanelosen"), ("4H", "part", "herttanelosta"),
    ("KS", "nom", "patakuningas"), ("KS", "gen", "patakuninkaan"), ("AC", "ine", "ristiässässä"),
    ("10D", "nom", "ruutukymppi"), ("10S", "gen", "patakympin"), ("9H", "part", "herttaysiä"),
    ("8D", "part", "ruutukasia"), ("7H", "pl_nom", "herttaseiskat"), ("QD", "nom", "ruuturouva"),
    ("JC", "nom", "ristijätkä"), ("2S", "ill", "patakakkoseen"), ("6C", "gen", "ristikuutosen"),
    ("5D", "ela", "ruutuviitosesta"), ("KH", "pl_part", "herttakuninkaita"),
])
def test_card_name_inflection(code, case, expected):
    assert card_name(parse_card(code), case) == expected


def test_lists_read_naturally():
    assert cards_text(parse_cards("7H 8H 9H")) == "herttaseiska, herttakasi ja herttaysi"
    assert cards_text(parse_cards("5D 9D"), "part", "tai") == "ruutuviitosta tai ruutuysiä"
    assert join_list([]) == "" and join_list(["yksi"]) == "yksi"


def test_unknown_case_is_an_error():
    with pytest.raises(ValueError):
        card_name(parse_card("7H"), "abessive")


#: Colloquial rank words the speller does not list, checked through a regular word
#: of the same inflection type instead (kasi like lasi, ysi like tyyli).
COLLOQUIAL = {8: ("kas", "las"), 9: ("ys", "tyyl")}


def _speller_form(word: str) -> str:
    """The word to spell-check: a kasi/ysi form becomes the same form of its analogue."""
    for rank, (stem, analogue) in COLLOQUIAL.items():
        for form in (rank_name(rank, c) for c in CASES):
            for suit in ("", "hertta", "ruutu", "pata", "risti"):
                if word == suit + form:
                    return analogue + form[len(stem):]
    return word


def test_every_form_is_finnish_according_to_voikko():
    """Every inflected card, rank and suit word is one the Finnish speller accepts."""
    v = Voikko("fi")
    try:
        words = {card_name(c, case) for c in standard_deck() for case in CASES}
        words |= {rank_name(r, case) for r in range(1, 14) for case in CASES}
        words |= {suit_name(s, case) for s in Suit for case in CASES}
        unknown = sorted(w for w in words if not v.spell(_speller_form(w)))
    finally:
        v.terminate()
    assert unknown == []


def test_colloquial_check_is_not_vacuous():
    assert _speller_form("herttakaseja") == "laseja"
    assert _speller_form("ysejä") == "tyylejä"
    v = Voikko("fi")
    try:
        assert not v.spell(_speller_form("herttakaseia"))
    finally:
        v.terminate()
