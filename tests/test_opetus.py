"""The Opetusjako (guided first deal): the seed search, the guide's words, the engine's checks of
the reader's moves (guided, refused, legal but different) and the tutorial as a verified scenario.
The tests' own rule sets (tests/corpus/rules), never the shipped ones."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from rommikirja.app.api import pelaa_handle
from rommikirja.app.opetus import script_of
from rommikirja.app.opetus_text import concepts_of, own_concepts, reader_moves
from rommikirja.app.pelaa import ACTION_STEPS
from rommikirja.narrate import DEFAULT_NAMES
from test_opetus_advice import ask_opetus
from tools.sample_deal import best_tutorial, deal_of, scenario_yaml, tutorial_deal, tutorial_seed
from tools.scenario import load_rulesets
from tools.verify import verify

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "tests" / "corpus" / "rules"
RULES = load_rulesets(RULES_DIR)
PLAYERS = {"perusrommi": 3, "gin": 2, "rommi51": 3}
SEEDS = range(1, 61)


@pytest.fixture(scope="module")
def tutorials():
    out = {}
    for game, n in PLAYERS.items():
        seed = tutorial_seed(RULES[game], n, SEEDS)
        out[game] = (seed, *tutorial_deal(RULES[game], n, seed))
    return out


def _page_move(step: dict) -> dict:
    """The move the page sends for a guided step (as opetus.js builds it from ACTION_STEPS)."""
    spec = ACTION_STEPS[step["action"]]
    move = dict(spec["step"])
    if spec.get("cards") == "one":
        move[spec["key"]] = step["cards"][0]
    elif spec.get("cards") == "many":
        move[spec["key"]] = list(reversed(step["cards"]))  # any order of choosing
    if spec.get("onto"):
        move["onto"] = step["onto"]
    return move


def _ask(game: str, script: dict, at: int, move: dict | None = None, part: list | None = None) -> dict:
    return ask_opetus(RULES[game], script, at, move, part)


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_search_finds_a_short_deal_the_reader_wins_with_distinct_instructions(tutorials, game):
    _, start, moves, steps, *_ = tutorials[game]
    assert 10 <= reader_moves(steps) <= 25
    texts = [s["text"] for s in steps]
    assert len(set(texts)) == len(texts), texts
    concepts = concepts_of(steps)
    assert {"nosto", "poisto"} <= set(concepts), concepts
    assert ("koputus" in concepts or "gin" in concepts) if game == "gin" else "ulos" in concepts
    # the rule set's own concepts: a meld; gin's deadwood; an opening and jokers where the rules have them
    rules = RULES[game]
    assert {"ryhma", "suora"} & set(concepts), concepts
    assert ("irtokortit" in concepts) == (rules.style == "knock"), concepts
    assert ("avaus" in concepts) == bool(rules.opening_points), concepts
    assert "jokeri" in concepts or not rules.jokers, concepts
    assert "avokortti" in concepts or not (rules.style == "knock" and rules.upcard_offer), concepts
    # what the reader sees step by step: words that start a sentence, and never the previous
    # step's instruction again (the words, or what to press, right after the same)
    assert all(s["text"][:1].isupper() and s["text"].endswith(".") for s in steps), texts
    for before, step in zip(steps, steps[1:]):
        assert step["how"] != before["how"] and step["text"] != before["text"], (before, step)
    # each concept's rule is said once, where it first matters
    said = [s["rule"] for s in steps if s["rule"]]
    assert len(said) == len(set(said)) and steps[0]["rule"]
    assert all(s["how"].startswith(("Paina", "Valitse")) for s in steps)


@pytest.mark.parametrize("game", list(PLAYERS))
def test_following_the_guide_plays_the_whole_deal_and_wrong_moves_do_not_advance(tutorials, game):
    _, start, moves, steps, *_ = tutorials[game]
    names = list(DEFAULT_NAMES[: PLAYERS[game]])
    script = script_of(start, moves, names, 0)
    first = _ask(game, script, 0)
    assert first["at"] == steps[0]["at"] and not first["view"]["over"]
    # a turn begins with a draw: the engine refuses a discard, in Finnish, and the step stays
    refused = _ask(game, script, 0, {"discard": first["view"]["hand"][0]})
    assert refused["result"] == "refused" and refused["at"] == 0
    assert refused["reason"].endswith(".") and "Aino" not in refused["reason"]  # (said to "sinä")
    at = 0
    others = 0
    staged: list = []  # an opening's melds built so far
    for step in steps:
        assert at == step["at"]
        if step["action"] == "open_part":  # each meld checked and counted by the engine; nothing advances
            answer = _ask(game, script, at, part=staged + [list(reversed(step["cards"]))])
            assert answer["result"] == "part" and answer["at"] == at, (step, answer)
            assert [m["cards"] for m in answer["melds"][:-1]] == staged
            staged = [m["cards"] for m in answer["melds"]]
            continue
        if step["action"] == "open" and staged:
            answer = _ask(game, script, at, {"open": staged})
            assert answer["result"] == "ok", (step, answer)
            at, staged = answer["at"], []
            continue
        if step["action"] == "discard" and not others:
            hand = _ask(game, script, at)["view"]["hand"]
            other = next(c for c in hand if c.rstrip("'") not in {w.rstrip("'") for w in step["cards"]})  # (no twin)
            answer = _ask(game, script, at, {"discard": other})
            if answer["result"] == "other":
                others += 1
                from rommikirja.cards import parse_card
                from rommikirja.finnish import card_name

                assert answer["at"] == at and answer["reason"].startswith(  # (the card tried, then the guided)
                    f"Sääntöjen mukaan voisit myös poistaa {card_name(parse_card(other), 'gen')}, mutta tässä "
                    "opetusjaossa poistetaan nyt " + card_name(parse_card(step["cards"][0]))
                ), answer
                assert answer["reason"].endswith(". Tee nyt ohjeen mukainen siirto."), answer
        answer = _ask(game, script, at, _page_move(step))
        assert answer["result"] == "ok", (step, answer)
        at = answer["at"]
    assert others == 1
    view = answer["view"]
    assert view["over"] and view["score"]["lines"]
    final = deal_of(RULES[game], start, moves)
    assert view["score"]["hands"][0] == [] or game == "gin"
    assert at == len(moves) and final.is_over


def test_a_script_with_an_illegal_move_is_refused_in_finnish(tutorials):
    _, start, moves, steps, *_ = tutorials["perusrommi"]
    script = script_of(start, moves, list(DEFAULT_NAMES[:3]), 0)
    bad = json.loads(json.dumps(script))
    bad["steps"][1] = {"discard": start.hands[1][0].code}  # a card of Eero's, by Aino
    answer = json.loads(
        pelaa_handle(json.dumps({"op": "opetus", "rules": RULES["perusrommi"].as_mapping(), "script": bad, "at": 2}))
    )
    assert not answer["ok"] and answer["error"].startswith("Opetusjaon siirtoa ei voi pelata: "), answer
    assert "'" not in answer["error"] and "None" not in answer["error"]


def test_a_hand_written_tutorial_overrides_the_generated_one():
    from tools.opetusjako import tutorial_id

    assert tutorial_id("kerho", {"z-kerho-opetus": 1}) == "z-kerho-opetus"
    assert tutorial_id("kerho", {"z-kerho-opetus": 1, "opetus-kerho": 2}) == "opetus-kerho"
    assert tutorial_id("kerho", {}) is None


def test_the_tutorial_is_a_verified_scenario_and_a_broken_guided_move_fails_at_its_line(tmp_path, tutorials):
    seed, start, moves, steps, *_ = tutorials["perusrommi"]
    rules = RULES["perusrommi"]
    names = list(DEFAULT_NAMES[:3])
    text = scenario_yaml(
        "perusrommi", "Opetusjako", None, None, names, start, [moves], deal_of(rules, start, moves), rules
    )
    path = tmp_path / "z-perusrommi-opetus.yaml"
    path.write_text(text, encoding="utf-8")
    _, errors = verify([path], rules_dir=RULES_DIR)
    assert errors == []
    # the reader's first discard becomes a card Aino does not hold
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("  - discard: "))
    lines[k] = f"  - discard: {start.hands[1][0].code}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, errors = verify([path], rules_dir=RULES_DIR)
    first = str(errors[0])
    assert re.match(
        rf".*z-perusrommi-opetus\.yaml:{k + 1}: siirto poistaa .* hylättiin: Ainon kädessä ei ole ", first
    ), first


def _real_request(tutorials) -> dict:
    _, start, moves, steps, *_ = tutorials["perusrommi"]
    script = script_of(start, moves, list(DEFAULT_NAMES[:3]), 0)
    return {
        "op": "opetus",
        "play": True,
        "rules": RULES["perusrommi"].as_mapping(),
        "script": script,
        "at": 1,
        "move": {"discard": steps[1]["cards"][0]},
    }


def test_hostile_fields_get_a_finnish_sentence_never_the_fallback(tutorials):
    """Any field of a real request, and any part of its script, replaced by a hostile value: an
    answer or one Finnish sentence (the Pelaa fuzzer's checks), never the internal-error fallback."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    from test_pelaa_fuzz import VALUES, ask

    real = _real_request(tutorials)
    assert ask(real)["result"]["result"] == "ok"
    paths = [
        ("rules",),
        ("script",),
        ("at",),
        ("move",),
        ("script", "start"),
        ("script", "steps"),
        ("script", "names"),
        ("script", "seat"),
        ("script", "start", "hands"),
        ("script", "start", "stock"),
        ("script", "start", "dealer"),
        ("script", "start", "turn"),
        ("script", "start", "phase"),
        ("script", "steps", 0),
        ("move", "discard"),
        ("part",),  # (an opening's melds so far, in a game without an opening too)
    ]

    @settings(deadline=None, suppress_health_check=list(HealthCheck), database=None, max_examples=300)
    @given(st.sampled_from(paths), VALUES)
    def run(path, value):
        req = json.loads(json.dumps(real))
        node = req
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        ask(req)

    run()


def test_a_rule_change_under_the_recorded_seed_searches_again(monkeypatch):
    """The generator keeps a short guided deal when the recorded seed no longer gives one."""
    from tools import sample_deal

    rules = RULES["perusrommi"]
    bad = next(
        s for s in SEEDS if (f := tutorial_deal(rules, 3, s)) is None or not 10 <= len(f[2]) <= 25
    )  # the recorded seed's deal is too long (or the policy gets stuck)
    spec = sample_deal.GameSpec("perusrommi", 3, 1, 1, tutorial_seed=bad)
    monkeypatch.setattr(sample_deal, "SPECS", (spec,))
    monkeypatch.setattr(sample_deal, "load_rulesets", lambda: {"perusrommi": rules})
    monkeypatch.setattr(sample_deal, "TUTORIAL_SEEDS", SEEDS)
    files = sample_deal.generate(ROOT / "no-such-folder")
    text = files[ROOT / "no-such-folder" / "perusrommi" / "z-perusrommi-opetus.yaml"]
    assert "title: Opetusjako" in text


@pytest.mark.parametrize("game", ["gin", "rommi51"])
def test_a_verified_tutorial_file_becomes_the_pages_script(tmp_path, tutorials, game):
    """The page's data is made from the verified scenario (as a hand-written opetus-<game>.yaml
    would be read): the same start (gin's upcard offer too), moves and guide as the generator's."""
    from tools.opetusjako import opetus_data

    _, start, moves, steps, *_ = tutorials[game]
    rules = RULES[game]
    names = list(DEFAULT_NAMES[: PLAYERS[game]])
    text = scenario_yaml(game, "Opetusjako", None, None, names, start, [moves], deal_of(rules, start, moves), rules)
    path = tmp_path / f"opetus-{game}.yaml"
    path.write_text(text, encoding="utf-8")
    scenarios, errors = verify([path], rules_dir=RULES_DIR)
    assert errors == []
    data = opetus_data(scenarios[0], rules.as_mapping(), "Testipeli")
    assert data["script"] == script_of(start, moves, names, 0)
    assert [s["text"] for s in data["steps"]] == [s["text"] for s in steps]
    assert data["concepts"] and data["concepts_text"].count(" ja ") >= 1


def _with_guide_words(text: str, line: int, words: str) -> str:
    lines = text.splitlines()
    lines.insert(line + 1, f"    opastus: {words}")
    return "\n".join(lines) + "\n"


def test_a_hand_written_tutorials_own_words_replace_the_generated_instruction(tmp_path, tutorials):
    from tools.opetusjako import opetus_data

    _, start, moves, steps, *_ = tutorials["perusrommi"]
    rules = RULES["perusrommi"]
    names = list(DEFAULT_NAMES[:3])
    text = scenario_yaml(
        "perusrommi", "Opetusjako", None, None, names, start, [moves], deal_of(rules, start, moves), rules
    )
    k = next(i for i, line in enumerate(text.splitlines()) if line.startswith("  - discard: "))
    path = tmp_path / "opetus-perusrommi.yaml"
    path.write_text(_with_guide_words(text, k, "Poista kortti, joka ei sovi mihinkään."), encoding="utf-8")
    scenarios, errors = verify([path], rules_dir=RULES_DIR)
    assert errors == []
    data = opetus_data(scenarios[0], rules.as_mapping(), "Testipeli")
    first_discard = next(s for s in data["steps"] if s["action"] == "discard")
    assert first_discard["text"] == "Poista kortti, joka ei sovi mihinkään."
    assert first_discard["rule"]  # the rule is still the rule set's own sentence
    # markup in the words fails verify at their line, in Finnish
    path.write_text(_with_guide_words(text, k, "Poista <b>tämä</b>"), encoding="utf-8")
    _, errors = verify([path], rules_dir=RULES_DIR)
    found = [str(e).split(f"{path.name}:", 1)[1] for e in errors]
    assert found[0] == f"{k + 2}: opastus: merkintäkieli ei ole sallittu (merkit < >); kirjoita pelkkää tekstiä"
    # the move was not read, so the later moves are not checked on a deal that lacks it: one note
    assert len(found) == 2 and f"rivin {k + 1} siirto ei ollut kelvollinen" in found[1], found


def test_what_only_the_scoring_shows_counts_and_its_rules_are_said_at_the_end():
    """Gin: a deal the computer ends by knocking, the reader laying off onto its melds (or
    undercutting), counts those concepts too; the closing then says the knock limit the reader
    never used, and the undercut's bonus; the steps never claimed a knock of the reader's."""
    from rommikirja.app.opetus_text import closing
    from rommikirja.rules import statement

    rules = RULES["gin"]
    found = [f for s in SEEDS if (f := tutorial_deal(rules, 2, s)) is not None and "liittaminen" in f[3]]
    assert found
    start, moves, steps, concepts, _ = found[0]
    assert "koputus" in concepts and all(s["action"] != "knock" for s in steps)
    said = [c for s in steps for c in s["introduces"]]
    end = closing(rules, said)
    assert statement("knock_limit", rules) in end and statement("undercut_bonus", rules) in end
    assert statement("knock_limit", rules) not in closing(rules, said + ["koputus"])
    # a rummy game's closing is its scoring sentence (and an unopened player's penalty where one applies)
    assert closing(RULES["rommi51"]).startswith(statement("scoring", RULES["rommi51"]))


def test_the_search_prefers_concepts_the_reader_meets_in_own_moves():
    """Among the deals meeting the most concepts, the chosen one has the most of them in the reader's
    own moves (a knock made rather than watched); a deal the reader loses may win the search."""
    rules, seeds = RULES["gin"], range(1, 301)  # (here a deal the reader wins watches the knock)
    deals = {s: tutorial_deal(rules, 2, s) for s in seeds}  # (each played once: the search's own choice below)
    found = {s: f for s, f in deals.items() if f is not None and 10 <= reader_moves(f[2]) <= 25}
    top = max(len(f[3]) for f in found.values())
    own = max(len(own_concepts(f[2])) for f in found.values() if len(f[3]) == top)
    assert any(f[4] and len(own_concepts(f[2])) < own for f in found.values() if len(f[3]) == top)
    chosen = found[best_tutorial(rules, deals.items())]
    assert len(chosen[3]) == top and len(own_concepts(chosen[2])) == own and not chosen[4]
    assert "koputus" in own_concepts(chosen[2])


def _two_deck_opening(rules=None):
    """A Rommi 51 position of the tests' own rules: Aino holds both decks' 2♠ and 2♣ and two
    jokers, and opens (after drawing) with four melds worth exactly the opening minimum."""
    from rommikirja import deal_type
    from rommikirja.cards import parse_cards, standard_deck
    from rommikirja.deal import Discard, Draw, Open

    rules = rules or RULES["rommi51"]
    mine = parse_cards("2S 2S' JK JK' 2C 2C' AC 3C 6D 6H 6S 5H 5S 5C")
    top = parse_cards("9H")[0]
    rest = [c for c in standard_deck(rules.decks, rules.jokers) if c not in mine and c != top]
    hands = [list(mine), rest[:14], rest[14:28]]
    stock = [top] + rest[28:]  # top first: 9♥
    start = deal_type(rules).from_position(rules, hands, stock=stock, discard=[], dealer=2, turn=0)
    melds = [parse_cards(m) for m in ("2S 2C JK", "6D 6H 6S JK'", "5H 5S 5C", "AC 2C' 3C")]
    moves = [Draw("stock"), Open(tuple(tuple(m) for m in melds)), Discard(top)]
    return rules, start, moves


def test_an_opening_is_built_meld_by_meld_each_meld_checked_and_counted_by_the_engine():
    """The guide builds the opening one meld per step, each named with the twins' deck marks and
    counted card by card (the engine's points); the engine checks each meld the page adds: a twin
    (in the opening or not) or a joker stands for its twin, a
    non-meld gets the engine's reason, too few melds get the opening's own refusal; the opening is
    the one Open move."""
    from rommikirja.app.opetus_text import guide
    from rommikirja.melds import Meld, meld_points

    rules, start, moves = _two_deck_opening()
    names = list(DEFAULT_NAMES[:3])
    steps = guide(start, moves, 0, names)
    parts = [s for s in steps if s["action"] == "open_part"]
    final = next(s for s in steps if s["action"] == "open")
    assert [s["part"] for s in parts] == [0, 1, 2, 3] and final["part"] == 4
    assert {s["at"] for s in parts} == {final["at"]} == {1} and reader_moves(steps) == 3
    assert len({s["text"] for s in steps}) == len(steps)
    # the twins by their deck marks, as Pelaa marks them; a card without a twin in the hand unmarked
    assert "patakakkonen (2♠¹, 1. pakka)" in parts[0]["text"] and "2♠¹" in parts[0]["how"]
    assert "ristikakkonen (2♣², 2. pakka)" in parts[3]["text"] and parts[3]["how"].startswith(
        "Valitse kortit A♣, 2♣² ja 3♣."
    )
    assert "ristikolmonen (" not in parts[3]["text"]
    # both jokers go into the opening: the first meld takes either; the second takes the one left
    assert "Kumpi tahansa kädessäsi olevista jokereista käy" in parts[0]["text"]
    assert "jokereista" not in parts[1]["text"]
    # each meld counted card by card with the engine's points
    total = 0
    for s, cards in zip(parts, moves[1].melds):
        meld = Meld.from_cards(cards, rules)
        values = re.search(r"= ((?:\d+ \+ )+\d+) = (\d+)", s["text"])
        assert values and len(values[1].split(" + ")) == len(cards), s["text"]
        assert sum(map(int, values[1].split(" + "))) == int(values[2]) == meld_points(meld), s["text"]
        total += meld_points(meld)
    assert f"= {total} pistettä" in final["text"] and total >= rules.opening_points
    assert "A♣ 2♣² 3♣ = 1 + 2 + 3 = 6" in parts[3]["text"]  # the ace low in A-2-3
    # the whole opening: each meld's points, "+" between them, the total with "piste" in agreement;
    # the ace's two ends of a run by the ranks' names, as the page says them
    each = " + ".join(str(meld_points(Meld.from_cards(c, rules))) for c in moves[1].melds)
    assert final["text"].startswith(f"Avaus on koossa: {each} = {total} pistettä. "), final["text"]
    assert "yläpäässä (rouva, kuningas, ässä)" in parts[3]["text"], parts[3]["text"]
    assert "alapäässä (ässä, kakkonen, kolmonen)" in parts[3]["text"], parts[3]["text"]
    assert not re.search(r"[AQK2]-[K23]-", " ".join(st["text"] for st in steps))

    script = script_of(start, moves, names, 0)
    ask = lambda part: _ask("rommi51", script, 1, part=part)  # noqa: E731
    assert _ask("rommi51", script, 0, part=[["2S", "2C", "JK"]])["code"] == "must_draw"  # not before the draw
    short = ask([["2S", "2C"]])
    assert short["result"] == "refused" and short["reason"].endswith("."), short
    twin = ask([["2S'", "2C", "JK"]])  # 2♠² for 2♠¹ (the other stays in the hand): at a table the same card
    assert twin["result"] == "part" and twin["melds"][0]["cards"].count("2S'") == 1, twin
    order = ask([["5H", "5S", "5C"]])  # a meld of the opening, but not the one built first
    assert order["result"] == "other" and "ensimmäinen yhdistelmä" in order["reason"], order
    first = ask([["JK'", "2C'", "2S"]])  # the other joker and the other 2♣: both go into the opening alike
    assert first["result"] == "part" and first["total"] == 6 and first["part"] == 1, first
    assert first["melds"][0]["line"].endswith("= 2 + 2 + 2 = 6"), first
    staged = [m["cards"] for m in first["melds"]]
    low = _ask("rommi51", script, 1, {"open": staged})  # Avaa with one meld: the opening's own refusal
    assert low["result"] == "refused" and low["code"] == "opening_too_low", low
    for cards in (["6D", "6H", "6S", "JK"], ["5H", "5S", "5C"], ["AC", "2C", "3C"]):
        answer = ask(staged + [cards])
        assert answer["result"] == "part", answer
        staged = [m["cards"] for m in answer["melds"]]
    assert answer["total"] == total and answer["line"] == (
        f"Avauksen yhdistelmät ovat yhteensä {total} pistettä. Se riittää, sillä avaukseen tarvitaan vähintään "
        f"{rules.opening_points} pistettä."
    ), answer
    assert first["line"] == (
        f"Avauksen yhdistelmät ovat tähän asti yhteensä {first['total']} pistettä; avaukseen tarvitaan vähintään "
        f"{rules.opening_points} pistettä."
    ), first
    done = _ask("rommi51", script, 1, {"open": staged})
    assert done["result"] == "ok" and done["at"] == 2 and done["view"]["opened"][0], done


def test_another_players_opening_is_counted_card_by_card(tutorials):
    """The step after another player opens shows that opening's count (the engine's points)."""
    from rommikirja.melds import meld_points

    _, start, moves, steps, *_ = tutorials["rommi51"]
    notes = [s for s in steps if " avasi: " in s.get("note", "")]
    assert notes, "the tests' rommi51 guided deal has another player's opening"
    deal = start.copy()
    counted = []
    for m in moves:
        if type(m).__name__ == "Open" and deal.turn != 0:
            after = deal.copy()
            after.play(m)
            counted.append(sum(meld_points(tm.meld) for tm in after.table[-len(m.melds) :]))
        deal.play(m)
    for s, points in zip(notes, counted):
        sums = re.findall(r"= ((?:\d+ \+ )+\d+) = (\d+)", s["note"])
        assert sums and all(sum(map(int, a.split(" + "))) == int(b) for a, b in sums), s["note"]
        assert sum(int(b) for _, b in sums) == points and f"yhteensä {points} pistettä" in s["note"], s["note"]


@pytest.mark.parametrize("game", list(PLAYERS))
def test_before_the_draw_every_other_button_gets_the_engines_draw_rule(tutorials, game):
    """Before drawing, whatever the page sends for a non-draw button (no card chosen, cards that
    are no meld, a lay-off without a meld) the answer is the engine's own refusal of the phase,
    the same sentence a discard gets: the turn begins with a draw."""
    _, start, moves, steps, *_ = tutorials[game]
    names = list(DEFAULT_NAMES[: PLAYERS[game]])
    script = script_of(start, moves, names, 0)
    hand = _ask(game, script, 0)["view"]["hand"]
    discard = _ask(game, script, 0, {"discard": hand[0]})
    assert discard["code"] == "must_draw", discard
    tries = [{"discard": None}]
    tries += (
        [{"knock": None}, {"knock": hand[0]}]
        if game == "gin"
        else [{"meld": []}, {"meld": hand[:2]}, {"lay_off": [], "onto": None}]
    )
    tries += [{"open_cards": []}, {"open_cards": hand[:3]}] if game == "rommi51" else []
    for move in tries:
        answer = _ask(game, script, 0, move)
        assert (answer["result"], answer["code"], answer["reason"]) == (
            "refused",
            discard["code"],
            discard["reason"],
        ), move
    if game == "rommi51":  # "Lisää avaukseen" with nothing chosen yet
        answer = _ask(game, script, 0, part=[[]])
        assert (answer["code"], answer["reason"]) == (discard["code"], discard["reason"]), answer


def test_valid_melds_short_of_an_opening_are_called_valid_with_what_they_lack():
    """Avaa with cards that do form melds, but too few points or no pure run: the refusal (the
    engine's opening rule) says the melds are valid and what the opening lacks, the points the
    engine's; cards that form no melds are refused as such."""
    from rommikirja.cards import parse_cards
    from rommikirja.deal import Open
    from rommikirja.melds import Meld, meld_points

    _, start, moves = _two_deck_opening()
    names = list(DEFAULT_NAMES[:3])
    script = script_of(start, moves, names, 0)
    for pure in (False, True):
        rules = RULES["rommi51"].with_options(opening_pure_run=pure)
        req = {"op": "opetus", "rules": rules.as_mapping(), "script": script, "at": 1}
        ask = lambda cards: json.loads(pelaa_handle(json.dumps({**req, "move": {"open_cards": cards}})))["result"]  # noqa: E731
        group = ask(["2S", "2C", "JK"])
        points = meld_points(Meld.from_cards(parse_cards("2S 2C JK"), rules))
        assert group["code"] == "opening_too_low", group
        assert group["reason"] == (
            f"Ryhmä (patakakkonen, jokeri ja ristikakkonen) kelpaa, mutta se on vain {points} pistettä; "
            "avaukseen tarvitaan vähintään "
            f"{rules.opening_points} pistettä{' ja puhdas suora' if pure else ''}."
        ), group
        two = ask(["6D", "6H", "6S", "JK'", "2S", "2C", "JK"])
        assert two["code"] == "opening_too_low" and " kelpaavat, mutta ne ovat yhteensä vain " in two["reason"], two
        assert ask(["2S", "2C", "6D"])["code"] == "not_melds"
    # enough points, no pure run: that is what it lacks
    rules = RULES["rommi51"].with_options(opening_pure_run=True, opening_points=20)
    deal = deal_of(rules, *_two_deck_opening(rules)[1:2], moves[:1])
    melds = tuple(tuple(parse_cards(m)) for m in ("6D 6H 6S JK'", "5H 5S 5C"))
    err = deal.refusal(Open(melds))
    total = sum(meld_points(Meld.from_cards(m, rules)) for m in melds)
    assert err.code == "no_pure_run" and err.message == (
        "Ryhmä (patakuutonen, herttakuutonen, ruutukuutonen ja jokeri) ja ryhmä (pataviitonen, herttaviitonen ja "
        f"ristiviitonen) kelpaavat ja ovat yhteensä {total} pistettä, mutta avaukseen "
        "tarvitaan myös puhdas suora, jossa ei ole jokeria."
    ), err.message


@pytest.mark.parametrize("per_turn", ["any", "one"])
def test_the_turns_rule_text_says_what_may_follow_an_opening_on_the_same_turn(per_turn):
    """The page's turn (templates/sections/vuoro.md.j2) with an opening: what it says may follow the
    opening on the same turn is what the engine allows (a lay-off always; a new meld unless
    melds_per_turn is "one"), and it never reads as opening or melding."""
    import jinja2

    from rommikirja import deal_type
    from rommikirja.cards import parse_cards, standard_deck
    from rommikirja.deal import Draw, LayOff, Open, PlayMeld
    from rommikirja.melds import MeldKind
    from tools.statements import template_globals

    rules = RULES["rommi51"].with_options(melds_per_turn=per_turn, opening_points=51)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "templates"))
    env.globals.update(template_globals())
    for name in ("link", "notes_here", "examples_here"):  # (the page's cross references: not this test's)
        env.globals.setdefault(name, lambda *a, **k: "")
    text = " ".join(env.get_template("sections/vuoro.md.j2").render(r=rules).split())
    step = text.split("2. ", 1)[1].split("3. ", 1)[0]
    assert " tai, jo avanneena, " not in step and "avaus" in step, step
    mine = parse_cards("7S 8S 9S KH KD KC QH QD QC 6S 2S' 5D 4H 3C")
    top = parse_cards("9H")[0]
    rest = [c for c in standard_deck(rules.decks, rules.jokers) if c not in mine and c != top]
    start = deal_type(rules).from_position(
        rules, [list(mine), rest[:14], rest[14:28]], stock=[top] + rest[28:], discard=[], dealer=2, turn=0
    )
    deal = start.copy()
    deal.play(Draw("stock"))
    deal.play(Open((tuple(parse_cards("7S 8S 9S")), tuple(parse_cards("KH KD KC")))))
    run = next(i for i, tm in enumerate(deal.table) if tm.meld.kind is MeldKind.RUN)
    lay_off = deal.refusal(LayOff(tuple(parse_cards("6S")), run))
    meld = deal.refusal(PlayMeld(tuple(parse_cards("QH QD QC"))))
    assert lay_off is None
    from rommikirja.rules import statement

    said = (  # what follows the opening on its turn, by what the engine allows then (new melds: the option's sentence)
        "Avauksen jälkeen saa lisätä kortteja pöydällä oleviin yhdistelmiin jo samalla vuorolla. "
        + statement("melds_per_turn", rules)
        if meld is None
        else "Avauksen jälkeen saa lisätä kortteja pöydällä oleviin yhdistelmiin jo samalla vuorolla, mutta uusia "
        "yhdistelmiä vasta myöhemmillä vuoroilla."
    )
    assert said in step, (step, meld)
    assert per_turn == "any" or meld.code == "one_meld_per_turn"


