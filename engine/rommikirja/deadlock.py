"""A rummy deal that can provably no longer end: nobody can ever go out.

:func:`is_deadlocked` is a proof, not a guess. It holds only when both of these are true:

1. **No live card fits the table.** A *live* card is one still in play: in a hand, in the stock or
   in the discard pile. No single live card can be laid off onto any table meld as the table is.
2. **No new meld can come.** Either no three live cards form a meld, or no player can ever hold
   enough cards to put one down: a new meld takes three cards and, under ``final_discard:
   required``, a fourth to discard, so it needs a hand of three cards before the draw (two under
   ``optional``).

Why that is enough. The table changes only by a lay-off or a new meld (a *rommi* claim and an
opening are one of those). A lay-off of several cards at once is possible only if one of them
fits alone (a run grows from its ends, a group takes a missing suit), so by (1) the first change
of the table would have to be a new meld, and a meld of four or more cards holds a meld of three;
by (2) no player can put one down. While the table does not change, every turn is a draw and a
discard, so no hand ever grows or shrinks: nobody's hand can become empty, and nobody goes out.
Gin deals and deals whose stock is not turned over end by themselves and are never deadlocked.

The proof over-approximates what players may do (it ignores Rommi 51's opening, the
``lay_off_before_meld`` rule, who holds which card), which only makes it fire less often. It
does not see loops of play (each player keeping what another needs): those are not provable,
and ``max_turnovers`` stays the fallback for them. A live joker is tried in every reading; a
meld of three holding one joker is looked for like any other, and where a meld may hold two
jokers and two are live, (2) is proved only by the hand sizes (a meld of four with two jokers
need not hold a meld of three).

``tests/test_deadlock.py`` checks it against an exhaustive search of small positions: whenever it
fires, no sequence of legal moves goes out.

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.deal import Deal
>>> from rommikirja.melds import Meld
>>> from rommikirja.rules import RuleSet
>>> rules = RuleSet(final_discard="required")
>>> run = Meld.from_cards(parse_cards("JH QH KH"), rules)
>>> group = Meld.from_cards(parse_cards("5S 5H 5D 5C"), rules)
>>> deal = Deal.from_position(rules, hands=[parse_cards("2S 9C"), parse_cards("7D")],
...                           discard=parse_cards("4H"), table=[(0, run), (1, group)])
>>> is_deadlocked(deal)
True
>>> is_deadlocked(Deal.from_position(rules, hands=[parse_cards("2S 9C"), parse_cards("10H")],
...                                  discard=parse_cards("4H"), table=[(0, run), (1, group)]))
False
"""

from __future__ import annotations

from itertools import combinations

from .cards import Card, standard_deck
from .errors import InvalidMeld
from .meld_need import cards_for_new_meld
from .melds import check_meld
from .moves import DRAW_PHASE
from .position import Position

__all__ = ["is_deadlocked", "live_cards", "fits_table", "can_form_meld", "most_cards_held"]


def live_cards(deal: Position) -> list[Card]:
    """The cards still in play: every hand, the stock and the discard pile."""
    return [c for h in deal.hands for c in h] + list(deal.stock) + list(deal.discard)


def fits_table(deal: Position, cards: list[Card]) -> bool:
    """Whether any of ``cards`` can be laid off alone onto a table meld now (a joker in any
    reading the rules allow)."""
    rules = deal.rules
    seen: set[tuple] = set()
    for card in cards:
        key = (card.rank, card.suit)
        if key in seen:
            continue
        seen.add(key)
        for tm in deal.table:
            if _extends(tm.meld, card, rules):
                return True
    return False


def _extends(meld, card: Card, rules) -> bool:
    readings: list[tuple] = [()]
    if card.is_joker:
        readings += [((card, c),) for c in standard_deck()]
    for jokers in readings:
        try:
            meld.extended((card,), rules, jokers)
        except InvalidMeld:
            continue
        return True
    return False


def can_form_meld(cards: list[Card], rules) -> bool:
    """Whether some three of ``cards`` form a meld under ``rules`` (at most one joker among
    them: :func:`is_deadlocked` gives no proof when a meld may hold two live jokers)."""
    naturals: dict[tuple, Card] = {}
    joker = None
    for c in cards:
        if c.is_joker:
            joker = c
        else:
            naturals.setdefault((c.rank, c.suit), c)
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[object, list[Card]] = {}
    for c in naturals.values():
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, []).append(c)
    with_joker = joker is not None and rules.max_jokers_per_meld > 0
    for group in (*by_rank.values(), *by_suit.values()):
        for three in combinations(group, 3):
            if check_meld(three, rules) is None:
                return True
        if with_joker:
            for two in combinations(group, 2):
                if check_meld((*two, joker), rules) is None:
                    return True
    return False


def most_cards_held(deal: Position) -> int:
    """The most cards any player can hold at once while the table does not change: the hand
    plus the card drawn (the player in turn who has drawn already holds it)."""
    drawn = deal.phase is not DRAW_PHASE
    return max(len(h) + (0 if drawn and i == deal.turn else 1) for i, h in enumerate(deal.hands))


def is_deadlocked(deal: Position) -> bool:
    """Whether nobody can ever go out of ``deal`` (see the module's proof). ``False`` for a deal
    that is over and for a game that is not rummy."""
    if deal.is_over or deal.rules.style != "rummy":
        return False
    rules = deal.rules
    live = live_cards(deal)
    # the two conditions of the proof, the cheaper first: a new meld is possible when some hand
    # can hold one plus its discard and some three live cards form one (or two live jokers may
    # stand in a meld of four, of which no proof here); else the deal is stuck unless a live card fits the table
    if most_cards_held(deal) >= cards_for_new_meld(rules):
        if rules.max_jokers_per_meld >= 2 and sum(c.is_joker for c in live) >= 2:
            return False
        if can_form_meld(live, rules):
            return False
    return not fits_table(deal, live)
