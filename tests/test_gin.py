"""Gin-rommi: the upcard protocol, knocking, the defender's best lay-offs, scoring, random deals."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rommikirja import (
    DISCARD,
    STOCK,
    Discard,
    Draw,
    GinDeal,
    GinPhase,
    IllegalMove,
    Knock,
    Pass,
    check_meld,
    next_dealer,
    parse_card,
    parse_cards,
    score_deal,
    standard_deck,
)
from rommikirja.gin import defender_best
from rommikirja.solver import best_arrangement
from fixed_rules import FIXED

GIN = FIXED["gin"]  # the tests' own rule set, not the shipped file


def position(hands, stock="KD 2C 3C 4C", discard="JD", phase="draw", turn=0, dealer=1, rules=GIN):
    return GinDeal.from_position(
        rules,
        [parse_cards(h) for h in hands],
        stock=parse_cards(stock),
        discard=parse_cards(discard),
        turn=turn,
        dealer=dealer,
        phase=phase,
    )


KNOCKER = "7H 8H 9H QS QC QD 2S 3S 4S 7C"


def code(deal, move):
    with pytest.raises(IllegalMove) as exc:
        deal.play(move)
    return exc.value.code


def test_new_deal_and_upcard_offer():
    d = GinDeal.new(GIN, dealer=0, seed=1)
    assert [len(h) for h in d.hands] == [10, 10] and len(d.stock) == 31 and len(d.discard) == 1
    assert d.phase is GinPhase.OFFER and d.turn == 1
    assert code(d, Draw(STOCK)) == "offer_stock"
    d.play(Pass())
    assert d.turn == 0 and d.phase is GinPhase.OFFER
    d.play(Pass())
    assert d.turn == 1 and d.phase is GinPhase.FORCED
    assert code(d, Draw(DISCARD)) == "forced_stock"
    d.play(Draw(STOCK))
    d.play(Discard(d.hands[1][0]))
    assert d.turn == 0 and d.phase is GinPhase.DRAW
    assert code(d, Pass()) == "no_pass"


def test_dealer_takes_upcard_then_non_dealer_plays():
    d = GinDeal.new(GIN, dealer=0, seed=2)
    d.play(Pass())
    d.play(Draw(DISCARD))
    taken = d.hands[0][-1]
    assert code(d, Discard(taken)) == "discard_taken_card"
    d.play(Discard(d.hands[0][0]))
    assert d.turn == 1 and d.phase is GinPhase.DRAW


def test_knock_limit_and_voluntary_knock():
    e = position([KNOCKER, "5D 6D 7D 8D 9D AH AC AD 10C 8S"])
    e.play(Draw(STOCK))
    assert e.is_legal(Knock(parse_card("KD"))) and e.is_legal(Discard(parse_card("KD")))
    f = position(["7H 8H 9H QS QC QD 2S 3S 9C 7C", "5D 6D 7D 8D 9D AH AC AD 10C 8S"])
    f.play(Draw(STOCK))
    assert code(f, Knock(parse_card("KD"))) == "knock_over_limit"


def test_knock_scores_difference_undercut_and_gin():
    d = position([KNOCKER, "5D 6D 7D 8D 9D AH AC AD 10C 8S"])
    d.play(Draw(STOCK))
    d.play(Knock(parse_card("KD")))
    s = score_deal(d.outcome, GIN)
    assert (s.kind, s.points, s.hand_values) == ("knock", (11, 0), (7, 18))
    u = position([KNOCKER, "5D 6D 7D 8D 9D AH AC AD 2C 5H"], stock="KD 3C 4C 6C")
    u.play(Draw(STOCK))
    u.play(Knock(parse_card("KD")))
    assert score_deal(u.outcome, GIN).points == (0, 25)
    assert score_deal(u.outcome, GIN.with_options(undercut_on_tie=False)).points == (0, 0)
    assert score_deal(u.outcome, GIN.with_options(undercut_bonus=10)).points == (0, 10)
    g = position(["8S 8H 8D 8C 3D 4D 5D JC QC 9S", "AH 2H 3H 4H 6S 6H 6D 10S 5S 2D"], stock="KC 2C 3C 4C", discard="JS")
    g.play(Draw(STOCK))
    g.play(Knock(parse_card("9S")))
    assert g.outcome.kind == "gin" and g.outcome.defender.layoffs == ()
    assert score_deal(g.outcome, GIN).points == (42, 0)
    assert score_deal(g.outcome, GIN.with_options(gin_bonus=20)).points == (37, 0)
    assert next_dealer(g.outcome, GIN) == 0  # the dealer changes (was 1)


def test_void_deal_keeps_dealer():
    d = position(["2S 5D 9C JH KS 4D 8C 3H 7S QD", "3C 3D 8S QC 4H 10S AD 6C 9H JC"], stock="6H 2C 5S", discard="KH")
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("6H")))
    assert d.is_over and d.outcome.kind == "void"
    assert score_deal(d.outcome, GIN).points == (0, 0) and next_dealer(d.outcome, GIN) == 1


def test_knock_with_chosen_melds():
    d = position([KNOCKER, "5D 6D 7D 8D 9D AH AC AD 10C 8S"])
    d.play(Draw(STOCK))
    assert code(d, Knock(parse_card("KD"), (parse_cards("7H 8H"),))) == "too_short"
    assert code(d, Knock(parse_card("KD"), (parse_cards("7H 8H 9H"), parse_cards("QS QC QD")))) == "knock_over_limit"
    d.play(Knock(parse_card("KD"), (parse_cards("7H 8H 9H"), parse_cards("QS QC QD"), parse_cards("2S 3S 4S"))))
    assert score_deal(d.outcome, GIN).hand_values[0] == 7


def brute_defender(hand, knocker_melds, rules):
    """Every way to lay off cards one at a time (chains included) plus own melds, exhaustively."""
    best = sum(rules.card_points(c.rank) for c in hand)
    hand = list(hand)

    def rec(rest, melds):
        nonlocal best
        best = min(best, best_arrangement(rest, GIN).deadwood_points)
        for c in rest:
            for i, m in enumerate(melds):
                if check_meld(m + (c,), rules) is None:
                    rec([x for x in rest if x != c], melds[:i] + (m + (c,),) + melds[i + 1 :])

    rec(hand, tuple(tuple(m) for m in knocker_melds))
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31))
def test_defender_best_matches_exhaustive_search(seed):
    rng = random.Random(seed)
    deck = standard_deck()
    rng.shuffle(deck)
    knocker = best_arrangement(deck[:10], GIN)
    hand = deck[10:20]
    res = defender_best(hand, knocker.melds, GIN)
    got = sum(GIN.card_points(c.rank) for c in res.deadwood)
    assert got == brute_defender(hand, knocker.melds, GIN)
    used = [c for m in res.melds for c in m] + [c for cs, _ in res.layoffs for c in cs] + list(res.deadwood)
    assert Counter(used) == Counter(hand)


def test_defender_chain_and_group_breaking():
    res = defender_best(
        parse_cards("2H 3H 7S 7H 7D 7C 8H KS KC 5C"),
        [parse_cards("4H 5H 6H"), parse_cards("8D 9D 10D"), parse_cards("QS QC QD")],
        GIN,
    )
    assert sorted(c.code for c in res.deadwood) == ["5C", "KC", "KS"]


def _all_spreads(hand):
    """Brute force: every set of disjoint valid melds within the knock limit, with its deadwood."""
    from itertools import combinations

    melds = [m for n in (3, 4, 5, 6, 7, 8, 9, 10) for m in combinations(hand, n) if check_meld(m, GIN) is None]
    out = []

    def spread(i, used, chosen):
        if i == len(melds):
            dead = tuple(c for c in hand if c not in used)
            if sum(GIN.card_points(c.rank) for c in dead) <= GIN.knock_limit:
                out.append((tuple(chosen), dead))
            return
        spread(i + 1, used, chosen)
        if not used & set(melds[i]):
            spread(i + 1, used | set(melds[i]), chosen + [melds[i]])

    spread(0, frozenset(), [])
    return out


def _knocker_value(dead, answer):
    from rommikirja.gin import GinOutcome, knock_result

    scorer, points, _ = knock_result(GinOutcome("gin" if not dead else "knock", 0, (), (), dead, answer), GIN)
    return points if scorer == 0 else -points


def play_random_gin(seed):
    d = GinDeal.new(GIN, dealer=seed % 2, seed=seed)
    rng = random.Random(seed)
    deck = Counter(standard_deck())
    while not d.is_over:
        moves = d.legal_moves()
        knocks = [m for m in moves if isinstance(m, Knock)]
        move = rng.choice(knocks) if knocks and rng.random() < 0.5 else rng.choice(moves)
        d.play(move)
        assert Counter(d.all_cards()) == deck
        if d.phase in (GinPhase.DRAW, GinPhase.OFFER, GinPhase.FORCED):
            assert [len(h) for h in d.hands] == [10, 10]
    return d


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**31))
def test_random_gin_deals(seed):
    d = play_random_gin(seed)
    out = d.outcome
    s = score_deal(out, GIN)
    if out.kind == "void":
        assert len(d.stock) <= GIN.void_stock and s.points == (0, 0)
        return
    k = out.knocker
    kd = sum(GIN.card_points(c.rank) for c in out.knocker_deadwood)
    assert kd <= GIN.knock_limit and kd >= best_arrangement(out.hands[k], GIN).deadwood_points
    # the knocker spread the hand that scores best against the defender's best answer
    assert _knocker_value(out.knocker_deadwood, out.defender) == max(
        _knocker_value(dead, defender_best(out.hands[1 - k], melds, GIN, lay_off=bool(dead)))
        for melds, dead in _all_spreads(out.hands[k])
    )
    dd = sum(GIN.card_points(c.rank) for c in out.defender.deadwood)
    if out.kind == "gin":
        assert kd == 0 and s.points[k] == 25 + dd
    elif dd <= kd:
        assert s.points[1 - k] == 25 + kd - dd
    else:
        assert s.points[k] == dd - kd


HANDS = ["AC 4S 3S 7C 5S 4C 6C 5C 5D 8C", "2C 3C 3H 8S JS 10S AD QS 4H AH"]


def test_the_knocker_spreads_the_hand_that_scores_best():
    """Laying 4-8 of clubs leaves 6 points, but the defender lays 3 and 2 of clubs onto it; keeping
    the 4 of clubs out of the run leaves 10 points and nothing to lay off: 12 points instead of 11."""
    d = position(HANDS, stock="KD 9H 9D 9S", discard="2D")
    d.play(Draw(STOCK))
    d.play(Knock(parse_card("KD")))
    out = d.outcome
    assert sorted(c.code for c in out.knocker_deadwood) == ["4C", "5D", "AC"]
    assert out.defender.layoffs == () and score_deal(out, GIN).points == (12, 0)
    # a knocker who names the least-deadwood melds gets what they asked for
    d = position(HANDS, stock="KD 9H 9D 9S", discard="2D")
    d.play(Draw(STOCK))
    d.play(Knock(parse_card("KD"), (tuple(parse_cards("3S 4S 5S")), tuple(parse_cards("4C 5C 6C 7C 8C")))))
    assert len(d.outcome.defender.layoffs) == 1 and score_deal(d.outcome, GIN).points == (11, 0)
