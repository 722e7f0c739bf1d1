"""Playing whole games against the computer, as JSON in and JSON out (the "Pelaa" page).

The page keeps the game as a small plain *state* (:mod:`rommikirja.app.pelaa_state`: rule set, house
rules, seed, levels, a game id, the reader's own moves and a check of the position) and sends it
with each request (through :func:`rommikirja.app.api.handle`); each op here replays it through the engine (:mod:`rommikirja.app.pelaa_replay`),
the computers' moves chosen again from the seed and the levels, so the page can never hold a
position the engine did not reach, and a reload restores the same game. Every deal of a game is
shuffled from the game's seed and the deal's number.

Requests (``{"op": ...}``): ``new``, ``view``, ``move`` (a human move, then the computers until the
reader is to act again; an illegal one comes back as ``refused`` with the engine's code, its
Finnish reason and a link to the rule's section), ``computer`` (the same as ``view``: the
computers have always moved), ``hint``, ``next_deal``, ``replay`` (every move of a finished deal,
narrated), ``export`` (a finished deal as a scenario YAML that ``tools.verify`` accepts) and
``options`` (the house-rule switches). A request with a state may carry ``seen``, the ``check``
of the furthest position the page has seen of that game: a state that does not extend it (an
undo) is refused. A move may carry the page's ``links`` (:mod:`rommikirja.app.links`): a refusal
then links to the rule's section of the game's page.

No answer to the reader during a deal holds a hidden card (another hand, the stock): the view
shows the reader's own hand, the table, the top of the discard pile and the counts; narration
hides the others' cards drawn from the stock; the replay and the export wait for the deal's end.

>>> import json
>>> from rommikirja.app.api import pelaa_handle as handle
>>> rules = {"name": "perusrommi"}
>>> links = {"page": "kerho", "topics": {"turn": ["kulku", "Kulku"]}}
>>> r = json.loads(handle(json.dumps({"op": "new", "rules": rules, "players": 2, "seed": "7"})))
>>> r["ok"], r["result"]["view"]["hand_size"], r["result"]["view"]["turn"]
(True, 10, 0)
>>> state = r["result"]["state"]
>>> bad = json.loads(handle(json.dumps({"op": "move", "state": state, "move": {"discard": "AS"},
...                                   "links": links})))
>>> bad["result"]["refused"]["code"], bad["result"]["refused"]["rule"]["anchor"]
('must_draw', 'kulku')
>>> json.loads(handle(json.dumps({"op": "export", "state": state})))["error"][:40]
'Jaon voi viedä esimerkiksi vasta, kun se'
"""

from __future__ import annotations

from typing import Any, Sequence

from ..codes import BAD_MOVE, NOT_MELDS
from ..cards import parse_card, sort_cards
from .computer import Computer, hint
from ..deal import DISCARD, STOCK, Discard, Draw, LayOff, Open, Pass, PlayMeld
from ..errors import IllegalMove
from ..explain import score_lines
from ..finnish import card_name, cards_text
from ..games import new_deal
from ..moves import EventKind
from ..gin import Knock
from ..opening import melds_using_all
from .pelaa_export import export_yaml
from .pelaa_replay import PLAY_MAX_TURNOVERS, Game, play_notes, play_rules
from .links import check_links, rule_link
from .pelaa_state import (
    HOUSE_RULES,
    LIMITS,
    PlayError,
    check_rules,
    check_seen,
    check_state,
    game_digest,
    move_of,
    new_state,
    read_move,
    step_of,
)
from ..rules import OPTIONS, RuleSet
from ..scoring import GameTotals, next_dealer, score_deal
from ..solver import best_arrangement

__all__ = [
    "ACTION_STEPS",
    "action_of",
    "play_game",
    "HOUSE_RULES",
    "step_of",
    "move_of",
    "export_yaml",
    "PlayError",
    "LIMITS",
    "PLAY_MAX_TURNOVERS",
    "play_rules",
    "play_notes",
    "Game",
]

#: A few words after an option's label in the set-up form.
OPTION_NOTES = {"max_turnovers": "0 = rajatta"}


def _labels(codes: Sequence[str]) -> dict[str, str]:
    return {c: card_name(parse_card(c)) for c in codes}


