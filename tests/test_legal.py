"""Legal moves are one source of truth: the generated moves are exactly the candidates that
``is_legal`` accepts, in every game, over generated positions (jokers, two decks, openings);
and a perft-style table pins the number of legal moves in fixed positions.

The rule sets are the tests' own (not the shipped YAML), with small hands so that every
subset of a hand can be tried."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rommikirja import (
    Claim,
    Deal,
    Discard,
    Draw,
    IllegalMove,
    Knock,
    LayOff,
    Meld,
    MisDraw,
    Open,
    Pass,
    PlayMeld,
    RejectExposed,
    RuleSet,
    Suit,
    check_meld,
    parse_cards,
    standard_deck,
)
from rommikirja.cards import Card
from rommikirja.deal import DISCARD, STOCK, Phase
from rommikirja.legal import LegalMoves

SMALL = ((2, 7), (3, 6), (4, 5))
GAMES = {
    "perusrommi": RuleSet(name="t-perus", hand_size=SMALL, max_turnovers=2),
    "perusrommi-strict": RuleSet(
        name="t-strict",
        hand_size=SMALL,
        melds_per_turn="one",
        lay_off_before_meld=False,
        final_discard="required",
        max_turnovers=2,
    ),
    "perusrommi-high-ace": RuleSet(name="t-high", hand_size=SMALL, ace="high_or_low", max_turnovers=2),
    "rommi": RuleSet(
        name="t-rommi",
        hand_size=SMALL,
        melds_per_turn="one",
        final_discard="required",
        stock_exhausted="turn_over_keep_top",
        scoring="own_hand_minus",
        rummy_doubling=False,
        rommi_claim=True,
        max_turnovers=2,
    ),
    "rommi-corner": RuleSet(name="t-corner", hand_size=SMALL, ace="round_the_corner", stock_exhausted="last_round"),
    "jokers": RuleSet(name="t-jokers", hand_size=SMALL, decks=2, jokers=4, ace="high_or_low", max_turnovers=2),
    "jokers-two-per-meld": RuleSet(
        name="t-jokers2", hand_size=SMALL, decks=2, jokers=4, max_jokers_per_meld=2, max_turnovers=2
    ),
    "rommi51": RuleSet(
        name="t-51",
        hand_size=((2, 9), (3, 9), (4, 9)),
        decks=2,
        jokers=4,
        ace="high_or_low",
        upcard=False,
        opening_points=30,
        opening_pure_run=True,
        final_discard="required",
        scoring="penalty",
        max_turnovers=2,
    ),
    "rommi51-two-jokers": RuleSet(
        name="t-51b",
        hand_size=((2, 9), (3, 9), (4, 9)),
        decks=2,
        jokers=4,
        max_jokers_per_meld=2,
        upcard=False,
        opening_points=25,
        opening_pure_run=False,
        final_discard="optional",
        max_turnovers=2,
    ),
}


def _reading(pairs):
    return frozenset((j, s.rank, s.suit) for j, s in pairs)


def key(move, deal):
    """A move's effect, for comparison: the order of cards does not matter, what a joker stands for does."""
    rules = deal.rules
    if isinstance(move, PlayMeld):
        meld = Meld.from_cards(move.cards, rules, move.jokers)
        return ("PlayMeld", frozenset(move.cards), _reading(meld.jokers))
    if isinstance(move, LayOff):
        meld = deal.table[move.target].meld.extended(move.cards, rules, move.jokers)
        laid = [(j, s) for j, s in meld.jokers if j in move.cards]
        return ("LayOff", frozenset(move.cards), move.target, _reading(laid))
    if isinstance(move, Open):
        melds = []
        for cards in move.melds:
            pairs = tuple(p for p in move.jokers if p[0] in cards)
            melds.append((frozenset(cards), _reading(Meld.from_cards(cards, rules, pairs).jokers)))
        return ("Open", frozenset(melds))
    return move


def subsets(cards, smallest=1):
    for size in range(smallest, len(cards) + 1):
        yield from itertools.combinations(cards, size)


def stand_ins(naturals, jokers):
    """Every way (by brute force near the naturals) the jokers could be read."""
    if not jokers or not naturals:
        return [()]
    opts = set()
    for n in naturals:
        opts |= {Card(r, n.suit) for r in range(1, 14) if abs(r - n.rank) <= 3 or r == 1}
        opts |= {Card(n.rank, s) for s in Suit}
    opts = [c for c in opts if all(c.rank != n.rank or c.suit is not n.suit for n in naturals)]
    return [()] + [
        tuple(zip(jokers, p)) for p in itertools.permutations(sorted(opts, key=lambda c: c.sort_key), len(jokers))
    ]


