"""Issue 21: every card accounted for, no silently weak teaching move, practice questions that a
real deal reaches.

Each kind of defect has a deliberately broken copy that verify refuses at its line, next to the
whole version that passes. The rule sets are the tests' own (written to a temporary folder, and
tests/fixed_rules.py for the practice questions), never the shipped data.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rommikirja import practice
from tests.fixed_rules import FIXED
from tools.example_checks import render_example
from tools.practice_reach import question_problems
from tools.reachable import truth_checks
from tools.scenario import load_rulesets, load_scenario
from tools.yamlsrc import SourceError

RULES = {
    "kokorommi": """
        name: kokorommi
        style: rummy
        decks: 1
        min_players: 2
        max_players: 4
        hand_size: {2: 10, 3: 7, 4: 7}
        upcard: true
        final_discard: optional
        stock_exhausted: turn_over
        scoring: winner_takes
    """,
    "kokogin": """
        name: kokogin
        style: knock
        decks: 1
        min_players: 2
        max_players: 2
        hand_size: {2: 10}
        knock_limit: 10
        void_stock: 2
    """,
}


@pytest.fixture
def load(tmp_path: Path):
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    for name, text in RULES.items():
        (rules_dir / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    rulesets = load_rulesets(rules_dir)

    def make(text: str):
        path = tmp_path / "s.yaml"
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
        sc = load_scenario(path, rulesets)
        return sc, sc.failures + truth_checks(sc)

    return make


def _text(errors) -> str:
    return "\n".join(str(e) for e in errors)


# --- every card accounted for ------------------------------------------------------------------

# Two players of ten cards: each has put six on the table; the stock is down to its last card.
END_OF_STOCK = """
    source: own
    game: kokorommi
    title: Testi
    setup:
      turn: Aino
      hands:
        - [4D, 9S, JD, 5S]
        - [7H, 8C, KD, 3S]
      stock: [AH]
      stock_size: 1
      table:
        - {owner: Aino, cards: [10C, JC, QC]}
        - {owner: Aino, cards: [3H, 4H, 5H]}
        - {owner: Eero, cards: [6D, 7D, 8D]}
        - {owner: Eero, cards: [6S, 6H, 6C]}
      discard: [2C, 10H]
    steps:
      - draw: stock
      - discard: 5S
      - expect: {stock_size: 0}
