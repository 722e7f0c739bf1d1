"""Spelling of the texts a rules editor writes: a scenario's ``title`` and ``text`` and a preset's
``title``, each word checked with Voikko (the Finnish speller, ``libvoikko``) and reported as
``file:line: sana ”…” ei ole suomen sanakirjassa …``.

Words the speller does not know but that are right come from two lists: the project's
(``tools/project_words.txt``, which the page spelling test reads too) and the club's
(``scenarios/sanat.yaml``: a YAML list of words). Card names in every case, the players' names
and their case forms are known without a list. Without Voikko the check says so once, in
Finnish, and is skipped: verify never fails for a missing speller.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from .scenario import rel_path
from .scenario.model import CLUB_WORDS_FILE
from .yamlsrc import LList, SourceError, line_of, loads, read_text

ROOT = Path(__file__).resolve().parent.parent
PROJECT_WORDS = Path(__file__).resolve().parent / "project_words.txt"
CLUB_WORDS = CLUB_WORDS_FILE
MAX_WORDS = 5000

#: How the message tells the editor what to do.
HINT = "tarkista kirjoitusasu tai lisää sana tiedostoon scenarios/sanat.yaml (sanalista, yksi sana riviä kohti)"

_WORD = re.compile(r"[A-Za-zÅÄÖåäöÉé]+(?:-[A-Za-zÅÄÖåäö]+)*")
#: A word with an apostrophe inside (O'Neill, O'Neill-tyyli) is a foreign name: not checked.
_TOKEN = re.compile(r"[A-Za-zÅÄÖåäöÉé]+(?:['’][A-Za-zÅÄÖåäöÉé]+)*(?:-[A-Za-zÅÄÖåäöÉé]+(?:['’][A-Za-zÅÄÖåäöÉé]+)*)*")
_MARKUP = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<[^>]*>|\]\([^)]*\)|`[^`]*`|https?://\S+", re.S)
_NOTICE: list[bool] = []


def read_club_words(path: Path = CLUB_WORDS) -> set[str]:
    """The club's own words (lower case): ``path`` holds a YAML list of words; a missing file, or
    one with only comments, is an empty list."""
    shown = rel_path(path)
    if not path.exists():
        return set()
    text = read_text(path, shown)
    if all(not t.strip() or t.lstrip().startswith("#") for t in text.splitlines()):
        return set()
    data = loads(text, shown)
    if not isinstance(data, LList):
        raise SourceError(shown, line_of(data, 1), "odotettiin sanalistaa, yksi sana riviä kohti (esim. - vuorolla)")
    if len(data) > MAX_WORDS:
        raise SourceError(shown, data.line, f"liikaa sanoja ({len(data)}; enintään {MAX_WORDS})")
    out = set()
    for i, word in enumerate(data):
        if not isinstance(word, str) or not _WORD.fullmatch(word.strip()):
            raise SourceError(
                shown,
                data.line_of(i),
                "odotettiin yhtä sanaa kirjaimin (a–ö, väliviiva yhdyssanassa), ilman välilyöntejä ja numeroita",
            )
        out.add(word.strip().lower())
    return out


def _project_words() -> set[str]:
    try:
        raw = PROJECT_WORDS.read_text(encoding="utf-8")
    except OSError:
        return set()
    return {w.split("#", 1)[0].strip().lower() for w in raw.splitlines()} - {""}


@lru_cache(maxsize=1)
def _builtin_words() -> frozenset[str]:
    from rommikirja.finnish import RANK_WORDS, all_card_word_forms

    words = {w.lower() for w in all_card_word_forms()}
    words |= {form.lower() for forms in RANK_WORDS.values() for form in forms}
    return frozenset(words)


def _name_words() -> set[str]:
    from rommikirja.finnish import NAME_FORMS
    from .scenario.names import load_names

    out = set()
    for table in (NAME_FORMS, load_names()):
        for name, forms in (table or {}).items():
            out.add(str(name).lower())
            values = forms.values() if isinstance(forms, dict) else forms
            out |= {str(f).lower() for f in values}
    return out


def speller() -> Callable[[str], bool] | None:
    """Voikko's ``spell`` for Finnish, or None (with one notice on stderr) when it is missing."""
    if _SPELLER:
        return _SPELLER[0]
    try:
        import libvoikko

        voikko = libvoikko.Voikko("fi")
        check: Callable[[str], bool] | None = lru_cache(maxsize=None)(voikko.spell)
        _VOIKKO.append(voikko)
    except (ImportError, OSError, Exception):  # no package, no library or no Finnish dictionary
        check = None
        if not _NOTICE:
            _NOTICE.append(True)
            print(
                "Huom: oikeinkirjoitusta ei tarkistettu, koska suomen kielen Voikkoa ei löytynyt "
                "(Debian-paketit libvoikko1 ja voikko-fi sekä Python-paketti libvoikko).",
                file=sys.stderr,
            )
    _SPELLER.append(check)
    return check


_SPELLER: list = []
_VOIKKO: list = []  # the Voikko behind the speller, for its suggestions


