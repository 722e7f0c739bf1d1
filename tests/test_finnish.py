import pytest
from libvoikko import Voikko

from rommikirja.cards import Suit, parse_card, parse_cards, standard_deck
from rommikirja.finnish import CASES, card_name, cards_text, join_list, rank_name, suit_name


@pytest.mark.parametrize(
    "code,case,expected",
    [
        ("4H", "nom", "herttanelonen"),
        ("4H", "gen", "herttanelosen"),
        ("4H", "part", "herttanelosta"),
        ("KS", "nom", "patakuningas"),
        ("KS", "gen", "patakuninkaan"),
        ("AC", "ine", "ristiässässä"),
        ("10D", "nom", "ruutukymppi"),
        ("10S", "gen", "patakympin"),
        ("9H", "part", "herttaysiä"),
        ("8D", "part", "ruutukasia"),
        ("7H", "pl_nom", "herttaseiskat"),
        ("QD", "nom", "ruuturouva"),
        ("JC", "nom", "ristijätkä"),
        ("2S", "ill", "patakakkoseen"),
        ("6C", "gen", "ristikuutosen"),
        ("5D", "ela", "ruutuviitosesta"),
        ("KH", "pl_part", "herttakuninkaita"),
    ],
)
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
                    return analogue + form[len(stem) :]
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


# --- numerals, counted nouns and player names ---------------------------------------------------

from rommikirja.finnish import (
    NAME_FORMS,
    NOUN_FORMS,
    SINGULAR_CASES,
    UnknownName,
    count,  # noqa: E402
    digits_text,
    noun,
    number_word,
    numeral,
    player_name,
)


@pytest.mark.parametrize(
    "n,case,expected",
    [
        (7, "ade", "seitsemällä"),
        (8, "ill", "kahdeksaan"),
        (4, "gen", "neljän"),
        (3, "ela", "kolmesta"),
        (1, "part", "yhtä"),
        (2, "ess", "kahtena"),
        (5, "tra", "viideksi"),
        (6, "abl", "kuudelta"),
        (9, "all", "yhdeksälle"),
        (10, "ine", "kymmenessä"),
        (0, "gen", "nollan"),
        (15, "gen", "viidentoista"),
        (12, "ade", "kahdellatoista"),
        (20, "nom", "kaksikymmentä"),
        (25, "part", "kahtakymmentäviittä"),
        (46, "gen", "neljänkymmenenkuuden"),
        (51, "nom", "viisikymmentäyksi"),
        (100, "ill", "sataan"),
        (120, "ade", "sadallakahdellakymmenellä"),
        (500, "nom", "viisisataa"),
        (500, "gen", "viidensadan"),
        (1000, "part", "tuhatta"),
    ],
)
def test_numerals_inflect(n, case, expected):
    assert numeral(n, case) == expected


@pytest.mark.parametrize(
    "n,noun_,case,digits,expected",
    [
        (1, "piste", "nom", None, "yksi piste"),
        (15, "piste", "nom", None, "15 pistettä"),
        (15, "piste", "gen", False, "viidentoista pisteen"),
        (7, "kortti", "ade", None, "seitsemällä kortilla"),
        (8, "kortti", "ill", None, "kahdeksaan korttiin"),
        (4, "kortti", "gen", None, "neljän kortin"),
        (3, "jako", "ela", None, "kolmesta jaosta"),
        (2, "pelaaja", "nom", None, "kaksi pelaajaa"),
        (1, "kierros", "ine", None, "yhdessä kierroksessa"),
        (3, "yhdistelmä", "part", None, "kolmea yhdistelmää"),
        (51, "piste", "ade", None, "51 pisteellä"),
        (2, "jokeri", "nom", True, "2 jokeria"),
        (0, "piste", "nom", True, "0 pistettä"),
        (-46, "piste", "nom", None, "−46 pistettä"),
    ],
)
def test_counted_nouns_agree_with_their_numeral(n, noun_, case, digits, expected):
    assert count(n, noun_, case, digits=digits) == expected


