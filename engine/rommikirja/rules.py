"""Rule sets: every difference between games and house rules as a named option.

A :class:`RuleSet` is a frozen value. Presets are data (one YAML file per game
in ``scenarios/rules/``); the tools read them and call
:meth:`RuleSet.from_mapping`, which checks every option against
:data:`OPTIONS` and says in Finnish what was expected. The options themselves,
with their Finnish labels and statements, are the table in :mod:`rommikirja.options`
(re-exported here); :func:`statement`, :func:`applies` and :func:`other_values` ask
it about one option of a rule set.

>>> rules = RuleSet()                       # neutral defaults (see RuleSet), not a shipped file
>>> rules.hand_size_for(4)
7
>>> rules.with_options(melds_per_turn="one").melds_per_turn
'one'
>>> RuleSet.from_mapping({"ace": "high"})
Traceback (most recent call last):
  ...
rommikirja.rules.RuleSetError: ace: tuntematon arvo ”high”; sallitut: low, high_or_low, round_the_corner
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from .chars import written
from .finnish import join_list
from .option_spec import OptionSpec
from .options import OPTIONS

__all__ = ["RuleSet", "RuleSetError", "OPTIONS", "statement", "applies", "idle_reason", "other_values"]


class RuleSetError(ValueError):
    """An option name or value that the engine does not know."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        self.detail = message
        super().__init__(f"{option}: {message}")


def applies(option: str, rules: "RuleSet") -> bool:
    """Whether ``option`` matters in ``rules`` (a knock limit does not in perusrommi).

    >>> applies("knock_limit", RuleSet()), applies("rummy_doubling", RuleSet())
    (False, True)
    """
    return _spec(option).applies(rules)


def idle_reason(option: str, rules: "RuleSet") -> str | None:
    """Why setting ``option`` has no effect in ``rules`` (Finnish, for an editor), or ``None`` when it
    matters: the options whose values make it idle (those another value of which would make it
    apply, by the option's own :attr:`OptionSpec.applies`).

    >>> idle_reason("knock_limit", RuleSet())
    'ei vaikuta tässä pelissä, koska style on rummy'
    >>> idle_reason("target_score", RuleSet()), idle_reason("game_deals", RuleSet())
    ('ei vaikuta tässä pelissä, koska game_end on deals', None)
    """
    spec = _spec(option)
    if spec.applies(rules):
        return None
    deciding = [
        other
        for other, other_spec in OPTIONS.items()
        if other != option
        and other_spec.kind != "hand_size"
        and any(spec.applies(replace(rules, **{other: v})) for v in other_values(other, rules))
    ]
    if not deciding:
        return "ei vaikuta tässä pelissä näillä muilla säännöillä"
    shown = [f"{o} on {_yaml(getattr(rules, o))}" for o in deciding]
    return "ei vaikuta tässä pelissä, koska " + join_list(shown)


