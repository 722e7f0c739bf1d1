"""A game's notes: what its page says that is not a rule (``scenarios/<game>/notes.yaml``).

The page of every game is one template (``templates/pages/_game.md.j2``) made of concept
sections (:mod:`tools.concepts`); every rule sentence there comes from the rule set. What is not
a rule -- the introduction, history, where the sources differ, tips, a remark that the source
leaves a point open -- is prose of the game's own, kept in its notes file. A club may write one
for its game too, so a notes file is untrusted like a scenario: every text goes through the one
markup policy (:func:`tools.markup.author_problems`) and the speller, and every error is a
Finnish ``file:line`` message.

The file::

    game: perusrommi          # the preset whose page this is
    intro:                    # before the first section
      - text: Perusrommi on …
    sections:                 # section key (tools.concepts) → notes after its rule text
      jako:
        - text: Kukin pitää kätensä …
        - text: lähteet jättävät jakojen määrän pelaajien sovittavaksi.
          tarkennus: true     # printed after "Rommikirja tarkentaa:"
          rules: [game_deals] # the rule sentences that follow the text (from the rule set)
          when: {game_end: deals}   # only when the option applies and has one of these values
        - examples: {game: perusrommi, section: vertailu}   # another game's examples here
        - text: lähteet eivät rajaa kääntökertoja.
          see: deadlock       # "(katso [Otsikko](#…))" to the section that prints this option's
                              # sentence (or a phrase); none prints it: the page is not built
    own_sections:             # sections only this game has (plain-text heading)
      - key: lahteet
        heading: Lähteiden erot
        after: muunnelmat
        notes: [ … ]
    tarkennukset: [ … ]       # the list of "Rommikirjan tarkennukset" (title: bold lead)
    variants: [ace, …]        # options whose other values the variants table lists
    rule_choices: [ … ]       # options of the "Sääntövalinnat" table (none: no such section)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from .notes_reference import notes_reference, notes_schema  # noqa: F401 (re-exported)
from .paths import ROOT
from .yamlsrc import LDict, LList, SourceError, load

NOTES_NAME = "notes.yaml"
SCENARIOS = ROOT / "scenarios"
SCHEMA_FILE = SCENARIOS / "notes.schema.json"

_NOTE_KEYS = {"text", "title", "tarkennus", "rules", "when", "base_when", "applies", "examples", "inherit", "see"}
_TOP_KEYS = {
    "game",
    "base",
    "practice",
    "intro",
    "sections",
    "own_sections",
    "tarkennukset",
    "variants",
    "rule_choices",
}
_OWN_KEYS = {"key", "heading", "after", "notes"}


def notes_path(game: str, scenarios: Path = SCENARIOS) -> Path:
    return scenarios / game / NOTES_NAME


def _fail(path: str, line: int | None, message: str) -> SourceError:
    return SourceError(path, line, message)


def _check_text(path: str, line: int, text: str, spell: Any, written: str | None = None) -> list[SourceError]:
    """The markup policy and the speller (``spell``: a text → its misspelt words' (line from 0,
    Finnish message), :func:`tools.game_page.text_speller`) on one text, at its lines. ``written``:
    a folded text's lines as the file has them (folding joins them), for the speller's lines."""
    from . import markup

    errors = [
        SourceError(path, line + markup.source_line(text, piece) - 1, msg)
        for piece, msg in markup.author_problems(text)
    ]
    if spell is not None:
        errors += [
            SourceError(path, line + i, f"text: {msg}")  # (i counts from 0)
            for i, msg in spell(text if written is None else written)
        ]
    return errors


def _check_options(path: str, line: int, names: Any, key: str) -> list[SourceError]:
    from rommikirja import OPTIONS

    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return [_fail(path, line, f"{key}: odotettiin luetteloa sääntöjen nimistä, esim. [ace, final_discard]")]
    return [
        _fail(path, line, f"{key}: tuntematon sääntö ”{n}”; tunnetut: {', '.join(sorted(OPTIONS))}")
        for n in names
        if n not in OPTIONS
    ]


def _block_scalar(source: list[str] | None, line: int, key: str) -> bool:
    """Whether ``key:`` on that line of the file starts a block text (``|`` or ``>``) on the next line."""
    if not source or not 0 < line <= len(source):
        return False
    after = source[line - 1].split(f"{key}:", 1)[-1].strip()
    return after[:1] in ("|", ">")


def _folded_lines(source: list[str] | None, line: int, key: str) -> str | None:
    """The lines of a folded block text (``key: >``) that starts after that line, as written
    (without their indent); None for any other text."""
    if not _block_scalar(source, line, key) or not source[line - 1].split(f"{key}:", 1)[-1].strip().startswith(">"):
        return None
    indent, out = None, []
    for raw in source[line:]:
        if raw.strip():
            depth = len(raw) - len(raw.lstrip(" "))
            indent = depth if indent is None else indent
            if depth < indent:
                break
        out.append(raw[indent or 0 :].rstrip())
    return "\n".join(out).strip()


def _check_note(
    path: str, note: Any, where: str, spell: Any, line: int, source: list[str] | None = None
) -> list[SourceError]:
    from rommikirja import OPTIONS

    if not isinstance(note, LDict):
        return [_fail(path, line, f"{where}: odotettiin merkintää avain: arvo -muodossa (esim. text: …)")]
    errors = [
        _fail(
            path,
            note.line_of(k) or note.line,
            f"{where}: tuntematon kenttä ”{k}”; sallitut: {', '.join(sorted(_NOTE_KEYS))}",
        )
        for k in note
        if k not in _NOTE_KEYS
    ]
    if not any(k in note for k in ("text", "rules", "examples")):
        errors.append(_fail(path, note.line, f"{where}: merkinnästä puuttuu text (teksti), rules tai examples"))
    if "see" in note and (not isinstance(note["see"], str) or not note["see"].strip()):
        errors.append(_fail(path, note.line_of("see"), "see: odotettiin tekstiä tai säännön nimeä"))
    for key in ("text", "title"):
        if key in note:
            value = note[key]
            if not isinstance(value, str) or not value.strip():
                errors.append(_fail(path, note.line_of(key), f"{key}: odotettiin tekstiä"))
            else:
                first = note.line_of(key) + (1 if _block_scalar(source, note.line_of(key), key) else 0)
                written = _folded_lines(source, note.line_of(key), key)
                errors += _check_text(path, first, value.strip(), spell, written)
    for key in ("tarkennus", "inherit"):
        if key in note and not isinstance(note[key], bool):
            errors.append(_fail(path, note.line_of(key), f"{key}: odotettiin true tai false"))
    for key in ("rules", "applies"):
        if key in note:
            errors += _check_options(path, note.line_of(key), note[key], key)
    for cond in ("when", "base_when"):
        if cond not in note:
            continue
        when = note[cond]
        if not isinstance(when, LDict):
            errors.append(_fail(path, note.line_of(cond), f"{cond}: odotettiin ehtoja muodossa {{sääntö: arvo}}"))
        else:
            for k, v in when.items():
                if k not in OPTIONS:
                    errors.append(
                        _fail(
                            path,
                            when.line_of(k),
                            f"{cond}: tuntematon sääntö ”{k}”; tunnetut: {', '.join(sorted(OPTIONS))}",
                        )
                    )
                elif not all(isinstance(x, (str, int, bool)) for x in (v if isinstance(v, list) else [v])):
                    errors.append(_fail(path, when.line_of(k), f"{cond}: {k}: odotettiin arvoa tai arvojen luetteloa"))
    if "examples" in note:
        ex = note["examples"]
        if (
            not isinstance(ex, LDict)
            or set(ex) != {"game", "section"}
            or not all(isinstance(v, str) for v in ex.values())
        ):
            errors.append(
                _fail(path, note.line_of("examples"), "examples: odotettiin muotoa {game: peli, section: osio}")
            )
    return errors


def check(data: Any, path: str, spell: Any = None, source: str | None = None) -> list[SourceError]:
    """Every problem of one parsed notes file, as ``file:line`` errors in Finnish."""
    from . import concepts

    lines = source.split("\n") if source is not None else None
    if not isinstance(data, LDict):
        return [_fail(path, 1, "odotettiin muistiinpanoja avain: arvo -muodossa (game, intro, sections …)")]
    errors = [
        _fail(path, data.line_of(k), f"tuntematon kenttä ”{k}”; sallitut: {', '.join(sorted(_TOP_KEYS))}")
        for k in data
        if k not in _TOP_KEYS
    ]
    if not isinstance(data.get("game"), str):
        errors.append(_fail(path, data.line, "puuttuu kenttä game (pelin nimi, jonka sivulle muistiinpanot kuuluvat)"))

    def notes_list(value: Any, where: str, line: int) -> None:
        if not isinstance(value, LList):
            errors.append(_fail(path, line, f"{where}: odotettiin luetteloa merkinnöistä (- text: …)"))
            return
        for i, note in enumerate(value):
            errors.extend(_check_note(path, note, where, spell, value.line_of(i) or line, lines))

    own_keys = []
    for i, own in enumerate(data.get("own_sections") or []):
        line = data["own_sections"].line_of(i) if isinstance(data["own_sections"], LList) else data.line
        if not isinstance(own, LDict) or not {"key", "heading", "notes"} <= set(own):
            errors.append(_fail(path, line, "own_sections: odotettiin kenttiä key, heading ja notes"))
            continue
        from .markup import plain_title_problem

        errors += [
            _fail(path, own.line_of(k), f"own_sections: tuntematon kenttä ”{k}”") for k in own if k not in _OWN_KEYS
        ]
        problem = plain_title_problem(own["heading"]) if isinstance(own["heading"], str) else "odotettiin otsikkoa"
        if problem:
            errors.append(_fail(path, own.line_of("heading"), f"heading: {problem}"))
        if not isinstance(own["key"], str) or own["key"] in concepts.KEYS:
            errors.append(
                _fail(path, own.line_of("key"), f"key: odotettiin uuden osion nimeä (ei {', '.join(concepts.KEYS)})")
            )
        if "after" in own and own["after"] not in concepts.KEYS:
            errors.append(
                _fail(path, own.line_of("after"), f"after: tuntematon osio; sallitut: {', '.join(concepts.KEYS)}")
            )
        own_keys.append(own.get("key"))
        notes_list(own["notes"], f"own_sections: {own['key']}", own.line_of("notes"))
    if "intro" in data:
        notes_list(data["intro"], "intro", data.line_of("intro"))
    if "tarkennukset" in data:
        notes_list(data["tarkennukset"], "tarkennukset", data.line_of("tarkennukset"))
    sections = data.get("sections", LDict())
    if not isinstance(sections, LDict):
        errors.append(_fail(path, data.line_of("sections"), "sections: odotettiin osioita muodossa osio: [merkinnät]"))
    else:
        for key, value in sections.items():
            if key not in concepts.KEYS and key not in own_keys:
                errors.append(
                    _fail(
                        path,
                        sections.line_of(key),
                        f"sections: tuntematon osio ”{key}”; sallitut: {', '.join(concepts.KEYS)}",
                    )
                )
            notes_list(value, f"sections: {key}", sections.line_of(key))
    for key in ("variants", "rule_choices"):
        if key in data:
            errors += _check_options(path, data.line_of(key), data[key], key)
    return errors


_CACHE: dict[Path, tuple[float, Any]] = {}


def load_notes(game: str, scenarios: Path = SCENARIOS, spell: Any = None) -> LDict | None:
    """The checked notes of ``game`` (None when it has none), spelling checked with ``spell``
    (:func:`tools.spelling.speller`) when given. Raises SourceError on the first problem."""
    path = notes_path(game, scenarios)
    if not path.is_file():
        return None
    shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
    data = load(path, shown)
    errors = check(data, shown, spell, path.read_text(encoding="utf-8"))
    if errors:
        raise errors[0]
    if data["game"] != game:
        raise SourceError(
            shown, data.line_of("game"), f"game: muistiinpanot ovat kansiossa {game}, mutta game on ”{data['game']}”"
        )
    return data


def _matches(when: Any, rules: Any) -> bool:
    from .rule_text import rule_applies

    for option, wanted in (when or {}).items():
        values = wanted if isinstance(wanted, list) else [wanted]
        have = getattr(rules, option)
        if not rule_applies(option, rules) or not any(str(v).lower() == str(have).lower() for v in values):
            return False
    return True


def _holds(note: Any, rules: Any, base: Any = None) -> bool:
    """Whether a note shows under ``rules``: its ``applies`` options apply, its ``when`` values hold,
    and its ``base_when`` values hold in the base game's rules (a note comparing the two games)."""
    from .rule_text import rule_applies

    if not all(rule_applies(o, rules) for o in note.get("applies") or []):
        return False
    if note.get("base_when") and (base is None or not _matches(note["base_when"], base)):
        return False
    return _matches(note.get("when"), rules)


