"""Which deal class plays a rule set: the ``style`` option names it.

>>> from rommikirja.rules import RuleSet
>>> deal_type(RuleSet()).__name__, deal_type(RuleSet(style="knock")).__name__
('Deal', 'GinDeal')
"""

from __future__ import annotations

from .deal import Deal
from .gin import GinDeal
from .position import Position
from .rules import RuleSet

__all__ = ["DEAL_TYPES", "deal_type", "new_deal", "AnyDeal"]

#: Any game's deal (the base of Deal and GinDeal).
AnyDeal = Position

#: The deal class for each value of ``RuleSet.style``.
DEAL_TYPES: dict[str, type[Position]] = {"rummy": Deal, "knock": GinDeal}


def deal_type(rules: RuleSet) -> type[Position]:
    return DEAL_TYPES[rules.style]


def new_deal(rules: RuleSet, players: int, dealer: int = 0, seed: int | None = None) -> Position:
    """A freshly shuffled deal of the right kind for ``rules``."""
    return deal_type(rules).new(rules, players, dealer=dealer, seed=seed)
