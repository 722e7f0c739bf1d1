"""Playing whole games against the computer, as JSON in and JSON out (the "Pelaa" page).

The page keeps the game as a small plain *state* (rule set, house rules, seed, levels and
every move made so far, in the scenario files' step format) and sends it with each request;
:func:`handle` replays it through the engine, so the page can never hold a position the
engine did not reach, and a reload or a shared address restores the same game. Every deal of
a game is shuffled from the game's seed and the deal's number.

Requests (``{"op": ...}``): ``new``, ``view``, ``move`` (a human move; an illegal one comes back
as ``refused`` with the engine's code, its Finnish reason and a link to the rule's section),
``computer`` (the computers play until the reader is to act), ``hint``, ``next_deal``,
``replay`` (every move of a deal, narrated), ``export`` (a scenario YAML that ``tools.verify``
accepts) and ``options`` (the house-rule switches). :func:`handle` never raises.

>>> import json
>>> rules = {"name": "perusrommi"}
>>> r = json.loads(handle(json.dumps({"op": "new", "rules": rules, "players": 2, "seed": "7"})))
>>> r["ok"], r["result"]["view"]["hand_size"], r["result"]["view"]["turn"]
(True, 10, 0)
>>> state = r["result"]["state"]
>>> bad = json.loads(handle(json.dumps({"op": "move", "state": state, "move": {"discard": "AS"}})))
>>> bad["result"]["refused"]["code"], bad["result"]["refused"]["rule"]["anchor"]
('must_draw', 'vuoron-kulku')
"""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from .cards import CardParseError, parse_card, sort_cards
from .computer import LEVELS, Computer, hint
from .deal import DISCARD, STOCK, Claim, Discard, Draw, LayOff, Move, Open, Pass, PlayMeld
from .errors import IllegalMove
from .finnish import card_name, cards_text, count
from .games import new_deal
from .gin import GinDeal, Knock
from .finnish import UnknownName, name_forms, player_name
from .narrate import DEFAULT_NAMES, narrate_event
from .opening import melds_using_all
from .rules import OPTIONS, RuleSet, RuleSetError
from .scoring import GameTotals, next_dealer, score_deal
from .solver import best_arrangement

__all__ = ["handle", "play_game", "GAME_PAGES", "RULE_SECTIONS", "rule_link", "HOUSE_RULES",
           "step_of", "move_of", "export_yaml", "PlayError"]


class PlayError(ValueError):
    """A Pelaa request the engine will not answer; the message is Finnish, starting in lower case
    (the page puts it after a colon)."""


#: Each game's page and its Finnish name.
GAME_PAGES: dict[str, tuple[str, str]] = {
    "perusrommi": ("perusrommi", "Perusrommi"),
    "gin": ("gin-rommi", "Gin-rommi"),
    "rommi": ("rommi", "Rommi (perinteinen)"),
    "rommi51": ("rommi51", "Rommi 51"),
}

#: Where each game's page explains a kind of rule: candidate (anchor, heading) pairs, the first one
#: the page has wins (the page's data lists its section anchors, so a renamed heading falls back to
#: the next candidate instead of a dead link).
RULE_SECTIONS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "perusrommi": {
        "turn": (("vuoron-kulku", "Vuoron kulku"),), "meld": (("yhdistelmat", "Yhdistelmät"),),
        "lay_off": (("lisaaminen-poydan-yhdistelmiin", "Lisääminen pöydän yhdistelmiin"),),
        "out": (("ulosmeno", "Ulosmeno"),), "stock": (("kun-nostopakka-loppuu", "Kun nostopakka loppuu"),)},
    "gin": {
        "turn": (("vuoron-kulku", "Vuoron kulku"),), "offer": (("ensimmainen-avokortti", "Ensimmäinen avokortti"),),
        "meld": (("yhdistelmat-ja-irtokortit", "Yhdistelmät ja irtokortit"),), "knock": (("koputus", "Koputus"),),
        "stock": (("kun-nostopakka-hupenee", "Kun nostopakka hupenee"),)},
    "rommi": {
        "turn": (("vuoro", "Vuoro"),),
        "meld": (("yhdistelmat-ja-lisaaminen", "Yhdistelmät ja lisääminen"),
                 ("yhdistelmat-ja-taydentaminen", "Yhdistelmät ja täydentäminen")),
        "lay_off": (("yhdistelmat-ja-lisaaminen", "Yhdistelmät ja lisääminen"),
                    ("yhdistelmat-ja-taydentaminen", "Yhdistelmät ja täydentäminen")),
        "out": (("ulosmeno", "Ulosmeno"),), "stock": (("kun-nostopakka-loppuu", "Kun nostopakka loppuu"),)},
    "rommi51": {
        "turn": (("vuoro", "Vuoro"),), "meld": (("yhdistelmat", "Yhdistelmät"),),
        "lay_off": (("yhdistelmat", "Yhdistelmät"),), "opening": (("avaus", "Avaus"),),
        "joker": (("jokerit", "Jokerit"),),
        "out": (("jaon-loppu-ja-sakot", "Jaon loppu ja sakot"),
                ("kierroksen-loppu-ja-sakot", "Kierroksen loppu ja sakot")),
        "stock": (("vuoro", "Vuoro"),)},
}

