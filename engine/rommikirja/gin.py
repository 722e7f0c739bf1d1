"""Knock rummy (gin-rommi): melds stay hidden in the hand; a deal ends in a knock or gin.

Phases: deal → first upcard (offered to the non-dealer, then the dealer) → draw →
discard or knock → the defender's best melds and lay-offs → result. A turn that
ends with only ``rules.void_stock`` cards left in the stock voids the deal.

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.rules import RuleSet
>>> rules = RuleSet(style="knock", hand_size=((2, 10),), max_players=2, upcard_offer=True)
>>> deal = GinDeal.new(rules, dealer=0, seed=3)
>>> deal.phase.value, deal.turn, [type(m).__name__ for m in deal.legal_moves()]
('offer', 1, ['Draw', 'Pass'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Iterable, Iterator, Sequence

from .cards import Card, standard_deck
from .codes import (
    BAD_MELDS,
    DEALER,
    DUPLICATE_CARD,
    KNOCK_OVER_LIMIT,
    NOT_A_CARD,
    NOT_IN_HAND,
    PHASE,
    PLAYERS,
    RULES,
    ResultKind,
    TABLE,
)
from .moves import EV_DISCARD, EV_DRAW_DISCARD, EV_DRAW_STOCK, EV_GIN, EV_KNOCK, EV_PASS, EV_VOID
from .moves import DISCARD, STOCK, Discard, Draw, Event, Pass
from .errors import IllegalMove, discard_taken_card, not_in_hand
from .finnish import capitalize, card_name, count
from .melds import check_meld
from .gin_refusals import (
    legal,
    deal_over,
    no_pass,
    no_pass_drawn,
    offer_draw,
    offer_first,
    forced_draw,
    forced_first,
    draw,
    draw_first,
    drawn_already,
    discard,
    not_a_gin_move,
)
from .knock import DefenderResult, GinOutcome, defender_best, knock_arrangement, knock_result
from .position import Position
from .rules import RuleSet
from .solver import (
    CARDS,
    Arrangement,
    best_arrangement,
    deck_card_refusal,
    mask_of,
    min_deadwood_mask,
    min_discard_deadwood,
)


__all__ = [
    "GinDeal",
    "GinPhase",
    "Pass",
    "Knock",
    "GinOutcome",
    "GinMove",
    "DefenderResult",
    "defender_best",
    "knock_arrangement",
    "knock_result",
]


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard ``card`` face down and end the deal; ``melds`` optionally fixes the arrangement."""

    card: Card
    melds: tuple[tuple[Card, ...], ...] | None = None

    def to_step(self, names: Sequence[str] = ()) -> dict:
        """``{"knock": "7H"}`` (and ``melds`` when the move fixes the arrangement)."""
        step: dict = {"knock": self.card.code}
        if self.melds is not None:
            step["melds"] = [[c.code for c in m] for m in self.melds]
        return step


GinMove = Draw | Discard | Pass | Knock


class GinPhase(Enum):
    OFFER = "offer"  # the first upcard is offered: take it (Draw(DISCARD)) or pass
    FORCED = "forced"  # both passed: the non-dealer must draw from the stock
    DRAW = "draw"
    DISCARD = "discard"  # drawn: discard or knock
    OVER = "over"


_DRAW_STOCK = Draw(STOCK)
_DRAW_DISCARD = Draw(DISCARD)
_PASS = Pass()