def render(note: Any, rules: Any, examples: Any = None, seen: Any = None) -> Markup:
    """One note as Markdown: its bold title, "Rommikirja tarkentaa:", its text, its rule sentences,
    and with ``see`` a "katso …" link to the section of the page that states it (``seen``: the
    sections rendered so far, :func:`tools.concepts.see_text`)."""
    from .concepts import see_text
    from .rule_text import rule, rule_applies

    parts = []
    if note.get("tarkennus"):
        parts.append("**Rommikirja tarkentaa:**")
    if note.get("text"):
        parts.append(note["text"].strip())
    if note.get("see"):  # the link follows the text it explains, before any rule sentence
        link = see_text(seen, note["see"].strip(), rules)
        last = parts[-1] if parts else ""
        parts[-1:] = [f"{last[:-1]} {link}." if last.endswith(".") else f"{last} {link}".strip()]
    parts += [rule(o, rules) for o in note.get("rules") or [] if rule_applies(o, rules)]
    text = " ".join(parts)
    if note.get("title"):
        text = f"**{note['title'].strip()}:** {text[:1].lower() if text[:2] != '**' else text[:1]}{text[1:]}"
    if note.get("examples") and examples is not None:
        text = (text + "\n\n" if text else "") + str(examples(note["examples"]["section"], note["examples"]["game"]))
    return Markup(text)


