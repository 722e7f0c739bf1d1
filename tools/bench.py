"""Benchmarks (figures for the closing notes, not timed tests): ``python -m tools.bench``.

- time to verify every scenario, and to verify + render all pages (median of several runs);
- random complete 2-player perusrommi deals per second (random legal moves);
- exact gin solves per second (11-card best discard; random hands and meld-rich hands);
- random complete gin-rommi deals per second;
- Rommi 51 "can this hand open?" for 15-card hands with 0–4 jokers: median and 99th percentile.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from rommikirja import Deal, GinDeal, Knock, LayOff, PlayMeld, RuleSet, standard_deck
from rommikirja.opening import best_opening
from rommikirja.solver import best_discard_mask, mask_of

from .scenario import load_rulesets

from .build import render_pages
from .verify import verify


def _median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def random_deal(rules: RuleSet, seed: int) -> Deal:
    deal = Deal.new(rules, 2, dealer=seed % 2, seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        moves = deal.legal_moves()
        eager = [m for m in moves if isinstance(m, (PlayMeld, LayOff))]
        deal.play(rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(moves))
    return deal


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=5.0, help="how long to play random deals")
    args = ap.parse_args()

    scenarios, errors = verify()
    if errors:
        print("scenarios fail; run python -m tools.verify")
        return 1
    t_verify = _median_time(verify, args.runs)
    t_build = _median_time(lambda: render_pages(verify()[0]), args.runs)
    print(f"scenarios: {len(scenarios)}")
    print(f"verify all scenarios:            {t_verify * 1000:8.1f} ms (median of {args.runs})")
    print(f"verify + render all pages:       {t_build * 1000:8.1f} ms (median of {args.runs})")

    rules = RuleSet(max_turnovers=2)
    deals = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        d = random_deal(rules, deals)
        deals += 1
        turns += d.turns
    elapsed = time.perf_counter() - start
    print(f"random 2-player deals:           {deals / elapsed:8.1f} deals/s "
          f"({turns / deals:.1f} turns per deal, {deals} deals in {elapsed:.1f} s)")

    deck = standard_deck()
    rng = random.Random(1)
    hands = [mask_of(rng.sample(deck, 11)) for _ in range(20000)]
    rich = [mask_of(_meld_rich_hand(rng)) for _ in range(20000)]
    for label, masks in (("random", hands), ("meld-rich", rich)):
        t = time.perf_counter()
        for m in masks:
            best_discard_mask(m)
        rate = len(masks) / (time.perf_counter() - t)
        print(f"gin 11-card exact solves ({label}): {rate:10.0f} /s")

    gin = load_rulesets()["gin"]
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        d = GinDeal.new(gin, dealer=deals % 2, seed=deals)
        prng = random.Random(deals)
        while not d.is_over:
            moves = d.legal_moves()
            knocks = [m for m in moves if isinstance(m, Knock)]
            d.play(knocks[0] if knocks else prng.choice(moves))
        deals += 1
    elapsed = time.perf_counter() - start
    print(f"random gin deals (knock asap):   {deals / elapsed:8.1f} deals/s")

    r51 = load_rulesets()["rommi51"]
    full = standard_deck(2, 4)
    naturals = [c for c in full if not c.is_joker]
    jokers = [c for c in full if c.is_joker]
    for label, maker in (("random", lambda nj: rng.sample(naturals, 15 - nj)),
                         ("meld-rich", lambda nj: _rich51(rng, naturals, 15 - nj))):
        times = []
        for i in range(3000):
            nj = i % 5
            hand = maker(nj) + jokers[:nj]
            t = time.perf_counter()
            best_opening(hand, r51)
            times.append(time.perf_counter() - t)
        times.sort()
        print(f"rommi 51 opening, 15 cards ({label}): median {statistics.median(times) * 1000:.2f} ms, "
              f"p99 {times[int(0.99 * len(times))] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms")
    return 0


def _rich51(rng: random.Random, naturals: list, n: int) -> list:
    """Two-deck cards clustered on a few ranks and one suit's runs, with duplicates."""
    suit = rng.choice(naturals).suit
    lo = rng.randint(1, 7)
    pool = [c for c in naturals if (c.suit is suit and lo <= c.rank < lo + 7)
            or c.rank in (lo, lo + 3, 12)]
    hand = rng.sample(pool, min(n, len(pool)))
    while len(hand) < n:
        c = rng.choice(naturals)
        if c not in hand:
            hand.append(c)
    return hand


def _meld_rich_hand(rng: random.Random) -> list:
    """11 cards built from a few groups and runs that share cards, plus fillers."""
    deck = standard_deck()
    by = {(c.rank, c.suit): c for c in deck}
    hand: set = set()
    while len(hand) < 8:
        if rng.random() < 0.5:
            r = rng.randint(1, 13)
            hand.update(c for c in deck if c.rank == r and rng.random() < 0.85)
        else:
            s = rng.choice(deck).suit
            lo = rng.randint(1, 10)
            hand.update(by[(r, s)] for r in range(lo, lo + rng.randint(3, 4)))
    cards = sorted(hand, key=lambda c: c.sort_key)
    cards = rng.sample(cards, min(11, len(cards)))
    while len(cards) < 11:
        c = rng.choice(deck)
        if c not in cards:
            cards.append(c)
    return cards


if __name__ == "__main__":
    raise SystemExit(main())
