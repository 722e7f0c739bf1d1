"""The end of a gin deal: how the knocker spreads the hand (:func:`knock_arrangement`), the
defender's best melds and lay-offs against it (:func:`defender_best`), and the price of the
outcome under a rule set (:func:`knock_result`). Exact searches over one hand; no deal state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from .cards import Card
from .codes import ResultKind
from .melds import Meld, MeldKind, check_meld
from .rules import RuleSet
from .solver import best_arrangement, mask_of

__all__ = [
    "DefenderResult",
    "GinOutcome",
    "KnockOption",
    "defender_best",
    "knock_arrangement",
    "knock_options",
    "knock_result",
]


@dataclass(frozen=True)
class DefenderResult:
    """The defender's best answer to a knock: own melds, lay-offs onto the knocker's melds."""

    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[tuple[Card, ...], int], ...]  # (cards, index of the knocker's meld)
    deadwood: tuple[Card, ...]


@dataclass(frozen=True)
class GinOutcome:
    """The facts of a finished gin deal, to be priced by a rule set."""

    kind: ResultKind | str  # ResultKind.KNOCK, GIN or VOID
    knocker: int | None
    hands: tuple[tuple[Card, ...], ...]  # the ten cards each player held at the end
    knocker_melds: tuple[tuple[Card, ...], ...] = ()
    knocker_deadwood: tuple[Card, ...] = ()
    defender: DefenderResult | None = None
    dealer: int = 0

    @property
    def players(self) -> int:
        return len(self.hands)


def _all_melds(hand: Sequence[Card], rules: RuleSet) -> list[tuple[Card, ...]]:
    """Every valid meld among the cards of a hand."""
    from itertools import combinations

    out = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[object, list[Card]] = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, []).append(c)
    for cards in by_rank.values():
        for n in (3, 4):
            out.extend(combo for combo in combinations(cards, n) if check_meld(combo, rules) is None)
    for cards in by_suit.values():
        cards = sorted(cards, key=lambda c: c.rank)
        for i in range(len(cards)):
            for j in range(i + 3, len(cards) + 1):
                combo = tuple(cards[i:j])
                if check_meld(combo, rules) is None:
                    out.append(combo)
    return out


def _attachments(
    hand: Sequence[Card], melds: Sequence[tuple[Card, ...]], rules: RuleSet
) -> list[tuple[tuple[Card, ...], int]]:
    """Sets of the defender's cards that can be laid off together onto one knocker's meld."""
    have = {(c.rank, c.suit): c for c in hand}
    out: list[tuple[tuple[Card, ...], int]] = []
    for i, meld in enumerate(melds):
        m = Meld.from_cards(meld, rules)
        if m.kind is MeldKind.GROUP:
            if len(meld) < 4:
                out.extend(((c,), i) for c in hand if c.rank == meld[0].rank)
            continue
        suit = meld[0].suit
        lo, hi = m.cards[0].rank, m.cards[-1].rank
        chain: list[Card] = []
        r = lo - 1
        while r >= 1 and (r, suit) in have:
            chain.append(have[(r, suit)])
            out.append((tuple(chain), i))
            r -= 1
        chain = []
        r = hi + 1
        while r <= 13 and (r, suit) in have:
            chain.append(have[(r, suit)])
            out.append((tuple(chain), i))
            r += 1
    return out


def defender_best(
    hand: Sequence[Card], knocker_melds: Sequence[tuple[Card, ...]], rules: RuleSet, lay_off: bool = True
) -> DefenderResult:
    """The defender's least deadwood: own melds and lay-offs chosen together, exactly.

    >>> from rommikirja.cards import parse_cards
    >>> r = defender_best(parse_cards("3H 7H 2H KS KC KD 9S 9C 4C 8D"), [parse_cards("4H 5H 6H")], RuleSet())
    >>> [[c.code for c in cs] for cs, _ in r.layoffs], [c.code for c in r.deadwood]
    ([['3H', '2H'], ['7H']], ['9S', '9C', '4C', '8D'])
    """
    candidates: list[tuple[int, int, tuple[Card, ...], int | None]] = []  # mask, value, cards, target
    for m in _all_melds(hand, rules):
        candidates.append((mask_of(m), sum(rules.card_points(c.rank) for c in m), m, None))
    if lay_off:
        for cards, target in _attachments(hand, knocker_melds, rules):
            candidates.append((mask_of(cards), sum(rules.card_points(c.rank) for c in cards), cards, target))
    # every candidate is indexed under each of its cards so that the lowest remaining card can branch
    containing: dict[int, list[int]] = {}
    for idx, (mask, _, _, _) in enumerate(candidates):
        m = mask
        while m:
            low = m & -m
            containing.setdefault(low, []).append(idx)
            m ^= low
    memo: dict[int, tuple[int, tuple[int, ...]]] = {}

    def search(rem: int) -> tuple[int, tuple[int, ...]]:
        if rem == 0:
            return 0, ()
        if rem in memo:
            return memo[rem]
        low = rem & -rem
        best = search(rem ^ low)
        for idx in containing.get(low, ()):
            mask, value = candidates[idx][0], candidates[idx][1]
            if mask & rem == mask:
                sub_value, sub = search(rem & ~mask)
                if value + sub_value > best[0]:
                    best = (value + sub_value, (idx,) + sub)
        memo[rem] = best
        return best

    full = mask_of(hand)
    _, chosen = search(full)
    covered = 0
    melds, layoffs = [], []
    for idx in chosen:
        mask, _, cards, target = candidates[idx]
        covered |= mask
        if target is None:
            melds.append(cards)
        else:
            layoffs.append((cards, target))
    deadwood = tuple(c for c in hand if not mask_of((c,)) & covered)
    return DefenderResult(tuple(melds), tuple(layoffs), deadwood)


def _arrangements(
    hand: Sequence[Card], rules: RuleSet, limit: int
) -> Iterator[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    """Every way to spread ``hand`` as disjoint melds with at most ``limit`` deadwood points."""
    melds = [(mask_of(m), m) for m in _all_melds(hand, rules)]
    points = {mask_of((c,)): rules.card_points(c.rank) for c in hand}
    cards = {mask_of((c,)): c for c in hand}

    def spread(rem: int, dead: int, chosen: tuple) -> Iterator[tuple]:
        if dead > limit:
            return
        if not rem:
            yield chosen, dead
            return
        low = rem & -rem
        yield from spread(rem ^ low, dead + points[low], chosen)  # the card stays deadwood
        for mask, meld in melds:
            if mask & low and mask & rem == mask:
                yield from spread(rem & ~mask, dead, chosen + (meld,))

    full = mask_of(hand)
    for chosen, _ in spread(full, 0, ()):
        covered = 0
        for meld in chosen:
            covered |= mask_of(meld)
        yield chosen, tuple(cards[b] for b in cards if not b & covered)


def knock_arrangement(
    hand: Sequence[Card], defender: Sequence[Card], rules: RuleSet
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], DefenderResult]:
    """(melds, deadwood, the defender's answer) of a knocker holding ``hand`` (the discard made):
    of the arrangements the knock limit allows, the one that scores best for the knocker once the
    defender has made their best melds and lay-offs onto it. The least-deadwood arrangement unless
    another scores strictly more.

    Lay-offs only lower the defender's deadwood, so an arrangement the defender lays nothing off
    onto is the best at once, and no arrangement can score more than the defender's deadwood
    without lay-offs minus its own deadwood: arrangements below that bound are not answered.

    Spreading 4-8 of clubs leaves 6 points but lets the defender lay off 3 and 2 of clubs
    (the knocker scores 11); keeping the 4 of clubs as deadwood leaves 10 and scores 12:

    >>> from rommikirja.cards import parse_cards
    >>> knocker = parse_cards("AC 4S 3S 7C 5S 4C 6C 5C 5D 8C")
    >>> defender = parse_cards("2C 3C 3H 8S JS 10S AD QS 4H AH")
    >>> melds, dead, answer = knock_arrangement(knocker, defender, RuleSet())
    >>> [[c.code for c in m] for m in melds], [c.code for c in dead]
    ([['3S', '4S', '5S'], ['5C', '6C', '7C', '8C']], ['AC', '4C', '5D'])
    >>> answer.layoffs, knock_result(GinOutcome("knock", 0, (), melds, dead, answer), RuleSet())
    ((), (0, 12, <ResultKind.KNOCK: 'knock'>))
    """
    arr = best_arrangement(hand, rules)
    melds, dead = arr.melds, arr.deadwood
    answer = defender_best(defender, melds, rules, lay_off=bool(dead))
    if not answer.layoffs:
        return melds, dead, answer  # gin, or nothing laid off: already the best

    def value(dead: tuple[Card, ...], answer: DefenderResult) -> int:
        scorer, points, _ = knock_result(GinOutcome("knock", 0, (), (), dead, answer), rules)
        return points if scorer == 0 else -points

    best = value(dead, answer)
    unanswered = sum(rules.card_points(c.rank) for c in defender_best(defender, (), rules, lay_off=False).deadwood)
    for other, other_dead in _arrangements(hand, rules, rules.knock_limit):
        if not other_dead or unanswered - sum(rules.card_points(c.rank) for c in other_dead) <= best:
            continue
        other_answer = defender_best(defender, other, rules)
        v = value(other_dead, other_answer)
        if v > best:
            best, melds, dead, answer = v, other, other_dead, other_answer
    return melds, dead, answer


@dataclass(frozen=True)
class KnockOption:
    """One way for a knocker to spread the hand, priced against the defender's best answer."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    answer: DefenderResult
    scorer: int  # 0: the knocker scores, 1: the defender (an undercut)
    points: int
    kind: ResultKind

    @property
    def value(self) -> int:
        """The points to the knocker: negative when the defender scores."""
        return self.points if self.scorer == 0 else -self.points


def _same_spread_key(melds: Sequence[tuple[Card, ...]], rules: RuleSet) -> tuple:
    """Arrangements the defender cannot tell apart share this key: the groups as they are, and
    each suit's runs with touching runs joined (a run split in two keeps its two outer ends, and
    the cards at the split are the knocker's, so nothing more can be laid off onto it)."""
    groups, runs = [], []
    for meld in melds:
        if Meld.from_cards(meld, rules).kind is MeldKind.GROUP:
            groups.append(tuple(sorted(c.code for c in meld)))
        else:
            runs.append((str(meld[0].suit), min(c.rank for c in meld), max(c.rank for c in meld)))
    runs.sort()
    joined: list[list] = []
    for suit, lo, hi in runs:
        if joined and joined[-1][0] == suit and joined[-1][2] + 1 == lo:
            joined[-1][2] = hi
        else:
            joined.append([suit, lo, hi])
    return tuple(sorted(groups)), tuple(tuple(r) for r in joined)


def knock_options(hand: Sequence[Card], defender: Sequence[Card], rules: RuleSet) -> list[KnockOption]:
    """Every distinct way to spread ``hand`` (the knocker's cards, the discard made) within the
    knock limit, each priced against the defender's best melds and lay-offs, best first: the
    first is :func:`knock_arrangement`'s, the rest by the knocker's points, then the least
    deadwood. Arrangements that differ only by where a run is split are one option (the one
    with the fewest melds). Exact: every arrangement is answered, none pruned. Empty when no
    arrangement is within the knock limit.

    >>> from rommikirja.cards import parse_cards
    >>> knocker = parse_cards("AC 4S 3S 7C 5S 4C 6C 5C 5D 8C")
    >>> defender = parse_cards("2C 3C 3H 8S JS 10S AD QS 4H AH")
    >>> [([c.code for c in o.deadwood], o.value) for o in knock_options(knocker, defender, RuleSet())]
    [(['AC', '4C', '5D'], 12), (['AC', '5D'], 11)]
    """
    seen: dict[tuple, tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = {}
    for melds, dead in _arrangements(hand, rules, rules.knock_limit):
        key = (frozenset(dead), _same_spread_key(melds, rules))
        if key not in seen or len(melds) < len(seen[key][0]):
            seen[key] = (melds, dead)
    if not seen:
        return []  # over the knock limit however the hand is spread
    first_melds, first_dead, _ = knock_arrangement(hand, defender, rules)
    first_key = (frozenset(first_dead), _same_spread_key(first_melds, rules))
    seen[first_key] = (first_melds, first_dead)
    options = []
    for key, (melds, dead) in seen.items():
        answer = defender_best(defender, melds, rules, lay_off=bool(dead))
        outcome = GinOutcome("knock" if dead else "gin", 0, (), melds, dead, answer)
        scorer, points, kind = knock_result(outcome, rules)
        option = KnockOption(melds, dead, answer, 0 if scorer == 0 else 1, points, kind)
        options.append((key != first_key, -option.value, _points(dead, rules), len(melds), _codes(melds), option))
    options.sort(key=lambda t: t[:5])
    return [t[-1] for t in options]


def _points(cards: Sequence[Card], rules: RuleSet) -> int:
    return sum(rules.card_points(c.rank) for c in cards)


def _codes(melds: Sequence[tuple[Card, ...]]) -> tuple:
    return tuple(tuple(c.code for c in m) for m in melds)


def knock_result(outcome: GinOutcome, rules: RuleSet) -> tuple[int | None, int, ResultKind]:
    """(scorer, points, kind) of a gin outcome under ``rules``: kind is knock, undercut, gin or void."""
    if outcome.kind == "void":
        return None, 0, ResultKind.VOID
    k = outcome.knocker
    assert k is not None and outcome.defender is not None
    kd = sum(rules.card_points(c.rank) for c in outcome.knocker_deadwood)
    dd = sum(rules.card_points(c.rank) for c in outcome.defender.deadwood)
    if outcome.kind == "gin":
        return k, rules.gin_bonus + dd, ResultKind.GIN
    if dd < kd or (dd == kd and rules.undercut_on_tie):
        return 1 - k, rules.undercut_bonus + kd - dd, ResultKind.UNDERCUT
    return k, dd - kd, ResultKind.KNOCK