def with_readings(cards, base=()):
    naturals = [c for c in cards if not c.is_joker] + list(base)
    jokers = [c for c in cards if c.is_joker]
    if len({c.suit for c in naturals}) > 1 and len({c.rank for c in naturals}) > 1:
        return [()]  # neither one suit nor one rank: no reading can make a meld
    return stand_ins(naturals, jokers)


def all_openings(deal):
    """Every set of disjoint valid melds from the hand (jokers read every way), by brute force."""
    hand = deal.hand
    valid = []
    for c in subsets(hand, 3):
        for r in with_readings(c):
            try:
                Meld.from_cards(c, deal.rules, r)
            except IllegalMove:
                continue
            valid.append((c, r))
    out = []

    def grow(start, used, chosen):
        if chosen:
            out.append(Open(tuple(m for m, _ in chosen), tuple(p for _, r in chosen for p in r)))
        for i in range(start, len(valid)):
            if used.isdisjoint(valid[i][0]):
                grow(i + 1, used | set(valid[i][0]), chosen + [valid[i]])

    grow(0, set(), [])
    return out


def candidate_universe(deal):
    """Every move of every kind the position could conceivably allow (a superset of the legal ones)."""
    hand = deal.hand
    moves = [Draw(STOCK), Draw(DISCARD), Draw("hat"), Pass(), RejectExposed()]
    moves += [MisDraw(p) for p in range(deal.players)]
    moves += [Claim(p, t) for p in range(deal.players) for t in range(len(deal.table) + 1)]
    moves += [Discard(c) for c in hand]
    moves += [PlayMeld(c, r) for c in subsets(hand, 3) for r in with_readings(c)]
    for t, tm in enumerate(deal.table):
        base = [tm.meld.stands_for(c) for c in tm.meld.cards]
        moves += [LayOff(c, t, r) for c in subsets(hand) for r in with_readings(c, base)]
    if deal.rules.opening_points and deal.phase is Phase.PLAY:
        moves += all_openings(deal)
    moves += [Knock(hand[0])] if hand else []
    return moves


def positions(rules, seed, players=2, steps=60):
    """Positions of one random deal (moves pushed unchecked from the generator)."""
    deal = Deal.new(rules, players, dealer=seed % players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            return
        yield deal
        moves = list(deal.legal_moves)
        eager = [m for m in moves if isinstance(m, (PlayMeld, LayOff, Open))]
        deal.push(rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(moves))


def rich_positions(rules, seed, steps=8):
    """Meld-rich positions: a hand clustered on a few ranks of two suits (with jokers) and a table
    holding melds of the same cluster, then a few random moves."""
    rng = random.Random(seed)
    deck = standard_deck(rules.decks, rules.jokers)
    suits = rng.sample([c.suit for c in deck[:52:13]], 2)
    low = rng.randint(1, 9)
    cluster = [c for c in deck if c.is_joker or (c.suit in suits and low <= c.rank < low + 5) or c.rank == low + 2]
    rng.shuffle(cluster)
    hand = cluster[: rng.randint(5, 8)]
    rest = cluster[len(hand) :]
    table = []
    for _ in range(rng.randint(0, 2)):
        for _try in range(30):
            cards = rng.sample(rest, rng.randint(3, 4)) if len(rest) >= 4 else []
            if cards and check_meld(cards, rules) is None:
                table.append((rng.randint(0, 1), Meld.from_cards(cards, rules)))
                rest = [c for c in rest if c not in cards]
                break
    used = set(hand) | {c for _, m in table for c in m.cards}
    others = [c for c in deck if c not in used]
    rng.shuffle(others)
    other_hand, discard, stock = others[:6], others[6:7], others[7:]
    deal = Deal.from_position(rules, [hand, other_hand], stock=stock, discard=discard, table=table)
    if rules.opening_points and rng.random() < 0.5:
        deal.opened[0] = True
    deal.push(Draw(DISCARD) if rng.random() < 0.3 else Draw(STOCK))
    for _ in range(steps):
        if deal.is_over:
            return
        yield deal
        moves = list(deal.legal_moves)
        eager = [m for m in moves if isinstance(m, (PlayMeld, LayOff, Open))]
        deal.push(rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(moves))


def check_position(deal):
    generated = list(deal.legal_moves)
    keys = [key(m, deal) for m in generated]
    assert len(set(keys)) == len(keys), "a legal move is listed twice"
    assert all(deal.is_legal(m) for m in generated)
    universe = candidate_universe(deal)
    accepted = {key(m, deal) for m in universe if deal.is_legal(m)}
    assert accepted == set(keys), (deal.rules.name, deal.phase, [c.code for c in deal.hand])
    assert bool(deal.legal_moves) == bool(generated) and deal.legal_moves.count() == len(generated)
    # every refusal is a typed IllegalMove with a code and a Finnish sentence
    for m in universe[:60]:
        err = deal.refusal(m)
        if err is not None:
            assert isinstance(err, IllegalMove) and err.code and err.message.endswith(".")
    return generated


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**31))
def test_legal_moves_are_exactly_what_is_legal_accepts_in_meld_rich_positions(game, seed):
    for deal in rich_positions(GAMES[game], seed):
        check_position(deal)


