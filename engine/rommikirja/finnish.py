"""Finnish names of cards, their inflection, and natural lists.

This is the one place where the project's card vocabulary lives: pages, error
messages and quizzes all call it. A card's name is the suit word followed by
the rank word (*hertta* + *nelonen* = *herttanelonen*); only the rank word
inflects, and the ending follows its vowel harmony.

>>> from rommikirja.cards import parse_card
>>> card_name(parse_card("4H"))
'herttanelonen'
>>> card_name(parse_card("4H"), "gen"), card_name(parse_card("4H"), "part")
('herttanelosen', 'herttanelosta')
>>> card_name(parse_card("KS")), card_name(parse_card("AC"), "ine")
('patakuningas', 'ristiässässä')
>>> join_list(["herttaseiska", "herttakasi", "herttaysi"])
'herttaseiska, herttakasi ja herttaysi'

Numerals inflect in every case, and a counted noun agrees with its numeral the
Finnish way (nominative and partitive: the noun in the partitive after any
number but one; every other case: numeral and noun in the same case):

>>> numeral(7, "ade"), numeral(15, "gen"), numeral(51, "ill")
('seitsemällä', 'viidentoista', 'viiteenkymmeneenyhteen')
>>> count(7, "kortti", "ade"), count(8, "kortti", "ill"), count(4, "kortti", "gen")
('seitsemällä kortilla', 'kahdeksaan korttiin', 'neljän kortin')
>>> count(1, "piste"), count(15, "piste"), count(15, "piste", "gen", digits=False)
('yksi piste', '15 pistettä', 'viidentoista pisteen')

Player names have their case forms in a table (:data:`NAME_FORMS`, plus a club's own
names registered with :func:`set_club_names`); a name neither holds is an error, never a
guessed form:

>>> player_name("Aino", "gen"), player_name("Matti", "all"), player_name("Pekka", "ade")
('Ainon', 'Matille', 'Pekalla')
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .cards import Card, Suit

__all__ = [
    "CASES", "capitalize", "card_name", "card_names", "rank_name", "suit_name", "join_list",
    "cards_text", "number_word", "all_card_word_forms", "RANK_WORDS", "SUIT_WORDS",
    "SINGULAR_CASES", "numeral", "digits_text", "count", "noun", "NOUN_FORMS", "player_name",
    "NAME_FORMS", "UnknownName", "all_numeral_forms", "ordinal", "name_forms", "set_club_names",
    "club_names",
]

#: Case keys: singular nominative, genitive, partitive, illative, inessive,
#: elative, allative, adessive, ablative, essive, translative; plural
#: nominative, genitive, partitive.
CASES: tuple[str, ...] = (
    "nom", "gen", "part", "ill", "ine", "ela", "all", "ade", "abl", "ess", "tra",
    "pl_nom", "pl_gen", "pl_part",
)


def _nen(stem: str, harmony_a: str) -> tuple[str, ...]:
    """Forms of a -nen word such as *nelonen* (stem *nelo*)."""
    a = harmony_a
    s = stem + "s"
    return (
        stem + "nen", s + "en", s + "t" + a, s + "een", s + "ess" + a, s + "est" + a,
        s + "elle", s + "ell" + a, s + "elt" + a, s + "en" + a, s + "eksi",
        s + "et", s + "ten", s + "i" + a,
    )


#: Rank words: every case form, in the order of :data:`CASES`.
RANK_WORDS: dict[int, tuple[str, ...]] = {
    1: ("ässä", "ässän", "ässää", "ässään", "ässässä", "ässästä", "ässälle", "ässällä",
        "ässältä", "ässänä", "ässäksi", "ässät", "ässien", "ässiä"),
    2: _nen("kakko", "a"),
    3: _nen("kolmo", "a"),
    4: _nen("nelo", "a"),
    5: _nen("viito", "a"),
    6: _nen("kuuto", "a"),
    7: ("seiska", "seiskan", "seiskaa", "seiskaan", "seiskassa", "seiskasta", "seiskalle",
        "seiskalla", "seiskalta", "seiskana", "seiskaksi", "seiskat", "seiskojen", "seiskoja"),
    8: ("kasi", "kasin", "kasia", "kasiin", "kasissa", "kasista", "kasille", "kasilla",
        "kasilta", "kasina", "kasiksi", "kasit", "kasien", "kaseja"),
    9: ("ysi", "ysin", "ysiä", "ysiin", "ysissä", "ysistä", "ysille", "ysillä", "ysiltä",
        "ysinä", "ysiksi", "ysit", "ysien", "ysejä"),
    10: ("kymppi", "kympin", "kymppiä", "kymppiin", "kympissä", "kympistä", "kympille",
         "kympillä", "kympiltä", "kymppinä", "kympiksi", "kympit", "kymppien", "kymppejä"),
    11: ("jätkä", "jätkän", "jätkää", "jätkään", "jätkässä", "jätkästä", "jätkälle",
         "jätkällä", "jätkältä", "jätkänä", "jätkäksi", "jätkät", "jätkien", "jätkiä"),
    12: ("rouva", "rouvan", "rouvaa", "rouvaan", "rouvassa", "rouvasta", "rouvalle",
         "rouvalla", "rouvalta", "rouvana", "rouvaksi", "rouvat", "rouvien", "rouvia"),
    13: ("kuningas", "kuninkaan", "kuningasta", "kuninkaaseen", "kuninkaassa", "kuninkaasta",
         "kuninkaalle", "kuninkaalla", "kuninkaalta", "kuninkaana", "kuninkaaksi",
         "kuninkaat", "kuninkaiden", "kuninkaita"),
}

#: The joker's forms, in the order of :data:`CASES`.
JOKER_WORDS: tuple[str, ...] = (
    "jokeri", "jokerin", "jokeria", "jokeriin", "jokerissa", "jokerista", "jokerille", "jokerilla",
    "jokerilta", "jokerina", "jokeriksi", "jokerit", "jokerien", "jokereita")

#: Suit words: the compound prefix (*hertta*-) and the inflected word itself.
SUIT_WORDS: dict[Suit, tuple[str, ...]] = {
    Suit.HEARTS: ("hertta", "hertan", "herttaa", "herttaan", "hertassa", "hertasta",
                  "hertalle", "hertalla", "hertalta", "herttana", "hertaksi",
                  "hertat", "herttojen", "herttoja"),
    Suit.DIAMONDS: ("ruutu", "ruudun", "ruutua", "ruutuun", "ruudussa", "ruudusta",
                    "ruudulle", "ruudulla", "ruudulta", "ruutuna", "ruuduksi",
                    "ruudut", "ruutujen", "ruutuja"),
    Suit.SPADES: ("pata", "padan", "pataa", "pataan", "padassa", "padasta", "padalle",
                  "padalla", "padalta", "patana", "padaksi", "padat", "patojen", "patoja"),
    Suit.CLUBS: ("risti", "ristin", "ristiä", "ristiin", "ristissä", "rististä",
                 "ristille", "ristillä", "ristiltä", "ristinä", "ristiksi",
                 "ristit", "ristien", "ristejä"),
}

def _case_index(case: str) -> int:
    try:
        return CASES.index(_CASE_ALIASES.get(case, case))
    except ValueError:
        raise ValueError(f"unknown case {case!r}; expected one of {', '.join(CASES)}") from None


#: Short alternative spellings of case keys ("par" for "part").
_CASE_ALIASES = {"par": "part"}


def rank_name(rank: int, case: str = "nom") -> str:
    """The rank word alone: ``rank_name(8, "pl_part") == "kaseja"``.

    >>> rank_name(13, "gen")
    'kuninkaan'
    """
    return RANK_WORDS[rank][_case_index(case)]


def suit_name(suit: Suit, case: str = "nom") -> str:
    """The suit word: ``suit_name(Suit.HEARTS, "part") == "herttaa"``.

    >>> suit_name(Suit.SPADES, "part")
    'pataa'
    """
    return SUIT_WORDS[suit][_case_index(case)]


def card_name(card: Card, case: str = "nom") -> str:
    """The card's Finnish name in the given case (see :data:`CASES`).

    >>> from rommikirja.cards import parse_card
    >>> card_name(parse_card("10D"))
    'ruutukymppi'
    >>> card_name(parse_card("9H"), "part")
    'herttaysiä'
    """
    if card.suit is None:
        return JOKER_WORDS[_case_index(case)]
    return SUIT_WORDS[card.suit][0] + RANK_WORDS[card.rank][_case_index(case)]


def capitalize(text: str) -> str:
    """The text with its first letter in upper case (card names start sentences).

    >>> capitalize("herttaseiska nostettiin")
    'Herttaseiska nostettiin'
    """
    return text[:1].upper() + text[1:]


def join_list(words: Sequence[str], conjunction: str = "ja") -> str:
    """Join words the Finnish way: commas, and *ja* (or *tai*) before the last.

    >>> join_list(["a"]), join_list(["a", "b"]), join_list(["a", "b", "c"], "tai")
    ('a', 'a ja b', 'a, b tai c')
    """
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def card_names(cards: Iterable[Card], case: str = "nom") -> list[str]:
    """Names of several cards in the same case."""
    return [card_name(c, case) for c in cards]


def cards_text(cards: Iterable[Card], case: str = "nom", conjunction: str = "ja") -> str:
    """A natural list of card names.

    >>> from rommikirja.cards import parse_cards
    >>> cards_text(parse_cards("7H 8H 9H"))
    'herttaseiska, herttakasi ja herttaysi'
    >>> cards_text(parse_cards("5D 9D"), "gen", "tai")
    'ruutuviitosen tai ruutuysin'
    """
    return join_list(card_names(cards, case), conjunction)


#: The singular cases, in the order of :data:`CASES` (numerals, nouns and names have these).
SINGULAR_CASES: tuple[str, ...] = CASES[:11]


def _forms(*words: str) -> tuple[str, ...]:
    """A word's eleven singular forms given as one space-separated string."""
    out = tuple(" ".join(words).split())
    assert len(out) == len(SINGULAR_CASES), out
    return out


