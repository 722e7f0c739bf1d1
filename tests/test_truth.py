"""Reachable positions and true sentences (tools.reachable, tools.sentences).

Each kind of defect has a deliberately broken scenario that must fail, next to a
repaired one that must pass. The rule sets and scenarios are the tests' own
(written to a temporary folder), never the shipped data.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rommikirja.cards import parse_cards
from rommikirja.melds import Meld
from rommikirja.rules import RuleSet
from tools import verify as verify_mod
from tools.reachable import Position, known_failures, position_problems, truth_checks
from tools.scenario import load_rulesets, load_scenario
from tools.sentences import check_arithmetic, difference_text, product_text, sum_text

RULES = {
    "testirommi": """
        name: testirommi
        style: rummy
        decks: 1
        min_players: 2
        max_players: 4
        hand_size: {2: 7, 3: 7, 4: 7}
        upcard: true
        final_discard: optional
        ace: high_or_low
        rummy_doubling: true
        scoring: winner_takes
        game_end: target
        target_score: 100
    """,
    "testi51": """
        name: testi51
        style: rummy
        decks: 1
        jokers: 0
        min_players: 2
        max_players: 4
        hand_size: {2: 14, 3: 14, 4: 14}
        upcard: false
        opening_points: 51
        opening_pure_run: true
        final_discard: required
        ace: high_or_low
        ace_points: 11
        scoring: penalty
        rummy_doubling: false
    """,
}


@pytest.fixture
def load(tmp_path: Path):
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    for name, text in RULES.items():
        (rules_dir / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    rulesets = load_rulesets(rules_dir)

    def make(text: str, name: str = "s.yaml"):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        sc = load_scenario(path, rulesets)
        assert sc.failures == [], sc.failures  # the engine itself accepts every move
        return sc, truth_checks(sc)

    make.rulesets = rulesets
    return make


def _messages(errors) -> str:
    return "\n".join(str(e) for e in errors)


# --- hand sizes -------------------------------------------------------------------------------

UNREACHABLE_HAND = """
    source: own
    game: testirommi
    title: Testi
    setup:
      turn: Aino
      hands:
        - [2C, 5D, 9S, JH, KC, 4S, 7D]
        - [3H, 8C, QS]
      stock: [6H, 6C]
      discard: [10D]
    steps:
      - draw: stock
      - discard: 6H
"""

REACHABLE_HAND = """
    source: own
    game: testirommi
    title: Testi
    setup:
      turn: Aino
      hands:
        - [2C, 5D, 9S, JH, KC, 4S, 7D]
        - [3H, 8C, QS, AD]
      stock: [6H, 6C]
      discard: [10D]
      table:
        - {owner: Eero, cards: [5S, 6S, 7S]}
    steps:
      - draw: stock
      - discard: 6H
