"""Typed errors that carry a Finnish explanation for the reader.

A refusal is cheap to make: its Finnish sentence may be given as a function, which is
called only when the message is shown (``str(err)``, ``err.message``, ``err.sentence(name)``).
Legal-move generation makes many refusals and shows none of them.

>>> err = IllegalMove("draw_twice", lambda who: f"{who} on jo nostanut tällä vuorolla.")
>>> isinstance(err, ValueError), err.code, str(err)
(True, 'draw_twice', 'Pelaaja on jo nostanut tällä vuorolla.')
>>> err.sentence("Eero")
'Eero on jo nostanut tällä vuorolla.'
"""
from __future__ import annotations

from typing import Callable, Union

__all__ = ["IllegalMove", "InvalidMeld", "not_in_hand", "discard_taken_card", "DEFAULT_SUBJECT"]

#: Who a refusal speaks of when no player name is given.
DEFAULT_SUBJECT = "Pelaaja"

Text = Union[str, Callable[[str], str]]


class IllegalMove(ValueError):
    """A move the rules refuse. ``code`` names the rule; the message explains it in Finnish.

    ``message`` is a sentence, or a function of the player's name (nominative) returning
    one; :meth:`sentence` names the player, ``message`` uses :data:`DEFAULT_SUBJECT`.
    """

    def __init__(self, code: str, message: Text) -> None:
        self.code = code
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
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class InvalidMeld(IllegalMove):
    """Cards that do not form a valid meld (or a lay-off that would break one).

    ``detail`` is the reason as a phrase that can be embedded in a longer sentence
    (a string, or a function returning one, called when it is shown).
    """

    def __init__(self, code: str, message: Text, detail: str | Callable[[], str] | None = None) -> None:
        super().__init__(code, message)
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
    return IllegalMove("not_in_hand", lambda who: f"{_genitive(who)} kädessä ei ole {cards_text(cards, 'part')}.")


def discard_taken_card(card) -> IllegalMove:
    """The refusal for discarding the card just taken from the discard pile.

    >>> from rommikirja.cards import parse_card
    >>> discard_taken_card(parse_card("5C")).sentence("Aino")
    'Aino otti ristiviitosen juuri poistopakasta, eikä sitä saa poistaa samalla vuorolla.'
    """
    from .finnish import card_name
    return IllegalMove("discard_taken_card", lambda who: f"{who} otti {card_name(card, 'gen')} juuri "
                                                         "poistopakasta, eikä sitä saa poistaa samalla vuorolla.")


def _genitive(who: str) -> str:
    """The genitive of a player's name (or of the default subject)."""
    from . import finnish
    forms = getattr(finnish, "name_form", None)
    if forms is not None:
        try:
            return forms(who, "gen")
        except Exception:     # a name without known forms: fall back below
            pass
    if who == DEFAULT_SUBJECT:
        return "Pelaajan"
    if who.endswith(("a", "ä", "o", "ö", "u", "y", "i", "e")):
        return who + "n"
    return who + "in"