_CODE_TOPIC = {
    "not_extending": "lay_off", "joker_in_place": "joker", "no_such_meld": "lay_off",
    "lay_off_before_meld": "lay_off", "final_discard_required": "out", "stock_empty": "stock",
    "stock_used": "stock", "not_opened": "opening", "opening_too_low": "opening", "no_pure_run": "opening",
    "already_opened": "opening", "no_opening": "meld", "offer_stock": "offer", "forced_stock": "offer",
    "knock_over_limit": "knock", "too_many_jokers": "joker", "too_few_naturals": "joker",
    "one_meld_per_turn": "meld", "not_melds": "opening",
}
_MELD_CODES = {"too_short", "gap", "mixed", "mixed_suits", "group_same_suit", "duplicate", "duplicate_rank",
               "ace_high", "wrap", "group_too_big"}

#: House rules a reader may switch before a game, per deal style.
HOUSE_RULES: dict[str, tuple[str, ...]] = {
    "rummy": ("melds_per_turn", "lay_off_before_meld", "final_discard", "ace", "stock_exhausted", "max_turnovers",
              "rummy_doubling", "opening_points", "opening_pure_run", "game_end", "game_deals", "target_score"),
    "knock": ("upcard_offer", "knock_limit", "gin_bonus", "undercut_bonus", "undercut_on_tie", "target_score"),
}


#: Pelaa's limit on turning the discard pile over where the rule set sets none (``max_turnovers: 0``).
#: Without one, a deal whose remaining melds are out of reach goes on for ever: in engine-only
#: games between the computer levels about 4 % of perusrommi and classic rommi deals were still
#: going after 1500 moves, while 94 % ended with at most two turnovers. The page says so
#: ("Rommikirja tarkentaa") and the reader may set another limit, 0 for none.
PLAY_MAX_TURNOVERS = 3

#: A few words after an option's label in the set-up form.
OPTION_NOTES = {"max_turnovers": "0 = rajatta"}


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
    if ("max_turnovers" not in options and rules.max_turnovers == 0
            and OPTIONS["max_turnovers"].applies(rules)):
        rules = rules.with_options(max_turnovers=PLAY_MAX_TURNOVERS)
    return rules


def play_notes(rules: RuleSet, options: Mapping[str, Any] = ()) -> list[str]:
    """What Pelaa decides where the rule set is silent, as "Rommikirja tarkentaa" sentences."""
    played = play_rules(rules, options)
    chosen = RuleSet.from_mapping(dict(options), base=rules) if options else rules
    if played.max_turnovers != chosen.max_turnovers:
        says = OPTIONS["max_turnovers"].says
        return [f"Rommikirja tarkentaa: {says(played.max_turnovers, played)} Näin jako ei voi jatkua "
                "loputtomiin, vaikka kukaan ei enää pääsisi ulos."]
    return []


def rule_link(game: str, code: str, anchors: Sequence[str] | None = None) -> dict | None:
    """The page section explaining a refusal: ``{"page", "anchor", "title", "href", "candidates"}``
    (href from the site root). With ``anchors`` (the page's section anchors) the first candidate
    the page has is chosen.

    >>> rule_link("gin", "knock_over_limit")["href"]
    'gin-rommi/#koputus'
    """
    sections = RULE_SECTIONS.get(game)
    if sections is None:
        return None
    topic = _CODE_TOPIC.get(code, "meld" if code in _MELD_CODES else "turn")
    if topic not in sections:
        topic = "meld" if topic in ("joker", "opening", "lay_off") and "meld" in sections else "turn"
    candidates = sections[topic]
    anchor, title = next((c for c in candidates if anchors is None or c[0] in anchors), candidates[0])
    page = GAME_PAGES[game][0]
    return {"page": page, "anchor": anchor, "title": title, "href": f"{page}/#{anchor}",
            "candidates": [{"anchor": a, "title": t, "href": f"{page}/#{a}"} for a, t in candidates]}


# -- moves as scenario steps -------------------------------------------------------------------