"""


def test_an_unreachable_hand_size_is_refused_with_its_line(load):
    sc, errors = load(UNREACHABLE_HAND)
    text = _messages(errors)
    assert "Eeron kädessä on 3 korttia, vaikka jaossa jaetaan 7 korttia" in text
    assert "pöydällä on 0 korttia" in text
    assert any(e.line == 8 and "Eeron" in e.message for e in errors)  # Eero's hand


def test_the_same_position_with_its_table_is_reachable(load):
    sc, errors = load(REACHABLE_HAND)
    assert errors == []


def test_a_hand_larger_than_the_deal_is_refused(load):
    sc, errors = load(REACHABLE_HAND.replace("[2C, 5D, 9S, JH, KC, 4S, 7D]", "[2C, 5D, 9S, JH, KC, 4S, 7D, 8D]"))
    assert "Ainon kädessä on 8 korttia" in _messages(errors)


def test_a_player_marked_as_played_with_a_full_hand_is_refused(load):
    sc, errors = load(REACHABLE_HAND.replace("      table:", "      has_played: [Aino]\n      table:"))
    assert "Aino on merkitty pelanneeksi" in _messages(errors)


def test_an_owner_needs_three_cards_per_meld(load):
    bad = (
        REACHABLE_HAND.replace("[3H, 8C, QS, AD]", "[3H, 8C, QS, AD, 2D]")
        .replace(
            "      table:\n", "      has_played: [Aino]\n      table:\n        - {owner: Eero, cards: [KD, KS, KH]}\n"
        )
        .replace("[2C, 5D, 9S, JH, KC, 4S, 7D]", "[2C, 5D, 9S, JH]")
    )
    sc, errors = load(bad)
    assert "Eeron omissa yhdistelmissä on pöydällä vähintään 6 korttia" in _messages(errors)


# --- rummy doubling -----------------------------------------------------------------------------

FALSE_RUMMY = """
    source: own
    game: testirommi
    title: Testi
    setup:
      turn: Aino
      hands:
        - [7H, 8H]
        - [3H, 8C, QS, AD, 2D, 9C, 4C]
      stock: [9H, 6C]
      discard: [10D]
    steps:
      - draw: stock
      - meld: [7H, 8H, 9H]
      - expect: {over: true, rummy: true}
"""

TRUE_RUMMY = """
    source: own
    game: testirommi
    title: Testi
    setup:
      turn: Aino
      hands:
        - [7H, 8H, 10H, JH, 4S, 4C, 4D]
        - [3H, 8C, QS, AD, 2D, 9C, 5C]
      stock: [9H, 6C]
      discard: [10D]
    steps:
      - draw: stock
      - meld: [7H, 8H, 9H, 10H, JH]
      - meld: [4S, 4C, 4D]
      - expect: {over: true, rummy: true}
"""


def test_a_rummy_doubling_for_a_hand_that_could_not_be_one_is_refused(load):
    sc, errors = load(FALSE_RUMMY)
    assert sc.outcome.rummy and sc.score.points[0] > 0  # the engine alone would double it
    text = _messages(errors)
    assert "Ainon kädessä on 2 korttia" in text and "rommiksi" in text


def test_a_real_rummy_from_a_full_hand_passes(load):
    sc, errors = load(TRUE_RUMMY)
    assert sc.outcome.rummy
    assert errors == []


# --- Rommi 51 opening ---------------------------------------------------------------------------

NO_OPENING = """
    source: own
    game: testi51
    title: Testi
    setup:
      turn: Eero
      opened: [Aino]
      hands:
        - [7S, 8S, 9S, KD, KC, AH, 3C, 4D, 6C, 2S, 5H]
        - [5C, 5D, 5S, 9C, 4S, QS, JD, 8C, 3H, 6D, 7H, 10H, AS, KS]
      stock: [9D, 2C]
      discard: [10D]
      table:
        - {owner: Aino, cards: [JH, QH, KH]}
    steps:
      - draw: stock
      - discard: 9D
"""

WITH_OPENING = """
    source: own
    game: testi51
    title: Testi
    setup:
      turn: Eero
      opened: [Aino]
      hands:
        - [7S, 8S, 9S, 3C, 4D, 6C, 2S, 5H]
        - [5C, 5D, 5S, 9C, 4S, QS, JD, 8C, 3H, 6D, 7H, 10H, AS, KS]
      stock: [9D, 2C]
      discard: [10D]
      table:
        - {owner: Aino, cards: [JH, QH, KH]}
        - {owner: Aino, cards: [AH, AD, AC]}
    steps:
      - draw: stock
      - discard: 9D
