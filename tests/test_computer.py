"""Computer players: every move legal, decisions reproducible from the seed, the levels ordered.

The rule sets are the tests' own (not the shipped scenarios/rules data, which a club may change).
Win-rate bars are the benchmark's job (python -m tools.bench_play); here only a small sample.
"""

from __future__ import annotations

import pytest

from rommikirja import DISCARD, Discard, Draw, GinDeal, Knock, Open, RuleSet, STOCK, parse_cards
from rommikirja.app.computer import LEVELS, RANDOM, Computer, hint
from rommikirja.games import new_deal
from rommikirja.app.pelaa import play_game
from rommikirja.scoring import score_deal

GIN = RuleSet(
    name="gin",
    style="knock",
    hand_size=((2, 10),),
    min_players=2,
    max_players=2,
    upcard_offer=True,
    next_dealer_two_players="left",
    game_end="target",
    target_score=100,
)
BASIC = RuleSet()
CLASSIC = RuleSet(
    name="rommi",
    melds_per_turn="one",
    final_discard="required",
    stock_exhausted="turn_over_keep_top",
    scoring="own_hand_minus",
    rummy_doubling=False,
)
R51 = RuleSet(
    name="rommi51",
    decks=2,
    jokers=4,
    max_players=4,
    hand_size=((2, 14), (3, 14), (4, 14)),
    upcard=False,
    opening_points=51,
    opening_pure_run=True,
    final_discard="required",
    ace="high_or_low",
    ace_points=11,
    scoring="penalty",
    game_end="target",
    target_score=500,
)
GAMES = {"gin": GIN, "perusrommi": BASIC, "rommi": CLASSIC, "rommi51": R51}


def _key(move):
    """A move with its cards in a fixed order (a meld's cards may be listed in any order)."""
    if isinstance(move, Open):
        return ("Open", tuple(sorted(tuple(sorted(c.sort_key for c in m)) for m in move.melds)))
    cards = getattr(move, "cards", None)
    if cards is None:
        return move
    return (type(move).__name__, tuple(sorted(c.sort_key for c in cards)), getattr(move, "target", None))


def _play_deal(rules, levels, seed, players=2, limit=1500):
    deal = new_deal(rules, players, dealer=players - 1, seed=seed)
    bots = [Computer(lv, seed=f"{seed}:{i}") for i, lv in enumerate(levels)]
    moves = []
    while not deal.is_over and len(moves) < limit:
        move = bots[deal.turn].choose(deal)
        assert deal.is_legal(move), (move, deal.phase)
        assert _key(move) in {_key(m) for m in deal.legal_moves()}, move
        deal.play(move)
        moves.append(move)
    return deal, moves


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("levels", [("taitava", "aloittelija"), ("aloittelija", RANDOM), ("taitava", RANDOM)])
def test_every_move_is_legal_and_deals_end(game, levels):
    finished = 0
    for seed in range(3):
        deal, moves = _play_deal(GAMES[game], levels, seed)
        finished += deal.is_over
        if deal.is_over:
            score_deal(deal.outcome, GAMES[game])  # prices without error
    assert finished >= 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_three_and_four_players(game):
    if game == "gin":
        pytest.skip("gin is for two")
    for players in (3, 4):
        deal, moves = _play_deal(
            GAMES[game], ["taitava", "aloittelija", "taitava", "aloittelija"][:players], seed=11, players=players
        )
        assert deal.is_over


@pytest.mark.parametrize("game", sorted(GAMES))
def test_same_seed_same_moves(game):
    _, a = _play_deal(GAMES[game], ("taitava", "aloittelija"), seed=5)
    _, b = _play_deal(GAMES[game], ("taitava", "aloittelija"), seed=5)
    assert a == b and len(a) > 4


def test_levels_are_named_in_finnish():
    assert LEVELS == {"aloittelija": "Aloittelija", "taitava": "Taitava"}
    with pytest.raises(ValueError):
        Computer("mestari")


