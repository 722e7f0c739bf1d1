"""Refusal codes and result kinds are closed sets (rommikirja.codes): every code the engine can
raise is a Refusal member with its Finnish help and page topic, every member is raised somewhere,
every deal ends in a ResultKind, and the editor's reference reads its help from the registries.
Own rule sets (tests/fixed_rules.py), not the shipped presets."""

import ast
import json
import random
from pathlib import Path

import pytest

from fixed_rules import FIXED
from rommikirja import IllegalMove
from rommikirja.cards import parse_cards, standard_deck
from rommikirja.codes import Refusal, ResultKind, Topic, refusal_topic, scenario_refusals
from rommikirja.games import new_deal
from rommikirja.moves import DISCARD, STOCK, Claim, Discard, Draw, LayOff, MisDraw, Open, Pass, PlayMeld
from rommikirja.scoring import score_deal

ENGINE = Path(__file__).resolve().parent.parent / "engine" / "rommikirja"
MAKERS = {"IllegalMove", "InvalidMeld", "_Reason"}


def raised_codes(root: Path = ENGINE) -> tuple[dict[str, str], list[str], list[str]]:
    """Every code in the engine's source (every module, subpackages too): the first argument of
    IllegalMove/InvalidMeld/_Reason, and a ``{"code": ...}`` refusal written as data. Returns the
    codes named by a Refusal member (``MUST_DRAW`` or ``Refusal.MUST_DRAW``) → the module; the
    codes written as string literals (``file:line: code``: there should be none); and the other
    first arguments (as source text)."""
    found: dict[str, str] = {}
    literals: list[str] = []
    other: list[str] = []

    def see(node: ast.expr, path: Path) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            literals.append(f"{path.relative_to(root)}:{node.lineno}: {node.value}")
            return
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if name in Refusal.__members__:
            found.setdefault(Refusal[name].value, path.name)
        else:
            other.append(ast.unparse(node))

    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and node.args
                and (getattr(node.func, "id", None) in MAKERS or getattr(node.func, "attr", None) in MAKERS)
            ):
                see(node.args[0], path)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "code":
                        see(value, path)
    return found, literals, other


def test_the_engine_names_every_code_by_its_member_and_each_has_help_and_topic():
    found, literals, other = raised_codes()
    assert len(found) >= 58
    assert not literals, f"codes written as strings in the engine (use the member, e.g. codes.MUST_DRAW): {literals}"
    # the only codes not named by a member are forwarded from another refusal
    assert set(other) <= {"code", "err.code"}, other
    for member in Refusal:
        assert member.value == member.name.lower()
        assert isinstance(member.topic, Topic)
        assert member.help and member.help == member.help.strip() and not member.help.endswith(".")
        assert "None" not in member.help and "'" not in member.help
        assert refusal_topic(member.value) is member.topic


def test_every_member_has_its_module_name():
    import rommikirja.codes as codes

    for member in Refusal:
        assert getattr(codes, member.name) is member and member.name in codes.__all__


def test_every_member_is_raised_somewhere():
    found, _, _ = raised_codes()
    assert set(Refusal) == set(found), set(Refusal) ^ set(found)


def test_the_scan_sees_a_code_written_as_a_string(tmp_path):
    (tmp_path / "x.py").write_text(
        'def f():\n    raise IllegalMove("uusi_koodi", lambda who: who)\n'
        'def g():\n    return {"code": "pyynto_koodi", "reason": "x"}\n'
        "def h():\n    return IllegalMove(MUST_DRAW, 'x'), _Reason(Refusal.GAP, 'y'), IllegalMove(KOODI, 'z')\n",
        encoding="utf-8",
    )
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "y.py").write_text('err = errors.IllegalMove("syvalla", "x")\n', encoding="utf-8")
    found, literals, other = raised_codes(tmp_path)
    assert literals == ["app/y.py:1: syvalla", "x.py:2: uusi_koodi", "x.py:4: pyynto_koodi"]
    assert found == {"must_draw": "x.py", "gap": "x.py"} and other == ["KOODI"]
    assert "uusi_koodi" not in Refusal._value2member_map_


def test_a_raised_code_is_its_member():
    from rommikirja import Deal, RuleSet
    from rommikirja.melds import check_meld

    deal = Deal.new(RuleSet(), players=2, seed=1)
    err = deal.refusal(Discard(deal.hand[0]))
    assert err.code is Refusal.MUST_DRAW and err.code.topic is Topic.TURN
    assert check_meld(parse_cards("7H 8S 10D"), RuleSet()).code in Refusal
    assert repr(err).startswith("IllegalMove('must_draw', ")


