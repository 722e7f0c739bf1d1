"""The engine of another git revision beside ours in :mod:`tools.bench` (``--deals --baseline REV``,
and ``--parity``): extracted with ``git archive`` and imported as a second package."""

from __future__ import annotations

import argparse
import random
from typing import Callable

from rommikirja import RuleSet

from .bench_engine import rummy_deals
from .bench_harness import interleaved, ratio, show


#: The commit before issue 12's engine work: ``--baseline`` compares random deals with it.
BASELINE = "cc4bbaa"


def baseline_engine(rev: str):
    """The engine package of git revision ``rev`` imported beside ours as ``rommikirja_baseline``
    (``git archive`` into a temporary directory), or a sentence saying why not. Its computer
    players are loaded too (:func:`computer_of`), from wherever that revision keeps them."""
    import importlib
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    tmp = Path(tempfile.mkdtemp(prefix="rommikirja-baseline-"))
    try:
        tar = subprocess.run(
            ["git", "-C", str(root), "archive", rev, "engine/rommikirja"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tmp)], input=tar, check=True)
    except (OSError, subprocess.CalledProcessError) as err:
        shutil.rmtree(tmp, ignore_errors=True)
        return f"baseline {rev} not available ({err})"
    (tmp / "engine" / "rommikirja").rename(tmp / "rommikirja_baseline")
    for name in [m for m in sys.modules if m == "rommikirja_baseline" or m.startswith("rommikirja_baseline.")]:
        del sys.modules[name]  # (an earlier revision's)
    sys.path.insert(0, str(tmp))
    try:
        engine = importlib.import_module("rommikirja_baseline")
        for where in _COMPUTER:
            try:
                importlib.import_module(f"rommikirja_baseline.{where}")
            except ImportError:
                continue
        return engine
    finally:
        sys.path.remove(str(tmp))
        shutil.rmtree(tmp, ignore_errors=True)  # the modules are loaded


#: Where a revision keeps its computer players (``app/`` since issue 19, the package before).
_COMPUTER = ("app.computer", "computer")


def computer_of(engine):
    """The ``Computer`` class of an engine package (ours or a baseline's)."""
    import importlib

    for where in _COMPUTER:
        try:
            return importlib.import_module(f"{engine.__name__}.{where}").Computer
        except ImportError:
            continue
    raise ImportError(f"{engine.__name__} has no computer players")


def same_rules(engine, rules: RuleSet):
    """``rules`` as the other engine's RuleSet (the options both know)."""
    import dataclasses

    known = {f.name for f in dataclasses.fields(engine.RuleSet)}
    return engine.RuleSet(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name in known})


def rummy_deals_of(engine, rules) -> Callable[[int], int]:
    """:func:`rummy_deals` with another engine package (the same policy, seeds and harness)."""
    seed = [0]
    Deal_, meldish = engine.Deal, (engine.PlayMeld, engine.LayOff)
    # the same harness as rummy_deals (checked play), for any engine package

    def work(n: int) -> int:
        for _ in range(n):
            s = seed[0] = seed[0] + 1
            deal = Deal_.new(rules, 2, dealer=s % 2, seed=s)
            rng = random.Random(s)
            legal, choice = deal.legal_moves, rng.choice
            while not deal.is_over:
                moves = legal()
                eager = [m for m in moves if type(m) in meldish]
                deal.play(choice(eager) if eager and rng.random() < 0.7 else choice(moves))
        return n

    return work


def bench_deals(args: argparse.Namespace, shipped: dict[str, RuleSet]) -> None:
    games = [k for k in ("perusrommi", "rommi", "rommi51") if k in shipped]
    work = {k: rummy_deals(shipped[k].with_options(max_turnovers=2)) for k in games}
    base = baseline_engine(args.baseline) if args.baseline else None
    if base is not None and not isinstance(base, str):
        import rommikirja

        for k in games:
            work[f"{k} @{args.baseline}"] = rummy_deals_of(
                base, same_rules(base, shipped[k].with_options(max_turnovers=2))
            )
            work[k] = rummy_deals_of(rommikirja, shipped[k].with_options(max_turnovers=2))
    for k in games:
        work[f"{k} (push)"] = rummy_deals(shipped[k].with_options(max_turnovers=2), checked=False)
    r = interleaved(work, args.rounds, args.seconds)
    print("random 2-player deals of the shipped rule sets (at most 2 turn-overs), medians per CPU-second:")
    for k, v in r.items():
        show(k, v, "deals/s")
    if isinstance(base, str):
        print(f"  ({base})")
    elif base is not None:
        print(f"ratios to the engine of {args.baseline} in the same run (per round, median):")
        for k in games:
            ratio(f"{k}: now / {args.baseline}", r[k], r[f"{k} @{args.baseline}"])
        for k in games:
            ratio(f"{k}: now, generated moves pushed / {args.baseline}", r[f"{k} (push)"], r[f"{k} @{args.baseline}"])