def step_of(move: Move, names: Sequence[str] = DEFAULT_NAMES) -> dict:
    """A move in the scenario files' step format, e.g. ``{"discard": "7H"}``."""
    if isinstance(move, Draw):
        return {"draw": move.source}
    if isinstance(move, Discard):
        return {"discard": move.card.code}
    if isinstance(move, Knock):
        return {"knock": move.card.code}
    if isinstance(move, PlayMeld):
        return {"meld": [c.code for c in move.cards]}
    if isinstance(move, LayOff):
        return {"lay_off": [c.code for c in move.cards], "onto": move.target}
    if isinstance(move, Open):
        return {"open": [[c.code for c in m] for m in move.melds]}
    if isinstance(move, Pass):
        return {"pass": True}
    if isinstance(move, Claim):
        return {"claim": names[move.player], "onto": move.target}
    raise PlayError(f"siirtoa {move!r} ei voi tallentaa")


def _cards(value: Any) -> tuple:
    if not isinstance(value, list) or not value:
        raise PlayError("odotettiin luetteloa kortteja")
    return tuple(parse_card(str(c)) for c in value)


def move_of(step: dict, names: Sequence[str] = DEFAULT_NAMES) -> Move:
    """The move of a step in the scenario format (the inverse of :func:`step_of`)."""
    if not isinstance(step, dict):
        raise PlayError("odotettiin siirtoa avain–arvo-muodossa")
    if "draw" in step:
        if step["draw"] not in (STOCK, DISCARD):
            raise PlayError("draw: odotettiin stock tai discard")
        return Draw(step["draw"])
    if "discard" in step:
        return Discard(parse_card(str(step["discard"])))
    if "knock" in step:
        return Knock(parse_card(str(step["knock"])))
    if "meld" in step:
        return PlayMeld(_cards(step["meld"]))
    if "lay_off" in step:
        onto = step.get("onto")
        if not isinstance(onto, int) or isinstance(onto, bool):
            raise PlayError("lay_off: kerro onto, mihin pöydän yhdistelmään")
        return LayOff(_cards(step["lay_off"]), onto)
    if "open" in step:
        melds = step["open"]
        if not isinstance(melds, list) or not melds:
            raise PlayError("open: odotettiin luetteloa yhdistelmiä")
        return Open(tuple(_cards(m) for m in melds))
    if "pass" in step:
        return Pass()
    if "claim" in step:
        who, onto = step["claim"], step.get("onto", 0)
        if who not in list(names):
            raise PlayError("claim: odotettiin pelaajan nimeä")
        if not isinstance(onto, int) or isinstance(onto, bool):
            raise PlayError("claim: kerro onto, minkä pöydän yhdistelmän kortti täydentää")
        return Claim(list(names).index(who), onto)
    raise PlayError(f"tuntematon siirto {sorted(step)}")


# -- a game replayed from its state ------------------------------------------------------------

#: Bounds on a request (the page is untrusted): every answer comes quickly.
LIMITS = {"request_chars": 2_000_000, "deals": 1000, "moves": 3000, "seed": 40, "name": 30}

#: Scores of finished deals already replayed, keyed by the game and the deal's moves (a long game
#: is not replayed from its first deal on every request).
_FINISHED: dict = {}