def _rules_in_force(rules: RuleSet) -> list[dict]:
    """The rules panel beside the table: each house rule of the deal style that matters in this
    game (:attr:`~rommikirja.option_spec.OptionSpec.applies`: no points target in a game of so
    many deals), with its value in words."""
    out = []
    for key in HOUSE_RULES[rules.style]:
        spec = OPTIONS[key]
        if not spec.applies(rules):
            continue
        value = getattr(rules, key)
        if spec.kind == "bool":
            text = spec.choices["true" if value else "false"]
        elif spec.kind == "choice":
            text = spec.choices[value]
        else:
            text = str(value)
        out.append({"option": key, "label": spec.label, "value": value, "text": text})
    return out


#: What each button of the action bar sends, as a step (:mod:`rommikirja.steps`): ``step`` as it
#: is, plus the chosen cards under ``cards`` (``"one"``: one card; ``"many"``: a list) and, with
#: ``onto``, the chosen table meld. The page builds its moves from this, not from its own table.
ACTION_STEPS: dict[str, dict] = {
    "draw_stock": {"step": {"draw": "stock"}},
    "draw_discard": {"step": {"draw": "discard"}},
    "pass": {"step": {"pass": True}},
    "meld": {"step": {}, "cards": "many", "key": "meld"},
    "open": {"step": {}, "cards": "many", "key": "open_cards"},
    "lay_off": {"step": {}, "cards": "many", "key": "lay_off", "onto": True},
    "discard": {"step": {}, "cards": "one", "key": "discard"},
    "knock": {"step": {}, "cards": "one", "key": "knock"},
}


def action_of(step: dict) -> dict:
    """The button a step is made with and what it selects: ``{"action", "cards", "onto"}`` (for a hint)."""
    kind = next(iter(step))
    action = {"draw": "draw_" + str(step.get("draw")), "open": "open"}.get(kind, kind)
    value = step[kind]
    cards = (
        [c for m in value for c in m]
        if kind == "open"
        else value
        if isinstance(value, list)
        else [value]
        if kind in ("discard", "knock")
        else []
    )
    return {"action": action, "cards": cards, "onto": step.get("onto")}


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
        acts = [
            a
            for a, m in (("draw_stock", Draw(STOCK)), ("draw_discard", Draw(DISCARD)), ("pass", Pass()))
            if deal.is_legal(m)
        ]
        return acts
    return [_ACTION_OF[kind] for kind in deal.turn_move_types()]


def drawn_card(deal: Any, seat: int) -> str | None:
    """The code of the card ``seat`` drew from the stock or took from the discard pile this turn,
    while it is still in the hand (the hand shows it apart), else ``None``."""
    if deal.is_over or deal.turn != seat:
        return None
    for e in reversed(deal.events):
        if e.player != seat:
            return None
        if e.kind in (EventKind.DRAW_STOCK, EventKind.DRAW_DISCARD):
            card = e.cards[0]
            return card.code if any(c.code == card.code for c in deal.hands[seat]) else None
    return None


#: The action bar's button for each type of move made once drawn (``Position.turn_move_types``).
_ACTION_OF = {Open: "open", PlayMeld: "meld", LayOff: "lay_off", Discard: "discard", Knock: "knock"}


def _score_view(g: Game, index: int) -> dict:
    score = g.scores[index]
    outcome = g.deal.outcome if index == len(g.deals) - 1 else None
    lines = [line.text for line in score_lines(outcome, score, g.rules, g.names, view="pelaa")]
    outcome_hands = []
    deal = g.deal if index == len(g.deals) - 1 else None
    if deal is not None and deal.outcome is not None:
        outcome_hands = [[c.code for c in sort_cards(h)] for h in deal.outcome.hands]
    return {
        "points": list(score.points),
        "hand_values": list(score.hand_values),
        "kind": score.kind,
        "scorer": score.scorer,
        "lines": [ln.replace("-", "−") if ln[:1] == "-" else ln for ln in lines],
        "hands": outcome_hands,
    }


