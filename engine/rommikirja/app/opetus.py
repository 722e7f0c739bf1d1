"""The Opetusjako (guided first deal) of a game page, as one request of the Pelaa wing: ``opetus``.

The page holds the script of a verified scenario (``scenarios/<game>/z-<game>-opetus.yaml``, written by
``tools/sample_deal.py`` or by hand): the starting position (every hand, the stock top first, the
discard pile), every move as a step, the player names and the reader's seat. Each request sends it
with ``at``, how many of its steps have been played, and, to check one, the reader's ``move``. The
engine replays the script to ``at`` and answers with one of

- ``{"result": "ok", ...}``: the move is the guided one; it and the computers' scripted moves up to
  the reader's next move are played, and the new view, their narration and (at the end) the
  score explained line by line come back;
- ``{"result": "refused", "code", "reason"}``: the engine refuses the move (its Finnish reason);
- ``{"result": "other", "reason"}``: the rules allow the move, but the guide shows another one;
  nothing advances.

An opening (Rommi 51) is built meld by meld, each checked: a request with ``part``, the melds chosen
so far (the last one new), answers ``{"result": "part", "melds": [{"cards", "line"}], "total",
"line"}`` (each meld's points card by card, from the engine), or a refusal (not a meld, not the
reader's cards, not yet the time) or ``other`` (a meld, but not the one the guide builds now). The
opening itself is then the one ``open`` move, checked as above.

Without ``move`` the answer is the view at ``at`` (the start, or a reload).

>>> import json
>>> from rommikirja.app.api import pelaa_handle as handle
>>> from rommikirja import RuleSet, deal_type
>>> from rommikirja.deal import Draw, Discard
>>> rules = RuleSet()
>>> deal = deal_type(rules).new(rules, 2, dealer=1, seed=3)
>>> script = script_of(deal, [Draw("stock")], ["Aino", "Eero"], 0)
>>> req = {"op": "opetus", "rules": {"name": "perusrommi"}, "script": script, "at": 0}
>>> bad = json.loads(handle(json.dumps({**req, "move": {"discard": deal.hands[0][0].code}})))["result"]
>>> bad["result"], bad["code"]
('refused', 'must_draw')
>>> other = json.loads(handle(json.dumps({**req, "move": {"draw": "discard"}})))["result"]
>>> other["result"], other["at"]
('other', 0)
>>> ok = json.loads(handle(json.dumps({**req, "move": {"draw": "stock"}})))["result"]
>>> ok["result"], ok["at"], ok["view"]["hand_size"]
('ok', 1, 11)
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Sequence

from ..cards import Card, sort_cards
from ..codes import BAD_MOVE, NO_CARDS, NO_PURE_RUN, OPENING_TOO_LOW
from ..errors import IllegalMove
from ..explain import score_lines
from ..deal import STOCK, Discard, Draw, LayOff, Open, Pass, PlayMeld
from ..gin import GinDeal, Knock
from ..finnish import UnknownName, capitalize, cards_text, count, ordinal, player_name, second_person
from ..melds import Meld, meld_points
from ..games import deal_type
from ..narrate import narrate_event
from ..scoring import score_deal
from ..solver import best_arrangement
from ..steps import StepError
from .pelaa import ACTION_STEPS, _actions, _human_move, _labels, drawn_card
from .opetus_text import (
    TRY_GUIDED,
    count_line,
    kept_on_turn_over,
    faces,
    named,
    opening_needs,
    opening_sum,
    other_reason,
)
from .pelaa_state import PlayError, _Deck, check_rules, read_move

__all__ = ["op_opetus", "script_of", "same_move", "twin_move"]

#: Bounds of a script (a guided deal is short; the page is untrusted).
MAX_STEPS = 400
MAX_CARDS = 216
#: Bounds of an opening built meld by meld.
MAX_PARTS = 12
MAX_PART_CARDS = 14


def script_of(start: Any, moves: Sequence[Any], names: Sequence[str], seat: int) -> dict:
    """The page's script of a deal from ``start`` (not changed) with ``moves``."""
    phase = start.phase.value
    return {
        "names": list(names),
        "seat": seat,
        "start": {
            "hands": [[c.code for c in h] for h in start.hands],
            "stock": [c.code for c in reversed(start.stock)],
            "discard": [c.code for c in start.discard],
            "dealer": start.dealer,
            "turn": start.turn,
            **({"phase": phase} if start.START_PHASES else {}),
        },
        "steps": [m.to_step(names) for m in moves],
    }


