"""Pelaa's game state is untrusted: a stored or sent state is accepted only if it replays to the
same position with the computers' moves chosen again by the engine; levels, rules and seed fixed
for the game; no undo against the page's seen mark; bounded deals. The hand-written tampered
states of tests/pelaa_tampered.yaml are each refused with a Finnish sentence. Own rule sets only."""

from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path

import pytest
import yaml

from pelaa_tools import ask, call, new_game, play
from rommikirja.app import pelaa_replay as play_replay, pelaa_state as play_state
from rommikirja.app.pelaa_replay import Game
from rommikirja.app.pelaa_state import game_digest

CASES = yaml.safe_load((Path(__file__).parent / "pelaa_tampered.yaml").read_text(encoding="utf-8"))
#: signs of Python or English in a refusal
LEAK = re.compile(
    r"Error|Traceback|None\b|True\b|False\b|object|\bdict\b|\blist\b|\bstr\b|\bint\b|"
    r"'[^']*'|\[\s*'|Expecting|invalid|sisäinen virhe"
)
MAX_SECONDS = 1.0

_BASES: dict = {}


def base(case: dict) -> dict:
    """The case's base game: a result (state and view) the engine gave."""
    key = json.dumps({k: case.get(k) for k in ("game", "players", "seed", "options", "moves", "deals")}, sort_keys=True)
    if key not in _BASES:
        r = new_game(
            case.get("game", "perusrommi"), case.get("players", 2), case.get("seed", "4"), options=case.get("options")
        )
        for _ in range(case.get("deals", 0)):
            r = play(r, "end")
            r = call(op="next_deal", state=r["state"], seen=r["state"]["check"])
        _BASES[key] = play(r, case.get("moves", 0))
    return _BASES[key]


def _at(state: dict, path: str):
    """The container and key of ``path`` ("deals/-1/0") in ``state``."""
    parts = [int(p) if re.fullmatch(r"-?\d+", p) else p for p in str(path).split("/")]
    node = state
    for p in parts[:-1]:
        node = node[p]
    return node, parts[-1]


def _value(v, state: dict, case: dict):
    if isinstance(v, str) and v.startswith("@"):
        hands = Game(copy.deepcopy(state)).deal.hands
        return {
            "@computer_card": lambda: sorted(c.code for c in hands[1])[0],
            "@own_card": lambda: sorted(c.code for c in hands[0])[0],
            "@301_empty_deals": lambda: [[] for _ in range(301)],
            "@1001_draws": lambda: [[{"draw": "stock"}] * 1001],
        }[v]()
    if isinstance(v, dict):
        return {k: _value(x, state, case) for k, x in v.items()}
    return v


def recheck(state: dict) -> None:
    """Recompute the state's check the way someone running the engine by hand could."""
    try:
        state["check"]["game"] = game_digest(state)
        state["check"] = Game(copy.deepcopy(state)).check
    except Exception:  # the replay itself refuses: the digest is all one can recompute
        pass


def tampered(case: dict) -> tuple[dict, dict | None]:
    b = base(case)
    state = copy.deepcopy(b["state"])
    for edit in case.get("edit", []):
        ((kind, path),) = [(k, v) for k, v in edit.items() if k != "value"]
        node, key = _at(state, path)
        value = _value(copy.deepcopy(edit.get("value")), b["state"], case)
        if kind == "set":
            node[key] = value
        elif kind == "delete":
            del node[key]
        elif kind == "append":
            node[key].append(value)
        else:
            assert kind == "truncate"
            del node[key][value:]
    if case.get("recheck"):
        recheck(state)
    seen = case.get("seen")
    if seen == "base":
        seen = b["state"]["check"]
    elif seen == "@base_plus_moves":
        seen = {**b["state"]["check"], "moves": b["state"]["check"]["moves"] + 1}
    return state, seen