#: Numerals 0–10, 100 and 1000: singular case forms (order of :data:`SINGULAR_CASES`).
_NUMERALS: dict[int, tuple[str, ...]] = {
    0: _forms("nolla nollan nollaa nollaan nollassa nollasta nollalle nollalla nollalta nollana nollaksi"),
    1: _forms("yksi yhden yhtä yhteen yhdessä yhdestä yhdelle yhdellä yhdeltä yhtenä yhdeksi"),
    2: _forms("kaksi kahden kahta kahteen kahdessa kahdesta kahdelle kahdella kahdelta kahtena kahdeksi"),
    3: _forms("kolme kolmen kolmea kolmeen kolmessa kolmesta kolmelle kolmella kolmelta kolmena kolmeksi"),
    4: _forms("neljä neljän neljää neljään neljässä neljästä neljälle neljällä neljältä neljänä neljäksi"),
    5: _forms("viisi viiden viittä viiteen viidessä viidestä viidelle viidellä viideltä viitenä viideksi"),
    6: _forms("kuusi kuuden kuutta kuuteen kuudessa kuudesta kuudelle kuudella kuudelta kuutena kuudeksi"),
    7: _forms("seitsemän seitsemän seitsemää seitsemään seitsemässä seitsemästä seitsemälle seitsemällä",
               "seitsemältä seitsemänä seitsemäksi"),
    8: _forms("kahdeksan kahdeksan kahdeksaa kahdeksaan kahdeksassa kahdeksasta kahdeksalle kahdeksalla",
               "kahdeksalta kahdeksana kahdeksaksi"),
    9: _forms("yhdeksän yhdeksän yhdeksää yhdeksään yhdeksässä yhdeksästä yhdeksälle yhdeksällä",
               "yhdeksältä yhdeksänä yhdeksäksi"),
    10: _forms("kymmenen kymmenen kymmentä kymmeneen kymmenessä kymmenestä kymmenelle kymmenellä",
                "kymmeneltä kymmenenä kymmeneksi"),
    100: _forms("sata sadan sataa sataan sadassa sadasta sadalle sadalla sadalta satana sadaksi"),
    1000: _forms("tuhat tuhannen tuhatta tuhanteen tuhannessa tuhannesta tuhannelle tuhannella",
                  "tuhannelta tuhantena tuhanneksi"),
}


