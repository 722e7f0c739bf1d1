"""The club's own player names: ``scenarios/nimet.yaml`` (a rule editor adds names there, not in Python).

The file maps each name to its singular case forms, keyed as the ``player`` filter's cases::

    Kalle:
      gen: Kallen        # kenen?
      part: Kallea       # ketä?
      ill: Kalleen       # keneen?
      ine: Kallessa      # kenessä?
      ela: Kallesta      # kenestä?
      all: Kallelle      # kenelle?
      ade: Kallella      # kenellä?
      abl: Kallelta      # keneltä?
      ess: Kallena       # kenenä?
      tra: Kalleksi      # keneksi?

Every case is required (a scenario's text may ask for any of them; a form is never guessed);
``nom`` may be given and must then equal the name. :func:`read_names` checks the file and
reports each problem as ``file:line``; :func:`load_names` registers the table with
:func:`rommikirja.finnish.set_club_names`, so pages, narration and checks all see the names.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from rommikirja.chars import identity_problem, skeleton
from rommikirja.finnish import NAME_FORMS, SINGULAR_CASES, set_club_names

from ..yamlsrc import LDict, SourceError, line_of, loads, read_text
from .model import NAMES_FILE, rel_path

__all__ = ["NAMES_FILE", "CASE_HELP", "read_names", "load_names", "names_hint", "names_from"]

#: Each case key: its Finnish name, the question it answers, and Aino's form (for errors and docs).
CASE_HELP: dict[str, tuple[str, str, str]] = {
    "nom": ("nominatiivi", "kuka?", "Aino"),
    "gen": ("genetiivi", "kenen?", "Ainon"),
    "part": ("partitiivi", "ketä?", "Ainoa"),
    "ill": ("illatiivi", "keneen?", "Ainoon"),
    "ine": ("inessiivi", "kenessä?", "Ainossa"),
    "ela": ("elatiivi", "kenestä?", "Ainosta"),
    "all": ("allatiivi", "kenelle?", "Ainolle"),
    "ade": ("adessiivi", "kenellä?", "Ainolla"),
    "abl": ("ablatiivi", "keneltä?", "Ainolta"),
    "ess": ("essiivi", "kenenä?", "Ainona"),
    "tra": ("translatiivi", "keneksi?", "Ainoksi"),
}
assert tuple(CASE_HELP) == SINGULAR_CASES

#: How each form must end (a case swapped or mistyped shows here); a/ä follow vowel harmony.
ENDINGS: dict[str, tuple[str, ...]] = {
    "gen": ("n",),
    "part": ("a", "ä"),
    "ill": ("n",),
    "ine": ("ssa", "ssä"),
    "ela": ("sta", "stä"),
    "all": ("lle",),
    "ade": ("lla", "llä"),
    "abl": ("lta", "ltä"),
    "ess": ("na", "nä"),
    "tra": ("ksi",),
}
_HARMONY_CASES = ("part", "ine", "ela", "ade", "abl", "ess")

#: Bounds on the file (untrusted input).
MAX_NAMES = 1000
MAX_NAME = 30
MAX_FORM = 40
#: The file may be larger than a scenario: a thousand names of the longest forms, with comments.
MAX_BYTES = 2 * 1024 * 1024
#: YAML values of one name: its key, its mapping and up to eleven cases with their forms.
VALUES_PER_NAME = 24

_NAME = re.compile(r"[^\W\d_]+(?:[ '’-][^\W\d_]+)*")


def names_hint() -> str:
    """Where a missing name goes, for error messages."""
    return rel_path(NAMES_FILE)


def _plausible_name(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= MAX_NAME and bool(_NAME.fullmatch(value)) and value[0].isupper()


def read_names(path: Path) -> dict[str, tuple[str, ...]]:
    """The names in ``path`` with their forms in the order of ``SINGULAR_CASES``.

    A missing file is an empty table. Every problem is a :class:`SourceError` with its line.
    """
    shown = rel_path(path)
    if not path.exists():
        return {}
    text = read_text(path, shown, MAX_BYTES)
    if all(not t.strip() or t.lstrip().startswith("#") for t in text.splitlines()):
        return {}  # only comments: no names of the club's own yet
    try:
        data = loads(text, shown, limit=MAX_BYTES, values=(MAX_NAMES + 1) * VALUES_PER_NAME)
    except SourceError as err:
        if err.message.startswith("liikaa arvoja") and "*" not in text:
            raise SourceError(shown, 1, f"liikaa nimiä (yli {MAX_NAMES}; enintään {MAX_NAMES})") from None
        raise
    if not isinstance(data, LDict):
        raise SourceError(
            shown,
            line_of(data, 1),
            "odotettiin nimiä muodossa Nimi: {gen: …, part: …, …} (katso ohje tiedoston alussa)",
        )
    if len(data) > MAX_NAMES:
        raise SourceError(shown, data.line, f"liikaa nimiä ({len(data)}; enintään {MAX_NAMES})")
    table: dict[str, tuple[str, ...]] = {}
    looks: dict[str, str] = {skeleton(n): n for n in NAME_FORMS}  # what each name looks like → the name
    for name, forms in data.items():
        line = data.line_of(name)
        problem = identity_problem(name) if isinstance(name, str) else None
        if problem is not None:
            raise SourceError(shown, line, f"”{name[:40]}” ei kelpaa nimeksi: {problem}")
        if not _plausible_name(name):
            raise SourceError(
                shown,
                line,
                f"”{str(name)[:40]}” ei kelpaa nimeksi: nimi alkaa isolla "
                "kirjaimella, ja siinä on vain kirjaimia (osien välissä välilyönti, "
                f"- tai '), enintään {MAX_NAME} merkkiä",
            )
        other = looks.get(skeleton(name))
        if other is not None and other != name:
            where = "on jo Rommikirjassa" if other in NAME_FORMS and other not in table else "on jo tiedostossa"
            raise SourceError(
                shown,
                line,
                f"”{name}” näyttää samalta kuin nimi ”{other}”, joka {where}; "
                "lukija ei erota niitä, joten käytä toista nimeä",
            )
        looks[skeleton(name)] = name
        table[name] = _read_forms(shown, name, forms, line)
        builtin = NAME_FORMS.get(name)
        if builtin is not None and builtin != table[name]:
            differ = [f"{c}: {builtin[i]}" for i, c in enumerate(SINGULAR_CASES) if builtin[i] != table[name][i]]
            raise SourceError(
                shown,
                line,
                f"{name}: nimi on jo Rommikirjassa eri muodoin ({', '.join(differ)}); "
                "poista se tästä tiedostosta tai käytä samoja muotoja",
            )
    return table


def _read_forms(shown: str, name: str, forms: Any, line: int) -> tuple[str, ...]:
    if not isinstance(forms, LDict):
        raise SourceError(
            shown, line_of(forms, line), f"{name}: odotettiin sijamuotoja avain: arvo -kenttinä (gen: …, part: …, …)"
        )
    for key in forms:
        if key not in CASE_HELP:
            raise SourceError(
                shown, forms.line_of(key), f"{name}: tuntematon sijamuoto ”{key}”; sallitut: {', '.join(CASE_HELP)}"
            )
    missing = [c for c in SINGULAR_CASES[1:] if c not in forms]
    if missing:
        shown_missing = ", ".join(
            f"{c} ({CASE_HELP[c][0]}, {CASE_HELP[c][1]} esim. {CASE_HELP[c][2]})" for c in missing
        )
        raise SourceError(shown, forms.line, f"{name}: puuttuu sijamuoto {shown_missing}")
    out = [name]
    for case in SINGULAR_CASES:
        if case not in forms:
            continue
        form, at = forms[case], forms.line_of(case)
        what = f"{name}: {case} ({CASE_HELP[case][0]}, {CASE_HELP[case][1]})"
        problem = identity_problem(form) if isinstance(form, str) else None
        if problem is not None:
            raise SourceError(shown, at, f"{what}: ”{form[:50]}” ei kelpaa: {problem}")
        if not isinstance(form, str) or len(form) > MAX_FORM or not _NAME.fullmatch(form):
            raise SourceError(
                shown,
                at,
                f"{what}: ”{str(form)[:50]}” ei kelpaa: muodossa saa olla vain "
                "kirjaimia (ei merkintäkieltä eikä numeroita), enintään "
                f"{MAX_FORM} merkkiä",
            )
        if case == "nom":
            if form != name:
                raise SourceError(shown, at, f"{what}: perusmuodon on oltava sama kuin nimi ({name})")
            continue
        stem = name[:2] if len(name) > 2 else name[:1]
        if not form.startswith(stem):
            raise SourceError(
                shown, at, f"{what}: ”{form}” ei näytä nimen {name} taivutusmuodolta (sen pitäisi alkaa {stem})"
            )
        if not form.endswith(ENDINGS[case]):
            endings = " tai ".join(f"-{e}" for e in ENDINGS[case])
            raise SourceError(
                shown,
                at,
                f"{what}: ”{form}” ei ole {CASE_HELP[case][0]} (esim. "
                f"{CASE_HELP[case][2]}); sen pitäisi päättyä {endings}",
            )
        out.append(form)
    vowels = {forms[c][-1] for c in _HARMONY_CASES}
    if len(vowels) > 1:
        raise SourceError(
            shown,
            forms.line,
            f"{name}: päätteissä on sekaisin a ja ä "
            f"({', '.join(forms[c] for c in _HARMONY_CASES)}); "
            "vokaalisointu vaatii samat",
        )
    return tuple(out)


_LOADED: list = []  # [(path, mtime_ns, size)] of the table now registered


def load_names(path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """Read the club's names (default :data:`NAMES_FILE`) and register them with the engine.

    Cheap to call before every scenario: an unchanged file is not read again. On an error the
    club's table is emptied (names from a broken file are not used) and the error raised.
    """
    path = Path(path) if path is not None else NAMES_FILE
    try:
        st = os.stat(path)  # the file itself (device, inode), not its name: no realpath per call
        key = (str(path), st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size)
    except OSError:
        key = (str(path), None, None)
    if _LOADED and _LOADED[0][0] == key:
        return _LOADED[0][1]
    _LOADED.clear()
    set_club_names({})
    table = read_names(path)
    set_club_names(table)
    _LOADED.append((key, table))
    return table


@contextmanager
def names_from(path: Path | None) -> Iterator[dict[str, tuple[str, ...]]]:
    """Use the names in ``path`` (None: no club names at all) instead of the club's file for a
    while — tests whose outcome must not depend on which names a club added.

    >>> from rommikirja.finnish import name_forms
    >>> with names_from(None):
    ...     name_forms("Aino") is not None
    True
    """
    global NAMES_FILE
    saved, saved_loaded = NAMES_FILE, list(_LOADED)
    old = set_club_names({})
    NAMES_FILE = Path(path) if path is not None else Path(os.devnull + ".rommikirja-ei-nimia.yaml")
    _LOADED.clear()
    try:
        yield load_names()
    finally:
        NAMES_FILE = saved
        _LOADED[:] = saved_loaded
        set_club_names(old)


def is_names_file(path: Path) -> bool:
    """Whether ``path`` is the names file (the scenario walk skips it)."""
    try:
        return os.path.realpath(path) == os.path.realpath(NAMES_FILE)
    except (OSError, ValueError):
        return False