class _Game:
    """A game rebuilt from its state: the rules, every deal so far and the totals."""

    def __init__(self, state: dict) -> None:
        if not isinstance(state, dict):
            raise PlayError("odotettiin pelin tilaa")
        self.state = state
        base = dict(state.get("rules") or {})
        self.game = str(base.get("name", "perusrommi"))
        self.options = dict(state.get("options") or {})
        self.rules = play_rules(RuleSet.from_mapping(base), self.options)
        self.notes = play_notes(RuleSet.from_mapping(base), self.options)
        self.n = int(state.get("players", 2))
        if self.rules.style == "knock":
            self.n = 2
        if not self.rules.min_players <= self.n <= min(self.rules.max_players, 4):
            raise PlayError(f"pelaajia on oltava {self.rules.min_players}–{min(self.rules.max_players, 4)}")
        self.names = list(state.get("names") or DEFAULT_NAMES[:self.n])
        self.levels = list(state.get("levels") or ["taitava"] * (self.n - 1))
        if len(self.levels) != self.n - 1 or any(lv not in LEVELS for lv in self.levels):
            raise PlayError("jokaiselle tietokonepelaajalle on valittava taso: aloittelija tai taitava")
        self.seed = str(state.get("seed", "1"))
        if len(self.seed) > LIMITS["seed"] or len(self.names) != self.n or \
                any(not isinstance(x, str) or not 0 < len(x) <= LIMITS["name"] for x in self.names):
            raise PlayError("pelin numero tai pelaajien nimet eivät kelpaa")
        unknown = next((x for x in self.names if name_forms(x) is None), None)
        if unknown is not None:     # narration declines every name: built in, or the club's (data/names.json)
            raise PlayError(f"nimelle ”{unknown}” ei ole taivutusmuotoja; lisää ne tiedostoon scenarios/nimet.yaml")
        self.deals: list[dict] = list(state.get("deals") or [])
        if len(self.deals) > LIMITS["deals"] or any(
                not isinstance(d, dict) or not isinstance(d.get("moves"), list)
                or not isinstance(d.get("dealer"), int) or not 0 <= d["dealer"] < self.n
                or len(d["moves"]) > LIMITS["moves"] for d in self.deals):
            raise PlayError("pelin tila ei kelpaa")
        self.totals = GameTotals.start(self.n)
        self.deal: Any = None
        self.logs: list[list[str]] = []
        self.scores: list = []
        if not self.deals:
            self.deals.append({"dealer": self.n - 1, "moves": []})
        game_key = json.dumps([self.rules.as_mapping(), self.n, self.names, self.seed], sort_keys=True)
        last = len(self.deals) - 1
        for i, d in enumerate(self.deals):
            key = (game_key, i, json.dumps(d, sort_keys=True))
            if i != last and key in _FINISHED:
                # a finished deal replayed before (the worker keeps them): only its score is needed
                score = _FINISHED[key]
                self.logs.append([])
                self.scores.append(score)
                self.totals = self.totals.add(score.points)
                continue
            deal = self._deal(i, d["dealer"])
            log: list[str] = []
            for step in d["moves"]:
                self._play(deal, move_of(step, self.names), log)
            self.logs.append(log)
            if deal.is_over:
                score = score_deal(deal.outcome, self.rules)
                self.scores.append(score)
                self.totals = self.totals.add(score.points)
                if len(_FINISHED) >= 4000:
                    _FINISHED.clear()
                _FINISHED[key] = score
            elif i != last:
                raise PlayError("vain viimeinen jako voi olla kesken")
            self.deal = deal

    def _deal(self, index: int, dealer: int):
        return new_deal(self.rules, self.n, dealer=dealer, seed=f"{self.seed}:{index}")

    def _play(self, deal: Any, move: Move, log: list[str], seat: int | None = 0) -> None:
        """Play a move and narrate it as the reader at ``seat`` sees it: another player's card drawn
        from the stock stays hidden (``seat=None``: everything shown, for the replay)."""
        texts = [cards_text(tm.meld.cards) for tm in deal.table]
        before = len(deal.events)
        deal.play(move)
        for e in deal.events[before:]:
            if seat is not None and e.kind == "draw_stock" and e.player != seat:
                log.append(f"{self.names[e.player]} nostaa kortin nostopakasta.")
            else:
                log.append(narrate_event(e, self.names, texts, style=self.rules.style))

    def computer(self, seat: int) -> Computer:
        return Computer(self.levels[seat - 1], seed=f"{self.seed}:{seat}")

    @property
    def game_over(self) -> bool:
        return self.deal.is_over and self.totals.is_over(self.rules)

    def record(self, move: Move) -> list[str]:
        log: list[str] = []
        self._play(self.deal, move, log)
        self.deals[-1]["moves"].append(step_of(move, self.names))
        self.logs[-1].extend(log)
        if self.deal.is_over:
            score = score_deal(self.deal.outcome, self.rules)
            self.scores.append(score)
            self.totals = self.totals.add(score.points)
        return log

    def to_state(self) -> dict:
        return {**self.state, "players": self.n, "names": self.names, "levels": self.levels,
                "seed": self.seed, "deals": self.deals, "v": 1}


def _labels(codes: Sequence[str]) -> dict[str, str]:
    return {c: card_name(parse_card(c)) for c in codes}


def _rules_in_force(rules: RuleSet) -> list[dict]:
    out = []
    for key in HOUSE_RULES[rules.style]:
        spec = OPTIONS[key]
        value = getattr(rules, key)
        if spec.kind == "bool":
            text = spec.choices["true" if value else "false"]
        elif spec.kind == "choice":
            text = spec.choices[value]
        else:
            text = str(value)
        out.append({"option": key, "label": spec.label, "value": value, "text": text})
    return out


def _actions(deal: Any) -> list[str]:
    """Which buttons of the action bar can do something now."""
    phase = deal.phase.value
    if deal.is_over:
        return []
    if phase in ("offer",):
        return ["draw_discard", "pass"]
    if phase == "forced":
        return ["draw_stock"]
    if phase == "draw":
        acts = [a for a, m in (("draw_stock", Draw(STOCK)), ("draw_discard", Draw(DISCARD)), ("pass", Pass()))
                if deal.is_legal(m)]
        return acts
    if isinstance(deal, GinDeal):
        return ["discard", "knock"]
    acts = ["discard"]
    if deal.rules.opening_points and not deal.opened[deal.turn]:
        acts.insert(0, "open")
    else:
        acts[:0] = ["meld", "lay_off"]
    return acts


