"""The Position base: Deal and GinDeal share players, is_over, hand, the cached legal-move view,
is_legal/refusal, checked play and copy from the fields; move kinds are function objects.
Own rule sets (tests/fixed_rules.py)."""

import dataclasses
import random

import pytest

from fixed_rules import FIXED
from rommikirja import Deal, GinDeal, IllegalMove
from rommikirja.cards import parse_cards
from rommikirja.deal import MOVE_KINDS, When
from rommikirja.deal_state import DealState
from rommikirja.games import new_deal
from rommikirja.moves import STOCK, Discard, Draw
from rommikirja.position import Position


def test_both_games_are_positions_and_rummy_phases_share_the_declared_state():
    assert issubclass(Deal, Position) and issubclass(GinDeal, Position)
    from rommikirja.draw_phase import DrawPhase
    from rommikirja.meld_moves import MeldMoves
    from rommikirja.meld_phase import MeldPhase
    from rommikirja.turn_end import TurnEnd
    from rommikirja.variants import ClassicRommi, Rommi51Opening

    for mixin in (DrawPhase, MeldMoves, MeldPhase, TurnEnd, Rommi51Opening, ClassicRommi):
        assert issubclass(mixin, DealState), mixin
    assert [f.name for f in dataclasses.fields(Deal)] == [f.name for f in dataclasses.fields(DealState)]


def test_move_kinds_are_functions_of_the_deal():
    for kind, spec in MOVE_KINDS.items():
        assert isinstance(spec.when, When)
        assert callable(spec.refuse) and callable(spec.apply), kind
        assert spec.refuse.__name__.startswith("_refuse_") and spec.apply.__name__.startswith("_apply_")
        assert getattr(Deal, spec.refuse.__name__) is spec.refuse


@pytest.mark.parametrize("game", sorted(FIXED))
def test_the_shared_queries_and_checked_play(game):
    rules = FIXED[game]
    if rules.style == "rummy":
        rules = rules.with_options(max_turnovers=1)
    for seed in range(6):
        deal = new_deal(rules, 2, seed=seed)
        rng = random.Random(seed)
        assert deal.players == 2 and deal.hand is deal.hands[deal.turn]
        while not deal.is_over:
            view = deal.legal_moves
            assert deal.legal_moves is view  # one view per position
            moves = view()
            assert moves and all(deal.is_legal(m) and deal.refusal(m) is None for m in moves)
            copy = deal.copy()
            assert copy == deal and copy is not deal and copy.legal_moves is not view
            assert all(a is not b for a, b in zip(copy.hands, deal.hands))
            move = rng.choice(moves)
            copy.play(move)  # the copy moves alone
            assert copy != deal and deal.legal_moves() == moves
            deal.push(move)
            assert deal == copy
        assert deal.is_over and deal.phase is type(deal).OVER and deal.outcome is not None
        assert not deal.legal_moves and deal.legal_moves() == []
        with pytest.raises(IllegalMove) as info:
            deal.play(Draw(STOCK))
        assert info.value.code == "deal_over"


def test_play_refuses_with_the_predicates_refusal_and_leaves_the_deal_alone():
    deal = Deal.from_position(
        FIXED["perusrommi"],
        [parse_cards("7H 8H"), parse_cards("AS 7C")],
        stock=parse_cards("9H 2C"),
        discard=parse_cards("5S"),
    )
    before = deal.copy()
    for move in (Discard(parse_cards("7H")[0]), Discard(parse_cards("KD")[0]), "nosto"):
        err = deal.refusal(move)
        with pytest.raises(IllegalMove) as info:
            deal.play(move)
        assert info.value.code == err.code
        assert deal == before
    deal.play(Draw("discard"))
    taken = deal.hand[-1]
    with pytest.raises(IllegalMove) as info:
        deal.play(Discard(taken))
    assert info.value.code == "discard_taken_card"
    deal.play(Discard(deal.hand[0]))
    assert deal.turn == 1 and taken in deal.hands[0]


@pytest.mark.parametrize("game", sorted(FIXED))
def test_turn_move_types_hold_every_move_made_once_drawn(game):
    """What the callers (Pelaa's action bar, the computer) ask instead of the deal's class."""
    rules = FIXED[game]
    if rules.style == "rummy":
        rules = rules.with_options(max_turnovers=1)
    seen: set[type] = set()
    for seed in range(8):
        deal = new_deal(rules, 2, seed=seed)
        assert deal.MELDS_IN_HAND is isinstance(deal, GinDeal)
        rng = random.Random(seed)
        while not deal.is_over:
            moves = deal.legal_moves()
            if deal.phase.value in ("play", "discard"):  # (rummy's and gin's phase once drawn)
                kinds = deal.turn_move_types()
                assert Discard in kinds and {type(m) for m in moves} <= set(kinds), (kinds, moves)
                seen.update(type(m) for m in moves)
            deal.play(rng.choice(moves))
    assert Discard in seen and len(seen) >= 2


@pytest.mark.parametrize("game", ["perusrommi", "rommi", "rommi51"])
def test_the_ready_shortcut_gives_what_the_whole_phase_ladder_gives(game):
    """Deal._refusal and Deal.play pass a move straight to its kind's rule in the kind's ready
    phase; the full ladder of phase checks (Deal._refusal_of) must refuse or accept it the same."""
    from rommikirja.deal import _NO_KIND
    from rommikirja.moves import Claim, LayOff, MisDraw, Open, Pass, PlayMeld, RejectExposed

    rules = FIXED[game].with_options(max_turnovers=1)
    shortcuts = 0
    for seed in range(10):
        deal = new_deal(rules, 2, seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            hand = deal.hand
            probes = [Draw(STOCK), Draw("discard"), Draw("pöytä"), Pass(), RejectExposed(), MisDraw(1 - deal.turn)]
            probes += [Discard(c) for c in hand[:3]] + [PlayMeld(tuple(hand[:3])), LayOff(tuple(hand[:1]), 0)]
            probes += [Open((tuple(hand[:3]),)), Claim(1 - deal.turn, 0), "nosto"]
            for move in probes:
                kind = MOVE_KINDS.get(type(move), _NO_KIND)
                full = deal._refusal_of(kind, move)
                quick = deal._refusal(move)
                assert (full is None) == (quick is None) and getattr(full, "code", None) == getattr(quick, "code", None)
                shortcuts += deal.phase is kind.ready and deal.exposed is None
            deal.play(rng.choice(deal.legal_moves()))
    assert shortcuts > 100
