"""Rules that only some rummy games have, as small hooks of :class:`rommikirja.deal.Deal`.

- :class:`Rommi51Opening`: the first melding is one ``Open`` move worth at least
  ``opening_points`` (with a pure run when ``opening_pure_run``).
- :class:`ClassicRommi`: classic Finnish rommi's “Rommi!” claim of the last discard, the
  out-of-turn draw (``MisDraw``/``RejectExposed``) and the last round after the stock
  ran out (``Pass``).
"""

from __future__ import annotations

from .codes import (
    ALREADY_OPENED,
    EXPOSED_CARD,
    NOTHING_EXPOSED,
    NO_CARDS,
    NO_CLAIM,
    NO_MISDRAW,
    NO_OPENING,
    NO_PASS,
    NO_PURE_RUN,
    OPENING_TOO_LOW,
    OWN_TURN,
    STOCK_EMPTY,
)
from .cards import Card
from .deal_state import DealState
from .errors import IllegalMove, InvalidMeld, malformed_move, meld_refusal, reading_refusal
from .finnish import capitalize, card_name, cards_text, count, join_list
from .melds import Meld, MeldKind, meld_points
from .moves import EV_CLAIM, EV_MELD, EV_MISDRAW, EV_OPENED, EV_PASS, EV_REJECT_EXPOSED
from .moves import Claim, Event, MisDraw, Open, Pass, Phase, RejectExposed, TableMeld


__all__ = ["Rommi51Opening", "ClassicRommi"]


def _short_opening(melds: list[Meld], points: int, need: int | None, no_pure: bool) -> str:
    """Why valid melds are no opening: too few points (``need``, the minimum) or no pure run.

    >>> from rommikirja import RuleSet
    >>> from rommikirja.cards import parse_cards
    >>> group = Meld.from_cards(parse_cards("2S 2C JK"), RuleSet(jokers=2))
    >>> _short_opening([group], 6, 51, True)
    'Ryhmä (patakakkonen, jokeri ja ristikakkonen) kelpaa, mutta se on vain 6 pistettä; avaukseen tarvitaan vähintään 51 pistettä ja puhdas suora.'
    """
    # the cards by their names, as the narration and the guide say a meld: "ryhmä (…, … ja …)"
    shown = join_list([f"{m.kind.finnish} ({cards_text(m.cards)})" for m in melds])
    one = len(melds) == 1
    valid = f"{capitalize(shown)} {'kelpaa' if one else 'kelpaavat'}"
    worth = count(points, "piste", digits=True)
    if need is None:
        return (
            f"{valid} ja {'on' if one else 'ovat yhteensä'} {worth}, mutta avaukseen tarvitaan myös puhdas suora, "
            "jossa ei ole jokeria."
        )
    return (
        f"{valid}, mutta {'se on' if one else 'ne ovat yhteensä'} vain {worth}; avaukseen tarvitaan vähintään "
        f"{count(need, 'piste', digits=True)}{' ja puhdas suora' if no_pure else ''}."
    )


