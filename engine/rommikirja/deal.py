"""One deal as a state machine: moves, legal moves, and the facts of how it ended.

Modelled on python-chess: :class:`Deal` holds the position; :meth:`Deal.legal_moves`
lists what the player in turn may do; :meth:`Deal.play` makes a move or refuses it
with :class:`~rommikirja.errors.IllegalMove`, whose Finnish message names the rule.
When the deal is over, :attr:`Deal.outcome` holds the facts (who went out, what was
left in each hand, whether it was a *rommi*); :mod:`rommikirja.scoring` prices them.

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.rules import RuleSet
>>> deal = Deal.from_position(RuleSet(), hands=[parse_cards("7H 8H"), parse_cards("AS 7C KD")],
...                           stock=parse_cards("9H 2C"), discard=parse_cards("5S"))
>>> deal.play(Draw(STOCK))
>>> deal.play(PlayMeld(parse_cards("7H 8H 9H")))
>>> deal.is_over, deal.outcome.winner, deal.outcome.rummy
(True, 0, True)
>>> deal.play(Discard(parse_cards("7C")[0]))
Traceback (most recent call last):
  ...
rommikirja.errors.IllegalMove: Jako on jo päättynyt.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Iterator, Sequence, Union

from .cards import Card, standard_deck
from .errors import IllegalMove, InvalidMeld, discard_taken_card, not_in_hand
from .finnish import capitalize, card_name, cards_text
from .melds import Meld, MeldKind, run_positions
from .rules import RuleSet

__all__ = [
    "Deal", "Draw", "PlayMeld", "LayOff", "Discard", "Move", "STOCK", "DISCARD", "Pass", "Claim", "Open",
    "MisDraw", "RejectExposed", "cut_for_dealer",
    "Phase", "EndReason", "Outcome", "TableMeld", "Event",
]

STOCK = "stock"
DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the stock (``STOCK``) or of the discard pile (``DISCARD``)."""

    source: str


@dataclass(frozen=True, slots=True)
class PlayMeld:
    """Lay a new meld from the hand onto the table."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add cards from the hand to the table meld at index ``target``."""

    cards: tuple[Card, ...]
    target: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card from the hand face up on the discard pile; ends the turn."""

    card: Card


@dataclass(frozen=True, slots=True)
class Open:
    """Rommi 51: the first melding of a player, several melds at once (≥ 51 points, a pure run)."""

    melds: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: the first upcard in gin, or the last chance at the discard pile in classic rommi."""