def notes_of(
    data: Any, where: str, rules: Any, examples: Any = None, base: Any = None, seen: Any = None
) -> list[Markup]:
    """The notes of ``where`` (``intro``, ``tarkennukset``, a section key) that hold under ``rules``."""
    if data is None:
        return []
    if where in ("intro", "tarkennukset"):
        items = data.get(where) or []
    else:
        items = (data.get("sections") or {}).get(where) or []
        for own in data.get("own_sections") or []:
            if own["key"] == where:
                items = list(items) + list(own["notes"])
    return [render(n, rules, examples, seen) for n in items if _holds(n, rules, base)]


def referenced_examples(scenarios: Path = SCENARIOS) -> dict[str, set[str]]:
    """Game → sections of its examples that some notes file shows on another page."""
    out: dict[str, set[str]] = {}
    for path in sorted(scenarios.glob(f"*/{NOTES_NAME}")):
        try:
            data = load(path)
        except SourceError:
            continue
        if not isinstance(data, LDict):
            continue
        for value in _all_notes(data):
            ex = value.get("examples") if isinstance(value, dict) else None
            if isinstance(ex, dict) and isinstance(ex.get("game"), str) and isinstance(ex.get("section"), str):
                out.setdefault(ex["game"], set()).add(ex["section"])
    return out