class Rommi51Opening(DealState):
    """The opening: a player's first melds, all at once, worth ``rules.opening_points``."""

    def best_opening(self, player: int | None = None):
        """Rommi 51: the best opening the player's hand allows now, or ``None``."""
        from .opening import best_opening

        return best_opening(self.hands[self.turn if player is None else player], self.rules)

    def _opening_points(self, move: Open) -> int:
        return sum(
            meld_points(Meld.from_cards(cards, self.rules, _pairs_for(move.jokers, cards))) for cards in move.melds
        )

    def _refuse_open(self, move: Open) -> IllegalMove | None:
        rules = self.rules
        if rules.opening_points <= 0:
            return IllegalMove(
                NO_OPENING,
                "Tässä pelissä ei ole erillistä avausta, vaan yhdistelmät pelataan pöytään tavalliseen tapaan.",
            )
        if self.opened[self.turn]:
            return IllegalMove(
                ALREADY_OPENED,
                lambda who: f"{who} on jo avannut, joten hän pelaa yhdistelmät nyt tavalliseen tapaan.",
            )
        if not isinstance(move.melds, (tuple, list)) or not all(isinstance(m, (tuple, list)) for m in move.melds):
            return malformed_move()
        if not move.melds:
            return IllegalMove(NO_CARDS, "Avauksessa ei ole yhtään yhdistelmää.")
        used = tuple(c for cards in move.melds for c in cards)
        err = self._cards_refusal(used)
        if err is not None:
            return err
        if move.jokers:
            err = reading_refusal(used, move.jokers)
            if err is not None:
                return err
        melds = []
        for cards in move.melds:
            meld = self._meld_of(tuple(cards), _pairs_for(move.jokers, cards))
            if type(meld) is not Meld:
                return meld_refusal(meld, tuple(cards))
            melds.append(meld)
        points = sum(meld_points(m) for m in melds)
        no_pure = rules.opening_pure_run and not any(m.kind is MeldKind.RUN and not m.jokers for m in melds)
        if points < rules.opening_points:
            need = rules.opening_points
            return IllegalMove(OPENING_TOO_LOW, lambda who: _short_opening(melds, points, need, no_pure))
        if no_pure:
            return IllegalMove(NO_PURE_RUN, lambda who: _short_opening(melds, points, None, True))
        return self._leaves_refusal(move, used)

    def _generated_openings(self) -> list[Open]:
        """The legal openings: :meth:`_candidate_openings` less those :meth:`_refuse_open` refuses.

        A generated opening is valid by construction up to the end of the turn (held, disjoint
        cards; melds classified with their own jokers' readings; enough points; a pure run when
        needed), so only :meth:`_leaves_refusal` is asked (``tests/test_legal.py`` and
        ``tools.bench --parity`` compare this with the full check)."""
        out = []
        size = len(self.hand) - 1
        leaves = self._leaves_refusal
        for move in self._candidate_openings():
            if sum(map(len, move.melds)) < size:
                out.append(move)  # a card to spare: _leaves_refusal has nothing to say
            elif leaves(move, tuple(c for cards in move.melds for c in cards)) is None:
                out.append(move)
        return out

    def _candidate_openings(self) -> list[Open]:
        """Every set of disjoint melds from the hand worth enough to open (checked by the caller).

        Built from the same meld candidates as :class:`~rommikirja.moves.PlayMeld`, so every
        opening the rules accept is among them (as a set of card sets).
        """
        rules = self.rules
        if rules.opening_pure_run and not self._has_run_of_three():
            return []  # an opening needs a pure run: three cards in a row of one suit
        if rules.max_jokers_per_meld <= 1 and rules.final_discard == "required" and rules.ace != "round_the_corner":
            from .opening import can_open

            if not can_open(self.hand, rules):
                return []  # the exact opening search (one joker per meld, a card kept) found nothing
        place = {id(c): 1 << i for i, c in enumerate(self.hand)}
        # (the hand's cards as bits, its points, whether a pure run, the cards, the joker reading)
        melds: list[tuple[int, int, bool, tuple[Card, ...], tuple]] = []
        for cand in self._candidate_melds():
            meld = self._meld_of(cand.cards, cand.jokers)
            if type(meld) is not Meld:
                continue
            bits = 0
            for c in cand.cards:
                bits |= place[id(c)]
            melds.append(
                (bits, meld_points(meld), meld.kind is MeldKind.RUN and not meld.jokers, cand.cards, cand.jokers)
            )
        need, pure_needed = rules.opening_points, rules.opening_pure_run
        # the most points the melds after index i could still add (an upper bound for pruning)
        n = len(melds)
        rest = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            rest[i] = rest[i + 1] + melds[i][1]
        chosen: list[int] = []
        out: list[Open] = []

        def search(start: int, used: int, points: int, pure: bool) -> None:
            if chosen and points >= need and (pure or not pure_needed):
                out.append(
                    Open(tuple(melds[i][3] for i in chosen), tuple(pair for i in chosen for pair in melds[i][4]))
                )
            for i in range(start, n):
                if points + rest[i] < need:
                    return
                bits, pts, is_pure, _, _ = melds[i]
                if used & bits:
                    continue
                chosen.append(i)
                search(i + 1, used | bits, points + pts, pure or is_pure)
                chosen.pop()

        search(0, 0, 0, False)
        return out

    def _has_run_of_three(self) -> bool:
        """Whether the hand holds three natural cards in a row of one suit (a quick test)."""
        high = self.rules.ace == "high_or_low"
        corner = self.rules.ace == "round_the_corner"
        for cards in self._grouped().by_suit:
            if len(cards) >= 3:
                mask = 0
                for c in cards:
                    mask |= 1 << c.rank
                if (high or corner) and mask & 2:
                    mask |= 1 << 14
                if corner and mask & (1 << 13):
                    mask |= 1  # K-A-2 round the corner: the king also just below the ace
                if mask & (mask >> 1) & (mask >> 2):
                    return True
        return False

    def _apply_open(self, move: Open) -> None:
        p = self.turn
        for cards in move.melds:
            meld = self._meld_of(tuple(cards), _pairs_for(move.jokers, cards))
            if type(meld) is not Meld:
                raise meld
            self._remove_from_hand(cards)
            self.table.append(TableMeld(p, meld))
            self.events.append(Event(p, EV_MELD, meld.cards, len(self.table) - 1, meld.jokers))
        self.melds_this_turn += len(move.melds)
        self.played_this_turn = True
        self.opened[p] = True
        self.events.append(Event(p, EV_OPENED, target=self._opening_points(move)))
        if not self.hand:
            self._went_out()