def _singular_index(case: str) -> int:
    i = _case_index(case)
    if i >= len(SINGULAR_CASES):
        raise ValueError(f"numerals, nouns and names take a singular case, not {case!r}; expected one "
                         f"of {', '.join(SINGULAR_CASES)}")
    return i


def _numeral_parts(n: int, i: int) -> str:
    """*n* (0 < n < 1 000 000) spelt out in the case with index *i*."""
    nom = i == 0
    if n <= 10:
        return _NUMERALS[n][i]
    if n < 20:
        return _NUMERALS[n - 10][i] + "toista"
    for unit, base in ((1000, 1000), (100, 100), (10, 10)):
        if n >= unit * (2 if unit == 10 else 1):
            mult, rest = divmod(n, unit)
            if unit == 10:
                # 20–99: the multiplier and "kymmenen" share the case; nominative takes "kymmentä"
                head = _NUMERALS[mult][i] + (_NUMERALS[10][2] if nom else _NUMERALS[10][i])
            elif mult == 1:
                head = _NUMERALS[base][i]
            else:
                head = _numeral_parts(mult, i) + (_NUMERALS[base][2] if nom else _NUMERALS[base][i])
            return head + (_numeral_parts(rest, i) if rest else "")
    raise AssertionError(n)  # pragma: no cover