def test_the_opening_steps_words_and_the_jokers_value_at_the_scoring():
    """The opening's note says the pure run as a second relative clause; the joker met in the
    opening gets its rule there, but its value left in a hand (joker_points) only in the closing,
    where the score is counted."""
    from rommikirja.app.opetus_text import JOKER_VALUE_LATER, closing, guide
    from rommikirja.rules import statement

    rules, start, moves = _two_deck_opening(RULES["rommi51"].with_options(opening_pure_run=True))
    steps = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))
    first = steps[1]
    assert first["action"] == "open_part" and first["part"] == 0
    assert (
        f"joiden arvo on yhteensä vähintään {rules.opening_points} pistettä ja joiden joukossa on jokeriton suora."
        in first["note"]
    ), first["note"]
    value = statement("joker_points", rules)
    assert statement("max_jokers_per_meld", rules) in first["rule"] and value not in first["rule"], first["rule"]
    assert all(value not in s["rule"] for s in steps)
    said = [c for s in steps for c in s["introduces"]]
    assert JOKER_VALUE_LATER in said and value in closing(rules, said)
    assert value not in closing(rules, [c for c in said if c != JOKER_VALUE_LATER])
    # an ace's value in the opening was taught: its value left in hand is said at the end
    ace = statement("ace_points", rules)
    assert ace in closing(rules, ["assa"]) and ace not in closing(rules, [])


