"""Exactness of the speed-ups (``python -m tools.bench --parity N --parity-rev REV``): seeded deals
played by our engine and by the engine of another revision side by side must be identical."""

from __future__ import annotations

import random
import re

from rommikirja import LayOff, PlayMeld, RuleSet

from .bench_baseline import baseline_engine, computer_of, same_rules
from .bench_engine import GIN

#: The table games and the gin games --parity plays (those of the shipped rule sets).
TABLE_GAMES = ("perusrommi", "rommi", "rommi51")
GIN_GAMES = ("gin",)
#: The computer levels of the two seats in a gin deal (swapped every other seed).
GIN_LEVELS = ("taitava", "aloittelija")


def _events(deal) -> str:
    """A deal's events as text, the kind as its string value (an EventKind member equals it)."""
    return repr([(e[0], str(e[1]), *e[2:]) for e in deal.events])


def _plain(value: object) -> str:
    """``repr(value)`` with every enum member written as its value (one revision's result kinds
    may be strings where another's are ``ResultKind`` members equal to them)."""
    return re.sub(r"<\w+\.\w+: ('[^']*'|\d+)>", r"\1", repr(value))


def parity(rev: str, count: int, shipped: dict[str, RuleSet], games: tuple[str, ...] | None = None) -> int:
    """Play ``count`` seeded deals of each shipped game with our engine and the engine of ``rev``
    side by side (exactness of the speed-ups): random deals of the table games, whose legal move
    lists of every position, events and outcome must be identical (:func:`table_parity`), and gin
    deals between computer players, whose every move and score must be (:func:`gin_parity`).
    ``games`` limits the games played. Prints a summary; returns the number of differences."""
    base = baseline_engine(rev)
    if isinstance(base, str):
        print(base)
        return 1
    wanted = (lambda k: True) if games is None else games.__contains__
    bad = 0
    table = [k for k in TABLE_GAMES if k in shipped and wanted(k)]
    if table:
        bad += table_parity(base, rev, count, {k: shipped[k] for k in table})
    gin = [k for k in GIN_GAMES if wanted(k)]
    if gin:
        bad += gin_parity(base, rev, count, {k: shipped.get(k, GIN) for k in gin})
    return bad


def table_parity(base, rev: str, count: int, shipped: dict[str, RuleSet]) -> int:
    """The table games' part of :func:`parity` (the policy of the deal figures: a random meld or
    lay-off when there is one, 70 %, otherwise a uniform random legal move)."""
    import rommikirja

    bad = positions = 0
    for k in shipped:
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
    print(f"parity with {rev}, table games: {len(shipped) * count} deals, {positions} positions, {bad} differences")
    return bad


def gin_parity(base, rev: str, count: int, shipped: dict[str, RuleSet]) -> int:
    """The gin part of :func:`parity`: ``count`` seeded deals per rule set between computer players
    (:data:`GIN_LEVELS`), played by both engines; the legal moves of every position, every chosen
    move, the events, the outcome and its score must be identical."""
    import rommikirja

    ours_bot, theirs_bot = computer_of(rommikirja), computer_of(base)
    bad = moves = 0
    for k, ours_rules in shipped.items():
        theirs_rules = same_rules(base, ours_rules)
        for s in range(1, count + 1):
            levels = GIN_LEVELS if s % 2 else GIN_LEVELS[::-1]
            ours = [ours_bot(level, seed=s) for level in levels]
            theirs = [theirs_bot(level, seed=s) for level in levels]
            a = rommikirja.GinDeal.new(ours_rules, dealer=s % 2, seed=s)
            b = base.GinDeal.new(theirs_rules, dealer=s % 2, seed=s)
            while not a.is_over:
                moves += 1
                ma, mb = ours[a.turn].choose(a), theirs[b.turn].choose(b)
                if b.is_over or repr(ma) != repr(mb) or repr(a.legal_moves()) != repr(b.legal_moves()):
                    print(
                        f"{k} seed {s} turn {a.turns}: moves differ\n  {ma} of {a.legal_moves()}\n  {mb} of {b.legal_moves()}"
                    )
                    bad += 1
                    break
                a.play(ma)
                b.play(mb)
            else:
                score_a = rommikirja.score_deal(a.outcome, ours_rules)
                score_b = base.score_deal(b.outcome, theirs_rules)
                if (
                    not b.is_over
                    or _events(a) != _events(b)
                    or _plain(a.outcome) != _plain(b.outcome)
                    or _plain(score_a) != _plain(score_b)
                ):
                    print(f"{k} seed {s}: events, outcome or score differ\n  {_plain(score_a)}\n  {_plain(score_b)}")
                    bad += 1
    print(
        f"parity with {rev}, gin: {len(shipped) * count} deals between computer players, {moves} moves, {bad} differences"
    )
    return bad
