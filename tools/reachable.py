"""Reachability of a scenario: its starting position must be one a real deal can reach, and a
price "under other options" must come from the same deal.

:func:`check_position` refuses a ``setup:`` that no deal under the scenario's rule set reaches,
saying which fact is impossible (``file:line``; the facts: :mod:`tools.position_facts`).
:func:`check_replays` makes "the same deal under another rule" true: a priced
``expect`` with ``options`` replays the setup and every move under those options
and refuses when a position or move becomes illegal there. :func:`truth_checks` runs every check
of one scenario (these, :mod:`tools.example_checks` and :mod:`tools.teaching`), minus the
scenarios on the temporary allow-list (:func:`allowed_truth_checks`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .position_facts import Position, position_problems
from .scenario.piles import hidden_problems
from .yamlsrc import LDict, LList, SourceError, load

__all__ = ["check_position", "check_replays", "position_problems", "Position"]


# ---------------------------------------------------------------------------------------------
# scenarios


def _setup_data(sc: Any) -> tuple[LDict | None, LDict | None]:
    data = getattr(sc, "data", None)  # loaded once by load_scenario
    if data is None:
        try:
            data = load(sc.path)
        except Exception:
            return None, None
    if not isinstance(data, LDict):
        return None, None
    setup = data.get("setup")
    return data, setup if isinstance(setup, LDict) else None


def position_of(sc: Any, setup: LDict) -> Position:
    """The scenario's starting position (from its played ``initial`` snapshot and its setup)."""
    init = sc.initial
    names = sc.names
    played = []
    for key in ("has_played", "opened"):
        raw = setup.get(key) or []
        if isinstance(raw, list):
            played += [names.index(p) for p in raw if p in names]
    lines = {k: setup.line_of(k) for k in setup}
    lines["setup"] = setup.line
    hands = setup.get("hands")
    if isinstance(hands, LList):
        lines.update({f"hands[{i}]": hands.line_of(i) for i in range(len(hands))})
    return Position(
        names,
        init.hands,
        init.stock,
        init.discard,
        init.table,
        init.turn,
        names.index(setup["dealer"]) if setup.get("dealer") in names else None,
        played,
        str(setup.get("phase", "draw")),
        sc.totals_before,
        sc.deals_played,
        lines,
        getattr(sc, "piles", None),
    )


def check_position(sc: Any) -> list[SourceError]:
    """Errors for a scenario whose ``setup:`` no deal under its rule set can reach."""
    if getattr(sc, "initial", None) is None:
        return []
    _, setup = _setup_data(sc)
    if setup is None:
        return []
    pos = position_of(sc, setup)
    return [
        SourceError(sc.rel, pos.line(key), f"asetelmaan ei päästä: {msg}")
        for key, msg in position_problems(pos, sc.rules)
    ] + [SourceError(sc.rel, line, msg) for line, msg in hidden_problems(sc)]


def _options_text(options: dict) -> str:
    return ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())


def check_replays(sc: Any) -> list[SourceError]:
    """A price "under other options" must come from the same moves replayed under those options."""
    priced = [st for st in getattr(sc, "steps", []) if st.kind == "expect" and st.options]
    if not priced:
        return []
    data, setup = _setup_data(sc)
    if data is None or setup is None:
        return []
    from .scenario import Ctx, play_move, read_setup, rules_from
    from .scenario.steps import STEP_KINDS

    errors: list[SourceError] = []
    steps = data.get("steps")
    if not isinstance(steps, LList):
        return []
    for st in priced:
        where = st.line
        label = _options_text(st.options)
        ctx = Ctx(sc.path)
        try:
            rules = rules_from(st.options, sc.rules, ctx.rel, st.options)
        except SourceError as err:
            errors.append(err)
            continue
        other = replace(sc, rules=rules, steps=[], failures=[], names=list(sc.names))
        try:
            deal = read_setup(ctx, other, data, setup)
        except SourceError as err:
            errors.append(
                SourceError(
                    sc.rel, where, f"säännöillä {label} sama jako ei ole mahdollinen: rivi {err.line}: {err.message}"
                )
            )
            continue
        pos = position_of(other, setup)
        already = {msg for _, msg in position_problems(pos, sc.rules)}
        for key, msg in position_problems(pos, rules):
            if msg in already:  # the position fails under the scenario's own rules too
                continue
            errors.append(
                SourceError(sc.rel, where, f"säännöillä {label} asetelmaan ei päästä: {msg} (rivi {pos.line(key)})")
            )
        replay_failed = False
        for i, raw in enumerate(steps):
            if steps.line_of(i) >= where:
                break
            if not isinstance(raw, LDict) or "expect" in raw or any(k in raw for k in STEP_KINDS):
                continue
            before = len(other.failures)
            try:
                play_move(ctx, other, deal, raw)
            except SourceError:
                break
            for err in other.failures[before:]:
                replay_failed = True
                errors.append(
                    SourceError(
                        sc.rel, where, f"säännöillä {label} samat siirrot eivät kelpaa: rivi {err.line}: {err.message}"
                    )
                )
            if replay_failed:
                break
        if replay_failed:
            continue
        if sc.outcome is not None and deal.outcome is None:
            errors.append(
                SourceError(
                    sc.rel,
                    where,
                    f"säännöillä {label} samat siirrot eivät päätä jakoa, joten jaolla ei ole tulosta hinnoiteltavaksi",
                )
            )
        elif sc.outcome is not None and deal.outcome != sc.outcome:
            errors.append(
                SourceError(
                    sc.rel,
                    where,
                    f"säännöillä {label} samat siirrot päättävät jaon eri tavalla kuin esimerkin säännöillä",
                )
            )
    return errors


# ---------------------------------------------------------------------------------------------
# the temporary allow-list

KNOWN_FILE = "tools/known_unreachable.txt"


def known_failures() -> dict[str, str]:
    """Scenarios whose reachability/sentence errors are known and being fixed: path → reason.

    Each line of ``tools/known_unreachable.txt`` is ``scenarios/….yaml  # reason``. The
    list is temporary: a test fails when a listed scenario no longer fails.
    """
    from .scenario import ROOT

    path = ROOT / KNOWN_FILE
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition("#")
        out[name.strip()] = reason.strip()
    return out


def truth_checks(sc: Any) -> list[SourceError]:
    """Every check of this module, :mod:`tools.sentences` and :mod:`tools.teaching` for one scenario."""
    from .example_checks import check_scenario_sentences
    from .teaching import weak_moves

    return check_position(sc) + check_replays(sc) + check_scenario_sentences(sc) + weak_moves(sc)


def allowed_truth_checks(sc: Any, known: dict[str, str] | None = None) -> list[SourceError]:
    """:func:`truth_checks`, minus the scenarios on the temporary allow-list."""
    known = known_failures() if known is None else known
    if sc.rel in known:
        return []
    try:
        return truth_checks(sc)
    except SourceError as err:
        return [err]
    except Exception as err:  # a bug in the checks: still name the file, no traceback
        return [
            SourceError(
                sc.rel,
                None,
                f"sisäinen virhe tarkistuksessa ({type(err).__name__}: {err}); tämä on Rommikirjan vika, ei tiedoston",
            )
        ]