def test_a_twin_copy_of_the_guided_card_is_the_guided_move():
    """Two decks: discarding the other deck's copy of the guided card (the position is the same at
    a real table) is the guided move; a different card is still another move."""
    from rommikirja import deal_type
    from rommikirja.cards import parse_cards, standard_deck
    from rommikirja.deal import Discard, Draw

    rules = RULES["rommi51"]
    mine = parse_cards("5D 5D' 9S KH 2C 7H 3S 4D QC 8H JS 6C AD")
    top = parse_cards("TC")[0]
    rest = [c for c in standard_deck(rules.decks, rules.jokers) if c not in mine and c != top]
    start = deal_type(rules).from_position(
        rules, [list(mine), rest[:13], rest[13:26]], stock=[top] + rest[26:], discard=[], dealer=2, turn=0
    )
    moves = [Draw("stock"), Discard(parse_cards("5D")[0])]
    script = script_of(start, moves, list(DEFAULT_NAMES[:3]), 0)
    twin = _ask("rommi51", script, 1, {"discard": "5D'"})
    assert twin["result"] == "ok" and twin["at"] == 2, twin
    assert twin["view"]["hand"].count("5D") + twin["view"]["hand"].count("5D'") == 1, twin
    other = _ask("rommi51", script, 1, {"discard": "9S"})
    assert other["result"] == "other" and other["at"] == 1, other


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_card_just_drawn_or_taken_is_named_in_the_view_until_the_turn_ends(tutorials, game):
    """After each guided draw the view names the card that came into the hand (the stock's card,
    or the pile's top card); before a draw it names none."""
    _, start, moves, steps, *_ = tutorials[game]
    script = script_of(start, moves, list(DEFAULT_NAMES[: PLAYERS[game]]), 0)
    view = _ask(game, script, 0)["view"]
    at = 0
    draws = 0
    staged: list = []  # an opening's melds built so far
    for step in steps:
        if step["action"] == "open_part":
            staged.append(list(step["cards"]))
            continue
        if step["action"] in ("draw_stock", "draw_discard"):
            assert view["drawn"] is None, (step, view["drawn"])  # (nothing drawn yet this turn)
            before, top = set(view["hand"]), view["discard_top"]
        answer = _ask(game, script, at, {"open": staged} if step["action"] == "open" and staged else _page_move(step))
        assert answer["result"] == "ok", (step, answer)
        view, at, staged = answer["view"], answer["at"], []
        if step["action"] in ("draw_stock", "draw_discard"):
            if view["turn"] == 0 and not view["over"]:
                new = set(view["hand"]) - before
                assert len(new) == 1 and view["drawn"] in new, (step, new, view["drawn"])
                if step["action"] == "draw_discard":
                    assert view["drawn"] == top == view["taken"]
                draws += 1
        else:
            assert view["drawn"] is None or view["drawn"] in view["hand"]
    assert draws >= 2


