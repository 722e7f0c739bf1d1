"""No silently weak teaching move: a scenario's move compared with the engine's best.

A worked example teaches by its moves, so a move that is clearly worse than what the engine
finds in the same position is refused (``file:line``, in Finnish), unless the step marks it as
deliberate (``deliberate: "why"``) and the scenario has a text to say why. Judged where the
engine can judge exactly:

- **gin** (a knock or a discard from eleven cards): gin was there (a legal discard leaves no
  deadwood) but the move leaves deadwood; or a knock leaves :data:`KNOCK_MARGIN` points or more
  above the best legal knock, a discard :data:`DISCARD_MARGIN` or more above the best discard;
- **rummy go-outs** (perusrommi, rommi, Rommi 51): the player discards and the deal goes on,
  although the hand could have gone out this turn with melds of its own (an opening in Rommi 51)
  and the final discard the rules allow; each such go-out is played on a copy of the deal first,
  so the engine itself confirms it. Lay-offs are not searched: a go-out that needs them is not
  asked for.

The scenario is replayed move by move (as :func:`tools.reachable.check_replays` does). Only
scenarios a page shows (with a ``section``) teach: a deal exported from Pelaa, moves as the reader
played them, is accepted as it is until it is given a section.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rommikirja import Discard, Knock, Open, PlayMeld
from rommikirja.finnish import card_name, count
from rommikirja.gin import GinDeal
from rommikirja.opening import SearchLimit, melds_using_all, work_budget
from rommikirja.solver import deadwood_of

from .yamlsrc import LDict, LList, SourceError

#: A knock this many deadwood points above the best legal knock is clearly worse.
KNOCK_MARGIN = 5
#: A gin discard leaving this many deadwood points more than the best legal discard is clearly
#: worse (a discard may keep a card for a meld to come, or hold back one the opponent wants: a
#: few points' difference is play, ten is a blunder).
DISCARD_MARGIN = 10
#: The key that marks a weaker move as deliberate (its value says why).
DELIBERATE = "deliberate"
#: Opening-search positions one scenario's go-out checks may use (beyond that: not judged).
GO_OUT_WORK = 50_000


def _points(n: int) -> str:
    return count(n, "piste", digits=True)


def _gin_problem(deal: GinDeal, move: Any) -> str | None:
    hand = list(deal.hands[deal.turn])
    if len(hand) != deal.rules.hand_size_for(2) + 1 or not isinstance(move, (Knock, Discard)):
        return None
    rules = deal.rules
    left = {c: deadwood_of([x for x in hand if x != c], rules) for c in hand if deal.is_legal(Discard(c))}
    knocks = {c: dw for c, dw in left.items() if deal.is_legal(Knock(c))}
    mine = deadwood_of([x for x in hand if x != move.card], rules)
    gin = sorted((c for c, dw in knocks.items() if dw == 0), key=lambda c: c.sort_key)
    what = "koputus" if isinstance(move, Knock) else "poisto"
    if gin and mine > 0:
        return (
            f"{what} jättää {_points(mine)} irtokortteja, vaikka {card_name(gin[0], 'gen')} poistolla "
            f"käsi olisi gin (ei irtokortteja)"
        )
    if isinstance(move, Knock) and knocks and mine - min(knocks.values()) >= KNOCK_MARGIN:
        best = min(knocks, key=lambda c: (knocks[c], c.sort_key))
        return (
            f"koputus jättää {_points(mine)} irtokortteja, vaikka {card_name(best, 'gen')} poistolla "
            f"niitä jäisi vain {knocks[best]}"
        )
    if isinstance(move, Discard) and left and mine - min(left.values()) >= DISCARD_MARGIN:
        best = min(left, key=lambda c: (left[c], c.sort_key))
        return (
            f"poisto jättää {_points(mine)} irtokortteja, vaikka {card_name(best, 'gen')} poistolla "
            f"niitä jäisi vain {left[best]}"
        )
    return None


def _go_out(deal: Any, player: int) -> tuple[Any, ...] | None:
    """The moves that would empty ``player``'s hand now with melds (and a discard), confirmed by
    playing them on a copy of the deal; None when there are none."""
    hand = list(deal.hands[player])
    rules = deal.rules
    tries: list[tuple[list, Any]] = []
    if rules.final_discard != "required":
        tries.append((hand, None))
    tries += [([x for x in hand if x is not c], c) for c in hand if not c.is_joker]
    for cards, last in tries:
        if len(cards) < 3:
            continue
        packing = (
            melds_using_all(cards, rules.with_options(opening_points=0, opening_pure_run=False)) if cards else None
        )
        if packing is None:
            continue
        melds = tuple(tuple(m.cards) for m in packing.melds)
        if rules.opening_points and not deal.opened[player]:
            moves: list[Any] = [Open(melds)]
        else:
            moves = [PlayMeld(m) for m in melds]
        if last is not None:
            moves.append(Discard(last))
        trial = deal.copy()
        try:
            for mv in moves:
                trial.play(mv)
        except Exception:  # the engine refuses this way out: not a go-out the player had
            continue
        if trial.outcome is not None and getattr(trial.outcome, "winner", None) == player:
            return tuple(moves)
    return None


def _rummy_problem(deal: Any, move: Any, names: list[str]) -> str | None:
    if not isinstance(move, Discard) or getattr(deal.phase, "value", None) != "play":
        return None
    player = deal.turn
    after = deal.copy()
    after.play(move)
    if after.outcome is not None:  # the discard itself goes out
        return None
    way = _go_out(deal, player)
    if way is None:
        return None
    melds = [
        m for mv in way if isinstance(mv, (PlayMeld, Open)) for m in (mv.melds if isinstance(mv, Open) else (mv.cards,))
    ]
    shown = " ja ".join("[" + ", ".join(c.code for c in m) + "]" for m in melds)
    last = way[-1].card if isinstance(way[-1], Discard) else None
    tail = f" ja poistamalla {card_name(last, 'gen')}" if last is not None else ""
    verb = "avaamalla" if isinstance(way[0], Open) else "pelaamalla pöytään"
    return f"poisto jatkaa jakoa, vaikka {names[player]} olisi voinut mennä ulos tällä vuorolla {verb} {shown}{tail}"


def weak_moves(sc: Any) -> list[SourceError]:
    """Errors for the moves of ``sc`` that are clearly worse than the engine's best and not marked."""
    if not getattr(sc, "section", ""):
        return []  # not on a page (a deal exported from Pelaa as it was played): nothing taught yet
    data = getattr(sc, "data", None)
    if not isinstance(data, LDict) or not isinstance(data.get("setup"), LDict) or sc.initial is None:
        return []
    steps = data.get("steps")
    if not isinstance(steps, LList) or sc.derailed_at is not None:
        return []
    from .scenario import Ctx, parse_move, play_move, read_setup
    from .scenario.steps import STEP_KINDS

    ctx = Ctx(sc.path)
    other = replace(sc, steps=[], failures=[], names=list(sc.names))
    try:
        deal = read_setup(ctx, other, data, data["setup"])
    except SourceError:
        return []
    errors: list[SourceError] = []
    has_text = bool((sc.text or "").strip())
    with work_budget(GO_OUT_WORK):
        for i, raw in enumerate(steps):
            if not isinstance(raw, LDict) or "expect" in raw or any(k in raw for k in STEP_KINDS):
                continue
            if deal.outcome is not None:
                break
            try:
                move, line = parse_move(ctx, raw, other.names)
                problem = None
                if deal.is_legal(move) and "refused" not in raw:
                    problem = (
                        _gin_problem(deal, move) if deal.MELDS_IN_HAND else _rummy_problem(deal, move, other.names)
                    )
            except SearchLimit:
                problem = None
            except SourceError:
                break
            if problem is not None:
                errors += _judged(ctx, raw, line, problem, has_text)
            try:
                play_move(ctx, other, deal, raw)
            except SourceError:
                break
            if other.failures:
                break
    return errors


def _judged(ctx: Any, raw: LDict, line: int, problem: str, has_text: bool) -> list[SourceError]:
    why = raw.get(DELIBERATE)
    if why is None:
        return [
            ctx.err(
                line,
                f"heikko opetussiirto: {problem}; jos siirto on tarkoituksellinen, lisää "
                f"vaiheeseen {DELIBERATE}: ”miksi” ja kerro syy esimerkin tekstissä",
            )
        ]
    if not isinstance(why, str) or not why.strip():
        return [
            ctx.err(
                raw.line_of(DELIBERATE),
                f"{DELIBERATE}: odotettiin tekstiä, joka kertoo, miksi heikompi siirto on valittu",
            )
        ]
    if not has_text:
        return [
            ctx.err(
                raw.line_of(DELIBERATE),
                f"{DELIBERATE}: siirto on merkitty tarkoitukselliseksi, "
                f"mutta esimerkillä ei ole tekstiä (text), joka kertoisi "
                f"lukijalle syyn: {problem}",
            )
        ]
    return []