def test_ordinals_inflect():
    from rommikirja.finnish import ordinal

    assert [ordinal(n, "ade") for n in (1, 2, 3, 4, 10)] == [
        "ensimmäisellä",
        "toisella",
        "kolmannella",
        "neljännellä",
        "kymmenennellä",
    ]
    assert ordinal(5, "gen") == "viidennen" and ordinal(8, "part") == "kahdeksatta" and ordinal(11) == "11."
    v = Voikko("fi")
    try:
        assert [w for n in range(1, 11) for w in (ordinal(n, c) for c in SINGULAR_CASES) if not v.spell(w)] == []
    finally:
        v.terminate()


def test_digits_standing_alone_carry_the_case_ending():
    assert [digits_text(51, c) for c in ("gen", "part", "ill", "ade")] == ["51:n", "51:tä", "51:een", "51:llä"]
    assert number_word(7, "ill") == "seitsemään" and number_word(15, "ill") == "15:een"


@pytest.mark.parametrize(
    "name,case,expected",
    [
        ("Aino", "gen", "Ainon"),
        ("Aino", "all", "Ainolle"),
        ("Aino", "ade", "Ainolla"),
        ("Aino", "part", "Ainoa"),
        ("Eero", "gen", "Eeron"),
        ("Kaisa", "ade", "Kaisalla"),
        ("Ville", "part", "Villeä"),
        ("Matti", "gen", "Matin"),
        ("Matti", "ess", "Mattina"),
        ("Pekka", "all", "Pekalle"),
        ("Leena", "ill", "Leenaan"),
        ("Ben", "gen", "Benin"),
        ("Charlotte", "all", "Charlottelle"),
    ],
)
def test_player_names_inflect(name, case, expected):
    assert player_name(name, case) == expected


def test_a_name_without_case_forms_is_an_error():
    from rommikirja.finnish import set_club_names

    old = set_club_names({})  # whatever names the club's scenarios/nimet.yaml adds
    try:
        with pytest.raises(UnknownName, match="Kalle"):
            player_name("Kalle", "gen")
    finally:
        set_club_names(old)
    with pytest.raises(ValueError):
        noun("pöytä", "ade")
    with pytest.raises(ValueError):
        count(3, "piste", "pl_nom")


def test_default_names_all_have_case_forms():
    from rommikirja.narrate import DEFAULT_NAMES

    assert all(name in NAME_FORMS for name in DEFAULT_NAMES)


#: Names the Finnish speller does not know (foreign ones); their forms follow the same pattern.
UNSPELLED_NAMES = {"Ben", "Charlotte"}


def test_numeral_noun_and_name_forms_are_finnish_according_to_voikko():
    v = Voikko("fi")
    try:
        words = {numeral(n, c) for n in list(range(0, 31)) + [46, 51, 99, 100, 120, 500, 1000] for c in SINGULAR_CASES}
        words |= {f for forms in NOUN_FORMS.values() for f in forms}
        words |= {f for name, forms in NAME_FORMS.items() if name not in UNSPELLED_NAMES for f in forms}
        unknown = sorted(w for w in words if not v.spell(w))
    finally:
        v.terminate()
    assert unknown == []


def test_template_filters_inflect():
    from tools.templating import make_env
    import jinja2

    env = make_env(jinja2.DictLoader({}))
    out = env.from_string(
        '{{ 7 | count("kortti", "ade") }}; {{ 4 | word("gen") }}; {{ "Aino" | player("all") }}; '
        '{{ 15 | numeral("gen") }}; {{ "jako" | noun("ela") }}'
    ).render()
    assert out == "seitsemällä kortilla; neljän; Ainolle; viidentoista; jaosta"
    from rommikirja.finnish import set_club_names

    old = set_club_names({})  # whatever names the club's scenarios/nimet.yaml adds
    try:
        with pytest.raises(UnknownName):
            env.from_string('{{ "Kalle" | player("gen") }}').render()
    finally:
        set_club_names(old)
