import pytest

from rommikirja import (DISCARD, STOCK, Deal, Discard, Draw, EndReason, IllegalMove, LayOff, Meld,
                        PlayMeld, RuleSet, parse_card, parse_cards, standard_deck)

R = RuleSet()


def position(rules=R, hands=("7H 8H 9H KC", "2C 5D JC QS"), stock="AS 3D 4C 6S", discard="10S",
             table=(), turn=0, has_played=()):
    return Deal.from_position(rules, [parse_cards(h) for h in hands], stock=parse_cards(stock),
                              discard=parse_cards(discard),
                              table=[(o, Meld.from_cards(parse_cards(c), rules)) for o, c in table],
                              turn=turn, has_played=has_played)


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
    strict = position(rules=R.with_options(lay_off_before_meld=False), hands=hands, stock="AS 3D 4C", table=[(1, "6S 7S 8S")])
    strict.play(Draw(STOCK))
    assert refused(strict, LayOff(parse_cards("9S"), 0)) == "lay_off_before_meld"
    strict.play(PlayMeld(parse_cards("4H 4D 4S")))
    strict.play(LayOff(parse_cards("9S"), 0))
    loose = position(hands=hands, stock="AS 3D 4C", table=[(1, "6S 7S 8S")])
    loose.play(Draw(STOCK))
    loose.play(LayOff(parse_cards("9S"), 0))


def test_final_discard_option():
    required = position(rules=R.with_options(final_discard="required"), hands=("7H 8H", "2C 5D"),
                        stock="9H AS")
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
    d = position(rules=R.with_options(stock_exhausted="block"), hands=("4D 9S 2D", "7H 8C KD"),
                 stock="AH", discard="2C")
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("9S")))
    assert d.is_over and d.outcome.reason is EndReason.BLOCKED and d.outcome.winner == 0


def test_turnover_limit_ends_the_deal():
    d = position(rules=R.with_options(max_turnovers=1), hands=("4D 9S 2D", "7H 8C KD"), stock="AH",
                 discard="2C")
    d.play(Draw(STOCK))
    d.play(Discard(parse_card("9S")))
    assert not d.is_over
    d.play(Draw(STOCK))          # turns the pile over once
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
