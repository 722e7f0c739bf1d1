"""Typed errors that carry a Finnish explanation for the reader.

>>> err = IllegalMove("draw_twice", "Olet jo nostanut tällä vuorolla.")
>>> isinstance(err, ValueError), err.code, str(err)
(True, 'draw_twice', 'Olet jo nostanut tällä vuorolla.')
"""
from __future__ import annotations

__all__ = ["IllegalMove", "InvalidMeld", "not_in_hand", "discard_taken_card"]


class IllegalMove(ValueError):
    """A move the rules refuse. ``code`` names the rule; the message explains it in Finnish."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


class InvalidMeld(IllegalMove):
    """Cards that do not form a valid meld (or a lay-off that would break one).

    ``detail`` is the reason as a phrase that can be embedded in a longer sentence.
    """

    def __init__(self, code: str, message: str, detail: str | None = None) -> None:
        super().__init__(code, message)
        self.detail = detail if detail is not None else message.rstrip(".")


def not_in_hand(cards) -> IllegalMove:
    """The refusal for cards the player does not hold (used by every kind of deal)."""
    from .finnish import capitalize, cards_text
    verb = "ei ole" if len(cards) == 1 else "eivät ole"
    return IllegalMove("not_in_hand", f"{capitalize(cards_text(cards))} {verb} kädessäsi.")


def discard_taken_card(card) -> IllegalMove:
    """The refusal for discarding the card just taken from the discard pile."""
    from .finnish import capitalize, card_name
    return IllegalMove("discard_taken_card", f"{capitalize(card_name(card))} nostettiin juuri poistopakasta, "
                                             "joten sitä ei saa poistaa samalla vuorolla.")