def _discard_texts(discards: list[str]) -> list[str]:
    """The guide's words at the reader's discards in a perusrommi position of the tests' own rules:
    Eero has 4♥ 5♥ 6♥ on the table; Aino holds 7♥ (it fits that meld), K♣ and 4♠ (no partner in
    the hand), 9♦ and 9♠ (a pair); each turn both draw from the stock and Eero discards."""
    from fixed_rules import FIXED
    from rommikirja import deal_type
    from rommikirja.app.opetus_text import guide
    from rommikirja.cards import parse_cards
    from rommikirja.deal import Discard, Draw
    from rommikirja.melds import Meld

    rules = FIXED["perusrommi"]
    aino = parse_cards("7H KC 9D 9S 4S")
    eero = parse_cards("3D 8C JS 10S QS")
    table = [(1, Meld.from_cards(parse_cards("4H 5H 6H"), rules))]
    stock = parse_cards("2D 5C 6C 2S 8D 10D")  # (2♦ and 6♣ make no pair with Aino's cards)
    used = set(aino) | set(eero) | set(stock) | set(table[0][1].cards)
    from rommikirja.cards import standard_deck

    stock = list(stock) + [c for c in standard_deck(rules.decks, rules.jokers) if c not in used]
    start = deal_type(rules).from_position(rules, [aino, eero], stock=stock, discard=[], table=table, dealer=1, turn=0)
    moves = []
    for i, code in enumerate(discards):
        moves += [Draw("stock"), Discard(parse_cards(code)[0])]
        if i < len(discards) - 1:
            moves += [Draw("stock"), Discard(eero[i])]
    return [s["text"] for s in guide(start, moves, 0, ["Aino", "Eero"]) if s["action"] == "discard"]


