"""Helpers of the Pelaa tests: requests through the page's entry point, games played with the
hints, and the cards hidden from the reader at a position (for the scans of every answer).

Uses the tests' own rule sets (tests/fixed_rules.py), not the shipped ones.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from fixed_rules import FIXED
from rommikirja.cards import standard_deck
from rommikirja.finnish import CASES, card_name
from rommikirja.play import handle
from rommikirja.app.pelaa_replay import Game
from rommikirja.app.pelaa_state import check_state, move_of


def ask(**request) -> dict:
    """The reply to a request (``ok`` true or false)."""
    return json.loads(handle(json.dumps({**request, "play": True})))


def call(**request) -> dict:
    reply = ask(**request)
    assert reply["ok"], reply
    return reply["result"]


def new_game(game: str, players: int = 2, seed: str = "9", levels=None, options=None, **more) -> dict:
    return call(
        op="new",
        rules=FIXED[game].as_mapping(),
        players=players,
        seed=seed,
        levels=levels or ["taitava"] * (players - 1),
        options=options or {},
        **more,
    )


def hint_move(result: dict) -> dict:
    """The reader's next move by the hint, made (the computers answer in the same request)."""
    move = call(op="hint", state=result["state"])["move"]
    after = call(op="move", state=result["state"], move=move, seen=result["state"]["check"])
    assert "refused" not in after, after
    return after


def play(result: dict, moves: int | str) -> dict:
    """``moves`` more of the reader's moves by the hints (``"end"``: to the end of the deal)."""
    done = 0
    while not result["view"]["over"] and (moves == "end" or done < moves):
        result = hint_move(result)
        done += 1
    assert moves != "end" or result["view"]["over"]
    return result


# -- what the reader cannot see -------------------------------------------------------------------

_POSITIONS: dict = {}


def position(state: dict) -> tuple[Any, set, set] | None:
    """The current deal replayed: (deal, cards hidden from the reader, cards the reader has seen),
    or None when the deal is over (then every hand is shown)."""
    key = json.dumps(state, sort_keys=True)
    if key not in _POSITIONS:
        if len(_POSITIONS) > 200:
            _POSITIONS.clear()
        _POSITIONS[key] = _position(state)
    return _POSITIONS[key]


def _position(state: dict) -> tuple[Any, set, set] | None:
    g = Game(check_state(copy.deepcopy(state)))
    if g.deal.is_over:
        return None
    index = len(g.deals) - 1
    deal = g.start_of(index)

    def seen_now() -> set:
        table = getattr(deal, "table", [])
        return set(deal.hands[0]) | set(deal.discard) | {c for tm in table for c in tm.meld.cards}

    seen = seen_now()
    for step in g.full[index]:
        deal.play(move_of(step, g.names))
        seen |= seen_now()
    hidden = (set(deal.stock) | {c for h in deal.hands[1:] for c in h}) - seen
    return deal, hidden, seen


ESSIVES = sorted({card_name(c, "ess").lower() for c in standard_deck(1)}, key=len, reverse=True)


def _forms(card) -> set[str]:
    """The card's names in every case but the essive, which names a joker's reading (*jokeri ruutuysinä*)."""
    return {card_name(card, case).lower() for case in CASES if case != "ess"}


def leaks(reply: Any, hidden: set, seen: set) -> list[str]:
    """Hidden cards that ``reply`` names: by code anywhere, by Finnish name in any case outside the
    rule texts (a name another card shares with a seen copy, a two-deck game's twin, is not counted)."""
    text = json.dumps(reply, ensure_ascii=False)
    found = [c.code for c in hidden if re.search(rf"(?<![0-9A-Za-z]){re.escape(c.code)}(?![0-9A-Za-z'])", text)]
    trimmed = copy.deepcopy(reply)
    view = (trimmed.get("result") or {}).get("view") if isinstance(trimmed, dict) else None
    if isinstance(view, dict):
        view.pop("rules", None)
        view.pop("notes", None)
    words = json.dumps(trimmed, ensure_ascii=False).lower()
    for essive in ESSIVES:  # a joker's reading (*jokeri herttaässänä*) names no card
        words = words.replace(essive, " ")
    seen_forms = set().union(*(_forms(c) for c in seen)) if seen else set()
    for c in hidden:
        if c.is_joker and any(s.is_joker for s in seen):
            continue
        for form in _forms(c):
            if form in words and not any(form in s for s in seen_forms):
                found.append(f"{c.code} ({form})")
                break
    return found