def numeral(n: int, case: str = "nom") -> str:
    """A whole number spelt out in a singular case (``case`` as in :data:`SINGULAR_CASES`).

    Every part of a compound numeral inflects, and the parts are written together.

    >>> numeral(3), numeral(3, "ela"), numeral(7, "ade"), numeral(8, "ill")
    ('kolme', 'kolmesta', 'seitsemällä', 'kahdeksaan')
    >>> numeral(15), numeral(15, "gen"), numeral(20), numeral(20, "part")
    ('viisitoista', 'viidentoista', 'kaksikymmentä', 'kahtakymmentä')
    >>> numeral(51), numeral(51, "gen"), numeral(100, "ess"), numeral(500), numeral(500, "ill")
    ('viisikymmentäyksi', 'viidenkymmenenyhden', 'satana', 'viisisataa', 'viiteensataan')
    >>> numeral(-5)
    'miinus viisi'
    """
    i = _singular_index(case)
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"numeral() takes a whole number, not {n!r}")
    if n < 0:
        return "miinus " + numeral(-n, case)
    if n >= 1_000_000:
        raise ValueError(f"numeral() spells numbers below a million, not {n}")
    return _NUMERALS[0][i] if n == 0 else _numeral_parts(n, i)


#: A digit numeral standing alone takes its case ending after a colon (*51:n*, *7:ää*).
def digits_text(n: int, case: str = "nom", alone: bool = True) -> str:
    """*n* in digits (with a real minus sign); standing *alone* it carries the case ending.

    Before the noun it counts, a digit numeral takes no ending (*15 pisteellä*):
    pass ``alone=False``.

    >>> digits_text(51, "gen"), digits_text(7, "part"), digits_text(3, "part"), digits_text(20, "ill")
    ('51:n', '7:ää', '3:a', '20:een')
    >>> digits_text(15, "ade"), digits_text(15, "ade", alone=False), digits_text(-46)
    ('15:llä', '15', '−46')
    >>> digits_text(112, "ela"), digits_text(100, "part"), digits_text(6, "part")
    ('112:sta', '100:aa', '6:ta')
    """
    i = _singular_index(case)
    text = str(n).replace("-", "−")
    if i == 0 or not alone:
        return text
    teen = abs(n) % 100
    word = numeral(teen - 10 if 11 <= teen <= 19 else abs(n), case)   # 15:llä as in viidellätoista
    key = SINGULAR_CASES[i]
    if key == "gen":
        ending = "n"
    elif key == "part":
        ending = word[-2:] if word[-2:] in ("ta", "tä") or word[-1] == word[-2] else word[-1:]
    elif key == "ess":
        ending = word[-2:]
    else:                     # ill (-een, -aan, -ään), ine, ela, all, ade, abl, tra: three letters
        ending = word[-3:]
    return f"{text}:{ending}"


