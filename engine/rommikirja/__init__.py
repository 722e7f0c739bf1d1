"""Rommikirja: a rules engine for the rummy family of card games.

Pure standard library, no I/O: the same code runs under CPython and Pyodide.

>>> from rommikirja import Deal, RuleSet, Draw, STOCK
>>> deal = Deal.new(RuleSet(), players=2, dealer=0, seed=7)
>>> Draw(STOCK) in deal.legal_moves, deal.legal_moves.count()
(True, 2)
"""

from .cards import Card, CardParseError, Suit, parse_card, parse_cards, sort_cards, standard_deck
from .deal import (
    DISCARD,
    STOCK,
    Claim,
    Deal,
    Discard,
    Draw,
    EndReason,
    Event,
    LayOff,
    MisDraw,
    Move,
    Open,
    Outcome,
    Pass,
    Phase,
    PlayMeld,
    RejectExposed,
    TableMeld,
    cut_for_dealer,
)
from .errors import IllegalMove, InvalidMeld
from .finnish import card_name, cards_text, join_list
from .legal import LegalMoves
from .games import DEAL_TYPES, deal_type, new_deal
from .gin import GinDeal, GinOutcome, GinPhase, Knock, defender_best
from .opening import Opening, best_opening
from .solver import Arrangement, best_arrangement, best_discard, deadwood_of
from .melds import Meld, MeldKind, check_meld
from .rules import OPTIONS, RuleSet, RuleSetError
from .scoring import DealScore, GameTotals, hand_value, next_dealer, score_deal

__all__ = [
    "Card",
    "CardParseError",
    "Suit",
    "parse_card",
    "parse_cards",
    "sort_cards",
    "standard_deck",
    "DISCARD",
    "STOCK",
    "Deal",
    "Discard",
    "Draw",
    "EndReason",
    "Event",
    "LayOff",
    "Move",
    "Outcome",
    "Phase",
    "PlayMeld",
    "TableMeld",
    "IllegalMove",
    "InvalidMeld",
    "card_name",
    "cards_text",
    "join_list",
    "Meld",
    "MeldKind",
    "check_meld",
    "OPTIONS",
    "RuleSet",
    "RuleSetError",
    "DealScore",
    "GameTotals",
    "hand_value",
    "next_dealer",
    "score_deal",
    "Open",
    "Claim",
    "MisDraw",
    "RejectExposed",
    "cut_for_dealer",
    "DEAL_TYPES",
    "deal_type",
    "new_deal",
    "GinDeal",
    "GinOutcome",
    "GinPhase",
    "Knock",
    "Pass",
    "defender_best",
    "LegalMoves",
    "Opening",
    "best_opening",
    "Arrangement",
    "best_arrangement",
    "best_discard",
    "deadwood_of",
]
__version__ = "0.1.0"
