"""One deal as a state machine: moves, legal moves, and the facts of how it ended.

The deal is split by phase: :mod:`~rommikirja.moves` (the values), :mod:`~rommikirja.draw_phase`,
:mod:`~rommikirja.meld_moves` (the meld phase's candidates), :mod:`~rommikirja.meld_phase`,
:mod:`~rommikirja.turn_end`, and :mod:`~rommikirja.variants` (Rommi 51's
opening, classic rommi's claims and last round). :class:`Deal` puts them together and dispatches
each kind of move to its phase through :data:`MOVE_KINDS`.

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

import random
from enum import Enum
from operator import attrgetter
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

from .codes import (
    DEALER,
    DEAL_OVER,
    DUPLICATE_CARD,
    IRREGULAR,
    MUST_DRAW,
    MUST_DRAW_ONE_CARD,
    NO_SUCH_CARD,
    PLAYERS,
    UNKNOWN_MOVE,
)
from .cards import Card, standard_deck
from .draw_phase import DrawPhase
from .errors import IllegalMove
from .finnish import capitalize, card_name
from .meld_moves import MeldMoves
from .meld_phase import MeldPhase
from .melds import Meld
from .moves import (
    DISCARD,
    DRAW_PHASE,
    OVER_PHASE,
    STOCK,
    Claim,
    Discard,
    Draw,
    EndReason,
    Event,
    LayOff,
    MisDraw,
    Move,
    Open,
    Outcome,
    Pass,
    Phase,
    PlayMeld,
    RejectExposed,
    TableMeld,
)
from .rules import RuleSet
from .turn_end import TurnEnd
from .variants import ClassicRommi, Rommi51Opening

__all__ = [
    "Deal",
    "Draw",
    "PlayMeld",
    "LayOff",
    "Discard",
    "Move",
    "STOCK",
    "DISCARD",
    "Pass",
    "Claim",
    "Open",
    "MisDraw",
    "RejectExposed",
    "cut_for_dealer",
    "Phase",
    "EndReason",
    "Outcome",
    "TableMeld",
    "Event",
    "MOVE_KINDS",
    "MoveKind",
    "When",
]


class When(Enum):
    """When a kind of move may come (a closed set: :class:`MoveKind`'s ``when``)."""

    ANY = "any"  # checked entirely by the kind's refusal: claims, passes, a rejected card
    IRREGULAR = "irregular"  # an out-of-turn draw: ``play`` makes it, ``is_legal`` never accepts it
    DRAW = "draw"  # the draw of the player in turn
    PLAY = "play"  # after drawing


class MoveKind(NamedTuple):
    """How :class:`Deal` handles one type of move: when it may come, why it is refused, how it is
    made (``refuse(deal, move)`` and ``apply(deal, move)`` are the phase mixins' functions).

    ``ready`` is the phase in which :meth:`Deal._refusal_of`'s phase checks pass the move straight
    to ``refuse`` (when nothing is exposed), derived from ``when``: the common case of a turn.
    """

    when: When
    refuse: Callable[["Deal", Move], IllegalMove | None]
    apply: Callable[["Deal", Move], None]
    ready: Phase | None = None

    @classmethod
    def of(cls, when: When, refuse: Callable, apply: Callable) -> "MoveKind":
        """The kind with its ``ready`` phase derived from ``when``."""
        return cls(when, refuse, apply, {When.DRAW: Phase.DRAW, When.PLAY: Phase.PLAY}.get(when))


class Deal(DrawPhase, MeldMoves, MeldPhase, TurnEnd, Rommi51Opening, ClassicRommi):
    """The position of one deal and the rules it is played under (the fields are
    :class:`~rommikirja.deal_state.DealState`'s; every phase mixin is typed against them)."""

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet, players: int, dealer: int = 0, seed: int | None = None) -> "Deal":
        """Shuffle with ``seed`` (reproducible) and deal one card at a time from the dealer's left.

        >>> d = Deal.new(RuleSet(), players=3, seed=1)
        >>> [len(h) for h in d.hands], len(d.stock), len(d.discard), d.turn
        ([7, 7, 7], 30, 1, 1)
        """
        if not rules.min_players <= players <= rules.max_players:
            raise IllegalMove(
                PLAYERS, f"Tässä pelissä on {rules.min_players}–{rules.max_players} pelaajaa, ei {players}."
            )
        if not 0 <= dealer < players:
            raise IllegalMove(DEALER, f"Jakajan numero {dealer} ei ole pelaaja.")
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
        stock = list(reversed(rest))  # rest[0] is the top of the stock
        return cls(
            rules=rules,
            hands=hands,
            stock=stock,
            discard=discard,
            dealer=dealer,
            turn=(dealer + 1) % players,
            has_played=[False] * players,
            opened=[False] * players,
        )

    @classmethod
    def from_position(
        cls,
        rules: RuleSet,
        hands: Sequence[Iterable[Card]],
        stock: Sequence[Card] = (),
        discard: Sequence[Card] = (),
        table: Sequence[tuple[int, Meld]] = (),
        dealer: int | None = None,
        turn: int = 0,
        has_played: Sequence[int] = (),
    ) -> "Deal":
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
        deal = cls(
            rules=rules,
            hands=[list(h) for h in hands],
            stock=list(reversed(stock)),
            discard=list(discard),
            table=table_melds,
            dealer=(turn - 1) % n if dealer is None else dealer,
            turn=turn,
            has_played=played,
            opened=list(played),
        )
        seen: dict[Card, str] = {}
        for where, cards in deal._zones():
            for c in cards:
                if c.is_joker:
                    if c.deck >= rules.jokers:
                        raise IllegalMove(
                            NO_SUCH_CARD, f"Tässä pelissä on {rules.jokers} jokeria, joten jokeria {c.code} ei ole."
                        )
                elif c.deck >= rules.decks:
                    raise IllegalMove(
                        NO_SUCH_CARD,
                        f"Tässä pelissä on vain {rules.decks} pakka, joten toisen pakan korttia {c.code} ei ole.",
                    )
                if c in seen:
                    raise IllegalMove(
                        DUPLICATE_CARD, f"{capitalize(card_name(c))} on asetelmassa kahdesti ({seen[c]} ja {where})."
                    )
                seen[c] = where
        return deal

    def _zones(self) -> Iterator[tuple[str, list[Card]]]:
        for i, h in enumerate(self.hands):
            yield f"pelaajan {i + 1} käsi", h
        yield "nostopakka", self.stock
        yield "poistopakka", self.discard
        for tm in self.table:
            yield "pöytä", list(tm.meld.cards)

    # -- queries (players, is_over, hand, legal_moves, is_legal, refusal: Position's) ----------

    def all_cards(self) -> list[Card]:
        """Every card in the deal, wherever it is (for conservation checks)."""
        return [c for _, cards in self._zones() for c in cards]

    def generate_legal_moves(self) -> Iterator[Move]:
        """The legal moves (those of :meth:`legal_move_list`, one at a time).

        >>> deal = Deal.new(RuleSet(), players=2, seed=7)
        >>> deal.legal_moves(), deal.legal_moves.count(), Draw(DISCARD) in deal.legal_moves
        ([Draw(source='stock'), Draw(source='discard')], 2, True)
        """
        return iter(self.legal_move_list())

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a list (``deal.legal_moves()``): candidates filtered through the
        refusal rules of their kind.

        :meth:`_refusal` is the one predicate: a move kind's rule (``MOVE_KINDS[...].refuse``)
        after checks of the phase. Generation checks the phase once and then asks each
        candidate's rule directly, like python-chess filtering pseudo-legal moves
        (``tests/test_legal.py`` proves the list equals what :meth:`is_legal` accepts).
        """
        phase = self.phase
        if phase is OVER_PHASE:
            return []
        if phase is DRAW_PHASE or self.exposed is not None:
            return self._draw_moves()
        if self.rules.must_open(self.opened[self.turn]):
            moves = self._generated_openings()
        else:
            moves = self._meld_and_layoff_moves()
        moves += self._discard_moves()
        return moves

    def _draw_moves(self) -> list[Move]:
        """The legal moves before drawing (or with a card exposed by an out-of-turn draw)."""
        if self.exposed is None:
            # the phase is checked: the draws by _refuse_draw's own two tests, the rarer kinds through _refusal
            moves = [_DRAW_STOCK] if self.stock and self.final_turns is None or self._can_draw_stock() else []
            if self.discard:
                moves.append(_DRAW_DISCARD)
            if self.final_turns is None and not self.rules.rommi_claim:
                return moves
            candidates = self._draw_candidates(draws=False)
        else:
            moves = []
            candidates = self._draw_candidates()
        refusal = self._refusal
        moves.extend(move for move in candidates if refusal(move) is None)
        return moves

    def _discard_moves(self) -> list[Discard]:
        """A discard of every card of the hand but the one that may not be discarded now."""
        hand = self.hands[self.turn]
        moves = list(map(_discard_move, hand))  # each card's Discard, kept with the card
        if not all(moves):  # (a card no generator has listed yet)
            moves = [c._discard_move or _discard_of(c) for c in hand]
        kept = self._undiscardable()
        if kept is None:
            return moves
        others = [m for m in moves if m.card is not kept]
        if len(others) < len(moves):
            return others
        return [m for m in moves if m.card != kept]  # (an equal card object in its place)

    def _draw_candidates(self, draws: bool = True) -> Iterator[Move]:
        """Moves that might be legal before drawing: every legal one is among them."""
        if draws:
            yield _DRAW_STOCK
            yield _DRAW_DISCARD
        if self.exposed is not None:
            yield RejectExposed()
        if self.final_turns is not None:
            yield Pass()
        if self.rules.rommi_claim:
            yield from self._claims()

    def turn_move_types(self) -> tuple[type, ...]:
        """Once drawn: the opening and the discard (before the player has opened, Rommi 51), else
        melds, lay-offs and the discard."""
        return (Open, Discard) if self.rules.must_open(self.opened[self.turn]) else (PlayMeld, LayOff, Discard)

    # -- playing ------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Make ``move`` for the player in turn, or raise :class:`IllegalMove` explaining why.

        An out-of-turn draw (:class:`MisDraw`) is an irregularity, never a legal move, but
        ``play`` makes it when it can happen (to narrate what the rules then say).
        """
        kind = MOVE_KINDS.get(type(move), _NO_KIND)
        when, refuse, apply, ready = kind
        if self.phase is ready and self.exposed is None:
            err = refuse(self, move)  # (_refusal's phase checks in their common case)
        else:
            err = self._refusal_of(kind, move)
        if err is not None:
            if when is not _IRREGULAR or self.phase is OVER_PHASE:
                raise err
            err = refuse(self, move)  # an irregularity: made when it can happen
            if err is not None:
                raise err
        apply(self, move)

    def push(self, move: Move) -> None:
        """Make ``move`` without checking it: for moves taken from :attr:`legal_moves`.

        A move that is not legal leaves the deal in an undefined state.
        """
        MOVE_KINDS[type(move)].apply(self, move)

    def _refusal(self, move: Move) -> IllegalMove | None:
        """The one predicate: why ``move`` is illegal now, or ``None`` if it is legal.

        The phase checks of :meth:`_refusal_of` come first, then the rule of the move's kind; in a
        turn's common case (the kind's ``ready`` phase, nothing exposed) they all pass at once.
        """
        kind = MOVE_KINDS.get(type(move), _NO_KIND)
        if self.phase is kind.ready and self.exposed is None:
            return kind.refuse(self, move)
        return self._refusal_of(kind, move)

    def turn_refusal(self, move_type: type) -> IllegalMove | None:
        """Why no move of ``move_type`` may be made now, whatever its cards: :meth:`_refusal_of`'s
        phase checks with a rule of the kind that accepts everything."""
        kind = MOVE_KINDS.get(move_type)
        if kind is None or kind.when is not _PLAY:
            return None
        return self._refusal_of(kind._replace(refuse=_accept), None)

    def _refusal_of(self, kind: MoveKind, move: Move) -> IllegalMove | None:
        """:meth:`_refusal` of a ``move`` of ``kind`` (``MOVE_KINDS[type(move)]``, or ``_NO_KIND``)."""
        if self.phase is OVER_PHASE:
            return IllegalMove(DEAL_OVER, "Jako on jo päättynyt.")
        when = kind.when
        if when is None:
            return _unknown_move(move)
        if when is _ANY:
            return kind.refuse(self, move)
        if self.exposed is not None:
            if when is _IRREGULAR:
                return _irregular()
            if move != _DRAW_STOCK:
                return self._exposed_refusal()
        elif when is _PLAY:
            if self.phase is DRAW_PHASE:
                return _must_draw(len(self.hands[self.turn]))
        elif when is _IRREGULAR:
            return _irregular()
        return kind.refuse(self, move)


