"""Typed errors that carry a Finnish explanation for the reader.

A refusal is cheap to make: its Finnish sentence may be given as a function, which is
called only when the message is shown (``str(err)``, ``err.message``, ``err.sentence(name)``).
Legal-move generation makes many refusals and shows none of them. The code is a
:class:`~rommikirja.codes.Refusal` member (a string in JSON and in comparisons).

>>> from .codes import DRAW_TWICE
>>> err = IllegalMove(DRAW_TWICE, lambda who: f"{who} on jo nostanut tällä vuorolla.")
>>> isinstance(err, ValueError), err.code == "draw_twice", str(err), err
(True, True, 'Pelaaja on jo nostanut tällä vuorolla.', IllegalMove('draw_twice', 'Pelaaja on jo nostanut tällä vuorolla.'))
>>> err.sentence("Eero")
'Eero on jo nostanut tällä vuorolla.'

A refusal whose sentence already names the attempted move (*Eero ei voi lisätä ruutukymppiä
yhdistelmään …*) says so with ``names_move``; narration then does not describe the move again.
"""

from __future__ import annotations

from typing import Callable, Sequence, Union

from .codes import Refusal, DISCARD_TAKEN_CARD, JOKER_READING, MALFORMED_MOVE, NOT_IN_HAND, NO_SUCH_CARD
from .cards import Card

__all__ = [
    "IllegalMove",
    "InvalidMeld",
    "reading_refusal",
    "not_in_hand",
    "discard_taken_card",
    "DEFAULT_SUBJECT",
    "player_form",
    "malformed_move",
    "no_such_card",
    "meld_refusal",
]

#: Who a refusal speaks of when no player name is given.
DEFAULT_SUBJECT = "Pelaaja"

Text = Union[str, Callable[[str], str]]


class IllegalMove(ValueError):
    """A move the rules refuse. ``code`` names the rule; the message explains it in Finnish.

    ``message`` is a sentence, or a function of the player's name (nominative) returning
    one; :meth:`sentence` names the player, ``message`` uses :data:`DEFAULT_SUBJECT`.
    ``names_move`` is true when that sentence itself names the attempted move, cards and all
    (*Aino ei voi pelata yhdistelmää (…), koska …*), so it can stand alone in a narration.
    """

    def __init__(self, code: Refusal, message: Text, *, names_move: bool = False) -> None:
        self.code = code
        self.names_move = names_move
        self._text = message
        self._message: str | None = message if isinstance(message, str) else None
        super().__init__(code)

    def sentence(self, who: str = DEFAULT_SUBJECT) -> str:
        """The refusal as one Finnish sentence about the player ``who``."""
        text = self._text
        return text if isinstance(text, str) else text(who)

    @property
    def message(self) -> str:
        if self._message is None:
            self._message = self.sentence()
        return self._message

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.code)!r}, {self.message!r})"


class InvalidMeld(IllegalMove):
    """Cards that do not form a valid meld (or a lay-off that would break one).

    ``detail`` is the reason as a phrase that can be embedded in a longer sentence
    (a string, or a function returning one, called when it is shown).
    """

    def __init__(
        self, code: Refusal, message: Text, detail: str | Callable[[], str] | None = None, *, names_move: bool = False
    ) -> None:
        super().__init__(code, message, names_move=names_move)
        self._detail = detail

    @property
    def detail(self) -> str:
        d = self._detail
        if d is None:
            return self.message.rstrip(".")
        return d if isinstance(d, str) else d()


def not_in_hand(cards) -> IllegalMove:
    """The refusal for cards the player does not hold (used by every kind of deal).

    >>> from rommikirja.cards import parse_cards
    >>> not_in_hand(parse_cards("5C")).sentence("Eero")
    'Eeron kädessä ei ole ristiviitosta.'
    """
    from .finnish import cards_text

    return IllegalMove(
        NOT_IN_HAND, lambda who: f"{player_form(who, 'gen')} kädessä ei ole {cards_text(cards, 'part')}."
    )


def discard_taken_card(card) -> IllegalMove:
    """The refusal for discarding the card just taken from the discard pile.

    >>> from rommikirja.cards import parse_card
    >>> discard_taken_card(parse_card("5C")).sentence("Aino")
    'Aino otti ristiviitosen juuri poistopakasta, eikä sitä saa poistaa samalla vuorolla.'
    """
    from .finnish import card_name

    return IllegalMove(
        DISCARD_TAKEN_CARD,
        lambda who: f"{who} otti {card_name(card, 'gen')} juuri poistopakasta, eikä sitä saa poistaa samalla vuorolla.",
    )


