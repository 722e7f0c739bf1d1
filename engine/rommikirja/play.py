"""Playing whole games against the computer, as JSON in and JSON out (the "Pelaa" page).

The page keeps the game as a small plain *state* (:mod:`rommikirja.play_state`: rule set, house
rules, seed, levels, a game id, the reader's own moves and a check of the position) and sends it
with each request; :func:`handle` replays it through the engine (:mod:`rommikirja.play_replay`),
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
undo) is refused. :func:`handle` never raises; every refusal is one Finnish sentence.

No answer to the reader during a deal holds a hidden card (another hand, the stock): the view
shows the reader's own hand, the table, the top of the discard pile and the counts; narration
hides the others' cards drawn from the stock; the replay and the export wait for the deal's end.

>>> import json
>>> rules = {"name": "perusrommi"}
>>> r = json.loads(handle(json.dumps({"op": "new", "rules": rules, "players": 2, "seed": "7"})))
>>> r["ok"], r["result"]["view"]["hand_size"], r["result"]["view"]["turn"]
(True, 10, 0)
>>> state = r["result"]["state"]
>>> bad = json.loads(handle(json.dumps({"op": "move", "state": state, "move": {"discard": "AS"}})))
>>> bad["result"]["refused"]["code"], bad["result"]["refused"]["rule"]["anchor"]
('must_draw', 'vuoron-kulku')
>>> json.loads(handle(json.dumps({"op": "export", "state": state})))["error"][:40]
'Jaon voi viedä esimerkiksi vasta, kun se'
"""
from __future__ import annotations

import json
from typing import Any, Sequence

from .cards import parse_card, sort_cards
from .computer import Computer, hint
from .deal import DISCARD, STOCK, Draw, Open, Pass
from .errors import IllegalMove
from .finnish import card_name, cards_text, count
from .games import new_deal
from .gin import GinDeal
from .opening import melds_using_all
from .play_export import export_yaml
from .play_replay import PLAY_MAX_TURNOVERS, Game, play_notes, play_rules
from .play_state import (HOUSE_RULES, LIMITS, PlayError, check_rules, check_seen, check_state, game_digest,
                         move_of, new_state, read_move, read_request, step_of)
from .rules import OPTIONS, RuleSet, RuleSetError
from .scoring import GameTotals, next_dealer, score_deal
from .solver import best_arrangement

__all__ = ["handle", "play_game", "GAME_PAGES", "RULE_SECTIONS", "rule_link", "HOUSE_RULES",
           "step_of", "move_of", "export_yaml", "PlayError", "LIMITS", "PLAY_MAX_TURNOVERS", "play_rules",
           "play_notes", "Game"]

#: A failure without a Finnish message of its own (a bug): the reader still gets a sentence.
FALLBACK = "Sääntömoottorissa tapahtui sisäinen virhe, eikä pyyntöön voitu vastata."

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


#: A few words after an option's label in the set-up form.
OPTION_NOTES = {"max_turnovers": "0 = rajatta"}


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


def _score_view(g: Game, index: int) -> dict:
    from .explain import score_lines    # (local: this edit stays inside the body; hoist it at merge)
    score = g.scores[index]
    outcome = g.deal.outcome if index == len(g.deals) - 1 else None
    lines = [line.text for line in score_lines(outcome, score, g.rules, g.names, view="pelaa")]
    outcome_hands = []
    deal = g.deal if index == len(g.deals) - 1 else None
    if deal is not None and deal.outcome is not None:
        outcome_hands = [[c.code for c in sort_cards(h)] for h in deal.outcome.hands]
    return {"points": list(score.points), "hand_values": list(score.hand_values), "kind": score.kind,
            "scorer": score.scorer, "lines": [ln.replace("-", "−") if ln[:1] == "-" else ln for ln in lines],
            "hands": outcome_hands}


def _view(g: Game, seat: int = 0) -> dict:
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


def _refusal(g: Game, err: IllegalMove) -> dict:
    return {"code": err.code, "reason": g.reason(err), "rule": rule_link(g.game, err.code, g.sections)}


def _bad_move(g: Game, reason: str) -> dict:
    return {"refused": {"code": "bad_move", "reason": reason, "rule": None}, "state": g.to_state(),
            "view": _view(g)}


def _human_move(g: Game, step: Any) -> Any:
    """The reader's move; ``{"open_cards": [...]}`` (Rommi 51) splits the chosen cards into melds."""
    move = read_move(step, g.rules, g.names, open_cards=True)
    if isinstance(move, tuple):
        split = melds_using_all(move[1], g.rules.with_options(opening_points=0))
        if split is None:
            raise IllegalMove("not_melds", "Valitsemiasi kortteja ei voi jakaa kelvollisiksi yhdistelmiksi"
                                           + (", joihin kuuluu puhdas suora" if g.rules.opening_pure_run else "")
                                           + ": avauksen jokaisen kortin on oltava jossakin yhdistelmässä.")
        return Open(tuple(tuple(m.cards) for m in split.melds))
    return move


