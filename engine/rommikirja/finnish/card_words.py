"""Finnish names of cards: a suit word and a rank word written together.

A card's name is the suit word followed by the rank word (*hertta* + *nelonen* =
*herttanelonen*); only the rank word inflects, and the ending follows its vowel harmony.
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card, Suit
from .cases import case_forms, case_index
from .prose import join_list

__all__ = [
    "RANK_WORDS",
    "JOKER_WORDS",
    "SUIT_WORDS",
    "rank_name",
    "suit_name",
    "card_name",
    "card_name_yours",
    "card_names",
    "cards_text",
    "all_card_word_forms",
]


def _nen(stem: str, harmony_a: str) -> tuple[str, ...]:
    """Forms of a -nen word such as *nelonen* (stem *nelo*)."""
    a, s = harmony_a, stem + "s"
    return case_forms(
        f"{stem}nen {s}en {s}t{a} {s}een {s}ess{a} {s}est{a} {s}elle {s}ell{a} {s}elt{a} {s}en{a} {s}eksi",
        f"{s}et {s}ten {s}i{a}",
    )


#: Rank words: every case form, in the order of :data:`~rommikirja.finnish.cases.CASES`.
RANK_WORDS: dict[int, tuple[str, ...]] = {
    1: case_forms(
        "ässä ässän ässää ässään ässässä ässästä ässälle ässällä ässältä ässänä ässäksi",
        "ässät ässien ässiä",
    ),
    2: _nen("kakko", "a"),
    3: _nen("kolmo", "a"),
    4: _nen("nelo", "a"),
    5: _nen("viito", "a"),
    6: _nen("kuuto", "a"),
    7: case_forms(
        "seiska seiskan seiskaa seiskaan seiskassa seiskasta",
        "seiskalle seiskalla seiskalta seiskana seiskaksi",
        "seiskat seiskojen seiskoja",
    ),
    8: case_forms(
        "kasi kasin kasia kasiin kasissa kasista kasille kasilla kasilta kasina kasiksi",
        "kasit kasien kaseja",
    ),
    9: case_forms(
        "ysi ysin ysiä ysiin ysissä ysistä ysille ysillä ysiltä ysinä ysiksi",
        "ysit ysien ysejä",
    ),
    10: case_forms(
        "kymppi kympin kymppiä kymppiin kympissä kympistä",
        "kympille kympillä kympiltä kymppinä kympiksi",
        "kympit kymppien kymppejä",
    ),
    11: case_forms(
        "jätkä jätkän jätkää jätkään jätkässä jätkästä",
        "jätkälle jätkällä jätkältä jätkänä jätkäksi",
        "jätkät jätkien jätkiä",
    ),
    12: case_forms(
        "rouva rouvan rouvaa rouvaan rouvassa rouvasta",
        "rouvalle rouvalla rouvalta rouvana rouvaksi",
        "rouvat rouvien rouvia",
    ),
    13: case_forms(
        "kuningas kuninkaan kuningasta kuninkaaseen kuninkaassa kuninkaasta",
        "kuninkaalle kuninkaalla kuninkaalta kuninkaana kuninkaaksi",
        "kuninkaat kuninkaiden kuninkaita",
    ),
}

#: The joker's forms, in the order of :data:`~rommikirja.finnish.cases.CASES`.
JOKER_WORDS: tuple[str, ...] = case_forms(
    "jokeri jokerin jokeria jokeriin jokerissa jokerista",
    "jokerille jokerilla jokerilta jokerina jokeriksi",
    "jokerit jokerien jokereita",
)

#: Suit words: the compound prefix (*hertta*-) and the inflected word itself.
SUIT_WORDS: dict[Suit, tuple[str, ...]] = {
    Suit.HEARTS: case_forms(
        "hertta hertan herttaa herttaan hertassa hertasta",
        "hertalle hertalla hertalta herttana hertaksi",
        "hertat herttojen herttoja",
    ),
    Suit.DIAMONDS: case_forms(
        "ruutu ruudun ruutua ruutuun ruudussa ruudusta",
        "ruudulle ruudulla ruudulta ruutuna ruuduksi",
        "ruudut ruutujen ruutuja",
    ),
    Suit.SPADES: case_forms(
        "pata padan pataa pataan padassa padasta padalle padalla padalta patana padaksi",
        "padat patojen patoja",
    ),
    Suit.CLUBS: case_forms(
        "risti ristin ristiä ristiin ristissä rististä",
        "ristille ristillä ristiltä ristinä ristiksi",
        "ristit ristien ristejä",
    ),
}


def rank_name(rank: int, case: str = "nom") -> str:
    """The rank word alone: ``rank_name(8, "pl_part") == "kaseja"``.

    >>> rank_name(13, "gen")
    'kuninkaan'
    """
    return RANK_WORDS[rank][case_index(case)]


def suit_name(suit: Suit, case: str = "nom") -> str:
    """The suit word: ``suit_name(Suit.HEARTS, "part") == "herttaa"``.

    >>> suit_name(Suit.SPADES, "part")
    'pataa'
    """
    return SUIT_WORDS[suit][case_index(case)]


def card_name(card: Card, case: str = "nom") -> str:
    """The card's Finnish name in the given case (see :data:`~rommikirja.finnish.cases.CASES`).

    >>> from rommikirja.cards import parse_card
    >>> card_name(parse_card("10D"))
    'ruutukymppi'
    >>> card_name(parse_card("9H"), "part")
    'herttaysiä'
    """
    if card.suit is None:
        return JOKER_WORDS[case_index(case)]
    return SUIT_WORDS[card.suit][0] + RANK_WORDS[card.rank][case_index(case)]


def card_name_yours(card: Card) -> str:
    """The card's genitive with the possessive suffix of "sinä" (the genitive's *-n* becomes *-si*),
    as before a postposition: "ristikuninkaasi kanssa".

    >>> from rommikirja.cards import parse_card
    >>> card_name_yours(parse_card("KC")), card_name_yours(parse_card("4H"))
    ('ristikuninkaasi', 'herttanelosesi')
    """
    return card_name(card, "gen")[:-1] + "si"


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


def all_card_word_forms() -> set[str]:
    """Every inflected form of every full card name (lower case).

    The tools use it to find card names typed into prose by hand.
    """
    return {
        suit_forms[0] + f
        for rank_forms in RANK_WORDS.values()
        for suit_forms in SUIT_WORDS.values()
        for f in rank_forms
    }