def number_word(n: int, case: str = "nom") -> str:
    """Small numbers (0–10) as words in the given case, larger ones as digits.

    >>> number_word(3), number_word(12), number_word(7, "ade"), number_word(12, "ade")
    ('kolme', '12', 'seitsemällä', '12:lla')
    """
    if 0 <= n <= 10:
        return numeral(n, case)
    return digits_text(n, case)


def _ordinal_s(stem: str, a: str) -> tuple[str, ...]:
    """An ordinal in -s (*kolmas*, stem *kolma*): kolmannen, kolmatta, kolmanteen, …"""
    e = "e"
    return (stem + "s", stem + "nnen", stem + "tt" + a, stem + "nte" + e + "n", stem + "nness" + a,
            stem + "nnest" + a, stem + "nnelle", stem + "nnell" + a, stem + "nnelt" + a,
            stem + "nten" + a, stem + "nneksi")


#: Ordinals 1–10 in the singular cases (order of :data:`SINGULAR_CASES`).
_ORDINALS: dict[int, tuple[str, ...]] = {
    1: _forms("ensimmäinen ensimmäisen ensimmäistä ensimmäiseen ensimmäisessä ensimmäisestä",
              "ensimmäiselle ensimmäisellä ensimmäiseltä ensimmäisenä ensimmäiseksi"),
    2: _forms("toinen toisen toista toiseen toisessa toisesta toiselle toisella toiselta toisena toiseksi"),
    3: _ordinal_s("kolma", "a"), 4: _ordinal_s("neljä", "ä"), 5: _ordinal_s("viide", "ä"),
    6: _ordinal_s("kuude", "a"), 7: _ordinal_s("seitsemä", "ä"), 8: _ordinal_s("kahdeksa", "a"),
    9: _ordinal_s("yhdeksä", "ä"), 10: _ordinal_s("kymmene", "ä"),
}


def ordinal(n: int, case: str = "nom") -> str:
    """*n*-th as a word (1–10) in a singular case; larger ones as digits with a full stop.

    >>> ordinal(1), ordinal(2, "ade"), ordinal(3, "gen"), ordinal(4, "ade"), ordinal(12)
    ('ensimmäinen', 'toisella', 'kolmannen', 'neljännellä', '12.')
    """
    i = _singular_index(case)
    if n in _ORDINALS:
        return _ORDINALS[n][i]
    return f"{n}."