"""


def test_a_rommi51_table_without_a_legal_opening_is_refused(load):
    sc, errors = load(NO_OPENING)
    text = _messages(errors)
    assert "Ainon omat yhdistelmät ovat yhteensä 30 pistettä" in text
    assert "vähintään 51" in text


def test_a_rommi51_table_with_an_opening_of_63_points_passes(load):
    sc, errors = load(WITH_OPENING)
    assert errors == []


def test_an_opening_needs_a_pure_run(load):
    no_run = WITH_OPENING.replace("[JH, QH, KH]", "[JH, JS, JC]").replace("[7S, 8S, 9S,", "[7S, 8S, QH,")
    sc, errors = load(no_run)
    assert "puhdasta suoraa" in _messages(errors)


def test_an_opened_player_without_melds_is_refused(load):
    sc, errors = load(WITH_OPENING.replace("opened: [Aino]", "opened: [Aino, Eero]"))
    assert "Eero on avannut, mutta hänellä ei ole pöydässä yhtään omaa yhdistelmää" in _messages(errors)


# --- deck, discard pile, game --------------------------------------------------------------------


def _pos(hands, table=(), discard=("10D",), played=(), totals=(), turn=0, dealer=None):
    return Position(
        ["Aino", "Eero"],
        [parse_cards(h) for h in hands],
        parse_cards("2C 3C"),
        parse_cards(" ".join(discard)),
        list(table),
        turn,
        dealer,
        played,
        totals=totals,
    )


def test_deck_composition():
    rules = RuleSet(hand_size=((2, 3),))
    problems = position_problems(_pos(["7H 8H JK", "2D 3D 4D"]), rules)
    assert any("ei ole jokereita" in m for _, m in problems)
    problems = position_problems(_pos(["7H 8H 9H", "2D 3D 7H"]), rules)
    assert any("kahdesti" in m for _, m in problems)
    problems = position_problems(_pos(["7H 8H 9H", "2D 3D 4D'"]), rules)
    assert any("4D'" in m for _, m in problems)
    assert position_problems(_pos(["7H 8H 9H", "2D 3D 4D"]), rules) == []


def test_an_empty_discard_pile_at_the_start_of_a_turn():
    rules = RuleSet(hand_size=((2, 3),))
    problems = position_problems(_pos(["7H 8H 9H", "2D 3D 4D"], discard=()), rules)
    assert [k for k, _ in problems] == ["discard"]
    no_upcard = RuleSet(hand_size=((2, 3),), upcard=False)
    assert position_problems(_pos(["7H 8H 9H", "2D 3D 4D"], discard=(), turn=1, dealer=0), no_upcard) == []


def test_a_game_already_over_before_the_deal():
    rules = RuleSet(hand_size=((2, 3),), game_end="target", target_score=100)
    problems = position_problems(_pos(["7H 8H 9H", "2D 3D 4D"], totals=(120, 30)), rules)
    assert [k for k, _ in problems] == ["totals"]
    assert position_problems(_pos(["7H 8H 9H", "2D 3D 4D"], totals=(90, 30)), rules) == []


def test_gin_hands_hold_the_deal_size():
    gin = RuleSet(style="knock", hand_size=((2, 10),), max_players=2, void_stock=2)
    problems = position_problems(_pos(["7H 8H 9H", "2D 3D 4D"]), gin)
    assert sum("gin-rommissa" in m for _, m in problems) == 2
    assert any(k == "stock" for k, _ in problems)  # two cards left: the deal was void
    gin3 = RuleSet(style="knock", hand_size=((2, 3),), max_players=2, void_stock=1)
    assert position_problems(_pos(["7H 8H 9H", "2D 3D 4D"]), gin3) == []


def test_block_rummy_and_lay_offs_before_ones_own_meld():
    block = RuleSet(hand_size=((2, 3),), stock_exhausted="block")
    pos = _pos(["7H 8H 9H", "2D 3D 4D"])
    pos.stock = ()
    assert [k for k, _ in position_problems(pos, block)] == ["stock"]
    strict = RuleSet(hand_size=((2, 4),), lay_off_before_meld=False)
    own = Meld.from_cards(parse_cards("5S 6S 7S"), strict)
    laid = Meld.from_cards(parse_cards("5S 6S 7S 8S"), strict)
    ok = _pos(["7H 8H 9H 10H", "2D"], table=[(1, own)], played=[1])
    assert position_problems(ok, strict) == []
    bad = _pos(["7H 8H 9H", "2D"], table=[(1, laid)], played=[0])  # Aino laid 8S off first
    assert any("ennen omaa" in m for _, m in position_problems(bad, strict))
    assert position_problems(bad, RuleSet(hand_size=((2, 4),))) == []


# --- sentences: arithmetic ----------------------------------------------------------------------


def test_arithmetic_helpers_build_true_sentences():
    assert sum_text([11, 20, 10, 5]) == "11 + 20 + 10 + 5 = 46"
    assert difference_text(18, 7) == "18 − 7 = 11" and product_text(3, 20) == "3 × 20 = 60"
    for text in (sum_text([11, 20, 10, 5]), sum_text([4, -9]), difference_text(3, 8), product_text(2, -4)):
        assert check_arithmetic(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Sakkoa 11 + 20 + 10 + 5 = −46 pistettä.",
        "Eero saa 18 − 7 = 12 pistettä.",
        "Jäljelle jää 52 − 2 × 10\n    − 1 = 30 korttia.",
        "Aino: <strong>2 + 5</strong> = **8 pistettä**",
        "Koska 30 > 51, avaus käy.",
        "(10 + 5) × 2 = 25",
    ],
)
def test_a_false_equation_is_found(text):
    assert len(check_arithmetic(text)) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Sakkoa 11 + 20 + 10 + 5 = 46 eli −46 pistettä.",
        "Jäljelle jää 52 − 2 × 10\n    − 1 = 31 korttia.",
        "suora 2-3-4 = kolme korttia, 2–3 pelaajaa, 30 < 51",
        "(10 + 5) × 2 = 30",
        "Kello 12.30 + 5 = 35",  # a decimal or time is not arithmetic we can judge
    ],
)
def test_true_or_non_arithmetic_text_passes(text):
    assert check_arithmetic(text) == []


def test_huge_expressions_are_refused_not_evaluated():
    problems = check_arithmetic("9" * 5000 + " × 9 = 1") + check_arithmetic(" × ".join(["9"] * 5000) + " = 1")
    assert len(problems) == 2 and all("liian pitkä" in m for _, m in problems)


def test_machine_phrasing_is_found():
    from tools.sentences import check_phrasing

    assert check_phrasing("tuottaa Aino-pelaajalle 12 pistettä")[0][1].startswith("Aino-pelaajalle")
    assert "Ainolle" in check_phrasing("tuottaa Aino-pelaajalle 12 pistettä")[0][1]
    assert len(check_phrasing("Aino saa 36 pistettä: <strong>36 pistettä</strong>")) == 1
    assert check_phrasing("Ainolle 36 pistettä, Eerolle 36 pistettä; kahden pelaajan peli") == []


def test_the_error_names_the_line():
    assert check_arithmetic("rivi\nrivi\n2 + 2 = 5")[0][0] == 3


FALSE_TEXT = (
    REACHABLE_HAND
    + """\
    text: |
      Ensimmäinen rivi.
      Summa {{ sum_text(values(start.hands[1])) }} pistettä, ja {{ 2 }} + {{ 2 }} = {{ 5 }}.