def test_discard_advice_gives_one_reason_and_warns_of_a_card_the_next_player_can_lay_off():
    """One reason per discard, from the engine's facts (no partner in the hand, or the least use);
    a discard the next player could take and lay off at once is called risky each time; the table
    risk of a safe discard is said once."""
    risky, lone = _discard_texts(["7H", "KC"])
    assert risky == (
        "Päätä vuoro poistamalla herttaseiska: se ei sovi yhdistelmään minkään muun korttisi kanssa. "
        "Varo kuitenkin: kortti sopii pöydän yhdistelmään (herttanelonen, herttaviitonen ja herttakuutonen), "
        "joten Eero voi ottaa sen poistopakasta ja lisätä sen pöytään."
    ), risky
    why = (  # (K♣ and 4♠ fit nothing; the dearer goes, and why points matter is said once)
        "Päätä vuoro poistamalla ristikuningas: se ei sovi yhdistelmään minkään muun korttisi kanssa, ja se on "
        "arvokkain niistä korteistasi, jotka eivät sovi yhteen minkään kanssa (10 pistettä). Arvokas kortti "
        "kannattaa poistaa ensin: jos joku muu menee ulos, hän saa pisteikseen käteesi jääneiden korttien arvon."
    )
    assert lone == why, lone
    safe, pair, again = _discard_texts(["KC", "9D", "4S"])
    assert safe == why + (
        " Pöydän yhdistelmiin se ei sovi, joten seuraava pelaaja ei voi lisätä sitä niihin. Hän voi silti ottaa "
        "sen poistopakasta, jos hänellä on kortit, joiden kanssa se muodostaa uuden yhdistelmän."
    ), safe  # (not called safe: a player holding cards for a new meld may still take it)
    # 9♦ pairs with 9♠ while 4♠ fits nothing: not the guide's own choice, so its facts, no "least use"
    assert pair == "Päätä vuoro poistamalla ruutuysi: se sopii yhteen vain pataysisi kanssa.", pair
    assert again == "Päätä vuoro poistamalla patanelonen: se ei sovi yhdistelmään minkään muun korttisi kanssa.", again
    for text in (risky, lone, safe, pair, again):  # one reason, never both, and no second reason tacked on
        assert ("sopii yhteen vain" in text) != ("ei sovi yhdistelmään minkään" in text), text
        assert "vähiten hyötyä" not in text, text
        assert "maksaa" not in text, text


