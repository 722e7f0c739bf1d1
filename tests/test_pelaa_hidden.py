"""No answer to the reader during a deal holds a hidden card: every response of played deals (the
state included) is scanned for the code or Finnish name of any card in another hand or in the
stock that the reader has not seen. Every kind of request is asked at every turn: the view, a
hint, an illegal move naming another player's card, the replay and the export (both refused
until the deal ends). Uses the tests' own rule sets."""

from __future__ import annotations

import json

import pytest

from fixed_rules import FIXED
from pelaa_tools import ask, leaks, new_game, play, position
from rommikirja.app.pelaa_export import MID_DEAL

DEALS = [
    ("gin", 2, "12"),
    ("gin", 2, "40"),
    ("perusrommi", 3, "5"),
    ("perusrommi", 2, "21"),
    ("rommi", 4, "8"),
    ("rommi", 2, "2"),
    ("rommi51", 3, "3"),
    ("rommi51", 4, "17"),
]


def _scan(reply: dict, state: dict, asked=()) -> int:
    """Assert ``reply`` shows no card hidden at ``state`` (but those the request itself named,
    ``asked``); 1 when scanned (0: the deal was over)."""
    pos = position(state)
    if pos is None:
        return 0
    _, hidden, seen = pos
    found = leaks(reply, {c for c in hidden if c.code not in asked}, seen | {c for c in hidden if c.code in asked})
    assert not found, (found, reply)
    return 1


@pytest.mark.parametrize("game, players, seed", DEALS)
def test_no_answer_during_a_deal_names_a_hidden_card(game, players, seed):
    first = ask(
        op="new",
        rules=FIXED[game].as_mapping(),
        players=players,
        seed=seed,
        levels=["taitava", "aloittelija", "taitava"][: players - 1],
    )
    assert first["ok"]
    state = first["result"]["state"]
    scanned = _scan(first, state)
    for turn in range(400):
        seen = state["check"]
        if position(state) is None:
            break
        hint = ask(op="hint", state=state, seen=seen)
        replies = [hint]
        if "knock" in hint["result"]["move"]:  # gin: the arrangements priced, before the knock
            replies.append(ask(op="knock_options", state=state, seen=seen, move=hint["result"]["move"]))
            assert replies[-1]["ok"] and replies[-1]["result"]["options"], replies[-1]
        if turn % 3 == 0:
            replies += [ask(op="view", state=state, seen=seen), ask(op="computer", state=state, seen=seen)]
            # a move with a card another player holds is refused as one with a card of the stock:
            # the refusal does not say where the card is
            deal, hidden, _ = position(state)
            held = sorted(c.code for c in deal.hands[1] if c in hidden)
            rest = sorted(c.code for c in deal.stock if c in hidden) or held[1:]  # (all turned over: another)
            other, stock = (held + ["2S"])[0], (rest + ["2S"])[0]
            for move in ({"discard": other}, {"meld": [other, stock, other]}, {"lay_off": [other], "onto": 0}):
                a = ask(op="move", state=state, seen=seen, move=move)
                b = ask(op="move", state=state, seen=seen, move=json.loads(json.dumps(move).replace(other, stock)))
                assert a["ok"] and a["result"]["refused"]["code"] == b["result"]["refused"]["code"], (a, b)
                for r, code in ((a, other), (b, stock)):
                    scanned += _scan(r, state, asked={other, stock})
                    assert r["result"]["state"] == state
            export, replay = ask(op="export", state=state), ask(op="replay", state=state, deal=len(state["deals"]) - 1)
            assert export == {"ok": False, "error": MID_DEAL}
            assert replay["ok"] is False and "kun se on päättynyt" in replay["error"]
            replies += [export, replay]
        for reply in replies:
            scanned += _scan(reply, state)
        moved = ask(op="move", state=state, seen=seen, move=hint["result"]["move"])
        assert moved["ok"] and "refused" not in moved["result"], moved
        state = moved["result"]["state"]
        scanned += _scan(moved, state)
    assert position(state) is None, "the deal did not end"
    assert scanned > 20
    # after the end every hand is shown, and the export is offered
    over = ask(op="export", state=state)
    assert over["ok"] and "hands:" in over["result"]["yaml"]


def test_the_state_in_the_middle_of_a_deal_holds_only_the_readers_moves():
    """The stored state: settings, the reader's own moves and the check; no card of another hand
    or of the stock, whatever the computers did."""
    result = new_game("rommi51", 4, "17")
    result = play(result, 12)
    state = result["state"]
    assert set(state) == {"v", "id", "rules", "options", "players", "names", "levels", "seed", "deals", "check"}
    deal, hidden, seen = position(state)
    assert not leaks({"state": state}, hidden, seen)
    assert len(state["deals"][0]) == 12 < state["check"]["moves"]  # the computers' moves are not in it


def test_the_scan_finds_a_hidden_card_by_code_or_by_name():
    """The scanner itself: a hidden card put into an answer is found, by its code and by its name."""
    from rommikirja.finnish import card_name

    state = play(new_game("perusrommi", 2, "21"), 2)["state"]
    deal, hidden, seen = position(state)
    card = sorted(hidden, key=lambda c: c.code)[0]
    assert leaks({"view": {"hand": [card.code]}}, hidden, seen) == [card.code]
    assert leaks({"log": [f"Eero poistaa {card_name(card, 'gen')}."]}, hidden, seen)
    assert not leaks({"log": [f"Eero poistaa {card_name(next(iter(seen)), 'gen')}."]}, hidden, seen)
