"""Verify scenarios: ``python -m tools.verify [PATH ...]`` (default: all of scenarios/).

Exit 0 when every scenario holds; otherwise exit 1 and print, for each failure,
``file:line: what was expected against what the engine gave``. A move that does not go as
its scenario says (refused, or played though the scenario says it is refused) is one error;
the moves and expectations after it are not played on the wrong deal, and one note names
their lines.

What does not change between runs is kept, like Python's ``.pyc`` files: parsed YAML, compiled
templates and scenario texts, and "this text has no problems", in one store (:mod:`tools.cache`,
``tools/__pycache__/kept.pickle``), each under a key of the exact file text and the tool sources
that read it. Every scenario is still
played and checked on every run. ``ROMMIKIRJA_YAML_CACHE=0`` and ``ROMMIKIRJA_TEMPLATE_CACHE=0``
turn the caches off.
"""

from __future__ import annotations

import gc
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from rommikirja.finnish import capitalize, count, join_list, noun

from . import kept
from .credit import read_source_rules
from .notes import NOTES_NAME, notes_files
from .paths import ROOT
from .scenario import RULES_DIR, SCENARIO_DIR, rel_path
from .scenario import Scenario, SourceError, load_rulesets, load_scenario, scenario_paths
from .scenario.rulesets import idle_notes, rule_files
from .scenario.model import CLUB_WORDS_FILE, SEARCH_WORDS_FILE, SOURCE_RULES_FILE
from .scenario import names as _names
from .scenario.names import load_names
from .search_words import read_synonyms
from .presets import check_sections
from .reachable import allowed_truth_checks, known_failures
from .textcheck import check_template
from .yamlsrc import each_error


#: Cyclic garbage collection thresholds while verifying (see :func:`_fewer_collections`).
GC_THRESHOLDS = (20_000, 20, 20)


