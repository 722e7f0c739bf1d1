"""The engine's own workloads for :mod:`tools.bench`: random deals of every game, the gin solver,
Rommi 51 openings (figures per CPU-second; only the engine is imported, so this also runs in a
venv without the site tools)."""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from functools import partial
from typing import Callable

from rommikirja import Deal, GinDeal, LayOff, PlayMeld, RuleSet, standard_deck
from rommikirja.opening import best_opening
from rommikirja.solver import best_arrangement, best_discard, best_discard_mask, mask_of, min_deadwood_mask

from .bench_harness import cycling, interleaved, ratio, show
from .bench_peers import check_peer_agreement, peer_workloads


#: Standard gin (the OpenSpiel and RLCard defaults): knock at 10 or less, ace 1, void at 2 cards.
GIN = RuleSet(
    name="gin",
    style="knock",
    min_players=2,
    max_players=2,
    hand_size=((2, 10),),
    upcard=True,
    upcard_offer=True,
    knock_limit=10,
    void_stock=2,
)
#: Rommi 51 when the shipped rule sets cannot be loaded (a venv without PyYAML).
ROMMI51 = RuleSet(
    name="rommi51",
    decks=2,
    jokers=4,
    max_jokers_per_meld=1,
    max_players=4,
    hand_size=((2, 14), (3, 14), (4, 14)),
    upcard=False,
    opening_points=51,
    opening_pure_run=True,
    final_discard="required",
    ace="high_or_low",
    ace_points=11,
    scoring="penalty",
    rummy_doubling=False,
)


def shipped_rules() -> dict[str, RuleSet]:
    """The rule sets in scenarios/rules/ (for the figures of the games as shipped)."""
    try:
        from .scenario import load_rulesets

        return load_rulesets()
    except ImportError:
        return {"rommi51": ROMMI51}


# -- our workloads ------------------------------------------------------------------------


def gin_deals(checked: bool = False) -> Callable[[int], int]:
    """Random gin deals, uniform random legal moves (generated moves pushed unchecked, or played)."""
    seed = [0]

    def work(n: int) -> int:
        for _ in range(n):
            s = seed[0] = seed[0] + 1
            deal = GinDeal.new(GIN, dealer=s % 2, seed=s)
            rng = random.Random(s)
            make = deal.play if checked else deal.push
            while not deal.is_over:
                make(rng.choice(deal.legal_moves()))
        return n

    return work


def rummy_deals(rules: RuleSet, players: int = 2, checked: bool = True) -> Callable[[int], int]:
    """Random deals of a table game: a random meld or lay-off when there is one (70 %), otherwise
    a uniform random legal move (the policy of the figures in issue 12); the generated moves are
    played checked (``play``) or pushed unchecked (``push``, python-chess's way for them)."""
    seed = [0]
    meldish = (PlayMeld, LayOff)  # (no subclasses: ``type(m) in meldish`` is ``isinstance``)

    def work(n: int) -> int:
        for _ in range(n):
            s = seed[0] = seed[0] + 1
            deal = Deal.new(rules, players, dealer=s % players, seed=s)
            rng = random.Random(s)
            make = deal.play if checked else deal.push
            legal, choice = deal.legal_moves, rng.choice
            while not deal.is_over:
                moves = legal()
                eager = [m for m in moves if type(m) in meldish]
                make(choice(eager) if eager and rng.random() < 0.7 else choice(moves))
        return n

    return work


def gin_hands(count: int, size: int, seed: int = 1) -> list[list]:
    deck = standard_deck()
    rng = random.Random(seed)
    return [rng.sample(deck, size) for _ in range(count)]


