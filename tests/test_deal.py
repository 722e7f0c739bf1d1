import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rommikirja import (
    DISCARD,
    STOCK,
    Claim,
    Deal,
    Discard,
    Draw,
    EndReason,
    IllegalMove,
    Knock,
    LayOff,
    Meld,
    MisDraw,
    Open,
    Pass,
    Phase,
    PlayMeld,
    RejectExposed,
    RuleSet,
    parse_card,
    parse_cards,
    standard_deck,
)
from rommikirja.narrate import narrate_event

R = RuleSet()


def position(
    rules=R, hands=("7H 8H 9H KC", "2C 5D JC QS"), stock="AS 3D 4C 6S", discard="10S", table=(), turn=0, has_played=()
):
    return Deal.from_position(
        rules,
        [parse_cards(h) for h in hands],
        stock=parse_cards(stock),
        discard=parse_cards(discard),
        table=[(o, Meld.from_cards(parse_cards(c), rules)) for o, c in table],
        turn=turn,
        has_played=has_played,
    )


def refused(deal, move):
    with pytest.raises(IllegalMove) as exc:
        deal.play(move)
    assert isinstance(exc.value, ValueError) and exc.value.message
    return exc.value.code


def test_new_deal_follows_the_rules():
    for players, size, stock in [(2, 10, 31), (3, 7, 30), (4, 7, 23), (5, 6, 21), (6, 6, 15)]:
        d = Deal.new(R, players, dealer=players - 1, seed=players)
        assert [len(h) for h in d.hands] == [size] * players
        assert len(d.stock) == stock and len(d.discard) == 1
        assert d.turn == 0  # dealer's left neighbour
        assert sorted(c.sort_key for c in d.all_cards()) == sorted(c.sort_key for c in standard_deck())


def test_same_seed_same_deal_and_no_upcard_option():
    a, b = Deal.new(R, 3, seed=42), Deal.new(R, 3, seed=42)
    assert a.hands == b.hands and a.stock == b.stock
    assert Deal.new(R, 3, seed=43).hands != a.hands
    assert Deal.new(R.with_options(upcard=False), 2, seed=1).discard == []


def test_players_out_of_range():
    with pytest.raises(IllegalMove):
        Deal.new(R, 7)


def test_draw_twice_and_must_draw():
    d = position()
    assert refused(d, Discard(parse_card("KC"))) == "must_draw"
    d.play(Draw(STOCK))
    assert refused(d, Draw(DISCARD)) == "draw_twice"


def test_one_card_hand_must_still_draw():
    d = position(hands=("6C", "2C 5D JC QS"), stock="AS 3D 9H", table=[(1, "3C 4C 5C")])
    assert refused(d, Discard(parse_card("6C"))) == "must_draw_one_card"


def test_cannot_discard_card_taken_from_discard_pile_but_stock_card_is_fine():
    d = position()
    d.play(Draw(DISCARD))
    assert refused(d, Discard(parse_card("10S"))) == "discard_taken_card"
    d.play(Discard(parse_card("KC")))
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("AS")))
    assert d.discard[-1] == parse_card("AS")


def test_lay_off_must_extend_and_card_must_be_in_hand():
    d = position(hands=("10D 5D KC", "2C 3H JC QS"), table=[(1, "6D 7D 8D")])
    d.play(Draw(STOCK))
    assert refused(d, LayOff(parse_cards("10D"), 0)) == "not_extending"
    assert refused(d, LayOff(parse_cards("9D"), 0)) == "not_in_hand"
    assert refused(d, LayOff(parse_cards("5D"), 3)) == "no_such_meld"
    d.play(LayOff(parse_cards("5D"), 0))
    assert d.table[0].meld.codes[0] == "5D"


def test_one_meld_per_turn_option():
    hands = ("3S 3H 3C 9D 10D JD KS", "2C 5D JC QS")
    d = position(rules=R.with_options(melds_per_turn="one"), hands=hands)
    d.play(Draw(STOCK))
    d.play(PlayMeld(parse_cards("3S 3H 3C")))
    assert refused(d, PlayMeld(parse_cards("9D 10D JD"))) == "one_meld_per_turn"
    d2 = position(hands=hands)
    d2.play(Draw(STOCK))
    d2.play(PlayMeld(parse_cards("3S 3H 3C")))
    d2.play(PlayMeld(parse_cards("9D 10D JD")))
    assert len(d2.table) == 2


