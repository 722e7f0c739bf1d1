"""The club's search words: ``scenarios/hakusanat.yaml`` maps a word a reader may type into the
site's search (``kuningatar``, ``knock``, ``lay off``) to the word or words the pages use
(``rouva``, ``koputtaa``, ``liittää``). :func:`read_synonyms` checks the file and reports each
problem as ``file:line`` in Finnish; the search index (:mod:`tools.search_index`) takes the table.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "hakusanat.yaml"
>>> _ = p.write_text("kuningatar: rouva\\nlay off: [liittää]\\n", encoding="utf-8")
>>> read_synonyms(p)
{'kuningatar': (('rouva', 1),), 'lay off': (('liittää', 2),)}
>>> _ = p.write_text("knock: 3\\n", encoding="utf-8")
>>> read_synonyms(p)
Traceback (most recent call last):
...
tools.yamlsrc.SourceError: ...hakusanat.yaml:1: knock: odotettiin sanaa tai listaa sanoja (esim. knock: koputtaa tai knock: [koputtaa, koputus]), ei lukua
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .scenario.model import SEARCH_WORDS_FILE, rel_path
from .yamlsrc import LDict, LList, SourceError, line_of, loads, read_text

__all__ = ["SYNONYMS_FILE", "read_synonyms", "MAX_SYNONYMS"]

#: The club's search words (next to the names file; the glossary page lists the site's own words).
SYNONYMS_FILE = SEARCH_WORDS_FILE
MAX_SYNONYMS = 2000
MAX_WORD = 40
MAX_TARGETS = 5
#: A word or a phrase of words: letters, digits, spaces, hyphens, apostrophes.
_WORD = re.compile(r"[^\W_]+(?:[ '’-][^\W_]+)*")


def _kind(value: Any) -> str:
    """What ``value`` is, in the partitive (``ei lukua``)."""
    if value is None:
        return "tyhjää arvoa"
    if isinstance(value, bool):
        return "totuusarvoa"
    if isinstance(value, (int, float)):
        return "lukua"
    if isinstance(value, dict):
        return "sisäkkäisiä kenttiä"
    if isinstance(value, list):
        return "sisäkkäistä listaa"
    return "muuta arvoa"


def read_synonyms(path: Path = SYNONYMS_FILE) -> dict[str, tuple[tuple[str, int], ...]]:
    """The table in ``path``: the reader's word (lower case) → the site's words with their lines.

    A missing file, or one with only comments, is an empty table.
    """
    shown = rel_path(path)
    if not path.exists():
        return {}
    text = read_text(path, shown)
    if all(not t.strip() or t.lstrip().startswith("#") for t in text.splitlines()):
        return {}
    data = loads(text, shown)
    if not isinstance(data, LDict):
        raise SourceError(
            shown, line_of(data, 1), "odotettiin rivejä muodossa lukijan sana: sivujen sana (esim. kuningatar: rouva)"
        )
    if len(data) > MAX_SYNONYMS:
        raise SourceError(shown, data.line, f"liikaa hakusanoja ({len(data)}; enintään {MAX_SYNONYMS})")
    table: dict[str, tuple[tuple[str, int], ...]] = {}
    for key, value in data.items():
        line = data.line_of(key)
        word = _check_word(shown, line, key, "hakusana")
        if word in table:
            raise SourceError(shown, line, f"{word}: hakusana on jo aiemmin tiedostossa")
        targets = value if isinstance(value, LList) else [value]
        if isinstance(value, LList) and not value:
            raise SourceError(shown, line, f"{word}: lista on tyhjä; odotettiin ainakin yhtä sivujen sanaa")
        if len(targets) > MAX_TARGETS:
            raise SourceError(shown, line, f"{word}: liikaa sanoja ({len(targets)}; enintään {MAX_TARGETS})")
        out = []
        for i, target in enumerate(targets):
            at = value.line_of(i) if isinstance(value, LList) else line
            if not isinstance(target, str):
                raise SourceError(
                    shown,
                    at,
                    f"{word}: odotettiin sanaa tai listaa sanoja (esim. knock: koputtaa "
                    f"tai knock: [koputtaa, koputus]), ei {_kind(target)}",
                )
            out.append((_check_word(shown, at, target, f"{word}: sivujen sana"), at))
        table[word] = tuple(out)
    return table


def _check_word(shown: str, line: int, value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise SourceError(shown, line, f"{what}: odotettiin sanaa, ei {_kind(value)}")
    value = " ".join(value.split())
    if len(value) > MAX_WORD or not _WORD.fullmatch(value):
        raise SourceError(
            shown,
            line,
            f"{what} ”{value[:50]}” ei kelpaa: siinä saa olla vain kirjaimia ja numeroita "
            f"(sanojen välissä välilyönti tai -), enintään {MAX_WORD} merkkiä",
        )
    return value.lower()