#: Nouns the pages count: singular forms in the order of :data:`SINGULAR_CASES`, then the
#: plural nominative and partitive.
NOUN_FORMS: dict[str, tuple[str, ...]] = {
    "piste": _forms("piste pisteen pistettä pisteeseen pisteessä pisteestä pisteelle pisteellä",
                    "pisteeltä pisteenä pisteeksi"),
    "miinuspiste": _forms("miinuspiste miinuspisteen miinuspistettä miinuspisteeseen miinuspisteessä",
                          "miinuspisteestä miinuspisteelle miinuspisteellä miinuspisteeltä",
                          "miinuspisteenä miinuspisteeksi"),
    "sakkopiste": _forms("sakkopiste sakkopisteen sakkopistettä sakkopisteeseen sakkopisteessä",
                         "sakkopisteestä sakkopisteelle sakkopisteellä sakkopisteeltä sakkopisteenä",
                         "sakkopisteeksi"),
    "kortti": _forms("kortti kortin korttia korttiin kortissa kortista kortille kortilla kortilta",
                     "korttina kortiksi"),
    "pelaaja": _forms("pelaaja pelaajan pelaajaa pelaajaan pelaajassa pelaajasta pelaajalle",
                      "pelaajalla pelaajalta pelaajana pelaajaksi"),
    "jako": _forms("jako jaon jakoa jakoon jaossa jaosta jaolle jaolla jaolta jakona jaoksi"),
    "kierros": _forms("kierros kierroksen kierrosta kierrokseen kierroksessa kierroksesta",
                      "kierrokselle kierroksella kierrokselta kierroksena kierrokseksi"),
    "vuoro": _forms("vuoro vuoron vuoroa vuoroon vuorossa vuorosta vuorolle vuorolla vuorolta",
                    "vuorona vuoroksi"),
    "peli": _forms("peli pelin peliä peliin pelissä pelistä pelille pelillä peliltä pelinä peliksi"),
    "pakka": _forms("pakka pakan pakkaa pakkaan pakassa pakasta pakalle pakalla pakalta pakkana",
                    "pakaksi"),
    "yhdistelmä": _forms("yhdistelmä yhdistelmän yhdistelmää yhdistelmään yhdistelmässä",
                         "yhdistelmästä yhdistelmälle yhdistelmällä yhdistelmältä yhdistelmänä",
                         "yhdistelmäksi"),
    "suora": _forms("suora suoran suoraa suoraan suorassa suorasta suoralle suoralla suoralta",
                    "suorana suoraksi"),
    "ryhmä": _forms("ryhmä ryhmän ryhmää ryhmään ryhmässä ryhmästä ryhmälle ryhmällä ryhmältä",
                    "ryhmänä ryhmäksi"),
    "jokeri": _forms(*JOKER_WORDS[:11]),
    "ässä": _forms(*RANK_WORDS[1][:11]),
    "kerta": _forms("kerta kerran kertaa kertaan kerrassa kerrasta kerralle kerralla kerralta",
                    "kertana kerraksi"),
    "nosto": _forms("nosto noston nostoa nostoon nostossa nostosta nostolle nostolla nostolta",
                    "nostona nostoksi"),
    "siirto": _forms("siirto siirron siirtoa siirtoon siirrossa siirrosta siirrolle siirrolla",
                     "siirrolta siirtona siirroksi"),
    "avaus": _forms("avaus avauksen avausta avaukseen avauksessa avauksesta avaukselle avauksella",
                    "avaukselta avauksena avaukseksi"),
    "irtokortti": _forms("irtokortti irtokortin irtokorttia irtokorttiin irtokortissa irtokortista",
                         "irtokortille irtokortilla irtokortilta irtokorttina irtokortiksi"),
    "käsi": _forms("käsi käden kättä käteen kädessä kädestä kädelle kädellä kädeltä kätenä",
                   "kädeksi"),
    "voitto": _forms("voitto voiton voittoa voittoon voitossa voitosta voitolle voitolla voitolta",
                     "voittona voitoksi"),
}


def noun(word: str, case: str = "nom") -> str:
    """A counted noun of :data:`NOUN_FORMS` in a singular case.

    >>> noun("kortti", "ade"), noun("jako", "ela"), noun("kierros", "gen")
    ('kortilla', 'jaosta', 'kierroksen')
    """
    try:
        forms = NOUN_FORMS[word]
    except KeyError:
        raise ValueError(f"no case forms for the noun {word!r}; known nouns: "
                         f"{', '.join(sorted(NOUN_FORMS))}") from None
    return forms[_singular_index(case)]