"""
)


def test_a_false_equation_in_a_scenario_text_is_refused_at_its_line(load):
    sc, errors = load(FALSE_TEXT)
    assert len(errors) == 1 and errors[0].line == 18
    assert "2 + 2 = 5 ei pidä paikkaansa" in errors[0].message
    sc, errors = load(FALSE_TEXT.replace("{{ 5 }}", "{{ 4 }}"))
    assert errors == []
    assert "3 + 8 + 10 + 1 = 22" in __import__("tools.templating").templating.render_scenario_text(sc)
    sc, errors = load(
        FALSE_TEXT.replace("{{ 5 }}", "{{ 4 }}").replace("Ensimmäinen rivi.", "Vuoro on {{ names[0] }}-pelaajan.")
    )
    assert len(errors) == 1 and errors[0].line == 17 and "Ainon" in errors[0].message


# --- names --------------------------------------------------------------------------------------


def test_a_name_without_case_forms_is_refused_at_the_players_line(load):
    from tools.scenario.names import names_from

    with names_from(None):  # whatever names the club's scenarios/nimet.yaml adds
        sc, errors = load(
            REACHABLE_HAND.replace("title: Testi", "title: Testi\n    players: [Aino, Kalle]").replace(
                "owner: Eero", "owner: Kalle"
            )
        )
    assert len(errors) == 1 and errors[0].line == 4
    assert "Kalle" in errors[0].message and "scenarios/nimet.yaml" in errors[0].message
    sc, errors = load(
        REACHABLE_HAND.replace("title: Testi", "title: Testi\n    players: [Aino, Ville]").replace(
            "owner: Eero", "owner: Ville"
        )
    )
    assert errors == []


# --- the same deal under another rule -----------------------------------------------------------

REPRICED = """
    source: own
    game: testirommi
    title: Testi
    setup:
      turn: Aino
      has_played: [Aino]
      hands:
        - [QH, KH]
        - [3H, 8C, QS, AD]
      stock: [AH, 9D]
      discard: [10D]
      table:
        - {owner: Eero, cards: [5S, 6S, 7S]}
        - {owner: Aino, cards: [2C, 3C, 4C, 5C, 6C]}
    steps:
      - draw: stock
      - meld: [QH, KH, AH]
      - expect: {winner: Aino}
      - expect:
          options: {ace: low}
          winner: Aino