"""

WHOLE_PILE = (
    "[2C, 2D, 9D, 5D, 9C, 9H, AC, JH, KH, 2H, QS, 3D, 4S, AD, 2S, JS, QH, AS, 10S, 8H, 7S, "
    "10D, 7C, KS, 8S, 4C, 5C, QD, 3C, KC, 10H]"
)


def test_a_position_whose_cards_do_not_add_up_to_the_deck_is_refused_at_its_line(load):
    sc, errors = load(END_OF_STOCK)
    text = _text(errors)
    assert (
        "s.yaml:10: asetelmaan ei päästä: kortteja on käsissä 8, pöydällä 12, poistopakassa 2 ja "
        "nostopakassa 1, yhteensä 23, mutta pakassa on 52: 29 korttia puuttuu" in text
    ), text


def test_the_same_position_with_the_whole_discard_pile_passes_and_turns_it_over(load):
    whole = (
        END_OF_STOCK.replace("discard: [2C, 10H]", f"discard: {WHOLE_PILE}")
        + "      - draw: stock\n      - expect: {stock_size: 31, stock: [2D], hand: {Eero: [7H, 8C, KD, 3S, 2C]}}\n"
    )
    sc, errors = load(whole)
    assert errors == []
    box = render_example(sc)
    assert "- Nostopakka: yksi kortti, " in box
    assert "- Poistopakka: 31 korttia, pohjalta päällimmäiseen " in box


def test_a_discard_pile_given_by_its_size_passes_and_shows_its_count(load):
    sized = END_OF_STOCK.replace("discard: [2C, 10H]", "discard: [2C, 10H]\n      discard_size: 31")
    sc, errors = load(sized)
    assert errors == []
    assert sc.piles.discard_size == 31 and sc.piles.missing == 0
    assert "- Poistopakka: 31 korttia; päällimmäiset alhaalta ylös: " in render_example(sc)


def test_the_stock_holds_the_rest_of_the_deck_when_its_size_is_not_given(load):
    partial = END_OF_STOCK.replace("      stock_size: 1\n", "").replace(
        "      - expect: {stock_size: 0}\n", "      - expect: {stock_size: 29}\n"
    )
    sc, errors = load(partial)
    assert errors == []
    assert sc.piles.stock_size == 30 and sc.piles.stock_listed == 1
    assert "- Nostopakka: 30 korttia; päällimmäinen: " in render_example(sc)


def test_drawing_a_card_the_setup_does_not_list_is_refused_at_the_draw(load):
    partial = END_OF_STOCK.replace("      stock_size: 1\n", "").replace(
        "      - expect: {stock_size: 0}\n", "      - draw: stock\n"
    )
    sc, errors = load(partial)
    assert any(
        e.line == 19
        and "tuo peliin kortin, jota asetelma ei luettele: nostopakasta on lueteltu "
        "vain päällimmäinen kortti (pakassa on 30 korttia)"
        in e.message
        for e in errors
    ), _text(errors)


def test_pile_sizes_below_their_listed_cards_are_refused(load):
    with pytest.raises(SourceError) as err:
        load(END_OF_STOCK.replace("stock_size: 1", "stock_size: 0"))
    assert err.value.line == 10
    assert "stock_size: nostopakasta on lueteltu yksi kortti, joten siinä on vähintään yksi kortti, ei 0" in str(
        err.value
    )
    with pytest.raises(SourceError) as err:
        load(END_OF_STOCK.replace("discard: [2C, 10H]", "discard: []\n      discard_size: 31"))
    assert "luettele ainakin poistopakan päällimmäinen kortti" in str(err.value)


# --- no weak teaching move -----------------------------------------------------------------------

GIN = """
    source: own
    game: kokogin
    title: Testi
    section: koputus
    setup:
      dealer: Eero
      turn: Aino
      hands:
        - [4H, 5H, 6H, 8D, 9D, 10D, QS, QC, QD, 2C]
        - [2H, AS, 7S, 7H, 7D, 7C, 8H, KS, KC, 5C]
      stock: [3H, JD, 3C, 4C]
      discard: [JS]
    steps:
      - draw: stock
      - knock: 6H
    text: |
      {{ names[0] }} koputtaa.
