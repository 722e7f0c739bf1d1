"""How deals end under the deadlock rule: ``python -m tools.bench_deadlock [--deals N]``.

Plays N seeded deals per shipped rummy preset between the computer levels (two players,
"taitava" against "aloittelija", seats alternating) under the preset's own rules, with the
deadlock rule as the preset sets it (``--rule`` overrides it) and no turnover limit, and counts
how each deal ended: a player went out, the engine ended it as deadlocked (``rules.deadlock``),
the stock rule ended it, or it was still going after ``--moves`` moves (the fallback cap). For a
deal still going at the cap it says whether the engine's proof holds at that point (a loop of
play the proof cannot see when it does not).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from rommikirja.app.computer import Computer
from rommikirja.games import new_deal

from .scenario import load_rulesets


def run(rules, deals: int, moves: int, players: int = 2, seed: str = "dl") -> Counter:
    tally: Counter = Counter()
    for d in range(deals):
        levels = ["taitava", "aloittelija"] if d % 2 == 0 else ["aloittelija", "taitava"]
        levels = (levels * players)[:players]
        bots = [Computer(levels[i], seed=f"{seed}:{d}:{i}") for i in range(players)]
        deal = new_deal(rules, players, dealer=d % players, seed=f"{seed}:{d}")
        n = 0
        while not deal.is_over and n < moves:
            deal.play(bots[deal.turn].choose(deal))
            n += 1
        if deal.is_over:
            tally[deal.outcome.reason.value] += 1
        else:
            tally["cap (deadlocked)" if deal.is_deadlocked else "cap"] += 1
    return tally


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--moves", type=int, default=1500, help="the fallback cap on moves per deal")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rule", default=None, help="deadlock rule to play by (default: the preset's)")
    ap.add_argument("--games", nargs="*", default=["perusrommi", "rommi", "rommi51"])
    args = ap.parse_args(argv)
    shipped = load_rulesets()
    for name in args.games:
        rules = shipped[name].with_options(max_turnovers=0)
        if args.rule:
            rules = rules.with_options(deadlock=args.rule)
        t = time.process_time()
        tally = run(rules, args.deals, args.moves, args.players)
        cpu = time.process_time() - t
        parts = ", ".join(f"{k} {v} ({100 * v / args.deals:.1f} %)" for k, v in sorted(tally.items()))
        print(
            f"{name} (deadlock: {rules.deadlock}, {args.players} players, {args.deals} deals): {parts}; CPU {cpu:.1f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
