"""The stock and the discard pile of a ``setup:``: how many cards each holds, not only which are listed.

A setup lists the stock's top cards (``stock:``, top first) and the discard pile (``discard:``,
bottom to top). Every card of the deck is somewhere, so the stock's size is known even when only
its top is listed: by default the stock holds every card that is not in a hand, on the table or
in the discard pile. ``stock_size: N`` says how many cards the stock holds (then the listed cards
plus the unlisted ones must add up to the deck), ``discard_size: N`` that the discard pile holds
more cards than the listed top ones.

The engine plays the whole deck: the unlisted cards (the rest of the deck, in deck order) lie
under the listed ones. None of them may come into play (drawn, taken or turned face up): the
scenario did not choose them; :func:`hidden_problems` says where one does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rommikirja import Card
from rommikirja.cards import standard_deck

from rommikirja.finnish import count

from ..yamlsrc import LDict
from .context import Ctx, as_int

PILE_KEYS = ("stock_size", "discard_size")


@dataclass(frozen=True)
class Piles:
    """The two piles of a setup: listed cards, declared or inferred sizes, the unlisted cards."""

    stock_listed: int
    discard_listed: int
    stock_size: int  # as declared (``stock_size``) or inferred
    discard_size: int
    stock_given: bool  # ``stock_size`` written in the setup
    discard_given: bool
    deck_size: int
    placed: int  # cards in hands and on the table
    hidden: frozenset[Card] = frozenset()  # unlisted cards the engine holds under the listed ones

    @property
    def missing(self) -> int:
        """Cards of the deck that are nowhere (negative: more cards than the deck has)."""
        return self.deck_size - self.placed - self.stock_size - self.discard_size


def _size(ctx: Ctx, setup: LDict, key: str, listed: int, what: str) -> int | None:
    if key not in setup:
        return None
    n = as_int(ctx, key)(setup[key], setup.line_of(key))
    if n < listed:
        raise ctx.err(
            setup.line_of(key),
            f"{key}: {what} on lueteltu {count(listed, 'kortti')}, joten "
            f"siinä on vähintään {count(listed, 'kortti')}, ei {n}",
        )
    return n


def fill_piles(
    ctx: Ctx,
    setup: LDict,
    rules,
    hands: Sequence[Sequence[Card]],
    table_cards: Sequence[Card],
    stock: Sequence[Card],
    discard: Sequence[Card],
) -> tuple[tuple[Card, ...], tuple[Card, ...], Piles]:
    """The stock (top first) and discard pile (bottom first) the engine plays, with their counts."""
    stock_n = _size(ctx, setup, "stock_size", len(stock), "nostopakasta")
    discard_n = _size(ctx, setup, "discard_size", len(discard), "poistopakasta")
    if discard_n and not discard:
        raise ctx.err(
            setup.line_of("discard_size"),
            "discard_size: luettele ainakin poistopakan päällimmäinen kortti (discard), kun pakassa on kortteja",
        )
    deck = standard_deck(rules.decks, rules.jokers)
    used = {c for h in hands for c in h} | set(table_cards) | set(stock) | set(discard)
    rest = [c for c in deck if c not in used]
    placed = sum(len(h) for h in hands) + len(table_cards)
    under_discard = (discard_n - len(discard)) if discard_n is not None else 0
    if stock_n is None:
        if under_discard > len(rest):
            raise ctx.err(
                setup.line_of("discard_size"),
                f"discard_size: pakan korteista vain {_n(len(rest))} on luettelematta, joten "
                f"poistopakassa voi olla enintään {_n(len(discard) + len(rest))}",
            )
        stock_n = len(stock) + len(rest) - under_discard
    under_stock = stock_n - len(stock)
    to_stock = rest[:under_stock]
    to_discard = rest[len(to_stock) : len(to_stock) + under_discard]
    piles = Piles(
        len(stock),
        len(discard),
        stock_n,
        len(discard) + under_discard,
        "stock_size" in setup,
        "discard_size" in setup,
        len(deck),
        placed,
        frozenset(to_stock) | frozenset(to_discard),
    )
    return tuple(stock) + tuple(to_stock), tuple(to_discard) + tuple(discard), piles


def deck_problem(piles: Piles, hands: int, table: int) -> str | None:
    """Why the cards of a setup do not add up to the deck (Finnish), or None."""
    if piles.missing == 0:
        return None
    parts = f"käsissä {hands}, pöydällä {table}, poistopakassa {piles.discard_size} ja nostopakassa {piles.stock_size}"
    total = hands + table + piles.discard_size + piles.stock_size
    if piles.missing > 0:
        where = (
            "luettele ne poistopakkaan tai kerro poistopakan koko (discard_size)"
            if not piles.discard_given
            else "korjaa pakkojen koot (stock_size, discard_size)"
        )
        return (
            f"kortteja on {parts}, yhteensä {total}, mutta pakassa on {piles.deck_size}: "
            f"{_n(piles.missing)} puuttuu (jokainen pakan kortti on jaon aikana jossakin: kädessä, "
            f"pöydällä tai jommassakummassa pakassa); {where}"
        )
    return (
        f"kortteja on {parts}, yhteensä {total}, mutta pakassa on vain {piles.deck_size}: "
        f"{_n(-piles.missing)} liikaa; korjaa pakkojen koot (stock_size, discard_size)"
    )


def _n(n: int) -> str:
    return count(n, "kortti", digits=True)


def _top(n: int) -> str:
    """*päällimmäinen kortti*, *4 päällimmäistä korttia*."""
    return "päällimmäinen kortti" if n == 1 else f"{n} päällimmäistä korttia"


def hidden_problems(sc) -> list[tuple[int, str]]:
    """(line, Finnish message) for the first move that brings an unlisted card into play."""
    piles = getattr(sc, "piles", None)
    if piles is None or not piles.hidden or sc.initial is None:
        return []
    in_stock = set(sc.initial.stock) & piles.hidden
    for st in sc.steps:
        snap = st.after
        if st.kind != "move" or snap is None:
            continue
        seen = {c for h in snap.hands for c in h} | {c for _, m in snap.table for c in m.cards}
        if snap.discard:
            seen.add(snap.discard[-1])
        up = seen & piles.hidden
        if not up:
            continue
        if up & in_stock:
            what = (
                f"nostopakasta on lueteltu vain {_top(piles.stock_listed)} "
                f"(pakassa on {_n(piles.stock_size)}); luettele nostopakkaan (stock) kaikki kortit, "
                "jotka esimerkki nostaa"
            )
        else:
            what = (
                f"poistopakasta on lueteltu vain {_top(piles.discard_listed)} "
                f"(pakassa on {_n(piles.discard_size)}); luettele poistopakkaan (discard) kaikki kortit, "
                "jotka tulevat esimerkissä esiin"
            )
        return [(st.line, f"tämä siirto tuo peliin kortin, jota asetelma ei luettele: {what}")]
    return []
