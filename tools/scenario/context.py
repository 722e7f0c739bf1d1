"""Reading scenario values: cards, players, numbers, with the file and line of every error.

:class:`Ctx` is what each step function gets: it turns YAML values into engine values and
builds ``file:line: message`` errors; :func:`compare` writes every
"odotettiin …, moottori antoi …" failure in one place.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from rommikirja import Card, CardParseError
from rommikirja.cards import parse_card

from ..yamlsrc import LDict, LList, SourceError, line_of
from .model import Scenario, rel_path


class Ctx:
    """The file being read: makes its errors and converts its values."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rel = rel_path(path)

    def err(self, line: int | None, message: str) -> SourceError:
        return SourceError(self.rel, line, message)

    def _rel(self) -> str:          # older name, kept for hooks written against it
        return self.rel

    def card(self, value: Any, line: int) -> Card:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        try:
            return parse_card(value)
        except CardParseError as e:
            raise self.err(line, str(e)) from None

    def cards(self, value: Any, line: int, what: str) -> tuple[Card, ...]:
        if isinstance(value, str):
            return tuple(self.card(t, line) for t in value.split())
        if not isinstance(value, list):
            raise self.err(line, f"{what}: odotettiin korttiluetteloa, esim. [7H, 8H, 9H]")
        lines = value.lines if isinstance(value, LList) else [line] * len(value)
        return tuple(self.card(v, ln) for v, ln in zip(value, lines))

    def keys(self, data: LDict, allowed: set[str], what: str) -> None:
        for key in data:
            if key not in allowed:
                raise self.err(data.line_of(key), f"{what}: tuntematon kenttä ”{key}”; sallitut: "
                                                  f"{', '.join(sorted(allowed))}")

    def mapping(self, value: Any, line: int, what: str) -> LDict:
        if not isinstance(value, LDict):
            raise self.err(line_of(value, line), f"{what}: odotettiin avain: arvo -kenttiä")
        return value


def player_index(ctx: Ctx, names: list[str], value: Any, line: int) -> int:
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise ctx.err(line, f"tuntematon pelaaja ”{value}”; pelaajat: {', '.join(names)}")


def per_player(ctx: Ctx, names: list[str], value: Any, line: int, what: str,
               convert: Callable[[Any, int], Any]) -> dict[int, Any]:
    """A per-player value: a list in seat order, or a mapping name → value."""
    if isinstance(value, LList):
        if len(value) != len(names):
            raise ctx.err(line, f"{what}: odotettiin {len(names)} arvoa (yksi pelaajaa kohden), "
                                f"saatiin {len(value)}")
        return {i: convert(v, value.line_of(i)) for i, v in enumerate(value)}
    if isinstance(value, LDict):
        return {player_index(ctx, names, k, value.line_of(k)): convert(v, value.line_of(k))
                for k, v in value.items()}
    raise ctx.err(line, f"{what}: odotettiin luetteloa pelaajien järjestyksessä tai "
                        "nimi: arvo -kenttiä")


def as_int(ctx: Ctx, what: str) -> Callable[[Any, int], int]:
    def conv(v: Any, line: int) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ctx.err(line, f"{what}: odotettiin kokonaislukua, saatiin ”{v}”")
        return v
    return conv


def as_bool(ctx: Ctx, value: Any, line: int, what: str) -> bool:
    if not isinstance(value, bool):
        raise ctx.err(line, f"{what}: odotettiin true tai false, saatiin ”{value}”")
    return value


def meld_key(melds: Sequence[Sequence[Card]]) -> list[list[tuple]]:
    """Melds compared as sets of cards: order of cards and of melds does not matter."""
    return sorted(sorted(c.sort_key for c in m) for m in melds)


def want_melds(ctx: Ctx, want: Any, line: int, key: str) -> list[tuple[Card, ...]]:
    """A list of card lists (melds, lay-offs) from the scenario."""
    if not isinstance(want, LList):
        raise ctx.err(line, f"{key}: odotettiin luetteloa korttiluetteloita")
    return [ctx.cards(m, want.line_of(i), key) for i, m in enumerate(want)]


def fmt(value: Any) -> str:
    """A value as the rule editor wrote it (card codes, names), never a Python repr."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(fmt(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {fmt(v)}" for k, v in value.items()) + "}"
    if value is None:
        return "ei kukaan"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def compare(ctx: Ctx, sc: Scenario, line: int, key: str, want: Any, got: Any,
            shown: tuple[Any, Any] | None = None) -> bool:
    """Record ``key: odotettiin …, moottori antoi …`` unless ``want == got``; True when equal.

    ``shown`` gives the values to print when the compared ones are normalised keys.
    """
    if want == got:
        return True
    w, g = shown if shown is not None else (want, got)
    sc.failures.append(ctx.err(line, f"{key}: odotettiin {fmt(w)}, moottori antoi {fmt(g)}"))
    return False
