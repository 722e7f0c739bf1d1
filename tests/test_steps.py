"""The one step codec (rommikirja.steps): every legal move of many random positions of every game
becomes a step and reads back as the same move, through the engine's reader, the scenario tools'
(file:line) reader and Pelaa's (the page's moves); its YAML line reads back as the same step."""

import random
from pathlib import Path

import pytest
import yaml

from fixed_rules import FIXED
from rommikirja import Claim, MisDraw, RejectExposed, deal_type
from rommikirja.app.computer import Computer
from rommikirja.app.pelaa_state import PAGE_KINDS, read_move
from rommikirja.steps import STEP_FIELDS, STEP_KINDS, StepError, from_step, scenario_yaml, step_yaml
from tools.scenario import load_rulesets
from tools.scenario.context import Ctx
from tools.scenario.moves import parse_move
from tools.yamlsrc import loads

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Aino", "Eero", "Kaisa", "Oona"]
CORPUS = load_rulesets(ROOT / "tests" / "corpus" / "rules")
#: the tests' own rule sets, a few switches that make other moves (claims, jokers), the corpus's
GAMES = (
    [FIXED[g] for g in ("perusrommi", "rommi", "rommi51", "gin")]
    + [
        FIXED["rommi"].with_options(rommi_claim=True),
        FIXED["rommi51"].with_options(max_jokers_per_meld=2),
        FIXED["perusrommi"].with_options(ace="round_the_corner", melds_per_turn="one"),
    ]
    + [CORPUS[name] for name in sorted(CORPUS)]
)


def _scenario_step(step: dict, names):
    """The step as the scenario tools read it from its YAML line (with lines)."""
    doc = loads("steps:\n" + step_yaml(step) + "\n" + step_yaml(step, flow=False) + "\n", "testi.yaml")
    ctx = Ctx(ROOT / "testi.yaml")
    return [parse_move(ctx, item, names)[0] for item in doc["steps"]]


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.name)
def test_every_legal_move_round_trips(rules):
    rng = random.Random(f"steps:{rules.name}")
    kinds = set()
    player = Computer("taitava", seed=1)  # in gin the strong player reaches knocks; elsewhere random moves
    for deal_no in range(8):
        players = 2 if rules.style == "knock" else rng.choice([2, 3, 4])
        names = NAMES[:players]
        deal = deal_type(rules).new(rules, players, dealer=deal_no % players, seed=rng.randrange(10**9))
        moves = 0
        while not deal.is_over and moves < 250:
            legal = deal.legal_moves()
            if rules.style == "knock" or rng.random() < 0.3:  # every move of each sampled position
                for move in legal:
                    step = move.to_step(names)
                    kinds.add(next(iter(step)))
                    assert set(step) <= {next(iter(step)), *STEP_FIELDS[next(iter(step))]}
                    assert from_step(step, names=names) == move, step
                    assert yaml.safe_load(step_yaml(step)[4:]) == step
                    block = yaml.safe_load(step_yaml(step, flow=False)[4:].replace("\n    ", "\n"))
                    assert block == step
                    if rng.random() < 0.05:
                        assert _scenario_step(step, names) == [move, move]
                    if next(iter(step)) in PAGE_KINDS and getattr(move, "player", 0) == 0:  # Pelaa's reader
                        assert read_move(step, rules, names) == move, step
            deal.play(player.choose(deal) if rules.style == "knock" else rng.choice(legal))
            moves += 1
    assert {"draw", "discard"} <= kinds
    assert ("knock" in kinds) == (rules.style == "knock")


def test_irregular_moves_and_refusals():
    for move in (Claim(1, 0), MisDraw(2), RejectExposed()):
        assert from_step(move.to_step(NAMES), names=NAMES) == move
    with pytest.raises(StepError) as err:
        from_step({"draw": "deck"})
    assert str(err.value) == "draw: odotettiin stock tai discard, saatiin ”deck”"
    assert err.value.sentence() == "Siirron kenttä draw ei kelpaa: odotettiin stock tai discard, saatiin ”deck”."
    with pytest.raises(StepError) as err:
        from_step({"lay_off": ["7H"]})
    assert err.value.key == "lay_off" and "onto" in err.value.message
    with pytest.raises(StepError) as err:
        from_step({"discard": "7H", "draw": "stock"})
    assert err.value.key is None and ", ".join(STEP_KINDS) in err.value.message


def test_scenario_writer_reads_back():
    """A whole written scenario is YAML whose steps and position are the deal's."""
    rules = FIXED["perusrommi"]
    deal = deal_type(rules).new(rules, 3, dealer=2, seed=5)
    start = deal.copy()
    steps = []
    rng = random.Random(3)
    for _ in range(30):
        move = rng.choice(deal.legal_moves())
        steps.append(move.to_step(NAMES))
        deal.play(move)
    for flow in (True, False):
        text = scenario_yaml(
            "perusrommi",
            "Testi: jako",
            NAMES[:3],
            start,
            steps,
            {"over": False},
            totals=[1, 2, 3],
            deals_played=1,
            text="Rivi.",
            flow=flow,
        )
        doc = yaml.safe_load(text)
        assert doc["title"] == "Testi: jako" and doc["players"] == NAMES[:3]
        assert doc["steps"][:-1] == steps and doc["steps"][-1] == {"expect": {"over": False}}
        assert doc["setup"]["hands"] == [[c.code for c in h] for h in start.hands]
        assert doc["setup"]["totals"] == [1, 2, 3] and doc["text"] == "Rivi.\n"
