"""Who an example is credited to. A scenario whose ``source`` is a catalogue id (``F06``) was
written from a traditional source; the example box credits that source only while the rules the
example is computed under are the source's (:func:`read_source_rules`, plus the scenario's own
``options``, such as a variant the source describes). Once a club changes a rule of the game that
the example plays under, the engine computed it under the club's values, and the box credits the
club (:func:`club_computed`), naming the source it started from.

The rule sets the sources describe (with Rommikirja's clarifications where a source is silent)
are data: ``scenarios/lahdesaannot.yaml``, one mapping of options per game, as the shipped presets
stated them when the record was written. It is not a club's file to edit: a club edits
``scenarios/rules/``. :func:`read_source_rules` checks it, each problem in Finnish at its line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rommikirja import OPTIONS, RuleSet, RuleSetError
from rommikirja.chars import written
from rommikirja.rules import applies

from .scenario.model import SOURCE_RULES_FILE, rel_path
from .scenario.rulesets import rules_from
from .yamlsrc import LDict, SourceError, line_of, loads, read_text

#: The catalogue letter of a source → the game it describes.
SOURCE_GAME = {"P": "perusrommi", "B": "perusrommi", "G": "gin", "R": "rommi51", "F": "rommi"}


def read_source_rules(path: Path = SOURCE_RULES_FILE) -> dict[str, RuleSet]:
    """Every game of :data:`SOURCE_GAME` → the rule set its sources describe (``path``).

    Options a game leaves out are the engine's neutral defaults (:class:`~rommikirja.rules.RuleSet`).
    Every problem is a :class:`~tools.yamlsrc.SourceError` at its line, in Finnish. Read once per
    text of the file.
    """
    shown = rel_path(path)
    text = read_text(path, shown)
    done = _READ.get(shown)
    if done is not None and done[0] == text:
        return done[1]
    data = loads(text, shown)
    games = sorted(set(SOURCE_GAME.values()))
    if not isinstance(data, LDict):
        raise SourceError(shown, line_of(data, 1), "odotettiin pelejä muodossa peli: {sääntö: arvo, …}")
    out: dict[str, RuleSet] = {}
    for game, options in data.items():
        line = data.line_of(game)
        if game not in games:
            raise SourceError(shown, line, f"tuntematon peli ”{written(game)}”; lähteiden pelit: {', '.join(games)}")
        if not isinstance(options, LDict):
            raise SourceError(shown, line, f"{game}: odotettiin sääntöjä muodossa sääntö: arvo")
        for key in options:
            if key not in OPTIONS:  # a preset's name, title or base is no rule of a source
                known = ", ".join(OPTIONS)
                raise SourceError(shown, options.line_of(key), f"tuntematon sääntö ”{written(key)}”; tunnetut: {known}")
        out[game] = rules_from(dict(options), RuleSet(), shown, options)
    missing = [g for g in games if g not in out]
    if missing:
        raise SourceError(shown, data.line or 1, f"puuttuu pelin {', '.join(missing)} säännöt")
    _READ[shown] = (text, out)
    return out


#: The file's path as shown → (its text, the rule sets read from it).
_READ: dict[str, tuple[str, dict[str, RuleSet]]] = {}


def source_rules(sc: Any) -> RuleSet | None:
    """The rules the sources describe for the game a catalogue scenario plays (its source's game,
    or a shipped game it is compared with), with the scenario's ``options``; None for ``own`` and
    ``kerho`` examples, for a club's own game and when they cannot be combined."""
    source = getattr(sc, "source", "") or ""
    if source in ("own", "kerho") or source[:1] not in SOURCE_GAME:
        return None
    sources = read_source_rules()
    if getattr(sc, "game", None) not in sources:
        return None
    try:
        return RuleSet.from_mapping(dict(getattr(sc, "options", {}) or {}), base=sources[sc.game])
    except RuleSetError:
        return None


def club_computed(sc: Any) -> bool:
    """Whether a catalogue scenario is computed under a club's rules: it plays a club's own game,
    or a rule that matters to its game differs from what the sources describe."""
    source = getattr(sc, "source", "") or ""
    if source in ("own", "kerho") or source[:1] not in SOURCE_GAME:
        return False
    wanted = source_rules(sc)
    rules = getattr(sc, "rules", None)
    if wanted is None or rules is None:
        return True
    return any(applies(o, rules) and getattr(rules, o) != getattr(wanted, o) for o in OPTIONS)