def bench_gin(args: argparse.Namespace, peers: bool) -> None:
    hands11 = gin_hands(4000, 11)
    hands10 = [h[:10] for h in hands11]
    masks11 = [mask_of(h) for h in hands11]
    masks10 = [mask_of(h) for h in hands10]
    work: dict[str, Callable[[int], int]] = {
        "ours deals": gin_deals(),
        "ours deals (checked play)": gin_deals(checked=True),
        # every solver takes the rule set (the mask API the ace's value): bound here by keyword
        "ours best_discard_mask": cycling(masks11, partial(best_discard_mask, forbidden=0, ace=GIN.ace_points)),
        "ours best_discard (cards)": cycling(hands11, partial(best_discard, forbidden=(), rules=GIN)),
        "ours min_deadwood_mask (10)": cycling(masks10, partial(min_deadwood_mask, ace=GIN.ace_points)),
        "ours best_arrangement (cards, 10)": cycling(hands10, partial(best_arrangement, rules=GIN)),
    }
    missing: list[str] = []
    if peers:
        extra, missing = peer_workloads(hands11, hands10)
        work.update(extra)
    r = interleaved(work, args.rounds, args.seconds)
    print(f"gin-rommi, {args.rounds} interleaved rounds of {args.seconds} CPU-s each, medians per CPU-second:")
    for k, v in r.items():
        show(k, v, "deals/s" if "deals" in k else "hands/s")
    print("ratios (per round, median):")
    ratio("card API best_discard / best_discard_mask", r["ours best_discard (cards)"], r["ours best_discard_mask"])
    ratio(
        "card API best_arrangement / best_discard_mask",
        r["ours best_arrangement (cards, 10)"],
        r["ours best_discard_mask"],
    )
    ratio(
        "card API best_arrangement / min_deadwood_mask (10)",
        r["ours best_arrangement (cards, 10)"],
        r["ours min_deadwood_mask (10)"],
    )
    if "openspiel deals" in r:
        ratio("random gin deals: ours / OpenSpiel", r["ours deals"], r["openspiel deals"])
        ratio("random gin deals, checked play: ours / OpenSpiel", r["ours deals (checked play)"], r["openspiel deals"])
        ratio(
            "exact best discard, masks: ours / OpenSpiel exact x11",
            r["ours best_discard_mask"],
            r["openspiel exact x11"],
        )
        ratio(
            "exact best discard, cards: ours / OpenSpiel exact x11",
            r["ours best_discard (cards)"],
            r["openspiel exact x11"],
        )
        ratio(
            "best discard, masks: ours / OpenSpiel one-call (inexact)",
            r["ours best_discard_mask"],
            r["openspiel one-call"],
        )
        print("  " + check_peer_agreement(hands11[:2000]))
    if "rlcard deals" in r:
        ratio("random gin deals: ours / RLCard", r["ours deals"], r["rlcard deals"])
        ratio("arrangement, cards: ours / RLCard", r["ours best_arrangement (cards, 10)"], r["rlcard arrangement"])
    if missing:
        print(f"(not importable here: {', '.join(missing)}; see README, “Benchmarks and peers”)")


def bench_openings(rng: random.Random, rules: RuleSet, count: int = 3000) -> None:
    full = standard_deck(2, 4)
    naturals = [c for c in full if not c.is_joker]
    jokers = [c for c in full if c.is_joker]
    for label, maker in (
        ("random", lambda nj: rng.sample(naturals, 15 - nj)),
        ("meld-rich", lambda nj: _rich51(rng, naturals, 15 - nj)),
    ):
        hands = [maker(i % 5) + jokers[: i % 5] for i in range(count)]
        # the bench's own pre-made hands are not the engine's garbage: keep the collector off them
        gc.collect()
        gc.freeze()
        times = []
        for hand in hands:
            t = time.process_time()
            best_opening(hand, rules)
            times.append(time.process_time() - t)
        gc.unfreeze()
        times.sort()
        print(
            f"  rommi 51 opening, 15 cards, 0–4 jokers ({label}): p50 {statistics.median(times) * 1000:.2f} ms, "
            f"p99 {times[int(0.99 * len(times))] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms (CPU)"
        )


def _rich51(rng: random.Random, naturals: list, n: int) -> list:
    """Two-deck cards clustered on a few ranks and one suit's runs, with duplicates."""
    suit = rng.choice(naturals).suit
    lo = rng.randint(1, 7)
    pool = [c for c in naturals if (c.suit is suit and lo <= c.rank < lo + 7) or c.rank in (lo, lo + 3, 12)]
    hand = rng.sample(pool, min(n, len(pool)))
    while len(hand) < n:
        c = rng.choice(naturals)
        if c not in hand:
            hand.append(c)
    return hand