def test_lay_off_before_own_meld_option():
    hands = ("9S 4H 4D 4S KD", "2C 5D JC QS")
    strict = position(
        rules=R.with_options(lay_off_before_meld=False), hands=hands, stock="AS 3D 4C", table=[(1, "6S 7S 8S")]
    )
    strict.play(Draw(STOCK))
    assert refused(strict, LayOff(parse_cards("9S"), 0)) == "lay_off_before_meld"
    strict.play(PlayMeld(parse_cards("4H 4D 4S")))
    strict.play(LayOff(parse_cards("9S"), 0))
    loose = position(hands=hands, stock="AS 3D 4C", table=[(1, "6S 7S 8S")])
    loose.play(Draw(STOCK))
    loose.play(LayOff(parse_cards("9S"), 0))


def test_final_discard_option():
    required = position(rules=R.with_options(final_discard="required"), hands=("7H 8H", "2C 5D"), stock="9H AS")
    required.play(Draw(STOCK))
    assert refused(required, PlayMeld(parse_cards("7H 8H 9H"))) == "final_discard_required"
    optional = position(hands=("7H 8H", "2C 5D"), stock="9H AS")
    optional.play(Draw(STOCK))
    optional.play(PlayMeld(parse_cards("7H 8H 9H")))
    assert optional.is_over and optional.outcome.winner == 0


def test_meld_leaving_only_the_taken_card_is_refused():
    d = position(hands=("7H 8H 9H", "2C 5D"), discard="10S")
    d.play(Draw(DISCARD))
    assert refused(d, PlayMeld(parse_cards("7H 8H 9H"))) == "stuck_with_taken_card"
    assert PlayMeld(parse_cards("7H 8H 9H")) not in d.legal_moves()


def test_stock_turned_over_unshuffled_bottom_card_first():
    d = position(hands=("4D 9S JD 5S", "7H 8C KD 3S"), stock="AH", discard="2C 10H")
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("5S")))
    d.play(Draw(STOCK))
    assert d.hands[1][-1] == parse_card("2C")
    assert [c.code for c in reversed(d.stock)] == ["10H", "5S"] and d.discard == []


def test_block_rule_ends_the_deal_when_stock_runs_out():
    d = position(
        rules=R.with_options(stock_exhausted="block"), hands=("4D 9S 2D", "7H 8C KD"), stock="AH", discard="2C"
    )
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("9S")))
    assert d.is_over and d.outcome.reason is EndReason.BLOCKED and d.outcome.winner == 0


def test_turnover_limit_ends_the_deal():
    d = position(rules=R.with_options(max_turnovers=1), hands=("4D 9S 2D", "7H 8C KD"), stock="AH", discard="2C")
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("9S")))
    assert not d.is_over
    d.play(Draw(STOCK))  # turns the pile over once
    d.play(Discard(parse_card("KD")))
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("4D")))
    assert d.is_over and d.outcome.reason is EndReason.BLOCKED


def test_rummy_fact_and_lay_off_forfeits_it():
    d = position(hands=("7H 8H", "2C 5D"), stock="9H AS")
    d.play(Draw(STOCK))
    d.play(PlayMeld(parse_cards("7H 8H 9H")))
    assert d.outcome.rummy
    e = position(hands=("7H 8H", "2C 5D"), stock="9H AS", has_played=[0])
    e.play(Draw(STOCK))
    e.play(PlayMeld(parse_cards("7H 8H 9H")))
    assert not e.outcome.rummy


def test_no_moves_after_the_deal():
    d = position(hands=("7H 8H", "2C 5D"), stock="9H AS")
    d.play(Draw(STOCK))
    d.play(PlayMeld(parse_cards("7H 8H 9H")))
    assert d.legal_moves() == [] and refused(d, Draw(STOCK)) == "deal_over"


def test_position_with_a_card_twice_is_refused():
    with pytest.raises(IllegalMove) as exc:
        position(hands=("7H 8H", "7H 5D"))
    assert exc.value.code == "duplicate_card"


def test_legal_moves_are_all_playable():
    d = Deal.new(R, 3, seed=5)
    d.play(Draw(STOCK))
    for m in d.legal_moves():
        d.copy().play(m)


# -- issue 8: melding first while the taken card can still be laid off --------------------------


def test_meld_first_then_lay_off_the_taken_card():
    """Took 5♣ from the pile, holds 7♥ 8♥ 9♥: the hearts may go first, 5♣ onto 2♣ 3♣ 4♣ after."""
    d = position(hands=("7H 8H 9H", "2D 5D JC QS"), stock="KS 6D", discard="5C", table=[(1, "2C 3C 4C")])
    d.play(Draw(DISCARD))
    assert d.is_legal(PlayMeld(parse_cards("7H 8H 9H")))
    d.play(PlayMeld(parse_cards("7H 8H 9H")))
    d.play(LayOff(parse_cards("5C"), 0))
    assert d.is_over and d.outcome.winner == 0