def _cards(deck: _Deck, value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise PlayError(f"Opetusjaon kentän {what} pitää olla korttiluettelo.")
    return deck.cards_of(value, MAX_CARDS) if value else []


def _read_script(v: Any, rules: Any) -> tuple[Any, list[Any], list[str], int]:
    """The starting deal, the moves, the names and the reader's seat of a page's script."""
    if not isinstance(v, dict) or not isinstance(v.get("start"), dict) or not isinstance(v.get("steps"), list):
        raise PlayError("Opetusjaon käsikirjoituksen (script) pitää olla olio, jossa on start ja steps.")
    start, steps = v["start"], v["steps"]
    hands = start.get("hands")
    if not isinstance(hands, list) or not 2 <= len(hands) <= 6:
        raise PlayError("Opetusjaon käsiä (hands) pitää olla 2–6.")
    names = v.get("names")
    if not isinstance(names, list) or len(names) != len(hands) or not all(isinstance(n, str) for n in names):
        raise PlayError("Opetusjaon nimiä (names) pitää olla yksi kättä kohden.")
    seat = v.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(hands):
        raise PlayError("Opetusjaon paikan (seat) pitää olla pelaajan numero.")
    if len(steps) > MAX_STEPS:
        raise PlayError(f"Opetusjaossa saa olla enintään {MAX_STEPS} siirtoa.")
    deck = _Deck(rules)
    extra = {}
    if "phase" in start:
        if rules.style != "knock" or start["phase"] not in ("draw", "offer"):
            raise PlayError("Opetusjaon vaiheen (phase) pitää olla draw tai offer, ja vain koputuspelissä.")
        extra["phase"] = start["phase"]
    for key, kind in (("dealer", "jakajan"), ("turn", "aloittajan")):
        v = start.get(key, 0)
        if (v is not None or key == "turn") and (
            not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < len(hands)
        ):
            raise PlayError(f"Opetusjaon {kind} ({key}) pitää olla pelaajan numero.")
    try:
        deal = deal_type(rules).from_position(
            rules,
            [_cards(deck, h, "hands") for h in hands],
            stock=_cards(deck, start.get("stock", []), "stock"),
            discard=_cards(deck, start.get("discard", []), "discard"),
            dealer=start.get("dealer"),
            turn=start.get("turn", 0),
            **extra,
        )
        moves = [read_move(s, rules, names) for s in steps]
    except StepError as err:
        raise PlayError(f"Opetusjaon siirto ei kelpaa: {err.sentence()}") from None
    except PlayError as err:  # a card that is no card of the game
        raise PlayError(f"Opetusjaon käsikirjoitus ei kelpaa: {err}") from None
    except IllegalMove as err:
        raise PlayError(f"Opetusjaon asetelma ei kelpaa: {err.message}") from None
    return deal, moves, names, seat


def same_move(a: Any, b: Any) -> bool:
    """Whether two moves are the same move as the reader makes it (cards in any order)."""
    if type(a) is not type(b):
        return False
    sa, sb = a.to_step(), b.to_step()
    kind = next(iter(sa))
    if kind == "open":  # the page sends the chosen cards; the engine splits them
        return sorted(c for m in sa["open"] for c in m) == sorted(c for m in sb["open"] for c in m)
    if kind == "knock":  # the knocker's melds are the engine's choice
        return sa["knock"] == sb["knock"]
    norm = lambda s: {k: sorted(v) if isinstance(v, list) else v for k, v in s.items() if k != "jokers"}  # noqa: E731
    return norm(sa) == norm(sb)


def twin_move(a: Any, b: Any) -> bool:
    """Whether two moves differ at most in which deck's copy of a card (or which joker) they use:
    at a real table the two copies are one card, so the position after either is the same (the
    guided move is played)."""
    if type(a) is not type(b):
        return False

    def flat(v: Any) -> list:
        return [x for y in v for x in flat(y)] if isinstance(v, list) else [v]

    def norm(step: dict) -> dict:
        return {
            k: sorted(str(x).rstrip("'") for x in flat(v)) if isinstance(v, (list, str)) else v
            for k, v in step.items()
            if k != "jokers"
        }

    return norm(a.to_step()) == norm(b.to_step())


def _view(deal: Any, names: Sequence[str], seat: int) -> dict:
    hand = [c.code for c in sort_cards(deal.hands[seat])]
    codes = set(hand) | {c.code for tm in deal.table for c in tm.meld.cards}
    if deal.discard:
        codes.add(deal.discard[-1].code)
    view: dict[str, Any] = {
        "names": list(names),
        "seat": seat,
        "turn": deal.turn,
        "dealer": deal.dealer,
        "phase": deal.phase.value,
        "hand": hand,
        "hand_size": len(hand),
        "counts": [len(h) for h in deal.hands],
        "stock": len(deal.stock),
        "discard_top": deal.discard[-1].code if deal.discard else None,
        "table": [
            {"owner": names[tm.owner], "cards": [c.code for c in tm.meld.cards], "text": tm.meld.text}
            for tm in deal.table
        ],
        "taken": deal.taken_from_discard.code if deal.taken_from_discard else None,
        "drawn": drawn_card(deal, seat),
        "actions": _actions(deal) if deal.turn == seat else [],
        "action_steps": ACTION_STEPS,
        "style": deal.rules.style,
        "over": deal.is_over,
    }
    if not deal.MELDS_IN_HAND and deal.rules.opening_points:
        view["opened"] = list(deal.opened)
    if deal.MELDS_IN_HAND and not deal.is_over:  # (gin) the hand as the engine's best melds and the deadwood
        arr = best_arrangement(deal.hands[seat], deal.rules)
        full = len(deal.hands[seat]) <= deal.rules.hand_size_for(len(names))  # (not holding the card to discard)
        view["groups"] = _groups(arr.melds, (), arr.deadwood, deal.rules, counted=full)
    if deal.is_over:
        score = score_deal(deal.outcome, deal.rules)
        view["score"] = {
            "lines": [ln.text for ln in score_lines(deal.outcome, score, deal.rules, names) if ln.text],
            "points": list(score.points),
            "hands": [[c.code for c in sort_cards(h)] for h in deal.outcome.hands],
        }
        if deal.MELDS_IN_HAND:
            view["score"]["groups"] = _end_groups(deal.outcome, deal.rules)
        codes |= {c for h in view["score"]["hands"] for c in h}
    view["labels"] = _labels(sorted(codes))
    return view


def _groups(
    melds: Sequence[Sequence[Card]],
    laid: Sequence[Sequence[Card]],
    deadwood: Sequence[Card],
    rules: Any,
    counted: bool = True,
) -> list[dict]:
    """A gin hand shown grouped, each group with its Finnish label: the melds ("Suora", "Ryhmä"),
    the cards laid off onto the knocker's melds, and the deadwood with its value term by term
    (``counted``: a hand of the dealt size; holding the card yet to discard, the deadwood unsummed)."""
    out = [
        {"label": capitalize(Meld.from_cards(list(m), rules).kind.finnish), "cards": [c.code for c in sort_cards(m)]}
        for m in melds
    ]
    out += [{"label": "Liitetty koputtajan yhdistelmään", "cards": [c.code for c in sort_cards(m)]} for m in laid]
    if deadwood:
        shown = sort_cards(deadwood)
        value = sum(rules.card_points(c.rank) for c in shown)
        terms = " + ".join(str(rules.card_points(c.rank)) for c in shown) + " = " if len(shown) > 1 else ""
        label = f"Irtokortit ({terms}{count(value, 'piste', digits=True)})" if counted else "Irtokortit"
        out.append({"label": label, "cards": [c.code for c in shown], "deadwood": True})
    return out


def _end_groups(outcome: Any, rules: Any) -> list[list[dict]]:
    """Each player's hand at a gin deal's end as the scoring counts it: the knocker's melds and
    deadwood, the defender's own melds, lay-offs and deadwood."""
    out = []
    for p, hand in enumerate(outcome.hands):
        d = outcome.defender
        if outcome.knocker is None:  # (a void deal: the hand as its best melds)
            arr = best_arrangement(hand, rules)
            out.append(_groups(arr.melds, (), arr.deadwood, rules))
        elif p == outcome.knocker:
            out.append(_groups(outcome.knocker_melds, (), outcome.knocker_deadwood, rules))
        else:
            out.append(_groups(d.melds, [cs for cs, _ in d.layoffs], d.deadwood, rules))
    return out


def _narrate(deal: Any, move: Any, names: Sequence[str], seat: int) -> list[str]:
    texts = [cards_text(tm.meld.cards) for tm in deal.table]
    before = len(deal.events)
    deal.play(move)
    out = []
    for e in deal.events[before:]:
        if e.kind == "draw_stock" and e.player != seat:
            out.append(f"{names[e.player]} nostaa kortin nostopakasta.")
        else:
            out.append(narrate_event(e, names, texts, style=deal.rules.style))
        if e.kind == "turn_over" and deal.rules.stock_exhausted == "turn_over_keep_top" and e.cards:
            # (the event's last card is the one kept: the rule the reader meets next, seen happen)
            out.append(kept_on_turn_over(e.cards[-1]))
    return out


def _to_reader(deal: Any, moves: Sequence[Any], at: int, names: Sequence[str], seat: int) -> tuple[int, list[dict]]:
    """Play the scripted moves from ``at`` while it is not the reader's turn; the new ``at`` and the
    narration turn by turn: ``[{"who": name, "lines": [...]}]`` (the page shows the latest turn and
    folds the earlier ones)."""
    turns: list[dict] = []
    while at < len(moves) and not deal.is_over and deal.turn != seat:
        who = names[deal.turn]
        lines = _narrate(deal, moves[at], names, seat)
        if turns and turns[-1]["who"] == who:
            turns[-1]["lines"] += lines
        else:
            turns.append({"who": who, "lines": lines})
        at += 1
    return at, turns


def _answer(result: str, at: int, deal: Any, names: Sequence[str], seat: int, turns: list[dict]) -> dict:
    """A view answer: the view at ``at``, the other players' moves before it (``log``: every line;
    ``turns``: by turn)."""
    log = [ln for t in turns for ln in t["lines"]]
    return {"result": result, "at": at, "view": _view(deal, names, seat), "log": log, "turns": turns}


def op_opetus(req: dict) -> dict:
    rules = check_rules(req.get("rules"))
    deal, moves, names, seat = _read_script(req.get("script"), rules)
    at = req.get("at", 0)
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(moves):
        raise PlayError(f"Opetusjaon kohdan (at) pitää olla kokonaisluku 0–{len(moves)}.")
    try:
        for m in moves[:at]:
            deal.play(m)
        start_at, turns = _to_reader(deal, moves, at, names, seat)
    except IllegalMove as err:
        raise PlayError(f"Opetusjaon siirtoa ei voi pelata: {err.message}") from None
    if "part" in req and start_at == at:
        return _part(deal, moves, at, req.get("part"), names, seat)
    if "move" not in req or start_at != at:
        return _answer("view", start_at, deal, names, seat, turns)
    if deal.is_over or at >= len(moves):
        raise PlayError("Opetusjako on jo päättynyt.")
    expected = moves[at]
    early = _turn_refusal(deal, req.get("move"))  # (not yet drawn: that, whatever the cards chosen)
    if early is not None:
        return _refused(early, names, seat, at)
    try:
        move = _human_move(SimpleNamespace(rules=rules, names=names), req.get("move"))
    except IllegalMove as err:
        return {"result": "refused", "code": err.code, "reason": err.message, "at": at}
    except PlayError as err:
        return {"result": "refused", "code": BAD_MOVE, "reason": f"Siirto ei kelpaa: {err}", "at": at}
    err = deal.refusal(move)
    if err is not None:
        return _refused(err, names, seat, at)
    if not same_move(move, expected) and not twin_move(move, expected):
        reason = other_reason(
            deal, move, expected, names, _move_words(deal, move, False), _move_words(deal, expected, True)
        )
        return {"result": "other", "at": at, "reason": reason}
    deal.play(expected)
    at, turns = _to_reader(deal, moves, at + 1, names, seat)
    return _answer("ok", at, deal, names, seat, turns)


#: The type of move of each key of a reader's move (:data:`ACTION_STEPS`).
_KEY_TYPES = {"open_cards": Open, "open": Open, "meld": PlayMeld, "lay_off": LayOff, "discard": Discard, "knock": Knock}


def _turn_refusal(deal: Any, step: Any) -> Any:
    """The engine's refusal of a move of the step's type now, whatever its cards, or ``None``."""
    kind = next((t for key, t in _KEY_TYPES.items() if isinstance(step, dict) and key in step), None)
    return deal.turn_refusal(kind) if kind is not None else None


#: A move's verb as the guide says it (passive, "poistetaan nyt") and as a move the reader could
#: make (infinitive after "voisit myös", "poistaa"); its object is nominative after the passive,
#: genitive after the infinitive.
_VERBS: dict[type, tuple[str, str]] = {
    Discard: ("poistetaan", "poistaa"),
    Knock: ("koputetaan", "koputtaa"),
    Pass: ("passataan", "passata"),
    PlayMeld: ("pelataan", "pelata"),
    LayOff: ("lisätään", "lisätä"),
    Open: ("avataan", "avata"),
}


def _move_words(deal: Any, move: Any, guided: bool) -> str:
    """A move in words: the guided one in the passive, after "tässä opetusjaossa" ("poistetaan nyt
    ristikakkonen"), or the reader's own legal one, after "voisit myös" ("poistaa herttaseiskan")."""
    hand = list(deal.hand)
    case = "nom" if guided else "gen"
    if isinstance(move, Draw):
        if guided and move.source == STOCK and not deal.stock and not isinstance(deal, GinDeal):  # (turns the pile)
            return (
                "nostopakka on loppunut, joten nyt käännetään poistopakka uudeksi nostopakaksi ja nostetaan "
                "siitä päällimmäinen kortti"
            )
        card = "kortti" if guided else "kortin"
        if move.source == STOCK:
            return f"{'nostetaan nyt' if guided else 'nostaa'} {card} nostopakasta"
        return f"{'otetaan nyt' if guided else 'ottaa'} poistopakan {card}"
    pair = _VERBS.get(type(move))
    if pair is None:
        return "tehdään nyt toinen siirto" if guided else "tehdä toisen siirron"
    verb = f"{pair[0]} nyt" if guided else pair[1]
    if isinstance(move, Discard):
        return f"{verb} {named([move.card], hand, case)}"
    if isinstance(move, Knock):
        # (the object of an infinitive is nominative after a passive, genitive after "Aino yrittää")
        return f"{verb} poistamalla {named([move.card], hand, 'nom' if guided else 'gen')}"
    if isinstance(move, PlayMeld):
        return f"{verb} pöytään {named(move.cards, hand, case)}"
    if isinstance(move, LayOff):
        return f"{verb} {named(move.cards, hand, case)} pöydän yhdistelmään ({cards_text(deal.table[move.target].meld.cards)})"
    return verb


def _no_opening_now(deal: Any, melds: Sequence[Sequence[Card]], expected: Any) -> str:
    """A meld chosen for an opening while the guide makes another move: when the hand has no
    opening at all (the engine's legal moves), the meld's points and the opening's minimum, which
    it cannot reach this turn; then the guided move."""
    rules = deal.rules
    hand = list(deal.hand)
    guided = _move_words(deal, expected, True)
    meld = Meld.from_cards(list(melds[-1]), rules)
    shown = f"{capitalize(meld.kind.finnish)} {' '.join(faces(meld.cards, hand))}"
    if any(isinstance(m, Open) for m in deal.legal_moves()):
        return f"{shown} kelpaa avaukseen, mutta tässä opetusjaossa {guided}. {TRY_GUIDED}"
    total = sum(meld_points(Meld.from_cards(list(m), rules)) for m in melds)
    return (
        f"{shown} kelpaa yhdistelmäksi, mutta avaukseen tarvitaan {opening_needs(rules)}, ja {'valitsemasi yhdistelmä on' if len(melds) == 1 else 'valitsemasi yhdistelmät ovat yhteensä'} vain "
        f"{count(total, 'piste', digits=True)}. Kädestäsi ei vielä saa koottua avausta, joten tässä opetusjaossa {guided}."
    )


def _body(card: Card) -> Any:
    """A card up to its deck: twins (and jokers) are the same card to the rules."""
    return "JK" if card.is_joker else (card.rank, card.suit)


def _refused(err: IllegalMove, names: Sequence[str], seat: int, at: int) -> dict:
    """The engine's refusal said to the reader as the guide speaks ("sinä": "Et ole vielä nostanut");
    with the reader's name where the sentence has a verb the second person does not know."""
    try:
        who = player_name(names[seat])
        reason = err.sentence(who)
        reason = second_person(reason, who) or reason
    except UnknownName:  # (a club name without forms): the message without a subject
        reason = err.message
    return {"result": "refused", "code": err.code, "reason": reason, "at": at}


def _part(deal: Any, moves: Sequence[Any], at: int, value: Any, names: Sequence[str], seat: int) -> dict:
    """Check the opening's melds chosen so far (the last one new) against the rules and the guide."""
    if (
        not isinstance(value, list)
        or not 0 < len(value) <= MAX_PARTS
        or not all(isinstance(m, list) and len(m) <= MAX_PART_CARDS for m in value)
    ):
        raise PlayError(f"Avauksen osien (part) pitää olla 1–{MAX_PARTS} korttiluetteloa.")
    if deal.is_over or at >= len(moves):
        raise PlayError("Opetusjako on jo päättynyt.")
    early = deal.turn_refusal(Open)  # (not yet drawn)
    if early is not None:
        return _refused(early, names, seat, at)
    if not value[-1]:
        return {
            "result": "refused",
            "code": NO_CARDS,
            "reason": "Valitse ensin yhdistelmän kortit kädestäsi.",
            "at": at,
        }
    deck = _Deck(deal.rules)
    melds = [deck.cards_of(m, MAX_PART_CARDS) for m in value]
    chosen = [c for m in melds for c in m]
    if len(set(chosen)) != len(chosen):
        return {
            "result": "refused",
            "code": BAD_MOVE,
            "reason": "Sama kortti voi kuulua avauksessa vain yhteen yhdistelmään.",
            "at": at,
        }
    for cards in melds:  # each meld by the rules (the opening's points and pure run are the whole's)
        err = deal.refusal(Open((tuple(cards),)))
        if err is not None and err.code not in (OPENING_TOO_LOW, NO_PURE_RUN):
            return _refused(err, names, seat, at)
    expected = moves[at]
    if not isinstance(expected, Open):
        return {"result": "other", "at": at, "reason": _no_opening_now(deal, melds, expected)}
    after = deal.copy()
    after.play(expected)
    guided = [tm.meld for tm in after.table[-len(expected.melds) :]]
    hand = list(deal.hand)
    for i, cards in enumerate(melds):
        if i >= len(guided) or sorted(map(_body, cards), key=str) != sorted(map(_body, guided[i].cards), key=str):
            want = guided[i] if i < len(guided) else None
            reason = f"Sääntöjen mukaan {' '.join(faces(cards, hand))} käy yhdistelmäksi, mutta tässä opetusjaossa " + (
                f"avauksen {ordinal(i + 1)} yhdistelmä on {' '.join(faces(want.cards, hand))}: kokeile sitä."
                if want is not None
                else "avauksessa ei ole enempää yhdistelmiä: paina Avaa."
            )
            return {"result": "other", "at": at, "reason": reason}
    out = []
    total = 0
    for cards in melds:
        meld = Meld.from_cards(cards, deal.rules)
        total += meld_points(meld)
        word = capitalize(meld.kind.finnish)
        out.append(
            {
                "cards": [c.code for c in meld.cards],
                "kind": word,
                "sum": opening_sum(meld),
                "line": f"{word} {count_line(meld, hand)}",
            }
        )
    need = count(deal.rules.opening_points, "piste", digits=True)
    worth = count(total, "piste", digits=True)
    if total < deal.rules.opening_points:
        line = f"Avauksen yhdistelmät ovat tähän asti yhteensä {worth}; avaukseen tarvitaan vähintään {need}."
    else:
        line = f"Avauksen yhdistelmät ovat yhteensä {worth}. Se riittää, sillä avaukseen tarvitaan vähintään {need}."
    return {"result": "part", "at": at, "part": len(out), "melds": out, "total": total, "line": line}
