"""Typed errors that carry a Finnish explanation for the reader.

>>> err = IllegalMove("draw_twice", "Olet jo nostanut tällä vuorolla.")
>>> isinstance(err, ValueError), err.code, str(err)
(True, 'draw_twice', 'Olet jo nostanut tällä vuorolla.')
"""
from __future__ import annotations

__all__ = ["IllegalMove", "InvalidMeld"]


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