def test_meld_rich_positions_are_not_vacuous():
    """The generated positions hold melds and lay-offs with 0, 1 and 2 jokers, and openings."""
    wanted = {(kind, jokers) for kind in ("PlayMeld", "LayOff") for jokers in (0, 1, 2)} | {("Open", 0)}
    seen = Counter()
    for seed in range(300):
        for rules in GAMES.values():
            for deal in rich_positions(rules, seed):
                for m in deal.legal_moves:
                    jokers = sum(c.is_joker for c in getattr(m, "cards", ()))
                    seen[type(m).__name__, min(jokers, 2)] += 1
        if wanted <= set(seen):
            break
    assert wanted <= set(seen), seen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**31), players=st.integers(2, 3))
def test_legal_moves_are_exactly_what_is_legal_accepts(game, seed, players):
    rules = GAMES[game]
    for deal in positions(rules, seed, players):
        check_position(deal)


def test_the_two_named_disagreements_are_gone():
    two = GAMES["jokers-two-per-meld"]
    d = Deal.from_position(two, [parse_cards("7H 8H JK JK' 2C"), parse_cards("3S 4S 5S")], stock=parse_cards("9C 10C"))
    d.play(Draw(STOCK))
    meld = PlayMeld(parse_cards("7H 8H JK JK'"))
    assert meld in d.legal_moves and key(meld, d) in {key(m, d) for m in d.legal_moves}
    one = GAMES["jokers"]
    d = Deal.from_position(
        one,
        [parse_cards("JK 9H 2C"), parse_cards("3S 4S 5S")],
        stock=parse_cards("9C"),
        table=[(1, Meld.from_cards(parse_cards("5H 6H 7H"), one))],
    )
    d.play(Draw(STOCK))
    lay = LayOff(parse_cards("JK 9H"), 0)
    assert lay in d.legal_moves and key(lay, d) in {key(m, d) for m in d.legal_moves}


def test_view_is_lazy_and_list_compatible():
    d = Deal.new(GAMES["perusrommi"], 2, seed=3)
    view = d.legal_moves
    assert isinstance(view, LegalMoves)
    assert d.legal_moves() == list(view) == [Draw(STOCK), Draw(DISCARD)]
    assert Draw(STOCK) in view and Discard(d.hand[0]) not in view
    d.push(Draw(STOCK))  # the view follows the position
    assert Draw(STOCK) not in view and Discard(d.hand[0]) in view


def test_misdraw_is_an_irregularity_not_a_legal_move():
    rules = GAMES["rommi"]
    d = Deal.from_position(
        rules,
        [parse_cards("7H 8H 9H KC"), parse_cards("2C 5D JC QS")],
        stock=parse_cards("AS 3D 4C 6S"),
        discard=parse_cards("10S"),
    )
    assert not d.is_legal(MisDraw(1)) and d.refusal(MisDraw(1)).code == "irregular"
    d.play(MisDraw(1))  # it can happen, and the rules say what follows
    assert d.exposed is not None and set(d.legal_moves()) == {Draw(STOCK), RejectExposed()}


# -- perft: legal-move counts in fixed positions ----------------------------------------------


def _perft(rules, hands, stock, discard="", table=(), draw=STOCK):
    d = Deal.from_position(
        rules,
        [parse_cards(h) for h in hands],
        stock=parse_cards(stock),
        discard=parse_cards(discard),
        table=[(o, Meld.from_cards(parse_cards(c), rules)) for o, c in table],
    )
    counts = [d.legal_moves.count()]
    d.play(Draw(draw))
    counts.append(d.legal_moves.count())
    return counts