def _rule_steps(aino: str, turns: list[list[str]]) -> list[dict]:
    """The guide's steps of Aino's turns in a perusrommi position of the tests' own rules: Eero has
    4♥ 5♥ 6♥ on the table; each of Aino's turns draws from the stock and plays ``turns``' moves
    ("meld AC 2C 3C", "lay 7H 0": onto table meld 0, "out 9D": a discard, "out drawn": of the card drawn)."""
    from fixed_rules import FIXED
    from rommikirja import deal_type
    from rommikirja.app.opetus_text import guide
    from rommikirja.cards import parse_cards, standard_deck
    from rommikirja.app.pelaa import drawn_card
    from rommikirja.deal import Discard, Draw, LayOff, PlayMeld
    from rommikirja.melds import Meld

    rules = FIXED["perusrommi"]
    eero = parse_cards("3D 8C JS 10S QS 2H")
    table = [(1, Meld.from_cards(parse_cards("4H 5H 6H"), rules))]
    stock = parse_cards("2D 5C 6C 2S 8D 10D")
    used = set(parse_cards(aino)) | set(eero) | set(stock) | set(table[0][1].cards)
    stock = list(stock) + [c for c in standard_deck(rules.decks, rules.jokers) if c not in used]
    start = deal_type(rules).from_position(
        rules, [parse_cards(aino), eero], stock=stock, discard=[], table=table, dealer=1, turn=0
    )
    moves: list = []
    for i, turn in enumerate(turns):
        moves.append(Draw("stock"))
        for item in turn:
            word, *rest = item.split()
            if word == "meld":
                moves.append(PlayMeld(tuple(parse_cards(" ".join(rest)))))
            elif word == "lay":
                moves.append(LayOff(tuple(parse_cards(rest[0])), int(rest[1])))
            elif rest == ["drawn"]:  # (the card this turn drew)
                at = start.copy()
                for m in moves:
                    at.play(m)
                moves.append(Discard(next(c for c in at.hand if c.code == drawn_card(at, 0))))
            else:
                moves.append(Discard(parse_cards(rest[0])[0]))
        if i < len(turns) - 1:
            moves += [Draw("stock"), Discard(eero[i])]
    return [s for s in guide(start, moves, 0, ["Aino", "Eero"]) if s["action"] != "draw_stock"]


