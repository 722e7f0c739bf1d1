"""Pelaa's set-up form offers only the house rules that matter in the chosen game (own rule sets)."""

from __future__ import annotations

import json

from fixed_rules import FIXED
from rommikirja.app.pelaa import HOUSE_RULES
from rommikirja.play import handle
from rommikirja.rules import OPTIONS


def _options(rules):
    reply = json.loads(handle(json.dumps({"op": "options", "rules": rules.as_mapping(), "play": True})))
    return [o["option"] for o in reply["result"]["options"]]


def test_options_that_do_not_apply_are_not_offered():
    no_opening = FIXED["perusrommi"].with_options(opening_points=0)
    offered = _options(no_opening)
    assert "opening_pure_run" in HOUSE_RULES["rummy"] and not OPTIONS["opening_pure_run"].applies(no_opening)
    assert "opening_pure_run" not in offered
    assert "melds_per_turn" in offered
    with_opening = no_opening.with_options(opening_points=51)
    assert "opening_pure_run" in _options(with_opening)
    assert all(OPTIONS[key].applies(no_opening) for key in offered)


def _new(rules, options=None):
    request = {"op": "new", "rules": rules.as_mapping(), "players": 2, "seed": "7", "options": options or {}}
    return json.loads(handle(json.dumps(request)))["result"]


def _panel(result):
    return [r["option"] for r in result["view"]["rules"]]


def test_the_rules_panel_lists_only_the_rules_that_apply():
    deals = FIXED["perusrommi"].with_options(game_end="deals", opening_points=0)
    panel = _panel(_new(deals))
    assert "game_deals" in panel and "target_score" not in panel and "opening_pure_run" not in panel, panel
    # every house rule of the style is there exactly when it applies
    assert panel == [key for key in HOUSE_RULES["rummy"] if OPTIONS[key].applies(deals)]
    # a switched house rule changes which: the points target once the game ends at one
    target = _panel(_new(deals, {"game_end": "target", "opening_points": 30}))
    assert "target_score" in target and "game_deals" not in target and "opening_pure_run" in target, target
    gin = FIXED["gin"]
    assert _panel(_new(gin)) == [key for key in HOUSE_RULES["knock"] if OPTIONS[key].applies(gin)]


def test_a_house_rule_with_no_effect_is_not_kept_in_the_game():
    # a shared link may name a points target for a game that ends after so many deals
    deals = FIXED["perusrommi"].with_options(game_end="deals")
    result = _new(deals, {"target_score": 100, "ace": "high_or_low"})
    assert result["state"]["options"] == {"ace": "high_or_low"}
    assert "target_score" not in _panel(result)
    # the same switch with the game end that uses it is kept and played
    kept = _new(deals, {"game_end": "target", "target_score": 100})
    assert kept["state"]["options"] == {"game_end": "target", "target_score": 100}
    shown = {r["option"]: r["value"] for r in kept["view"]["rules"]}
    assert shown["target_score"] == 100
