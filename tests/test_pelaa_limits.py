"""Pelaa's rulings where a rule set is silent, through the page's entry point (rommikirja.play.handle):
the discard pile's turnover limit that ends a deal nobody can finish, and the pass narrated by deal style.
Uses the tests' own rule sets (tests/fixed_rules.py), not the shipped ones."""

from __future__ import annotations

import json

from fixed_rules import FIXED
from rommikirja import score_deal
from rommikirja.app.pelaa import PLAY_MAX_TURNOVERS, Game, play_rules
from rommikirja.play import handle
from rommikirja.app.pelaa_state import new_state
from rommikirja.rules import OPTIONS

# Found by playing: with the hints for the reader and "taitava" against, this classic rommi deal
# reaches a position nobody can go out from (the deal runs on for ever without a limit).
STUCK = {"game": "rommi", "seed": "43", "levels": ["taitava"]}


def call(**request):
    reply = json.loads(handle(json.dumps({**request, "play": True})))
    assert reply["ok"], reply
    return reply["result"]


def test_a_deal_nobody_can_finish_ends_at_the_stated_turnover_limit():
    rules = FIXED[STUCK["game"]].as_mapping()
    assert rules["max_turnovers"] == 0  # the rule set itself sets no limit
    specs = call(op="options", rules=rules)
    shown = {o["option"]: o for o in specs["options"]}
    assert shown["max_turnovers"]["value"] == PLAY_MAX_TURNOVERS and shown["max_turnovers"]["note"]
    assert specs["notes"] and specs["notes"][0].startswith("Rommikirja tarkentaa:")
    result = call(op="new", rules=rules, players=2, levels=STUCK["levels"], seed=STUCK["seed"])
    view = result["view"]
    assert view["notes"] == specs["notes"]
    assert any(r["option"] == "max_turnovers" and r["value"] == PLAY_MAX_TURNOVERS for r in view["rules"])
    for _ in range(600):  # requests: hint and move, then the computer
        if view["over"]:
            break
        if view["your_turn"]:
            move = call(op="hint", state=result["state"])["move"]
            result = call(op="move", state=result["state"], move=move)
            assert "refused" not in result, result
        else:
            result = call(op="computer", state=result["state"])
        view = result["view"]
    assert view["over"], "the deal did not end"
    turned = [line for line in view["log"] if "kääntää poistopakan" in line]
    assert len(turned) == PLAY_MAX_TURNOVERS
    assert "jako päättyy" in view["log"][-1]
    # priced by the rules (the same score_deal), the totals are the deal's points
    g = Game(result["state"])
    assert g.deal.turnovers == PLAY_MAX_TURNOVERS and g.deal.outcome.reason.name == "BLOCKED"
    assert view["score"]["points"] == list(score_deal(g.deal.outcome, g.rules).points)
    assert view["totals"] == view["score"]["points"]
    # the exported example states the limit, so tools.verify replays the same rules
    exported = call(op="export", state=result["state"])["yaml"]
    assert f"max_turnovers: {PLAY_MAX_TURNOVERS}" in exported


def test_without_the_limit_the_same_deal_runs_on():
    g = Game(
        new_state(
            {
                "rules": FIXED[STUCK["game"]].as_mapping(),
                "options": {"max_turnovers": 0},
                "players": 2,
                "levels": STUCK["levels"],
                "seed": STUCK["seed"],
            }
        )
    )
    assert g.rules.max_turnovers == 0  # the reader's explicit 0 is kept
    from rommikirja.app.computer import hint

    for _ in range(1500):
        if g.deal.is_over:
            break
        g.record(hint(g.deal)[0])
        g.computers()
    assert not g.deal.is_over and g.deal.turnovers > PLAY_MAX_TURNOVERS


def test_the_limit_applies_only_where_the_rule_set_turns_the_pile_over_without_one():
    base = FIXED["rommi"]
    assert play_rules(base).max_turnovers == PLAY_MAX_TURNOVERS
    assert play_rules(base.with_options(max_turnovers=5)).max_turnovers == 5
    assert play_rules(base, {"max_turnovers": 1}).max_turnovers == 1
    block = base.with_options(stock_exhausted="block")
    assert not OPTIONS["max_turnovers"].applies(block) and play_rules(block).max_turnovers == 0
    assert call(op="options", rules=FIXED["gin"].as_mapping())["notes"] == []


def test_pass_is_narrated_by_the_deal_style():
    # gin: passing the upcard (the glossary's word); the log of a gin game opening with two passes
    result = call(op="new", rules=FIXED["gin"].as_mapping(), players=2, levels=["taitava"], seed="5")
    view = result["view"]
    assert view["style"] == "knock"
    for _ in range(3):
        if view["your_turn"] and "pass" in view["actions"]:
            result = call(op="move", state=result["state"], move={"pass": True})
            view = result["view"]
            break
    passes = [line for line in view["log"] if "passaa" in line]
    assert passes and all(line.endswith("passaa eikä ota avokorttia.") for line in passes)
    assert not any("passaa:" in line for line in view["log"])
