"""Who an example is credited to. A scenario whose ``source`` is a catalogue id (``F06``) was
written from a traditional source; the example box credits that source only while the rules the
example is computed under are the source's (:data:`SOURCE_RULES`, plus the scenario's own
``options``, such as a variant the source describes). Once a club changes a rule of the game that
the example plays under, the engine computed it under the club's values, and the box credits the
club (:func:`club_computed`), naming the source it started from.

:data:`SOURCE_RULES` records the rule sets the sources describe (with Rommikirja's clarifications
where a source is silent), as the shipped presets stated them when this record was written; it is
not a club's file to edit: a club edits ``scenarios/rules/``.
"""

from __future__ import annotations

from typing import Any

from rommikirja import OPTIONS, RuleSet, RuleSetError
from rommikirja.rules import applies

#: The catalogue letter of a source → the game it describes.
SOURCE_GAME = {"P": "perusrommi", "B": "perusrommi", "G": "gin", "R": "rommi51", "F": "rommi"}

#: Every option of the rule set each source describes.
SOURCE_RULES: dict[str, dict[str, Any]] = {
    'perusrommi': {
        'style': 'rummy',
        'decks': 1,
        'jokers': 0,
        'max_jokers_per_meld': 1,
        'joker_points': 20,
        'opening_points': 0,
        'opening_pure_run': False,
        'unopened_penalty': 100,
        'min_players': 2,
        'max_players': 6,
        'hand_size': {2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
        'upcard': True,
        'melds_per_turn': 'any',
        'lay_off_before_meld': True,
        'final_discard': 'optional',
        'ace': 'low',
        'ace_points': 1,
        'stock_exhausted': 'turn_over',
        'max_turnovers': 0,
        'scoring': 'winner_takes',
        'first_dealer': 'agreed',
        'rommi_claim': False,
        'rummy_doubling': True,
        'next_dealer_two_players': 'winner',
        'upcard_offer': False,
        'knock_limit': 10,
        'gin_bonus': 25,
        'undercut_bonus': 25,
        'undercut_on_tie': True,
        'void_stock': 2,
        'game_end': 'deals',
        'game_deals': 4,
        'target_score': 500,
        'deadlock': 'score_hands',
    },
    'gin': {
        'style': 'knock',
        'decks': 1,
        'jokers': 0,
        'max_jokers_per_meld': 1,
        'joker_points': 20,
        'opening_points': 0,
        'opening_pure_run': False,
        'unopened_penalty': 100,
        'min_players': 2,
        'max_players': 2,
        'hand_size': {2: 10},
        'upcard': True,
        'melds_per_turn': 'any',
        'lay_off_before_meld': True,
        'final_discard': 'optional',
        'ace': 'low',
        'ace_points': 1,
        'stock_exhausted': 'turn_over',
        'max_turnovers': 0,
        'scoring': 'winner_takes',
        'first_dealer': 'agreed',
        'rommi_claim': False,
        'rummy_doubling': True,
        'next_dealer_two_players': 'left',
        'upcard_offer': True,
        'knock_limit': 10,
        'gin_bonus': 25,
        'undercut_bonus': 25,
        'undercut_on_tie': True,
        'void_stock': 2,
        'game_end': 'target',
        'game_deals': 4,
        'target_score': 100,
    },
    'rommi51': {
        'style': 'rummy',
        'decks': 2,
        'jokers': 4,
        'max_jokers_per_meld': 1,
        'joker_points': 20,
        'opening_points': 51,
        'opening_pure_run': True,
        'unopened_penalty': 100,
        'min_players': 2,
        'max_players': 4,
        'hand_size': {2: 14, 3: 14, 4: 14},
        'upcard': False,
        'melds_per_turn': 'any',
        'lay_off_before_meld': True,
        'final_discard': 'required',
        'ace': 'high_or_low',
        'ace_points': 11,
        'stock_exhausted': 'turn_over',
        'max_turnovers': 0,
        'scoring': 'penalty',
        'first_dealer': 'agreed',
        'rommi_claim': False,
        'rummy_doubling': False,
        'next_dealer_two_players': 'left',
        'upcard_offer': False,
        'knock_limit': 10,
        'gin_bonus': 25,
        'undercut_bonus': 25,
        'undercut_on_tie': True,
        'void_stock': 2,
        'game_end': 'target',
        'game_deals': 4,
        'target_score': 500,
        'deadlock': 'score_hands',
    },
    'rommi': {
        'style': 'rummy',
        'decks': 1,
        'jokers': 0,
        'max_jokers_per_meld': 1,
        'joker_points': 20,
        'opening_points': 0,
        'opening_pure_run': False,
        'unopened_penalty': 100,
        'min_players': 2,
        'max_players': 6,
        'hand_size': {2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
        'upcard': True,
        'melds_per_turn': 'one',
        'lay_off_before_meld': True,
        'final_discard': 'required',
        'ace': 'low',
        'ace_points': 1,
        'stock_exhausted': 'turn_over_keep_top',
        'max_turnovers': 0,
        'scoring': 'own_hand_minus',
        'first_dealer': 'lowest_card',
        'rommi_claim': False,
        'rummy_doubling': False,
        'next_dealer_two_players': 'left',
        'upcard_offer': False,
        'knock_limit': 10,
        'gin_bonus': 25,
        'undercut_bonus': 25,
        'undercut_on_tie': True,
        'void_stock': 2,
        'game_end': 'target',
        'game_deals': 4,
        'target_score': 500,
        'deadlock': 'score_hands',
    },
}


def source_rules(sc: Any) -> RuleSet | None:
    """The rules the sources describe for the game a catalogue scenario plays (its source's game,
    or a shipped game it is compared with), with the scenario's ``options``; None for ``own`` and
    ``kerho`` examples, for a club's own game and when they cannot be combined."""
    source = getattr(sc, "source", "") or ""
    if source in ("own", "kerho") or source[:1] not in SOURCE_GAME or getattr(sc, "game", None) not in SOURCE_RULES:
        return None
    try:
        return RuleSet.from_mapping({**SOURCE_RULES[sc.game], **dict(getattr(sc, "options", {}) or {})})
    except RuleSetError:
        return None


def club_computed(sc: Any) -> bool:
    """Whether a catalogue scenario is computed under a club's rules: it plays a club's own game,
    or a rule that matters to its game differs from what the sources describe."""
    source = getattr(sc, "source", "") or ""
    if source in ("own", "kerho") or source[:1] not in SOURCE_GAME:
        return False
    wanted = source_rules(sc)
    rules = getattr(sc, "rules", None)
    if wanted is None or rules is None:
        return True
    return any(applies(o, rules) and getattr(rules, o) != getattr(wanted, o) for o in OPTIONS)