def _score_view(g: _Game, index: int) -> dict:
    score = g.scores[index]
    deal_rules = g.rules
    names = g.names
    lines: list[str] = []
    if g.rules.style == "knock":
        kind = score.kind
        if kind == "void":
            lines.append("Jako mitätöitiin: kukaan ei saa pisteitä, ja sama jakaja jakaa uudelleen.")
        else:
            w = names[score.scorer]
            if kind == "gin":
                lines.append(f"Gin! {w} saa ginin lisäpisteet {deal_rules.gin_bonus} ja vastustajan "
                             f"irtokorttipisteet: yhteensä {score.points[score.scorer]}.")
            elif kind == "undercut":
                lines.append(f"Alitus: {w} saa alituksen lisäpisteet {deal_rules.undercut_bonus} ja "
                             f"irtokorttipisteiden erotuksen: yhteensä {score.points[score.scorer]}.")
            else:
                lines.append(f"Koputus onnistui: {w} saa irtokorttipisteiden erotuksen, "
                             f"{count(score.points[score.scorer], 'piste', digits=True)}.")
            outcome = g.deal.outcome if index == len(g.deals) - 1 else None
            defence = getattr(outcome, "defender", None)
            if defence is not None and defence.layoffs:
                laid = [c for cards, _ in defence.layoffs for c in cards]
                lines.append(f"{names[1 - outcome.knocker]} liittää koputtajan yhdistelmiin "
                             f"{cards_text(laid, 'gen')}.")
            lines.append("Irtokorttipisteet: " + ", ".join(f"{names[i]} {v}" for i, v in enumerate(score.hand_values))
                         + ".")
    else:
        outcome = g.deal.outcome if index == len(g.deals) - 1 else None
        if score.kind == "went_out" and score.scorer is not None:
            lines.append(f"{names[score.scorer]} meni ulos.")
        else:
            lines.append("Jako päättyi ilman ulosmenoa.")
        if deal_rules.scoring == "penalty":
            opened = outcome.opened if outcome is not None and outcome.opened else (True,) * g.n
            lines.append("Sakkopisteet: " + ", ".join(
                f"{names[i]} {v}" + ("" if opened[i] or i == score.scorer else " (ei avannut)")
                for i, v in enumerate(score.hand_values)) + ".")
        else:
            lines.append("Käteen jääneiden korttien pisteet: " + ", ".join(
                f"{names[i]} {v}" for i, v in enumerate(score.hand_values)) + ".")
        if deal_rules.scoring == "winner_takes" and score.scorer is not None:
            lines.append(f"{names[score.scorer]} saa {count(score.points[score.scorer], 'piste', digits=True)}"
                         + (", rommista kaksinkertaisena." if score.doubled else "."))
    outcome_hands = []
    deal = g.deal if index == len(g.deals) - 1 else None
    if deal is not None and deal.outcome is not None:
        outcome_hands = [[c.code for c in sort_cards(h)] for h in deal.outcome.hands]
    return {"points": list(score.points), "hand_values": list(score.hand_values), "kind": score.kind,
            "scorer": score.scorer, "lines": [ln.replace("-", "−") if ln[:1] == "-" else ln for ln in lines],
            "hands": outcome_hands}


def _view(g: _Game, seat: int = 0) -> dict:
    deal = g.deal
    hand = [c.code for c in sort_cards(deal.hands[seat])]
    codes = set(hand) | {c.code for tm in deal.table for c in tm.meld.cards}
    if deal.discard:
        codes.add(deal.discard[-1].code)
    view: dict[str, Any] = {
        "game": g.game, "title": GAME_PAGES.get(g.game, (g.game, g.game))[1], "names": g.names,
        "levels": g.levels, "seat": seat, "turn": deal.turn, "dealer": deal.dealer,
        "phase": deal.phase.value, "deal_no": len(g.deals), "hand": hand, "hand_size": len(hand),
        "counts": [len(h) for h in deal.hands], "stock": len(deal.stock),
        "discard_top": deal.discard[-1].code if deal.discard else None, "discard_count": len(deal.discard),
        "table": [{"owner": g.names[tm.owner], "cards": [c.code for c in tm.meld.cards],
                   "text": tm.meld.text} for tm in deal.table],
        "taken": deal.taken_from_discard.code if deal.taken_from_discard else None,
        "actions": _actions(deal) if deal.turn == seat else [],
        "your_turn": deal.turn == seat and not deal.is_over,
        "log": g.logs[-1], "over": deal.is_over, "totals": list(g.totals.totals),
        "game_over": g.game_over, "rules": _rules_in_force(g.rules), "seed": g.seed,
        "style": g.rules.style, "notes": g.notes,
    }
    if isinstance(deal, GinDeal):
        arr = best_arrangement(deal.hands[seat], g.rules)
        view["deadwood"] = arr.deadwood_points
        view["knock_limit"] = g.rules.knock_limit
    elif g.rules.opening_points:
        view["opened"] = list(deal.opened)
    if deal.is_over:
        view["score"] = _score_view(g, len(g.deals) - 1)
        codes |= {c for h in view["score"]["hands"] for c in h}
        if view["game_over"]:
            view["leaders"] = [g.names[i] for i in g.totals.leaders()]
    view["labels"] = _labels(sorted(codes))
    return view


