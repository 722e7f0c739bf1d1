"""Stand-alone step kinds: each asks the engine one question about some cards.

A kind is one small function and one entry in :data:`STEP_KINDS`; the pipeline in
:mod:`tools.scenario.load` dispatches on the step's first key. Register a new kind with
:func:`step_kind`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rommikirja import IllegalMove, Meld, RuleSetError, check_meld, cut_for_dealer, deal_type
from rommikirja.finnish import cards_text
from rommikirja.melds import waiting_cards
from rommikirja.narrate import DEFAULT_NAMES
from rommikirja.opening import best_packing
from rommikirja.solver import best_arrangement, best_discard

from ..yamlsrc import LDict
from .context import (
    LIMITS,
    Ctx,
    as_bool,
    as_int,
    as_str,
    compare,
    deck_cards,
    deck_of,
    fmt,
    meld_key,
    player_index,
    want_melds,
)
from .model import Scenario, Snapshot, Step

Run = Callable[[Ctx, Scenario, LDict], Step]


@dataclass(frozen=True)
class StepKind:
    """A step kind: the keys its mapping may have and the function that runs it."""

    keys: frozenset[str]
    run: Run


STEP_KINDS: dict[str, StepKind] = {}


def step_kind(name: str, *extra_keys: str) -> Callable[[Run], Run]:
    """Register ``run`` as the step kind ``name`` (a step is of this kind when it has key ``name``)."""

    def register(run: Run) -> Run:
        STEP_KINDS[name] = StepKind(frozenset((name,) + extra_keys), run)
        return run

    return register


def _expect_mapping(ctx: Ctx, step: LDict, allowed: set[str], what: str) -> LDict | None:
    if "expect" not in step:
        return None
    exp = ctx.mapping(step["expect"], step.line_of("expect"), "expect")
    ctx.keys(exp, allowed, what)
    return exp


@step_kind("check", "valid", "reason")
def check(ctx: Ctx, sc: Scenario, step: LDict) -> Step:
    """Is this a valid meld?"""
    cards = deck_cards(ctx, step["check"], step.line_of("check"), "check", sc.rules, LIMITS["check"], distinct=False)
    err = check_meld(cards, sc.rules)
    st = Step(line=step.line_of("check"), kind="check", cards=cards, valid=err is None)
    if err is None:
        st.meld = Meld.from_cards(cards, sc.rules)
    else:
        st.refused = err
    if "valid" in step:
        want = as_bool(ctx, step["valid"], step.line_of("valid"), "valid")
        if want != st.valid:
            got = "kelpaa" if st.valid else f"ei kelpaa: {err.message}"
            sc.failures.append(
                ctx.err(
                    step.line_of("valid"),
                    f"odotettiin {'kelpaavaa' if want else 'hylättyä'} yhdistelmää "
                    f"{cards_text(cards)}; moottori: {got}",
                )
            )
    if "reason" in step:
        as_str(ctx, step["reason"], step.line_of("reason"), "reason")
        if err is None or err.code != step["reason"]:
            sc.failures.append(
                ctx.err(
                    step.line_of("reason"),
                    f"odotettiin syytä {step['reason']}, moottori antoi {err.code if err else 'ei syytä (kelpaa)'}",
                )
            )
    return st


@step_kind("deal", "expect")
def fresh_deal(ctx: Ctx, sc: Scenario, step: LDict) -> Step:
    """A newly shuffled deal: how many cards go where, and who starts."""
    spec = ctx.mapping(step["deal"], step.line_of("deal"), "deal")
    ctx.keys(spec, {"players", "dealer", "seed"}, "deal")
    players = as_int(ctx, "players")(spec.get("players"), spec.line_of("players"))
    dealer = as_int(ctx, "dealer")(spec.get("dealer", 0), spec.line_of("dealer"))
    seed = as_int(ctx, "seed")(spec.get("seed", 0), spec.line_of("seed"))
    if not sc.rules.min_players <= players <= sc.rules.max_players:
        raise ctx.err(
            spec.line_of("players"),
            f"players: pelissä {sc.game} on {sc.rules.min_players}–{sc.rules.max_players} pelaajaa, ei {players}",
        )
    try:
        size = sc.rules.hand_size_for(players)
    except RuleSetError as err:
        raise ctx.err(spec.line_of("players"), f"players: {err.detail}") from None
    if players * size + 1 > len(deck_of(sc.rules)):
        raise ctx.err(
            spec.line_of("players"),
            f"players: {players} pelaajalle {size} korttia kullekin "
            f"on enemmän kuin pakassa on ({len(deck_of(sc.rules))})",
        )
    try:
        deal = deal_type(sc.rules).new(sc.rules, players, dealer=dealer, seed=seed)
    except IllegalMove as err:
        raise ctx.err(spec.line, f"deal: {err.message}") from None
    names = list(DEFAULT_NAMES[:players])
    st = Step(line=step.line_of("deal"), kind="deal", after=Snapshot.of(deal))
    st.facts = {
        "players": players,
        "hand_size": len(deal.hands[0]),
        "stock_size": len(deal.stock),
        "discard_size": len(deal.discard),
        "dealer": dealer,
        "turn": deal.turn,
        "cards": len(deal.all_cards()),
        "names": names,
    }
    exp = _expect_mapping(ctx, step, {"hand_size", "stock_size", "discard_size", "turn", "cards"}, "deal.expect")
    for key, want in (exp or {}).items():
        line = exp.line_of(key)
        compare(ctx, sc, line, key, as_int(ctx, key)(want, line), st.facts[key])
    return st


@step_kind("opening", "expect")
def opening(ctx: Ctx, sc: Scenario, step: LDict) -> Step:
    """Can this hand open (Rommi 51), and with which melds? The best opening by points."""
    longest = max(size for _, size in sc.rules.hand_size) + 1  # a hand after drawing
    cards = deck_cards(ctx, step["opening"], step.line_of("opening"), "opening", sc.rules, longest)
    # the best total available, also below the limit (how far the hand is from opening): one
    # search, which the scenario's work budget counts (tools.scenario.load)
    best = best_packing(cards, sc.rules)
    found = best if best is not None and best.points >= sc.rules.opening_points else None
    st = Step(line=step.line_of("opening"), kind="opening", cards=cards)
    st.facts = {"opening": found, "best": best, "can_open": found is not None, "points": best.points if best else 0}
    exp = _expect_mapping(ctx, step, {"can_open", "points", "melds"}, "opening.expect")
    for key, want in (exp or {}).items():
        line = exp.line_of(key)
        if key == "can_open":
            compare(ctx, sc, line, key, as_bool(ctx, want, line, key), st.facts[key])
        elif key == "points":
            compare(ctx, sc, line, key, as_int(ctx, key)(want, line), st.facts[key])
        else:
            got = [m.cards for m in found.melds] if found else []
            compare(
                ctx,
                sc,
                line,
                key,
                meld_key(want_melds(ctx, want, line, key)),
                meld_key(got),
                shown=(want, [list(m) for m in got]),
            )
    return st


@step_kind("cut", "expect")
def cut(ctx: Ctx, sc: Scenario, step: LDict) -> Step:
    """Drawing for the first dealer: everyone draws a card, the lowest deals."""
    spec = ctx.mapping(step["cut"], step.line_of("cut"), "cut")
    ctx.keys(spec, {"players", "seed"}, "cut")
    players = as_int(ctx, "players")(spec.get("players"), spec.line_of("players"))
    if not 2 <= players <= 6:
        raise ctx.err(spec.line_of("players"), "players: odotettiin 2–6")
    rounds, dealer = cut_for_dealer(players, as_int(ctx, "seed")(spec.get("seed", 0), spec.line_of("seed")))
    names = list(DEFAULT_NAMES[:players])
    st = Step(line=step.line_of("cut"), kind="cut")
    st.facts = {"rounds": rounds, "dealer": dealer, "names": names}
    exp = _expect_mapping(ctx, step, {"dealer", "rounds"}, "cut.expect")
    if exp and "dealer" in exp:
        want = player_index(ctx, names, exp["dealer"], exp.line_of("dealer"))
        compare(ctx, sc, exp.line_of("dealer"), "dealer", names[want], names[dealer])
    if exp and "rounds" in exp:
        compare(
            ctx,
            sc,
            exp.line_of("rounds"),
            "rounds",
            as_int(ctx, "rounds")(exp["rounds"], exp.line_of("rounds")),
            len(rounds),
        )
    return st


@step_kind("arrange", "expect", "forbidden")
def arrange(ctx: Ctx, sc: Scenario, step: LDict) -> Step:
    """The best arrangement of a hand: melds and deadwood; for 11 cards also the best discard."""
    cards = deck_cards(ctx, step["arrange"], step.line_of("arrange"), "arrange", sc.rules, LIMITS["arrange"])
    if any(c.is_joker for c in cards):
        raise ctx.err(
            step.line_of("arrange"), "arrange: jokeri ei käy; järjestely lasketaan gin-rommin tapaan ilman jokereita"
        )
    forbidden = deck_cards(
        ctx, step.get("forbidden", []), step.line_of("forbidden"), "forbidden", sc.rules, LIMITS["arrange"]
    )
    arr = best_discard(cards, forbidden, sc.rules) if len(cards) == 11 else best_arrangement(cards, sc.rules)
    st = Step(line=step.line_of("arrange"), kind="arrange", cards=cards)
    st.facts = {
        "arrangement": arr,
        "deadwood": arr.deadwood_points,
        "can_knock": arr.deadwood_points <= sc.rules.knock_limit,
        "gin": arr.is_gin,
        "discard": arr.discard,
    }
    exp = _expect_mapping(ctx, step, {"deadwood", "can_knock", "gin", "discard", "melds"}, "arrange.expect")
    for key, want in (exp or {}).items():
        line = exp.line_of(key)
        if key == "discard":
            compare(ctx, sc, line, key, ctx.card(want, line), st.facts[key])
        elif key == "melds":
            compare(
                ctx,
                sc,
                line,
                key,
                meld_key(want_melds(ctx, want, line, key)),
                meld_key(arr.melds),
                shown=(want, [list(m) for m in arr.melds]),
            )
        elif key == "deadwood":
            compare(ctx, sc, line, key, as_int(ctx, key)(want, line), st.facts[key])
        else:
            compare(ctx, sc, line, key, as_bool(ctx, want, line, key), st.facts[key])
    return st


@step_kind("waits", "expect")
def waits(ctx: Ctx, sc: Scenario, step: LDict) -> Step:
    """Which single cards would complete the given cards into a meld."""
    cards = deck_cards(ctx, step["waits"], step.line_of("waits"), "waits", sc.rules, LIMITS["check"])
    got = tuple(waiting_cards(cards, sc.rules))
    st = Step(line=step.line_of("waits"), kind="waits", cards=cards)
    st.facts = {"completes": got}
    if "expect" in step:
        want = ctx.cards(step["expect"], step.line_of("expect"), "expect")
        if set(want) != set(got):
            sc.failures.append(
                ctx.err(
                    step.line_of("expect"),
                    f"odotettiin täydentäviä kortteja {fmt(list(want))}, moottori antoi {fmt(list(got))}",
                )
            )
    return st
