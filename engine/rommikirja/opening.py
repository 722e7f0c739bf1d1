"""Rommi 51 openings: can a hand open, and with which melds? Exact.

The hand is a multiset of card types (two decks: up to two of each) plus jokers. The
search always decides the lowest remaining card type: leave one copy in the hand, or
use it in a meld in which it is the lowest natural card (a run upwards from it, a run
ending in a high ace, or a group with higher suits), with at most one joker per meld.
Results are memoised on the remaining multiset. It returns the opening with the most
points among those that include a pure run (no joker) and leave a card to discard.

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.rules import RuleSet
>>> rules = RuleSet(decks=2, jokers=4, ace="high_or_low", opening_points=51, opening_pure_run=True)
>>> o = best_opening(parse_cards("QH KH AH 7S 8S 9S 5D 5C JK 2C 3D 9H"), rules)
>>> o.points, [[c.code for c in m.cards] for m in o.melds]
(70, [['7S', '8S', '9S'], ['QH', 'KH', 'AH'], ['JK', '5D', '5C']])
>>> best_opening(parse_cards("QH KH JK 7S 8S 5D 5C 2C 3D 9H"), rules) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .codes import DUPLICATE_CARD, NOT_A_CARD, NO_SUCH_CARD
from .cards import ACE, Card, Suit
from .errors import IllegalMove
from .finnish import capitalize, card_name
from .melds import Meld, meld_points, opening_card_points as _value
from .rules import RuleSet

__all__ = [
    "Opening",
    "best_opening",
    "best_packing",
    "melds_using_all",
    "opening_problem",
    "SearchLimit",
    "work_budget",
]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_NEG = -(10**9)
_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39  # one rank in every suit
_CANDIDATES: dict[tuple, tuple[tuple, ...]] = {}
#: The most one card (or a joker) can count in an opening.
_MOST_POINTS = max(_value(r, high_ace=True) for r in range(1, 14))


@dataclass(frozen=True)
class Opening:
    """A set of melds that opens: total points and whether it has a pure run."""

    melds: tuple[Meld, ...]
    points: int
    pure_run: bool

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards)


class SearchLimit(Exception):
    """The opening searches of one piece of work (a scenario, a practice request) went over their
    budget of search positions (:func:`work_budget`); the message is Finnish.

    Not a ``ValueError``: it is no refusal of a move, and no ``except ValueError`` may take it
    for one."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"avauksen etsiminen vaatii liikaa työtä (yli {limit:,} hakuaskelta)".replace(",", " "))

    @property
    def message(self) -> str:
        return str(self)


class _Budget:
    """Search positions left to the opening searches inside one :func:`work_budget`."""

    __slots__ = ("left", "limit")

    def __init__(self, limit: int) -> None:
        self.left = self.limit = limit


#: The budgets in force, innermost last (:func:`work_budget`).
_BUDGETS: list[_Budget] = []


class work_budget:
    """``with work_budget(n):`` every opening search inside shares a budget of ``n`` search
    positions (deterministic: positions solved are counted, not seconds); one more raises
    :class:`SearchLimit`. Outside any budget the searches are unbounded.

    >>> from rommikirja.cards import parse_cards
    >>> rules = RuleSet(decks=2, jokers=4, ace="high_or_low", opening_points=51, opening_pure_run=True)
    >>> hand = parse_cards("QH KH AH 7S 8S 9S 5D 5C JK 2C 3D 9H")
    >>> with work_budget(10):
    ...     best_opening(hand, rules)
    Traceback (most recent call last):
      ...
    rommikirja.opening.SearchLimit: avauksen etsiminen vaatii liikaa työtä (yli 10 hakuaskelta)
    >>> with work_budget(10_000):
    ...     best_opening(hand, rules).points
    70
    """

    def __init__(self, limit: int) -> None:
        self.budget = _Budget(limit)

    def __enter__(self) -> "work_budget":
        _BUDGETS.append(self.budget)
        return self

    def __exit__(self, *exc: object) -> None:
        _BUDGETS.remove(self.budget)

    @property
    def used(self) -> int:
        """Search positions spent so far."""
        return self.budget.limit - self.budget.left


