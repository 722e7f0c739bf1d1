"""Random complete deals: no card lost or duplicated, hand sizes follow the rules, every deal ends,
and the score equals the cards left in hand."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rommikirja import (
    Claim,
    Open,
    Deal,
    Discard,
    Draw,
    EndReason,
    LayOff,
    Pass,
    PlayMeld,
    RuleSet,
    check_meld,
    hand_value,
    score_deal,
    standard_deck,
)
from fixed_rules import FIXED

PRESETS = FIXED  # the tests' own rule sets, not the shipped files
VARIANTS = [
    ("perusrommi", {}),
    ("perusrommi", {"melds_per_turn": "one"}),
    ("perusrommi", {"lay_off_before_meld": False, "final_discard": "required"}),
    ("perusrommi", {"ace": "high_or_low", "ace_points": 15}),
    ("perusrommi", {"stock_exhausted": "block"}),
    ("perusrommi", {"rummy_doubling": False, "upcard": False}),
    ("rommi", {}),
    ("rommi", {"final_discard": "optional", "ace": "round_the_corner"}),
    ("rommi", {"rommi_claim": True}),
    ("rommi", {"stock_exhausted": "last_round"}),
    ("rommi51", {}),
    ("rommi51", {"max_jokers_per_meld": 2}),
]


def rules_for(variant) -> RuleSet:
    base, options = variant
    return PRESETS[base].with_options(max_turnovers=2, **options)


MAX_TURNS = 4000


def play_random(rules: RuleSet, players: int, seed: int, policy_seed: int) -> Deal:
    deal = Deal.new(rules, players, dealer=seed % players, seed=seed)
    rng = random.Random(policy_seed)
    dealt = rules.hand_size_for(players)
    drawn, discarded, played = Counter(), Counter(), Counter()
    deck = Counter(standard_deck(rules.decks, rules.jokers))
    while not deal.is_over:
        assert deal.turns < MAX_TURNS, "deal did not end"
        moves = deal.legal_moves()
        assert moves, "a live deal must always offer a move"
        eager = [m for m in moves if isinstance(m, (PlayMeld, LayOff))]
        move = rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(moves)
        p = deal.turn
        deal.play(move)
        if isinstance(move, Claim):
            drawn[move.player] += 1
        elif isinstance(move, Pass):
            pass
        elif isinstance(move, Draw):
            drawn[p] += 1
        elif isinstance(move, Discard):
            discarded[p] += 1
        elif isinstance(move, Open):
            played[p] += sum(len(m) for m in move.melds)
        else:
            played[p] += len(move.cards)
        assert Counter(deal.all_cards()) == deck
        for i, hand in enumerate(deal.hands):
            assert len(hand) == dealt + drawn[i] - discarded[i] - played[i]
        for tm in deal.table:
            assert check_meld(tm.meld.cards, rules) is None
    return deal


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**31),
    policy=st.integers(0, 2**31),
    variant=st.sampled_from(VARIANTS),
)
def test_random_deals_keep_every_invariant(players, seed, policy, variant):
    rules = rules_for(variant)
    players = min(players, rules.max_players)
    deal = play_random(rules, players, seed, policy)
    out = deal.outcome
    score = score_deal(out, rules)
    values = [hand_value(h, rules) for h in out.hands]
    if rules.scoring != "penalty":  # penalty scoring reports the penalties instead
        assert list(score.hand_values) == values
    assert rules.scoring != "winner_takes" or sum(1 for p in score.points if p) <= 1
    if rules.scoring == "own_hand_minus":
        assert list(score.points) == [-v for v in values]
    elif rules.scoring == "penalty":
        assert len(deal.all_cards()) == 52 * rules.decks + rules.jokers
        for i, v in enumerate(values):
            want = 0 if i == out.winner else (v if out.opened[i] else rules.unopened_penalty)
            assert score.points[i] == -want
        if out.reason is EndReason.WENT_OUT:
            assert out.opened[out.winner] and deal.events[-2].kind == "discard"
    elif out.reason is EndReason.WENT_OUT:
        assert out.hands[out.winner] == ()
        base = sum(values) - values[out.winner]
        assert score.points[out.winner] == base * (2 if out.rummy and rules.rummy_doubling else 1)
    else:
        assert not deal.stock or rules.stock_exhausted == "turn_over_keep_top"
        low = min(values)
        if values.count(low) == 1:
            assert out.winner == values.index(low)
            assert score.points[out.winner] == sum(v - low for v in values)
        else:
            assert out.winner is None and sum(score.points) == 0
    if rules.final_discard == "required" and out.reason is EndReason.WENT_OUT:
        assert deal.events[-2].kind == "discard"


def test_random_play_reaches_every_ending():
    """The generator is not vacuous: rummies, block endings and lay-offs all occur."""
    seen = Counter()
    for seed in range(200):
        rules = rules_for(VARIANTS[seed % len(VARIANTS)])
        deal = play_random(rules, min(2 + seed % 5, rules.max_players), seed, seed)
        seen[deal.outcome.reason] += 1
        seen["rummy"] += deal.outcome.rummy
        seen["lay_off"] += any(e.kind == "lay_off" for e in deal.events)
        seen["turn_over"] += any(e.kind == "turn_over" for e in deal.events)
        seen["claim"] += any(e.kind == "claim" for e in deal.events)
        seen["stock_used"] += any(e.kind == "stock_used" for e in deal.events)
        seen["opened"] += any(e.kind == "opened" for e in deal.events)
    assert seen[EndReason.WENT_OUT] and seen[EndReason.BLOCKED]
    assert seen["rummy"] and seen["lay_off"] and seen["turn_over"] and seen["claim"] and seen["stock_used"]
    assert seen["opened"]