"""


def _replay_errors(errors):
    """Only the replay's errors (the example box template's own wording is checked elsewhere)."""
    return [e for e in errors if "säännöillä" in e.message]


def test_a_price_under_other_rules_replays_the_moves_and_refuses_an_illegal_one(load):
    sc, errors = load(REPRICED)
    errors = _replay_errors(errors)
    assert len(errors) == 1
    err = errors[0]
    assert err.line == 20 and "rivi 17" in err.message and "ace: low" in err.message
    assert "herttarouva" in err.message  # which move, and the engine's reason


def test_a_price_under_other_rules_that_replays_passes(load):
    sc, errors = load(REPRICED.replace("options: {ace: low}", "options: {ace_points: 11}"))
    assert sc.priced[-1].score is not None and _replay_errors(errors) == []


def test_a_position_unreachable_under_the_other_rules_is_refused(load):
    sc, errors = load(REPRICED.replace("options: {ace: low}", "options: {hand_size: {2: 10, 3: 10, 4: 10}}"))
    assert any("asetelmaan ei päästä" in e.message and e.line == 20 for e in errors)


# --- wiring -------------------------------------------------------------------------------------


def test_verify_runs_the_checks(load, monkeypatch, tmp_path):
    load(UNREACHABLE_HAND, "rikki.yaml")
    monkeypatch.setattr(verify_mod, "load_rulesets", lambda: load.rulesets)
    _, errors = verify_mod.verify([tmp_path / "rikki.yaml"])
    assert any("Eeron kädessä on 3 korttia" in e.message for e in errors)
    assert verify_mod.main([str(tmp_path / "rikki.yaml")]) == 1


def test_the_allow_list_holds_only_failing_scenarios_with_reasons():
    """The temporary list may only shrink: a listed scenario that passes must be removed."""
    from tools.scenario import ROOT

    known = known_failures()
    rulesets = load_rulesets()
    for rel, reason in known.items():
        assert reason, f"{rel}: no reason given"
        path = ROOT / rel
        assert path.exists(), f"{rel} is listed but does not exist"
        sc = load_scenario(path, rulesets)
        assert truth_checks(sc), f"{rel} passes now: remove it from tools/known_unreachable.txt"
