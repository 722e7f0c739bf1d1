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
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .cards import Card, Suit

__all__ = [
    "CASES", "capitalize", "card_name", "card_names", "rank_name", "suit_name", "join_list",
    "cards_text", "number_word", "all_card_word_forms", "RANK_WORDS", "SUIT_WORDS",
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

_NUMBER_WORDS = ("nolla", "yksi", "kaksi", "kolme", "neljä", "viisi", "kuusi", "seitsemän",
                 "kahdeksan", "yhdeksän", "kymmenen")


def _case_index(case: str) -> int:
    try:
        return CASES.index(case)
    except ValueError:
        raise ValueError(f"unknown case {case!r}; expected one of {', '.join(CASES)}") from None


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


def number_word(n: int) -> str:
    """Small numbers as words (0–10), larger ones as digits.

    >>> number_word(3), number_word(12)
    ('kolme', '12')
    """
    return _NUMBER_WORDS[n] if 0 <= n <= 10 else str(n)


def all_card_word_forms() -> set[str]:
    """Every inflected form of every full card name (lower case).

    The tools use it to find card names typed into prose by hand.
    """
    return {suit_forms[0] + f for rank_forms in RANK_WORDS.values()
            for suit_forms in SUIT_WORDS.values() for f in rank_forms}
