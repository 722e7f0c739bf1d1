"""Move steps: ``draw:``, ``meld:``, ``lay_off:`` … parsed into engine moves and played."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from rommikirja.chars import written
from rommikirja import (DISCARD, STOCK, Claim, Deal, Discard, Draw, IllegalMove, Knock, LayOff, MisDraw,
                        Move, Open, Pass, PlayMeld, RejectExposed)
from rommikirja.narrate import describe_move, narrate_event

from ..yamlsrc import LDict, LList
from .context import Ctx, as_int, as_str, player_index
from .model import Scenario, Snapshot, Step

STEP_EXTRA = {"onto", "refused", "melds", "jokers", "deliberate"}   # deliberate: tools.teaching

#: move key → parser(ctx, step, value, line, names) → Move
MoveParser = Callable[[Ctx, LDict, Any, int, Sequence[str]], Move]


def _jokers(ctx: Ctx, step: LDict) -> tuple:
    """``jokers: {JK: AH}``: what each joker of the move stands for (joker → card)."""
    if "jokers" not in step:
        return ()
    raw, line = step["jokers"], step.line_of("jokers")
    if not isinstance(raw, dict) or not raw:
        raise ctx.err(line, "jokers: odotettiin jokerin ja sen esittämän kortin pareja, esim. {JK: AH}")
    lines = raw.line_of if isinstance(raw, LDict) else (lambda _k: line)
    return tuple((ctx.card(j, lines(j)), ctx.card(c, lines(j))) for j, c in raw.items())


def _open(ctx: Ctx, step: LDict, value: Any, line: int, names: Sequence[str]) -> Move:
    if not isinstance(value, LList) or not value:
        raise ctx.err(line, "open: odotettiin luetteloa yhdistelmiä, esim. [[7H, 8H, 9H], [KS, KC, KD]]")
    return Open(tuple(ctx.cards(m, value.line_of(i), "open") for i, m in enumerate(value)), _jokers(ctx, step))


def _claim(ctx: Ctx, step: LDict, value: Any, line: int, names: Sequence[str]) -> Move:
    if "onto" not in step:
        raise ctx.err(line, "claim: kerro onto-kentässä, mihin pöydän yhdistelmään kortti sopii")
    return Claim(player_index(ctx, list(names), value, line),
                 as_int(ctx, "onto")(step["onto"], step.line_of("onto")))


def _knock(ctx: Ctx, step: LDict, value: Any, line: int, names: Sequence[str]) -> Move:
    melds = None
    if "melds" in step:
        raw = step["melds"]
        if not isinstance(raw, LList):
            raise ctx.err(step.line_of("melds"), "melds: odotettiin luetteloa korttiluetteloita")
        melds = tuple(ctx.cards(m, raw.line_of(i), "melds") for i, m in enumerate(raw))
    return Knock(ctx.card(value, line), melds)


def _draw(ctx: Ctx, step: LDict, value: Any, line: int, names: Sequence[str]) -> Move:
    if value not in (STOCK, DISCARD):
        raise ctx.err(line, f"draw: odotettiin stock tai discard, saatiin ”{written(value)}”")
    return Draw(value)


def _lay_off(ctx: Ctx, step: LDict, value: Any, line: int, names: Sequence[str]) -> Move:
    cards = ctx.cards(value, line, "lay_off")
    if "onto" not in step:
        raise ctx.err(line, "lay_off: kerro onto-kentässä, mihin pöydän yhdistelmään (0 = ensimmäinen)")
    return LayOff(cards, as_int(ctx, "onto")(step["onto"], step.line_of("onto")), _jokers(ctx, step))


MOVE_PARSERS: dict[str, MoveParser] = {
    "draw": _draw,
    "meld": lambda ctx, step, value, line, names: PlayMeld(ctx.cards(value, line, "meld"), _jokers(ctx, step)),
    "lay_off": _lay_off,
    "discard": lambda ctx, step, value, line, names: Discard(ctx.card(value, line)),
    "pass": lambda ctx, step, value, line, names: Pass(),
    "knock": _knock,
    "claim": _claim,
    "misdraw": lambda ctx, step, value, line, names: MisDraw(player_index(ctx, list(names), value, line)),
    "reject_exposed": lambda ctx, step, value, line, names: RejectExposed(),
    "open": _open,
}
MOVE_KEYS = set(MOVE_PARSERS)


def parse_move(ctx: Ctx, step: LDict, names: Sequence[str] = (),
               hint: Callable[[str], str | None] | None = None) -> tuple[Move, int]:
    """The one move a step names, and its line; ``hint`` says where an unknown key belongs."""
    kinds = [k for k in step if k in MOVE_PARSERS]
    for key in step:
        if key not in MOVE_KEYS and key not in STEP_EXTRA:
            ctx.keys(step, MOVE_KEYS | STEP_EXTRA, "siirto", hint)   # names the key and the allowed ones
    if len(kinds) != 1:
        raise ctx.err(step.line, "vaiheessa on oltava yksi siirto: draw, meld, lay_off tai discard "
                                 "(tai check / expect)")
    kind = kinds[0]
    line = step.line_of(kind)
    return MOVE_PARSERS[kind](ctx, step, step[kind], line, names), line


class TableTexts(Sequence):
    """The table's melds as Finnish text, as they were when made; each text is built when first read.

    Narration names a lay-off's target meld from these; most moves need none of them.
    """

    def __init__(self, deal: Deal) -> None:
        self._melds = tuple(tm.meld for tm in deal.table)     # melds are frozen values
        self._texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._melds)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._melds)))]
        meld = self._melds[i]                 # an IndexError as from a list
        i %= len(self._melds)
        if i not in self._texts:
            self._texts[i] = meld.text
        return self._texts[i]


def play_move(ctx: Ctx, sc: Scenario, deal: Deal, step: LDict,
              hint: Callable[[str], str | None] | None = None) -> Step:
    """Play one move; a refusal is a failure unless ``refused:`` names its code."""
    move, line = parse_move(ctx, step, sc.names, hint)
    player = getattr(move, "player", deal.turn)
    table_texts = TableTexts(deal)
    expected_refusal = step.get("refused")
    if expected_refusal is not None:
        as_str(ctx, expected_refusal, step.line_of("refused"), "refused")
    st = Step(line=line, kind="move", player=player, move=move)
    events_before = len(deal.events)
    try:
        deal.play(move)
    except IllegalMove as err:
        st.refused = err
        # say what was tried before why it was refused ("Eero yrittää nostaa …, mutta se ei käy."),
        # unless the reason already names the move ("Aino ei voi lisätä ruutukymppiä …")
        reason = err.sentence(sc.names[player])
        if err.names_move:
            st.sentences.append(reason)
        else:
            attempt = describe_move(move, table_texts, negative=True)
            st.sentences.append(f"{sc.names[player]} yrittää {attempt}, mutta se ei käy. {reason}")
        if expected_refusal is None:
            st.derailed = True
            tried = "" if err.names_move else f" {describe_move(move, table_texts)}"
            sc.failures.append(ctx.err(line, f"siirto{tried} hylättiin: {reason} ({err.code}); jos "
                                             f"hylkäys on tarkoitus, lisää vaiheeseen refused: {err.code}"))
        elif expected_refusal != err.code:
            sc.failures.append(ctx.err(step.line_of("refused"),
                                       f"odotettiin hylkäystä {expected_refusal}, moottori hylkäsi "
                                       f"syystä {err.code}: {reason}"))
    else:
        if expected_refusal is not None:
            st.derailed = True
            sc.failures.append(ctx.err(step.line_of("refused"),
                                       f"odotettiin hylkäystä {expected_refusal}, mutta moottori "
                                       f"hyväksyi siirron ({describe_move(move, table_texts)})"))
        for ev in deal.events[events_before:]:
            st.sentences.append(narrate_event(ev, sc.names, table_texts, style=deal.rules.style))
    st.after = Snapshot.of(deal)
    return st


def in_legal(move: Move, legal: Any) -> bool:
    """Compare moves ignoring the order of cards in a meld or lay-off."""
    def norm(m: Move) -> Any:
        if isinstance(m, (PlayMeld, LayOff)):
            return (type(m), frozenset(m.cards), getattr(m, "target", None))
        return m
    return norm(move) in {norm(m) for m in legal}
