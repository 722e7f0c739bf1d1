"""Gin-rommi legal moves: a perft table, the view against its predicate, parity with the
straightforward listing, and total refusals (every move gets a code or is legal)."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rommikirja import (
    DISCARD,
    STOCK,
    Card,
    Discard,
    Draw,
    GinDeal,
    GinPhase,
    IllegalMove,
    Knock,
    LayOff,
    Pass,
    PlayMeld,
    RuleSet,
    RuleSetError,
    Suit,
    parse_card,
    parse_cards,
    standard_deck,
)
from rommikirja.cards import joker
from rommikirja.deal import Claim, MisDraw, Open, RejectExposed
from rommikirja.gin import defender_best
from rommikirja.legal import LegalMoves
from rommikirja.solver import best_arrangement, best_discard, deadwood_of, mask_of

# The tests' own rule sets (not the shipped YAML).
GIN = RuleSet(
    name="gin",
    style="knock",
    decks=1,
    min_players=2,
    max_players=2,
    hand_size=((2, 10),),
    upcard=True,
    upcard_offer=True,
    ace="low",
    ace_points=1,
    knock_limit=10,
    void_stock=2,
)
GIN_ACE11 = GIN.with_options(ace_points=11)
GIN_ONLY = GIN.with_options(knock_limit=0)
NO_OFFER = GIN.with_options(upcard_offer=False)


def pos(rules, hands, stock="KD 2C 3C 4C", discard="JD", phase="draw", turn=0):
    return GinDeal.from_position(
        rules,
        [parse_cards(h) for h in hands],
        stock=parse_cards(stock),
        discard=parse_cards(discard),
        turn=turn,
        dealer=1 - turn,
        phase=phase,
    )


def perft(deal, depth):
    """Positions reached after exactly ``depth`` moves (finished deals end a line early)."""
    if depth == 0:
        return 1
    total = 0
    for move in deal.legal_moves:
        child = deal.copy()
        child.push(move)
        total += perft(child, depth - 1)
    return total


KNOCKER = "7H 8H 9H QS QC QD 2S 3S 4S 7C"
DEFENDER = "5D 6D 7D 8D 9D AH AC AD 10C 8S"
RUNS = "AS 2S 3S 4S 5H 6H 7H 9C 9H 9S"
ACE_HAND = "5H 6H 7H 9C 9H 9S 2S 3S 4S AC"
OTHER = "5D 6D 7D 8D 9D KH KS 10D 10C 8S"

# (name, rules, hands, stock, discard, phase, perft counts for depth 1, 2, 3)
# Worked by hand: KNOCKER draws KD (11 discards + knocks with KD or 7C = 13) or takes JD (10
# discards; JD may not go back, knock only with 7C = 11): 24; each discard then leaves the
# opponent two draws: 2 × (11 + 10) = 42 (a knock ends the deal).
PERFT = [
    ("knocker", GIN, [KNOCKER, DEFENDER], "KD 2C 3C 4C", "JD", "draw", [2, 24, 42]),
    # gin only: no knock at 7 or 10 points of deadwood
    ("gin only", GIN_ONLY, [KNOCKER, DEFENDER], "KD 2C 3C 4C", "JD", "draw", [2, 21, 42]),
    # drawing KC: 11 discards, gin by discarding KC, knocks (10) by discarding AS or 4S; taking
    # JD: 10 discards, knocks (JD = 10) by discarding AS or 4S
    ("runs", GIN, [RUNS, DEFENDER], "KC 2C 3C 4C", "JD", "draw", [2, (11 + 3) + (10 + 2), 42]),
    # ace 1: KD drawn, knocks discarding KD (AC = 1 left) or AC (KD = 10 left); QH taken, knock
    # discarding AC (QH = 10 left). With the ace worth 11 only the knocks discarding AC remain
    ("ace 1", GIN, [ACE_HAND, OTHER], "KD 2C 3C 4C", "QH", "draw", [2, 13 + 11, 42]),
    ("ace 11", GIN_ACE11, [ACE_HAND, OTHER], "KD 2C 3C 4C", "QH", "draw", [2, 12 + 11, 42]),
    # the first upcard: take it (10 discards + knock with 7C) or pass (the dealer: take or pass);
    # then 10 × 2 draws, or the dealer's 10 discards (28 points: no knock) + the forced draw
    ("offer", GIN, [KNOCKER, DEFENDER], "KD 2C 3C 4C", "JD", "offer", [2, 11 + 2, 20 + 11]),
    # three cards in the stock: a discard after drawing from it voids the deal (2 left)
    ("void", GIN, [KNOCKER, DEFENDER], "KD 2C 3C", "JD", "draw", [2, 24, 0 + 20]),
    # no discard pile: only the stock; after a discard the opponent has both piles
    ("empty discard", NO_OFFER, [KNOCKER, DEFENDER], "KD 2C 3C 4C", "", "draw", [1, 13, 22]),
]


@pytest.mark.parametrize("name,rules,hands,stock,discard,phase,counts", PERFT, ids=[p[0] for p in PERFT])
def test_perft(name, rules, hands, stock, discard, phase, counts):
    deal = pos(rules, hands, stock, discard, phase)
    assert [perft(deal, d) for d in range(1, len(counts) + 1)] == counts


def test_view_behaves_like_a_collection_of_moves():
    deal = pos(GIN, [KNOCKER, DEFENDER])
    moves = deal.legal_moves
    assert isinstance(moves, LegalMoves) and bool(moves) and moves.count() == 2
    assert Draw(STOCK) in moves and Pass() not in moves and list(moves) == [Draw(STOCK), Draw(DISCARD)]
    assert deal.legal_moves() == [Draw(STOCK), Draw(DISCARD)]
    deal.play(Draw(STOCK))
    moves = deal.legal_moves  # the view follows the position
    assert Knock(parse_card("7C")) in moves and Knock(parse_card("7H")) not in moves
    assert moves.count() == 13 and sum(isinstance(m, Knock) for m in moves) == 2
    deal.play(Knock(parse_card("KD")))
    assert not deal.legal_moves and deal.legal_moves() == [] and deal.legal_moves.count() == 0


def candidates(deal):
    """Every move a player could try here: all draws, a pass, and Discard/Knock of every card of
    the pack, plus a few cards that are not in it."""
    cards = standard_deck() + [Card(7, Suit.HEARTS, 1), joker(0)]
    return [Draw(STOCK), Draw(DISCARD), Pass()] + [Discard(c) for c in cards] + [Knock(c) for c in cards]


def reference_moves(deal):
    """The straightforward listing (as before the view): each card is tried on its own."""
    if deal.phase is not GinPhase.DISCARD:
        return None
    hand, taken = deal.hand, deal.taken_from_discard
    moves = [Discard(c) for c in hand if c != taken]
    for c in hand:
        if c != taken and deadwood_of([x for x in hand if x != c], deal.rules) <= deal.rules.knock_limit:
            moves.append(Knock(c))
    return moves


def random_positions(seed, rules, count, knock=0.3):
    rng = random.Random(seed)
    deal = GinDeal.new(rules, dealer=seed % 2, seed=seed)
    out = []
    while not deal.is_over and len(out) < count:
        out.append(deal.copy())
        moves = deal.legal_moves()
        knocks = [m for m in moves if isinstance(m, Knock)]
        deal.play(rng.choice(knocks) if knocks and rng.random() < knock else rng.choice(moves))
    return out


RULE_VARIANTS = [GIN, GIN_ACE11, GIN_ONLY, GIN.with_options(knock_limit=30), NO_OFFER]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from(RULE_VARIANTS))
def test_generated_moves_are_exactly_the_legal_candidates(seed, rules):
    for deal in random_positions(seed, rules, 80):
        generated = deal.legal_moves()
        assert len(set(generated)) == len(generated)
        assert generated == [m for m in candidates(deal) if deal.is_legal(m)] or sorted(map(repr, generated)) == sorted(
            repr(m) for m in candidates(deal) if deal.is_legal(m)
        )
        assert all(m in deal.legal_moves for m in generated)
        want = reference_moves(deal)
        if want is not None:
            assert generated == want


def test_parity_with_the_straightforward_listing_on_many_positions():
    """Move lists identical, in order, to trying every card on its own (the listing before the
    one-search knock decision), over the positions of 200 random deals played without knocking."""
    checked = with_knocks = 0
    for seed in range(200):
        rules = RULE_VARIANTS[seed % len(RULE_VARIANTS)]
        for deal in random_positions(seed, rules, 200, knock=0):
            want = reference_moves(deal)
            if want is None:
                continue
            got = deal.legal_moves()
            assert got == want, (seed, [c.code for c in deal.hand])
            checked += 1
            with_knocks += any(isinstance(m, Knock) for m in got)
    assert checked > 5000 and with_knocks > 100


def test_push_and_play_reach_the_same_positions():
    for seed in range(30):
        a = GinDeal.new(GIN, dealer=seed % 2, seed=seed)
        b = a.copy()
        rng = random.Random(seed)
        while not a.is_over:
            move = rng.choice(a.legal_moves())
            a.push(move)
            b.play(move)
            assert (a.hands, a.stock, a.discard, a.turn, a.phase) == (b.hands, b.stock, b.discard, b.turn, b.phase)
        assert a.outcome == b.outcome


# -- total refusals ---------------------------------------------------------------------

SECOND = Card(7, Suit.HEARTS, 1)
odd_cards = st.one_of(
    st.sampled_from(standard_deck()),
    st.just(SECOND),
    st.just(joker(0)),
    st.just(joker(3)),
    st.builds(Card, st.integers(-2, 16), st.sampled_from(list(Suit))),
    st.just(Card(5, None)),
    st.just("7H"),
    st.none(),
    st.integers(),
)
card_lists = st.lists(odd_cards, max_size=4).map(tuple)
moves = st.one_of(
    st.builds(Draw, st.sampled_from([STOCK, DISCARD, "pöytä", "", None])),
    st.builds(Discard, odd_cards),
    st.builds(Knock, odd_cards),
    st.builds(
        Knock,
        odd_cards,
        st.one_of(st.none(), st.lists(card_lists, max_size=3).map(tuple), st.just("7H"), st.just((None,))),
    ),
    st.builds(PlayMeld, card_lists),
    st.builds(LayOff, card_lists, st.integers(-1, 3)),
    st.builds(Open, st.lists(card_lists, max_size=2).map(tuple)),
    st.just(Pass()),
    st.builds(Claim, st.integers(-1, 2), st.integers(-1, 2)),
    st.builds(MisDraw, st.integers(-1, 2)),
    st.just(RejectExposed()),
    st.just(None),
    st.just("knock"),
    st.integers(),
)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 80), moves)
def test_every_move_is_legal_or_refused_with_a_code(seed, plies, move):
    deal = GinDeal.new(GIN, dealer=seed % 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_moves()))
    legal = deal.is_legal(move)
    assert legal == (move in deal.legal_moves) == (move in deal.legal_moves())
    if legal:
        deal.play(move)
    else:
        with pytest.raises(IllegalMove) as exc:
            deal.play(move)
        assert exc.value.code and exc.value.message and "(" not in exc.value.message


def refusal(deal, move):
    with pytest.raises(IllegalMove) as exc:
        deal.play(move)
    return exc.value.code


def test_second_deck_cards_and_jokers_are_refused_everywhere():
    with pytest.raises(IllegalMove) as exc:
        pos(GIN, [KNOCKER.replace("7C", "7C'"), DEFENDER])
    assert exc.value.code == "no_such_card" and "toisen pakan" in exc.value.message
    with pytest.raises(IllegalMove) as exc:
        pos(GIN, [KNOCKER, DEFENDER], stock="KD JK 3C 4C")
    assert exc.value.code == "no_such_card"
    deal = pos(GIN, [KNOCKER, DEFENDER])
    deal.play(Draw(STOCK))
    for move in (Discard(SECOND), Knock(SECOND), Knock(joker(0)), Knock(parse_card("KD"), (parse_cards("7H 8H 9H'"),))):
        assert refusal(deal, move) == "no_such_card"
        assert move not in deal.legal_moves
    for solve in (
        lambda cs: best_arrangement(cs, GIN),
        lambda cs: deadwood_of(cs, GIN),
        lambda cs: best_discard(cs, (), GIN),
        mask_of,
    ):
        with pytest.raises(IllegalMove) as exc:
            solve(parse_cards(KNOCKER) + (SECOND,))
        assert exc.value.code == "no_such_card"
    with pytest.raises(IllegalMove):
        defender_best(parse_cards(DEFENDER)[:-1] + (SECOND,), [parse_cards("7H 8H 9H")], GIN)
    with pytest.raises(IllegalMove) as exc:
        best_arrangement(parse_cards("7H 8H 9H 7H"), RuleSet())
    assert exc.value.code == "duplicate_card"
    for bad in ({"decks": 2}, {"jokers": 2}, {"max_players": 3}, {"ace": "high_or_low"}):
        with pytest.raises(RuleSetError, match=r"style: knock"):  # the rule set itself is refused
            GIN.with_options(**bad)
    for bad in ({"decks": 2}, {"jokers": 2}):  # built without validation: the deal still refuses
        with pytest.raises(IllegalMove) as exc:
            GinDeal.new(dataclasses.replace(GIN, **bad), seed=1)
        assert exc.value.code == "rules"


def test_an_offer_position_needs_the_offer_rule():
    """Without upcard_offer (or without an upcard) no deal reaches the offer phase."""
    assert pos(GIN, [KNOCKER, DEFENDER], phase="offer").phase is GinPhase.OFFER
    for rules in (NO_OFFER, GIN.with_options(upcard=False)):
        with pytest.raises(IllegalMove) as exc:
            pos(rules, [KNOCKER, DEFENDER], phase="offer")
        assert exc.value.code == "phase"


def test_table_moves_are_refused_in_gin():
    deal = pos(GIN, [KNOCKER, DEFENDER])
    deal.play(Draw(STOCK))
    assert refusal(deal, PlayMeld(parse_cards("7H 8H 9H"))) == "not_in_gin"
    assert refusal(deal, LayOff(parse_cards("10H"), 0)) == "not_in_gin"
    assert refusal(deal, "Discard(KD)") == "unknown_move"
    assert refusal(deal, Discard("KD")) == "not_a_card"


@pytest.mark.parametrize("ace", ["high_or_low", "round_the_corner"])
def test_a_rule_set_with_a_high_ace_is_refused(ace):
    """The gin solver knows ace-low runs only: a rule set where Q-K-A could be a run is refused,
    for a new deal and for a set-up position, with a typed error naming the option."""
    with pytest.raises(RuleSetError, match="ace"):  # a rule file cannot ask for it
        GIN.with_options(ace=ace)
    rules = dataclasses.replace(GIN, ace=ace)  # built around the checks: the deal refuses
    with pytest.raises(IllegalMove) as exc:
        GinDeal.new(rules, seed=1)
    assert exc.value.code == "rules" and "ace: low" in exc.value.message
    with pytest.raises(IllegalMove):
        GinDeal.from_position(rules, hands=[[Card(1, Suit.SPADES)], [Card(2, Suit.SPADES)]])
    GinDeal.new(GIN, seed=1)  # the same rule set with a low ace deals
