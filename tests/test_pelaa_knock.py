"""Pelaa's knock in gin (op ``knock_options``, rommikirja.app.pelaa_knock): the reader's arrangements
best first, each with what it gives and what it costs; the chosen one sent as the move scores what it
said; a bad arrangement or request gets a Finnish refusal, never a traceback; no hidden card is named.
Uses the tests' own rule sets (tests/fixed_rules.py)."""

from __future__ import annotations

import json

import pytest

from pelaa_tools import ask, call, leaks, new_game, position

FINNISH = "abcdefghijklmnopqrstuvwxyzåäöABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ0123456789 .,:;–—−-()”{}\"/"


def knock_with_choices(seeds=range(1, 80), least=2):
    """(seed, state before the reader's knock, the hinted knock, its options) of the first seeded
    gin game whose reader, playing the hints, knocks with at least ``least`` arrangements."""
    for seed in seeds:
        r = new_game("gin", 2, str(seed))
        while not r["view"]["over"]:
            move = call(op="hint", state=r["state"])["move"]
            if "knock" in move:
                o = call(op="knock_options", state=r["state"], seen=r["state"]["check"], move=move)
                if len(o["options"]) >= least and any(x["cost"] > 0 for x in o["options"]):
                    return seed, r["state"], move, o
                break
            r = call(op="move", state=r["state"], move=move, seen=r["state"]["check"])
    raise AssertionError("no seeded knock with a choice")


@pytest.fixture(scope="module")
def choice():
    return knock_with_choices()


def test_the_options_best_first_with_their_costs(choice):
    _, state, move, o = choice
    options = o["options"]
    assert o["card"] == move["knock"] and o["intro"].startswith("Koputat poistamalla ")
    assert options[0]["best"] and not any(x["best"] for x in options[1:])
    best = options[0]
    mine = lambda x: x["points"] if x["scorer"] == "Aino" else -x["points"]  # noqa: E731
    assert all(mine(best) - mine(x) == x["cost"] >= 0 for x in options)
    assert best["cost_text"] == "Tämä on paras levitys."
    for x in options:
        assert x["step"] == {"knock": move["knock"], "melds": x["melds"]}
        assert set(x["result"] + x["cost_text"] + x["deadwood_text"]) <= set(FINNISH), x
        if x["cost"]:
            assert x["cost_text"].startswith("Parhaaseen levitykseen verrattuna tämä maksaa sinulle ")
            assert str(x["cost"]) in x["cost_text"]
        assert str(x["points"]) in x["result"]
    # the same knock without a chosen arrangement is the first option
    plain = call(op="move", state=state, move=move, seen=state["check"])
    assert plain["view"]["score"]["points"][0 if best["scorer"] == "Aino" else 1] == best["points"]


def test_a_chosen_arrangement_scores_what_it_said(choice):
    _, state, move, o = choice
    other = next(x for x in o["options"] if x["cost"] > 0)
    after = call(op="move", state=state, move=other["step"], seen=state["check"])
    assert "refused" not in after and after["view"]["over"]
    score = after["view"]["score"]
    seat = 0 if other["scorer"] == "Aino" else 1
    assert score["points"][seat] == other["points"] and score["points"][1 - seat] == 0
    assert after["state"]["deals"][-1][-1] == other["step"]  # the choice is the reader's move in the state


def test_no_hidden_card_in_the_options(choice):
    _, state, _, o = choice
    _, hidden, seen = position(state)
    assert hidden and not leaks({"result": o}, hidden, seen)


@pytest.mark.parametrize(
    "melds, code",
    [
        (lambda o: [o["melds"][0][:2]], "too_short"),  # two cards are no meld
        (lambda o: [o["melds"][0], o["melds"][0]], "not_in_hand"),  # a card twice
        (lambda o: [o["melds"][0] + [o["card"]]], None),  # the knock's own card in a meld
        (lambda o: [["2S", "3S", "4S"]] if "2S" not in o["hand"] else [["KD", "QD", "JD"]], None),
        (lambda o: [], "knock_over_limit"),  # nothing spread: the whole hand is deadwood
    ],
)
def test_a_bad_arrangement_is_refused_in_finnish(choice, melds, code):
    _, state, move, o = choice
    view = call(op="view", state=state, seen=state["check"])["view"]
    first = o["options"][0]
    bad = melds({"melds": first["melds"], "card": move["knock"], "hand": view["hand"]})
    reply = ask(op="move", state=state, seen=state["check"], move={"knock": move["knock"], "melds": bad})
    assert reply["ok"], reply
    refused = reply["result"]["refused"]
    assert code is None or refused["code"] == code, refused
    assert refused["reason"].endswith(".") and "Traceback" not in refused["reason"]
    assert reply["result"]["state"] == state  # nothing was played


@pytest.mark.parametrize(
    "move, start",
    [
        ({"knock": "7H", "melds": [["7H"]] * 11}, "Koputuksen yhdistelmien (melds) pitää olla luettelo"),
        ({"knock": "7H", "melds": "7H 8H 9H"}, "Siirron kenttä"),
        ({"knock": "7H", "melds": [["7X", "8H", "9H"]]}, "”7X” ei ole tämän pelin kortti"),
    ],
)
def test_a_malformed_arrangement_is_refused_in_finnish(choice, move, start):
    _, state, _, _ = choice
    reply = ask(op="move", state=state, seen=state["check"], move=move)
    assert reply["ok"] and reply["result"]["refused"]["code"] == "bad_move", reply
    assert reply["result"]["refused"]["reason"].startswith(start), reply


def test_knock_options_refusals():
    r = new_game("gin", 2, "3")
    state = r["state"]
    # the deal has just begun: no knock yet (the engine's own refusal, as for the move)
    reply = ask(op="knock_options", state=state, move={"knock": r["view"]["hand"][0]})
    assert reply["ok"] and reply["result"]["refused"]["code"] in ("must_draw", "knock_over_limit"), reply
    for move, error in [
        ({"discard": r["view"]["hand"][0]}, "Kerro levitystä varten vain kortti"),
        ({"knock": r["view"]["hand"][0], "melds": []}, "Kerro levitystä varten vain kortti"),
        ("7H", "Siirron pitää olla JSON-olio"),
        ({"knock": "ZZ"}, "”ZZ” ei ole tämän pelin kortti"),
    ]:
        reply = ask(op="knock_options", state=state, move=move)
        assert not reply["ok"] and reply["error"].startswith(error), reply
    rummy = new_game("perusrommi", 2, "3")
    reply = ask(op="knock_options", state=rummy["state"], move={"knock": rummy["view"]["hand"][0]})
    assert reply == {"ok": False, "error": "Levityksen voi valita vain gin-rommin koputuksessa."}
    assert json.loads(json.dumps(reply))  # plain JSON


def test_a_deal_knocked_with_a_chosen_arrangement_exports_and_verifies(choice, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    _, state, _, o = choice
    other = next(x for x in o["options"] if x["cost"] > 0)
    after = call(op="move", state=state, move=other["step"], seen=state["check"])
    export = call(op="export", state=after["state"])
    assert "melds:" in export["yaml"]
    path = tmp_path / export["filename"]
    path.write_text(export["yaml"], encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, "-m", "tools.verify", str(path)], cwd=root, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + export["yaml"]
