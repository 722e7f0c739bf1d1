"""Benchmarks (figures for the closing notes, not timed tests): ``python -m tools.bench``.

Every figure is per CPU-second of this process (``time.process_time``), the process pinned to
one CPU, several interleaved rounds, medians: the machines are shared and noisy.

- ``python -m tools.bench``: time to verify every scenario and to render all pages; random
  complete deals of every game (uniform random legal moves); the gin solver (11-card best
  discard through the bit-mask and the card API, 10-card arrangement); Rommi 51 openings.
- ``--peers``: the gin figures side by side with OpenSpiel's ``gin_rummy`` (C++) and RLCard's
  gin rummy when those are importable (a separate virtual environment, see README), with the
  ratios ours / theirs; without them, our figures only. Only the engine is imported, so this
  mode also runs in a venv without the site tools (``PYTHONPATH=engine``).
- ``--deals``: only the random deals of perusrommi, rommi and Rommi 51, beside the same deals
  played by the engine of ``--baseline REV`` (default: the commit before issue 12's work,
  extracted with ``git archive`` and imported as a second package) in the same process and
  rounds, with the ratios now / baseline (also part of the full run).
- ``--scale 10,100``: copies the scenarios N times into a temporary tree and reports the time of
  ``tools.verify``, of writing the pages and of ``mkdocs build`` per scenario (``--verify-only``:
  only ``tools.verify``, e.g. ``--scale 56 --verify-only`` for 8,400 scenarios).
- ``--parity N --parity-rev REV``: no timing; N seeded deals per game played by our engine and
  by the engine of REV side by side: random deals of the table games (legal move lists, events,
  outcomes) and gin deals between the computer players (every move, events, outcome, score) must
  be identical (``--parity-games gin`` or ``perusrommi,rommi``: only those).

The parts: :mod:`tools.bench_harness` (timing), :mod:`tools.bench_engine` (the engine's
workloads), :mod:`tools.bench_peers`, :mod:`tools.bench_baseline` (another revision's engine),
:mod:`tools.bench_parity`, :mod:`tools.bench_site` (verify, render, ``--scale``).
"""

from __future__ import annotations

import argparse
import random

from .bench_baseline import BASELINE, bench_deals
from .bench_engine import ROMMI51, bench_gin, bench_openings, shipped_rules
from .bench_harness import pin
from .bench_parity import parity
from .bench_site import bench_scale, bench_site

__all__ = ["main"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peers", action="store_true", help="gin figures beside OpenSpiel and RLCard")
    ap.add_argument("--scale", help="comma-separated copy factors, e.g. 10,100")
    ap.add_argument("--verify-only", action="store_true", help="with --scale: time only tools.verify")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU-seconds per workload and round")
    ap.add_argument("--runs", type=int, default=5, help="site timing runs")
    ap.add_argument("--cpu", type=int, help="CPU to pin to (default: the first allowed)")
    ap.add_argument(
        "--baseline",
        default=BASELINE,
        metavar="REV",
        help=f"git revision whose engine plays the same random deals in the same run "
        f"(default {BASELINE}, before issue 12; '' for none)",
    )
    ap.add_argument("--deals", action="store_true", help="only the random rummy deals (and the baseline)")
    ap.add_argument(
        "--parity",
        type=int,
        metavar="N",
        help="instead of timing: N seeded deals per game played by our engine and by the engine of "
        "--parity-rev (table games: random moves; gin: the computer players); legal move lists, moves, "
        "events, outcomes and gin scores must be identical",
    )
    ap.add_argument("--parity-rev", default="main", metavar="REV", help="the engine --parity compares with")
    ap.add_argument("--parity-games", metavar="A,B", help="with --parity: only these games (e.g. gin)")
    args = ap.parse_args()
    print(f"rommikirja bench ({pin(args.cpu)})")
    if args.parity:
        games = tuple(g.strip() for g in args.parity_games.split(",")) if args.parity_games else None
        return 1 if parity(args.parity_rev, args.parity, shipped_rules(), games) else 0
    if args.scale:
        bench_scale([int(x) for x in args.scale.split(",") if x.strip()], verify_only=args.verify_only)
        return 0
    if args.deals:
        bench_deals(args, shipped_rules())
        return 0
    bench_gin(args, peers=args.peers)
    shipped = {} if args.peers else shipped_rules()
    print("rommi 51 openings:")
    bench_openings(random.Random(1), shipped.get("rommi51", ROMMI51))
    if args.peers:
        return 0
    bench_deals(args, shipped)
    bench_site(args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