def test_a_steps_rule_sentence_is_the_one_its_move_shows():
    """The lay-off's sentence says whose meld it may be as the move shows it (onto the reader's own
    meld: no "played by someone else"), the rule of laying off before one's own meld only before
    the reader has one; several melds a turn only on a turn that plays several; going out by the
    last card's discard says the other way out."""
    own_meld, _, own_lay, _ = _rule_steps("AC 2C 3C 4C KH 9D 9S", [["meld AC 2C 3C", "out KH"], ["lay 4C 1", "out 9S"]])
    assert own_lay["action"] == "lay_off" and own_lay["onto"] == 1, own_lay
    assert "joku muu" not in own_lay["rule"] and "olipa yhdistelmä oma tai jonkun muun" in own_lay["rule"], own_lay
    assert "ennen kuin on pelannut oman yhdistelmän" not in own_lay["rule"], own_lay
    assert "useita uusia yhdistelmiä" not in own_meld["rule"], own_meld  # (one meld this turn)
    other_lay, _ = _rule_steps("7H KH 9D 9S KC QD JC", [["lay 7H 0", "out KH"]])
    assert "vaikka yhdistelmän olisi pelannut joku muu" in other_lay["rule"], other_lay
    assert "jo ennen kuin on pelannut oman yhdistelmän" in other_lay["rule"], other_lay
    first, second, _ = _rule_steps("AC 2C 3C 9D 9S 9H KC", [["meld AC 2C 3C", "meld 9D 9S 9H", "out KC"]])
    assert "Samalla vuorolla saa pelata pöytään useita uusia yhdistelmiä." in first["rule"] + second["rule"]
    *_, out = _rule_steps("AC 2C 3C 9D 9S 9H", [["meld AC 2C 3C", "meld 9D 9S 9H", "out drawn"]])
    assert out["action"] == "discard" and out["concept"] == "ulos", out
    assert "ulos saa mennä myös pelaamalla viimeisenkin kortin pöytään" in out["rule"], out


def test_the_draw_that_turns_the_pile_names_the_card_and_another_draw_is_answered_with_the_turn():
    """Classic rommi, the stock used up at the reader's draw: the guide names the card the draw
    brings (the engine's, the pile's bottom card) and says why it is that one; taking the pile's
    top instead is answered with the pile turned over into a new stock, not a draw from a stock
    of none."""
    from fixed_rules import FIXED
    from rommikirja import deal_type
    from rommikirja.app.opetus import _move_words
    from rommikirja.app.opetus_text import guide
    from rommikirja.cards import parse_cards
    from rommikirja.deal import Discard, Draw
    from rommikirja.finnish import card_name

    rules = FIXED["rommi"]
    aino, eero = parse_cards("KC 9D 9S 4S 2H"), parse_cards("3D 8C JS 10S QS")
    pile = parse_cards("7H 5C 6D AD")  # (7♥ at the bottom: the first upcard)
    start = deal_type(rules).from_position(rules, [aino, eero], stock=[], discard=pile, dealer=1, turn=0)
    (draw, _) = guide(start, [Draw("stock"), Discard(aino[0])], 0, ["Aino", "Eero"])
    assert draw["action"] == "draw_stock", draw
    assert f"saat sen päällimmäisen kortin, {card_name(pile[0], 'gen')}." in draw["text"], draw["text"]
    assert "Se oli poistopakan pohjimmainen kortti, jaon alussa käännetty avokortti," in draw["text"], draw["text"]
    # the last discard stays out of the turned pile under these rules, and the guide names it
    kept = f" Viimeksi poistettu kortti, {card_name(pile[-1])}, ei käänny pakan mukana, vaan jää aloittamaan uuden poistopakan."
    assert rules.stock_exhausted == "turn_over_keep_top" and draw["text"].endswith(kept), draw["text"]
    whole = FIXED["perusrommi"]  # (the whole pile turned: nothing stays)
    assert whole.stock_exhausted == "turn_over"
    other = deal_type(whole).from_position(whole, [aino, eero], stock=[], discard=pile, dealer=1, turn=0)
    (turned, _) = guide(other, [Draw("stock"), Discard(aino[0])], 0, ["Aino", "Eero"])
    assert "nostopakka on loppunut" in turned["text"] and "Viimeksi poistettu" not in turned["text"], turned["text"]
    said = _move_words(start, Draw("stock"), True)
    assert "nostopakka on loppunut" in said and "käännetään poistopakka uudeksi nostopakaksi" in said, said
    # another player's draw turns the pile: the narration says the kept card too (seen happen)
    from rommikirja.app.opetus import _narrate

    for rs, said in ((rules, True), (whole, False)):
        theirs = deal_type(rs).from_position(rs, [aino, eero], stock=[], discard=pile, dealer=0, turn=1)
        lines = _narrate(theirs, Draw("stock"), ["Aino", "Eero"], 0)
        assert lines[0].startswith("Nostopakka on lopussa, joten Eero kääntää poistopakan"), lines
        assert (kept.strip() in lines) is said, lines


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_refusal_speaks_to_the_reader_as_the_guide_does(tutorials, game):
    """The guide says "sinä"; so does the engine's refusal in the guided deal: a discard before the
    draw is "Et ole vielä nostanut…" (gin's offer: its own rule), never the reader's name."""
    _, start, moves, *_ = tutorials[game]
    names = list(DEFAULT_NAMES[: PLAYERS[game]])
    script = script_of(start, moves, names, 0)
    hand = _ask(game, script, 0)["view"]["hand"]
    answer = _ask(game, script, 0, {"discard": hand[0]})
    assert answer["result"] == "refused" and names[0] not in answer["reason"], answer
    if game != "gin":
        assert answer["reason"].startswith("Et ole vielä nostanut"), answer
    else:  # at the upcard's offer, both verbs said to "sinä" (not "Aino joko ottaa … tai passaa")
        from rommikirja import deal_type
        from rommikirja.deal import Pass

        rules = dataclasses.replace(RULES[game], upcard_offer=True)
        offer = deal_type(rules).new(rules, 2, dealer=1, seed=3)
        assert offer.phase.value == "offer" and offer.turn == 0
        req = {"op": "opetus", "rules": rules.as_mapping(), "script": script_of(offer, [Pass()], names, 0), "at": 0}
        req["move"] = {"discard": offer.hands[0][0].code}
        answer = json.loads(pelaa_handle(json.dumps(req)))["result"]
        assert answer["reason"] == "Otat ensin avokortin tai passaat.", answer