@dataclass(frozen=True, slots=True)
class Claim:
    """“Rommi!”: ``player`` claims the top discard because it fits the table meld ``target``."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class MisDraw:
    """An irregularity: ``player`` draws from the stock out of turn (the card is exposed)."""

    player: int


@dataclass(frozen=True, slots=True)
class RejectExposed:
    """After an out-of-turn draw: put the exposed card on the discard pile and draw the next one."""


Move = Union[Draw, PlayMeld, LayOff, Discard, Open, Pass, Claim, MisDraw, RejectExposed]


class Phase(Enum):
    DRAW = "draw"      # the player in turn must draw
    PLAY = "play"      # drawn: may meld and lay off, then discard
    OVER = "over"      # the deal has ended


class EndReason(Enum):
    WENT_OUT = "went_out"    # a player's hand became empty
    BLOCKED = "blocked"      # the stock ran out under the no-reuse (Block Rummy) rule


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table and the player who laid it down."""

    owner: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, for narrating a deal: ``kind`` plus details."""

    player: int
    kind: str            # draw_stock, draw_discard, turn_over, meld, lay_off, discard, out, blocked
    cards: tuple[Card, ...] = ()
    target: int | None = None


@dataclass(frozen=True)
class Outcome:
    """The facts of a finished deal, to be priced by a rule set.

    ``hands`` holds the cards left in every hand (the winner's is empty when they
    went out). ``rummy`` is true when the winner emptied the whole hand in one turn
    without having melded or laid off in an earlier turn.
    """

    reason: EndReason
    winner: int | None
    hands: tuple[tuple[Card, ...], ...]
    rummy: bool
    dealer: int
    opened: tuple[bool, ...] = ()     # Rommi 51: who had opened when the round ended

    @property
    def players(self) -> int:
        return len(self.hands)


@dataclass
class Deal:
    """The position of one deal and the rules it is played under."""

    rules: RuleSet
    hands: list[list[Card]]
    stock: list[Card]            # top of the stock is the LAST element
    discard: list[Card]          # top of the discard pile is the LAST element
    table: list[TableMeld] = field(default_factory=list)
    dealer: int = 0
    turn: int = 0
    phase: Phase = Phase.DRAW
    outcome: Outcome | None = None
    events: list[Event] = field(default_factory=list)
    # per-player facts
    has_played: list[bool] = field(default_factory=list)   # melded or laid off in an earlier turn
    opened: list[bool] = field(default_factory=list)       # has melded at least once (Rommi 51)
    # per-turn facts
    taken_from_discard: Card | None = None
    melds_this_turn: int = 0
    played_this_turn: bool = False
    turns: int = 0
    turnovers: int = 0
    exposed: Card | None = None          # a stock card exposed by an out-of-turn draw
    final_turns: int | None = None       # "last_round": turns left after the stock ran out

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet, players: int, dealer: int = 0, seed: int | None = None) -> "Deal":
        """Shuffle with ``seed`` (reproducible) and deal one card at a time from the dealer's left.

        >>> d = Deal.new(RuleSet(), players=3, seed=1)
        >>> [len(h) for h in d.hands], len(d.stock), len(d.discard), d.turn
        ([7, 7, 7], 30, 1, 1)
        """
        if not rules.min_players <= players <= rules.max_players:
            raise IllegalMove("players", f"Tässä pelissä on {rules.min_players}–{rules.max_players} "
                                         f"pelaajaa, ei {players}.")
        if not 0 <= dealer < players:
            raise IllegalMove("dealer", f"Jakajan numero {dealer} ei ole pelaaja.")
        deck = standard_deck(rules.decks, rules.jokers)
        random.Random(seed).shuffle(deck)
        size = rules.hand_size_for(players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        pos = 0
        for _ in range(size):
            for i in range(1, players + 1):
                hands[(dealer + i) % players].append(deck[pos])
                pos += 1
        rest = deck[pos:]
        discard: list[Card] = []
        if rules.upcard:
            discard.append(rest.pop(0))
        stock = list(reversed(rest))   # rest[0] is the top of the stock
        return cls(rules=rules, hands=hands, stock=stock, discard=discard, dealer=dealer,
                   turn=(dealer + 1) % players, has_played=[False] * players,
                   opened=[False] * players)

    @classmethod
    def from_position(cls, rules: RuleSet, hands: Sequence[Iterable[Card]],
                      stock: Sequence[Card] = (), discard: Sequence[Card] = (),
                      table: Sequence[tuple[int, Meld]] = (), dealer: int | None = None,
                      turn: int = 0, has_played: Sequence[int] = ()) -> "Deal":
        """Set up a position: ``stock`` top first, ``discard`` bottom to top.

        Players who own a table meld, or are listed in ``has_played``, count as
        having melded or laid off before (no *rommi* for them).
        """
        n = len(hands)
        played = [False] * n
        for p in has_played:
            played[p] = True
        table_melds = [TableMeld(owner, meld) for owner, meld in table]
        for tm in table_melds:
            played[tm.owner] = True
        deal = cls(rules=rules, hands=[list(h) for h in hands], stock=list(reversed(stock)),
                   discard=list(discard), table=table_melds,
                   dealer=(turn - 1) % n if dealer is None else dealer, turn=turn,
                   has_played=played, opened=list(played))
        seen: dict[Card, str] = {}
        for where, cards in deal._zones():
            for c in cards:
                if c.is_joker:
                    if c.deck >= rules.jokers:
                        raise IllegalMove("no_such_card", f"Tässä pelissä on {rules.jokers} jokeria, joten "
                                                          f"jokeria {c.code} ei ole.")
                elif c.deck >= rules.decks:
                    raise IllegalMove("no_such_card", f"Tässä pelissä on vain {rules.decks} pakka, joten "
                                                      f"toisen pakan korttia {c.code} ei ole.")
                if c in seen:
                    raise IllegalMove("duplicate_card", f"{_cap(card_name(c))} "
                                                        f"on asetelmassa kahdesti ({seen[c]} ja {where}).")
                seen[c] = where
        return deal

    def _zones(self) -> Iterator[tuple[str, list[Card]]]:
        for i, h in enumerate(self.hands):
            yield f"pelaajan {i + 1} käsi", h
        yield "nostopakka", self.stock
        yield "poistopakka", self.discard
        for tm in self.table:
            yield "pöytä", list(tm.meld.cards)

    def copy(self) -> "Deal":
        """An independent copy of the position (events are shared history, copied too)."""
        return Deal(rules=self.rules, hands=[list(h) for h in self.hands], stock=list(self.stock),
                    discard=list(self.discard), table=list(self.table), dealer=self.dealer,
                    turn=self.turn, phase=self.phase, outcome=self.outcome,
                    events=list(self.events), has_played=list(self.has_played),
                    opened=list(self.opened),
                    taken_from_discard=self.taken_from_discard,
                    melds_this_turn=self.melds_this_turn, played_this_turn=self.played_this_turn,
                    turns=self.turns, turnovers=self.turnovers, exposed=self.exposed,
                    final_turns=self.final_turns)

    # -- queries ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def hand(self) -> list[Card]:
        """The hand of the player in turn."""
        return self.hands[self.turn]

    def all_cards(self) -> list[Card]:
        """Every card in the deal, wherever it is (for conservation checks)."""
        return [c for _, cards in self._zones() for c in cards]

    def legal_moves(self) -> list[Move]:
        """Every move the player in turn may make now.

        Lay-offs are listed card by card, plus runs of several cards where a single
        card would not fit alone (9♦ and 10♦ together onto 6♦ 7♦ 8♦).
        """
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.DRAW:
            moves: list[Move] = []
            if self.exposed is not None:
                return [Draw(STOCK), RejectExposed()]
            if self._can_draw_stock():
                moves.append(Draw(STOCK))
            if self.discard:
                moves.append(Draw(DISCARD))
            if self.final_turns is not None:
                moves.append(Pass())
            moves.extend(self._claims())
            return moves
        moves = []
        if self._must_open():
            opening = self.best_opening()
            if opening is not None:
                moves.append(Open(tuple(m.cards for m in opening.melds)))
            moves.extend(Discard(c) for c in self.hand if self._refusal(Discard(c)) is None)
            return moves
        moves.extend(m for m in self._candidate_melds() if self._refusal(m) is None)
        moves.extend(m for m in self._candidate_layoffs() if self._refusal(m) is None)
        moves.extend(Discard(c) for c in self.hand if self._refusal(Discard(c)) is None)
        return moves

    def is_legal(self, move: Move) -> bool:
        return self._refusal(move) is None

    def best_opening(self, player: int | None = None):
        """Rommi 51: the best opening the player's hand allows now, or ``None``."""
        from .opening import best_opening
        return best_opening(self.hands[self.turn if player is None else player], self.rules)

    # -- playing ------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Make ``move`` for the player in turn, or raise :class:`IllegalMove` explaining why."""
        err = self._refusal(move)
        if err is not None:
            raise err
        p = self.turn
        if isinstance(move, Claim):
            card = self.discard.pop()
            self.hands[move.player].append(card)
            self.events.append(Event(move.player, "claim", (card,), move.target))
            return
        if isinstance(move, MisDraw):
            self.exposed = self.stock[-1]
            self.events.append(Event(move.player, "misdraw", (self.exposed,)))
            return
        if isinstance(move, RejectExposed):
            rejected = self.stock.pop()
            self.discard.append(rejected)
            self.exposed = None
            card = self.stock.pop()
            self.events.append(Event(p, "reject_exposed", (rejected, card)))
            self.hand.append(card)
            self.phase = Phase.PLAY
            return
        if isinstance(move, Pass):
            self.events.append(Event(p, "pass"))
            self._end_turn()
            return
        if isinstance(move, Draw):
            if move.source == STOCK:
                if not self.stock:
                    self._turn_over_discards()
                card = self.stock.pop()
                self.exposed = None
                self.events.append(Event(p, "draw_stock", (card,)))
            else:
                card = self.discard.pop()
                self.taken_from_discard = card
                self.events.append(Event(p, "draw_discard", (card,)))
            self.hand.append(card)
            self.phase = Phase.PLAY
            return
        if isinstance(move, Open):
            for cards in move.melds:
                meld = Meld.from_cards(cards, self.rules)
                self._remove_from_hand(cards)
                self.table.append(TableMeld(p, meld))
                self.events.append(Event(p, "meld", meld.cards, len(self.table) - 1))
            self.melds_this_turn += len(move.melds)
            self.played_this_turn = True
            self.opened[p] = True
            self.events.append(Event(p, "opened", target=self._opening_points(move)))
            if not self.hand:
                self._went_out()
            return
        if isinstance(move, PlayMeld):
            meld = Meld.from_cards(move.cards, self.rules)
            self._remove_from_hand(move.cards)
            self.table.append(TableMeld(p, meld))
            self.melds_this_turn += 1
            self.played_this_turn = True
            self.opened[p] = True
            self.events.append(Event(p, "meld", meld.cards, len(self.table) - 1))
            if not self.hand:
                self._went_out()
            return
        if isinstance(move, LayOff):
            tm = self.table[move.target]
            self.table[move.target] = TableMeld(tm.owner, tm.meld.extended(move.cards, self.rules))
            self._remove_from_hand(move.cards)
            self.played_this_turn = True
            self.events.append(Event(p, "lay_off", tuple(move.cards), move.target))
            if not self.hand:
                self._went_out()
            return
        assert isinstance(move, Discard)
        self._remove_from_hand((move.card,))
        self.discard.append(move.card)
        self.events.append(Event(p, "discard", (move.card,)))
        if not self.hand:
            self._went_out()
            return
        self._end_turn()

    # -- internals ----------------------------------------------------------------------

    def _can_draw_stock(self) -> bool:
        if self.final_turns is not None:
            return False
        if self.stock:
            return True
        keep = 1 if self.rules.stock_exhausted == "turn_over_keep_top" else 0
        return self._may_turn_over() and len(self.discard) > keep

    def _may_turn_over(self) -> bool:
        limit = self.rules.max_turnovers
        return (self.rules.stock_exhausted in ("turn_over", "turn_over_keep_top")
                and (limit == 0 or self.turnovers < limit))

    def _turn_over_discards(self) -> None:
        keep = [self.discard.pop()] if self.rules.stock_exhausted == "turn_over_keep_top" else []
        self.stock = list(reversed(self.discard))   # the pile's bottom card becomes the stock's top
        self.discard = keep                         # classic rommi: the last discard stays face up
        self.turnovers += 1
        self.events.append(Event(self.turn, "turn_over", tuple(reversed(self.stock)) + tuple(keep)))

    def _claims(self) -> list[Claim]:
        """“Rommi!” claims open now: the card just discarded fits a table meld."""
        if not self.rules.rommi_claim or not self.discard or not self.events \
                or self.events[-1].kind != "discard":
            return []
        card = self.discard[-1]
        discarder = self.events[-1].player
        fits = [i for i, tm in enumerate(self.table) if _extends(tm.meld, card, self.rules)]
        if not fits:
            return []
        return [Claim(p, fits[0]) for p in range(self.players) if p != discarder]

    def _remove_from_hand(self, cards: Iterable[Card]) -> None:
        for c in cards:
            self.hand.remove(c)

    def _end_turn(self) -> None:
        if self.played_this_turn:
            self.has_played[self.turn] = True
        self.turn = (self.turn + 1) % self.players
        self.phase = Phase.DRAW
        self.taken_from_discard = None
        self.melds_this_turn = 0
        self.played_this_turn = False
        self.turns += 1
        if self.final_turns is not None:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.events.append(Event(self.turn, "stock_used"))
                self._blocked(event=False)
            return
        if not self.stock and self.rules.stock_exhausted == "last_round":
            self.final_turns = self.players - 1
            return
        if not self.stock and not self._may_turn_over():
            self._blocked()

    def _went_out(self) -> None:
        p = self.turn
        rummy = not self.has_played[p]
        self.events.append(Event(p, "out"))
        self._finish(EndReason.WENT_OUT, p, rummy)

    def _blocked(self, event: bool = True) -> None:
        totals = [sum(self.rules.card_points(c.rank) for c in h) for h in self.hands]
        low = min(totals)
        winners = [i for i, t in enumerate(totals) if t == low]
        winner = winners[0] if len(winners) == 1 else None
        if event:
            self.events.append(Event(self.turn, "blocked"))
        self._finish(EndReason.BLOCKED, winner, False)

    def _finish(self, reason: EndReason, winner: int | None, rummy: bool) -> None:
        if self.played_this_turn:
            self.has_played[self.turn] = True
        self.phase = Phase.OVER
        self.outcome = Outcome(reason, winner, tuple(tuple(h) for h in self.hands), rummy,
                               self.dealer, tuple(self.opened))

    def _candidate_melds(self) -> Iterator[PlayMeld]:
        """Melds the hand could form (checked by the caller), with at most one joker each."""
        hand = self.hand
        naturals = [c for c in hand if not c.is_joker]
        joker = next((c for c in hand if c.is_joker), None)
        by_rank: dict[int, list[Card]] = {}
        by_suit: dict[object, list[Card]] = {}
        for c in naturals:
            by_rank.setdefault(c.rank, []).append(c)
            by_suit.setdefault(c.suit, []).append(c)
        smallest = 2 if joker is not None else 3
        for cards in by_rank.values():
            for size in range(smallest, 5):
                for combo in itertools.combinations(cards, size):
                    if len({c.suit for c in combo}) != size:
                        continue
                    if size >= 3:
                        yield PlayMeld(combo)
                    if joker is not None and size <= 3 and self.rules.max_jokers_per_meld:
                        yield PlayMeld(combo + (joker,))
        for cards in by_suit.values():
            cards = sorted(cards, key=lambda c: c.rank)
            for size in range(smallest, len(cards) + 1):
                for combo in itertools.combinations(cards, size):
                    if size >= 3 and run_positions(combo, self.rules) is not None:
                        yield PlayMeld(combo)
                    if joker is not None and self.rules.max_jokers_per_meld and \
                            len({c.rank for c in combo}) == size:
                        yield PlayMeld(combo + (joker,))

    def _candidate_layoffs(self) -> Iterator[LayOff]:
        hand = self.hand
        joker = next((c for c in hand if c.is_joker), None)
        for i, tm in enumerate(self.table):
            meld = tm.meld
            if joker is not None:
                yield LayOff((joker,), i)
            if meld.kind is MeldKind.GROUP:
                rank = meld.stands_for(meld.cards[0]).rank
                for c in hand:
                    if c.rank == rank:
                        yield LayOff((c,), i)
                continue
            suit = next(meld.stands_for(c).suit for c in meld.cards)
            suited = sorted((c for c in hand if c.suit is suit), key=lambda c: c.rank)
            for size in range(1, len(suited) + 1):
                for combo in itertools.combinations(suited, size):
                    # a quick test for runs without jokers; the rest is checked by the caller
                    if meld.jokers or run_positions(meld.cards + combo, self.rules) is not None:
                        yield LayOff(combo, i)

    def _refusal(self, move: Move) -> IllegalMove | None:
        """Why ``move`` is illegal now, or ``None`` if it is legal."""
        if self.phase is Phase.OVER:
            return IllegalMove("deal_over", "Jako on jo päättynyt.")
        if isinstance(move, Claim):
            if move not in self._claims():
                return IllegalMove("no_claim", "”Rommi!” ei käy: juuri poistettu kortti ei sovi pöydän "
                                               "yhdistelmään, huuto ei ole käytössä tai kortti on "
                                               "huutajan oma poisto.")
            return None
        if isinstance(move, MisDraw):
            if move.player == self.turn:
                return IllegalMove("own_turn", "On sinun vuorosi: nosta tavalliseen tapaan.")
            if self.phase is not Phase.DRAW or not self.stock or self.exposed is not None:
                return IllegalMove("no_misdraw", "Nostopakasta ei voi nyt nostaa väärällä vuorolla.")
            return None
        if isinstance(move, RejectExposed):
            if self.exposed is None:
                return IllegalMove("nothing_exposed", "Nostopakassa ei ole paljastettua korttia.")
            if len(self.stock) < 2:
                return IllegalMove("stock_empty", "Nostopakassa ei ole seuraavaa korttia.")
            return None
        if isinstance(move, Pass):
            if self.final_turns is None or self.phase is not Phase.DRAW:
                return IllegalMove("no_pass", "Vuoroa ei voi ohittaa: nosta kortti.")
            return None
        if self.exposed is not None and move != Draw(STOCK):
            return IllegalMove("exposed_card", f"Väärällä vuorolla nostettu {card_name(self.exposed)} on "
                                               "nostopakan päällä: ota se tai laita se poistopakkaan ja "
                                               "nosta seuraava.")
        if isinstance(move, Draw):
            if self.phase is not Phase.DRAW:
                return IllegalMove("draw_twice", "Olet jo nostanut tällä vuorolla: vuorossa nostetaan "
                                                 "vain yksi kortti.")
            if move.source == STOCK:
                if not self._can_draw_stock():
                    if self.final_turns is not None:
                        return IllegalMove("stock_used", "Nostopakka on käyty läpi: nyt saa vain ottaa "
                                                         "poistopakan päällimmäisen kortin tai ohittaa "
                                                         "vuoron.")
                    if not self._may_turn_over():
                        return IllegalMove("stock_empty", "Nostopakka on loppunut, eikä poistopakkaa "
                                                          "käännetä uudeksi nostopakaksi.")
                    return IllegalMove("stock_empty", "Nostopakka ja poistopakka ovat tyhjiä.")
                return None
            if move.source == DISCARD:
                if not self.discard:
                    return IllegalMove("discard_empty", "Poistopakka on tyhjä: nosta nostopakasta.")
                return None
            return IllegalMove("unknown_source", f"Tuntematon nostopaikka ”{move.source}”.")
        if self.phase is Phase.DRAW:
            if len(self.hand) == 1:
                return IllegalMove("must_draw_one_card", "Vaikka kädessä on vain yksi kortti, vuoro "
                                                         "alkaa nostolla: nosta ensin, sitten lisää tai "
                                                         "poista.")
            return IllegalMove("must_draw", "Vuoro alkaa aina nostolla: nosta ensin kortti nostopakasta "
                                            "tai poistopakan päältä.")
        if isinstance(move, Discard):
            if move.card not in self.hand:
                return _not_in_hand((move.card,))
            if move.card == self.taken_from_discard:
                return discard_taken_card(move.card)
            return None
        if isinstance(move, Open):
            return self._open_refusal(move)
        if self._must_open() and isinstance(move, (PlayMeld, LayOff)):
            return IllegalMove("not_opened", f"Ennen avausta ei saa pelata yhdistelmiä eikä lisätä "
                                             f"kortteja pöytään: avaa ensin yhdistelmillä, joiden pisteet "
                                             f"ovat yhteensä vähintään {self.rules.opening_points}"
                                             f"{' ja joihin kuuluu puhdas suora' if self.rules.opening_pure_run else ''}.")
        cards = tuple(move.cards)
        if not cards:
            return IllegalMove("no_cards", "Siirrossa ei ole yhtään korttia.")
        missing = [c for c in cards if c not in self.hand]
        if missing or len(set(cards)) != len(cards):
            return _not_in_hand(tuple(missing) or cards)
        if isinstance(move, PlayMeld):
            if self.rules.melds_per_turn == "one" and self.melds_this_turn >= 1:
                return IllegalMove("one_meld_per_turn", "Tässä pelissä vuorossa saa pelata vain yhden "
                                                        "uuden yhdistelmän.")
            try:
                Meld.from_cards(cards, self.rules)
            except InvalidMeld as err:
                return err
        elif isinstance(move, LayOff):
            if not 0 <= move.target < len(self.table):
                return IllegalMove("no_such_meld", "Pöydällä ei ole sellaista yhdistelmää.")
            if not self.rules.lay_off_before_meld and not self._has_own_meld():
                return IllegalMove("lay_off_before_meld", "Tässä pelissä kortteja saa lisätä pöydän "
                                                          "yhdistelmiin vasta, kun on itse pelannut "
                                                          "yhdistelmän pöytään.")
            try:
                self.table[move.target].meld.extended(cards, self.rules)
            except InvalidMeld as err:
                return err
        else:
            return IllegalMove("unknown_move", f"Tuntematon siirto {move!r}.")
        left = [c for c in self.hand if c not in cards]
        if not left and self.rules.final_discard == "required":
            return IllegalMove("final_discard_required", "Tässä pelissä ulos mennään aina poistamalla "
                                                         "viimeinen kortti: yksi kortti on jätettävä "
                                                         "käteen poistettavaksi.")
        if left and all(c == self.taken_from_discard for c in left):
            return IllegalMove("stuck_with_taken_card",
                               f"Käteen jäisi vain poistopakasta nostettu {card_name(left[0])}, "
                               "jota ei saa poistaa samalla vuorolla.")
        return None

    def _must_open(self) -> bool:
        return self.rules.opening_points > 0 and not self.opened[self.turn]

    def _opening_points(self, move: Open) -> int:
        from .melds import meld_points
        return sum(meld_points(Meld.from_cards(cards, self.rules)) for cards in move.melds)

    def _open_refusal(self, move: Open) -> IllegalMove | None:
        from .melds import meld_points
        if self.rules.opening_points <= 0:
            return IllegalMove("no_opening", "Tässä pelissä ei ole erillistä avausta: pelaa yhdistelmät "
                                             "pöytään tavalliseen tapaan.")
        if self.opened[self.turn]:
            return IllegalMove("already_opened", "Olet jo avannut: pelaa yhdistelmät tavalliseen tapaan.")
        if not move.melds:
            return IllegalMove("no_cards", "Avauksessa ei ole yhtään yhdistelmää.")
        used: list[Card] = [c for cards in move.melds for c in cards]
        missing = [c for c in used if c not in self.hand]
        if missing or len(set(used)) != len(used):
            return _not_in_hand(tuple(missing) or tuple(used))
        melds = []
        for cards in move.melds:
            try:
                melds.append(Meld.from_cards(cards, self.rules))
            except InvalidMeld as err:
                return err
        points = sum(meld_points(m) for m in melds)
        if points < self.rules.opening_points:
            return IllegalMove("opening_too_low", f"Avauksen yhdistelmät ovat yhteensä {points} pistettä; "
                                                  f"avaukseen tarvitaan vähintään {self.rules.opening_points}.")
        if self.rules.opening_pure_run and not any(m.kind is MeldKind.RUN and not m.jokers for m in melds):
            return IllegalMove("no_pure_run", "Avaukseen on kuuluttava vähintään yksi puhdas suora, "
                                              "jossa ei ole jokeria.")
        left = [c for c in self.hand if c not in used]
        if not left and self.rules.final_discard == "required":
            return IllegalMove("final_discard_required", "Yksi kortti on jätettävä käteen, koska vuoro "
                                                         "päättyy aina poistoon.")
        if left and all(c == self.taken_from_discard for c in left):
            return IllegalMove("stuck_with_taken_card",
                               f"Käteen jäisi vain poistopakasta nostettu {card_name(left[0])}, "
                               "jota ei saa poistaa samalla vuorolla.")
        return None

    def _has_own_meld(self) -> bool:
        return any(tm.owner == self.turn for tm in self.table)


def _extends(meld: Meld, card: Card, rules: RuleSet) -> bool:
    try:
        meld.extended((card,), rules)
    except InvalidMeld:
        return False
    return True


def cut_for_dealer(players: int, seed: int | None = None) -> tuple[list[list[Card]], int]:
    """Everyone draws a card; the lowest (ace lowest) deals. Ties for lowest draw again.

    Returns the rounds of drawn cards (None for players not drawing) and the dealer.

    >>> rounds, dealer = cut_for_dealer(4, seed=2)
    >>> min(rounds[-1][i].rank for i in range(4) if rounds[-1][i]) == rounds[-1][dealer].rank
    True
    """
    rng = random.Random(seed)
    deck = standard_deck()
    rng.shuffle(deck)
    drawing = list(range(players))
    rounds: list[list] = []
    while True:
        row: list = [None] * players
        for p in drawing:
            row[p] = deck.pop()
        rounds.append(row)
        low = min(row[p].rank for p in drawing)
        drawing = [p for p in drawing if row[p].rank == low]
        if len(drawing) == 1:
            return rounds, drawing[0]


_cap = capitalize
_not_in_hand = not_in_hand
