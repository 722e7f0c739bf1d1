"""A Pelaa game rebuilt from its state (:mod:`rommikirja.app.pelaa_state`): the reader's moves replayed,
the computers' moves chosen again by the engine, the chain of every move checked.

The computers are never read from the state: whenever a computer is to act, its level chooses
the move from the position (:class:`~rommikirja.app.computer.Computer`, a pure function of the
position, the level and the game's seed), so a replay is the game the engine itself played.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .computer import Computer
from ..errors import IllegalMove
from ..finnish import UnknownName, cards_text, player_name
from ..games import new_deal
from ..narrate import narrate_event
from .pelaa_state import LIMITS, PlayError, _canonical, chain_step, game_digest, read_move, step_of
from ..rules import OPTIONS, RuleSet
from ..scoring import GameTotals, next_dealer, score_deal

__all__ = ["Game", "play_rules", "play_notes", "PLAY_MAX_TURNOVERS"]

#: Pelaa's limit on turning the discard pile over where the rule set sets none (``max_turnovers: 0``).
#: Without one, a deal whose remaining melds are out of reach goes on for ever: in engine-only
#: games between the computer levels about 4 % of perusrommi and classic rommi deals were still
#: going after 1500 moves, while 94 % ended with at most two turnovers. The page says so
#: ("Rommikirja tarkentaa") and the reader may set another limit, 0 for none. A deal that can
#: provably no longer end is ended by the rules' own ``deadlock`` rule when the stock runs out
#: (:mod:`rommikirja.deadlock`); the limit is left for the loops of play that are no proof (two
#: players, 2000 seeded deals each: all 4.6 % of stalled classic rommi deals end by the rule, and
#: 24 of perusrommi's 35 stalled deals; the other 11, 0.55 %, still need the limit).
PLAY_MAX_TURNOVERS = 3


def play_rules(rules: RuleSet, options: Mapping[str, Any] = ()) -> RuleSet:
    """The rules a game on the Pelaa page is played by: ``rules`` with the reader's ``options``,
    and Pelaa's turnover limit where neither sets one.

    >>> from rommikirja.rules import RuleSet
    >>> base = RuleSet.from_mapping({"stock_exhausted": "turn_over", "max_turnovers": 0})
    >>> play_rules(base).max_turnovers, play_rules(base, {"max_turnovers": 0}).max_turnovers
    (3, 0)
    >>> play_rules(base.with_options(stock_exhausted="block")).max_turnovers
    0
    """
    options = dict(options)
    rules = RuleSet.from_mapping(options, base=rules) if options else rules
    if "max_turnovers" not in options and rules.max_turnovers == 0 and OPTIONS["max_turnovers"].applies(rules):
        rules = rules.with_options(max_turnovers=PLAY_MAX_TURNOVERS)
    return rules


def play_notes(rules: RuleSet, options: Mapping[str, Any] = ()) -> list[str]:
    """What Pelaa decides where the rule set is silent, as "Rommikirja tarkentaa" sentences."""
    played = play_rules(rules, options)
    chosen = RuleSet.from_mapping(dict(options), base=rules) if options else rules
    if played.max_turnovers != chosen.max_turnovers:
        says = OPTIONS["max_turnovers"].says
        return [
            f"Rommikirja tarkentaa: {says(played.max_turnovers, played)} Näin jako ei voi jatkua "
            "loputtomiin, vaikka kukaan ei enää pääsisi ulos."
        ]
    return []


#: Finished deals already replayed in this worker, keyed by the chain at the deal's start (which
#: commits to the game's settings and every move before) and the reader's moves of the deal: the
#: engine's own moves, score, next dealer and chain at its end. A long game is not replayed from
#: its first deal on every request.
_FINISHED: dict = {}


class Game:
    """A game rebuilt from a checked state (:func:`~rommikirja.app.pelaa_state.check_state`, or
    :func:`~rommikirja.app.pelaa_state.new_state` for a game about to start).

    ``seen`` (the ``check`` of the furthest position the page has seen of this game) makes the
    replay note the chain at that many moves, for :meth:`verify`.
    """

    def __init__(self, state: dict, seen: Mapping[str, Any] | None = None) -> None:
        self.state = state
        base = RuleSet.from_mapping(state["rules"])
        self.game = str(state["rules"].get("name", "perusrommi"))
        self.options = dict(state["options"])
        self.rules = play_rules(base, self.options)
        self.notes = play_notes(base, self.options)
        self.n: int = state["players"]
        self.names: list[str] = list(state["names"])
        self.levels: list[str] = list(state["levels"])
        self.seed: str = state["seed"]
        self.sections = state.get("sections")
        self.deals: list[list[dict]] = [list(d) for d in state["deals"]]  # the reader's moves
        self.full: list[list[dict]] = []  # every move of each deal, as the engine played it
        self.dealers: list[int] = []
        self.logs: list[list[str]] = []
        self.scores: list = []
        self.totals = GameTotals.start(self.n)
        self.digest = self.chain = game_digest(state)
        self.count = 0
        self._seen_at = seen["moves"] if seen else None
        self.seen_chain = self.chain if self._seen_at == 0 else None
        self.deal: Any = None
        dealer = self.n - 1
        last = len(self.deals) - 1
        for i, moves in enumerate(self.deals):
            if i and self.totals.is_over(self.rules):
                raise PlayError(f"Peli päättyi jo jaon {i} jälkeen, joten tilassa ei voi olla sen jälkeisiä jakoja.")
            self.dealers.append(dealer)
            key = (self.chain, _canonical(moves))
            if i != last and key in _FINISHED:
                dealer = self._cached(_FINISHED[key])
                continue
            self._start(i)
            self._replay(i, moves)
            if self.deal.is_over:
                dealer = next_dealer(self.deal.outcome, self.rules)
                if i != last:
                    if len(_FINISHED) >= 1000:
                        _FINISHED.clear()
                    # the moves as compact text: the worker's memory is small (a deal is ~2 kB)
                    _FINISHED[key] = (
                        json.dumps(self.full[-1], separators=(",", ":")),
                        self.scores[-1],
                        dealer,
                        self.chain,
                    )
            elif i != last:
                raise PlayError(f"Vain pelin viimeinen jako voi olla kesken, mutta jako {i + 1} ei ole päättynyt.")

    # -- replay --------------------------------------------------------------------------------

    def _cached(self, entry: tuple) -> int:
        text, score, dealer, chain = entry
        full = json.loads(text)
        if self._seen_at is not None and self.count < self._seen_at <= self.count + len(full):
            step_chain = self.chain
            for step in full[: self._seen_at - self.count]:
                step_chain = chain_step(step_chain, len(self.full), step)
            self.seen_chain = step_chain
        self.full.append(full)
        self.logs.append([])
        self.scores.append(score)
        self.totals = self.totals.add(score.points)
        self.count += len(full)
        self.chain = chain
        return dealer

    def start_of(self, index: int) -> Any:
        """Deal ``index`` as it was dealt (its dealer known)."""
        return new_deal(self.rules, self.n, dealer=self.dealers[index], seed=f"{self.seed}:{index}")

    def _start(self, index: int) -> None:
        self.deal = self.start_of(index)
        self.full.append([])
        self.logs.append([])

    def _replay(self, index: int, moves: list) -> None:
        """Deal ``index`` with the reader's ``moves``, the computers choosing theirs."""
        deal = self.deal
        k = 0
        while not deal.is_over:
            if deal.turn != 0:
                self.computers()
                continue
            if k == len(moves):
                break
            try:
                move = read_move(moves[k], self.rules, self.names)
            except PlayError as err:
                raise PlayError(
                    f"Tallennetun pelin jaon {index + 1} oma siirto {k + 1} on väärää muotoa: {err}"
                ) from None
            k += 1
            try:
                self.advance(move)
            except IllegalMove as err:
                raise PlayError(
                    f"Tallennetun pelin jaossa {index + 1} on siirto, jota säännöt eivät salli: {self.reason(err)}"
                ) from None
        if k < len(moves):
            raise PlayError(f"Tallennetun pelin jaossa {index + 1} on omia siirtoja jaon päättymisen jälkeen.")

    def reason(self, err: IllegalMove) -> str:
        """A refusal naming the player in turn, as on the game pages (*Aino on jo nostanut …*)."""
        try:
            return err.sentence(player_name(self.names[self.deal.turn]))
        except (UnknownName, IndexError):
            return err.message

    def advance(self, move: Any) -> list[str]:
        """Play a move of the player in turn, narrate it as the reader sees it, chain it; the
        deal's score when it ends. Returns the narration."""
        deal = self.deal
        texts = [cards_text(tm.meld.cards) for tm in deal.table]
        before = len(deal.events)
        deal.play(move)  # IllegalMove: nothing changed
        step = step_of(move, self.names)
        log = [self.narrate(e, texts) for e in deal.events[before:]]
        self.logs[-1].extend(log)
        self.full[-1].append(step)
        self.chain = chain_step(self.chain, len(self.full) - 1, step)
        self.count += 1
        if self.count == self._seen_at:
            self.seen_chain = self.chain
        if deal.is_over:
            score = score_deal(deal.outcome, self.rules)
            self.scores.append(score)
            self.totals = self.totals.add(score.points)
        return log

    def narrate(self, e: Any, texts: list[str], seat: int | None = 0) -> str:
        """An event as the reader at ``seat`` sees it: another player's card drawn from the stock
        stays hidden (``seat=None``: everything shown, for the replay of a finished deal)."""
        if seat is not None and e.kind == "draw_stock" and e.player != seat:
            return f"{self.names[e.player]} nostaa kortin nostopakasta."
        return narrate_event(e, self.names, texts, style=self.rules.style)

    def computer(self, seat: int) -> Computer:
        return Computer(self.levels[seat - 1], seed=f"{self.seed}:{seat}")

    def computers(self) -> list[str]:
        """The computers play until the reader is to act or the deal ends; their narration."""
        log: list[str] = []
        deal = self.deal
        for _ in range(LIMITS["computer_moves"]):
            if deal.is_over or deal.turn == 0:
                return log
            log.extend(self.advance(self.computer(deal.turn).choose(deal)))
        if deal.is_over or deal.turn == 0:
            return log
        raise PlayError("Tietokonepelaajat eivät saaneet vuoroaan päätökseen, joten peliä ei voi jatkaa.")

    # -- the reader's moves and the state --------------------------------------------------------

    def record(self, move: Any) -> list[str]:
        """The reader's move (IllegalMove when the rules refuse it), kept in the state."""
        log = self.advance(move)
        self.deals[-1].append(self.full[-1][-1])
        return log

    def next_deal(self) -> list[str]:
        """Deal the next deal (the previous one has ended); the computers' first moves."""
        self.deals.append([])
        index = len(self.deals) - 1
        self.dealers.append(next_dealer(self.deal.outcome, self.rules))
        self._start(index)
        return self.computers()

    @property
    def game_over(self) -> bool:
        return self.deal.is_over and self.totals.is_over(self.rules)

    @property
    def check(self) -> dict:
        return {"game": self.digest, "moves": self.count, "chain": self.chain}

    def verify(self, check: Mapping[str, Any], seen: Mapping[str, Any] | None = None) -> None:
        """Refuse a state whose replay is not the position it claims, or that does not extend ``seen``."""
        if check["moves"] != self.count:
            raise PlayError(
                "Pelin tilaan on lisätty siirtoja tai siitä on poistettu niitä sen jälkeen, "
                "kun sääntömoottori tallensi sen."
            )
        if check["chain"] != self.chain:
            raise PlayError(
                "Pelin tila ei toistu samana: sen siirtoja on muutettu, tai sääntömoottori on "
                "päivittynyt pelin alkamisen jälkeen."
            )
        if seen is None:
            return
        if seen["moves"] > self.count:
            raise PlayError("Tallennettu peli on aiemmasta kohdasta kuin mihin peli jo eteni: siirtoja ei voi perua.")
        if self.seen_chain != seen["chain"]:
            raise PlayError(
                "Tallennetun pelin siirrot eivät ole ne, jotka tässä pelissä jo tehtiin: "
                "siirtoja ei voi perua eikä vaihtaa."
            )

    def to_state(self) -> dict:
        state = {key: self.state[key] for key in ("v", "id", "rules", "options", "players", "names", "levels", "seed")}
        state["deals"] = self.deals
        state["check"] = self.check
        if self.sections is not None:
            state["sections"] = self.sections
        return state
