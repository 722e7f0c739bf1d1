"""The Pelaa page's engine API (rommikirja.play.handle): whole games through JSON, refusals with
the rule's section, hints, the replay, and exported positions that tools.verify accepts as they are."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rommikirja.app.links import TOPICS, rule_link
from rommikirja.play import handle
from tools.pelaa_games import pelaa_games
from tools.scenario import load_rulesets

from test_computer import GAMES

ROOT = Path(__file__).resolve().parent.parent


def call(**req):
    reply = json.loads(handle(json.dumps(req)))
    assert reply["ok"], reply
    return reply["result"]


def new_game(game, players=2, levels=None, seed="9", options=None):
    rules = GAMES[game].as_mapping()
    return call(
        op="new",
        rules=rules,
        players=players,
        levels=levels or ["taitava"] * (players - 1),
        seed=seed,
        options=options or {},
    )


def play_deal_with_hints(res):
    state, view = res["state"], res["view"]
    for _ in range(600):
        if view["over"]:
            return state, view
        h = call(op="hint", state=state)
        assert h["reason"].endswith(".")
        r = call(op="move", state=state, move=h["move"])
        assert "refused" not in r, r
        state, view = r["state"], r["view"]
        assert view["over"] or view["your_turn"]  # the computers have moved in the same request
    raise AssertionError("deal did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_deal_and_its_export_verifies(game, tmp_path):
    players = 2 if game == "gin" else 3
    state, view = play_deal_with_hints(new_game(game, players))
    assert view["score"]["lines"] and len(view["totals"]) == players
    assert sum(view["score"]["points"]) == sum(view["totals"])
    export = call(op="export", state=state)
    path = tmp_path / export["filename"]
    path.write_text(export["yaml"], encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tools.verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + export["yaml"]
    others = view["names"][1:]
    for line in view["log"]:  # another player's card from the stock stays hidden
        for name in others:
            if line.startswith(f"{name} nostaa"):
                assert line == f"{name} nostaa kortin nostopakasta.", line
    frames = call(op="replay", state=state, deal=0)["frames"]
    assert any(" nostaa nostopakasta " in f["text"] for f in frames)  # the replay shows every card
    assert len(frames) == state["check"]["moves"] + 1  # every move, the computers' too
    assert all(f["text"] for f in frames)


def test_export_waits_for_the_end_of_the_deal_and_a_changed_export_does_not_verify(tmp_path):
    res = new_game("gin", seed="31")
    r = call(op="move", state=res["state"], move={"pass": True})
    mid = json.loads(handle(json.dumps({"op": "export", "state": r["state"]})))
    assert mid["ok"] is False and mid["error"].startswith("Jaon voi viedä esimerkiksi vasta, kun se on päättynyt")
    state, view = play_deal_with_hints(r)
    export = call(op="export", state=state)
    assert "over: true" in export["yaml"]
    good = tmp_path / "ok.yaml"
    good.write_text(export["yaml"], encoding="utf-8")
    assert subprocess.run([sys.executable, "-m", "tools.verify", str(good)], cwd=ROOT).returncode == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        re.sub(r"points: \{(\w+): (-?\d+)", lambda m: f"points: {{{m.group(1)}: {int(m.group(2)) + 1}", export["yaml"]),
        encoding="utf-8",
    )
    assert bad.read_text(encoding="utf-8") != export["yaml"]
    proc = subprocess.run([sys.executable, "-m", "tools.verify", str(bad)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 1 and "points" in proc.stderr


#: Rule links as the build writes them (the page sends its game's with every move): made here from
#: the tests' own headings, not the shipped templates.
LINKS = {
    "rommi": {
        "page": "rommi",
        "topics": {
            "turn": ["vuoro", "Vuoro"],
            "meld": ["yhdistelmat-ja-lisaaminen", "Yhdistelmät ja lisääminen"],
            "lay_off": ["yhdistelmat-ja-lisaaminen", "Yhdistelmät ja lisääminen"],
        },
    },
    "perusrommi": {
        "page": "perusrommi",
        "topics": {"turn": ["vuoron-kulku", "Vuoron kulku"], "meld": ["yhdistelmat", "Yhdistelmät"]},
    },
    "rommi51": {"page": "rommi51", "topics": {"turn": ["vuoro", "Vuoro"], "opening": ["avaus", "Avaus"]}},
}


def test_illegal_move_is_refused_with_reason_and_rule_link():
    res = new_game("perusrommi", seed="4")
    rommi = call(op="new", rules=GAMES["rommi"].as_mapping(), seed="4")
    r = call(op="move", state=rommi["state"], move={"draw": "stock"})
    r = call(op="move", state=r["state"], move={"lay_off": r["view"]["hand"][:1], "onto": 0}, links=LINKS["rommi"])
    assert r["refused"]["rule"]["href"] == "rommi/#yhdistelmat-ja-lisaaminen"
    r = call(op="move", state=rommi["state"], move={"lay_off": rommi["view"]["hand"][:1], "onto": 0})
    assert r["refused"]["code"] and r["refused"]["rule"] is None  # no links sent: no link
    hand = res["view"]["hand"]
    links = LINKS["perusrommi"]
    r = call(op="move", state=res["state"], move={"discard": hand[0]}, links=links)
    assert r["refused"]["code"] == "must_draw"
    assert "vuoro alkaa aina nostolla" in r["refused"]["reason"]
    assert r["refused"]["rule"]["href"] == "perusrommi/#vuoron-kulku"
    assert r["state"] == res["state"]  # nothing changed
    r = call(op="move", state=res["state"], move={"draw": "stock"})
    r2 = call(op="move", state=r["state"], move={"meld": r["view"]["hand"][:2]}, links=links)
    assert r2["refused"]["code"] == "too_short" and "vähintään kolme" in r2["refused"]["reason"]
    assert r2["refused"]["rule"]["anchor"] == "yhdistelmat"


def test_house_rules_change_the_rules_in_force():
    res = new_game("perusrommi", options={"melds_per_turn": "one", "rummy_doubling": False})
    rules = {r["option"]: r for r in res["view"]["rules"]}
    assert rules["melds_per_turn"]["text"] == "enintään yksi"
    assert rules["rummy_doubling"]["value"] is False
    opts = call(op="options", rules=GAMES["gin"].as_mapping())["options"]
    assert {o["option"] for o in opts} >= {"knock_limit", "gin_bonus"}
    assert all(o["label"] for o in opts)
    bad = json.loads(handle(json.dumps({"op": "new", "rules": {"name": "perusrommi"}, "options": {"ace": "middle"}})))
    assert bad["ok"] is False and "ace" in bad["error"]


def test_rommi51_opening_from_chosen_cards():
    res = new_game("rommi51", seed="3")
    r = call(op="move", state=res["state"], move={"draw": "stock"})
    hand = r["view"]["hand"]
    r2 = call(op="move", state=r["state"], move={"open_cards": hand[:3]}, links=LINKS["rommi51"])
    assert r2["refused"]["code"] in ("not_melds", "opening_too_low", "no_pure_run")
    assert r2["refused"]["rule"]["anchor"] == "avaus"


def test_same_seed_same_game_and_next_deal():
    a = new_game("gin", seed="77")
    b = new_game("gin", seed="77")
    assert a["view"]["hand"] == b["view"]["hand"] and a["state"] == b["state"]
    state, view = play_deal_with_hints(a)
    if not view["game_over"]:
        r = call(op="next_deal", state=state)
        assert r["view"]["deal_no"] == 2 and not r["view"]["over"]
        assert r["view"]["totals"] == view["totals"]


def test_handle_never_raises_on_garbage():
    for text in [
        "",
        "[]",
        "{}",
        '{"op": "move"}',
        '{"op": "move", "state": {"deals": [{"dealer": 9}]}}',
        '{"op": "new", "players": 9}',
        '{"op": "hint", "state": 5}',
    ]:
        reply = json.loads(handle(text))
        assert reply["ok"] is False and reply["error"]


def _slug(heading: str) -> str:
    from markdown.extensions.toc import slugify  # how MkDocs makes the anchors

    return slugify(heading.strip(), "-")


GAMES_DATA = pelaa_games(load_rulesets(), [])


@pytest.mark.parametrize("game", sorted(GAMES_DATA))
def test_rule_links_point_at_real_sections(game):
    """The build's rule links of every game on the Pelaa page name sections its page has."""
    links = GAMES_DATA[game]["links"]
    # the page's headings as the build wrote them (the accepted page text: one page template makes them)
    page = (ROOT / "tests" / "snapshots" / "pages" / f"{links['page']}.md.txt").read_text(encoding="utf-8")
    anchors = {_slug(m) for m in re.findall(r"^##+ (.+)$", page, re.M)}
    assert {"turn", "meld"} <= set(links["topics"]) <= set(TOPICS)
    for topic, (anchor, title) in links["topics"].items():
        assert anchor in anchors and _slug(title) == anchor, (game, topic)
    link = rule_link(links, "gap")
    assert link["page"] == links["page"] and link["anchor"] in anchors