#: Every kind of move a rummy deal knows; anything else is refused as ``unknown_move``.
MOVE_KINDS: dict[type, MoveKind] = {
    Claim: MoveKind.of(When.ANY, Deal._refuse_claim, Deal._apply_claim),
    MisDraw: MoveKind.of(When.IRREGULAR, Deal._refuse_misdraw, Deal._apply_misdraw),
    RejectExposed: MoveKind.of(When.ANY, Deal._refuse_reject_exposed, Deal._apply_reject_exposed),
    Pass: MoveKind.of(When.ANY, Deal._refuse_pass, Deal._apply_pass),
    Draw: MoveKind.of(When.DRAW, Deal._refuse_draw, Deal._apply_draw),
    Discard: MoveKind.of(When.PLAY, Deal._refuse_discard, Deal._apply_discard),
    Open: MoveKind.of(When.PLAY, Deal._refuse_open, Deal._apply_open),
    PlayMeld: MoveKind.of(When.PLAY, Deal._refuse_meld, Deal._apply_meld),
    LayOff: MoveKind.of(When.PLAY, Deal._refuse_lay_off, Deal._apply_lay_off),
}
_ANY, _IRREGULAR, _PLAY = When.ANY, When.IRREGULAR, When.PLAY


def _accept(deal: "Deal", move: object) -> None:
    return None