def player_form(who: str, case: str) -> str:
    """``who`` (a player's name, or :data:`DEFAULT_SUBJECT`) in a singular case.

    >>> player_form("Eero", "gen"), player_form(DEFAULT_SUBJECT, "ade")
    ('Eeron', 'Pelaajalla')
    """
    from .finnish import UnknownName, noun, player_name

    if who == DEFAULT_SUBJECT:
        return noun("pelaaja", case).capitalize()
    try:
        return player_name(who, case)
    except UnknownName:
        return who


def malformed_move() -> IllegalMove:
    """The refusal for a move whose fields are not what a move holds (cards, a target number)."""
    return IllegalMove(MALFORMED_MOVE, "Siirto on vajaa tai väärin muodostettu.")


def no_such_card(cards, rules) -> IllegalMove | None:
    """The refusal for a card that this game's deck does not have (a second deck's card in a
    one-deck game, a joker beyond ``rules.jokers``), or ``None`` if every card exists.

    >>> from rommikirja.cards import parse_cards
    >>> from rommikirja.rules import RuleSet
    >>> no_such_card(parse_cards("7H'"), RuleSet()).message
    'Toisen pakan herttaseiska ei kuulu tähän peliin, jossa on vain yksi pakka.'
    >>> no_such_card(parse_cards("JK"), RuleSet()).message
    'Jokeri ei kuulu tähän peliin, jossa ei ole jokereita.'
    >>> no_such_card(parse_cards("JK'"), RuleSet(jokers=1)).message
    'Tässä pelissä on vain yksi jokeri, joten toista jokeria ei ole.'
    """
    for c in cards:
        if c.is_joker and c.deck >= rules.jokers:
            from .finnish import count, ordinal

            return IllegalMove(
                NO_SUCH_CARD,
                lambda who, n=rules.jokers, c=c: (
                    "Jokeri ei kuulu tähän peliin, jossa ei ole jokereita."
                    if n == 0
                    else f"Tässä pelissä on vain {count(n, 'jokeri')}, joten {ordinal(c.deck + 1, 'part')} "
                    "jokeria ei ole."
                ),
            )
        if not c.is_joker and c.deck >= rules.decks:
            from .finnish import card_name

            return IllegalMove(
                NO_SUCH_CARD,
                lambda who, c=c, n=rules.decks: (
                    f"Toisen pakan {card_name(c)} ei kuulu tähän peliin, jossa on vain yksi pakka."
                    if n == 1
                    else f"Kortti {c.code} ei kuulu tähän peliin."
                ),
            )
    return None


def meld_refusal(err: "InvalidMeld", cards) -> "InvalidMeld":
    """A meld that the rules refuse, as one sentence about the player that names the meld
    (same code and detail).

    >>> from rommikirja.cards import parse_cards
    >>> from rommikirja.melds import Meld
    >>> from rommikirja.rules import RuleSet
    >>> cards = parse_cards("2C 5H QS")
    >>> try:
    ...     Meld.from_cards(cards, RuleSet())
    ... except InvalidMeld as err:
    ...     refusal = meld_refusal(err, cards)
    >>> refusal.names_move, refusal.sentence("Aino")
    (True, 'Aino ei voi pelata yhdistelmää (ristikakkonen, herttaviitonen ja patarouva), koska kortit eivät ole samanarvoisia eivätkä samaa maata.')
    """
    from .finnish import cards_text

    return InvalidMeld(
        err.code,
        lambda who: f"{who} ei voi pelata yhdistelmää ({cards_text(cards)}), koska {err.detail}.",
        lambda: err.detail,
        names_move=True,
    )


def reading_refusal(cards: Sequence[Card], jokers) -> IllegalMove | None:
    """Why a move's ``jokers`` (joker, card) pairs are not a reading of its own jokers, or ``None``."""
    if not isinstance(jokers, (tuple, list)):
        return malformed_move()
    named: list[Card] = []
    for pair in jokers:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            return malformed_move()
        joker, stands = pair
        if type(joker) is not Card or type(stands) is not Card:
            return malformed_move()
        if not joker.is_joker or not any(joker is c or joker == c for c in cards) or joker in named:
            return IllegalMove(
                JOKER_READING, "Jokerin merkityksen voi kertoa vain siirron omalle jokerille, kullekin kerran."
            )
        if stands.is_joker or not 1 <= stands.rank <= 13:
            return IllegalMove(JOKER_READING, "Jokeri voi esittää vain tavallista korttia.")
        named.append(joker)
    return None
