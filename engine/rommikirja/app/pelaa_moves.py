"""The reader's moves on the Pelaa page as scenario steps (the engine's step codec,
:mod:`rommikirja.steps`): :func:`read_move` reads an untrusted step with this game's cards only,
bounded lists and the reader's own seat; :func:`step_of` and :func:`move_of` for the moves the
engine wrote itself."""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import standard_deck
from ..moves import Move
from ..narrate import DEFAULT_NAMES
from ..rules import RuleSet
from ..steps import STEP_FIELDS, StepError, StepReader, from_step
from .pelaa_fields import LIMITS, PlayError, _is_int, _keys, shown

__all__ = ["PAGE_KINDS", "step_of", "move_of", "read_move"]


def step_of(move: Move, names: Sequence[str] = DEFAULT_NAMES) -> dict:
    """A move in the scenario files' step format, e.g. ``{"discard": "7H"}`` (``move.to_step``)."""
    return move.to_step(names)


#: The moves a reader makes on the page (no irregularities: those are for the scenario files).
PAGE_KINDS = ("draw", "discard", "knock", "meld", "lay_off", "open", "pass", "claim")


class _Deck:
    """The game's card codes (as the engine writes them) and their cards."""

    _cache: dict = {}

    def __init__(self, rules: RuleSet) -> None:
        key = (rules.decks, rules.jokers)
        if key not in self._cache:
            self._cache[key] = {c.code: c for c in standard_deck(rules.decks, rules.jokers)}
        self.cards = self._cache[key]

    def card(self, v: Any):
        if not isinstance(v, str) or v not in self.cards:
            what = shown(v) if isinstance(v, str) and len(v) <= 8 else None
            raise PlayError(
                f"{what} ei ole tämän pelin kortti; kortit merkitään kuten 7H, 10D, AS tai JK."
                if what
                else "Siirrossa on jotain muuta kuin tämän pelin kortti; kortit merkitään kuten 7H, 10D, AS tai JK."
            )
        return self.cards[v]

    def cards_of(self, v: Any, most: int = 20) -> tuple:
        if not isinstance(v, list) or not 0 < len(v) <= most:
            raise PlayError(f"Siirron korttien pitää olla luettelo, jossa on 1–{most} korttia.")
        return tuple(self.card(c) for c in v)


class _PageReader(StepReader):
    """The codec's reader for the page's moves (untrusted): this game's cards only, bounded lists,
    the reader's own seat only; every refusal a Finnish sentence."""

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        super().__init__(names)
        self.deck = _Deck(rules)

    def card(self, value: Any, key: str, at: Any = None):
        return self.deck.card(value)

    def cards(self, value: Any, key: str, at: Any = None) -> tuple:
        return self.deck.cards_of(value)

    def player(self, value: Any, key: str) -> int:
        if value != self.names[0]:
            raise PlayError("Voit huutaa ”rommia” vain omasta puolestasi.")
        return 0

    def index(self, value: Any, key: str) -> int:
        if not _is_int(value) or not 0 <= value < 200:
            raise PlayError("Kerro onto-kentässä kokonaislukuna, mitä pöydän yhdistelmää siirto koskee.")
        return value

    def got(self, value: Any) -> str:
        what = shown(value)  # only a short plain text is repeated back to the page
        return f", saatiin {what}" if what else ""


def read_move(step: Any, rules: RuleSet, names: Sequence[str], open_cards: bool = False) -> Move | tuple:
    """The reader's move from a step (the scenario format, read by :func:`rommikirja.steps.from_step`),
    every field checked; ``open_cards`` (Rommi 51's "Avaa" with the chosen cards, split by the engine)
    comes back as ``("open_cards", cards)``."""
    if not isinstance(step, dict) or not step:
        raise PlayError("Siirron pitää olla JSON-olio, esimerkiksi {\"draw\": \"stock\"}.")
    kinds = [k for k in step if k in PAGE_KINDS or (open_cards and k == "open_cards")]
    if len(kinds) != 1:
        raise PlayError("Siirrossa pitää olla yksi näistä: " + ", ".join(PAGE_KINDS) + ".")
    kind = kinds[0]
    if kind == "open_cards":
        _keys(step, {kind}, "Siirrossa")
        return ("open_cards", _Deck(rules).cards_of(step[kind], LIMITS["cards"]))
    _keys(step, {kind, *STEP_FIELDS[kind]}, "Siirrossa")
    if kind == "open" and isinstance(step[kind], list) and len(step[kind]) > 10:
        raise PlayError("Avauksen (open) pitää olla luettelo, jossa on 1–10 yhdistelmää.")
    if kind == "knock" and isinstance(step.get("melds"), list) and len(step["melds"]) > 10:
        raise PlayError("Koputuksen yhdistelmien (melds) pitää olla luettelo, jossa on enintään 10 yhdistelmää.")
    try:
        return from_step(step, _PageReader(rules, names), kinds=PAGE_KINDS)
    except StepError as err:
        raise PlayError(err.sentence()) from None


def move_of(step: Any, names: Sequence[str] = DEFAULT_NAMES, rules: RuleSet | None = None) -> Move:
    """The move of a step in the scenario format (the inverse of :func:`step_of`), for steps the
    engine wrote itself (the regenerated moves); the reader's go through :func:`read_move`."""
    if rules is not None:
        move = read_move(step, rules, names)
        assert not isinstance(move, tuple)
        return move
    return from_step(step, names=names)