def test_members_are_their_strings_in_json():
    assert json.dumps({"code": Refusal.KNOCK_OVER_LIMIT}) == '{"code": "knock_over_limit"}'
    assert Refusal("gap") is Refusal.GAP and Refusal.GAP == "gap" and f"{Refusal.GAP}" == "gap"
    assert json.dumps([ResultKind.UNDERCUT]) == '["undercut"]'
    assert refusal_topic("ei_tallaista") is Topic.TURN


def test_the_reference_reads_the_registry():
    from tools.refusals import REFUSAL_HELP, engine_codes
    from tools.editor_help import RESULT_HELP
    from tools.reference import steps_reference

    assert list(REFUSAL_HELP) == [r.value for r in scenario_refusals()]
    assert set(REFUSAL_HELP) == set(engine_codes())
    assert RESULT_HELP == {k.value: k.help for k in ResultKind}
    text = "\n".join(steps_reference())
    for member in scenario_refusals():
        assert f"| `{member.value}` | {member.help} |" in text
    for member in Refusal:
        if not member.scenario:
            assert f"| `{member.value}` |" not in text
    for kind in ResultKind:
        assert f"`{kind.value}` {kind.help}" in text


def _odd_moves(deal, rng):
    """Moves of every kind, most of them illegal now: each must be legal or refused with a member."""
    deck = standard_deck(deal.rules.decks, deal.rules.jokers)
    hand = list(deal.hand)
    some = rng.sample(hand, min(3, len(hand)))
    yield Draw(STOCK)
    yield Draw(DISCARD)
    yield Draw("pöytä")
    yield Discard(rng.choice(deck))
    yield Discard(rng.choice(hand))
    yield PlayMeld(tuple(some))
    yield PlayMeld(tuple(rng.sample(deck, 3)))
    yield PlayMeld(())
    yield LayOff(tuple(some[:1]), rng.randrange(-1, 3))
    yield Open((tuple(some),))
    yield Pass()
    yield Claim(rng.randrange(3), 0)
    yield MisDraw(rng.randrange(3))
    yield "nosto"


@pytest.mark.parametrize("game", sorted(FIXED))
def test_every_refusal_met_in_play_is_a_member(game):
    rules = FIXED[game]
    if rules.style == "rummy":
        rules = rules.with_options(max_turnovers=1)  # (random play: a deal that ends soon)
    seen: set[str] = set()
    kinds: set[str] = set()
    for seed in range(12):
        deal = new_deal(rules, 2, seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            for move in _odd_moves(deal, rng):
                err = deal.refusal(move)
                if err is not None:
                    assert isinstance(err, IllegalMove)
                    assert err.code in Refusal._value2member_map_, (game, move, err.code)
                    seen.add(err.code)
            moves = deal.legal_moves()
            eager = [m for m in moves if isinstance(m, (PlayMeld, LayOff, Open))]
            deal.play(rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(moves))
        score = score_deal(deal.outcome, rules)
        assert isinstance(score.kind, ResultKind), score.kind
        kinds.add(score.kind)
        err = deal.refusal(Draw(STOCK))
        assert err is not None and err.code == Refusal.DEAL_OVER
        seen.add(err.code)
    assert {"unknown_source", "deal_over", "unknown_move"} <= seen
    assert kinds


def test_setup_refusals_are_members():
    from rommikirja import Deal, RuleSet

    for call in (
        lambda: Deal.new(RuleSet(), players=9),
        lambda: Deal.new(RuleSet(), players=2, dealer=5),
        lambda: Deal.from_position(RuleSet(), [parse_cards("7H 7H"), parse_cards("AS")]),
    ):
        with pytest.raises(IllegalMove) as info:
            call()
        assert info.value.code in Refusal._value2member_map_


def test_the_scenario_schema_offers_exactly_the_scenario_codes_with_their_help():
    from tools.json_schemas import scenario_schema
    import tools.schema as schema_mod

    base = json.loads(
        (Path(schema_mod.__file__).resolve().parent.parent / "scenarios" / "scenario.schema.json").read_text(
            encoding="utf-8"
        )
    )
    found = []

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("properties"), dict) and "refused" in node["properties"]:
                found.append(node["properties"]["refused"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(scenario_schema(base, {"perusrommi": []}))
    assert found
    for spec in found:
        assert spec["enum"] == [r.value for r in scenario_refusals()]
        assert spec["enumDescriptions"] == [r.help for r in scenario_refusals()]