def test_a_gin_hand_is_shown_as_its_melds_and_deadwood_in_play_and_at_the_end(tutorials):
    """Gin keeps its melds in the hand: the view groups the reader's hand as the engine's best
    melds ("Suora", "Ryhmä") and the deadwood with its value term by term (while holding the card
    to discard, the deadwood unsummed); at the end each hand is grouped as the scoring counts it:
    the knocker's melds and deadwood, the defender's melds, lay-offs and deadwood."""
    from rommikirja.cards import parse_card
    from rommikirja.melds import Meld
    from rommikirja.solver import best_arrangement

    rules = RULES["gin"]
    _, start, moves, steps, *_ = tutorials["gin"]
    script = script_of(start, moves, list(DEFAULT_NAMES[:2]), 0)
    at, checked = 0, 0
    view = _ask("gin", script, 0)["view"]
    for step in steps:
        hand = [parse_card(c) for c in view["hand"]]
        groups = view["groups"]
        assert sorted(c for g in groups for c in g["cards"]) == sorted(view["hand"]), groups
        arr = best_arrangement(hand, rules)
        melds = [g for g in groups if not g.get("deadwood")]
        assert len(melds) == len(arr.melds)
        for g in melds:
            meld = Meld.from_cards([parse_card(c) for c in g["cards"]], rules)  # (a meld, or this raises)
            assert g["label"] == meld.kind.finnish.capitalize()
        dead = [g for g in groups if g.get("deadwood")]
        if arr.deadwood_points:
            (d,) = dead
            if len(hand) == rules.hand_size_for(2):
                values = [rules.card_points(parse_card(c).rank) for c in d["cards"]]
                assert d["label"].startswith("Irtokortit (") and d["label"].endswith(
                    f"= {arr.deadwood_points} pistettä)"
                ), d
                assert d["label"].count("+") == len(values) - 1
                checked += 1
            else:
                assert d["label"] == "Irtokortit", d
        answer = _ask("gin", script, at, _page_move(step))
        view, at = answer["view"], answer["at"]
    assert checked >= 2
    score = view["score"]
    assert "groups" not in view and len(score["groups"]) == 2
    end = deal_of(rules, start, moves).outcome
    for p, groups in enumerate(score["groups"]):
        assert sorted(c for g in groups for c in g["cards"]) == sorted(score["hands"][p])
        dead = [c for g in groups if g.get("deadwood") for c in g["cards"]]
        want = end.knocker_deadwood if p == end.knocker else end.defender.deadwood
        assert sorted(dead) == sorted(c.code for c in want)
    knocker = score["groups"][end.knocker]
    assert sorted(sorted(g["cards"]) for g in knocker if not g.get("deadwood")) == sorted(
        sorted(c.code for c in m) for m in end.knocker_melds
    )
    laid = [g for g in score["groups"][1 - end.knocker] if g["label"] == "Liitetty koputtajan yhdistelmään"]
    assert len(laid) == len(end.defender.layoffs)


@pytest.mark.parametrize("tie", [True, False])
def test_a_knock_not_undercut_says_what_an_undercut_would_have_taken_and_given(tie):
    """Gin's undercut is a lesson even when the guided deal has none: after the reader's knock
    that the defender did not undercut, the ending says what deadwood would have undercut it and
    what that would have given, priced by the engine (a tie undercuts or not, by the rules)."""
    import dataclasses

    from fixed_rules import FIXED
    from rommikirja import deal_type
    from rommikirja.app.opetus_text import undercut_missed
    from rommikirja.cards import parse_cards, standard_deck
    from rommikirja.deal import Draw
    from rommikirja.gin import Knock
    from rommikirja.scoring import score_deal

    rules = dataclasses.replace(FIXED["gin"], undercut_on_tie=tie)
    aino = parse_cards("2S 2H 2C 4H 5H 6H 7H AS 3D KD")  # knocks discarding K♦: deadwood A♠ 3♦ = 4
    eero = parse_cards("JS QS KS 5C 6C 7C 9D 9H 8S 10C")  # 9 + 9 + 8 + 10 (the 8♠ and 10♣ lay off nowhere)
    used = set(aino) | set(eero)
    stock = [c for c in standard_deck(1, 0) if c not in used]
    start = deal_type(rules).from_position(rules, [aino, eero], stock=stock, dealer=1, turn=0)
    end = start.copy()
    for m in (Draw("stock"), Knock(parse_cards("KD")[0])):
        end.play(m)
    score = score_deal(end.outcome, rules)
    assert score.kind == "knock", score
    text = undercut_missed(end, ["Aino", "Eero"], 0)
    hv = score.hand_values
    value = hv[0] if tie else hv[0] - 3  # (without the knocker's highest deadwood card, 3♦)
    total = rules.undercut_bonus + hv[0] - value
    assert text == (
        f"Eero ei alittanut: hänen irtokorttiensa arvo oli {hv[1]} pistettä, sinun {hv[0]} pistettä. Jos hänen "
        f"irtokorttiensa arvo olisi ollut {value} pistettä, Eero olisi alittanut ja saanut alituksen lisäpisteet "
        f"{rules.undercut_bonus} ja irtokorttien arvojen erotuksen {hv[0]} − {value} = {hv[0] - value}, yhteensä "
        f"{total} pistettä, etkä sinä olisi saanut mitään."
    ), text
    assert undercut_missed(start, ["Aino", "Eero"], 0) == ""  # (no deal end: nothing)


@pytest.mark.parametrize("seat", [0, 1])
def test_an_undercut_made_by_a_lay_off_is_explained_at_the_end(seat):
    """After an undercut the ending says both deadwoods and, when a lay-off made it one, which card
    and what the knocker would have got without it (here: Eero lays off 8♥ onto Aino's run
    3♥–7♥; kept, his deadwood 8 would not undercut Aino's 4 and she would score 8 − 4); and the
    undercutter's total as its parts (the difference and the bonus)."""
    from fixed_rules import FIXED
    from rommikirja import deal_type
    from rommikirja.app.opetus_text import undercut_made
    from rommikirja.cards import parse_cards, standard_deck
    from rommikirja.deal import Draw
    from rommikirja.gin import Knock

    rules = FIXED["gin"]
    aino = parse_cards("2S 2H 2C 4H 5H 6H 7H AS 3D KD")  # knocks discarding K♦: deadwood A♠ 3♦ = 4
    eero = parse_cards("JS QS KS 5C 6C 7C 9D 9S 9C 8H")  # three melds and 8♥
    drawn = parse_cards("3H")  # Aino's draw: onto her run (3♥–7♥)
    used = set(aino) | set(eero) | set(drawn)
    stock = [*drawn] + [c for c in standard_deck(1, 0) if c not in used]
    start = deal_type(rules).from_position(rules, [aino, eero], stock=stock, dealer=1, turn=0)
    end = start.copy()
    assert undercut_made(end, ["Aino", "Eero"], seat) == ""  # (no deal end: nothing)
    for m in (Draw("stock"), Knock(parse_cards("KD")[0])):
        end.play(m)
    text = undercut_made(end, ["Aino", "Eero"], seat)
    if seat == 0:
        assert text == (
            "Eero alitti: hänen irtokorttiensa arvo oli 0 pistettä, sinun 4 pistettä. Eero sai erotuksesta 4 pistettä "
            f"ja alituksesta lisäksi {rules.undercut_bonus} pistettä, yhteensä {4 + rules.undercut_bonus} pistettä. "
            "Alitus syntyi liittämällä: "
            "ilman herttakasin liittämistä hänen irtokorttiensa arvo olisi ollut 8 pistettä, ja sinä olisit saanut "
            "4 pistettä."
        ), text
    else:
        assert text == (
            "Alitit: irtokorttiesi arvo oli 0 pistettä, Ainon 4 pistettä. Sait erotuksesta 4 pistettä ja alituksesta "
            f"lisäksi {rules.undercut_bonus} pistettä, yhteensä {4 + rules.undercut_bonus} pistettä. Alitus syntyi "
            "liittämällä: ilman "
            "herttakasin liittämistä irtokorttiesi arvo olisi ollut 8 pistettä, ja Aino olisi saanut 4 pistettä."
        ), text