def count(n: int, word: str, case: str = "nom", digits: bool | None = None) -> str:
    """*n* and the noun *word* in agreement: a counted noun phrase in a singular case.

    Nominative: *yksi piste*, otherwise the noun in the partitive (*15 pistettä*);
    partitive: both in the partitive (*yhtä pistettä*, *kolmea pistettä*); every
    other case: both in that case (*seitsemällä kortilla*, *viidentoista pisteen*).
    ``digits`` chooses digits (True) or words (False); by default 0–10 are words
    and larger numbers digits. Digits before the noun take no ending.

    >>> count(1, "piste"), count(15, "piste"), count(0, "piste"), count(-46, "piste")
    ('yksi piste', '15 pistettä', 'nolla pistettä', '−46 pistettä')
    >>> count(7, "kortti", "ade"), count(8, "kortti", "ill"), count(3, "jako", "ela")
    ('seitsemällä kortilla', 'kahdeksaan korttiin', 'kolmesta jaosta')
    >>> count(4, "kortti", "gen"), count(15, "piste", "gen", digits=False), count(51, "piste", "gen")
    ('neljän kortin', 'viidentoista pisteen', '51 pisteen')
    >>> count(3, "piste", "part"), count(2, "pelaaja", "all", digits=True)
    ('kolmea pistettä', '2 pelaajalle')
    """
    i = _singular_index(case)
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"count() takes a whole number, not {n!r}")
    words = (0 <= n <= 10) if digits is None else not digits
    number = numeral(n, case) if words else digits_text(n, case, alone=False)
    noun_case = case
    if i == 0:
        noun_case = "nom" if n == 1 else "part"
    return f"{number} {noun(word, noun_case)}"


class UnknownName(ValueError):
    """A player's name whose case forms the table :data:`NAME_FORMS` does not hold."""


def _name(nom: str, weak: str | None = None) -> tuple[str, ...]:
    """The singular case forms of a vowel-final name; *weak* is the gradated stem (Matti → Mati)."""
    strong = nom
    weak = weak or nom
    back = any(ch in "aou" for ch in nom.lower())
    a = "a" if back else "ä"
    last = nom[-1]
    part = strong + a
    return (nom, weak + "n", part, strong + last + "n", weak + "ss" + a, weak + "st" + a,
            weak + "lle", weak + "ll" + a, weak + "lt" + a, strong + "n" + a, weak + "ksi")


def _consonant_name(nom: str) -> tuple[str, ...]:
    """A name ending in a consonant takes a linking *i* (Ben → Benin, Beniä)."""
    forms = _name(nom + "i")
    back = any(ch in "aou" for ch in nom.lower())
    part = nom + ("ia" if back else "iä")
    return (nom,) + forms[1:2] + (part,) + forms[3:]


#: Players' names and their singular case forms (order of :data:`SINGULAR_CASES`).
#: A scenario may only use names listed here or in the club's ``scenarios/nimet.yaml``
#: (:func:`set_club_names`); a club adds names there, not here.
NAME_FORMS: dict[str, tuple[str, ...]] = {
    "Aino": _name("Aino"), "Eero": _name("Eero"), "Kaisa": _name("Kaisa"), "Olli": _name("Olli"),
    "Liisa": _name("Liisa"), "Matti": _name("Matti", "Mati"), "Ville": _name("Ville"),
    "Leena": _name("Leena"), "Pekka": _name("Pekka", "Peka"), "Anne": _name("Anne"),
    "Anna": _name("Anna"), "Sanna": _name("Sanna"), "Timo": _name("Timo"), "Mikko": _name("Mikko", "Miko"),
    "Jussi": _name("Jussi"), "Sari": _name("Sari"), "Tiina": _name("Tiina"), "Juha": _name("Juha"),
    "Heikki": _name("Heikki", "Heiki"), "Outi": _name("Outi"), "Elina": _name("Elina"),
    "Ben": _consonant_name("Ben"),
    "Charlotte": _name("Charlotte"),
}


