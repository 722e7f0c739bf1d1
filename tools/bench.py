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
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
from functools import partial
from typing import Callable

from rommikirja import Deal, GinDeal, LayOff, PlayMeld, RuleSet, standard_deck
from rommikirja.opening import best_opening
from rommikirja.solver import best_arrangement, best_discard, best_discard_mask, mask_of, min_deadwood_mask

#: Standard gin (the OpenSpiel and RLCard defaults): knock at 10 or less, ace 1, void at 2 cards.
GIN = RuleSet(name="gin", style="knock", min_players=2, max_players=2, hand_size=((2, 10),), upcard=True,
              upcard_offer=True, knock_limit=10, void_stock=2)
#: Rommi 51 when the shipped rule sets cannot be loaded (a venv without PyYAML).
ROMMI51 = RuleSet(name="rommi51", decks=2, jokers=4, max_jokers_per_meld=1, max_players=4,
                  hand_size=((2, 14), (3, 14), (4, 14)), upcard=False, opening_points=51,
                  opening_pure_run=True, final_discard="required", ace="high_or_low", ace_points=11,
                  scoring="penalty", rummy_doubling=False)


def shipped_rules() -> dict[str, RuleSet]:
    """The rule sets in scenarios/rules/ (for the figures of the games as shipped)."""
    try:
        from .scenario import load_rulesets
        return load_rulesets()
    except ImportError:
        return {"rommi51": ROMMI51}


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
        for k in names[r % len(names):] + names[:r % len(names)]:
            out[k].append(rate(workloads[k], seconds))
    return out


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
    meldish = (PlayMeld, LayOff)     # (no subclasses: ``type(m) in meldish`` is ``isinstance``)

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


def gin_hands(count: int, size: int, seed: int = 1) -> list[list]:
    deck = standard_deck()
    rng = random.Random(seed)
    return [rng.sample(deck, size) for _ in range(count)]


# -- peers ------------------------------------------------------------------------------

def peer_workloads(hands11: list[list], hands10: list[list]) -> tuple[dict[str, Callable[[int], int]], list[str]]:
    """The OpenSpiel and RLCard workloads that can be imported here (and what could not)."""
    out: dict[str, Callable[[int], int]] = {}
    missing = []
    ints11 = [[c._index for c in h] for h in hands11]    # OpenSpiel's card ints: suit * 13 + rank - 1
    try:
        import pyspiel
    except ImportError:
        missing.append("open_spiel")
    else:
        game = pyspiel.load_game("gin_rummy")
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        seed = [0]

        def os_deals(n: int) -> int:
            for _ in range(n):
                seed[0] += 1
                rng = random.Random(seed[0])
                s = game.new_initial_state()
                while not s.is_terminal():
                    if s.is_chance_node():
                        s.apply_action(rng.choice(s.chance_outcomes())[0])
                    else:
                        s.apply_action(rng.choice(s.legal_actions()))
            return n

        def os_exact(hand: list[int]) -> int:
            return min(utils.min_deadwood(hand[:i] + hand[i + 1:]) for i in range(len(hand)))

        out["openspiel deals"] = os_deals
        out["openspiel one-call"] = cycling(ints11, utils.min_deadwood)
        out["openspiel exact x11"] = cycling(ints11, os_exact)
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils
    except ImportError:
        missing.append("rlcard")
    else:
        rl_deck = rl_utils.get_deck()          # card id = suit * 13 + rank - 1 (suits S H D C)
        rl10 = [[rl_deck[c._index] for c in h] for h in hands10]
        rseed = [0]

        def rl_deals(n: int) -> int:
            for _ in range(n):
                rseed[0] += 1
                rng = random.Random(rseed[0])
                g = GinRummyGame()
                g.np_random = np.random.RandomState(rseed[0])
                g.init_game()
                while not g.is_over():
                    g.step(rng.choice(g.judge.get_legal_actions()))
            return n

        out["rlcard deals"] = rl_deals
        out["rlcard arrangement"] = cycling(rl10, melding.get_best_meld_clusters)
    return out, missing