def test_meld_first_is_refused_when_the_taken_card_has_nowhere_to_go():
    d = position(hands=("7H 8H 9H", "2D 5D JC QS"), stock="KS 6D", discard="KC", table=[(1, "2C 3C 4C")])
    d.play(Draw(DISCARD))
    assert refused(d, PlayMeld(parse_cards("7H 8H 9H"))) == "stuck_with_taken_card"
    # with a final discard required the last card may not be laid off either
    strict = position(
        rules=R.with_options(final_discard="required"),
        hands=("7H 8H 9H", "2D 5D JC QS"),
        stock="KS 6D",
        discard="5C",
        table=[(1, "2C 3C 4C")],
    )
    strict.play(Draw(DISCARD))
    assert refused(strict, PlayMeld(parse_cards("7H 8H 9H"))) == "stuck_with_taken_card"


def test_opening_first_then_lay_off_the_taken_card():
    r51 = R.with_options(
        decks=2,
        jokers=4,
        ace="high_or_low",
        opening_points=30,
        opening_pure_run=True,
        final_discard="optional",
        upcard=False,
    )
    d = position(rules=r51, hands=("QH KH AH 7S 8S 9S", "2D 5D JC QS"), stock="KS 6D", discard="10S")
    d.play(Draw(DISCARD))
    opening = Open((parse_cards("QH KH AH"), parse_cards("7S 8S 9S")))
    assert d.is_legal(opening)
    d.play(opening)
    d.play(LayOff(parse_cards("10S"), 1))
    assert d.is_over


def _completes(deal, universe_of, depth=4):
    """Brute force: can the turn still end (a discard, or going out) by some sequence of moves that
    pass every rule except the taken-card rule itself?"""
    if deal.is_over or deal.phase is Phase.DRAW:
        return True
    if depth == 0:
        return False
    for move in universe_of(deal):
        err = deal.refusal(move)
        if err is None or err.code == "stuck_with_taken_card":
            after = deal.copy()
            after.push(move)
            if _completes(after, universe_of, depth - 1):
                return True
    return False


def _turn_universe(deal):
    hand = deal.hand
    moves = [Discard(c) for c in hand]
    for size in range(3, len(hand) + 1):
        moves += [PlayMeld(c) for c in itertools.combinations(hand, size)]
    for size in range(1, len(hand) + 1):
        moves += [LayOff(c, t) for c in itertools.combinations(hand, size) for t in range(len(deal.table))]
    return moves


def _taken_card_position(seed, required, strict):
    """A small position around two suits: a run on the table, a run in hand, the card just taken
    from the pile often fitting the table run."""
    rng = random.Random(seed)
    rules = R.with_options(final_discard="required" if required else "optional", lay_off_before_meld=not strict)
    deck = standard_deck()
    a, b = rng.sample([c.suit for c in deck[:52:13]], 2)
    card = {(c.rank, c.suit): c for c in deck}
    r, s = rng.randint(3, 8), rng.randint(2, 9)
    table = [card[r + i, a] for i in range(3)] if rng.random() < 0.8 else []
    hand = [card[s + i, b] for i in range(rng.choice((2, 3, 3, 4)))]
    fits = [card[r - 1, a], card[r + 3, a]] if table else []
    spare = [c for c in deck if c not in table and c not in hand and c not in fits]
    taken = rng.choice(fits + spare[:1] + [rng.choice(spare)])
    if rng.random() < 0.3:
        hand.append(rng.choice([c for c in spare if c != taken]))
    others = [c for c in deck if c not in table and c not in hand and c != taken][-4:]
    d = Deal.from_position(
        rules, [hand, others], discard=[taken], table=[(1, Meld.from_cards(table, rules))] if table else []
    )
    d.play(Draw(DISCARD))
    return d


def _taken_card_cases(d):
    """(move, refusal) for every move that passes all rules but perhaps the taken-card rule."""
    for move in _turn_universe(d):
        err = d.refusal(move)
        if err is None or err.code == "stuck_with_taken_card":
            yield move, err


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31), required=st.booleans(), strict=st.booleans())
def test_taken_card_rule_matches_brute_force(seed, required, strict):
    """A meld or lay-off is refused for leaving only the taken card exactly when no continuation of
    the turn can end it (brute force over every move of the rest of the turn)."""
    d = _taken_card_position(seed, required, strict)
    for move, err in _taken_card_cases(d):
        after = d.copy()
        after.push(move)
        assert (err is None) == _completes(after, _turn_universe), (move, [c.code for c in d.hand])


