"""The timing harness of :mod:`tools.bench`: CPU-seconds of this process, one pinned CPU,
interleaved rounds, medians and per-round ratios (the machines are shared and noisy)."""

from __future__ import annotations

import os
import statistics
import time
from typing import Callable


def pin(cpu: int | None) -> str:
    """Pin this process to one CPU (the first allowed one by default)."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    allowed = sorted(os.sched_getaffinity(0))
    target = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {target})
    return f"pinned to CPU {target}"


def rate(work: Callable[[int], int], seconds: float) -> float:
    """Units of ``work`` per CPU-second: ``work(n)`` does n units and returns how many it did."""
    n, done, spent = 1, 0, 0.0
    while spent < seconds:
        t = time.process_time()
        done += work(n)
        spent += time.process_time() - t
        n = min(n * 2, 1 << 16)
    return done / spent


def interleaved(workloads: dict[str, Callable[[int], int]], rounds: int, seconds: float) -> dict[str, list[float]]:
    """Run every workload once per round, in a rotating order; rates per round."""
    names = list(workloads)
    out: dict[str, list[float]] = {k: [] for k in names}
    for r in range(rounds):
        for k in names[r % len(names) :] + names[: r % len(names)]:
            out[k].append(rate(workloads[k], seconds))
    return out


def cycling(items: list, fn: Callable) -> Callable[[int], int]:
    pos = [0]
    size = len(items)

    def work(n: int) -> int:
        i = pos[0]
        for _ in range(n):
            fn(items[i])
            i = i + 1 if i + 1 < size else 0
        pos[0] = i
        return n

    return work


def show(label: str, rates: list[float], unit: str) -> None:
    lo, hi = min(rates), max(rates)
    print(f"  {label:34s} {statistics.median(rates):12,.0f} {unit}  (range {lo:,.0f}–{hi:,.0f})")


def ratio(label: str, ours: list[float], theirs: list[float]) -> None:
    per_round = [a / b for a, b in zip(ours, theirs)]
    print(f"  {label:50s} {statistics.median(per_round):6.2f}×  (rounds {min(per_round):.2f}–{max(per_round):.2f})")