"""


def test_a_knock_when_gin_was_there_is_refused_at_the_knock(load):
    _, errors = load(GIN)
    assert any(
        e.line == 15
        and "heikko opetussiirto: koputus jättää 2 pistettä irtokortteja, vaikka ristikakkosen poistolla käsi olisi gin"
        in e.message
        for e in errors
    ), _text(errors)


def test_a_gin_discard_far_above_the_best_is_refused(load):
    # 3H drawn: discarding QS breaks the queens (deadwood 2C + QC + QD = 22) where 2C leaves none
    _, errors = load(GIN.replace("knock: 6H", "discard: QS"))
    assert any(
        e.line == 15
        and "poisto jättää 22 pistettä irtokortteja, vaikka ristikakkosen poistolla käsi olisi gin" in e.message
        for e in errors
    ), _text(errors)
    far = GIN.replace("stock: [3H, JD, 3C, 4C]", "stock: [KD, JD, 3C, 4C]").replace("knock: 6H", "discard: QS")
    _, errors = load(far)  # KD drawn: discarding it leaves 2; QS leaves KD + QC + QD + 2C = 32
    assert any(
        e.line == 15
        and "poisto jättää 32 pistettä irtokortteja, vaikka ruutukuninkaan poistolla niitä jäisi vain 2" in e.message
        for e in errors
    ), _text(errors)
    assert load(far.replace("discard: QS", "discard: KD"))[1] == []


def test_a_deal_no_page_shows_is_not_judged(load):
    # as a deal exported from Pelaa comes: the reader's own moves, no section yet
    assert load(GIN.replace("    section: koputus\n", ""))[1] == []


def test_the_gin_itself_passes(load):
    _, errors = load(GIN.replace("knock: 6H", "knock: 2C"))
    assert errors == []


def test_a_deliberate_weaker_knock_with_a_text_passes_and_without_a_text_is_refused(load):
    marked = GIN.replace("      - knock: 6H\n", "      - knock: 6H\n        deliberate: koputus näytetään\n")
    assert load(marked)[1] == []
    bare = marked.replace("    text: |\n      {{ names[0] }} koputtaa.\n", "")
    _, errors = load(bare)
    assert any(e.line == 16 and "ei ole tekstiä" in e.message for e in errors), _text(errors)


def test_a_rummy_discard_that_keeps_a_hand_which_could_go_out_is_refused(load):
    missed = """
        source: own
        game: kokorommi
        title: Testi
        section: ulosmeno
        setup:
          turn: Aino
          hands:
            - [7H, 8H, 2C, 3C, 4C, 5S, 6S, 7S, 8S, KD]
            - [AS, 7C, KH, 2D, 3D, 4D, 9S, 10S, JS, QS]
          stock: [9H, 2H]
          discard: [5D]
        steps:
          - draw: stock
          - meld: [2C, 3C, 4C]
          - meld: [5S, 6S, 7S, 8S]
          - discard: KD
        text: |
          {{ names[0] }} pelaa.
    """
    _, errors = load(missed)
    assert any(
        e.line == 16
        and "Aino olisi voinut mennä ulos tällä vuorolla pelaamalla pöytään [7H, 8H, 9H] ja poistamalla ruutukuninkaan"
        in e.message
        for e in errors
    ), _text(errors)
    went_out = missed.replace("          - discard: KD\n", "          - meld: [7H, 8H, 9H]\n          - discard: KD\n")
    assert load(went_out)[1] == []


# --- practice questions ----------------------------------------------------------------------------

KINDS = [
    ("pisteet", "perusrommi"),
    ("pisteet", "rommi"),
    ("pisteet", "rommi51"),
    ("kelpaako", "perusrommi"),
    ("kelpaako", "rommi51"),
    ("lisaa", "perusrommi"),
    ("lisaa", "rommi"),
    ("jarjesta", "gin"),
    ("koputus", "gin"),
    ("nostopakka", "perusrommi"),
    ("nostopakka", "rommi"),
    ("avaus", "rommi51"),
]


@pytest.mark.parametrize("kind,game", KINDS, ids=[f"{k}-{g}" for k, g in KINDS])
def test_practice_questions_are_reachable_positions(kind, game):
    rules = FIXED[game].as_mapping()
    bad = [
        (seed, question_problems(q))
        for seed in range(60)
        if question_problems(q := practice.question(kind, seed, rules))
    ]
    assert bad == [], bad[:2]


def test_an_unreachable_practice_question_of_each_kind_is_refused():
    rules = FIXED["perusrommi"].as_mapping()
    pile = practice.question("nostopakka", 1, rules)
    del pile["discard_size"]  # a stock run out beside a pile of three cards
    assert any("korttia puuttuu" in m for m in question_problems(pile))
    lay = practice.question("lisaa", 1, rules)
    lay["hand"] = lay["hand"][:1] + ["KS", "KH", "KD", "QS"][: 5 - len(lay["hand"][:1])]
    lay["hand"] = list(dict.fromkeys(c for c in lay["hand"] if all(c not in m for m in lay["table"])))
    while len(lay["hand"]) < 5:
        lay["hand"].append(
            next(
                c
                for c in ("2S", "3S", "4S", "5S", "6S")
                if c not in lay["hand"] and all(c not in m for m in lay["table"])
            )
        )
    lay["hand"] = lay["hand"][:5]  # five cards: no deal leaves them beside 3-card melds only
    assert question_problems(lay) != []
    r51 = FIXED["rommi51"].as_mapping()
    points = practice.question("pisteet", 3, r51)
    loser = next(i for i in range(len(points["hands"])) if i != points["winner"])
    points["opened"][loser] = False
    points["hands"][loser] = points["hands"][loser][:1]  # never opened, yet one card left
    assert any("pelanneeksi" in m for m in question_problems(points))
    hand = practice.question("avaus", 1, r51)
    hand["hand"] = hand["hand"][:9]
    assert any("kädessä on 9 korttia" in m for m in question_problems(hand))
    knock = practice.question("koputus", 1, FIXED["gin"].as_mapping())
    knock["defender"] = knock["defender"][:9]
    assert any("gin-rommissa" in m for m in question_problems(knock))