def check_peer_agreement(hands11: list[list]) -> str:
    """Our exact best discard against OpenSpiel's exact figure (min over 11 calls) and its
    one-call figure: how many hands agree (a sanity check of the comparison itself)."""
    try:
        import pyspiel
    except ImportError:
        return ""
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    exact = one = 0
    for h in hands11:
        ints = [c._index for c in h]
        ours = best_discard_mask(mask_of(h), 0, 1)[0]        # OpenSpiel's gin: the ace is worth 1
        exact += ours == min(utils.min_deadwood(ints[:i] + ints[i + 1:]) for i in range(11))
        one += ours == utils.min_deadwood(ints)
    return (f"agreement on {len(hands11)} hands: OpenSpiel exact x11 {exact}, "
            f"OpenSpiel one-call {one}")


# -- reports ----------------------------------------------------------------------------

def show(label: str, rates: list[float], unit: str) -> None:
    lo, hi = min(rates), max(rates)
    print(f"  {label:34s} {statistics.median(rates):12,.0f} {unit}  (range {lo:,.0f}–{hi:,.0f})")


def ratio(label: str, ours: list[float], theirs: list[float]) -> None:
    per_round = [a / b for a, b in zip(ours, theirs)]
    print(f"  {label:50s} {statistics.median(per_round):6.2f}×  (rounds {min(per_round):.2f}–"
          f"{max(per_round):.2f})")


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
    ratio("card API best_discard / best_discard_mask", r["ours best_discard (cards)"],
          r["ours best_discard_mask"])
    ratio("card API best_arrangement / best_discard_mask", r["ours best_arrangement (cards, 10)"],
          r["ours best_discard_mask"])
    ratio("card API best_arrangement / min_deadwood_mask (10)", r["ours best_arrangement (cards, 10)"],
          r["ours min_deadwood_mask (10)"])
    if "openspiel deals" in r:
        ratio("random gin deals: ours / OpenSpiel", r["ours deals"], r["openspiel deals"])
        ratio("random gin deals, checked play: ours / OpenSpiel", r["ours deals (checked play)"],
              r["openspiel deals"])
        ratio("exact best discard, masks: ours / OpenSpiel exact x11", r["ours best_discard_mask"],
              r["openspiel exact x11"])
        ratio("exact best discard, cards: ours / OpenSpiel exact x11", r["ours best_discard (cards)"],
              r["openspiel exact x11"])
        ratio("best discard, masks: ours / OpenSpiel one-call (inexact)", r["ours best_discard_mask"],
              r["openspiel one-call"])
        print("  " + check_peer_agreement(hands11[:2000]))
    if "rlcard deals" in r:
        ratio("random gin deals: ours / RLCard", r["ours deals"], r["rlcard deals"])
        ratio("arrangement, cards: ours / RLCard", r["ours best_arrangement (cards, 10)"],
              r["rlcard arrangement"])
    if missing:
        print(f"(not importable here: {', '.join(missing)}; see README, “Benchmarks and peers”)")


def bench_openings(rng: random.Random, rules: RuleSet, count: int = 3000) -> None:
    full = standard_deck(2, 4)
    naturals = [c for c in full if not c.is_joker]
    jokers = [c for c in full if c.is_joker]
    for label, maker in (("random", lambda nj: rng.sample(naturals, 15 - nj)),
                         ("meld-rich", lambda nj: _rich51(rng, naturals, 15 - nj))):
        hands = [maker(i % 5) + jokers[:i % 5] for i in range(count)]
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
        print(f"  rommi 51 opening, 15 cards, 0–4 jokers ({label}): p50 {statistics.median(times) * 1000:.2f} ms, "
              f"p99 {times[int(0.99 * len(times))] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms (CPU)")


def bench_site(runs: int) -> None:
    from .build import render_pages
    from .verify import verify
    scenarios, errors = verify()
    if errors:
        print("scenarios fail; run python -m tools.verify")
        return
    tv = []
    tb = []
    for _ in range(runs):
        t = time.process_time()
        scs = verify()[0]
        tv.append(time.process_time() - t)
        t = time.process_time()
        render_pages(scs)
        tb.append(time.process_time() - t)
    print(f"site, {len(scenarios)} scenarios, medians of {runs} (CPU):")
    print(f"  verify all scenarios               {statistics.median(tv) * 1000:8.1f} ms")
    print(f"  render all pages (after verify)    {statistics.median(tb) * 1000:8.1f} ms")