def finnish_refusal(reply: dict, seconds: float) -> str:
    assert seconds < MAX_SECONDS, f"{seconds:.2f} s"
    assert reply["ok"] is False, reply
    error = reply["error"]
    assert error[:1].isupper() and error.endswith("."), error
    assert not LEAK.search(error), error
    return error


def test_the_data_file_has_enough_cases():
    assert len(CASES) >= 20 and len({c["name"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_a_tampered_state_is_refused_in_finnish(case):
    b = base(case)
    # the untouched state (with the page's seen mark) is accepted: the edit is what is refused
    assert ask(op="view", state=b["state"], seen=b["state"]["check"])["ok"]
    state, seen = tampered(case)
    request = {"op": case.get("op", "view"), "state": state}
    if seen is not None:
        request["seen"] = seen
    if "move" in case:
        request["move"] = case["move"]
    t = time.process_time()
    reply = ask(**request)
    error = finnish_refusal(reply, time.process_time() - t)
    assert case["expect"] in error, error


def test_the_computers_moves_are_chosen_by_the_engine_not_read():
    """The state holds only the reader's moves; the replay regenerates the computers' and a
    different level plays different moves from the same reader's moves."""
    r = play(new_game("perusrommi", 2, "4"), 6)
    g = Game(copy.deepcopy(r["state"]))
    own = [m for m in r["state"]["deals"][0]]
    assert len(g.full[0]) == r["state"]["check"]["moves"] > len(own)
    other = copy.deepcopy(r["state"])
    other["levels"] = ["aloittelija"]
    try:
        changed = Game(other).full[0]
    except play_state.PlayError:  # the reader's moves no longer fit: refused, not mixed
        changed = None
    assert changed != g.full[0]


def test_a_game_proceeds_with_the_seen_mark_and_survives_a_fresh_worker():
    r = play(new_game("gin", 2, "5"), "end")
    seen = r["state"]["check"]
    r = call(op="next_deal", state=r["state"], seen=seen)
    r = play(r, 3)
    view = call(op="view", state=r["state"], seen=r["state"]["check"])["view"]
    play_replay._FINISHED.clear()  # a reload: a new worker, nothing cached
    t = time.process_time()
    fresh = call(op="view", state=r["state"], seen=seen)  # an older mark is fine: extended
    assert time.process_time() - t < MAX_SECONDS
    assert fresh["view"] == view and fresh["state"] == r["state"]


def test_the_deals_of_a_game_are_bounded(monkeypatch):
    monkeypatch.setitem(play_state.LIMITS, "deals", 1)
    r = play(new_game("gin", 2, "5"), "end")
    reply = ask(op="next_deal", state=r["state"], seen=r["state"]["check"])
    assert finnish_refusal(reply, 0).startswith("Pelissä on jo 1 jakoa")
    monkeypatch.setitem(play_state.LIMITS, "deals", 300)
    assert ask(op="next_deal", state=r["state"])["ok"]
    opts = {o["option"]: o for o in call(op="options", rules=new_game("perusrommi")["state"]["rules"])["options"]}
    assert opts["game_deals"]["max"] == 300
    refused = ask(op="new", rules=new_game("perusrommi")["state"]["rules"], options={"game_deals": 301})
    assert "enintään 300 jakoa" in finnish_refusal(refused, 0)


def test_a_state_of_the_old_page_is_refused_with_a_reason_the_page_can_show():
    old = {"rules": {"name": "perusrommi"}, "players": 2, "seed": "3", "deals": [{"dealer": 1, "moves": []}], "v": 1}
    assert "aloita uusi peli" in finnish_refusal(ask(op="view", state=old), 0)


@pytest.mark.parametrize(
    "name",
    [
        "<img src=x onerror=alert(1)>",
        "__proto__",
        "../rules/perusrommi",
        "Perusrommi",
        "perus rommi",
        "1rommi",
        "perusrommi\n",
        "a" * 42,
        "",
        5,
        None,
    ],
)
def test_a_game_name_that_is_no_slug_is_refused(name):
    from fixed_rules import FIXED

    reply = ask(op="new", rules={**FIXED["perusrommi"].as_mapping(), "name": name}, players=2, seed="7")
    assert not reply["ok"]
    assert reply["error"].startswith("Pelin nimen (rules.name) pitää olla pienin kirjaimin kirjoitettu tunnus")
    assert "<img" not in json.dumps(reply) and "__proto__" not in json.dumps(reply)


@pytest.mark.parametrize(
    "title, why",
    [
        ("<img src=x onerror=alert(1)>", "merkki U+003C ("),
        ("Kerho\nrommi", "merkki U+000A ("),
        ("Kerho {: onclick=x }", "merkki U+007B ("),
        ("Реrusrommi", "merkki U+0420 (kyrillinen kirjain)"),
        ("Ｐerusrommi", "merkki U+FF30 ("),
        ("Kerho\u200brommi", "merkki U+200B ("),
        ("x" * 61, "otsikossa on 61 merkkiä"),
        ("Kerho" + "\u0336" * 5, "pinottuja yhdistyviä merkkejä"),
        (" Kerho", "alussa tai lopussa on tyhjää"),
        ("javascript:alert(1)", "merkki U+003A ("),
        (7, "ei ole tekstiä"),
    ],
)
def test_a_game_title_that_is_no_plain_line_is_refused(title, why):
    from fixed_rules import FIXED

    reply = ask(
        op="new", rules={**FIXED["perusrommi"].as_mapping(), "name": "perusrommi", "title": title}, players=2, seed="7"
    )
    assert not reply["ok"] and reply["error"].startswith("Pelin otsikon (rules.title) pitää olla yksi rivi")
    assert why in reply["error"], reply["error"]
    assert "<img" not in json.dumps(reply) and "\\u" not in reply["error"]


def test_a_plain_game_name_and_title_are_played():
    from fixed_rules import FIXED

    result = call(
        op="new",
        rules={
            **FIXED["perusrommi"].as_mapping(),
            "name": "kerho-rommi2",
            "title": "Kerhon rommi – ”paras” (versio 2)!",
        },
        players=2,
        seed="7",
    )
    assert result["state"]["rules"]["name"] == "kerho-rommi2"


@pytest.mark.parametrize("seed", ["7\u3164", "\u2800", "7\ufe0f", "7\U000e0041", "7" + "\u0336" * 3])
def test_a_seed_with_a_blank_filler_or_stacked_marks_is_refused(seed):
    from fixed_rules import FIXED

    reply = ask(op="new", rules=FIXED["perusrommi"].as_mapping(), players=2, seed=seed)
    assert not reply["ok"] and reply["error"].startswith("Pelin numeron (seed) pitää olla luku tai lyhyt teksti")


@pytest.mark.parametrize("game", ["perusrommi", "rommi51"])
def test_the_view_names_the_card_the_reader_just_drew_until_the_turn_ends(game):
    """Pelaa's view: after the reader's draw, ``drawn`` is the card that came into the hand (the
    page marks it); before the draw, and once the turn has passed, it is none."""
    r = new_game(game, 2, "4")
    seen = 0
    for _ in range(12):
        if r["view"]["over"]:
            break
        view = r["view"]
        move = call(op="hint", state=r["state"])["move"]
        if "draw" in move:
            assert view["drawn"] is None, view["drawn"]
            before, top = set(view["hand"]), view["discard_top"]
            r = call(op="move", state=r["state"], move=move, seen=r["state"]["check"])
            new = set(r["view"]["hand"]) - before
            if r["view"]["your_turn"]:
                assert len(new) == 1 and r["view"]["drawn"] in new, (new, r["view"]["drawn"])
                if move["draw"] == "discard":
                    assert r["view"]["drawn"] == top
                seen += 1
        else:
            r = call(op="move", state=r["state"], move=move, seen=r["state"]["check"])
            if not r["view"]["your_turn"]:
                assert r["view"]["drawn"] is None
    assert seen >= 3
