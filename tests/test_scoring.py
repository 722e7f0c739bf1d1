from rommikirja import EndReason, GameTotals, Outcome, RuleSet, hand_value, next_dealer, parse_cards, score_deal


def outcome(winner=0, hands=((), "AS 7C KD", "4S 4D"), rummy=False, reason=EndReason.WENT_OUT, dealer=2):
    return Outcome(reason, winner, tuple(parse_cards(h) if h else () for h in hands), rummy, dealer)


def test_winner_scores_others_hands():
    assert score_deal(outcome(), RuleSet()).points == (26, 0, 0)


def test_rummy_doubles_only_with_the_option():
    assert score_deal(outcome(rummy=True), RuleSet()).points == (52, 0, 0)
    assert score_deal(outcome(rummy=True), RuleSet(rummy_doubling=False)).points == (26, 0, 0)


def test_ace_points_option():
    assert hand_value(parse_cards("AS AH"), RuleSet()) == 2
    assert hand_value(parse_cards("AS AH"), RuleSet(ace_points=15)) == 30
    assert hand_value(parse_cards("10S JH QD KC"), RuleSet()) == 40


def test_blocked_deal_scores_differences_and_ties_score_nothing():
    blocked = outcome(winner=0, hands=("4D 2D", "7H 8C", "AC 6H"), reason=EndReason.BLOCKED)
    assert score_deal(blocked, RuleSet()).points == ((15 - 6) + (7 - 6), 0, 0)
    tie = outcome(winner=None, hands=("4D", "4H", "9C"), reason=EndReason.BLOCKED)
    assert score_deal(tie, RuleSet()).points == (0, 0, 0)


def test_next_dealer():
    two = Outcome(EndReason.WENT_OUT, 0, ((), ()), False, dealer=1)
    assert next_dealer(two, RuleSet()) == 0
    assert next_dealer(two, RuleSet(next_dealer_two_players="left")) == 0
    two_b = Outcome(EndReason.WENT_OUT, 1, ((), ()), False, dealer=1)
    assert next_dealer(two_b, RuleSet()) == 1 and next_dealer(two_b, RuleSet(next_dealer_two_players="left")) == 0
    three = Outcome(EndReason.WENT_OUT, 0, ((), (), ()), False, dealer=1)
    assert next_dealer(three, RuleSet()) == 2


def test_game_end_by_deals_or_target():
    g = GameTotals.start(2).add((10, 0)).add((0, 30))
    assert not g.is_over(RuleSet(game_deals=3)) and g.is_over(RuleSet(game_deals=2))
    assert g.is_over(RuleSet(game_end="target", target_score=30))
    assert not g.is_over(RuleSet(game_end="target", target_score=31))
    assert GameTotals.start(2, (5, 5)).leaders() == (0, 1)