def inherited(data: Any, game: str, leave_out: tuple[str, ...]) -> dict[str, Any]:
    """``data`` (a base game's notes) as a game based on it takes them: without the fields
    ``leave_out`` and without the notes marked ``inherit: false`` (what is true of the base page only)."""

    def keep(items: Any) -> list[Any]:
        return [n for n in items or [] if not (isinstance(n, dict) and n.get("inherit") is False)]

    out: dict[str, Any] = {k: v for k, v in data.items() if k not in leave_out}
    out["game"] = game
    for key in ("intro", "tarkennukset"):
        if key in out:
            out[key] = keep(out[key])
    if "sections" in out:
        out["sections"] = {k: keep(v) for k, v in out["sections"].items()}
    if "own_sections" in out:
        out["own_sections"] = [{**own, "notes": keep(own.get("notes"))} for own in out["own_sections"]]
        out["own_sections"] = [own for own in out["own_sections"] if own["notes"]]
    return out


def compared_with(preset: str, scenarios: Path = SCENARIOS) -> list[str]:
    """The games whose notes name ``preset`` as the game their page compares with (``base:``)."""
    out = []
    for path in sorted(scenarios.glob(f"*/{NOTES_NAME}")):
        try:
            data = load(path)
        except SourceError:
            continue
        if isinstance(data, LDict) and data.get("base") == preset and isinstance(data.get("game"), str):
            out.append(data["game"])
    return out


def _all_notes(data: Any) -> list[Any]:
    found = list(data.get("intro") or []) + list(data.get("tarkennukset") or [])
    for value in (data.get("sections") or {}).values():
        found += list(value or [])
    for own in data.get("own_sections") or []:
        if isinstance(own, dict):
            found += list(own.get("notes") or [])
    return found


def notes_files(scenarios: Path = SCENARIOS) -> list[Path]:
    """The games' notes files :func:`check_all` checks (``scenarios/*/notes.yaml``)."""
    return sorted(scenarios.glob(f"*/{NOTES_NAME}"))


def check_all(rulesets: dict[str, Any], scenarios: Path = SCENARIOS, spell: Any = None) -> list[SourceError]:
    """Every problem of every notes file (``scenarios/*/notes.yaml``), for verify: the markup
    policy, the speller (``spell``, :func:`tools.game_page.text_speller`), the fields, and that its
    game and base game exist."""
    errors: list[SourceError] = []
    for path in notes_files(scenarios):
        shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        try:
            data = load(path, shown)
        except SourceError as err:
            errors.append(err)
            continue
        found = check(data, shown, spell, path.read_text(encoding="utf-8"))
        if not found and isinstance(data, LDict):
            known_games = ", ".join(sorted(rulesets))
            if data["game"] != path.parent.name or data["game"] not in rulesets:
                found.append(
                    SourceError(
                        shown,
                        data.line_of("game"),
                        f"game: odotettiin kansion peliä ”{path.parent.name}”; pelit: {known_games}",
                    )
                )
            if "base" in data and data["base"] not in rulesets:
                found.append(SourceError(shown, data.line_of("base"), f"base: tuntematon peli; pelit: {known_games}"))
        errors += found
    return errors
