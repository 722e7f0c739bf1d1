"""Practice questions: every kind accepts its worked answer and explains a wrong one."""

import json

import pytest

from rommikirja.practice import KINDS, check, handle, question, solution
from fixed_rules import FIXED

PRESETS = FIXED  # the tests' own rule sets, not the shipped files
WIDGETS = [
    ("pisteet", "perusrommi"),
    ("pisteet", "rommi"),
    ("pisteet", "rommi51"),
    ("kelpaako", "perusrommi"),
    ("lisaa", "perusrommi"),
    ("jarjesta", "gin"),
    ("koputus", "gin"),
    ("nostopakka", "perusrommi"),
    ("nostopakka", "rommi"),
    ("avaus", "rommi51"),
    ("kelpaako", "gin"),
    ("kelpaako", "rommi51"),
    ("lisaa", "rommi"),
]


def right_answer(q, sol):
    kind = q["kind"]
    if kind == "pisteet":
        return {"points": sol["points"]}
    if kind == "kelpaako":
        return {"valid": sol["valid"]}
    if kind == "lisaa":
        return {"cards": sol["cards"]}
    if kind == "jarjesta":
        return {"melds": sol["melds"]}
    if kind == "koputus":
        return {"scorer": sol["scorer"], "points": sol["points"]}
    if kind == "nostopakka":
        return {"order": sol["order"]}
    return {"cards": sol["cards"]}


def wrong_answer(q, sol):
    kind = q["kind"]
    if kind == "pisteet":
        return {"points": abs(sol["points"]) + 1}
    if kind == "kelpaako":
        return {"valid": not sol["valid"]}
    if kind == "lisaa":
        return {"cards": sol["cards"][1:] if sol["cards"] else q["hand"][:1]}
    if kind == "jarjesta":
        return (
            {"melds": []}
            if sol["deadwood"] < sum(min(int(c[:-1]) if c[:-1].isdigit() else 10, 10) for c in q["hand"])
            else {"melds": [["AS", "AH"]]}
        )
    if kind == "koputus":
        return {"scorer": sol["scorer"], "points": sol["points"] + 1}
    if kind == "nostopakka":
        return {"order": list(reversed(sol["order"]))}
    return {"cards": q["hand"][:2]}


@pytest.mark.parametrize("kind,game", WIDGETS)
def test_right_and_wrong_answers(kind, game):
    rules = PRESETS[game].as_mapping()
    for seed in range(25):
        q = question(kind, seed, rules)
        assert question(kind, seed, rules) == q  # seeded: the same question again
        json.dumps(q, ensure_ascii=False)
        sol = solution(q)
        ok = check(q, right_answer(q, sol))
        assert ok["correct"], (seed, ok)
        bad = check(q, wrong_answer(q, sol))
        assert not bad["correct"] and len(bad["message"]) > 20, (seed, bad)


def test_all_kinds_listed():
    assert {k for k, _ in WIDGETS} == set(KINDS)


def test_handle_never_raises():
    reply = json.loads(handle('{"op": "check", "question": {"kind": "nope"}}'))
    assert reply["ok"] is False and "error" in reply
    reply = json.loads(handle("not json"))
    assert reply["ok"] is False
    reply = json.loads(
        handle(
            json.dumps({"op": "question", "kind": "pisteet", "seed": 4, "rules": PRESETS["perusrommi"].as_mapping()})
        )
    )
    assert reply["ok"] and "question" in reply["result"]


def test_minus_points_accept_either_sign():
    rules = PRESETS["rommi"].as_mapping()
    q = question("pisteet", 2, rules)
    sol = solution(q)
    assert sol["points"] < 0
    assert check(q, {"points": -sol["points"]})["correct"] and check(q, {"points": sol["points"]})["correct"]


def test_a_pile_without_a_deal_for_the_fewest_players_is_its_listed_cards():
    import random

    from rommikirja import RuleSet
    from rommikirja.app.practice import nostopakka

    dealt = nostopakka.make(random.Random(3), FIXED["perusrommi"])
    assert dealt["discard_size"] > len(dealt["discard"])  # every card the hands left, not only the shown
    # a rule set made by hand (not read from a file) that deals no hand for three players
    odd = RuleSet(min_players=3, hand_size=((2, 10),))
    q = nostopakka.make(random.Random(3), odd)
    assert q["discard_size"] == len(q["discard"])
