"""Finnish names of cards, their inflection, and natural lists.

This is the one place where the project's card vocabulary lives: pages, error
messages and quizzes all call it, through the names this package gathers from its
modules: :mod:`~rommikirja.finnish.cases` (case keys), :mod:`~rommikirja.finnish.card_words`
(card names), :mod:`~rommikirja.finnish.numerals`, :mod:`~rommikirja.finnish.nouns` (counted
nouns), :mod:`~rommikirja.finnish.names` (players' names) and :mod:`~rommikirja.finnish.prose`
(lists).

A card's name is the suit word followed by the rank word (*hertta* + *nelonen* =
*herttanelonen*); only the rank word inflects, and the ending follows its vowel harmony.

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

from .card_words import (
    RANK_WORDS,
    SUIT_WORDS,
    all_card_word_forms,
    card_name,
    card_name_yours,
    card_names,
    cards_text,
    rank_name,
    suit_name,
)
from .cases import CASES, SINGULAR_CASES
from .names import NAME_FORMS, UnknownName, club_names, name_forms, player_name, set_club_names
from .nouns import NOUN_FORMS, count, count_object, noun
from .numerals import all_numeral_forms, digits_text, number_word, numeral, ordinal
from .prose import capitalize, join_list, second_person

__all__ = [
    "CASES",
    "capitalize",
    "card_name",
    "card_name_yours",
    "card_names",
    "rank_name",
    "suit_name",
    "join_list",
    "second_person",
    "cards_text",
    "number_word",
    "all_card_word_forms",
    "RANK_WORDS",
    "SUIT_WORDS",
    "SINGULAR_CASES",
    "numeral",
    "digits_text",
    "count",
    "count_object",
    "noun",
    "NOUN_FORMS",
    "player_name",
    "NAME_FORMS",
    "UnknownName",
    "all_numeral_forms",
    "ordinal",
    "name_forms",
    "set_club_names",
    "club_names",
]
