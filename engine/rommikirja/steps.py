"""The scenario step format, once: moves ↔ steps, and the one scenario YAML writer.

A move writes itself as a step with its ``to_step()`` method (like python-chess's ``Move.uci()``);
:func:`from_step` reads a step back (``Move.from_uci()``), raising :class:`StepError` (the key at
fault and a Finnish message saying what was expected). How a step's values become cards, players
and table indexes is a :class:`StepReader`: the default one reads the engine's own codes; the
scenario tools read with line numbers (``path:line: …``) and Pelaa reads the untrusted page's moves.

:func:`step_yaml` writes one step as a YAML list item, :func:`scenario_yaml` a whole scenario file:
the sample deals (``tools/sample_deal.py``) and Pelaa's export both write through them.

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.moves import LayOff
>>> step = LayOff(parse_cards("10H"), 0).to_step()
>>> step, from_step(step) == LayOff(parse_cards("10H"), 0)
({'lay_off': ['10H'], 'onto': 0}, True)
>>> step_yaml(step), step_yaml(step, flow=False)
('  - {lay_off: [10H], onto: 0}', '  - lay_off: [10H]\\n    onto: 0')
>>> from_step({"draw": "deck"})
Traceback (most recent call last):
  ...
rommikirja.steps.StepError: draw: odotettiin stock tai discard, saatiin ”deck”
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .cards import Card, CardParseError, parse_card
from .chars import written
from .gin import Knock
from .moves import DISCARD, STOCK, Claim, Discard, Draw, LayOff, MisDraw, Move, Open, Pass, PlayMeld, RejectExposed

__all__ = [
    "StepError",
    "StepReader",
    "STEP_KINDS",
    "STEP_FIELDS",
    "step_of",
    "from_step",
    "step_yaml",
    "yaml_value",
    "scenario_yaml",
]

#: The move keys of a step, in the order the editor reference lists them.
STEP_KINDS = ("draw", "meld", "lay_off", "discard", "pass", "knock", "claim", "misdraw", "reject_exposed", "open")
#: The other keys each kind of move may have.
STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "draw": (),
    "meld": ("jokers",),
    "lay_off": ("onto", "jokers"),
    "discard": (),
    "pass": (),
    "knock": ("melds",),
    "claim": ("onto",),
    "misdraw": (),
    "reject_exposed": (),
    "open": ("jokers",),
}


class StepError(ValueError):
    """A step that is no move: ``key`` the field at fault (None: the step as a whole) and ``message``
    what was expected, in Finnish (``str()`` is ``"key: message"``, as the scenario tools print it)."""

    def __init__(self, key: str | None, message: str) -> None:
        super().__init__(key, message)
        self.key = key
        self.message = message

    def __str__(self) -> str:
        return f"{self.key}: {self.message}" if self.key else self.message

    def sentence(self) -> str:
        """The refusal as one Finnish sentence (for the page's JSON answers)."""
        if self.key is None:
            return self.message[:1].upper() + self.message[1:] + "."
        return f"Siirron kenttä {self.key} ei kelpaa: {self.message}."


def step_of(move: Move, names: Sequence[str] = ()) -> dict:
    """``move.to_step(names)``: the move as a step (``names`` name the players of a claim or misdraw)."""
    return move.to_step(names)


class StepReader:
    """How a step's values become cards, players and numbers: here, the engine's own codes.

    Subclasses (the scenario tools, Pelaa) check more and report where; each method gets the value,
    the step's key it came from and, inside a list or mapping, the element's index or key.
    """

    def __init__(self, names: Sequence[str] = ()) -> None:
        self.names = list(names)

    def card(self, value: Any, key: str, at: Any = None) -> Card:
        if not isinstance(value, str):
            raise StepError(key, "odotettiin korttia, esim. 7H")
        try:
            return parse_card(value)
        except CardParseError as err:
            raise StepError(key, str(err)) from None

    def cards(self, value: Any, key: str, at: Any = None) -> tuple[Card, ...]:
        if not isinstance(value, list) or not value:
            raise StepError(key, "odotettiin korttiluetteloa, esim. [7H, 8H, 9H]")
        return tuple(self.card(v, key, at) for v in value)

    def player(self, value: Any, key: str) -> int:
        if value not in self.names:
            raise StepError(key, f"odotettiin pelaajan nimeä ({', '.join(self.names)})" + self.got(value))
        return self.names.index(value)

    def index(self, value: Any, key: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise StepError(key, "odotettiin pöydän yhdistelmän numeroa (0 = ensimmäinen)")
        return value

    def got(self, value: Any) -> str:
        """What was written instead, for a message: ``, saatiin ”deck”`` (empty: say nothing)."""
        return f", saatiin ”{written(value)}”"


def _true(kind: str) -> Callable[[Mapping, Any, StepReader], Move]:
    make = Pass if kind == "pass" else RejectExposed

    def read(step: Mapping, value: Any, r: StepReader) -> Move:
        if value is not True:
            raise StepError(kind, "odotettiin true" + r.got(value))
        return make()

    return read


def _jokers(step: Mapping, r: StepReader) -> tuple:
    """``jokers: {JK: AH}``: what each joker of the move stands for (joker → card)."""
    if "jokers" not in step:
        return ()
    raw = step["jokers"]
    if not isinstance(raw, dict) or not raw:
        raise StepError("jokers", "odotettiin jokerin ja sen esittämän kortin pareja, esim. {JK: AH}")
    return tuple((r.card(j, "jokers", j), r.card(c, "jokers", j)) for j, c in raw.items())


def _draw(step: Mapping, value: Any, r: StepReader) -> Move:
    if value not in (STOCK, DISCARD):
        raise StepError("draw", "odotettiin stock tai discard" + r.got(value))
    return Draw(value)


def _lay_off(step: Mapping, value: Any, r: StepReader) -> Move:
    cards = r.cards(value, "lay_off")
    if "onto" not in step:
        raise StepError("lay_off", "kerro onto-kentässä, mihin pöydän yhdistelmään (0 = ensimmäinen)")
    return LayOff(cards, r.index(step["onto"], "onto"), _jokers(step, r))


def _open(step: Mapping, value: Any, r: StepReader) -> Move:
    if not isinstance(value, list) or not value:
        raise StepError("open", "odotettiin luetteloa yhdistelmiä, esim. [[7H, 8H, 9H], [KS, KC, KD]]")
    return Open(tuple(r.cards(m, "open", i) for i, m in enumerate(value)), _jokers(step, r))


def _knock(step: Mapping, value: Any, r: StepReader) -> Move:
    melds = None
    if "melds" in step:
        raw = step["melds"]
        if not isinstance(raw, list):
            raise StepError("melds", "odotettiin luetteloa korttiluetteloita")
        melds = tuple(r.cards(m, "melds", i) for i, m in enumerate(raw))
    return Knock(r.card(value, "knock"), melds)


def _claim(step: Mapping, value: Any, r: StepReader) -> Move:
    if "onto" not in step:
        raise StepError("claim", "kerro onto-kentässä, mihin pöydän yhdistelmään kortti sopii")
    return Claim(r.player(value, "claim"), r.index(step["onto"], "onto"))


#: step key → reader(step, value, reader) → move
_FROM_STEP: dict[str, Callable[[Mapping, Any, StepReader], Move]] = {
    "draw": _draw,
    "meld": lambda step, value, r: PlayMeld(r.cards(value, "meld"), _jokers(step, r)),
    "lay_off": _lay_off,
    "discard": lambda step, value, r: Discard(r.card(value, "discard")),
    "pass": _true("pass"),
    "knock": _knock,
    "claim": _claim,
    "misdraw": lambda step, value, r: MisDraw(r.player(value, "misdraw")),
    "reject_exposed": _true("reject_exposed"),
    "open": _open,
}
assert tuple(_FROM_STEP) == STEP_KINDS


def from_step(
    step: Mapping[str, Any],
    reader: StepReader | None = None,
    names: Sequence[str] = (),
    kinds: Sequence[str] = STEP_KINDS,
) -> Move:
    """The move of a step (the inverse of ``to_step``); ``kinds`` limits the moves a caller takes.

    Keys beside the move's own (:data:`STEP_FIELDS`) are the caller's to check.
    """
    found = [k for k in step if k in kinds]
    if len(found) != 1:
        raise StepError(None, "vaiheessa on oltava yksi siirto: " + ", ".join(kinds))
    kind = found[0]
    return _FROM_STEP[kind](step, step[kind], reader if reader is not None else StepReader(names))


# -- YAML --------------------------------------------------------------------------------------


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


#: Characters after which a plain YAML scalar would mean something else.
_PLAIN_UNSAFE = (": ", " #", "{", "}", "[", "]", ",", "\\", "\t")


def yaml_value(value: Any, quote: bool = False) -> str:
    """A value of a scenario file in flow style: ``[7H, 8H]``, ``{Aino: 3}``, ``true``, ``12``; a text
    plain, or quoted (always with ``quote``; otherwise when it would not read back as the same text)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(yaml_value(v, quote) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {yaml_value(v, quote)}" for k, v in value.items()) + "}"
    text = str(value)
    if (
        quote
        or not text
        or text != text.strip()
        or text[0] in "-?:!&*|>%@`#'\""
        or any(u in text for u in _PLAIN_UNSAFE)
        or text.lower() in ("true", "false", "yes", "no", "on", "off", "null", "~")
    ):
        return _quote(text)
    return text


def step_yaml(step: Mapping[str, Any], flow: bool = True) -> str:
    """One step as an item of a scenario's ``steps:`` list: ``  - {discard: 7H}``, or with
    ``flow=False`` one key a line (``  - lay_off: [10H]`` then ``    onto: 0``)."""
    parts = [f"{k}: {yaml_value(v)}" for k, v in step.items()]
    if flow:
        return "  - {" + ", ".join(parts) + "}"
    return "  - " + "\n    ".join(parts)


def scenario_yaml(
    game: str,
    title: str,
    names: Sequence[str],
    start: Any,
    steps: Sequence[Mapping[str, Any]],
    expect: Mapping[str, Any],
    *,
    header: Sequence[str] = (),
    section: str | None = None,
    order: int | None = None,
    options: Mapping[str, Any] | None = None,
    options_note: str = "",
    totals: Any = None,
    deals_played: int = 0,
    text: str = "",
    flow: bool = True,
) -> str:
    """A scenario file: the dealt position ``start`` (a deal before its first move), every step and
    what is expected at the end.

    ``header``: comment lines first; ``options``: the rule options played, their texts quoted (a
    choice such as ``no`` is never read as a boolean); ``totals`` (a list, or names → points) and
    ``deals_played``: the score before the deal; ``flow``: steps and the expectation in flow style
    (one line each) or one key a line.
    """
    lines = list(header) + ["source: own", f"game: {game}", f"title: {yaml_value(title)}"]
    if section is not None:
        lines.append(f"section: {section}")
    if order is not None:
        lines.append(f"order: {order}")
    if options is not None:
        lines.append("options:" + (f"   # {options_note}" if options_note else ""))
        lines.extend(f"  {k}: {yaml_value(v, quote=True)}" for k, v in options.items())
    lines.append(f"players: {yaml_value(list(names))}")
    lines += ["setup:", f"  dealer: {names[start.dealer]}", f"  turn: {names[start.turn]}"]
    if start.phase.value == "offer":  # (gin's first upcard; a rummy deal has no such phase)
        lines.append("  phase: offer")
    lines.append("  hands:")
    lines.extend(f"    - {yaml_value([c.code for c in h])}" for h in start.hands)
    lines.append(f"  stock: {yaml_value([c.code for c in reversed(start.stock)])}")
    lines.append(f"  discard: {yaml_value([c.code for c in start.discard])}")
    if totals is not None:
        lines.append(f"  totals: {yaml_value(totals)}")
    if deals_played:
        lines.append(f"  deals_played: {deals_played}")
    lines.append("steps:")
    lines.extend(step_yaml(step, flow) for step in steps)
    if flow:
        lines.append(f"  - expect: {yaml_value(dict(expect))}")
    else:
        lines.append("  - expect:")
        lines.extend(f"      {k}: {yaml_value(v)}" for k, v in expect.items())
    if text:
        lines.append("text: |")
        lines.extend("  " + t for t in text.strip().splitlines())
    return "\n".join(lines) + "\n"
