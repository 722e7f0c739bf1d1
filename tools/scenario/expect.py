"""``expect:`` steps: what must hold in the position or the outcome after the moves so far.

Each key is one small function in :data:`EXPECTS`; :func:`run_expect` is the pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rommikirja import Deal, RuleSet, next_dealer, score_deal
from rommikirja.narrate import describe_move
from rommikirja.scoring import DealScore, GameTotals

from ..yamlsrc import LDict, LList
from .context import Ctx, as_bool, as_int, as_str, fmt, meld_key, per_player, player_index, want_melds
from .model import Scenario, Step
from .moves import parse_move
from .rulesets import rules_from


@dataclass
class Expectation:
    """Everything one ``expect:`` key may look at."""

    ctx: Ctx
    sc: Scenario
    deal: Deal
    rules: RuleSet
    score: DealScore | None
    exp: LDict

    @property
    def names(self) -> list[str]:
        return self.sc.names

    @property
    def outcome(self) -> Any:
        return self.deal.outcome

    def fail(self, key: str, want: Any, got: Any) -> None:
        """Record that ``key`` differs: what the scenario says against what the engine gives."""
        self.sc.failures.append(
            self.ctx.err(self.exp.line_of(key), f"{key}: odotettiin {fmt(want)}, moottori antoi {fmt(got)}")
        )

    def need_outcome(self, key: str) -> bool:
        if self.outcome is None:
            self.sc.failures.append(
                self.ctx.err(self.exp.line_of(key), f"{key}: jako ei ole päättynyt, joten tulosta ei ole")
            )
            return False
        return True

    def player(self, value: Any, line: int) -> int:
        return player_index(self.ctx, self.names, value, line)

    def name_or_none(self, value: Any, line: int) -> int | None:
        return None if value is None else self.player(value, line)

    def scorer_name(self) -> str | None:
        return None if self.score.scorer is None else self.names[self.score.scorer]


Check = Callable[[Expectation, str, Any, int], None]


def _over(e: Expectation, key: str, want: Any, line: int) -> None:
    want = as_bool(e.ctx, want, line, key)
    if e.deal.is_over != want:
        e.fail(key, want, e.deal.is_over)


def _scorer(e: Expectation, key: str, want: Any, line: int) -> None:  # winner, scorer
    w = e.name_or_none(want, line)
    if e.need_outcome(key) and e.score.scorer != w:
        e.fail(key, want, e.scorer_name())


def _kind(e: Expectation, key: str, want: Any, line: int) -> None:  # reason, result
    as_str(e.ctx, want, line, key)
    if e.need_outcome(key) and e.score.kind != want:
        e.fail(key, want, e.score.kind)


def _defender(e: Expectation, key: str, want: Any, line: int) -> None:  # layoffs, defender_melds
    wanted = want_melds(e.ctx, want, line, key)
    if not e.need_outcome(key):
        return
    defender = getattr(e.outcome, "defender", None)
    if defender is None:
        e.fail(key, "koputus", "ei koputusta")
        return
    got = [cs for cs, _ in defender.layoffs] if key == "layoffs" else list(defender.melds)
    if meld_key(wanted) != meld_key(got):
        e.fail(key, [list(m) for m in wanted], [list(cs) for cs in got])


def _rummy(e: Expectation, key: str, want: Any, line: int) -> None:
    want = as_bool(e.ctx, want, line, key)
    if e.need_outcome(key) and getattr(e.outcome, "rummy", False) != want:
        e.fail(key, want, getattr(e.outcome, "rummy", False))


def _per_player_points(e: Expectation, key: str, want: Any, line: int) -> None:
    table = per_player(e.ctx, e.names, want, line, key, as_int(e.ctx, key))
    if not e.need_outcome(key):
        return
    if key == "points":
        got = e.score.points
    elif key in ("hand_values", "deadwood"):
        got = e.score.hand_values
    else:
        got = tuple(t + p for t, p in zip(e.sc.totals_before, e.score.points))
    if any(got[i] != v for i, v in table.items()):
        e.fail(key, {e.names[j]: table[j] for j in table}, {e.names[j]: got[j] for j in table})


def _game(e: Expectation, key: str, want: Any, line: int) -> None:  # game_over, leaders
    if not e.need_outcome(key):
        return
    totals = GameTotals.start(e.deal.players, e.sc.totals_before, e.sc.deals_played).add(e.score.points)
    if key == "game_over":
        want = as_bool(e.ctx, want, line, key)
        if totals.is_over(e.rules) != want:
            e.fail(key, want, totals.is_over(e.rules))
        return
    if not isinstance(want, list):
        raise e.ctx.err(line, "leaders: odotettiin luetteloa nimiä")
    w = sorted(e.player(x, line) for x in want)
    if list(totals.leaders()) != w:
        e.fail(key, want, [e.names[i] for i in totals.leaders()])


def _next_dealer(e: Expectation, key: str, want: Any, line: int) -> None:
    w = e.player(want, line)
    if e.need_outcome(key):
        got = next_dealer(e.outcome, e.rules)
        if got != w:
            e.fail(key, want, e.names[got])


def _turn(e: Expectation, key: str, want: Any, line: int) -> None:
    if e.deal.turn != e.player(want, line):
        e.fail(key, want, e.names[e.deal.turn])


def _hand(e: Expectation, key: str, want: Any, line: int) -> None:
    table = per_player(e.ctx, e.names, want, line, key, lambda v, ln: e.ctx.cards(v, ln, "hand"))
    for i, cards in table.items():
        if sorted(c.sort_key for c in cards) != sorted(c.sort_key for c in e.deal.hands[i]):
            e.fail(key, {e.names[i]: list(cards)}, {e.names[i]: list(e.deal.hands[i])})


def _hand_size(e: Expectation, key: str, want: Any, line: int) -> None:
    table = per_player(e.ctx, e.names, want, line, key, as_int(e.ctx, key))
    for i, size in table.items():
        if len(e.deal.hands[i]) != size:
            e.fail(key, {e.names[i]: size}, {e.names[i]: len(e.deal.hands[i])})


def _stock(e: Expectation, key: str, want: Any, line: int) -> None:
    cards = e.ctx.cards(want, line, key)
    got = tuple(reversed(e.deal.stock))[: len(cards)]
    if got != cards:
        e.fail(key, list(cards), list(got))


def _stock_size(e: Expectation, key: str, want: Any, line: int) -> None:
    if len(e.deal.stock) != as_int(e.ctx, key)(want, line):
        e.fail(key, want, len(e.deal.stock))


def _discard(e: Expectation, key: str, want: Any, line: int) -> None:
    cards = e.ctx.cards(want, line, key)
    hidden = e.sc.piles.hidden if e.sc.piles is not None else ()
    got = tuple(c for c in e.deal.discard if c not in hidden)  # the listed cards, not the rest of the deck
    if got != cards:
        e.fail(key, list(cards), list(got))


def _table(e: Expectation, key: str, want: Any, line: int) -> None:
    if not isinstance(want, LList):
        raise e.ctx.err(line, "table: odotettiin luetteloa korttiluetteloita")
    wanted = [e.ctx.cards(v, want.line_of(i), "table") for i, v in enumerate(want)]
    got = [tm.meld.cards for tm in e.deal.table]
    if [sorted(c.sort_key for c in m) for m in wanted] != [sorted(c.sort_key for c in m) for m in got]:
        e.fail(key, [list(m) for m in wanted], [list(m) for m in got])


def _legal(e: Expectation, key: str, want: Any, line: int) -> None:  # legal, not_legal
    if not isinstance(want, LList):
        raise e.ctx.err(line, f"{key}: odotettiin luetteloa siirtoja")
    # each listed move is asked of the engine's one predicate (``is_legal`` accepts a meld's cards
    # in any order): listing every legal move would cost minutes in a big position (issue 18)
    for i, item in enumerate(want):
        mv, _ = parse_move(e.ctx, e.ctx.mapping(item, want.line_of(i), key), e.names)
        is_legal = e.deal.is_legal(mv)
        if is_legal != (key == "legal"):
            e.sc.failures.append(
                e.ctx.err(
                    want.line_of(i),
                    f"{key}: siirto {describe_move(mv)} on moottorin mukaan {'sallittu' if is_legal else 'kielletty'}",
                )
            )


EXPECTS: dict[str, Check] = {
    "over": _over,
    "winner": _scorer,
    "scorer": _scorer,
    "reason": _kind,
    "result": _kind,
    "layoffs": _defender,
    "defender_melds": _defender,
    "rummy": _rummy,
    "points": _per_player_points,
    "hand_values": _per_player_points,
    "totals": _per_player_points,
    "deadwood": _per_player_points,
    "game_over": _game,
    "leaders": _game,
    "next_dealer": _next_dealer,
    "turn": _turn,
    "hand": _hand,
    "hand_size": _hand_size,
    "stock": _stock,
    "stock_size": _stock_size,
    "discard": _discard,
    "table": _table,
    "legal": _legal,
    "not_legal": _legal,
}
#: ``options`` is read first (rule overrides for pricing), the rest by :data:`EXPECTS`
EXPECT_KEYS = set(EXPECTS) | {"options"}


def run_expect(ctx: Ctx, sc: Scenario, deal: Deal, exp: LDict) -> Step:
    """Check every key of one ``expect:`` mapping against the deal; failures go to ``sc.failures``."""
    ctx.keys(exp, EXPECT_KEYS, "expect")
    st = Step(line=exp.line, kind="expect")
    rules = sc.rules
    if "options" in exp:
        opts = ctx.mapping(exp["options"], exp.line_of("options"), "options")
        rules = rules_from(opts, sc.rules, ctx.rel, opts)
        st.options = dict(opts)
    st.score = score_deal(deal.outcome, rules) if deal.outcome is not None else None
    e = Expectation(ctx, sc, deal, rules, st.score, exp)
    for key, want in exp.items():
        if key != "options":
            EXPECTS[key](e, key, want, exp.line_of(key))
    return st