def _yaml(value: Any) -> str:
    """A value as a rule file writes it (``true``/``false`` for booleans)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def statement(option: str, rules: "RuleSet") -> str:
    """The Finnish rule sentence for the current value of ``option`` in ``rules``.

    Pages print these instead of typed prose, so a changed option changes the page.

    >>> statement("ace_points", RuleSet())
    'Käteen jääneen ässän arvo on yksi piste.'
    >>> statement("ace_points", RuleSet(ace_points=15))
    'Käteen jääneen ässän arvo on 15 pistettä.'
    >>> statement("rummy_doubling", RuleSet(rummy_doubling=False))
    'Koko käden tyhjentäminen yhdellä vuorolla ei tuo lisäpisteitä.'
    """
    spec = _spec(option)
    assert spec.says is not None, option
    return spec.says(getattr(rules, option), rules)


def _spec(option: str) -> OptionSpec:
    spec = OPTIONS.get(option)
    if spec is None:
        raise RuleSetError(str(option), f"tuntematon sääntö; tunnetut: {', '.join(sorted(OPTIONS))}")
    return spec


def other_values(option: str, rules: "RuleSet") -> list[Any]:
    """Values ``option`` could take instead of its current one (for tests and the editor reference).

    Choices and booleans give every other value; numbers give a limit and a neighbour.
    """
    spec = _spec(option)
    current = getattr(rules, option)
    if spec.kind == "bool":
        return [not current]
    if spec.kind == "choice":
        return [c for c in spec.choices if c != current]
    if spec.kind == "int":
        lo, hi = spec.minimum or 0, spec.maximum if spec.maximum is not None else current + 10
        cands = [lo if current != lo else hi, current + 1 if current < hi else current - 1]
        return sorted({c for c in cands if c != current and lo <= c <= hi})
    return [{n: (s - 1 if s > 1 else s + 1) for n, s in current}]


@dataclass(frozen=True)
class RuleSet:
    """The rules of one game with its house rules.

    The defaults are the engine's neutral reference rules (Bicycle basic rummy as
    first written down). They are *not* a copy of ``scenarios/rules/perusrommi.yaml``:
    the shipped presets are a club's data and may change to any legal value, so
    tools always start from a preset file and tests use their own fixed rule sets.
    """

    name: str = "perusrommi"
    style: str = "rummy"
    decks: int = 1
    jokers: int = 0
    max_jokers_per_meld: int = 1
    joker_points: int = 20
    opening_points: int = 0
    opening_pure_run: bool = False
    unopened_penalty: int = 100
    min_players: int = 2
    max_players: int = 6
    hand_size: tuple[tuple[int, int], ...] = ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6))
    upcard: bool = True
    melds_per_turn: str = "any"
    lay_off_before_meld: bool = True
    final_discard: str = "optional"
    ace: str = "low"
    ace_points: int = 1
    stock_exhausted: str = "turn_over"
    #: How many times the discard pile may be turned into a new stock (0 = no limit).
    #: When the stock runs out after the last allowed turn, the deal ends as under "block".
    max_turnovers: int = 0
    scoring: str = "winner_takes"
    first_dealer: str = "agreed"
    rommi_claim: bool = False
    rummy_doubling: bool = True
    next_dealer_two_players: str = "winner"
    upcard_offer: bool = False
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    void_stock: int = 2
    game_end: str = "deals"
    game_deals: int = 4
    target_score: int = 500
    #: What ends a deal that can provably no longer end (:mod:`rommikirja.deadlock`), checked
    #: when the stock runs out: "play_on" (nothing: ``max_turnovers`` is the only limit),
    #: "score_hands" (ended and scored as a blocked deal) or "void" (no score, dealt again).
    deadlock: str = "play_on"

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player with ``players`` at the table."""
        for n, size in self.hand_size:
            if n == players:
                return size
        raise RuleSetError("hand_size", f"pelaajamäärälle {players} ei ole jakokokoa")

    def must_open(self, opened: bool) -> bool:
        """Whether a player who has (``opened``) or has not yet opened must still make an
        opening before any other meld or lay-off (Rommi 51's ``opening_points``).

        >>> RuleSet(opening_points=51).must_open(False), RuleSet(opening_points=51).must_open(True)
        (True, False)
        >>> RuleSet().must_open(False)
        False
        """
        return self.opening_points > 0 and not opened

    def card_points(self, rank: int) -> int:
        """What a card left in hand is worth: ace per option, J/Q/K 10, others face value.

        >>> RuleSet().card_points(1), RuleSet().card_points(12), RuleSet(ace_points=15).card_points(1)
        (1, 10, 15)
        """
        if rank == 0:
            return self.joker_points
        if rank == 1:
            return self.ace_points
        return 10 if rank >= 10 else rank

    def statement(self, option: str) -> str:
        """The Finnish rule sentence of one option's current value (see :func:`statement`)."""
        return statement(option, self)

    def with_options(self, **options: Any) -> "RuleSet":
        """A copy with some options changed (validated)."""
        return RuleSet.from_mapping(options, base=self)

    def as_mapping(self) -> dict[str, Any]:
        """The options as plain data (for JSON and YAML)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = {n: s for n, s in value} if f.name == "hand_size" else value
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], base: "RuleSet | None" = None) -> "RuleSet":
        """Build a rule set from plain data, checking every option.

        Unknown options and wrong values raise :class:`RuleSetError` naming the
        option and what was expected.
        """
        base = base or cls()
        changes, problems = _option_changes(data)
        if problems:
            raise problems[0]
        result = replace(base, **changes)
        if result.min_players > result.max_players:
            raise RuleSetError("min_players", "vähimmäismäärä on suurempi kuin enimmäismäärä")
        if result.style == "knock":
            for key, value in _KNOCK_FIXED.items():
                if getattr(result, key) != value:
                    raise RuleSetError(
                        key,
                        f"koputuspelissä (style: knock) arvon on oltava {value}, "
                        f"saatiin {getattr(result, key)}: gin-rommia pelataan kahdestaan "
                        "yhdellä pakalla ilman jokereita, ja ässä on suorassa pieni",
                    )
        for n in range(result.min_players, result.max_players + 1):
            result.hand_size_for(n)
        return result


def option_problems(data: Mapping[str, Any]) -> list[RuleSetError]:
    """Every option of ``data`` that is wrong by itself (an unknown name, a value of the wrong kind
    or out of range), in the order given: what :meth:`RuleSet.from_mapping` refuses first, and the
    others it would refuse once that one is put right. What only the options together get wrong
    (more players at least than at most) is not among them: it is judged once each option is right.

    >>> [str(e) for e in option_problems({"jokers": "kaksi", "decks": 2, "vouro": 1})][1][:26]
    'vouro: tuntematon sääntö; '
    """
    return _option_changes(data)[1]


def _option_changes(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[RuleSetError]]:
    """The checked values of ``data``'s options, and each option's own problem (see
    :func:`option_problems`)."""
    if not isinstance(data, Mapping):
        return {}, [RuleSetError("säännöt", "odotettiin avain–arvo-luetteloa")]
    changes: dict[str, Any] = {}
    problems: list[RuleSetError] = []
    for key, value in data.items():
        try:
            checked = _checked_option(key, value)
        except RuleSetError as err:
            problems.append(err)
            continue
        if checked is not _NOT_A_RULE:
            changes[key] = checked
    return changes, problems


#: What :func:`_checked_option` returns for a preset's field that is data for the tools, not a rule.
_NOT_A_RULE = object()


def _checked_option(key: Any, value: Any) -> Any:
    """One entry of a rule mapping, checked by itself: its value for :class:`RuleSet`, or
    :data:`_NOT_A_RULE`; a wrong one raises :class:`RuleSetError`."""
    if key == "name":
        if not isinstance(value, str) or not value:
            raise RuleSetError("name", "odotettiin pelin nimeä tekstinä")
        return value
    if key == "title":  # the page heading of a preset: data for the tools, not a rule
        if not isinstance(value, str) or not value.strip():
            raise RuleSetError("title", "odotettiin sivun otsikkoa tekstinä")
        return _NOT_A_RULE
    if key == "text_name":  # the game's name in running text (tools.presets): not a rule either
        if not isinstance(value, str) or not value.strip():
            raise RuleSetError("text_name", "odotettiin pelin nimeä tekstinä (kuten se kirjoitetaan lauseen keskellä)")
        return _NOT_A_RULE
    spec = OPTIONS.get(key)
    if spec is None:
        known = ", ".join(sorted(OPTIONS))
        raise RuleSetError(str(key), f"tuntematon sääntö; tunnetut: {known}")
    return _check_value(key, spec, value)


#: What the knock engine (GinDeal and its one-deck solver) plays; a knock rule set must keep these.
_KNOCK_FIXED: dict[str, Any] = {"decks": 1, "jokers": 0, "min_players": 2, "max_players": 2, "ace": "low"}


def _check_value(key: str, spec: OptionSpec, value: Any) -> Any:
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise RuleSetError(key, f"odotettiin true tai false, saatiin ”{written(value)}”")
        return value
    if spec.kind == "choice":
        if not isinstance(value, str) or value not in spec.choices:
            allowed = ", ".join(spec.choices)
            raise RuleSetError(key, f"tuntematon arvo ”{written(value)}”; sallitut: {allowed}")
        return value
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(key, f"odotettiin kokonaislukua, saatiin ”{written(value)}”")
        if spec.minimum is not None and value < spec.minimum or spec.maximum is not None and value > spec.maximum:
            raise RuleSetError(key, f"odotettiin lukua väliltä {spec.minimum}–{spec.maximum}, saatiin {value}")
        return value
    if spec.kind == "hand_size":
        if not isinstance(value, Mapping) or not value:
            raise RuleSetError(key, "odotettiin pelaajamäärä: korttimäärä -pareja, esim. {2: 10, 3: 7}")
        pairs = []
        for n, size in value.items():
            if isinstance(n, str) and n.isdigit():
                n = int(n)
            if (
                not isinstance(n, int)
                or not isinstance(size, int)
                or isinstance(size, bool)
                or not 2 <= n <= 6
                or not 1 <= size <= 20
            ):
                raise RuleSetError(key, f"virheellinen pari {n}: {size}; odotettiin pelaajia 2–6 ja kortteja 1–20")
            pairs.append((n, size))
        return tuple(sorted(pairs))
    raise AssertionError(spec.kind)  # pragma: no cover