def _game(req: dict) -> Game:
    """The game of a request's state, replayed and checked (against ``seen`` too)."""
    state = check_state(req.get("state"))
    seen = check_seen(req.get("seen"))
    if seen is not None and seen["game"] != game_digest(state):
        raise PlayError("Pelin asetuksia on muutettu sen jälkeen, kun peliä viimeksi pelattiin tällä sivulla: "
                        "sääntöjä, tasoja, pelaajia tai pelin numeroa ei voi muuttaa kesken pelin.")
    g = Game(state, seen)
    g.verify(state["check"], seen)
    return g


def _title(g: Game) -> str:
    return GAME_PAGES.get(g.game, (g.game, g.game))[1]


def _options(req: dict) -> dict:
    base = check_rules(req.get("rules") if req.get("rules") is not None else {})
    rules = play_rules(base)
    out = []
    for key in HOUSE_RULES[rules.style]:
        spec = OPTIONS[key]
        if not spec.applies(rules):      # e.g. no pure-run choice without an opening minimum
            continue
        top = min(spec.maximum, LIMITS["deals"]) if key == "game_deals" else spec.maximum
        out.append({"option": key, "label": spec.label, "kind": spec.kind, "choices": dict(spec.choices),
                    "min": spec.minimum, "max": top, "value": getattr(rules, key), "note": OPTION_NOTES.get(key)})
    return {"options": out, "notes": play_notes(base)}


def _op(req: dict) -> Any:
    op = req["op"]
    if op == "options":
        return _options(req)
    if op == "new":
        g = Game(new_state(req))
        log = g.logs[-1]
        return {"state": g.to_state(), "view": _view(g), "log": log, "recent": log}
    g = _game(req)
    if op in ("view", "computer"):          # the computers have always moved: nothing to do
        return {"state": g.to_state(), "view": _view(g), "log": []}
    if op == "move":
        if g.deal.is_over:
            raise PlayError("Jako on jo päättynyt; aloita seuraava jako.")
        try:
            move = _human_move(g, req.get("move"))
            log = g.record(move)
        except PlayError as err:
            return _bad_move(g, str(err))
        except IllegalMove as err:
            return {"refused": _refusal(g, err), "state": g.to_state(), "view": _view(g)}
        recent = g.computers()
        return {"state": g.to_state(), "view": _view(g), "log": log + recent, "recent": recent}
    if op == "hint":
        if g.deal.is_over:
            raise PlayError("Vihjeen voi pyytää vain omalla vuorollaan, kun jako on kesken.")
        move, reason = hint(g.deal)
        return {"move": step_of(move, g.names), "reason": reason}
    if op == "next_deal":
        if not g.deal.is_over:
            raise PlayError("Uusi jako alkaa vasta, kun edellinen on päättynyt.")
        if g.game_over:
            raise PlayError("Peli on päättynyt; aloita uusi peli.")
        if len(g.deals) >= LIMITS["deals"]:
            raise PlayError(f"Pelissä on jo {LIMITS['deals']} jakoa, enempää Pelaa-sivulla ei pelata; "
                            "aloita uusi peli.")
        recent = g.next_deal()
        return {"state": g.to_state(), "view": _view(g), "log": recent, "recent": recent}
    if op == "replay":
        index = req.get("deal", len(g.deals) - 1)
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(g.deals):
            raise PlayError(f"Jaon numeron (deal) pitää olla kokonaisluku 0–{len(g.deals) - 1}.")
        return {"frames": _replay(g, index)}
    return {"yaml": export_yaml(g, _title(g)), "filename": f"pelattu-{_slug(g.game)}-{_slug(g.seed)}-{len(g.deals)}.yaml"}


def _slug(text: str) -> str:
    return "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in text.lower())[:30] or "peli"


def _replay(g: Game, index: int) -> list[dict]:
    """Every move of finished deal ``index`` with its narration and all hands after it ("Näytä jako")."""
    if index == len(g.deals) - 1 and not g.deal.is_over:
        raise PlayError("Jaon voi kerrata vasta, kun se on päättynyt.")
    deal = g.start_of(index)

    def frame(text: str) -> dict:
        return {"text": text, "hands": [[c.code for c in sort_cards(h)] for h in deal.hands],
                "table": [[c.code for c in tm.meld.cards] for tm in deal.table],
                "discard_top": deal.discard[-1].code if deal.discard else None, "stock": len(deal.stock)}
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

    The reply is ``{"ok": true, "result": …}`` or ``{"ok": false, "error": <one Finnish sentence>}``.

    >>> json.loads(handle('{"op": "new", "rules": {"ace": 5}}'))["error"]
    'Säännön ”ace” arvon pitää olla jokin näistä: low, high_or_low, round_the_corner.'
    >>> json.loads(handle('{"op": "view", "state": {"v": 7}}'))["error"]
    'Pelin tilan versio (v) on tuntematon; tämä sääntömoottori tuntee version 2.'
    """
    try:
        return json.dumps({"ok": True, "result": _op(read_request(request))}, ensure_ascii=False)
    except PlayError as err:
        message = str(err)
    except IllegalMove as err:          # Finnish, but should have been caught where it arose
        message = err.message
    except RuleSetError as err:
        message = f"Säännöissä on virhe: {err}."
    except RecursionError:
        message = "Pyyntö on liian syvästi sisäkkäinen."
    except Exception:  # a bug: reported to the page as a Finnish sentence, not a crash
        message = FALLBACK
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)