def _view(g: Game, seat: int = 0) -> dict:
    deal = g.deal
    hand = [c.code for c in sort_cards(deal.hands[seat])]
    codes = set(hand) | {c.code for tm in deal.table for c in tm.meld.cards}
    if deal.discard:
        codes.add(deal.discard[-1].code)
    view: dict[str, Any] = {
        "game": g.game,
        "title": _title(g),
        "names": g.names,
        "levels": g.levels,
        "seat": seat,
        "turn": deal.turn,
        "dealer": deal.dealer,
        "phase": deal.phase.value,
        "deal_no": len(g.deals),
        "hand": hand,
        "hand_size": len(hand),
        "counts": [len(h) for h in deal.hands],
        "stock": len(deal.stock),
        "discard_top": deal.discard[-1].code if deal.discard else None,
        "discard_count": len(deal.discard),
        "table": [
            {"owner": g.names[tm.owner], "cards": [c.code for c in tm.meld.cards], "text": tm.meld.text}
            for tm in deal.table
        ],
        "taken": deal.taken_from_discard.code if deal.taken_from_discard else None,
        "drawn": drawn_card(deal, seat),
        "actions": _actions(deal) if deal.turn == seat else [],
        "action_steps": ACTION_STEPS,
        "your_turn": deal.turn == seat and not deal.is_over,
        "log": g.logs[-1],
        "over": deal.is_over,
        "totals": list(g.totals.totals),
        "game_over": g.game_over,
        "rules": _rules_in_force(g.rules),
        "seed": g.seed,
        "style": g.rules.style,
        "notes": g.notes,
    }
    if deal.MELDS_IN_HAND:
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


def _refusal(g: Game, err: IllegalMove, links: dict | None) -> dict:
    return {"code": err.code, "reason": g.reason(err), "rule": rule_link(links, err.code)}


def _bad_move(g: Game, reason: str) -> dict:
    return {"refused": {"code": BAD_MOVE, "reason": reason, "rule": None}, "state": g.to_state(), "view": _view(g)}


def _human_move(g: Game, step: Any) -> Any:
    """The reader's move; ``{"open_cards": [...]}`` (Rommi 51) splits the chosen cards into melds."""
    move = read_move(step, g.rules, g.names, open_cards=True)
    if isinstance(move, tuple):
        # (the best split with a pure run, else any split: its own refusal then says what it lacks)
        split = melds_using_all(move[1], g.rules.with_options(opening_points=0))
        if split is None and g.rules.opening_pure_run:
            split = melds_using_all(move[1], g.rules.with_options(opening_points=0, opening_pure_run=False))
        if split is None:
            raise IllegalMove(
                NOT_MELDS,
                "Valitsemiasi kortteja ei voi jakaa kelvollisiksi yhdistelmiksi: avauksen jokaisen kortin on "
                "oltava jossakin yhdistelmässä.",
            )
        return Open(tuple(tuple(m.cards) for m in split.melds))
    return move


def _game(req: dict) -> Game:
    """The game of a request's state, replayed and checked (against ``seen`` too)."""
    state = check_state(req.get("state"))
    seen = check_seen(req.get("seen"))
    if seen is not None and seen["game"] != game_digest(state):
        raise PlayError(
            "Pelin asetuksia on muutettu sen jälkeen, kun peliä viimeksi pelattiin tällä sivulla: "
            "sääntöjä, tasoja, pelaajia tai pelin numeroa ei voi muuttaa kesken pelin."
        )
    g = Game(state, seen)
    g.verify(state["check"], seen)
    return g


def _title(g: Game) -> str:
    """The game's title: the rule set's ``title`` as the page sent it (the build writes each preset's), else its name."""
    title = g.state["rules"].get("title")
    return title if isinstance(title, str) else g.game


def _options(req: dict) -> dict:
    base = check_rules(req.get("rules") if req.get("rules") is not None else {})
    rules = play_rules(base)
    out = []
    for key in HOUSE_RULES[rules.style]:
        spec = OPTIONS[key]
        if not spec.applies(rules):  # e.g. no pure-run choice without an opening minimum
            continue
        top = min(spec.maximum, LIMITS["deals"]) if key == "game_deals" else spec.maximum
        out.append(
            {
                "option": key,
                "label": spec.label,
                "kind": spec.kind,
                "choices": dict(spec.choices),
                "min": spec.minimum,
                "max": top,
                "value": getattr(rules, key),
                "note": OPTION_NOTES.get(key),
            }
        )
    return {"options": out, "notes": play_notes(base)}


# -- the requests (the table of them, and the one handle(), are in rommikirja.app.api) ---------


def op_options(req: dict) -> dict:
    return _options(req)


def op_new(req: dict) -> dict:
    g = Game(new_state(req))
    log = g.logs[-1]
    return {"state": g.to_state(), "view": _view(g), "log": log, "recent": log}