def _computers(g: _Game, seat: int = 0, limit: int = 400) -> list[str]:
    """The computers play until the reader at ``seat`` is to act or the deal ends."""
    log: list[str] = []
    while not g.deal.is_over and g.deal.turn != seat and limit > 0:
        log.extend(g.record(g.computer(g.deal.turn).choose(g.deal)))
        limit -= 1
    return log


def _refusal(g: _Game, err: IllegalMove) -> dict:
    try:                # the refusal names the player, as on the game pages ("Aino on jo nostanut …")
        reason = err.sentence(player_name(g.names[g.deal.turn]))
    except (UnknownName, IndexError):
        reason = err.message
    return {"code": err.code, "reason": reason, "rule": rule_link(g.game, err.code, g.state.get("sections"))}


def _human_move(g: _Game, step: Any) -> Move:
    """The reader's move; ``{"open_cards": [...]}`` (Rommi 51) splits the chosen cards into melds."""
    if isinstance(step, dict) and "open_cards" in step:
        cards = _cards(step["open_cards"])
        split = melds_using_all(cards, g.rules.with_options(opening_points=0))
        if split is None:
            raise IllegalMove("not_melds", "Valitsemiasi kortteja ei voi jakaa kelvollisiksi yhdistelmiksi"
                                           + (", joihin kuuluu puhdas suora" if g.rules.opening_pure_run else "")
                                           + ": avauksen jokaisen kortin on oltava jossakin yhdistelmässä.")
        return Open(tuple(tuple(m.cards) for m in split.melds))
    return move_of(step, g.names)


def _new(req: dict) -> dict:
    rules = req.get("rules") or {}
    state = {"rules": rules, "options": req.get("options") or {}, "players": int(req.get("players", 2)),
             "levels": req.get("levels"), "seed": str(req.get("seed", "1")), "deals": []}
    if req.get("names"):
        state["names"] = req["names"]
    if isinstance(req.get("sections"), list):     # the game page's section anchors, for rule links
        state["sections"] = [str(a) for a in req["sections"]]
    g = _Game(state)
    log = _computers(g)
    return {"state": g.to_state(), "view": _view(g), "log": log}


def _op(req: dict) -> Any:
    op = req.get("op")
    if op == "new":
        return _new(req)
    if op == "options":
        base = RuleSet.from_mapping(req.get("rules") or {})
        rules = play_rules(base)
        return {"options": [{"option": key, "label": OPTIONS[key].label, "kind": OPTIONS[key].kind,
                             "choices": dict(OPTIONS[key].choices), "min": OPTIONS[key].minimum,
                             "max": OPTIONS[key].maximum, "value": getattr(rules, key),
                             "note": OPTION_NOTES.get(key)}
                            for key in HOUSE_RULES[rules.style]
                            if OPTIONS[key].applies(rules)],   # e.g. no pure-run choice without an opening minimum
                "notes": play_notes(base)}
    g = _Game(req.get("state"))
    if op == "view":
        return {"state": g.to_state(), "view": _view(g)}
    if op == "move":
        if g.deal.is_over:
            raise PlayError("jako on jo päättynyt")
        if g.deal.turn != 0:
            return {"refused": {"code": "not_your_turn", "reason": f"Nyt on pelaajan {g.names[g.deal.turn]} "
                                                                   "vuoro.", "rule": rule_link(g.game, "turn", g.state.get("sections"))},
                    "state": g.to_state(), "view": _view(g)}
        try:
            move = _human_move(g, req.get("move"))
        except IllegalMove as err:
            return {"refused": _refusal(g, err), "state": g.to_state(), "view": _view(g)}
        except ValueError as err:
            reason = str(err) if isinstance(err, (PlayError, CardParseError)) else "Siirtoa ei voitu lukea."
            return {"refused": {"code": "bad_move", "reason": reason, "rule": None},
                    "state": g.to_state(), "view": _view(g)}
        try:
            log = g.record(move)
        except IllegalMove as err:
            return {"refused": _refusal(g, err), "state": g.to_state(), "view": _view(g)}
        return {"state": g.to_state(), "view": _view(g), "log": log}
    if op == "computer":
        log = _computers(g)
        return {"state": g.to_state(), "view": _view(g), "log": log}
    if op == "hint":
        if g.deal.is_over or g.deal.turn != 0:
            raise PlayError("vihjettä voi pyytää vain omalla vuorollaan")
        move, reason = hint(g.deal)
        return {"move": step_of(move, g.names), "reason": reason}
    if op == "next_deal":
        if not g.deal.is_over or g.game_over:
            raise PlayError("uusi jako alkaa vasta, kun edellinen on päättynyt")
        g.deals.append({"dealer": next_dealer(g.deal.outcome, g.rules), "moves": []})
        g2 = _Game(g.to_state())
        log = _computers(g2)
        return {"state": g2.to_state(), "view": _view(g2), "log": log}
    if op == "replay":
        return {"frames": _replay(g, int(req.get("deal", len(g.deals) - 1)))}
    if op == "export":
        return {"yaml": export_yaml(g), "filename": f"pelattu-{g.game}-{_slug(g.seed)}-{len(g.deals)}.yaml"}
    raise PlayError(f"tuntematon pyyntö {op!r}")


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower())[:30] or "peli"