@dataclass
class GinDeal(Position):
    """The position of one gin-rommi deal (two players).

    :attr:`legal_moves` is a lazy view generated from the same rules as :meth:`is_legal`;
    :meth:`play` checks a move and explains a refusal, :meth:`push` makes a move taken
    from :attr:`legal_moves` without checking it again (all of them :class:`Position`'s but
    the generator, the predicate and ``push``).

    >>> from rommikirja.rules import RuleSet
    >>> deal = GinDeal.new(RuleSet(style="knock", hand_size=((2, 10),), max_players=2), seed=1)
    >>> Draw(STOCK) in deal.legal_moves, Pass() in deal.legal_moves, deal.legal_moves.count()
    (True, False, 2)
    """

    OVER = GinPhase.OVER
    MELDS_IN_HAND = True
    START_PHASES = ("draw", "offer")

    rules: RuleSet
    hands: list[list[Card]]
    stock: list[Card]  # top is the LAST element
    discard: list[Card]  # top is the LAST element
    dealer: int = 0
    turn: int = 1
    phase: GinPhase = GinPhase.DRAW
    outcome: GinOutcome | None = None
    events: list[Event] = field(default_factory=list)
    taken_from_discard: Card | None = None
    turns: int = 0
    table: list = field(default_factory=list)  # gin keeps melds in the hand; always empty

    @classmethod
    def new(cls, rules: RuleSet, players: int = 2, dealer: int = 0, seed: int | None = None) -> "GinDeal":
        if players != 2:
            raise IllegalMove(PLAYERS, f"Gin-rommia pelataan kahdestaan, ei {players} pelaajan kesken.")
        _check_rules(rules)
        if dealer not in (0, 1):
            raise IllegalMove(DEALER, "Jakaja on pelaaja 0 tai 1.")
        deck = standard_deck(rules.decks)
        random.Random(seed).shuffle(deck)
        size = rules.hand_size_for(2)
        first = deck[: 2 * size]
        hands: list[list[Card]] = [first[1::2], first[0::2]] if dealer == 0 else [first[0::2], first[1::2]]
        rest = deck[2 * size :]
        discard = [rest.pop(0)] if rules.upcard else []
        rest.reverse()
        return cls(
            rules=rules,
            hands=hands,
            stock=rest,
            discard=discard,
            dealer=dealer,
            turn=1 - dealer,
            phase=GinPhase.OFFER if rules.upcard_offer and discard else GinPhase.DRAW,
        )

    @classmethod
    def from_position(
        cls,
        rules: RuleSet,
        hands: Sequence[Iterable[Card]],
        stock: Sequence[Card] = (),
        discard: Sequence[Card] = (),
        table: Sequence = (),
        dealer: int | None = None,
        turn: int = 0,
        has_played: Sequence[int] = (),
        phase: str = "draw",
    ) -> "GinDeal":
        """A position: ``stock`` top first, ``discard`` bottom to top; ``phase`` "draw" or "offer"."""
        _check_rules(rules)
        if len(hands) != 2:
            raise IllegalMove(PLAYERS, "Gin-rommissa on kaksi pelaajaa.")
        if table:
            raise IllegalMove(TABLE, "Gin-rommissa yhdistelmiä ei pelata pöytään kesken jaon.")
        if phase not in cls.START_PHASES:
            raise IllegalMove(PHASE, f"Tuntematon vaihe ”{phase}”; sallitut: draw, offer.")
        deal = cls(
            rules=rules,
            hands=[list(h) for h in hands],
            stock=list(reversed(stock)),
            discard=list(discard),
            dealer=(1 - turn) if dealer is None else dealer,
            turn=turn,
            phase=GinPhase(phase),
        )
        if deal.phase is GinPhase.OFFER and turn == deal.dealer:
            raise IllegalMove(PHASE, "Avokortti tarjotaan ensin jakajan vastustajalle.")
        if deal.phase is GinPhase.OFFER and not (rules.upcard and rules.upcard_offer):
            raise IllegalMove(
                PHASE,
                "Näillä säännöillä ensimmäistä avokorttia ei tarjota erikseen, "
                "joten jaon alussa ei ole tarjousvaihetta.",
            )
        seen: set[Card] = set()
        for c in deal.all_cards():
            bad = _card_refusal(c)
            if bad is not None:
                raise bad
            if c in seen:
                raise IllegalMove(DUPLICATE_CARD, f"{capitalize(card_name(c))} on asetelmassa kahdesti.")
            seen.add(c)
        return deal

    # -- queries (players, is_over, hand, legal_moves, is_legal, refusal, copy: Position's) --------

    def all_cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + list(self.stock) + list(self.discard)

    def deadwood(self, player: int | None = None) -> Arrangement:
        """The best arrangement of a player's hand (the player in turn by default)."""
        return best_arrangement(self.hands[self.turn if player is None else player], self.rules)

    def generate_legal_moves(self) -> Iterator[GinMove]:
        """The legal moves, in a fixed order: draws and passes; then discards, then knocks, in
        hand order. Exactly the moves :meth:`is_legal` accepts (knocks without chosen melds).

        A discard is legal for every card in the hand but the one just taken from the discard
        pile (the predicate's own condition); knock candidates go through the predicate, and
        only when one exact best-discard search says that some discard leaves little enough."""
        phase = self.phase
        if phase is GinPhase.DISCARD:
            hand = self.hands[self.turn]
            taken = self.taken_from_discard
            discards = _DISCARDS
            for c in hand:
                if c is not taken:
                    i = c._index
                    yield discards[i] if i >= 0 else Discard(c)
            yield from self._knocks()
        elif phase is GinPhase.DRAW:
            if self.stock:
                yield _DRAW_STOCK
            if self.discard:
                yield _DRAW_DISCARD
        elif phase is GinPhase.OFFER:
            yield _DRAW_DISCARD
            yield _PASS
        elif phase is GinPhase.FORCED:
            yield _DRAW_STOCK

    def _knocks(self) -> Iterator[Knock]:
        hand = self.hands[self.turn]
        rules = self.rules
        if min_discard_deadwood(mask_of(hand), rules.ace_points) > rules.knock_limit:
            return
        taken = self.taken_from_discard
        refusal = self._refusal
        for c in hand:
            if c is not taken:
                move = Knock(c)
                if refusal(move) is None:
                    yield move

    def turn_move_types(self) -> tuple[type, ...]:
        """Once drawn: a discard, or a knock."""
        return (Discard, Knock)

    def turn_refusal(self, move_type: type) -> IllegalMove | None:
        """Why no move of ``move_type`` may be made now, whatever its cards (before the draw, or
        the deal over), or ``None`` when its own rule decides."""
        refuse = PHASE_RULES[self.phase].get(move_type)
        return refuse(self, None) if refuse in _WHATEVER_CARDS else None

    # -- playing ------------------------------------------------------------------------

    def push(self, move: GinMove) -> None:
        """Make ``move`` without checking it: for moves taken from :attr:`legal_moves` (use
        :meth:`play` for a move that may be illegal)."""
        p = self.turn
        kind = type(move)
        if kind is Discard:
            card = move.card
            _remove(self.hands[p], card)
            self.discard.append(card)
            self.events.append(Event(p, EV_DISCARD, (card,)))
            self._end_turn()
            return
        if kind is Draw:
            if move.source == STOCK:
                card = self.stock.pop()
                self.events.append(Event(p, EV_DRAW_STOCK, (card,)))
            else:
                card = self.discard.pop()
                self.taken_from_discard = card
                self.events.append(Event(p, EV_DRAW_DISCARD, (card,)))
            self.hands[p].append(card)
            self.phase = GinPhase.DISCARD
            return
        if kind is Pass:
            self.events.append(Event(p, EV_PASS))
            if p != self.dealer:
                self.turn = self.dealer
            else:
                self.turn = 1 - self.dealer
                self.phase = GinPhase.FORCED
            return
        assert kind is Knock
        defender = 1 - p
        if move.melds is None:  # the knocker spreads the hand that scores best
            rest = [c for c in self.hands[p] if c != move.card]
            melds, dead, result = knock_arrangement(rest, self.hands[defender], self.rules)
        else:
            melds, dead = self._knock_arrangement(move)
            result = defender_best(self.hands[defender], melds, self.rules, lay_off=bool(dead))
        _remove(self.hands[p], move.card)
        self.discard.append(move.card)
        kind_ = EV_GIN if not dead else EV_KNOCK
        self.events.append(Event(p, kind_, (move.card,)))
        self.phase = GinPhase.OVER
        self.outcome = GinOutcome(
            ResultKind.GIN if not dead else ResultKind.KNOCK,
            p,
            tuple(tuple(h) for h in self.hands),
            melds,
            dead,
            result,
            self.dealer,
        )

    # -- internals ----------------------------------------------------------------------

    def _end_turn(self) -> None:
        p = self.turn
        self.taken_from_discard = None
        self.turns += 1
        # after the dealer took the offered upcard, the non-dealer has the next normal turn,
        # exactly as after any other turn: turns alternate.
        self.turn = 1 - p
        self.phase = GinPhase.DRAW
        if len(self.stock) <= self.rules.void_stock:
            self.events.append(Event(p, EV_VOID, target=len(self.stock)))
            self.phase = GinPhase.OVER
            self.outcome = GinOutcome(ResultKind.VOID, None, tuple(tuple(h) for h in self.hands), dealer=self.dealer)

    def _knock_arrangement(self, move: Knock) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        rest = [c for c in self.hand if c != move.card]
        if move.melds is None:
            return knock_arrangement(rest, self.hands[1 - self.turn], self.rules)[:2]
        melds = move.melds
        if not isinstance(melds, (tuple, list)) or not all(isinstance(m, (tuple, list)) for m in melds):
            raise IllegalMove(BAD_MELDS, "Koputuksen yhdistelmät annetaan korttiluetteloina.")
        used: set[Card] = set()
        for meld in melds:
            for c in meld:
                bad = _card_refusal(c)
                if bad is not None:
                    raise bad
            bad = check_meld(meld, self.rules)
            if bad is not None:
                raise bad
            for c in meld:
                if c not in rest or c in used:
                    raise IllegalMove(
                        NOT_IN_HAND, f"{capitalize(card_name(c))} ei ole kädessä tai on jo toisessa yhdistelmässä."
                    )
                used.add(c)
        return tuple(tuple(m) for m in melds), tuple(c for c in rest if c not in used)

    def _card_in_hand_refusal(self, card: object) -> IllegalMove | None:
        bad = _card_refusal(card)
        if bad is not None:
            return bad
        if card not in self.hands[self.turn]:
            return not_in_hand((card,))
        if card == self.taken_from_discard:
            return discard_taken_card(card)
        return None

    def _knock_refusal(self, move: Knock) -> IllegalMove | None:
        bad = self._card_in_hand_refusal(move.card)
        if bad is not None:
            return bad
        if move.melds is None:  # the best melds: only the least deadwood matters here
            card = move.card
            points = min_deadwood_mask(mask_of([c for c in self.hands[self.turn] if c != card]), self.rules.ace_points)[
                0
            ]
        else:
            try:
                _, dead = self._knock_arrangement(move)
            except IllegalMove as err:
                return err
            points = sum(self.rules.card_points(c.rank) for c in dead)
        if points > self.rules.knock_limit:
            return IllegalMove(
                KNOCK_OVER_LIMIT,
                lambda who: (
                    f"{who} ei voi vielä koputtaa, koska irtokortteja jäisi "
                    f"{count(points, 'piste', 'gen', digits=True)} edestä ja raja on "
                    f"{count(self.rules.knock_limit, 'piste', digits=True)}."
                ),
            )
        return None

    def _refusal(self, move: object) -> IllegalMove | None:
        """None if ``move`` is legal, else the refusal (the one predicate behind every check): the
        rule of the move's type in this phase, from :data:`PHASE_RULES`."""
        refuse = PHASE_RULES[self.phase].get(type(move))
        if refuse is None:
            return not_a_gin_move(move)
        return refuse(self, move)


