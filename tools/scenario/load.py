"""The pipeline: read a scenario file, set up the deal, run each step by its kind."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable, Sequence, TypeVar

from rommikirja import Deal, RuleSet, next_dealer, score_deal
from rommikirja.chars import skeleton
from rommikirja.narrate import DEFAULT_NAMES
from rommikirja.opening import SearchLimit, work_budget

from ..yamlsrc import LDict, LList, SourceError, SourceErrors, each_error, load, line_of
from .context import LIMITS, Ctx, as_int, plain_text, player_name, type_name
from .expect import EXPECT_KEYS, run_expect
from .model import CLUB_WORDS_FILE, RULES_DIR, SCENARIO_DIR, SEARCH_WORDS_FILE, Scenario, Snapshot, Step
from .model import SOURCE_RULES_FILE
from .moves import MOVE_KEYS, play_move
from . import names as _names_module
from .names import is_names_file, load_names  # noqa: F401  (is_names_file: re-exported)
from .rulesets import idle_options, rules_from
from .setup import SETUP_KEYS, read_setup
from .steps import STEP_KINDS

#: A scenario's ``source``: a catalogue id of ../shared/seed-examples.md, ``own`` (Rommikirja's own
#: example) or ``kerho`` (a club's own example); templates/_example.md.j2 labels each kind.
SOURCE_ID = re.compile(r"own|kerho|[PBGRF][0-9]{2}")
#: The page section of variants (house rules): its examples must differ from the game's own rules.
VARIANTS = "muunnelmat"
TOP_KEYS = {"source", "game", "title", "section", "options", "players", "setup", "steps", "text", "order"}


def load_scenario(path: Path, rulesets: dict[str, RuleSet]) -> Scenario:
    """Parse and play one scenario file. Malformed input raises :class:`SourceError`;
    expectations that do not hold are collected in ``Scenario.failures``.

    The club's player names (``scenarios/nimet.yaml``) are read first when they changed."""
    load_names()
    ctx = Ctx(path)
    data = load(path, ctx.rel)
    header: list[SourceError] = []  # errors that do not stop the file (unknown top-level keys)
    try:
        sc = read_header(ctx, path, data, rulesets, header)
    except SourceError as err:
        if header:
            raise SourceErrors(in_line_order(header, each_error(err))) from None
        raise
    sc.data = data  # the later checks read the file's setup and lines from it, not again from disk
    try:
        play(ctx, sc, data)
    except SourceError as err:
        if header or sc.failures:
            raise SourceErrors(in_line_order(header, sc.failures + each_error(err))) from None
        raise
    sc.failures[:] = in_line_order(header, sc.failures)
    return sc


def in_line_order(notes: list[SourceError], errors: list[SourceError]) -> list[SourceError]:
    """``errors`` (in the order found) with each of ``notes`` before the first error of a later line."""
    out = list(errors)
    for note in notes:
        at = next((k for k, e in enumerate(out) if (e.line or 0) > (note.line or 0)), len(out))
        out.insert(at, note)
    return out


#: What a rule-set file given as a scenario gets (it has a name, no source or steps).
RULE_FILE_HINT = (
    "tämä on sääntötiedosto eikä skenaario (siinä on name eikä source- tai steps-kenttää); "
    "sääntötiedostot ovat kansiossa scenarios/rules/, ja ./dev verify tarkistaa ne kaikki "
    "jokaisella ajolla (myös ./dev verify scenarios/rules/nimi.yaml)"
)