def _replay(g: _Game, index: int) -> list[dict]:
    """Every move of deal ``index`` with its narration and all hands after it (for "Näytä jako")."""
    if not 0 <= index < len(g.deals) or (index == len(g.deals) - 1 and not g.deal.is_over):
        raise PlayError("jaon voi kerrata vasta, kun se on päättynyt")
    d = g.deals[index]
    deal = g._deal(index, d["dealer"])

    def frame(text: str) -> dict:
        return {"text": text, "hands": [[c.code for c in sort_cards(h)] for h in deal.hands],
                "table": [[c.code for c in tm.meld.cards] for tm in deal.table],
                "discard_top": deal.discard[-1].code if deal.discard else None, "stock": len(deal.stock)}
    frames = [frame(f"Jako {index + 1}: {g.names[deal.dealer]} jakaa.")]
    labels: set[str] = {c for h in frames[0]["hands"] for c in h}
    for step in d["moves"]:
        log: list[str] = []
        g._play(deal, move_of(step, g.names), log, seat=None)
        frames.append(frame(" ".join(log)))
    for f in frames:
        labels |= {c for h in f["hands"] for c in h} | {c for m in f["table"] for c in m}
        if f["discard_top"]:
            labels.add(f["discard_top"])
    frames[0]["labels"] = _labels(sorted(labels))
    return frames


# -- export as a scenario ----------------------------------------------------------------------

def _flow(codes: Sequence[str]) -> str:
    return "[" + ", ".join(codes) + "]"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _yaml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_yaml_value(v)}" for k, v in value.items()) + "}"
    return _quote(str(value))


def _step_yaml(step: dict) -> str:
    parts = []
    for key, value in step.items():
        if key in ("meld", "lay_off"):
            parts.append(f"{key}: {_flow(value)}")
        elif key == "open":
            parts.append(f"{key}: [" + ", ".join(_flow(m) for m in value) + "]")
        elif key == "pass":
            parts.append("pass: true")
        elif key == "onto":
            parts.append(f"onto: {int(value)}")
        else:
            parts.append(f"{key}: {value}")
    return "  - {" + ", ".join(parts) + "}"