PERFT = [
    # game, hands, stock (top first), discard, table, draw, [moves before drawing, after]
    # 7-8-9, 8-9-10, 7-8-9-10 of hearts + 6 discards
    ("perusrommi", ("7H 8H 9H KC 5C", "2D 5D JC QS 4D"), "10H 3D", "9S", (), STOCK, [2, 9]),
    # 7-8-9 of hearts, 5C onto 2C 3C 4C, 5 discards (not the 9S just taken)
    ("perusrommi", ("7H 8H 9H KC 5C", "6D 5D JC QS 4D"), "10H 3D", "9S", ((1, "2C 3C 4C"),), DISCARD, [2, 7]),
    # no lay-off before an own meld: 3 melds + 6 discards
    ("perusrommi-strict", ("7H 8H 9H KC 5C", "6D 5D JC QS 4D"), "10H 3D", "9S", ((1, "2C 3C 4C"),), STOCK, [2, 9]),
    # round the corner: Q-K-A, K-A-2, A-2-3, Q-K-A-2, K-A-2-3, Q-K-A-2-3 + 6 discards
    ("rommi-corner", ("QH KH AH 2H 5C", "2C 5D JC QS 4D"), "3H", "9S", (), STOCK, [2, 12]),
    # 7-8-9♥; joker runs 7-8 (JK as 9 or 6), 8-9 (10 or 7), 7_9 (8), 7-8-9 (10 or 6); 9♥9♣9♦;
    # joker groups of two nines (2 readings each: 6) and of three (1); JK onto 5-6-7♠ as 8 or 4;
    # 6 discards: 1 + 7 + 1 + 7 + 2 + 6
    ("jokers", ("7H 8H JK 9C 9D", "2C 5D JC QS 4D"), "9H 3D", "9S", ((1, "5S 6S 7S"),), STOCK, [2, 24]),
    # 7♥9♥ with JK or JK' (as 8♥), with both (8♥ and 10♥ or 6♥, either joker on 8♥: 4);
    # 9♥9♣ with JK or JK' (♠ or ♦: 4), with both (2); onto 5-6-7♠: JK or JK' (8 or 4: 4), both
    # (8-9, 4-8, 3-4, either order: 6); 5 discards: 6 + 6 + 10 + 5
    ("jokers-two-per-meld", ("7H JK JK' 9C", "2C 5D JC QS"), "9H 3D", "2S", ((1, "5S 6S 7S"),), STOCK, [2, 27]),
    # no upcard; 20 openings (≥ 30 with a pure run, a card kept; a joker read every legal way:
    # Q-K-JK as A or J, 7-8-JK as 9 or 6, 8-9-JK as 10 or 7, 7-8-9-JK as 10 or 6, 5♣5♦JK as ♠ or ♥)
    # + 10 discards
    ("rommi51", ("QH KH AH 7S 8S 9S JK 5C 5D", "2C 5H JC QS 4D 3C 2S 9D 9C"), "10D 3D", "", (), STOCK, [1, 30]),
]


@pytest.mark.parametrize("game, hands, stock, discard, table, draw, want", PERFT)
def test_perft(game, hands, stock, discard, table, draw, want):
    assert _perft(GAMES[game], hands, stock, discard, table, draw) == want


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 2**31),
    size=st.integers(0, 7),
    bias=st.sampled_from(["none", "suit", "rank"]),
)
def test_quick_natural_classification_is_from_cards(game, seed, size, bias):
    """The quick classification of natural cards (``_natural_meld``, the first step of
    ``Meld.from_cards`` and ``Meld.extended``) gives exactly what the full classification gives, or
    leaves the set to it: on random card sets, some drawn from one suit (runs) or two ranks (groups)."""
    from rommikirja.melds import _classify, _natural_meld
    from rommikirja.errors import InvalidMeld

    def full(cards, adding=False):  # the classification without the quick step
        kind, ordered, assigned = _classify(tuple(cards), rules, adding=adding)
        return Meld(kind, ordered, assigned)

    rules = GAMES[game]
    rng = random.Random(seed)
    deck = standard_deck(rules.decks, rules.jokers)
    if bias == "suit":
        suit = rng.choice(list(Suit))
        deck = [c for c in deck if c.suit is suit] + [c for c in deck if c.suit is None]
    elif bias == "rank":
        ranks = rng.sample(range(1, 14), 2)
        deck = [c for c in deck if c.rank in ranks] + [c for c in deck if c.suit is None]
    cards = tuple(rng.sample(deck, min(size, len(deck))))
    try:
        want = full(cards)
    except InvalidMeld:
        want = None
    assert want is None or Meld.from_cards(cards, rules) == want
    quick = _natural_meld(cards, rules)
    if quick is not None:
        assert quick == want and quick.cards == want.cards
    elif want is not None:
        assert any(c.is_joker for c in cards) or rules.ace == "round_the_corner"
    # extending a meld of the first three cards by the rest, as a lay-off is checked
    if len(cards) > 3:
        try:
            base = Meld.from_cards(cards[:3], rules)
        except InvalidMeld:
            return
        if base.jokers:
            return
        try:
            ext = full(base.cards + cards[3:], adding=True)
        except InvalidMeld:
            ext = None
        assert ext is None or base.extended(cards[3:], rules) == ext
        quick = _natural_meld(base.cards + cards[3:], rules)
        if quick is not None:
            assert quick == ext and quick.cards == ext.cards