def _not_a_kind(deal: "Deal", move: object) -> IllegalMove:
    return _unknown_move(move)


#: What :meth:`Deal._refusal` takes for a move of no kind (``when`` None: refused as unknown).
_NO_KIND = MoveKind(None, _not_a_kind, _not_a_kind)  # type: ignore[arg-type]


def _irregular() -> IllegalMove:
    return IllegalMove(IRREGULAR, lambda who: f"{who} ei saa nostaa väärällä vuorolla, sillä se on sääntörikkomus.")


def _must_draw(cards_in_hand: int) -> IllegalMove:
    if cards_in_hand == 1:
        return IllegalMove(
            MUST_DRAW_ONE_CARD,
            lambda who: (
                f"{who} ei ole vielä nostanut, ja vuoro alkaa aina nostolla, vaikka kädessä olisi vain yksi kortti."
            ),
        )
    return IllegalMove(MUST_DRAW, lambda who: f"{who} ei ole vielä nostanut, ja vuoro alkaa aina nostolla.")


_DRAW_STOCK = Draw(STOCK)
_DRAW_DISCARD = Draw(DISCARD)


#: A card's :class:`Discard` once a generator has made it, else ``None`` (see :func:`_discard_of`).
_discard_move = attrgetter("_discard_move")


def _discard_of(card: Card) -> Discard:
    """The discard of ``card``, made once and kept with the card (moves are immutable values)."""
    move = Discard(card)
    object.__setattr__(card, "_discard_move", move)
    return move


def _unknown_move(move: object) -> IllegalMove:
    if type(move).__name__ == "Knock":
        return IllegalMove(UNKNOWN_MOVE, "Tässä pelissä ei koputeta, vaan ulos mennään pelaamalla kortit pöytään.")
    return IllegalMove(UNKNOWN_MOVE, "Tässä pelissä ei ole sellaista siirtoa.")


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