def known_words() -> set[str]:
    """Every word the check accepts without the speller."""
    return set(_builtin_words()) | _project_words() | read_club_words() | _name_words()


def misspelt(text: str, spell: Callable[[str], bool], known: set[str]) -> list[tuple[int, str]]:
    """(line in ``text`` from 0, word) for each word the speller and the lists do not know, once
    per word. Template code, HTML tags, link targets and code spans are left out."""
    out, seen = [], set()
    for i, row in enumerate(text.splitlines()):
        for word in _TOKEN.findall(_MARKUP.sub(" ", row)):
            if "'" in word or "’" in word:
                continue
            low = word.lower()
            if low in seen or low in known or spell(word):
                continue
            parts = low.split("-")
            if len(parts) > 1 and all(p in known or spell(p) for p in parts if p):
                continue
            seen.add(low)
            out.append((i, word))
    return out


NO_TITLE = (
    "ilman sitä sivun otsikoksi tulee tunniste ”{name}”, jota oikolukija ei tunne; "
    "kirjoita sivun otsikko omalle rivilleen, esim. title: Kerhon rommi"
)


def suggestions(word: str) -> list[str]:
    """Voikko's nearest right words for ``word`` (at most three); none before :func:`speller` has
    found Voikko."""
    try:
        near = _VOIKKO[0].suggest(word) if _VOIKKO else []
    except Exception:  # a suggestion is a courtesy: the message is right without one
        return []
    return [w for w in near if w.lower() != word.lower() and " " not in w][:3]


def message(word: str) -> str:
    near = suggestions(word)
    maybe = " (ehkä " + " tai ".join(f"”{w}”" for w in near) + ")" if near else ""
    return f"sana ”{word}” ei ole suomen sanakirjassa eikä sanalistassa{maybe}; {HINT}"


def check_scenarios(scenarios: list[Any]) -> list[SourceError]:
    """The misspelt words of each scenario's title and text, at their lines."""
    spell = speller()
    if spell is None:
        return []
    known = known_words()
    errors = []
    for sc in scenarios:
        data = getattr(sc, "data", None)
        title_line = data.line_of("title") if data is not None and hasattr(data, "line_of") else 1
        for _, word in misspelt(sc.title or "", spell, known):
            errors.append(SourceError(sc.rel, title_line, f"title: {message(word)}"))
        for i, word in misspelt(sc.text or "", spell, known):
            errors.append(SourceError(sc.rel, sc.text_line + i, f"text: {message(word)}"))
    return errors


def check_titles(directory: Path | None = None) -> list[SourceError]:
    """The misspelt words of the presets' page titles, at the ``title`` line of their file."""
    from .presets import preset_meta

    spell = speller()
    if spell is None:
        return []
    known = known_words()
    errors = []
    for p in (preset_meta() if directory is None else preset_meta(directory)).values():
        words = misspelt(p.title or "", spell, known)
        if words:
            shown = rel_path(p.path)
            data = loads(read_text(p.path, shown), shown)
            line = data.line_of("title") if hasattr(data, "line_of") else 1
            if isinstance(data, dict) and "title" not in data and p.title == p.name:  # headed by its name
                errors.append(SourceError(shown, line, f"title puuttuu: {NO_TITLE.format(name=p.title)}"))
                continue
            errors.extend(SourceError(shown, line, f"title: {message(w)}") for _, w in words)
    return errors


def words_schema() -> dict[str, Any]:
    """The schema of ``scenarios/sanat.yaml`` (the checks themselves: tools.spelling)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://rommikirja.invalid/words.schema.json",
        "title": "Rommikirja: kerhon sanat",
        "$comment": "generated by python -m tools.schema from tools.spelling",
        "description": "oikein kirjoitetut sanat, joita oikolukija ei tunne; yksi sana riviä kohti",
        "type": ["array", "null"],
        "maxItems": MAX_WORDS,
        "items": {
            "type": "string",
            "pattern": f"^{_WORD.pattern}$",
            "description": "sana siinä muodossa kuin se tekstissä on",
        },
    }


def words_reference() -> list[str]:
    """The reference's section on spelling and the club's word list."""
    return [
        "",
        "## Oikeinkirjoitus (sanat.yaml)",
        "",
        "`./dev verify` ja esikatselu (`./dev site --serve`) tarkistavat suomen oikolukijalla (Voikko) "
        "esimerkkien otsikot ja tekstit sekä sääntötiedostojen otsikot ja kertovat sanan rivin: "
        "`scenarios/…/x.yaml:12: text: sana ”vourolla” ei ole suomen sanakirjassa eikä sanalistassa; …`. "
        "Korttien nimet, pelaajien nimet ja Rommikirjan omat sanat tunnetaan valmiiksi. Oikein kirjoitetun "
        "sanan, jota oikolukija ei tunne (kerhon nimi, murresana), kerho lisää tiedostoon "
        "`scenarios/sanat.yaml`: YAML-luettelo, yksi sana riviä kohti (`- Kimpisen`), kukin taivutusmuoto "
        "omana rivinään. Jos Voikkoa ei ole asennettu, tarkistus kertoo sen kerran ja jää tekemättä.",
    ]
