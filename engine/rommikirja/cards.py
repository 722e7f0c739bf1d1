"""Cards, suits, ranks and decks.

A :class:`Card` is a small immutable value. Two physically distinct cards of
the same rank and suit (two decks, as in Rommi 51) differ by their ``deck``
number, so a hand can hold both and they are never confused.

>>> parse_card("7H")
Card(rank=7, suit=Suit.HEARTS, deck=0)
>>> parse_card("10♦").symbol
'10♦'
>>> len(standard_deck())
52
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable

__all__ = [
    "Suit",
    "Card",
    "CardParseError",
    "parse_card",
    "parse_cards",
    "standard_deck",
    "joker",
    "ACE",
    "JACK",
    "QUEEN",
    "KING",
    "JOKER_RANK",
    "RANKS",
]

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0
JOKER_SYMBOL = "🃏"
#: A joker's ``Card._sbit`` (above the four suits' 16-bit rank fields).
JOKER_BIT = 1 << 64
#: ``Card._sbit`` bits of every natural card (ranks 1–13 of the four suits' 16-bit fields).
NATURAL_BITS = sum(0x3FFE << (16 * k) for k in range(4))
RANKS: tuple[int, ...] = tuple(range(1, 14))


class Suit(Enum):
    """The four suits; the value is the author-notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    # members are singletons compared by identity: hash them by identity too (C speed; Enum's
    # own hash is a Python call on every card hashed)
    __hash__ = object.__hash__


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in _SUIT_SYMBOLS.items()}
_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
#: The suits in their order, as a tuple (iterating the Enum class is many times slower).
SUITS: tuple[Suit, ...] = tuple(Suit)
_RANK_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_LETTER_TO_RANK = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
#: The only characters of a card code outside printable ASCII: the suit symbols and the joker.
_SYMBOLS_ALLOWED = frozenset("♠♥♦♣🃏")


