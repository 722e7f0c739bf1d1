"""Move steps: ``draw:``, ``meld:``, ``lay_off:`` … read into engine moves by the engine's step codec
(:mod:`rommikirja.steps`, with file:line errors) and played."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rommikirja import Card, Deal, IllegalMove, LayOff, Move, PlayMeld
from rommikirja.narrate import describe_move, narrate_event
from rommikirja.steps import STEP_FIELDS, STEP_KINDS, StepError, StepReader, from_step

from ..yamlsrc import LDict, LList
from .context import Ctx, as_int, as_str, plain_text, player_index
from .model import Scenario, Snapshot, Step

#: keys a move step may have besides its move: the codec's fields, the expected refusal, a
#: deliberately weak move's reason (tools.teaching) and a guided deal's own words for the move
#: (``opastus``, tools.opetusjako)
STEP_EXTRA = {f for fields in STEP_FIELDS.values() for f in fields} | {"refused", "deliberate", "opastus"}
#: The longest ``opastus`` text.
GUIDE_CHARS = 400


class LineReader(StepReader):
    """The codec's reader for a scenario file: cards and players as the editor writes them, every
    error at its own line (an element of a list or mapping at the element's line)."""

    def __init__(self, ctx: Ctx, step: LDict, names: Sequence[str]) -> None:
        super().__init__(names)
        self.ctx, self.step = ctx, step

    def line(self, key: str, at: Any = None) -> int:
        if key not in self.step:
            return self.step.line
        value = self.step[key]
        if at is not None and isinstance(value, (LList, LDict)):
            return value.line_of(at)
        return self.step.line_of(key)

    def card(self, value: Any, key: str, at: Any = None) -> Card:
        return self.ctx.card(value, self.line(key, at))

    def cards(self, value: Any, key: str, at: Any = None) -> tuple[Card, ...]:
        return self.ctx.cards(value, self.line(key, at), key)

    def player(self, value: Any, key: str) -> int:
        return player_index(self.ctx, self.names, value, self.line(key))

    def index(self, value: Any, key: str) -> int:
        return as_int(self.ctx, key)(value, self.line(key))


MOVE_KEYS = set(STEP_KINDS)


def parse_move(
    ctx: Ctx, step: LDict, names: Sequence[str] = (), hint: Callable[[str], str | None] | None = None
) -> tuple[Move, int]:
    """The one move a step names, and its line; ``hint`` says where an unknown key belongs."""
    kinds = [k for k in step if k in MOVE_KEYS]
    for key in step:
        if key not in MOVE_KEYS and key not in STEP_EXTRA:
            ctx.keys(step, MOVE_KEYS | STEP_EXTRA, "siirto", hint)  # names the key and the allowed ones
    if len(kinds) != 1:
        raise ctx.err(
            step.line, "vaiheessa on oltava yksi siirto: draw, meld, lay_off tai discard (tai check / expect)"
        )
    line = step.line_of(kinds[0])
    try:
        return from_step(step, LineReader(ctx, step, names)), line
    except StepError as err:  # the codec says what was expected; the line is the key's
        raise ctx.err(step.line_of(err.key) if err.key in step else line, str(err)) from None


class TableTexts(Sequence):
    """The table's melds as Finnish text, as they were when made; each text is built when first read.

    Narration names a lay-off's target meld from these; most moves need none of them.
    """

    def __init__(self, deal: Deal) -> None:
        self._melds = tuple(tm.meld for tm in deal.table)  # melds are frozen values
        self._texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._melds)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._melds)))]
        meld = self._melds[i]  # an IndexError as from a list
        i %= len(self._melds)
        if i not in self._texts:
            self._texts[i] = meld.text
        return self._texts[i]


def play_move(ctx: Ctx, sc: Scenario, deal: Deal, step: LDict, hint: Callable[[str], str | None] | None = None) -> Step:
    """Play one move; a refusal is a failure unless ``refused:`` names its code."""
    move, line = parse_move(ctx, step, sc.names, hint)
    player = getattr(move, "player", deal.turn)
    table_texts = TableTexts(deal)
    expected_refusal = step.get("refused")
    if expected_refusal is not None:
        as_str(ctx, expected_refusal, step.line_of("refused"), "refused")
    st = Step(line=line, kind="move", player=player, move=move)
    if "opastus" in step:  # the guide's words for this move on the page (plain text, one line)
        st.facts["opastus"] = plain_text(ctx, step["opastus"], step.line_of("opastus"), "opastus", GUIDE_CHARS)
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
            sc.failures.append(
                ctx.err(
                    line,
                    f"siirto{tried} hylättiin: {reason} ({err.code}); jos "
                    f"hylkäys on tarkoitus, lisää vaiheeseen refused: {err.code}",
                )
            )
        elif expected_refusal != err.code:
            sc.failures.append(
                ctx.err(
                    step.line_of("refused"),
                    f"odotettiin hylkäystä {expected_refusal}, moottori hylkäsi syystä {err.code}: {reason}",
                )
            )
    else:
        if expected_refusal is not None:
            st.derailed = True
            sc.failures.append(
                ctx.err(
                    step.line_of("refused"),
                    f"odotettiin hylkäystä {expected_refusal}, mutta moottori "
                    f"hyväksyi siirron ({describe_move(move, table_texts)})",
                )
            )
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