def test_rule_links_follow_the_page_headings():
    """A renamed heading moves the link; a topic the page lacks falls back to the melds or the turn."""
    from tools.pelaa_games import topic_links

    links = topic_links("kerho", ["Jako", "Vuoro", "Yhdistelmät ja täydentäminen", "Avaus"])
    assert links["topics"]["meld"] == ["yhdistelmat-ja-taydentaminen", "Yhdistelmät ja täydentäminen"]
    assert rule_link(links, "joker_in_place")["anchor"] == "yhdistelmat-ja-taydentaminen"
    assert rule_link(links, "stock_empty")["href"] == "kerho/#vuoro"
    assert rule_link(links, "no_pure_run")["anchor"] == "avaus"
    bad = json.loads(
        handle(
            json.dumps({"op": "move", "state": {}, "move": {"draw": "stock"}, "links": {"page": "<a>", "topics": {}}})
        )
    )
    assert bad["ok"] is False and bad["error"].endswith(".")


def test_finished_deals_replayed_from_the_cache_give_the_same_view():
    from rommikirja.app import pelaa_replay as play_replay

    res = new_game("gin", seed="5")
    state, view = play_deal_with_hints(res)
    while view["game_over"] is False and len(state["deals"]) < 3:
        state, view = play_deal_with_hints(call(op="next_deal", state=state))
    assert len(state["deals"]) >= 2
    cached = call(op="view", state=state)["view"]
    play_replay._FINISHED.clear()
    fresh = call(op="view", state=state)["view"]
    assert cached == fresh and cached["totals"] == view["totals"]
    refused = json.loads(
        handle(
            json.dumps(
                {"op": "replay", "state": call(op="new", rules=GAMES["gin"].as_mapping(), seed="5")["state"], "deal": 0}
            )
        )
    )
    assert refused["ok"] is False  # no replay (all hands) while the deal is on