#: Scenarios between two :func:`_settle` calls.
SETTLE_EVERY = 200


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Collect cyclic garbage less often while verifying (restored afterwards).

    Verifying allocates millions of small objects and keeps most of them (the scenarios the
    build renders); with CPython's default thresholds (700, 10, 10) the collector keeps
    rescanning them, a fifth of the time at a thousand scenarios. Every check still runs; the
    little cyclic garbage there is is still collected, only in larger batches.
    """
    old = gc.get_threshold()
    gc.set_threshold(*(max(a, b) for a, b in zip(GC_THRESHOLDS, old)))
    own_freeze = gc.get_freeze_count() == 0  # never thaw what the caller froze
    _SETTLING[:] = [own_freeze]
    try:
        yield
    finally:
        _SETTLING[:] = []
        if own_freeze:
            # Everything verify made and kept (the scenarios it returns) goes to the oldest
            # generation, collected there as usual: without this, the first allocation after the
            # thresholds are restored would scan all of it as young objects (a tenth of a run).
            gc.freeze()
            gc.unfreeze()
        gc.set_threshold(*old)


_SETTLING: list[bool] = []


def _settle() -> None:
    """Set the scenarios verified so far aside from the collector (``gc.freeze``) until the end.

    They stay alive anyway (they are returned); without this every full collection rescans all
    of them, which grows with the number of scenarios (a third of the time at 8,000). The
    young generations are collected first, so garbage made so far is still freed.
    """
    if _SETTLING and _SETTLING[0]:
        gc.collect(1)
        gc.freeze()


def verify(paths: Sequence[str | Path] = (), rules_dir: Path | None = None) -> tuple[list[Scenario], list[SourceError]]:
    """Load, play and check scenarios; return those that loaded and every error found.

    Never raises: every problem, including a bug in the tools, is a :class:`SourceError`
    with a path relative to the project (and a line wherever there is one).
    """
    with _fewer_collections():
        try:
            return _verify(paths, rules_dir)
        finally:
            kept.flush()  # what this run parsed and checked, for the next run


def _verify(
    paths: Sequence[str | Path], rules_dir: Path | None, files: list[Path] | None = None
) -> tuple[list[Scenario], list[SourceError]]:
    """:func:`verify`; ``files`` is ``scenario_paths(paths)`` when the caller has it already."""
    errors: list[SourceError] = []
    try:
        rulesets = load_rulesets() if rules_dir is None else load_rulesets(rules_dir)
        load_names()  # the club's player names (scenarios/nimet.yaml)
        read_synonyms()  # the club's search words (scenarios/hakusanat.yaml)
        read_source_rules()  # what the sources describe, for the example boxes' credit (scenarios/lahdesaannot.yaml)
    except SourceError as err:
        return [], each_error(err)  # every independent mistake of the rule files
    scenarios: list[Scenario] = []
    known = known_failures()
    files = scenario_paths(paths) if files is None else files
    if not files:
        where = ", ".join(rel_path(Path(p)) for p in paths) or rel_path(SCENARIO_DIR)
        return [], [SourceError(where, None, "skenaarioita ei löytynyt (yhtään .yaml-tiedostoa)")]
    for path in files:
        try:
            sc = load_scenario(path, rulesets)
        except SourceError as err:
            errors.extend(each_error(err))  # every independent error the file has, in line order
            continue
        except Exception as err:  # a bug in the tools or engine: still name the file, no traceback
            if os.environ.get("ROMMIKIRJA_DEBUG"):
                import traceback  # only to debug the tools

                traceback.print_exception(err)
            errors.append(
                SourceError(
                    rel_path(path),
                    None,
                    "sisäinen virhe tarkistuksessa; tämä on "
                    "Rommikirjan vika, ei tiedoston (ROMMIKIRJA_DEBUG=1 näyttää jäljityksen)",
                )
            )
            continue
        errors.extend(sc.failures)
        errors.extend(check_template(sc))
        errors.extend(allowed_truth_checks(sc, known))  # reachable positions, true sentences
        scenarios.append(sc)
        if len(scenarios) % SETTLE_EVERY == 0:
            _settle()
    errors.extend(check_sections(scenarios))  # a section no page shows: file:line and the valid list
    errors.extend(_spelling(scenarios, rules_dir))  # misspelt words in titles and texts (Voikko)
    if rules_dir is None:
        from .game_page import text_speller
        from .notes import check_all
        from .spelling import known_words, speller

        errors.extend(
            check_all(rulesets, spell=text_speller(speller(), known_words()))
        )  # the games' notes files (scenarios/<game>/notes.yaml)
    seen: dict[str, Scenario] = {}
    for sc in scenarios:
        if sc.id in seen:
            errors.append(SourceError(sc.rel, 1, f"tunniste {sc.id} on jo käytössä: {seen[sc.id].rel}"))
        seen[sc.id] = sc
    return scenarios, errors


def _spelling(scenarios: list[Scenario], rules_dir: Path | None) -> list[SourceError]:
    """Misspelt words in the scenarios' titles and texts and, for the project's own rule files (not
    a test's ``rules_dir``), in the page titles."""
    from .spelling import check_scenarios, check_titles

    try:
        return (check_titles() if rules_dir is None else []) + check_scenarios(scenarios)
    except SourceError as err:  # scenarios/sanat.yaml itself is wrong
        return [err]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print(__doc__.strip())
        return 0
    rule_args = [a for a in args if _in_rules_dir(a)]
    notes_args = [a for a in args if Path(a).name == NOTES_NAME]
    others = [a for a in args if a not in rule_args and a not in notes_args]
    if args and not others:  # only rule files and notes files: each kind by its own check
        statuses = [_check_rule_files(rule_args)] if rule_args else []
        return max(statuses + ([_check_notes_files(notes_args)] if notes_args else []))
    # a rule file or a notes file named beside scenarios is no scenario: every run checks them all
    files = scenario_paths(others)  # walked once: for verifying and for the count
    with _fewer_collections():
        try:
            scenarios, errors = _verify(others, None, files)
        finally:
            kept.flush()  # the process ends with os._exit: no exit handlers run
    for err in errors:
        print(err, file=sys.stderr)
    for sc in scenarios:  # and so are a scenario's options that do nothing
        for note in sc.notes:
            print(note, file=sys.stderr)
    totals = {
        "skenaario": len(files),
        "sääntötiedosto": len(rule_files(RULES_DIR)),
        "muistiinpanotiedosto": len(notes_files()),
    }
    if errors:
        print(failure_summary(errors, totals, files, checked=bool(scenarios)), file=sys.stderr)
        return 1
    print(success_summary(totals))
    known = known_failures()
    if known:
        print(
            f"Huom: {len(known)} skenaariota on väliaikaisella poikkeuslistalla "
            "(tools/known_unreachable.txt); niiden asetelmia ja lauseita ei ole vielä tarkistettu.",
            file=sys.stderr,
        )
    return 0


#: The kinds of file a run checks, in the order the summary names them, with their verb.
FILE_KINDS = {"skenaario": "ei täsmää", "sääntötiedosto": "ei kelpaa", "muistiinpanotiedosto": "ei kelpaa"}


def file_kind(path: str | Path, scenario_files: Sequence[Path] = ()) -> str:
    """The kind of file an error is about: a key of :data:`FILE_KINDS`, or ``"tiedosto"`` for the
    club's other files (names, words, search words, source rules)."""
    p = Path(str(path))
    p = p if p.is_absolute() else ROOT / p
    if _in_rules_dir(str(p)):
        return "sääntötiedosto"
    if p.name == NOTES_NAME:
        return "muistiinpanotiedosto"
    real = os.path.realpath(p)
    club = {os.path.realpath(f) for f in (_names.NAMES_FILE, CLUB_WORDS_FILE, SEARCH_WORDS_FILE, SOURCE_RULES_FILE)}
    if real in club and not any(real == os.path.realpath(f) for f in scenario_files):
        return "tiedosto"
    return "skenaario"


def failure_summary(
    errors: Sequence[SourceError], totals: dict[str, int], scenario_files: Sequence[Path] = (), checked: bool = True
) -> str:
    """The last line of a failed run: how many files of each kind failed, of how many.

    >>> errs = [SourceError("scenarios/rules/gin.yaml", 3, "x"), SourceError("scenarios/gin/a.yaml", 2, "y")]
    >>> failure_summary(errs, {"skenaario": 30, "sääntötiedosto": 4, "muistiinpanotiedosto": 4})
    '1 / 30 skenaariota ei täsmää; 1 / 4 sääntötiedostoa ei kelpaa.'
    >>> failure_summary(errs[:1], {"skenaario": 30, "sääntötiedosto": 4}, checked=False)
    '1 / 4 sääntötiedostoa ei kelpaa; skenaarioita ei tarkistettu.'
    """
    bad: dict[str, set[str]] = {}
    for err in errors:
        bad.setdefault(file_kind(err.path, scenario_files), set()).add(str(err.path))
    parts = [
        f"{min(totals.get(kind, 0), len(bad[kind]))} / {totals.get(kind, 0)} {noun(kind, 'part')} {verb}"
        for kind, verb in FILE_KINDS.items()
        if kind in bad and totals.get(kind)
    ]
    if "tiedosto" in bad:
        parts.append(f"{count(len(bad['tiedosto']), 'tiedosto', digits=True)} ei kelpaa")
    if not checked and totals.get("skenaario") and "skenaario" not in bad:
        parts.append("skenaarioita ei tarkistettu")
    return "; ".join(parts) + "."


def success_summary(totals: dict[str, int]) -> str:
    """The last line of a run that found nothing wrong: what it checked, each kind by its name.

    >>> success_summary({"skenaario": 158, "sääntötiedosto": 4, "muistiinpanotiedosto": 1})
    '158 skenaariota, neljä sääntötiedostoa ja yksi muistiinpanotiedosto tarkistettu; kaikki täsmäävät.'
    >>> success_summary({"skenaario": 1, "sääntötiedosto": 1, "muistiinpanotiedosto": 0})
    'Yksi skenaario ja yksi sääntötiedosto tarkistettu; kumpikin täsmää.'
    """
    counted = [count(n, kind) for kind, n in totals.items() if n]
    every = "kumpikin täsmää" if sum(totals.values()) == 2 else "kaikki täsmäävät"
    return capitalize(join_list(counted)) + f" tarkistettu; {every}."


def _check_notes_files(files: list[str]) -> int:
    """``tools.verify scenarios/<game>/notes.yaml``: check those games' notes files (tools/notes.py)."""
    from .game_page import text_speller
    from .notes import check_all
    from .paths import ROOT as NOTES_ROOT
    from .spelling import known_words, speller

    try:
        rulesets = load_rulesets()
    except SourceError as err:
        for each in each_error(err):
            print(each, file=sys.stderr)
        return 1
    wanted = {os.path.realpath(f) for f in files}
    errors = [
        e
        for e in check_all(rulesets, spell=text_speller(speller(), known_words()))
        if os.path.realpath(str(e.path)) in wanted or os.path.realpath(NOTES_ROOT / str(e.path)) in wanted
    ]
    missing = [f for f in files if not Path(f).is_file()]
    for f in missing:
        print(f"{f}: tiedostoa ei löydy", file=sys.stderr)
    for err in errors:
        print(err, file=sys.stderr)
    if errors or missing:
        return 1
    print("Muistiinpanot ovat kunnossa.")
    return 0


def _in_rules_dir(arg: str) -> bool:
    """Whether ``arg`` is a file of the rule presets' folder (``scenarios/rules/``)."""
    try:
        p = Path(arg)
        return p.suffix == ".yaml" and os.path.realpath(p.parent) == os.path.realpath(RULES_DIR)
    except (OSError, ValueError):
        return False


def _check_rule_files(names: list[str]) -> int:
    """``tools.verify scenarios/rules/x.yaml``: check the rule sets (all of them: a preset may be
    another's base) and the page titles, as a full run does first."""
    from .presets import preset_meta

    directory = Path(names[0]).parent
    try:
        load_rulesets(directory)
        preset_meta(directory)
        load_names()
        read_synonyms()
        from .spelling import check_titles

        misspelt = check_titles(directory)
    except SourceError as err:
        for each in each_error(err):  # every independent mistake of the rule files
            print(each, file=sys.stderr)
        return 1
    named = {os.path.realpath(n) for n in names}
    for note in idle_notes(directory):  # the named files' lines that do nothing: said, not failed
        if os.path.realpath(ROOT / note.path if not Path(note.path).is_absolute() else note.path) in named:
            print(note, file=sys.stderr)
    if misspelt:
        for err in misspelt:
            print(err, file=sys.stderr)
        return 1
    print("Sääntötiedosto on kunnossa." if len(names) == 1 else f"Kaikki {len(names)} sääntötiedostoa ovat kunnossa.")
    return 0


def exit_now(code: int) -> None:
    """End the process with ``code`` once its output is written, without tearing down the heap.

    A verify run ends holding every scenario it played (millions of small objects); freeing
    them one by one at interpreter exit costs a tenth of the run and does nothing the operating
    system does not do anyway. Nothing of ours runs at exit (no ``atexit`` handler, no file
    left to close: every file verify writes is written and closed while it runs). Should the
    output not flush (a closed pipe), the ordinary exit reports it.
    """
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader closed the pipe (``| head``): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        os._exit(code or 1)
    except Exception:
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":
    try:
        status = main()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    exit_now(status)
