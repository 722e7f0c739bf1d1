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
from typing import Iterable, Iterator, Sequence

from .cards import Card, standard_deck
from .legal import LegalMoves
from .moves import DISCARD, STOCK, Claim, Discard, Draw, Event, EventKind, LayOff, MisDraw, Open, Pass, PlayMeld, RejectExposed
from .errors import IllegalMove, discard_taken_card, not_in_hand
from .finnish import capitalize, card_name, count
from .melds import Meld, MeldKind, check_meld
from .rules import RuleSet
from .solver import (CARDS, Arrangement, best_arrangement, deck_card_refusal, mask_of, min_deadwood_mask,
                     min_discard_deadwood)

#: event kinds, bound once (an Enum member lookup is slow on CPython 3.11)
_EV_DISCARD = EventKind.DISCARD
_EV_DRAW_DISCARD = EventKind.DRAW_DISCARD
_EV_DRAW_STOCK = EventKind.DRAW_STOCK
_EV_GIN = EventKind.GIN
_EV_KNOCK = EventKind.KNOCK
_EV_PASS = EventKind.PASS
_EV_VOID = EventKind.VOID

__all__ = ["GinDeal", "GinPhase", "Pass", "Knock", "GinOutcome", "GinMove", "DefenderResult",
           "defender_best", "knock_arrangement", "knock_result"]


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard ``card`` face down and end the deal; ``melds`` optionally fixes the arrangement."""

    card: Card
    melds: tuple[tuple[Card, ...], ...] | None = None


GinMove = Draw | Discard | Pass | Knock


class GinPhase(Enum):
    OFFER = "offer"            # the first upcard is offered: take it (Draw(DISCARD)) or pass
    FORCED = "forced"          # both passed: the non-dealer must draw from the stock
    DRAW = "draw"
    DISCARD = "discard"        # drawn: discard or knock
    OVER = "over"


@dataclass(frozen=True)
class DefenderResult:
    """The defender's best answer to a knock: own melds, lay-offs onto the knocker's melds."""

    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[tuple[Card, ...], int], ...]     # (cards, index of the knocker's meld)
    deadwood: tuple[Card, ...]


@dataclass(frozen=True)
class GinOutcome:
    """The facts of a finished gin deal, to be priced by a rule set."""

    kind: str                                   # "knock", "gin" or "void"
    knocker: int | None
    hands: tuple[tuple[Card, ...], ...]         # the ten cards each player held at the end
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


def _attachments(hand: Sequence[Card], melds: Sequence[tuple[Card, ...]],
                 rules: RuleSet) -> list[tuple[tuple[Card, ...], int]]:
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


def defender_best(hand: Sequence[Card], knocker_melds: Sequence[tuple[Card, ...]], rules: RuleSet,
                  lay_off: bool = True) -> DefenderResult:
    """The defender's least deadwood: own melds and lay-offs chosen together, exactly.

    >>> from rommikirja.cards import parse_cards
    >>> r = defender_best(parse_cards("3H 7H 2H KS KC KD 9S 9C 4C 8D"), [parse_cards("4H 5H 6H")], RuleSet())
    >>> [[c.code for c in cs] for cs, _ in r.layoffs], [c.code for c in r.deadwood]
    ([['3H', '2H'], ['7H']], ['9S', '9C', '4C', '8D'])
    """
    candidates: list[tuple[int, int, tuple[Card, ...], int | None]] = []   # mask, value, cards, target
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


def _arrangements(hand: Sequence[Card], rules: RuleSet, limit: int
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
        yield from spread(rem ^ low, dead + points[low], chosen)          # the card stays deadwood
        for mask, meld in melds:
            if mask & low and mask & rem == mask:
                yield from spread(rem & ~mask, dead, chosen + (meld,))

    full = mask_of(hand)
    for chosen, _ in spread(full, 0, ()):
        covered = 0
        for meld in chosen:
            covered |= mask_of(meld)
        yield chosen, tuple(cards[b] for b in cards if not b & covered)


def knock_arrangement(hand: Sequence[Card], defender: Sequence[Card], rules: RuleSet
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
    ((), (0, 12, 'knock'))
    """
    arr = best_arrangement(hand, rules)
    melds, dead = arr.melds, arr.deadwood
    answer = defender_best(defender, melds, rules, lay_off=bool(dead))
    if not answer.layoffs:
        return melds, dead, answer                 # gin, or nothing laid off: already the best

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


_DRAW_STOCK = Draw(STOCK)
_DRAW_DISCARD = Draw(DISCARD)
_PASS = Pass()


