"""Card faces as data: the one description of how a card is drawn (its visible symbol, its colour
class and its Finnish name), used by the pages' card images (``tools/cardfaces.py``) and sent with
every practice question to the browser (``docs/assets/kortit.js`` draws from it).

>>> from rommikirja.cards import parse_card
>>> card_face(parse_card("7H"))
{'name': 'herttaseiska', 'symbol': '7♥', 'colour': 'punainen'}
>>> faces(["7H", "7H'", "JK"])["7H'"]
{'name': 'herttaseiska', 'symbol': '7♥', 'colour': 'punainen', 'mark': '²'}
"""

from __future__ import annotations

from typing import Iterable

from .cards import Card, parse_card
from .finnish import card_name

__all__ = ["card_face", "faces"]


def card_face(card: Card) -> dict[str, str]:
    """``{name, symbol, colour}``: the Finnish name, rank and suit symbol (``🃏`` for a joker) and
    the colour class of the page's style sheet (``punainen``, ``musta``, ``jokeri``)."""
    colour = "jokeri" if card.is_joker else "punainen" if card.is_red else "musta"
    return {"name": card_name(card), "symbol": card.symbol, "colour": colour}


def faces(codes: Iterable[str]) -> dict[str, dict[str, str]]:
    """Every card code's face; two decks' identical cards shown together are told apart by a
    ``mark`` (``¹`` the first deck's, ``²`` the second's)."""
    cards = {code: parse_card(code) for code in codes}
    kinds: dict[tuple, int] = {}
    for c in cards.values():
        key = (c.rank, c.suit)
        kinds[key] = kinds.get(key, 0) + 1
    out = {}
    for code, c in cards.items():
        face = card_face(c)
        if kinds[(c.rank, c.suit)] > 1:
            face["mark"] = "¹" if c.deck == 0 else "²"
        out[code] = face
    return out
