"""Rule-set presets: ``scenarios/rules/*.yaml`` with ``base:`` inheritance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rommikirja.chars import identity_problem, written
from rommikirja import RuleSet, RuleSetError
from rommikirja.rules import OPTIONS, idle_reason, option_problems

from ..markup import plain_title_problem, preset_name_problem, reserved_names
from ..yamlsrc import LDict, SourceError, SourceErrors, each_error, load, line_of
from .model import RULES_DIR, rel_path


def rule_files(directory: Path = RULES_DIR) -> list[Path]:
    """The rule files :func:`load_rulesets` reads (``scenarios/rules/*.yaml``)."""
    return sorted(directory.glob("*.yaml"))


def load_rulesets(directory: Path = RULES_DIR) -> dict[str, RuleSet]:
    """Every preset in ``scenarios/rules/*.yaml``, checked against the engine's options.

    Every independent mistake of every rule file is reported, each at its own line (as
    :class:`~tools.yamlsrc.SourceErrors`, in file and line order): a file that cannot be read
    stops only itself, a wrong ``title`` does not hide a wrong option, and each wrong option is
    named (:func:`rommikirja.rules.option_problems`). What depends on a mistake is not judged
    again: a preset whose base is wrong, or based on a preset with a mistake, has only its
    options' own problems reported, not what they would make of a base that is not there."""
    raw: dict[str, tuple[str, LDict]] = {}
    errors: list[SourceError] = []
    for file in rule_files(directory):
        path = rel_path(file)
        try:
            data = load(file, path)
        except SourceError as err:  # a YAML syntax error stops this file, not the others
            errors.extend(each_error(err))
            continue
        if not isinstance(data, LDict):
            errors.append(SourceError(path, line_of(data, 1), "odotettiin sääntöjä avain: arvo -muodossa"))
            continue
        name = data.get("name")
        if not isinstance(name, str):
            errors.append(SourceError(path, data.line, "puuttuu kenttä name (pelin nimi)"))
            errors.extend(_own_problems(data, path))
            continue
        problem = preset_problem(data, name)
        if problem is not None:
            errors.append(SourceError(path, *problem))
        if name in raw:
            first, first_data = raw[name]
            if Path(str(path)).stem == name and Path(str(first)).stem != name:  # blame the copy, not the original
                raw[name] = (path, data)
                path, data, first = first, first_data, path
            errors.append(
                SourceError(
                    path,
                    data.line_of("name"),
                    f"peli ”{name}” on määritelty jo tiedostossa {first}; anna tälle pelille oma nimi",
                )
            )
            errors.extend(_own_problems(data, path))
            continue
        raw[name] = (path, data)
    if not raw and not errors:
        raise SourceError(rel_path(directory), None, "sääntökansiossa ei ole yhtään sääntötiedostoa (*.yaml)")
    out: dict[str, RuleSet] = {}
    failed: set[str] = set()  # presets with a mistake of their own or in their base

    def build(name: str, chain: tuple[str, ...] = ()) -> RuleSet | None:
        if name in out or name in failed:
            return out.get(name)
        path, data = raw[name]
        base: RuleSet | None = RuleSet()
        if "base" in data:
            parent = data["base"]
            if not isinstance(parent, str) or parent not in raw or parent in chain:
                known = ", ".join(sorted(n for n in raw if n != name))
                why = (
                    "kehä: pohjasäännöt viittaavat toisiinsa"
                    if isinstance(parent, str) and parent in chain
                    else f"tunnetut: {known}"
                )
                errors.append(
                    SourceError(path, data.line_of("base"), f"tuntematon pohjasääntö ”{written(parent)}”; {why}")
                )
                base = None
            else:
                base = build(parent, chain + (name,))
        if base is None:  # no base to judge the options against: only each option by itself
            failed.add(name)
            errors.extend(_own_problems(data, path))
            return None
        options = {k: v for k, v in data.items() if k != "base"}
        try:
            out[name] = rules_from(options, base, path, data)
        except SourceError as err:
            failed.add(name)
            errors.extend(each_error(err))
            return None
        return out[name]

    for name in raw:
        build(name)
    if errors:
        order = {rel_path(f): k for k, f in enumerate(rule_files(directory))}
        errors.sort(key=lambda e: (order.get(e.path, len(order)), e.line or 0))
        raise SourceErrors(_unique(errors))
    return out


def _own_problems(data: LDict, path: str | Path) -> list[SourceError]:
    """Each option of a rule file that is wrong by itself, at its line (nothing for ``name`` and
    ``base``, whose problems are reported by whoever found the file could not be used)."""
    options = {k: v for k, v in data.items() if k not in ("name", "base")}
    return [_option_error(e, data, path) for e in option_problems(options)]


def _option_error(err: RuleSetError, data: Any, path: str | Path) -> SourceError:
    """A wrong option at its line of the rule file (no line for options not read from YAML)."""
    return SourceError(path, data.line_of(err.option) if isinstance(data, LDict) else None, f"sääntö {err}")


def _unique(errors: list[SourceError]) -> list[SourceError]:
    """``errors`` without repeats (the same message at the same place), in their order."""
    return list({(e.path, e.line, e.message): e for e in errors}.values())  # (equal errors: either one)


def idle_notes(directory: Path = RULES_DIR) -> list[SourceError]:
    """A note at each option a rule file sets that has no effect in its game (``target_score`` in
    a game of so many deals): not an error (the page states only what applies), but the line
    does nothing. The reason is the engine's (:func:`rommikirja.rules.idle_reason`)."""
    try:
        rulesets = load_rulesets(directory)
    except SourceError:
        return []  # the error itself is reported by whoever loaded the rules
    notes: list[SourceError] = []
    for file in rule_files(directory):
        path = rel_path(file)
        data = load(file, path)
        rules = rulesets.get(data.get("name")) if isinstance(data, LDict) else None
        if rules is None:
            continue
        for key in data:
            reason = idle_reason(key, rules) if key in OPTIONS else None
            if reason is not None:
                notes.append(
                    SourceError(
                        path, data.line_of(key), f"huomautus: sääntö {key} {reason}, joten rivi ei nyt muuta mitään"
                    )
                )
    return notes


def idle_options(
    options: dict, rules: RuleSet, path: str | Path, data: object, game: RuleSet | None = None
) -> list[SourceError]:
    """A note at each option of a scenario's ``options:`` that changes the ``game``'s value yet has
    no effect under its rules: the example does not show the rule it sets
    (:func:`rommikirja.rules.idle_reason`). Notes fail nothing (a deal exported from Pelaa may carry
    a house rule its game ignores); an option restating the game's own value is left alone."""
    found: list[SourceError] = []
    for key in options:
        if key not in OPTIONS or (game is not None and getattr(rules, key) == getattr(game, key)):
            continue
        reason = idle_reason(key, rules)
        if reason is not None:
            line = data.line_of(key) if isinstance(data, LDict) else None
            found.append(
                SourceError(path, line, f"huomautus: options: sääntö {key} {reason}, joten esimerkki ei näytä sitä")
            )
    return found


def preset_problem(data: LDict, name: str) -> tuple[int | None, str] | None:
    """(line, Finnish message) when a preset's ``name`` cannot name a page of its own (a slug that no
    page or folder of the site owns) or its ``title`` is not one line of plain text (tools.markup)."""
    from ..markup import own_pages

    problem = preset_name_problem(name, name in own_pages(), reserved_names())
    if problem is not None:
        return data.line_of("name") or data.line, problem
    title = data.get("title")
    if isinstance(title, str):
        problem = plain_title_problem(title)
        if problem is None and identity_problem(title) is not None:
            problem = f"title: {identity_problem(title)}"
        if problem is not None:
            return data.line_of("title") or data.line, problem
    return None


def rules_from(options: dict, base: RuleSet, path: str | Path, data: LDict) -> RuleSet:
    """``base`` with ``options`` applied; a bad option names its line.

    Rule sets are frozen values: the same options (names, types and values) on the same base
    give an equal rule set, so each one is built (and checked) once per process; a bad option
    raises every time.
    """
    try:
        key = (base, tuple((k, type(v), v) for k, v in options.items()))  # true is not 1 here
        hash(key)
    except TypeError:  # an unhashable option value: built (and refused) as usual
        key = None
    if key is not None:
        known = _BUILT.get(key)
        if known is not None:
            return known
    try:
        rules = RuleSet.from_mapping(options, base=base)
    except RuleSetError as err:
        problems = option_problems(options) or [err]  # every wrong option, or what they get wrong together
        if len(problems) == 1:
            raise _option_error(problems[0], data, path) from None
        raise SourceErrors([_option_error(e, data, path) for e in problems]) from None
    if key is not None and len(_BUILT) < 1024:
        _BUILT[key] = rules
    return rules


#: (base, options) → the rule set built from them (see :func:`rules_from`)
_BUILT: dict[tuple, RuleSet] = {}