def export_yaml(g: _Game) -> str:
    """The current deal as a scenario: its dealt position, the moves played so far and what followed."""
    index = len(g.deals) - 1
    d = g.deals[index]
    start = g._deal(index, d["dealer"])
    names = g.names
    before = GameTotals.start(g.n)
    for s in g.scores[:index]:
        before = before.add(s.points)
    lines = [
        "# Vie esimerkiksi: Rommikirjan Pelaa-sivulla pelattu jako "
        f"(siemen {g.seed}, jako {index + 1}). Tarkista: python -m tools.verify TIEDOSTO",
        "# Sivulle: lisää section-kenttä (pelisivun osio, jossa esimerkki näytetään) ja kirjoita",
        "# text-kenttään oma selitys (luvut ja kortit {{ … }}-lausekkeina).",
        "source: own",
        f"game: {g.game}",
        f"title: {_quote('Pelattu jako: ' + GAME_PAGES.get(g.game, (g.game, g.game))[1])}",
    ]
    # Every option of the rules actually played (house-rule switches and Pelaa's own turnover limit
    # included): the deal replays the same even after the club changes its rule set.
    lines.append("options:   # koko pelattu sääntökokonaisuus, jotta jako toistuu samana")
    lines.extend(f"  {k}: {_yaml_value(v)}" for k, v in g.rules.as_mapping().items() if k != "name")
    lines.append("players: [" + ", ".join(names) + "]")
    lines.append("setup:")
    lines.append(f"  dealer: {names[start.dealer]}")
    lines.append(f"  turn: {names[start.turn]}")
    if isinstance(start, GinDeal) and start.phase.value == "offer":
        lines.append("  phase: offer")
    lines.append("  hands:")
    lines.extend(f"    - {_flow([c.code for c in h])}" for h in start.hands)
    lines.append(f"  stock: {_flow([c.code for c in reversed(start.stock)])}")
    lines.append(f"  discard: {_flow([c.code for c in start.discard])}")
    if index:
        lines.append("  totals: {" + ", ".join(f"{names[i]}: {t}" for i, t in enumerate(before.totals)) + "}")
        lines.append(f"  deals_played: {before.deals}")
    lines.append("steps:")
    lines.extend(_step_yaml(step) for step in d["moves"])
    deal = g.deal
    if deal.is_over:
        score = g.scores[index]
        pts = ", ".join(f"{names[i]}: {p}" for i, p in enumerate(score.points))
        tot = ", ".join(f"{names[i]}: {t}" for i, t in enumerate(g.totals.totals))
        lines.append(f"  - expect: {{over: true, points: {{{pts}}}, totals: {{{tot}}}}}")
        text = ("{{ names[0] }} ja {{ names[1] }} pelasivat tämän jaon Rommikirjan Pelaa-sivulla; jaon "
                "pisteet ovat {{ score.points | join(', ') }}.")
    else:
        hand = _flow([c.code for c in deal.hands[deal.turn]])
        lines.append(f"  - expect: {{over: false, turn: {names[deal.turn]}, stock_size: {len(deal.stock)}, "
                     f"hand: {{{names[deal.turn]}: {hand}}}}}")
        text = ("Asema on pelattu Rommikirjan Pelaa-sivulla: {{ names[0] }} ja {{ names[1] }} "
                "ovat pelanneet jaon tähän asti.")
    lines.append("text: |")
    lines.append("  " + text)
    return "\n".join(lines) + "\n"


# -- engine-only games (benchmarks, tests) -----------------------------------------------------

def play_game(rules: RuleSet, players: Sequence[Computer], seed: Any = 0, first_dealer: int = 0,
              max_moves: int = 1500, max_deals: int = 400) -> dict:
    """A whole game between computer players to the rules' end condition.

    Returns ``{"totals", "leaders", "deals", "abandoned", "finished"}``. A deal still going after
    ``max_moves`` moves is abandoned and dealt again by the same dealer, as players would agree
    to: in the rummy games a deal can run for ever (the cards that would let anyone go out are
    all on the table, and the discard pile is turned over again and again).
    """
    n = len(players)
    totals = GameTotals.start(n)
    dealer = first_dealer
    deals = abandoned = 0
    while deals + abandoned < max_deals:
        deal = new_deal(rules, n, dealer=dealer, seed=f"{seed}:{deals + abandoned}")
        moves = 0
        while not deal.is_over and moves < max_moves:
            deal.play(players[deal.turn].choose(deal))
            moves += 1
        if not deal.is_over:
            abandoned += 1
            continue
        deals += 1
        totals = totals.add(score_deal(deal.outcome, rules).points)
        if totals.is_over(rules):
            break
        dealer = next_dealer(deal.outcome, rules)
    return {"totals": list(totals.totals), "leaders": list(totals.leaders()), "deals": deals,
            "abandoned": abandoned, "finished": totals.is_over(rules)}


def handle(request: str) -> str:
    """The browser's entry point for the Pelaa page: a JSON request in, a JSON reply out, never an exception.

    The error is Finnish text that follows a colon on the page (*Peliä ei voitu aloittaa: …*); a
    failure without a Finnish message of its own (malformed JSON, a Python error) gets a general one.

    >>> json.loads(handle('{"op": "view", "state": {"rules": {"ace": 5}}}'))["error"]
    'ace: tuntematon arvo ”5”; sallitut: low, high_or_low, round_the_corner'
    >>> json.loads(handle('{"op": "view", "state": {"players": "x"}}'))["error"]
    'pyyntö tai pelin tila on väärää muotoa'
    """
    try:
        if len(request) > LIMITS["request_chars"]:
            raise PlayError("pyyntö on liian pitkä")
        req = json.loads(request)
        if not isinstance(req, dict):
            raise PlayError("odotettiin pyyntöä avain–arvo-muodossa")
        result = _op(req)
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except (PlayError, RuleSetError, CardParseError, IllegalMove) as err:    # Finnish messages
        message = str(err)
    except json.JSONDecodeError:
        message = "pyyntö ei ole kelvollista JSONia"
    except Exception:  # reported to the page as a Finnish error, not a crash
        message = "pyyntö tai pelin tila on väärää muotoa"
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)