#: A club's own names (``scenarios/nimet.yaml``, read and checked by the tools), set with
#: :func:`set_club_names`; the engine itself does no I/O.
_CLUB_NAMES: dict[str, tuple[str, ...]] = {}


def set_club_names(table: dict[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
    """Replace the club's own names: name → its forms in the order of :data:`SINGULAR_CASES`.

    Returns the table it replaced (to restore it). A built-in name may be repeated only with
    its built-in forms; a wrong shape is a ValueError and leaves the table unchanged.

    >>> old = set_club_names({"Kalle": ("Kalle Kallen Kallea Kalleen Kallessa Kallesta Kallelle "
    ...                                 "Kallella Kallelta Kallena Kalleksi").split()})
    >>> player_name("Kalle", "all"), player_name("Kalle", "gen")
    ('Kallelle', 'Kallen')
    >>> _ = set_club_names(old)
    """
    checked: dict[str, tuple[str, ...]] = {}
    for name, forms in dict(table).items():
        forms = tuple(forms)
        if not isinstance(name, str) or len(forms) != len(SINGULAR_CASES) or \
                not all(isinstance(f, str) and f for f in forms) or forms[0] != name:
            raise ValueError(f"club name {name!r}: expected its {len(SINGULAR_CASES)} singular forms, "
                             f"the nominative first")
        if name in NAME_FORMS and NAME_FORMS[name] != forms:
            raise ValueError(f"club name {name!r} is built in with other forms")
        checked[name] = forms
    global _CLUB_NAMES
    old, _CLUB_NAMES = _CLUB_NAMES, checked
    return old


def club_names() -> dict[str, tuple[str, ...]]:
    """The club's own names now registered (a copy)."""
    return dict(_CLUB_NAMES)


def name_forms(name: str) -> tuple[str, ...] | None:
    """A name's singular forms (built in, else the club's), or None when neither has it.

    >>> name_forms("Aino")[:3], name_forms("Xyzzy")
    (('Aino', 'Ainon', 'Ainoa'), None)
    """
    if not isinstance(name, str):
        return None
    return NAME_FORMS.get(name) or _CLUB_NAMES.get(name)


def player_name(name: str, case: str = "nom") -> str:
    """A player's name in a singular case, from :data:`NAME_FORMS` or the club's names.

    >>> player_name("Aino", "gen"), player_name("Aino", "part"), player_name("Kaisa", "ade")
    ('Ainon', 'Ainoa', 'Kaisalla')
    >>> player_name("Eero", "ill"), player_name("Ville", "part"), player_name("Ben", "all")
    ('Eeroon', 'Villeä', 'Benille')
    >>> player_name("Xyzzy", "gen")
    Traceback (most recent call last):
    ...
    rommikirja.finnish.UnknownName: nimelle ”Xyzzy” ei ole taivutusmuotoja; lisää ne tiedostoon scenarios/nimet.yaml
    """
    forms = name_forms(name)
    if forms is None:
        raise UnknownName(f"nimelle ”{name}” ei ole taivutusmuotoja; lisää ne tiedostoon scenarios/nimet.yaml")
    return forms[_singular_index(case)]


def all_numeral_forms(limit: int = 100) -> set[str]:
    """Every case form of the numerals 0…*limit* (the spelling test checks them)."""
    return {numeral(n, c) for n in range(limit + 1) for c in SINGULAR_CASES}


def all_card_word_forms() -> set[str]:
    """Every inflected form of every full card name (lower case).

    The tools use it to find card names typed into prose by hand.
    """
    return {suit_forms[0] + f for rank_forms in RANK_WORDS.values()
            for suit_forms in SUIT_WORDS.values() for f in rank_forms}
