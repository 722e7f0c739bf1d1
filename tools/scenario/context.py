"""Reading scenario values: cards, players, numbers, with the file and line of every error.

:class:`Ctx` is what each step function gets: it turns YAML values into engine values and
builds ``file:line: message`` errors; :func:`compare` writes every
"odotettiin …, moottori antoi …" failure in one place.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Sequence

from rommikirja import Card, CardParseError
from rommikirja.cards import parse_card, standard_deck
from rommikirja.chars import describe, identity_problem, written

from ..yamlsrc import LDict, LList, SourceError, line_of
from .model import Scenario, rel_path


#: No list of cards is longer than two decks and four jokers.
MAX_CARDS = 108


#: Card notation already read (``"7H"`` → its card): a table of the few codes a deck has, filled
#: as codes are met (cards are frozen values; a code that does not parse is never stored).
_PARSED: dict[str, Card] = {}
_PARSED_MAX = 4096


class Ctx:
    """The file being read: makes its errors and converts its values."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rel = rel_path(path)

    def err(self, line: int | None, message: str) -> SourceError:
        return SourceError(self.rel, line, message)

    def _rel(self) -> str:  # older name, kept for hooks written against it
        return self.rel

    def card(self, value: Any, line: int) -> Card:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.err(line, f"odotettiin korttia (esim. 7H), saatiin {type_name(value)}")
        card = _PARSED.get(value)
        if card is not None:
            return card
        try:
            card = parse_card(value)
        except CardParseError as e:
            raise self.err(line, str(e)) from None
        if len(_PARSED) < _PARSED_MAX:
            _PARSED[value] = card
        return card

    def cards(self, value: Any, line: int, what: str) -> tuple[Card, ...]:
        if isinstance(value, str):
            value = value.split() if value.isascii() else [t for t in re.split(r"[ \t\r\n]+", value) if t]
            if len(value) > MAX_CARDS:
                raise self.err(line, f"{what}: liikaa kortteja ({len(value)}; enintään {MAX_CARDS})")
            return tuple(self.card(t, line) for t in value)
        if not isinstance(value, list):
            raise self.err(line, f"{what}: odotettiin korttiluetteloa, esim. [7H, 8H, 9H]")
        if len(value) > MAX_CARDS:
            raise self.err(line, f"{what}: liikaa kortteja ({len(value)}; enintään {MAX_CARDS})")
        lines = value.lines if isinstance(value, LList) else [line] * len(value)
        return tuple(self.card(v, ln) for v, ln in zip(value, lines))

    def keys(self, data: LDict, allowed: set[str], what: str, hint: Callable[[str], str | None] | None = None) -> None:
        """Refuse a key not in ``allowed``; ``hint(key)`` may say where such a key belongs instead."""
        unknown = self.unknown_keys(data, allowed, what, hint)
        if unknown:
            raise unknown[0]

    def unknown_keys(
        self, data: LDict, allowed: set[str], what: str, hint: Callable[[str], str | None] | None = None
    ) -> list[SourceError]:
        """One error for each key of ``data`` not in ``allowed``, in the file's order (see :meth:`keys`)."""
        found: list[SourceError] = []
        for key in data:
            if key not in allowed:
                where = hint(key) if hint is not None else None
                if where:
                    found.append(self.err(data.line_of(key), f"{what}: {where}"))
                    continue
                found.append(
                    self.err(
                        data.line_of(key),
                        f"{what}: tuntematon kenttä ”{written(key)}”; sallitut: {', '.join(sorted(allowed))}",
                    )
                )
        return found

    def mapping(self, value: Any, line: int, what: str) -> LDict:
        if not isinstance(value, LDict):
            raise self.err(line_of(value, line), f"{what}: odotettiin avain: arvo -kenttiä")
        return value


def player_index(ctx: Ctx, names: list[str], value: Any, line: int) -> int:
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise ctx.err(line, f"tuntematon pelaaja ”{written(value)}”; pelaajat: {', '.join(names)}")


def per_player(
    ctx: Ctx, names: list[str], value: Any, line: int, what: str, convert: Callable[[Any, int], Any]
) -> dict[int, Any]:
    """A per-player value: a list in seat order, or a mapping name → value."""
    if isinstance(value, LList):
        if len(value) != len(names):
            raise ctx.err(line, f"{what}: odotettiin {len(names)} arvoa (yksi pelaajaa kohden), saatiin {len(value)}")
        return {i: convert(v, value.line_of(i)) for i, v in enumerate(value)}
    if isinstance(value, LDict):
        return {player_index(ctx, names, k, value.line_of(k)): convert(v, value.line_of(k)) for k, v in value.items()}
    raise ctx.err(line, f"{what}: odotettiin luetteloa pelaajien järjestyksessä tai nimi: arvo -kenttiä")


def as_int(ctx: Ctx, what: str) -> Callable[[Any, int], int]:
    def conv(v: Any, line: int) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ctx.err(line, f"{what}: odotettiin kokonaislukua, saatiin ”{written(v)}”")
        return v

    return conv


def as_bool(ctx: Ctx, value: Any, line: int, what: str) -> bool:
    if not isinstance(value, bool):
        raise ctx.err(line, f"{what}: odotettiin true tai false, saatiin ”{written(value)}”")
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


def compare(
    ctx: Ctx, sc: Scenario, line: int, key: str, want: Any, got: Any, shown: tuple[Any, Any] | None = None
) -> bool:
    """Record ``key: odotettiin …, moottori antoi …`` unless ``want == got``; True when equal.

    ``shown`` gives the values to print when the compared ones are normalised keys.
    """
    if want == got:
        return True
    w, g = shown if shown is not None else (want, got)
    sc.failures.append(ctx.err(line, f"{key}: odotettiin {fmt(w)}, moottori antoi {fmt(g)}"))
    return False