def read_header(
    ctx: Ctx, path: Path, data: object, rulesets: dict[str, RuleSet], unknown: list[SourceError] | None = None
) -> Scenario:
    """The top-level fields (everything but setup and steps) as an unplayed :class:`Scenario`.

    An unknown top-level key does not stop the file when ``unknown`` is given: its error is
    added there, and the rest is read (a rule file given as a scenario still stops here)."""
    if not isinstance(data, LDict):
        raise ctx.err(line_of(data, 1), "odotettiin skenaariota avain: arvo -muodossa")
    if "name" in data and "source" not in data and "steps" not in data:
        ctx.keys(data, TOP_KEYS, "skenaario", lambda key: RULE_FILE_HINT if key == "name" else None)
    if unknown is None:
        ctx.keys(data, TOP_KEYS, "skenaario")
    else:
        unknown += ctx.unknown_keys(data, TOP_KEYS, "skenaario")
    for key in ("source", "game", "title", "steps"):
        if key not in data:
            raise ctx.err(data.line, f"puuttuu pakollinen kenttä ”{key}”")
    game = data["game"]
    if not isinstance(game, str):
        raise ctx.err(data.line_of("game"), f"game: odotettiin pelin nimeä tekstinä, saatiin {type_name(game)}")
    if game not in rulesets:
        raise ctx.err(data.line_of("game"), f"tuntematon peli ”{game}”; tunnetut: {', '.join(sorted(rulesets))}")
    options = data.get("options") or LDict()
    options = ctx.mapping(options, data.line_of("options"), "options")
    rules = rules_from(options, rulesets[game], ctx.rel, options)
    text = data.get("text", "")
    if not isinstance(text, str):
        raise ctx.err(data.line_of("text"), "text: odotettiin tekstiä (Jinja2-pohja)")
    if len(text) > LIMITS["text"]:
        raise ctx.err(
            data.line_of("text"), f"text: teksti on liian pitkä ({len(text)} merkkiä; enintään {LIMITS['text']})"
        )
    source = plain_text(ctx, data["source"], data.line_of("source"), "source", 40)
    if not SOURCE_ID.fullmatch(source):
        raise ctx.err(
            data.line_of("source"),
            f"source: tuntematon lähde ”{source}”; odotettiin lähdeluettelon "
            "tunnusta (P01…, B01…, G01…, R01…, F01…), own (Rommikirjan oma "
            "esimerkki) tai kerho (kerhon oma esimerkki)",
        )
    title = plain_text(ctx, data["title"], data.line_of("title"), "title")
    section = plain_text(ctx, data["section"], data.line_of("section"), "section") if "section" in data else ""
    if section == VARIANTS and options and all(getattr(rules, k) == getattr(rulesets[game], k) for k in options):
        # a variant's example whose every option is already the game's own rule shows no variant
        # (and its text, comparing it with the game's rule, would now be wrong)
        shown = ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())
        raise ctx.err(
            data.line_of("options"),
            f"options: pelin {game} omissa säännöissä on jo {shown}, joten "
            "tämä muunnelmien esimerkki ei enää näytä muunnelmaa; vaihda "
            "arvo, siirrä esimerkki toiseen osioon tai poista se",
        )
    players = data.get("players")
    if players is not None:
        if not isinstance(players, LList) or not 2 <= len(players) <= 6:
            raise ctx.err(data.line_of("players"), "players: odotettiin 2–6 nimen luetteloa")
        seen: dict[str, str] = {}
        for i, name in enumerate(players):
            player_name(ctx, name, players.line_of(i))
            other = seen.setdefault(skeleton(name), name)
            if other != name:  # (the same name twice: read_setup says how many names it needs)
                raise ctx.err(
                    players.line_of(i),
                    f"players: ”{name}” näyttää samalta kuin ”{other}”; pelaajilla on oltava eri nimet",
                )
    order = data.get("order", 100)
    sc = Scenario(
        path=path,
        id=path.stem,
        source=source,
        game=game,
        title=title,
        section=section,
        order=as_int(ctx, "order")(order, data.line_of("order")),
        rules=rules,
        options=dict(options),
        names=[],
        text=text,
        text_line=data.line_of("text") + 1,
    )
    sc.__dict__["_rel"] = (path, ctx.rel)  # Scenario.rel of this path, worked out once already
    sc.notes = idle_options(options, rules, ctx.rel, options, rulesets[game])  # a changed option with no effect
    return sc


#: A title that marks an example as a house rule or variant (not *muunnelmat*, the section's name) …
HOUSE_RULE = re.compile(r"\b(kotisään[nt]\w*|muunnelm(?!at\b)\w*)", re.I)
#: … and text that compares it with the game's own rule as the rule it shows (*Ilman kotisääntöä …*),
#: unlike a mention of a house rule as another possibility (*Kotisäännöllä, jossa …, saisi …*).
HOUSE_RULE_TEXT = re.compile(r"\b((?:ilman|tämä|tässä|tällä|tämän) (?:kotisään[nt]\w*|muunnelm(?!at\b)\w*))", re.I)


