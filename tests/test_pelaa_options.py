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