#: The rules of :data:`PHASE_RULES` that refuse a move whatever it is (:meth:`GinDeal.turn_refusal`).
_WHATEVER_CARDS = (deal_over, offer_first, forced_first, draw_first)


#: The one predicate as a table: for each phase, the rule of each type of gin move
#: (``rule(deal, move)``: ``None`` when legal, else the refusal). A type not listed is no gin move.
PHASE_RULES: dict[GinPhase, dict[type, Callable[[GinDeal, Any], IllegalMove | None]]] = {
    GinPhase.OFFER: {Draw: offer_draw, Pass: legal, Discard: offer_first, Knock: offer_first},
    GinPhase.FORCED: {Draw: forced_draw, Pass: no_pass, Discard: forced_first, Knock: forced_first},
    GinPhase.DRAW: {Draw: draw, Pass: no_pass, Discard: draw_first, Knock: draw_first},
    GinPhase.DISCARD: {Draw: drawn_already, Pass: no_pass_drawn, Discard: discard, Knock: GinDeal._knock_refusal},
    GinPhase.OVER: {Draw: deal_over, Pass: deal_over, Discard: deal_over, Knock: deal_over},
}


def _remove(hand: list[Card], card: Card) -> None:
    """Remove ``card`` from ``hand``, looking for the very object first (cheap) and then an
    equal card."""
    for i, c in enumerate(hand):
        if c is card:
            del hand[i]
            return
    hand.remove(card)


_DISCARDS = tuple(Discard(c) for c in CARDS)


def _check_rules(rules: RuleSet) -> None:
    if rules.decks != 1 or rules.jokers:
        raise IllegalMove(RULES, "Gin-rommi pelataan yhdellä pakalla ilman jokereita.")
    if rules.ace != "low":
        # the gin solver (solver.py) knows runs with a low ace only: refuse rather than misjudge
        raise IllegalMove(
            RULES,
            "Gin-rommissa ässä on aina alin kortti (A-2-3 käy suoraksi, "
            "Q-K-A ei), joten säännöstössä on oltava ace: low.",
        )


def _card_refusal(card: object) -> IllegalMove | None:
    """A refusal for something that is not a card of the one-deck gin pack, else None."""
    if not isinstance(card, Card):
        return IllegalMove(NOT_A_CARD, "Siirrossa on jotain, mikä ei ole kortti.")
    if card.deck or card.suit is None or not 1 <= card.rank <= 13:
        return deck_card_refusal(card)
    return None