class _Search:
    """Max-points meld packing over a two-deck multiset with jokers."""

    def __init__(self, rules: RuleSet) -> None:
        self.high = rules.ace == "high_or_low"
        self.max_j = rules.max_jokers_per_meld
        self.memo: dict[tuple[int, int, int], tuple] = {}
        self.budget = _BUDGETS[-1] if _BUDGETS else None

    def candidates(self, t: int, m1: int, jokers: int) -> tuple[tuple, ...]:
        """The melds in which card type ``t`` is the lowest natural card (memoised across
        searches: they depend only on t's suit above t, t's rank in the other suits and whether
        a joker may be used)."""
        use_j = jokers > 0 and self.max_j > 0
        key = (self.high, use_j, t, (m1 >> (t - t % 13)) & 0x1FFF, m1 & (_COLUMN << (t % 13)))
        got = _CANDIDATES.get(key)
        if got is None:
            if len(_CANDIDATES) > 50_000:
                _CANDIDATES.clear()
            # tuples of numbers only: the garbage collector stops tracking them
            got = _CANDIDATES[key] = tuple(
                (pts, pure, nat, jfor, sum(1 << x for x in nat), len(jfor))
                for pts, pure, nat, jfor in self._candidates(t, m1, jokers)
            )
        return got

    # a meld spec: (points, pure, naturals: tuple[type], joker_for: tuple[(rank, suit_index)]);
    # candidates() adds the mask of the naturals and the number of jokers
    def _candidates(self, t: int, m1: int, jokers: int) -> list[tuple[int, bool, tuple[int, ...], tuple]]:
        s, r0 = divmod(t, 13)
        r0 += 1
        base = s * 13
        out: list[tuple[int, bool, tuple[int, ...], tuple]] = []
        use_j = jokers > 0 and self.max_j > 0

        def has(rank: int) -> bool:
            return 1 <= rank <= 13 and bool(m1 >> (base + rank - 1) & 1)

        top = 14 if self.high else 13
        # runs upward from t (t is the lowest natural), optionally with one joker inside, at the
        # top end, or just below t
        for joker_below in (False, True) if use_j and r0 > 1 else (False,):
            nat = [t]
            pts = _value(r0)
            jfor: list[tuple[int, int]] = []
            if joker_below:
                jfor.append((r0 - 1, s))
                pts += _value(r0 - 1)
            r = r0
            while True:
                r += 1
                if r > top or (r == 14 and r0 == 1):
                    break
                if r < 14 and has(r):
                    nat.append(base + r - 1)
                    pts += _value(r)
                elif use_j and not jfor:  # (the ace of this suit is already decided: t is lowest)
                    jfor.append((r, s))
                    pts += _value(r)
                else:
                    break
                if len(nat) + len(jfor) >= 3 and len(nat) >= 2:
                    out.append((pts, not jfor, tuple(nat), tuple(jfor)))
        # runs that end in a high ace, when t is that ace: ... Q K A
        if r0 == 1 and self.high:
            for low in range(12, 1, -1):
                nat = [t]
                jfor = []
                pts = _value(ACE, high_ace=True)
                ok = True
                for r in range(low, 14):
                    if has(r):
                        nat.append(base + r - 1)
                        pts += _value(r)
                    elif use_j and not jfor:
                        jfor.append((r, s))
                        pts += _value(r)
                    else:
                        ok = False
                        break
                if not ok:
                    continue
                if len(nat) + len(jfor) >= 3 and len(nat) >= 2:
                    out.append((pts, not jfor, tuple(nat), tuple(jfor)))
        # groups of rank r0 using t and higher suits
        others = [s2 * 13 + r0 - 1 for s2 in range(s + 1, 4) if m1 >> (s2 * 13 + r0 - 1) & 1]
        value = _value(r0, high_ace=True)
        n_o = len(others)
        for pick in range(1 << n_o):
            chosen = [others[i] for i in range(n_o) if pick >> i & 1]
            nat = (t, *chosen)
            if 3 <= len(nat) <= 4:
                out.append((value * len(nat), False, nat, ()))
            if use_j and 2 <= len(nat) <= 3:
                used = {x // 13 for x in nat}
                free_suit = next(i for i in range(4) if i not in used)
                out.append((value * (len(nat) + 1), False, nat, ((r0, free_suit),)))
        return out

    def solve(self, m1: int, m2: int, jokers: int) -> tuple:
        """Best points for each objective ``2 * pure + left`` (pure: has a pure run; left: keeps
        at least one card), as (values, choices)."""
        key = (m1, m2, jokers)
        got = self.memo.get(key)
        if got is not None:
            return got
        budget = self.budget
        if budget is not None:
            budget.left -= 1
            if budget.left < 0:
                raise SearchLimit(budget.limit)
        if m1 == 0:
            # no natural card left: a card is left over only if a joker is
            res = ([_NEG, 0, _NEG, _NEG] if jokers else [0, _NEG, _NEG, _NEG], [None] * 4)
            self.memo[key] = res
            return res
        low = m1 & -m1
        t = low.bit_length() - 1
        vals = [_NEG] * 4
        chs: list = [None] * 4
        # leave one copy of t in the hand: a card is then left over
        if m2 & low:
            sub = self.solve(m1, m2 ^ low, jokers)
        else:
            sub = self.solve(m1 ^ low, m2, jokers)
        sv = sub[0]
        for pure in (0, 1):
            for left in (0, 1):
                v = sv[2 * pure + left]
                if v > vals[2 * pure + 1]:
                    vals[2 * pure + 1] = v
                    chs[2 * pure + 1] = ("skip", None, 2 * pure + left)
        solve = self.solve
        for cand in self.candidates(t, m1, jokers):
            pts, is_pure, _, _, nm, used = cand
            # one copy of each type leaves: the second copy if there is one
            sv = solve(m1 ^ (nm & ~m2), m2 & ~nm, jokers - used)[0]
            for o in range(4):
                v = sv[o]
                if v <= _NEG:
                    continue
                target = o | 2 if is_pure else o
                if v + pts > vals[target]:
                    vals[target] = v + pts
                    chs[target] = ("meld", cand, o)
        res = (vals, chs)
        self.memo[key] = res
        return res


def opening_problem(cards: Iterable[Card]) -> tuple[int, int, int, dict[int, list[Card]], list[Card]]:
    """The hand as (m1, m2, jokers, physical cards by type, jokers)."""
    m1 = m2 = 0
    by_type: dict[int, list[Card]] = {}
    jokers: list[Card] = []
    for c in cards:
        if c.is_joker:
            jokers.append(c)
            continue
        t = _SUITS.index(c.suit) * 13 + c.rank - 1
        bit = 1 << t
        if m1 & bit:
            m2 |= bit
        m1 |= bit
        by_type.setdefault(t, []).append(c)
    return m1, m2, len(jokers), by_type, jokers


def _solved(cards: Sequence[Card], rules: RuleSet, keep_card: bool = True, need: int = 0):
    """The search for :func:`_best`: (search, problem, objective, its points), or ``None``; with
    ``need``, also ``None`` when no packing could reach ``need`` points (checked cheaply first)."""
    _check_cards(cards, rules)
    problem = opening_problem(cards)
    m1, m2, nj = problem[:3]
    if rules.opening_pure_run and not _pure_run_possible(m1, rules.ace == "high_or_low"):
        return None
    if need and _points_bound(m1, m2, nj, rules) < need:
        return None
    search = _Search(rules)
    vals, _ = search.solve(m1, m2, nj)
    left = 1 if keep_card else 0
    options = (2 + left,) if rules.opening_pure_run else (left, 2 + left)
    best_o = None
    for o in options:
        if vals[o] > 0 and (best_o is None or vals[o] > vals[best_o]):
            best_o = o
    if best_o is None:
        return None
    return search, problem, best_o, vals[best_o]


def can_open(cards: Iterable[Card], rules: RuleSet) -> bool:
    """``best_opening(cards, rules) is not None``, without building the melds (the search's points
    are the melds' points).

    >>> from rommikirja.cards import parse_cards
    >>> rules = RuleSet(decks=2, jokers=4, ace="high_or_low", opening_points=51, opening_pure_run=True)
    >>> can_open(parse_cards("QH KH AH 7S 8S 9S 5D 5C JK 2C 3D 9H"), rules)
    True
    >>> can_open(parse_cards("QH KH JK 7S 8S 5D 5C 2C 3D 9H"), rules)
    False
    """
    solved = _solved(list(cards), rules, need=rules.opening_points)
    return solved is not None and solved[3] >= rules.opening_points


def _points_bound(m1: int, m2: int, jokers: int, rules: RuleSet) -> int:
    """At least the points of any packing of the hand into melds: every natural card that some
    meld could hold (enough suits of its rank, or enough of its suit next to it, with the jokers a
    meld may take), at its highest value, plus every usable joker as an ace. A few bit tests
    that rule out most hands before the search.

    >>> from rommikirja.cards import parse_cards
    >>> r = RuleSet(decks=2, jokers=4, ace="high_or_low", max_jokers_per_meld=1)
    >>> _points_bound(*opening_problem(parse_cards("7S 8S 9S 2H KD"))[:3], r)
    24
    >>> _points_bound(*opening_problem(parse_cards("7S 8S 10S 2H 2D JK"))[:3], r)
    40
    """
    if rules.ace == "round_the_corner":
        return 1 << 30  # (the search does not take runs round the corner either)
    usable = jokers if rules.max_jokers_per_meld > 0 else 0
    per_meld = min(rules.max_jokers_per_meld, usable)  # jokers one meld can take
    need_held = 1 if per_meld >= 2 else 3 - per_meld  # natural cards among three of a meld
    high = rules.ace == "high_or_low"
    cols = [(m1 >> (13 * s)) & 0x1FFF for s in range(4)]
    a, b, c, d = cols
    if need_held >= 3:
        groups = (a & b & (c | d)) | (c & d & (a | b))
    elif need_held == 2:
        groups = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    else:
        groups = a | b | c | d
    total = 0
    for s, p in enumerate(cols):
        if not p:
            continue
        q = p | ((p & 1) << 13) if high else p  # a high ace is bit 13
        x, y, z = q, q >> 1, q >> 2
        if need_held >= 3:
            starts = x & y & z
        elif need_held == 2:
            starts = (x & y) | (x & z) | (y & z)
        else:
            starts = x | y | z
        starts &= 0xFFF if high else 0x7FF  # three positions from the start fit
        covered = (starts | starts << 1 | starts << 2) & q
        fits = (covered | covered >> 13 | groups) & p  # (the high ace back to the ace)
        twice = (m2 >> (13 * s)) & 0x1FFF
        while fits:
            low = fits & -fits
            rank = low.bit_length()
            points = _value(rank, high_ace=True)
            total += points * 2 if twice & low else points
            fits ^= low
    return total + _MOST_POINTS * usable


def _best(cards: Sequence[Card], rules: RuleSet, keep_card: bool = True) -> Opening | None:
    """The best packing of ``cards`` into melds (with a pure run if the rules ask for one): keeping
    a card for the discard, or (``keep_card=False``) using every card."""
    solved = _solved(cards, rules, keep_card)
    if solved is None:
        return None
    search, (m1, m2, nj, by_type, jokers), best_o, _ = solved
    melds = _follow(search, rules, m1, m2, nj, best_o, by_type, jokers)
    points = sum(meld_points(m) for m in melds)
    return Opening(tuple(melds), points, any(m.kind.value == "run" and not m.jokers for m in melds))


def _check_cards(cards: Sequence[Card], rules: RuleSet) -> None:
    """Refuse what the game's pack does not have: a second-deck card in a one-deck game, a joker
    too many, more copies of a card than there are decks, something that is not a card."""
    copies: dict[tuple[int, Suit], int] = {}
    jokers = 0
    for c in cards:
        if not isinstance(c, Card):
            raise IllegalMove(NOT_A_CARD, "Mukana on jotain, mikä ei ole kortti.")
        if c.is_joker:
            jokers += 1
            if not 0 <= c.deck < rules.jokers or jokers > rules.jokers:
                raise IllegalMove(
                    NO_SUCH_CARD, f"Tässä pelissä on {rules.jokers} jokeria, joten jokeria {c.code} ei ole."
                )
            continue
        if not (isinstance(c.suit, Suit) and type(c.rank) is int and 1 <= c.rank <= 13):
            raise IllegalMove(NO_SUCH_CARD, "Sellaista korttia ei ole pakassa: arvo tai maa on virheellinen.")
        if not 0 <= c.deck < rules.decks:
            raise IllegalMove(
                NO_SUCH_CARD,
                f"Tässä pelissä on vain {rules.decks} pakka, joten toisen pakan korttia {c.code} ei ole.",
            )
        key = (c.rank, c.suit)
        copies[key] = n = copies.get(key, 0) + 1
        if n > rules.decks:
            raise IllegalMove(DUPLICATE_CARD, f"{capitalize(card_name(c))} on mukana useammin kuin pakoissa on.")


def _pure_run_possible(m1: int, high_ace: bool) -> bool:
    """Whether the natural cards ``m1`` hold three in a row of one suit (Q-K-A too when the ace
    may be high): without that no set of melds has a pure run, and the search is skipped.

    >>> from rommikirja.cards import parse_cards
    >>> [_pure_run_possible(opening_problem(parse_cards(h))[0], True) for h in ("7S 8S 9S", "QH KH AH", "7S 8S 10S 9H")]
    [True, True, False]
    """
    for s in range(4):
        p = (m1 >> (13 * s)) & 0x1FFF
        if p & (p >> 1) & (p >> 2):
            return True
        if high_ace and p & 1 and (p >> 11) & 3 == 3:
            return True
    return False


def melds_using_all(cards: Iterable[Card], rules: RuleSet) -> Opening | None:
    """The best way to lay *all* of ``cards`` down as melds (a pure run among them if the rules
    ask for one), or ``None``: how a reader's chosen opening cards are checked.

    >>> from rommikirja.cards import parse_cards
    >>> r = RuleSet(decks=2, jokers=4, ace="high_or_low", opening_pure_run=True)
    >>> melds_using_all(parse_cards("7S 8S 9S KH KD KC"), r).points
    54
    >>> melds_using_all(parse_cards("7S 8S 9S KH KD"), r) is None
    True
    """
    return _best(list(cards), rules, keep_card=False)


def _path(search: _Search, m1: int, m2: int, nj: int, o: int):
    state = (m1, m2, nj)
    while state[0]:
        _, chs = search.memo[state]
        kind, cand, o = chs[o]
        a1, a2, j = state
        t = (a1 & -a1).bit_length() - 1
        if kind == "skip":
            low = 1 << t
            state = (a1, a2 ^ low, j) if a2 & low else (a1 ^ low, a2, j)
            continue
        yield cand
        for x in cand[2]:
            bit = 1 << x
            if a2 & bit:
                a2 ^= bit
            else:
                a1 ^= bit
        state = (a1, a2, j - len(cand[3]))


def _follow(
    search: _Search,
    rules: RuleSet,
    m1: int,
    m2: int,
    nj: int,
    o: int,
    by_type: dict[int, list[Card]],
    jokers: list[Card],
) -> list[Meld]:
    pools = {t: list(v) for t, v in by_type.items()}
    jpool = list(jokers)
    melds = []
    for pts, pure, nat, jfor, *_ in _path(search, m1, m2, nj, o):
        phys = [pools[x].pop() for x in nat]
        assign = []
        for rank, s in jfor:
            jk = jpool.pop()
            phys.append(jk)
            assign.append((jk, Card(ACE if rank == 14 else rank, _SUITS[s])))
        melds.append(Meld.from_cards(phys, rules, assign))
    return melds


def best_packing(cards: Iterable[Card], rules: RuleSet) -> Opening | None:
    """The packing :func:`best_opening` looks at, whatever its points: the melds with the most
    points (a pure run among them if the rules ask for one, a card left to discard), or ``None``
    when the hand has no such melds. ``best_opening`` is this when it reaches ``opening_points``.

    >>> from rommikirja.cards import parse_cards
    >>> rules = RuleSet(decks=2, jokers=4, ace="high_or_low", opening_points=51, opening_pure_run=True)
    >>> best_packing(parse_cards("7S 8S 9S 2H KD"), rules).points, best_opening(parse_cards("7S 8S 9S 2H KD"), rules)
    (24, None)
    """
    return _best(list(cards), rules)


def best_opening(cards: Iterable[Card], rules: RuleSet) -> Opening | None:
    """The opening with the most points that meets the rules (≥ ``opening_points``, a pure run if
    required, and at least one card left to discard), or ``None`` if the hand cannot open."""
    cards = list(cards)
    best = _best(cards, rules)
    if best is None or best.points < rules.opening_points:
        return None
    return best