def house_rule_outside_variants(sc: Scenario) -> tuple[int, str] | None:
    """(line, message) when an example that calls itself a house rule or variant is outside the
    ``muunnelmat`` section (where its options must differ from the game's own rules); elsewhere
    the page would state a house rule as the game's rule. tools.presets.check_sections calls it
    once the section is known to be valid."""
    data = getattr(sc, "data", None)
    if sc.section == VARIANTS or not isinstance(data, LDict):
        return None
    found = HOUSE_RULE.search(sc.title)
    line = data.line_of("title")
    if found is None and sc.text:
        for i, row in enumerate(sc.text.splitlines()):
            if found := HOUSE_RULE_TEXT.search(row):
                line = data.line_of("text") + 1 + i
                break
    if found is None:
        return None
    return line, (
        f"esimerkki puhuu kotisäännöstä tai muunnelmasta (”{found.group(1)}”), mutta on osiossa "
        f"”{sc.section}”: siirrä se osioon {VARIANTS} (section: {VARIANTS}; sen options-arvojen on "
        "poikettava pelin omista säännöistä) tai kirjoita se pelin omasta säännöstä"
    )


def play(ctx: Ctx, sc: Scenario, data: LDict) -> None:
    """Set up the deal (if any), then run every step in order, all of it within one budget of
    opening-search work (``LIMITS["opening_work"]``: every step counts, an aliased one each time
    it is used)."""
    with work_budget(LIMITS["opening_work"]):
        _play(ctx, sc, data)


def _play(ctx: Ctx, sc: Scenario, data: LDict) -> None:
    setup = data.get("setup")
    steps = data["steps"]
    if not isinstance(steps, LList):
        raise ctx.err(data.line_of("steps"), "steps: odotettiin luetteloa vaiheita")
    if len(steps) > LIMITS["steps"]:
        raise ctx.err(data.line_of("steps"), f"steps: liikaa vaiheita ({len(steps)}; enintään {LIMITS['steps']})")
    deal: Deal | None = None
    derailed: tuple[int, int, str, int] | None = None  # step index, its line, why, failures up to it
    if setup is not None:
        setup = ctx.mapping(setup, data.line_of("setup"), "setup")
        deal = guarded(ctx, setup.line, "asetelman", lambda: read_setup(ctx, sc, data, setup))
    else:
        sc.names = list(DEFAULT_NAMES[:2])
    for i, raw in enumerate(steps):
        line = steps.line_of(i)
        try:
            step = ctx.mapping(raw, line, "vaihe")
        except SourceError as err:  # not a step at all: the next ones are still read
            sc.failures.append(err)
            if sc.derailed_at is None:  # (it may have been a move: the deal is not the scenario's)
                sc.derailed_at, derailed = line, (i, line, MALFORMED, len(sc.failures))
            continue
        standalone = any(k in step for k in STEP_KINDS)
        if sc.derailed_at is not None and not standalone:
            continue  # a move or expectation after a derailed move: see _derailed
        try:
            st = guarded(
                ctx, line, "vaiheen", lambda: run_step(ctx, sc, deal, step, line), f"vaiheessa {i + 1}/{len(steps)}"
            )
        except StopFile:
            raise
        except SourceError as err:
            # a step the file gets wrong: reported, and the steps after it are still checked; a
            # stand-alone step or an expectation leaves the deal alone, a move not played does not
            sc.failures.extend(each_error(err))
            if not standalone and "expect" not in step and sc.derailed_at is None:
                sc.derailed_at, derailed = line, (i, line, MALFORMED, len(sc.failures))
            continue
        sc.steps.append(st)
        if st.derailed and sc.derailed_at is None:
            why = "hylättiin" if st.refused is not None else "hyväksyttiin, vaikka skenaarion mukaan se hylätään"
            sc.derailed_at, derailed = st.line, (i, st.line, why, len(sc.failures))
    if derailed is not None:
        _derailed(ctx, sc, steps, *derailed)
    if deal is not None:
        guarded(ctx, data.line_of("steps"), "tuloksen", lambda: finish(sc, deal))


#: Why a step the file gets wrong (reported on its own line) leaves the deal behind.
MALFORMED = "ei ollut kelvollinen"