class CardParseError(ValueError):
    """Raised for card text that is not a card; the message quotes the text (in Finnish)."""

    def __init__(self, text: str, detail: str = "") -> None:
        self.text = text
        msg = f"”{text}” ei ole kortti"
        if detail:
            msg += f": {detail}"
        msg += " (merkitse esimerkiksi 7H, 10D tai TD, AS, KC tai 7♥)"
        super().__init__(msg)


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One physical card.

    ``rank`` is 1 (ace) to 13 (king), ``suit`` a :class:`Suit`; ``deck`` tells
    apart identical cards from a second deck. A joker has rank 0 and no suit;
    its ``deck`` numbers the jokers (``JK``, ``JK'``, …).

    >>> Card(12, Suit.SPADES).code
    'QS'
    >>> Card(7, Suit.HEARTS) == Card(7, Suit.HEARTS, deck=1)
    False
    """

    rank: int
    suit: Suit | None
    deck: int = 0
    #: 0–51 (suit × 13 + rank − 1) for a first-deck card, −1 otherwise: the bit of the card in the
    #: gin solver's masks and an index into its tables (computed once, not part of the value).
    _index: int = field(default=-1, init=False, repr=False, compare=False)
    #: ``1 << _index`` for a first-deck card, 0 otherwise (a hand's mask is the sum of its bits).
    _bit: int = field(default=0, init=False, repr=False, compare=False)
    #: ``1 << (suit × 16 + rank)`` for a natural card of any deck, :data:`JOKER_BIT` for a joker, 0
    #: otherwise: OR-ed over a hand, the ranks held per suit (the move generator's quick tests).
    _sbit: int = field(default=0, init=False, repr=False, compare=False)
    #: The :class:`~rommikirja.moves.Discard` of this card, made once when a move generator first
    #: lists it (moves are immutable values; not part of the card's value).
    _discard_move: object = field(default=None, init=False, repr=False, compare=False)
    #: ``hash((rank, suit, deck))``, the dataclass hash, computed once (cards are hashed often).
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rank, suit = self.rank, self.suit
        try:
            object.__setattr__(self, "_hash", hash((rank, suit, self.deck)))
        except TypeError:
            pass  # not a card value: hashing it fails as before
        if type(rank) is int and 1 <= rank <= 13 and isinstance(suit, Suit):
            order = _SUIT_ORDER[suit]
            object.__setattr__(self, "_sbit", 1 << (order * 16 + rank))
            if self.deck == 0:
                index = order * 13 + rank - 1
                object.__setattr__(self, "_index", index)
                object.__setattr__(self, "_bit", 1 << index)
        elif rank == JOKER_RANK and suit is None:
            object.__setattr__(self, "_sbit", JOKER_BIT)

    def __eq__(self, other: object) -> bool:
        # the dataclass comparison (rank, suit, deck), without building two tuples
        if other.__class__ is Card:
            return self.rank == other.rank and self.suit == other.suit and self.deck == other.deck
        return NotImplemented

    def __hash__(self) -> int:
        h = self._hash
        return h if h is not None else hash((self.rank, self.suit, self.deck))

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def rank_text(self) -> str:
        """The rank as printed on the card: A, 2–10, J, Q, K."""
        return _RANK_LETTERS.get(self.rank, str(self.rank))

    @property
    def code(self) -> str:
        """Author notation, e.g. ``10D``; a second-deck copy ends in an apostrophe; jokers ``JK``."""
        if self.suit is None:
            return "JK" + "'" * self.deck
        return f"{self.rank_text}{self.suit.value}" + "'" * self.deck

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, e.g. ``7♥``; a joker is ``🃏``."""
        if self.suit is None:
            return JOKER_SYMBOL
        return f"{self.rank_text}{self.suit.symbol}"

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Order by suit, then rank: how a player sorts a hand (jokers last)."""
        return (_SUIT_ORDER[self.suit] if self.suit is not None else 4, self.rank, self.deck)

    def __str__(self) -> str:
        return self.code


_STAND_INS: dict[tuple[int, Suit], Card] = {}


def stand_in(rank: int, suit: Suit) -> Card:
    """The first-deck card of ``rank`` and ``suit`` as one shared object: what a joker stands for
    (cards are immutable values, and the move generator names many such cards).

    >>> stand_in(8, Suit.HEARTS) == Card(8, Suit.HEARTS), stand_in(8, Suit.HEARTS) is stand_in(8, Suit.HEARTS)
    (True, True)
    """
    card = _STAND_INS.get((rank, suit))
    if card is None:
        card = _STAND_INS[(rank, suit)] = Card(rank, suit)
    return card


def parse_card(text: str) -> Card:
    """Parse author notation: ``7H``, ``10D``/``TD``, ``AS``, ``KC``, ``7♥``.

    A trailing apostrophe marks a second-deck copy (``7H'``).

    >>> parse_card("td").code
    '10D'
    >>> parse_card("Q♠").code
    'QS'
    >>> parse_card("1H")
    Traceback (most recent call last):
      ...
    rommikirja.cards.CardParseError: ”1H” ei ole kortti: tuntematon arvo ”1” (merkitse esimerkiksi 7H, 10D tai TD, AS, KC tai 7♥)
    """
    if not isinstance(text, str):
        raise CardParseError(str(text), "kortti merkitään tekstinä")
    raw = text.strip(" \t\r\n")
    odd = next((ch for ch in raw if not (ch.isascii() and ch.isprintable()) and ch not in _SYMBOLS_ALLOWED), None)
    if odd is not None:  # a look-alike (６H, ٧H, 5ſ, ²S) or an invisible character is no card
        from .chars import describe

        raise CardParseError(raw, f"siinä on merkki {describe(odd)}; kirjoita kortti tavallisin kirjaimin ja numeroin")
    deck = 0
    body = raw
    while body.endswith("'"):
        deck += 1
        body = body[:-1]
    if body.upper() in ("JK", JOKER_SYMBOL):
        return joker(deck)
    if len(body) < 2:
        raise CardParseError(raw, "liian lyhyt")
    suit_ch = body[-1]
    rank_txt = body[:-1].upper()
    if suit_ch in _SYMBOL_TO_SUIT:
        suit = _SYMBOL_TO_SUIT[suit_ch]
    else:
        try:
            suit = Suit(suit_ch.upper())
        except ValueError:
            raise CardParseError(raw, f"tuntematon maa ”{suit_ch}”") from None
    if rank_txt in _LETTER_TO_RANK:
        rank = _LETTER_TO_RANK[rank_txt]
    elif rank_txt.isdigit() and 2 <= int(rank_txt) <= 10 and not rank_txt.startswith("0"):
        rank = int(rank_txt)
    else:
        raise CardParseError(raw, f"tuntematon arvo ”{rank_txt}”")
    return Card(rank, suit, deck)


def parse_cards(texts: Iterable[str] | str) -> tuple[Card, ...]:
    """Parse several cards from a list or a space-separated string.

    >>> [c.code for c in parse_cards("7H 8H 9H")]
    ['7H', '8H', '9H']
    """
    if isinstance(texts, str):
        texts = texts.split(None) if texts.isascii() else [t for t in _ASCII_SPACE.split(texts) if t]
    return tuple(parse_card(t) for t in texts)


import re as _re  # noqa: E402

#: What separates cards written in one string: ASCII white space only (a no-break space is no separator).
_ASCII_SPACE = _re.compile(r"[ \t\r\n]+")


def joker(number: int = 0) -> Card:
    """The joker numbered ``number`` (0 = ``JK``, 1 = ``JK'``, …).

    >>> joker(1).code, joker().symbol
    ("JK'", '🃏')
    """
    return Card(JOKER_RANK, None, number)


def standard_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """All cards of ``decks`` 52-card decks plus ``jokers`` jokers, in a fixed (unshuffled) order.

    >>> len(standard_deck(2, 4))
    108
    """
    key = (decks, jokers)
    cards = _DECKS.get(key)
    if cards is None:
        cards = tuple(Card(rank, suit, d) for d in range(decks) for suit in SUITS for rank in RANKS) + tuple(
            joker(i) for i in range(jokers)
        )
        if 0 <= decks <= 4 and 0 <= jokers <= 8:
            _DECKS[key] = cards
    return list(cards)


_DECKS: dict[tuple[int, int], tuple[Card, ...]] = {}


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in hand order: by suit, then rank."""
    return sorted(cards, key=lambda c: c.sort_key)