def test_taken_card_positions_are_not_vacuous():
    seen = set()
    for seed in range(200):
        d = _taken_card_position(seed, seed % 2 == 0, seed % 3 == 0)
        taken = d.taken_from_discard
        for move, err in _taken_card_cases(d):
            if isinstance(move, (PlayMeld, LayOff)):
                left = [c for c in d.hand if c not in move.cards]
                seen.add(("refused" if err else "legal", left == [taken]))
    assert {("refused", True), ("legal", True), ("legal", False)} <= seen


# -- issue 8: a move may say what a joker stands for ------------------------------------------------

J = R.with_options(decks=2, jokers=4, ace="high_or_low")


def test_declared_joker_reading_is_kept_on_the_table():
    jk, ah, h4 = parse_cards("JK AH 4H")
    as_ace = PlayMeld(parse_cards("JK 2H 3H"), ((jk, ah),))
    d = position(rules=J, hands=("JK 2H 3H 4H 9C", "2C 5D JC QS"), stock="KS 6D")
    d.play(Draw(STOCK))
    default = PlayMeld(parse_cards("JK 2H 3H"))
    assert as_ace in d.legal_moves and default in d.legal_moves
    e = d.copy()
    d.play(as_ace)
    assert d.table[0].meld.stands_for(jk) == ah
    assert "jokeri herttaässänä" in narrate_event(d.events[-1], ["Aino", "Eero"])
    assert d.is_legal(LayOff((h4,), 0))  # A-2-3, then 4♥ goes on
    e.play(default)  # the engine's reading: 2-3-4
    assert e.table[0].meld.stands_for(jk).code == "4H"
    assert refused(e, LayOff((h4,), 0)) == "joker_in_place"


def test_declared_joker_reading_must_be_legal():
    (jk,) = parse_cards("JK")
    d = position(rules=J, hands=("JK 2H 3H 9C", "2C 5D JC QS"), stock="KS 6D")
    d.play(Draw(STOCK))
    assert refused(d, PlayMeld(parse_cards("JK 2H 3H"), ((jk, parse_card("7H")),))) == "gap"
    assert refused(d, PlayMeld(parse_cards("JK 2H 3H"), ((jk, parse_card("AS")),))) == "mixed"
    assert refused(d, PlayMeld(parse_cards("JK 2H 3H"), ((parse_card("2H"), parse_card("AH")),))) == "joker_reading"
    assert refused(d, PlayMeld(parse_cards("JK 2H 3H"), "AH")) == "malformed_move"


# -- issue 10: every move of every kind is legal or refused with a code -----------------------------

_CARDS = st.sampled_from(list(standard_deck(2, 4)) + [None, "7H", 5])


def _any_move():
    cards = st.lists(_CARDS, max_size=5).map(tuple)
    return st.one_of(
        st.builds(Draw, st.sampled_from([STOCK, DISCARD, "hat", None, 3])),
        st.builds(PlayMeld, cards),
        st.builds(LayOff, cards, st.integers(-2, 5)),
        st.builds(Discard, _CARDS),
        st.builds(Open, st.lists(cards, max_size=3).map(tuple)),
        st.builds(Pass),
        st.builds(RejectExposed),
        st.builds(Knock, _CARDS),
        st.builds(Claim, st.integers(-1, 4), st.integers(-1, 3)),
        st.builds(MisDraw, st.integers(-1, 4)),
        st.builds(LayOff, cards, st.sampled_from(["0", None, 1.5])),
    )


@settings(max_examples=400, deadline=None)
@given(move=_any_move(), game=st.integers(0, 3), seed=st.integers(0, 50), steps=st.integers(0, 30))
def test_every_move_is_legal_or_refused_with_a_code(move, game, seed, steps):
    rules = [
        R,
        R.with_options(rommi_claim=True, melds_per_turn="one"),
        J,
        J.with_options(opening_points=51, opening_pure_run=True, upcard=False),
    ][game]
    d = Deal.new(rules, 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if d.is_over:
            break
        d.push(rng.choice(d.legal_moves()))
    legal = d.is_legal(move)
    err = d.refusal(move)
    assert legal == (err is None)
    if err is not None:
        assert isinstance(err, IllegalMove) and err.code and err.message.endswith(".")
        if not isinstance(move, MisDraw):  # an irregularity: play() makes it when it can happen
            with pytest.raises(IllegalMove):
                d.copy().play(move)


def test_second_deck_cards_are_refused_in_a_one_deck_game():
    d = position()
    d.play(Draw(STOCK))
    assert refused(d, Discard(parse_card("KC'"))) == "no_such_card"
    assert refused(d, PlayMeld(parse_cards("7H 8H 9H'"))) == "no_such_card"
    assert refused(d, Discard(parse_card("JK"))) == "no_such_card"
    assert refused(d.copy(), Knock(parse_card("KC"))) == "unknown_move"