# ---------------------------------------------------------------------------------------------
# limits and plain text (scenario files are untrusted input)

#: Bounds that keep one scenario fast; each gives a Finnish file:line message.
LIMITS = {
    "steps": 300,  # steps in one scenario
    "hand": 20,  # cards in one hand of a setup (the longest real hand is 15)
    "check": 16,  # cards in one check/waits step (a run is at most 14 plus jokers)
    "arrange": 11,  # gin: a hand of 10, or 11 after drawing
    "text": 20_000,  # characters of a scenario's text
    "title": 120,  # characters of a title or section
    "name": 30,  # characters of a player's name
    "opening_work": 150_000,  # positions all Rommi 51 opening searches of one scenario may visit
}

_NAME = re.compile(r"[^\W\d_]+(?:[ '’-][^\W\d_]+)*")
#: characters that would be markup in a title (Markdown or HTML); documented in scenarios/README.md
MARKUP_CHARS = set("<>[]{}*_`\\|#&~^$@")


def plain_text(ctx: Ctx, value: Any, line: int, what: str, limit: int = LIMITS["title"]) -> str:
    """A one-line plain text (title, section): no Markdown or HTML markup."""
    if not isinstance(value, str):
        raise ctx.err(line, f"{what}: odotettiin tekstiä, saatiin {type_name(value)}")
    if not value.strip():
        raise ctx.err(line, f"{what}: teksti on tyhjä")
    if len(value) > limit:
        raise ctx.err(line, f"{what}: teksti on liian pitkä ({len(value)} merkkiä; enintään {limit})")
    bad = sorted({ch for ch in value if ch in MARKUP_CHARS or (not ch.isprintable())})
    if bad or "://" in value:
        shown = " ".join(ch if ch.isprintable() else describe(ch) for ch in bad) if bad else "://"
        raise ctx.err(line, f"{what}: merkintäkieli ei ole sallittu (merkit {shown}); kirjoita pelkkää tekstiä")
    problem = identity_problem(value)
    if problem is not None:
        raise ctx.err(line, f"{what}: {problem}")
    return value


def player_name(ctx: Ctx, value: Any, line: int) -> str:
    """A player's name: letters, with single spaces, hyphens or apostrophes between parts.

    Whether its case forms are known (built in, or in the club's ``scenarios/nimet.yaml``) is
    checked with the scenario's sentences (``tools.sentences.check_player_names``)."""
    problem = identity_problem(value) if isinstance(value, str) and len(value) <= LIMITS["name"] else None
    if problem is not None:
        raise ctx.err(line, f"players: ”{value}” ei kelpaa nimeksi: {problem}")
    if not isinstance(value, str) or len(value) > LIMITS["name"] or not _NAME.fullmatch(value):
        shown = (
            written(value) if isinstance(value, (str, int, float, bool)) and len(str(value)) <= 40 else type_name(value)
        )
        raise ctx.err(
            line,
            f"players: ”{shown}” ei kelpaa nimeksi; nimessä saa olla vain kirjaimia "
            f"(osien välissä välilyönti, - tai '), enintään {LIMITS['name']} merkkiä",
        )
    return value


def type_name(value: Any) -> str:
    """What kind of YAML value this is, in Finnish."""
    if isinstance(value, bool):
        return "totuusarvo"
    if isinstance(value, int):
        return "luku"
    if isinstance(value, float):
        return "desimaaliluku"
    if isinstance(value, str):
        return "teksti"
    if isinstance(value, list):
        return "luettelo"
    if isinstance(value, dict):
        return "avain: arvo -kentät"
    if value is None:
        return "tyhjä arvo"
    return "tuntematon arvo"


def as_str(ctx: Ctx, value: Any, line: int, what: str) -> str:
    if not isinstance(value, str):
        raise ctx.err(line, f"{what}: odotettiin tekstiä, saatiin {type_name(value)}")
    return value


def deck_cards(
    ctx: Ctx, value: Any, line: int, what: str, rules: Any, limit: int, distinct: bool = True
) -> tuple[Card, ...]:
    """Cards that exist in the rule set's deck, at most ``limit`` of them, each once."""
    cards = ctx.cards(value, line, what)
    if len(cards) > limit:
        raise ctx.err(line, f"{what}: liikaa kortteja ({len(cards)}; enintään {limit})")
    lines = value.lines if isinstance(value, LList) else [line] * len(cards)
    deck = deck_of(rules)
    for c, ln in zip(cards, lines):
        if c not in deck:
            raise ctx.err(ln, f"{what}: korttia {c.code} ei ole tämän pelin pakassa ({deck_text(rules)})")
    if distinct and len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise ctx.err(line, f"{what}: kortti {dup.code} on mukana kahdesti")
    return cards


def deck_of(rules: Any) -> frozenset[Card]:
    key = (rules.decks, rules.jokers)
    deck = _DECKS.get(key)
    if deck is None:  # built once per deck shape, not on every call
        deck = _DECKS[key] = frozenset(standard_deck(rules.decks, rules.jokers))
    return deck


def deck_text(rules: Any) -> str:
    decks = "yksi pakka" if rules.decks == 1 else f"{rules.decks} pakkaa"
    jokers = "ei jokereita" if not rules.jokers else f"{rules.jokers} jokeria"
    return f"{decks}, {jokers}"


_DECKS: dict[tuple[int, int], frozenset[Card]] = {}
