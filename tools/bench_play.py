"""Level benchmark of the computer players: ``python -m tools.bench_play [--games N]``.

Plays whole games (engine only, no browser) between the levels "taitava", "aloittelija" and
uniform random play ("satunnainen"), two players, for every game of ``scenarios/rules/``
(each to its own end condition: gin to 100 points, perusrommi four deals, classic rommi and
Rommi 51 to 500). Seats and the first dealer alternate between games. Prints, per game and
pairing: games played, the first level's wins / losses / ties, its win rate, the average final
totals and the average points per deal, deals played and abandoned (a rummy deal that
cannot end is dealt again after 1500 moves), games left unfinished, and CPU time. Exit 1 when a gin bar is missed
(taitava ≥ 70 % against aloittelija, ≥ 95 % against random play).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

from rommikirja.app.computer import RANDOM, Computer
from rommikirja.app.pelaa import play_game

from .scenario import load_rulesets

PAIRINGS = (("taitava", "aloittelija"), ("taitava", RANDOM), ("aloittelija", RANDOM))
BARS = {("gin", "taitava", "aloittelija"): 0.70, ("gin", "taitava", RANDOM): 0.95}


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    unfinished: int = 0
    abandoned: int = 0
    deals: int = 0
    totals: list[int] = field(default_factory=lambda: [0, 0])  # sums of final totals: first, second level
    cpu: float = 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def run_pairing(rules, a: str, b: str, games: int, seed: int = 0) -> Tally:
    tally = Tally()
    t = time.process_time()
    for g in range(games):
        seat_a = g % 2  # alternate seats (and with them the first dealer)
        levels = [b, b]
        levels[seat_a] = a
        bots = [Computer(levels[i], seed=f"{seed}:{g}:{i}") for i in range(2)]
        result = play_game(rules, bots, seed=f"{seed}:{g}", first_dealer=g // 2 % 2)
        tally.games += 1
        tally.deals += result["deals"]
        tally.abandoned += result["abandoned"]
        tally.totals[0] += result["totals"][seat_a]
        tally.totals[1] += result["totals"][1 - seat_a]
        if not result["finished"]:
            tally.unfinished += 1
        leaders = result["leaders"]
        if len(leaders) != 1:
            tally.ties += 1
        elif leaders[0] == seat_a:
            tally.wins += 1
        else:
            tally.losses += 1
    tally.cpu = time.process_time() - t
    return tally


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="gin games per pairing (default 2000)")
    ap.add_argument(
        "--rummy-games",
        type=int,
        default=200,
        help="games per pairing of each rummy game (default 200; they last many deals)",
    )
    ap.add_argument("--game", action="append", help="only these games (gin, perusrommi, rommi, rommi51)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    rulesets = load_rulesets()
    names = args.game or ["gin", "perusrommi", "rommi", "rommi51"]
    ok = True
    print(
        f"{'peli':<11} {'taso':<12} {'vastaan':<12} {'pelejä':>6} {'voitot':>6} {'häviöt':>6} "
        f"{'tasan':>5} {'voitto-%':>8} {'ka. pisteet':>17} {'pist./jako':>15} {'jakoja':>6} {'hyl.':>4} "
        f"{'kesken':>6} {'CPU s':>7}"
    )
    for name in names:
        rules = rulesets[name]
        for a, b in PAIRINGS:
            games = args.games if rules.style == "knock" else args.rummy_games
            t = run_pairing(rules, a, b, games, args.seed)
            avg = [x / t.games for x in t.totals]
            per_deal = [x / max(t.deals, 1) for x in t.totals]
            bar = BARS.get((name, a, b))
            mark = ""
            if bar is not None:
                mark = "  ok" if t.rate >= bar else f"  ALLE {bar:.0%}"
                ok = ok and t.rate >= bar
            print(
                f"{name:<11} {a:<12} {b:<12} {t.games:>6} {t.wins:>6} {t.losses:>6} {t.ties:>5} "
                f"{t.rate:>8.1%} {avg[0]:>8.1f} {avg[1]:>8.1f} {per_deal[0]:>7.1f} {per_deal[1]:>7.1f} "
                f"{t.deals:>6} {t.abandoned:>4} {t.unfinished:>6} {t.cpu:>7.1f}{mark}",
                flush=True,
            )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
