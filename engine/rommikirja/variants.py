"""Rules that only some rummy games have, as small hooks of :class:`rommikirja.deal.Deal`.

- :class:`Rommi51Opening`: the first melding is one ``Open`` move worth at least
  ``opening_points`` (with a pure run when ``opening_pure_run``).
- :class:`ClassicRommi`: classic Finnish rommi's “Rommi!” claim of the last discard, the
  out-of-turn draw (``MisDraw``/``RejectExposed``) and the last round after the stock
  ran out (``Pass``).
"""
from __future__ import annotations

from typing import Iterator

from .cards import Card
from .errors import IllegalMove, InvalidMeld, not_in_hand
from .finnish import card_name
from .melds import Meld, MeldKind, meld_points
from .moves import Claim, Event, MisDraw, Open, Pass, Phase, RejectExposed, TableMeld

__all__ = ["Rommi51Opening", "ClassicRommi"]


class Rommi51Opening:
    """The opening: a player's first melds, all at once, worth ``rules.opening_points``."""

    def _must_open(self) -> bool:
        return self.rules.opening_points > 0 and not self.opened[self.turn]

    def best_opening(self, player: int | None = None):
        """Rommi 51: the best opening the player's hand allows now, or ``None``."""
        from .opening import best_opening
        return best_opening(self.hands[self.turn if player is None else player], self.rules)

    def _opening_points(self, move: Open) -> int:
        return sum(meld_points(Meld.from_cards(cards, self.rules)) for cards in move.melds)

    def _refuse_open(self, move: Open) -> IllegalMove | None:
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
            return not_in_hand(tuple(missing) or tuple(used))
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
        return self._leaves_refusal(used, "Yksi kortti on jätettävä käteen, koska vuoro päättyy aina "
                                          "poistoon.")

    def _candidate_openings(self) -> Iterator[Open]:
        """Every set of disjoint melds from the hand worth enough to open (checked by the caller).

        Built from the same meld candidates as :class:`~rommikirja.moves.PlayMeld`, so every
        opening the rules accept is among them (as a set of card sets).
        """
        rules = self.rules
        if (rules.max_jokers_per_meld <= 1 and rules.final_discard == "required"
                and rules.ace != "round_the_corner" and self.best_opening() is None):
            return      # the exact opening search (one joker per meld, a card kept) found nothing
        melds: list[tuple[frozenset, tuple[Card, ...], int, bool]] = []
        for cand in self._candidate_melds():
            try:
                meld = Meld.from_cards(cand.cards, rules)
            except InvalidMeld:
                continue
            melds.append((frozenset(cand.cards), cand.cards, meld_points(meld),
                          meld.kind is MeldKind.RUN and not meld.jokers))
        need, pure_needed = rules.opening_points, rules.opening_pure_run
        # the most points the melds after index i could still add (an upper bound for pruning)
        rest = [0] * (len(melds) + 1)
        for i in range(len(melds) - 1, -1, -1):
            rest[i] = rest[i + 1] + melds[i][2]
        chosen: list[int] = []

        def search(start: int, used: frozenset, points: int, pure: bool) -> Iterator[Open]:
            if chosen and points >= need and (pure or not pure_needed):
                yield Open(tuple(melds[i][1] for i in chosen))
            for i in range(start, len(melds)):
                if points + rest[i] < need:
                    return
                cards, _, pts, is_pure = melds[i]
                if used & cards:
                    continue
                chosen.append(i)
                yield from search(i + 1, used | cards, points + pts, pure or is_pure)
                chosen.pop()

        yield from search(0, frozenset(), 0, False)

    def _apply_open(self, move: Open) -> None:
        p = self.turn
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


class ClassicRommi:
    """Classic Finnish rommi: claims, out-of-turn draws and the last round."""

    # -- “Rommi!” -----------------------------------------------------------------------

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

    def _refuse_claim(self, move: Claim) -> IllegalMove | None:
        if move not in self._claims():
            return IllegalMove("no_claim", "”Rommi!” ei käy: juuri poistettu kortti ei sovi pöydän "
                                           "yhdistelmään, huuto ei ole käytössä tai kortti on "
                                           "huutajan oma poisto.")
        return None

    def _apply_claim(self, move: Claim) -> None:
        card = self.discard.pop()
        self.hands[move.player].append(card)
        self.events.append(Event(move.player, "claim", (card,), move.target))

    # -- an out-of-turn draw --------------------------------------------------------------

    def _refuse_misdraw(self, move: MisDraw) -> IllegalMove | None:
        if move.player == self.turn:
            return IllegalMove("own_turn", "On sinun vuorosi: nosta tavalliseen tapaan.")
        if self.phase is not Phase.DRAW or not self.stock or self.exposed is not None:
            return IllegalMove("no_misdraw", "Nostopakasta ei voi nyt nostaa väärällä vuorolla.")
        return None

    def _apply_misdraw(self, move: MisDraw) -> None:
        self.exposed = self.stock[-1]
        self.events.append(Event(move.player, "misdraw", (self.exposed,)))

    def _refuse_reject_exposed(self, move: RejectExposed) -> IllegalMove | None:
        if self.exposed is None:
            return IllegalMove("nothing_exposed", "Nostopakassa ei ole paljastettua korttia.")
        if len(self.stock) < 2:
            return IllegalMove("stock_empty", "Nostopakassa ei ole seuraavaa korttia.")
        return None

    def _apply_reject_exposed(self, move: RejectExposed) -> None:
        rejected = self.stock.pop()
        self.discard.append(rejected)
        self.exposed = None
        card = self.stock.pop()
        self.events.append(Event(self.turn, "reject_exposed", (rejected, card)))
        self.hand.append(card)
        self.phase = Phase.PLAY

    def _exposed_refusal(self) -> IllegalMove:
        return IllegalMove("exposed_card", f"Väärällä vuorolla nostettu {card_name(self.exposed)} on "
                                           "nostopakan päällä: ota se tai laita se poistopakkaan ja "
                                           "nosta seuraava.")

    # -- the last round -------------------------------------------------------------------

    def _refuse_pass(self, move: Pass) -> IllegalMove | None:
        if self.final_turns is None or self.phase is not Phase.DRAW:
            return IllegalMove("no_pass", "Vuoroa ei voi ohittaa: nosta kortti.")
        return None

    def _apply_pass(self, move: Pass) -> None:
        self.events.append(Event(self.turn, "pass"))
        self._end_turn()


def _extends(meld: Meld, card: Card, rules) -> bool:
    try:
        meld.extended((card,), rules)
    except InvalidMeld:
        return False
    return True
