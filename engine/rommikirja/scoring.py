"""Pricing the facts of a deal with a rule set, and totals over a game.

The same :class:`~rommikirja.deal.Outcome` can be priced under two rule sets,
for example with and without the doubling for a *rommi*.

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.deal import Outcome, EndReason
>>> from rommikirja.rules import RuleSet
>>> out = Outcome(EndReason.WENT_OUT, 0, ((), parse_cards("AS 7C KD"), parse_cards("4S 4D")),
...               rummy=True, dealer=2)
>>> score_deal(out, RuleSet()).points
(52, 0, 0)
>>> score_deal(out, RuleSet(rummy_doubling=False)).points
(26, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import Card
from .codes import ResultKind
from .deal import EndReason, Outcome
from .knock import GinOutcome, knock_result
from .rules import RuleSet

__all__ = ["DealScore", "hand_value", "score_deal", "next_dealer", "GameTotals"]


def hand_value(cards: Iterable[Card], rules: RuleSet) -> int:
    """Points of the cards in a hand: ace per the rules, J/Q/K 10, others face value.

    >>> from rommikirja.cards import parse_cards
    >>> hand_value(parse_cards("QS 5H"), RuleSet())
    15
    """
    return sum(rules.card_points(c.rank) for c in cards)


@dataclass(frozen=True)
class DealScore:
    """What each player scores for one deal, with the figures behind it."""

    points: tuple[int, ...]  # added to each player's total
    hand_values: tuple[int, ...]  # value of the cards left in each hand
    base: int  # the winner's points before doubling
    doubled: bool  # the rommi doubling was applied
    kind: ResultKind | str = ""  # went_out, blocked; gin: knock, undercut, gin, void
    scorer: int | None = None  # who scores this deal (None: nobody)

    @property
    def winner_points(self) -> int:
        return max(self.points)


def score_deal(outcome: "Outcome | GinOutcome", rules: RuleSet) -> DealScore:
    """Price an outcome: the winner scores the cards left in the other hands.

    Melds kept in hand count like any other card. Under the no-reuse rule
    (``stock_exhausted: block``) the deal may end without anyone going out: the
    player with the lowest hand then scores the difference to each other hand,
    and nobody scores on a tie for lowest. A deadlocked deal (``rules.deadlock``) is priced the
    same way, or not at all when the rule makes it void.
    """
    if isinstance(outcome, GinOutcome):
        return _score_gin(outcome, rules)
    values = tuple(hand_value(h, rules) for h in outcome.hands)
    if outcome.reason is EndReason.DEADLOCK and rules.deadlock == "void":
        # a deadlocked deal made void (rules.deadlock): nobody scores, and it is dealt again
        return DealScore((0,) * outcome.players, values, 0, False, ResultKind.VOID, None)
    points = [0] * outcome.players
    base = 0
    doubled = False
    if rules.scoring == "penalty":
        # Rommi 51: cards left in hand are penalties; a player who never opened pays a fixed penalty
        pens = tuple(
            0
            if i == outcome.winner
            else (rules.unopened_penalty if outcome.opened and not outcome.opened[i] else values[i])
            for i in range(outcome.players)
        )
        return DealScore(tuple(-p for p in pens), pens, 0, False, ResultKind(outcome.reason.value), outcome.winner)
    if rules.scoring == "own_hand_minus":
        # classic rommi: every player's own cards left in hand are minus points
        return DealScore(tuple(-v for v in values), values, 0, False, ResultKind(outcome.reason.value), outcome.winner)
    if outcome.winner is not None:
        w = outcome.winner
        if outcome.reason is EndReason.WENT_OUT:
            base = sum(v for i, v in enumerate(values) if i != w)
        else:
            base = sum(v - values[w] for i, v in enumerate(values) if i != w)
        doubled = outcome.rummy and rules.rummy_doubling
        points[w] = base * 2 if doubled else base
    return DealScore(tuple(points), values, base, doubled, ResultKind(outcome.reason.value), outcome.winner)


def _score_gin(outcome: GinOutcome, rules: RuleSet) -> DealScore:
    """Knock: the difference; undercut: bonus + difference to the defender; gin: bonus + deadwood."""
    scorer, pts, kind = knock_result(outcome, rules)
    values = [0, 0]
    if outcome.knocker is not None and outcome.defender is not None:
        values[outcome.knocker] = hand_value(outcome.knocker_deadwood, rules)
        values[1 - outcome.knocker] = hand_value(outcome.defender.deadwood, rules)
    points = [0, 0]
    if scorer is not None:
        points[scorer] = pts
    return DealScore(tuple(points), tuple(values), pts, False, kind, scorer)


def next_dealer(outcome: "Outcome | GinOutcome", rules: RuleSet) -> int:
    """Who deals next: with two players the winner (if the rules say so), otherwise the left neighbour.

    >>> from rommikirja.deal import Outcome, EndReason
    >>> out = Outcome(EndReason.WENT_OUT, 1, ((), ()), rummy=False, dealer=1)
    >>> next_dealer(out, RuleSet()), next_dealer(out, RuleSet(next_dealer_two_players="left"))
    (1, 0)
    """
    n = outcome.players
    if isinstance(outcome, GinOutcome):
        if outcome.kind == "void":
            return outcome.dealer  # a void deal is dealt again by the same dealer
        winner = score_deal(outcome, rules).scorer
    elif outcome.reason is EndReason.DEADLOCK and rules.deadlock == "void":
        return outcome.dealer  # a void deal is dealt again by the same dealer
    else:
        winner = outcome.winner
    if n == 2 and rules.next_dealer_two_players == "winner" and winner is not None:
        return winner
    return (outcome.dealer + 1) % n


@dataclass(frozen=True)
class GameTotals:
    """Running totals over the deals of a game.

    >>> g = GameTotals.start(2)
    >>> g = g.add((25, 0)).add((0, 30))
    >>> g.totals, g.deals
    ((25, 30), 2)
    >>> g.is_over(RuleSet(game_end="target", target_score=30)), g.leaders()
    (True, (1,))
    """

    totals: tuple[int, ...]
    deals: int = 0

    @classmethod
    def start(cls, players: int, totals: Sequence[int] | None = None, deals: int = 0) -> "GameTotals":
        return cls(tuple(totals) if totals is not None else (0,) * players, deals)

    def add(self, points: Sequence[int]) -> "GameTotals":
        return GameTotals(tuple(t + p for t, p in zip(self.totals, points)), self.deals + 1)

    def is_over(self, rules: RuleSet) -> bool:
        """Whether the game has ended: after the agreed deals, or when a total reaches the target."""
        if rules.game_end == "deals":
            return self.deals >= rules.game_deals
        return max(abs(t) for t in self.totals) >= rules.target_score

    def leaders(self) -> tuple[int, ...]:
        """The players with the most points (several on a tie: share it or play one more deal)."""
        top = max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == top)
