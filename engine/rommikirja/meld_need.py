"""How many cards a new meld takes, by the rules: one number for the engine and its sentences.

:func:`rommikirja.deadlock.is_deadlocked` proves a deal stuck when no player can ever hold
:func:`cards_for_new_meld` cards at once; the deadlock rule's page sentence
(:func:`rommikirja.option_spec.deadlock_sentence`) states the same numbers from here, so the rule
and its sentence cannot drift apart. This module imports nothing of the package (``option_spec``
is imported by ``rules``, ``deadlock`` by ``deal``), so both can use it without a circle.

>>> from rommikirja.rules import RuleSet
>>> cards_for_new_meld(RuleSet(final_discard="optional")), cards_for_new_meld(RuleSet(final_discard="required"))
(3, 4)
>>> most_cards_before_draw_when_stuck(RuleSet(final_discard="required"))
2
"""

from __future__ import annotations

from typing import Any

__all__ = ["MELD_MIN_CARDS", "cards_for_new_meld", "discard_after_meld", "most_cards_before_draw_when_stuck"]

#: The fewest cards a meld holds (a run or a group of three).
MELD_MIN_CARDS = 3


def discard_after_meld(rules: Any) -> int:
    """Cards a player must still hold after putting down a meld: one to discard under
    ``final_discard: required`` (a hand is never emptied onto the table), else none."""
    return 1 if rules.final_discard == "required" else 0


def cards_for_new_meld(rules: Any) -> int:
    """The cards a player must hold at once to put down a new meld: the meld and, under
    ``final_discard: required``, the card to discard after it."""
    return MELD_MIN_CARDS + discard_after_meld(rules)


def most_cards_before_draw_when_stuck(rules: Any) -> int:
    """The largest hand before the draw that can still never put down a new meld: the card
    drawn brings it to one short of :func:`cards_for_new_meld`."""
    return cards_for_new_meld(rules) - 2