def _derailed(ctx: Ctx, sc: Scenario, steps: LList, i: int, line: int, why: str, mark: int) -> None:
    """One note for the moves and expectations after a derailed move (step ``i`` on ``line``; ``why``
    it derailed; ``mark``: the number of failures found up to it).

    From a move that was refused (or played, though the scenario says it is refused) on, the
    deal is no longer the one the scenario describes: every later move and expectation would
    fail because of that one error. They are not run; the rule editor sees the real error and
    this note at the first step left unchecked. Stand-alone steps (check, opening …) do not use
    the deal and are still checked.
    """
    later = [
        j
        for j in range(i + 1, len(steps))
        if not (isinstance(steps[j], LDict) and any(k in steps[j] for k in STEP_KINDS))
    ]
    if not later:
        return
    first = steps.line_of(later[0])
    last = last_line(steps[later[-1]], steps.line_of(later[-1]))
    if len(later) > 1:
        what = f"rivien {first}–{last} siirtoja ja odotuksia"
    else:
        what = f"rivin {first} vaihetta" if last == first else f"rivien {first}–{last} vaihetta"
    note = ctx.err(
        first, f"rivin {line} siirto {why}, joten jako ei enää ole skenaarion kuvaama, eikä {what} tarkistettu"
    )
    # in line order among the errors of the stand-alone steps after the derailed move
    at = next((k for k in range(mark, len(sc.failures)) if (sc.failures[k].line or 0) > first), len(sc.failures))
    sc.failures.insert(at, note)


def last_line(value: object, line: int) -> int:
    """The last line a YAML value reaches (its nested keys and items), ``line`` being its first."""
    if isinstance(value, LDict):
        return max([line] + [last_line(v, value.line_of(k)) for k, v in value.items()])
    if isinstance(value, LList):
        return max([line] + [last_line(v, value.line_of(i)) for i, v in enumerate(value)])
    return line


def misplaced(step: LDict) -> Callable[[str], str | None]:
    """Where a key that is not a step's own belongs, when it is an ``expect:`` or ``setup:`` key
    (a line indented too little, or a setup key written among the steps)."""

    def hint(key: str) -> str | None:
        if key in EXPECT_KEYS and ("expect" in step or key not in MOVE_KEYS):
            return f"”{key}” kuuluu expect:-kohdan alle; tarkista sisennys (kaksi välilyöntiä enemmän kuin expect:)"
        if key in SETUP_KEYS:
            return f"”{key}” kuuluu asetelmaan (setup:), ei vaiheisiin"
        return None

    return hint


def run_step(ctx: Ctx, sc: Scenario, deal: Deal | None, step: LDict, line: int) -> Step:
    """Dispatch one step: a registered kind, an ``expect:``, or a move."""
    kind = next((k for k in STEP_KINDS if k in step), None)
    if kind is not None:
        ctx.keys(step, STEP_KINDS[kind].keys, f"{kind}-vaihe", misplaced(step))
        return STEP_KINDS[kind].run(ctx, sc, step)
    if "expect" in step:
        ctx.keys(step, {"expect"}, "expect-vaihe", misplaced(step))
        if deal is None:
            raise ctx.err(line, "expect tarvitsee asetelman (setup)")
        return run_expect(ctx, sc, deal, ctx.mapping(step["expect"], step.line_of("expect"), "expect"))
    if deal is None:
        raise ctx.err(line, "siirto tarvitsee asetelman (setup)")
    return play_move(ctx, sc, deal, step, misplaced(step))


T = TypeVar("T")


class StopFile(SourceError):
    """An error after which nothing more of the file is checked (the opening-search budget spent,
    a recursion or memory limit, a bug in the tools)."""

    @classmethod
    def of(cls, err: SourceError) -> "StopFile":
        return cls(err.path, err.line, err.message)


