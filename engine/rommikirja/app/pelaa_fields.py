"""The Pelaa requests' bounds and the checks of untrusted fields they share
(:mod:`rommikirja.app.pelaa_state` reads states and requests, :mod:`rommikirja.app.pelaa_moves`
the reader's moves): every refusal a :class:`PlayError` with one Finnish sentence."""

from __future__ import annotations

from typing import Any

from ..chars import combining_run, hidden_char

__all__ = ["PlayError", "LIMITS", "shown"]

#: Bounds on a request (the page is untrusted): every answer comes quickly.
LIMITS = {
    "request_chars": 1_000_000,
    "deals": 300,
    "deal_moves": 1000,
    "moves": 10_000,
    "seed": 40,
    "name": 30,
    "players": 4,
    "sections": 100,
    "section": 80,
    "text": 60,
    "cards": 30,
    "computer_moves": 400,
}


class PlayError(ValueError):
    """A Pelaa request the engine will not answer; the message is one Finnish sentence."""


def _n(value: int) -> str:
    """A number the Finnish way: 10 000."""
    return f"{value:,}".replace(",", " ")


def shown(value: Any) -> str | None:
    """``value`` quoted as the reader wrote it (”…”), or None when it is no short plain text."""
    if isinstance(value, str) and 0 < len(value) <= LIMITS["name"] and value.isprintable():
        return f"”{value}”"
    return None


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: Any, limit: int) -> bool:
    return (
        isinstance(v, str)
        and 0 < len(v) <= limit
        and v.isprintable()
        and hidden_char(v) is None
        and combining_run(v) is None
    )  # (a Hangul filler or a blank braille cell is printable)


def _keys(obj: dict, allowed: Any, where: str) -> None:
    for key in obj:
        if key not in allowed:
            what = shown(key)
            raise PlayError(
                f"{where} on kenttä {what}, jota siinä ei voi olla." if what else f"{where} on tuntematon kenttä."
            )