def test_untrusted_states_are_refused_quickly():
    import time

    state = new_game("gin", seed="1")["state"]
    for bad in [
        {**state, "deals": [[{"draw": "stock"}] * 5000]},
        {**state, "deals": [[] for _ in range(301)]},
        {**state, "seed": "x" * 100},
        {**state, "names": ["A" * 50, "B"]},
        {**state, "deals": [{"dealer": 7, "moves": []}]},
    ]:
        t = time.process_time()
        reply = json.loads(handle(json.dumps({"op": "view", "state": bad})))
        assert reply["ok"] is False and reply["error"].endswith(".")
        assert time.process_time() - t < 0.5
    assert json.loads(handle(" " * 1_000_001))["error"] == "Pyyntö on liian pitkä."


@pytest.mark.parametrize("game", sorted(GAMES))
def test_export_states_every_rule_played_so_a_changed_club_rule_set_does_not_move_it(game):
    """The export replays under the rules actually played (house-rule switches included), whatever
    the club's preset file says later: every option is written, none is left to the preset."""
    import yaml
    from rommikirja import OPTIONS, RuleSet

    res = new_game(game, 2, options={"max_turnovers": 2} if game != "gin" else {})
    state, _ = play_deal_with_hints(res)
    export = call(op="export", state=state)
    options = yaml.safe_load(export["yaml"])["options"]
    assert set(options) == set(OPTIONS)
    played = GAMES[game].with_options(**({"max_turnovers": 2} if game != "gin" else {}))
    other = RuleSet()  # a preset that differs from the played rules in many options
    assert RuleSet.from_mapping(options, base=other).as_mapping() == {**played.as_mapping(), "name": other.name}


@pytest.mark.parametrize(
    "move",
    [{"claim": "Nobody"}, {"claim": "Sinä", "onto": "x"}, {"lay_off": ["7H"]}, {"discard": "1H"}, {"frobnicate": 1}],
)
def test_a_malformed_move_is_refused_in_finnish(move):
    """A crafted move gets a Finnish reason, never a Python error text."""
    res = new_game("rommi")
    r = call(op="move", state=res["state"], move=move)
    reason = r["refused"]["reason"]
    assert r["refused"]["code"] == "bad_move"
    assert not re.search(r"is not in list|invalid literal|Error|Traceback", reason), reason


def test_hints_name_the_button_and_cards_the_page_selects():
    """The page makes no step of its own: a hint names its button (one the view offers) and the
    cards it selects, and that button's step (view.action_steps) with those cards is the hinted move."""
    for game in ("gin", "perusrommi", "rommi51"):
        res = new_game(game, seed="12")
        for _ in range(30):
            if res["view"]["over"]:
                break
            h = call(op="hint", state=res["state"])
            view = res["view"]
            assert h["action"] in view["actions"], (game, h)
            assert set(h["cards"]) <= set(view["hand"]) | ({view["discard_top"]} - {None})
            spec = view["action_steps"][h["action"]]
            move = dict(spec["step"])
            if spec.get("cards") == "one":
                move[spec["key"]] = h["cards"][0]
            elif spec.get("cards") == "many":
                move[spec["key"]] = h["cards"]
            if spec.get("onto"):
                move["onto"] = h["onto"]
            if h["action"] != "open":  # Rommi 51's opening: the engine splits the chosen cards
                assert move == h["move"], (game, move, h["move"])
            res = call(op="move", state=res["state"], move=move)
            assert "refused" not in res, (game, res.get("refused"))


def test_one_table_behind_both_entry_points():
    from rommikirja import practice
    from rommikirja.app.api import OPS
    from rommikirja.app.practice import api as practice_api

    assert tuple(op for op, o in OPS.items() if o.wing == "practice") == practice_api.OPS
    for text, wing_handle in (('{"op": "new"}', practice.handle), ('{"op": "question"}', handle)):
        error = json.loads(wing_handle(text))["error"]
        assert error.startswith("Pyynnön laji (op) on tuntematon") and error.endswith(".")