class ClassicRommi(DealState):
    """Classic Finnish rommi: claims, out-of-turn draws and the last round."""

    # -- “Rommi!” -----------------------------------------------------------------------

    def _claims(self) -> list[Claim]:
        """“Rommi!” claims open now: the card just discarded fits a table meld."""
        if not self.rules.rommi_claim or not self.discard or not self.events or self.events[-1].kind != "discard":
            return []
        card = self.discard[-1]
        discarder = self.events[-1].player
        fits = [i for i, tm in enumerate(self.table) if _extends(tm.meld, card, self.rules)]
        if not fits:
            return []
        return [Claim(p, fits[0]) for p in range(self.players) if p != discarder]

    def _refuse_claim(self, move: Claim) -> IllegalMove | None:
        if move in self._claims():
            return None
        if not self.rules.rommi_claim:
            return IllegalMove(NO_CLAIM, "Tässä pelissä ei huudeta ”rommia”.")
        if type(move.player) is not int or not 0 <= move.player < self.players:
            return malformed_move()
        last = self.events[-1] if self.events else None
        if not self.discard or last is None or last.kind != "discard":
            return IllegalMove(NO_CLAIM, lambda who: f"{who} voi huutaa ”rommi!” vain heti jonkun poiston jälkeen.")
        if last.player == move.player:
            return IllegalMove(NO_CLAIM, lambda who: f"{who} ei voi huutaa ”rommia” omasta poistostaan.")
        card = self.discard[-1]
        if any(_extends(tm.meld, card, self.rules) for tm in self.table):
            return IllegalMove(
                NO_CLAIM,
                lambda who: f"Juuri poistettu {card_name(card)} ei sovi siihen yhdistelmään, jota huuto koskee.",
            )
        return IllegalMove(
            NO_CLAIM,
            lambda who: (
                f"Juuri poistettu {card_name(card)} ei sovi mihinkään pöydän yhdistelmään, joten huuto ei kelpaa."
            ),
        )

    def _apply_claim(self, move: Claim) -> None:
        card = self.discard.pop()
        self.hands[move.player].append(card)
        self.events.append(Event(move.player, EV_CLAIM, (card,), move.target))

    # -- an out-of-turn draw --------------------------------------------------------------

    def _refuse_misdraw(self, move: MisDraw) -> IllegalMove | None:
        if type(move.player) is not int or not 0 <= move.player < self.players:
            return malformed_move()
        if move.player == self.turn:
            return IllegalMove(OWN_TURN, lambda who: f"{who} on itse vuorossa, joten hän nostaa tavalliseen tapaan.")
        if self.phase is not Phase.DRAW or not self.stock or self.exposed is not None:
            return IllegalMove(NO_MISDRAW, "Nostopakasta ei voi nyt nostaa väärällä vuorolla.")
        return None

    def _apply_misdraw(self, move: MisDraw) -> None:
        self.exposed = self.stock[-1]
        self.events.append(Event(move.player, EV_MISDRAW, (self.exposed,)))

    def _refuse_reject_exposed(self, move: RejectExposed) -> IllegalMove | None:
        if self.exposed is None:
            return IllegalMove(NOTHING_EXPOSED, "Nostopakassa ei ole paljastettua korttia.")
        if len(self.stock) < 2:
            return IllegalMove(STOCK_EMPTY, "Nostopakassa ei ole seuraavaa korttia.")
        return None

    def _apply_reject_exposed(self, move: RejectExposed) -> None:
        rejected = self.stock.pop()
        self.discard.append(rejected)
        self.exposed = None
        card = self.stock.pop()
        self.events.append(Event(self.turn, EV_REJECT_EXPOSED, (rejected, card)))
        self.hand.append(card)
        self.phase = Phase.PLAY

    def _exposed_refusal(self) -> IllegalMove:
        card = self.exposed
        return IllegalMove(
            EXPOSED_CARD,
            lambda who: (
                f"{who} voi nyt vain ottaa väärällä vuorolla "
                f"paljastetun {card_name(card, 'gen')} tai laittaa "
                "sen poistopakkaan ja nostaa seuraavan kortin."
            ),
        )

    # -- the last round -------------------------------------------------------------------

    def _refuse_pass(self, move: Pass) -> IllegalMove | None:
        if self.final_turns is None:
            return IllegalMove(
                NO_PASS, lambda who: f"{who} ei voi ohittaa vuoroaan, koska nostopakkaa ei ole vielä käyty läpi."
            )
        if self.phase is not Phase.DRAW:
            return IllegalMove(NO_PASS, lambda who: f"{who} on jo ottanut kortin, joten vuoroa ei voi enää ohittaa.")
        return None

    def _apply_pass(self, move: Pass) -> None:
        self.events.append(Event(self.turn, EV_PASS))
        self._end_turn()


def _pairs_for(jokers, cards) -> tuple:
    """The declared (joker, card) pairs that belong to the meld ``cards``."""
    return tuple(p for p in jokers if any(p[0] is c or p[0] == c for c in cards))


def _extends(meld: Meld, card: Card, rules) -> bool:
    try:
        meld.extended((card,), rules)
    except InvalidMeld:
        return False
    return True