#: The commit before issue 12's engine work: ``--baseline`` compares random deals with it.
BASELINE = "cc4bbaa"


def baseline_engine(rev: str):
    """The engine package of git revision ``rev`` imported beside ours as ``rommikirja_baseline``
    (``git archive`` into a temporary directory), or a sentence saying why not."""
    import importlib
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    tmp = Path(tempfile.mkdtemp(prefix="rommikirja-baseline-"))
    try:
        tar = subprocess.run(["git", "-C", str(root), "archive", rev, "engine/rommikirja"],
                             capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tmp)], input=tar, check=True)
    except (OSError, subprocess.CalledProcessError) as err:
        shutil.rmtree(tmp, ignore_errors=True)
        return f"baseline {rev} not available ({err})"
    (tmp / "engine" / "rommikirja").rename(tmp / "rommikirja_baseline")
    sys.path.insert(0, str(tmp))
    try:
        return importlib.import_module("rommikirja_baseline")
    finally:
        sys.path.remove(str(tmp))
        shutil.rmtree(tmp, ignore_errors=True)      # the modules are loaded


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
            work[f"{k} @{args.baseline}"] = rummy_deals_of(base, same_rules(base, shipped[k].with_options(
                max_turnovers=2)))
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
            ratio(f"{k}: now, generated moves pushed / {args.baseline}", r[f"{k} (push)"],
                  r[f"{k} @{args.baseline}"])


def _events(deal) -> str:
    """A deal's events as text, the kind as its string value (an EventKind member equals it)."""
    return repr([(e[0], str(e[1]), *e[2:]) for e in deal.events])


def parity(rev: str, count: int, shipped: dict[str, RuleSet]) -> int:
    """Play ``count`` seeded random deals of each shipped table game with our engine and the engine
    of ``rev`` side by side: the legal move lists of every position, the events and the outcome must
    be identical (exactness of the speed-ups). Prints a summary; returns the number of differences."""
    import rommikirja
    base = baseline_engine(rev)
    if isinstance(base, str):
        print(base)
        return 1
    bad = positions = 0
    for k in ("perusrommi", "rommi", "rommi51"):
        if k not in shipped:
            continue
        ours_rules = shipped[k].with_options(max_turnovers=2)
        theirs_rules = same_rules(base, ours_rules)
        for s in range(1, count + 1):
            a = rommikirja.Deal.new(ours_rules, 2, dealer=s % 2, seed=s)
            b = base.Deal.new(theirs_rules, 2, dealer=s % 2, seed=s)
            rng = random.Random(s)
            while not a.is_over:
                ma, mb = a.legal_moves(), b.legal_moves()
                positions += 1
                if list(map(repr, ma)) != list(map(repr, mb)) or b.is_over:
                    print(f"{k} seed {s} turn {a.turns}: legal moves differ\n  {ma}\n  {mb}")
                    bad += 1
                    break
                eager = [i for i, m in enumerate(ma) if isinstance(m, (PlayMeld, LayOff))]
                i = rng.choice(eager) if eager and rng.random() < 0.7 else rng.randrange(len(ma))
                a.play(ma[i])
                b.play(mb[i])
            else:
                if not b.is_over or _events(a) != _events(b) or repr(a.outcome) != repr(b.outcome):
                    print(f"{k} seed {s}: events or outcome differ")
                    bad += 1
    print(f"parity with {rev}: {3 * count} deals, {positions} positions, {bad} differences")
    return bad


# -- scaling ----------------------------------------------------------------------------

SCALE_SCRIPT = """
import sys, time
from tools.verify import verify
from tools.build import render_pages, write_pages
t = time.process_time(); scs, errs = verify(); tv = time.process_time() - t
if errs:
    print("ERR", len(errs), errs[0]); sys.exit(1)
if "--verify-only" in sys.argv:
    print(len(scs), tv, 0.0)
    sys.exit(0)
t = time.process_time(); write_pages(render_pages(scs)); tb = time.process_time() - t
print(len(scs), tv, tb)
"""