def op_view(req: dict) -> dict:
    """``view`` and ``computer``: the computers have always moved, nothing to do."""
    g = _game(req)
    return {"state": g.to_state(), "view": _view(g), "log": []}


def op_move(req: dict) -> dict:
    links = check_links(req.get("links"))
    g = _game(req)
    if g.deal.is_over:
        raise PlayError("Jako on jo päättynyt; aloita seuraava jako.")
    try:
        move = _human_move(g, req.get("move"))
        log = g.record(move)
    except PlayError as err:
        return _bad_move(g, str(err))
    except IllegalMove as err:
        return {"refused": _refusal(g, err, links), "state": g.to_state(), "view": _view(g)}
    recent = g.computers()
    return {"state": g.to_state(), "view": _view(g), "log": log + recent, "recent": recent}


def op_hint(req: dict) -> dict:
    g = _game(req)
    if g.deal.is_over:
        raise PlayError("Vihjeen voi pyytää vain omalla vuorollaan, kun jako on kesken.")
    move, reason = hint(g.deal)
    step = step_of(move, g.names)
    return {"move": step, **action_of(step), "reason": reason}


def op_next_deal(req: dict) -> dict:
    g = _game(req)
    if not g.deal.is_over:
        raise PlayError("Uusi jako alkaa vasta, kun edellinen on päättynyt.")
    if g.game_over:
        raise PlayError("Peli on päättynyt; aloita uusi peli.")
    if len(g.deals) >= LIMITS["deals"]:
        raise PlayError(f"Pelissä on jo {LIMITS['deals']} jakoa, enempää Pelaa-sivulla ei pelata; aloita uusi peli.")
    recent = g.next_deal()
    return {"state": g.to_state(), "view": _view(g), "log": recent, "recent": recent}


def op_replay(req: dict) -> dict:
    g = _game(req)
    index = req.get("deal", len(g.deals) - 1)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(g.deals):
        raise PlayError(f"Jaon numeron (deal) pitää olla kokonaisluku 0–{len(g.deals) - 1}.")
    return {"frames": _replay(g, index)}


def op_export(req: dict) -> dict:
    g = _game(req)
    return {
        "yaml": export_yaml(g, _title(g)),
        "filename": f"pelattu-{_slug(g.game)}-{_slug(g.seed)}-{len(g.deals)}.yaml",
    }


def _slug(text: str) -> str:
    return "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in text.lower())[:30] or "peli"


def _replay(g: Game, index: int) -> list[dict]:
    """Every move of finished deal ``index`` with its narration and all hands after it ("Näytä jako")."""
    if index == len(g.deals) - 1 and not g.deal.is_over:
        raise PlayError("Jaon voi kerrata vasta, kun se on päättynyt.")
    deal = g.start_of(index)

    def frame(text: str) -> dict:
        return {
            "text": text,
            "hands": [[c.code for c in sort_cards(h)] for h in deal.hands],
            "table": [[c.code for c in tm.meld.cards] for tm in deal.table],
            "discard_top": deal.discard[-1].code if deal.discard else None,
            "stock": len(deal.stock),
        }

    frames = [frame(f"Jako {index + 1}: {g.names[deal.dealer]} jakaa.")]
    labels: set[str] = {c for h in frames[0]["hands"] for c in h}
    for step in g.full[index]:
        texts = [cards_text(tm.meld.cards) for tm in deal.table]
        before = len(deal.events)
        deal.play(move_of(step, g.names))
        frames.append(frame(" ".join(g.narrate(e, texts, seat=None) for e in deal.events[before:])))
    for f in frames:
        labels |= {c for h in f["hands"] for c in h} | {c for m in f["table"] for c in m}
        if f["discard_top"]:
            labels.add(f["discard_top"])
    frames[0]["labels"] = _labels(sorted(labels))
    return frames


# -- engine-only games (benchmarks, tests) -----------------------------------------------------


def play_game(
    rules: RuleSet,
    players: Sequence[Computer],
    seed: Any = 0,
    first_dealer: int = 0,
    max_moves: int = 1500,
    max_deals: int = 400,
) -> dict:
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
    return {
        "totals": list(totals.totals),
        "leaders": list(totals.leaders()),
        "deals": deals,
        "abandoned": abandoned,
        "finished": totals.is_over(rules),
    }