def test_strong_gin_knocks_with_gin_and_keeps_melds():
    hand = parse_cards("4H 5H 6H 9S 9C 9D JC QC KC 2D")
    deal = GinDeal.from_position(
        GIN,
        [hand, parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 10S JS")],
        stock=parse_cards("7H 3C 4C"),
        discard=parse_cards("AD"),
        turn=0,
    )
    deal.play(Draw(STOCK))  # 7H: every card but 2D is melded
    move = Computer("taitava").choose(deal)
    assert move == Knock(parse_cards("2D")[0])
    _, reason = hint(deal)
    assert "gin" in reason and "ruutukakkonen" in reason


def test_strong_gin_discards_the_card_that_leaves_least_deadwood():
    hand = parse_cards("4H 5H 6H 9S 9C 9D JC QC 2D KS")
    deal = GinDeal.from_position(
        GIN,
        [hand, parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 10S JS")],
        stock=parse_cards("8D 3C 4C"),
        discard=parse_cards("AD"),
        turn=0,
    )
    deal.play(Draw(STOCK))  # 8D: deadwood JC QC 2D KS 8D
    move = Computer("taitava").choose(deal)
    assert isinstance(move, Discard) and move.card.rank >= 8
    move2, reason = hint(deal)
    assert move2 == move and reason.startswith("Poista")


def test_rommi51_strong_player_opens_when_it_can():
    rules = R51
    hand = parse_cards("QH KH AH 7S 8S 9S 5D 5C JK 2C 3D 9H 4S")
    from rommikirja import Deal

    deal = Deal.from_position(
        rules,
        [hand, parse_cards("2S 3S 4D 6C 7C 8C 10H JH QS KD AC 2H 3H 4H")],
        stock=parse_cards("6D 6H 6S"),
        discard=parse_cards("10D"),
        turn=0,
    )
    deal.play(Draw(STOCK))
    move = Computer("taitava").choose(deal)
    assert isinstance(move, Open)
    # the hint counts the opening's points against the rule set's least, both with their noun
    from rommikirja.melds import meld_points
    from rommikirja.opening import best_opening

    _, reason = hint(deal)
    pts = sum(meld_points(m) for m in best_opening(deal.hand, rules).melds)
    assert (
        pts >= 51 and reason == f"Avaa: yhdistelmäsi ovat yhteensä {pts} pistettä, ja avaukseen riittää 51 pistettä."
    ), reason


def test_the_draw_hint_names_no_card_when_the_discard_pile_is_empty():
    """Rommi 51 deals no upcard: the first hint of a deal cannot speak of the pile's top card."""
    from rommikirja import Deal

    hands = [
        parse_cards("2S 3S 4D 6C 7C 8C 10H JH QS KD AC 2H 3H 4H"),
        parse_cards("QH KH AH 7S 8S 9S 5D 5C JK 2C 3D 9H 4S 6S"),
    ]
    deal = Deal.from_position(R51, hands, stock=parse_cards("6D 6H 5S"), discard=[], turn=0)
    move, reason = hint(deal)
    assert move == Draw(STOCK)
    assert reason == "Nosta nostopakasta: poistopakka on tyhjä."
    deal = Deal.from_position(R51, hands, stock=parse_cards("6D 6H 5S"), discard=parse_cards("9D"), turn=0)
    move, reason = hint(deal)
    assert move == Draw(STOCK) and "päällimmäinen kortti ei sovi" in reason


def test_small_sample_levels_are_ordered():
    """A small fixed sample (the benchmark plays thousands): the strong level beats the weak ones."""
    wins = 0
    for g in range(12):
        bots = [Computer("taitava", seed=g), Computer(RANDOM, seed=g)]
        if g % 2:
            bots.reverse()
        result = play_game(GIN, bots, seed=g)
        assert result["finished"]
        wins += result["leaders"] == [bots.index(next(b for b in bots if b.level == "taitava"))]
    assert wins == 12
    strong = weak = 0
    for g in range(30):
        deal, _ = _play_deal(GIN, ("taitava", "aloittelija") if g % 2 else ("aloittelija", "taitava"), seed=100 + g)
        pts = score_deal(deal.outcome, GIN).points
        s = 0 if g % 2 else 1
        strong += pts[s]
        weak += pts[1 - s]
    assert strong > weak


def test_gin_hint_counts_the_deadwood_with_the_rule_sets_ace():
    """The hint states the deadwood left after its discard, an ace counted as the rule set says."""
    from rommikirja.solver import mask_of, min_deadwood_mask

    rules = GIN.with_options(ace_points=11)
    hand = parse_cards("4H 5H 6H 9S 9C 9D JC QC 2D 8D")
    deal = GinDeal.from_position(
        rules,
        [hand, parse_cards("3S 4S 5S 6S 7S 8S 10S JS QS KS")],
        stock=parse_cards("3C 4C 5C"),
        discard=parse_cards("AS"),
        turn=0,
    )
    deal.play(Draw(DISCARD))  # the ace taken from the pile may not be discarded now
    move, reason = hint(deal)
    rest = [c for c in deal.hand if c != move.card]
    assert any(c.rank == 1 for c in rest), rest  # the ace stays: it is counted
    want = min_deadwood_mask(mask_of(rest), 11)[0]
    assert f"irtokorttien arvo on {want} pistettä" in reason, reason
