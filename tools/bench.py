"""Benchmarks (figures for the closing notes, not timed tests): ``python -m tools.bench``.

- time to verify every scenario, and to verify + render all pages (median of several runs);
- random complete 2-player perusrommi deals per second (random legal moves).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from rommikirja import Deal, LayOff, PlayMeld, RuleSet

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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