def bench_scale(factors: list[int], verify_only: bool = False) -> None:
    """Copy the scenarios N times into a temporary tree (one extra page shows the copies) and
    time verify, page writing and mkdocs there (only verify with ``verify_only``)."""
    import resource
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    print("scaling (CPU time per scenario; the same work N times should cost N times as much):")
    print(f"  {'scenarios':>9s} {'verify':>16s} {'pages':>16s} {'mkdocs':>16s}")
    for n in factors:
        with tempfile.TemporaryDirectory(prefix="rommikirja-scale-") as tmp:
            t = Path(tmp)
            for part in ("tools", "templates", "mkdocs.yml"):
                src = root / part
                (shutil.copytree if src.is_dir() else shutil.copy)(src, t / part)
            (t / "docs").mkdir()
            shutil.copytree(root / "docs" / "assets", t / "docs" / "assets")
            shutil.copytree(root / "scenarios", t / "scenarios")
            ids = []
            for k in range(1, n):
                for game_dir in sorted((root / "scenarios").iterdir()):
                    if not game_dir.is_dir() or game_dir.name == "rules":
                        continue
                    dst = t / "scenarios" / game_dir.name / f"kopio{k}"
                    dst.mkdir()
                    for f in sorted(game_dir.glob("*.yaml")):
                        if f.name == "notes.yaml":  # the page's notes (tools/notes.py), not an example
                            continue
                        name = f"{f.stem}-k{k}.yaml"
                        shutil.copy(f, dst / name)
                        ids.append(name[:-5])
            (t / "templates" / "pages" / "kopiot.md.j2").write_text(
                "# Kopiot\n\n" + "".join("{{ example(%r) }}\n\n" % i for i in ids), encoding="utf-8")
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(t), str(root / "engine")]),
                       NO_MKDOCS_2_WARNING="1")

            def child_cpu() -> float:
                u = resource.getrusage(resource.RUSAGE_CHILDREN)
                return u.ru_utime + u.ru_stime

            proc = subprocess.run([sys.executable, "-c", SCALE_SCRIPT] + (["--verify-only"] if verify_only else []),
                                  cwd=t, env=env, capture_output=True, text=True)
            if proc.returncode != 0:
                print(f"  ×{n}: failed: {(proc.stdout + proc.stderr).strip()[-400:]}")
                continue
            count, tv, tb = proc.stdout.split()
            count = int(count)
            per = lambda s: f"{float(s) * 1000:7.0f} ms {float(s) / count * 1000:5.1f} ms/sc"  # noqa: E731
            if verify_only:
                print(f"  {count:9d} {per(tv)}")
                continue
            c0 = child_cpu()
            mk = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(t / "site")],
                                cwd=t, env=env, capture_output=True, text=True)
            tm = child_cpu() - c0
            note = "" if mk.returncode == 0 else f" (mkdocs failed: {mk.stderr.strip()[-200:]})"
            print(f"  {count:9d} {per(tv)} {per(tb)} {per(tm)}{note}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peers", action="store_true", help="gin figures beside OpenSpiel and RLCard")
    ap.add_argument("--scale", help="comma-separated copy factors, e.g. 10,100")
    ap.add_argument("--verify-only", action="store_true", help="with --scale: time only tools.verify")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU-seconds per workload and round")
    ap.add_argument("--runs", type=int, default=5, help="site timing runs")
    ap.add_argument("--cpu", type=int, help="CPU to pin to (default: the first allowed)")
    ap.add_argument("--baseline", default=BASELINE, metavar="REV",
                    help=f"git revision whose engine plays the same random deals in the same run "
                         f"(default {BASELINE}, before issue 12; '' for none)")
    ap.add_argument("--deals", action="store_true", help="only the random rummy deals (and the baseline)")
    ap.add_argument("--parity", type=int, metavar="N",
                    help="instead of timing: N seeded random deals per game played by our engine and by "
                         "the engine of --parity-rev; legal move lists, events and outcomes must be identical")
    ap.add_argument("--parity-rev", default="main", metavar="REV", help="the engine --parity compares with")
    args = ap.parse_args()
    print(f"rommikirja bench ({pin(args.cpu)})")
    if args.parity:
        return 1 if parity(args.parity_rev, args.parity, shipped_rules()) else 0
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


if __name__ == "__main__":
    raise SystemExit(main())