@dataclass
class GinDeal:
    """The position of one gin-rommi deal (two players).

    :attr:`legal_moves` is a lazy view generated from the same rules as :meth:`is_legal`;
    :meth:`play` checks a move and explains a refusal, :meth:`push` makes a move taken
    from :attr:`legal_moves` without checking it again.
    """

    rules: RuleSet
    hands: list[list[Card]]
    stock: list[Card]                 # top is the LAST element
    discard: list[Card]               # top is the LAST element
    dealer: int = 0
    turn: int = 1
    phase: GinPhase = GinPhase.DRAW
    outcome: GinOutcome | None = None
    events: list[Event] = field(default_factory=list)
    taken_from_discard: Card | None = None
    turns: int = 0
    table: list = field(default_factory=list)   # gin keeps melds in the hand; always empty

    @classmethod
    def new(cls, rules: RuleSet, players: int = 2, dealer: int = 0, seed: int | None = None) -> "GinDeal":
        if players != 2:
            raise IllegalMove("players", f"Gin-rommia pelataan kahdestaan, ei {players} pelaajan kesken.")
        _check_rules(rules)
        if dealer not in (0, 1):
            raise IllegalMove("dealer", "Jakaja on pelaaja 0 tai 1.")
        deck = standard_deck(rules.decks)
        random.Random(seed).shuffle(deck)
        size = rules.hand_size_for(2)
        first = deck[:2 * size]
        hands: list[list[Card]] = [first[1::2], first[0::2]] if dealer == 0 else [first[0::2], first[1::2]]
        rest = deck[2 * size:]
        discard = [rest.pop(0)] if rules.upcard else []
        rest.reverse()
        return cls(rules=rules, hands=hands, stock=rest, discard=discard, dealer=dealer,
                   turn=1 - dealer, phase=GinPhase.OFFER if rules.upcard_offer and discard else GinPhase.DRAW)

    @classmethod
    def from_position(cls, rules: RuleSet, hands: Sequence[Iterable[Card]], stock: Sequence[Card] = (),
                      discard: Sequence[Card] = (), table: Sequence = (), dealer: int | None = None,
                      turn: int = 0, has_played: Sequence[int] = (), phase: str = "draw") -> "GinDeal":
        """A position: ``stock`` top first, ``discard`` bottom to top; ``phase`` "draw" or "offer"."""
        _check_rules(rules)
        if len(hands) != 2:
            raise IllegalMove("players", "Gin-rommissa on kaksi pelaajaa.")
        if table:
            raise IllegalMove("table", "Gin-rommissa yhdistelmiä ei pelata pöytään kesken jaon.")
        if phase not in ("draw", "offer"):
            raise IllegalMove("phase", f"Tuntematon vaihe ”{phase}”; sallitut: draw, offer.")
        deal = cls(rules=rules, hands=[list(h) for h in hands], stock=list(reversed(stock)),
                   discard=list(discard), dealer=(1 - turn) if dealer is None else dealer, turn=turn,
                   phase=GinPhase(phase))
        if deal.phase is GinPhase.OFFER and turn == deal.dealer:
            raise IllegalMove("phase", "Avokortti tarjotaan ensin jakajan vastustajalle.")
        if deal.phase is GinPhase.OFFER and not (rules.upcard and rules.upcard_offer):
            raise IllegalMove("phase", "Näillä säännöillä ensimmäistä avokorttia ei tarjota erikseen, "
                                       "joten jaon alussa ei ole tarjousvaihetta.")
        seen: set[Card] = set()
        for c in deal.all_cards():
            bad = _card_refusal(c)
            if bad is not None:
                raise bad
            if c in seen:
                raise IllegalMove("duplicate_card", f"{capitalize(card_name(c))} "
                                                    "on asetelmassa kahdesti.")
            seen.add(c)
        return deal

    # -- queries ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return self.phase is GinPhase.OVER

    @property
    def hand(self) -> list[Card]:
        return self.hands[self.turn]

    def all_cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + list(self.stock) + list(self.discard)

    def copy(self) -> "GinDeal":
        return GinDeal(rules=self.rules, hands=[list(h) for h in self.hands], stock=list(self.stock),
                       discard=list(self.discard), dealer=self.dealer, turn=self.turn, phase=self.phase,
                       outcome=self.outcome, events=list(self.events),
                       taken_from_discard=self.taken_from_discard,
                       turns=self.turns)

    def deadwood(self, player: int | None = None) -> Arrangement:
        """The best arrangement of a player's hand (the player in turn by default)."""
        return best_arrangement(self.hands[self.turn if player is None else player], self.rules)

    @property
    def legal_moves(self) -> LegalMoves[GinMove]:
        """The legal moves as a lazy view: iterate it, ask ``move in``, ``bool()``, ``count()``;
        ``deal.legal_moves()`` gives them as a list.

        >>> from rommikirja.rules import RuleSet
        >>> deal = GinDeal.new(RuleSet(style="knock", hand_size=((2, 10),), max_players=2), seed=1)
        >>> Draw(STOCK) in deal.legal_moves, Pass() in deal.legal_moves, deal.legal_moves.count()
        (True, False, 2)
        """
        return LegalMoves(self)

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

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is legal now (``move in deal.legal_moves``)."""
        return self._refusal(move) is None

    def refusal(self, move: object) -> IllegalMove | None:
        """Why ``move`` is illegal now, or ``None`` if it is legal."""
        return self._refusal(move)

    # -- playing ------------------------------------------------------------------------

    def play(self, move: GinMove) -> None:
        """Make ``move`` for the player in turn, or raise :class:`IllegalMove` explaining why."""
        err = self._refusal(move)
        if err is not None:
            raise err
        self.push(move)

    def push(self, move: GinMove) -> None:
        """Make ``move`` without checking it: for moves taken from :attr:`legal_moves` (use
        :meth:`play` for a move that may be illegal)."""
        p = self.turn
        kind = type(move)
        if kind is Discard:
            card = move.card
            _remove(self.hands[p], card)
            self.discard.append(card)
            self.events.append(Event(p, _EV_DISCARD, (card,)))
            self._end_turn()
            return
        if kind is Draw:
            if move.source == STOCK:
                card = self.stock.pop()
                self.events.append(Event(p, _EV_DRAW_STOCK, (card,)))
            else:
                card = self.discard.pop()
                self.taken_from_discard = card
                self.events.append(Event(p, _EV_DRAW_DISCARD, (card,)))
            self.hands[p].append(card)
            self.phase = GinPhase.DISCARD
            return
        if kind is Pass:
            self.events.append(Event(p, _EV_PASS))
            if p != self.dealer:
                self.turn = self.dealer
            else:
                self.turn = 1 - self.dealer
                self.phase = GinPhase.FORCED
            return
        assert kind is Knock
        defender = 1 - p
        if move.melds is None:          # the knocker spreads the hand that scores best
            rest = [c for c in self.hands[p] if c != move.card]
            melds, dead, result = knock_arrangement(rest, self.hands[defender], self.rules)
        else:
            melds, dead = self._knock_arrangement(move)
            result = defender_best(self.hands[defender], melds, self.rules, lay_off=bool(dead))
        _remove(self.hands[p], move.card)
        self.discard.append(move.card)
        kind_ = _EV_GIN if not dead else _EV_KNOCK
        self.events.append(Event(p, kind_, (move.card,)))
        self.phase = GinPhase.OVER
        self.outcome = GinOutcome(kind_.value, p, tuple(tuple(h) for h in self.hands), melds, dead, result,
                                  self.dealer)

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
            self.events.append(Event(p, _EV_VOID, target=len(self.stock)))
            self.phase = GinPhase.OVER
            self.outcome = GinOutcome("void", None, tuple(tuple(h) for h in self.hands), dealer=self.dealer)

    def _knock_arrangement(self, move: Knock) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        rest = [c for c in self.hand if c != move.card]
        if move.melds is None:
            return knock_arrangement(rest, self.hands[1 - self.turn], self.rules)[:2]
        melds = move.melds
        if not isinstance(melds, (tuple, list)) or not all(isinstance(m, (tuple, list)) for m in melds):
            raise IllegalMove("bad_melds", "Koputuksen yhdistelmät annetaan korttiluetteloina.")
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
                    raise IllegalMove("not_in_hand", f"{capitalize(card_name(c))} ei ole "
                                                     "kädessä tai on jo toisessa yhdistelmässä.")
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
        if move.melds is None:          # the best melds: only the least deadwood matters here
            card = move.card
            points = min_deadwood_mask(mask_of([c for c in self.hands[self.turn] if c != card]),
                                       self.rules.ace_points)[0]
        else:
            try:
                _, dead = self._knock_arrangement(move)
            except IllegalMove as err:
                return err
            points = sum(self.rules.card_points(c.rank) for c in dead)
        if points > self.rules.knock_limit:
            return IllegalMove("knock_over_limit",
                               lambda who: f"{who} ei voi vielä koputtaa, koska irtokortteja jäisi "
                                           f"{count(points, 'piste', digits=True)}, ja raja on {count(self.rules.knock_limit, 'piste', digits=True)}.")
        return None

    def _refusal(self, move: object) -> IllegalMove | None:
        """None if ``move`` is legal, else the refusal (the one predicate behind every check)."""
        kind = type(move)
        if kind not in _GIN_MOVES:
            if kind in _TABLE_MOVES:
                return IllegalMove("not_in_gin", "Gin-rommissa yhdistelmät pysyvät kädessä koko jaon ajan, "
                                                 "joten pöytään ei pelata eikä avata.")
            return IllegalMove("unknown_move", "Gin-rommissa siirrot ovat nosto, passaus, poisto ja koputus.")
        phase = self.phase
        if phase is GinPhase.OVER:
            return IllegalMove("deal_over", "Jako on jo päättynyt.")
        if kind is Draw and move.source not in (STOCK, DISCARD):
            return IllegalMove("unknown_source", "Kortti nostetaan joko nostopakasta tai poistopakasta.")
        if phase is GinPhase.OFFER:
            if kind is Pass or (kind is Draw and move.source == DISCARD):
                return None
            if kind is Draw:
                return IllegalMove("offer_stock", lambda who: f"{who} päättää ensin avokortista, sillä nostopakasta "
                                                              "nostetaan vasta, kun molemmat ovat passanneet.")
            return IllegalMove("must_draw", lambda who: f"{who} joko ottaa ensin avokortin tai passaa.")
        if kind is Pass:
            return IllegalMove("no_pass", "Passata saa vain jaon ensimmäisen avokortin kohdalla, ja "
                                          "tavallisella vuorolla on nostettava.")
        if phase is GinPhase.FORCED:
            if kind is Draw and move.source == STOCK:
                return None
            return IllegalMove("forced_stock", lambda who: "Molemmat passasivat avokortin, joten "
                                                           f"{who} nostaa nyt nostopakasta.")
        if phase is GinPhase.DRAW:
            if kind is not Draw:
                return IllegalMove("must_draw", lambda who: f"Vuoro alkaa nostolla, joten {who} nostaa ensin "
                                                            "nostopakasta tai poistopakan päältä.")
            if move.source == STOCK and not self.stock:
                return IllegalMove("stock_empty", "Nostopakka on tyhjä.")
            if move.source == DISCARD and not self.discard:
                return IllegalMove("discard_empty", lambda who: f"Poistopakka on tyhjä, joten {who} nostaa nostopakasta.")
            return None
        if kind is Draw:
            return IllegalMove("draw_twice", lambda who: f"{who} on jo nostanut tällä vuorolla.")
        if kind is Discard:
            return self._card_in_hand_refusal(move.card)
        return self._knock_refusal(move)


def _remove(hand: list[Card], card: Card) -> None:
    """Remove ``card`` from ``hand``, looking for the very object first (cheap) and then an
    equal card."""
    for i, c in enumerate(hand):
        if c is card:
            del hand[i]
            return
    hand.remove(card)


_DISCARDS = tuple(Discard(c) for c in CARDS)
_GIN_MOVES = frozenset((Draw, Discard, Pass, Knock))
_TABLE_MOVES = frozenset((PlayMeld, LayOff, Open, Claim, MisDraw, RejectExposed))


def _check_rules(rules: RuleSet) -> None:
    if rules.decks != 1 or rules.jokers:
        raise IllegalMove("rules", "Gin-rommi pelataan yhdellä pakalla ilman jokereita.")
    if rules.ace != "low":
        # the gin solver (solver.py) knows runs with a low ace only: refuse rather than misjudge
        raise IllegalMove("rules", "Gin-rommissa ässä on aina alin kortti (A-2-3 käy suoraksi, "
                                   "Q-K-A ei), joten säännöstössä on oltava ace: low.")


def _card_refusal(card: object) -> IllegalMove | None:
    """A refusal for something that is not a card of the one-deck gin pack, else None."""
    if not isinstance(card, Card):
        return IllegalMove("not_a_card", "Siirrossa on jotain, mikä ei ole kortti.")
    if card.deck or card.suit is None or not 1 <= card.rank <= 13:
        return deck_card_refusal(card)
    return None


def knock_result(outcome: GinOutcome, rules: RuleSet) -> tuple[int | None, int, str]:
    """(scorer, points, kind) of a gin outcome under ``rules``: kind is knock, undercut, gin or void."""
    if outcome.kind == "void":
        return None, 0, "void"
    k = outcome.knocker
    assert k is not None and outcome.defender is not None
    kd = sum(rules.card_points(c.rank) for c in outcome.knocker_deadwood)
    dd = sum(rules.card_points(c.rank) for c in outcome.defender.deadwood)
    if outcome.kind == "gin":
        return k, rules.gin_bonus + dd, "gin"
    if dd < kd or (dd == kd and rules.undercut_on_tie):
        return 1 - k, rules.undercut_bonus + kd - dd, "undercut"
    return k, dd - kd, "knock"