def guarded(ctx: Ctx, line: int, what: str, run: Callable[[], T], where: str = "") -> T:
    """Run one part of a scenario; an unexpected error becomes a ``file:line`` message, not a traceback.

    ``where`` says which part it is when the line alone may not (a step used again through a
    YAML alias has its anchor's line).

    With ``ROMMIKIRJA_DEBUG=1`` the traceback is printed as well (to find the bug in the tools).
    """
    try:
        return run()
    except SourceError:
        raise
    except SearchLimit as err:
        at = f", ja raja ylittyi {where}" if where else ""
        limit = f"{err.limit:,}".replace(",", " ")
        raise StopFile.of(
            ctx.err(
                line,
                f"avausten etsiminen vaatii tässä esimerkissä liikaa työtä: kaikki vaiheet "
                f"saavat yhteensä enintään {limit} hakuaskelta{at}; käytä pienempiä käsiä, "
                "vähemmän jokereita tai vähemmän avausvaiheita",
            )
        ) from None
    except RecursionError:
        raise StopFile.of(ctx.err(line, f"{what} käsittely ei päättynyt (liian syvä rekursio)")) from None
    except MemoryError:
        raise StopFile.of(ctx.err(line, f"{what} käsittely vei liikaa muistia")) from None
    except Exception as err:  # a bug in the tools or the engine: name the line, keep the trace for debugging
        if os.environ.get("ROMMIKIRJA_DEBUG"):
            import traceback  # only to debug the tools

            traceback.print_exception(err)
        raise StopFile.of(
            ctx.err(
                line,
                f"sisäinen virhe {what} käsittelyssä; tämä on "
                "Rommikirjan vika, ei tiedoston – aja ROMMIKIRJA_DEBUG=1 nähdäksesi "
                "jäljityksen",
            )
        ) from None


def finish(sc: Scenario, deal: Deal) -> None:
    """Record the final position, and the outcome and its price when the deal is over."""
    sc.final = Snapshot.of(deal)
    sc.outcome = deal.outcome
    sc.deal = deal
    if deal.outcome is not None:
        sc.score = score_deal(deal.outcome, sc.rules)
        sc.totals_after = tuple(t + p for t, p in zip(sc.totals_before, sc.score.points))
        sc.next_dealer = next_dealer(deal.outcome, sc.rules)


def scenario_paths(paths: Sequence[str | Path] = ()) -> list[Path]:
    """The scenario files named (files or folders); by default all of ``scenarios/``.

    Folders are walked following symlinks, each real folder once (a symlink loop ends the
    walk there); hidden folders and the rule presets are skipped. A path that is not a folder
    is returned as is, so that loading it reports what is wrong with it.
    """
    roots = [Path(p) for p in paths] or [SCENARIO_DIR]
    found: list[Path] = []
    rules_dir = _real(RULES_DIR)
    for root in roots:
        if not _is_dir(root):
            found.append(root)
            continue
        seen: set[str] = set()
        here: list[Path] = []
        for folder, dirs, files in os.walk(root, followlinks=True):
            real = _real(Path(folder))
            if real in seen or real == rules_dir:
                dirs[:] = []
                continue
            seen.add(real)
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            here.extend(
                Path(folder) / f
                for f in files
                if f.endswith(".yaml")
                and not f.startswith(".")
                and f != "notes.yaml"  # a game's page notes (tools/notes.py), not a scenario
                and not (
                    f in (SEARCH_WORDS_FILE.name, CLUB_WORDS_FILE.name, SOURCE_RULES_FILE.name)
                    and real == _real(SEARCH_WORDS_FILE.parent)
                )
            )
        found.extend(sorted(here))
    return _without_names_file(found)


def _without_names_file(found: list[Path]) -> list[Path]:
    """``found`` less the names file (:func:`.names.is_names_file`, its real path worked out once).

    A path is the names file when its real path is; only a path that is the same file as it
    (one ``stat``, not one call per path component) has its real path worked out.
    """
    try:
        names_real = os.path.realpath(_names_module.NAMES_FILE)
    except (OSError, ValueError):
        return found
    try:
        names_stat = os.stat(names_real)
        names_id: tuple[int, int] | None = (names_stat.st_ino, names_stat.st_dev)
    except (OSError, ValueError):
        names_id = None  # no names file: compare every real path
    out = []
    for p in found:
        try:
            if names_id is not None:
                try:
                    st = os.stat(p)
                    same = (st.st_ino, st.st_dev) == names_id and os.path.realpath(p) == names_real
                except OSError:  # a dangling link: it cannot be the existing names file
                    same = False
            else:
                same = os.path.realpath(p) == names_real
        except (OSError, ValueError):
            same = False
        if not same:
            out.append(p)
    return out


def _real(path: Path) -> str:
    try:
        return os.path.realpath(path)
    except (OSError, RuntimeError, ValueError):
        return str(path)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, RuntimeError, ValueError):
        return False
