"""Jinja2's errors in a scenario text as Finnish messages (no Python reprs, no English): syntax
errors, rendering errors and a wrong case argument; the template line an error happened on."""

from __future__ import annotations

import re
from types import TracebackType

import jinja2
from jinja2.sandbox import SecurityError

from rommikirja.finnish import UnknownName

from .textbounds import TemplateLimit

__all__ = ["syntax_message", "render_error_message", "case_error_message", "template_line"]


_SYNTAX = [
    ("unexpected end of template", "pohja loppuu kesken (puuttuuko }}}} tai {{% end… %}}?)"),
    ("unexpected '}'", "ylimääräinen }}"),
    ("Encountered unknown tag '", "tuntematon tagi ”{0}”"),
    ("unexpected char", "merkki ei kuulu lausekkeeseen"),
    ("expected token", "lausekkeesta puuttuu jotakin"),
    ("unexpected '", "odottamaton merkki lausekkeessa"),
]


def syntax_message(err: jinja2.TemplateSyntaxError) -> str:
    """A Jinja2 syntax error in Finnish."""
    text = str(err.message or "")
    for en, fi in _SYNTAX:
        if en in text:
            tag = text.split(en, 1)[1].split("'", 1)[0] if "{0}" in fi else ""
            return fi.format(tag[:30])
    return "pohjan kirjoitusasu on virheellinen"


def template_line(tb: TracebackType | None) -> int | None:
    """The template line a rendering error happened on (Jinja2 rewrites frames to template lines)."""
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


_UNDEFINED = [
    (re.compile(r"^'([^']+)' is undefined$"), "tuntematon nimi ”{0}”"),
    (re.compile(r"has no attribute '([^']+)'$"), "arvolla ei ole kenttää ”{0}”"),
    (re.compile(r"has no element (.+)$"), "arvossa ei ole kohtaa {0}"),
]


def render_error_message(err: BaseException) -> str:
    """A rendering error as a Finnish message (no Python reprs)."""
    if isinstance(err, TemplateLimit):
        return str(err)
    if isinstance(err, jinja2.UndefinedError):
        text = str(err.message or "")
        for pattern, fi in _UNDEFINED:
            m = pattern.search(text)
            if m:
                return fi.format(m.group(1)[:60])
        return "lausekkeessa on tuntematon arvo"
    if isinstance(err, SecurityError):
        m = re.search(r"attribute '([A-Za-z][A-Za-z0-9_]{0,40})' of", str(err))
        if m:
            return (
                f"kenttää tai metodia ”{m.group(1)}” ei voi käyttää tekstissä: teksti lukee vain "
                "dokumentoituja tietoja ja apufunktioita (scenarios/README.md)"
            )
        return "lauseke ei ole sallittu (suojattu ympäristö estää sen)"
    if isinstance(err, ZeroDivisionError):
        return "jako nollalla"
    if isinstance(err, (OverflowError, MemoryError)):
        return "lasku tai arvo on liian suuri"
    if isinstance(err, RecursionError):
        return "liian syvä rekursio (makro kutsuu itseään?)"
    if isinstance(err, IndexError):
        return "indeksi on luettelon ulkopuolella"
    if isinstance(err, KeyError):
        return "avainta ei ole"
    if isinstance(err, TypeError):
        return "arvot eivät sovi lausekkeeseen (väärä tyyppi)"
    if isinstance(err, UnknownName):
        return str(err)
    if isinstance(err, ValueError):
        return case_error_message(str(err)) or "arvo ei kelpaa lausekkeeseen"
    return "lauseke epäonnistui"


_BAD_CASE = re.compile(
    r"^(?:unknown case|numerals, nouns and names take a singular case, not) "
    r"'([^']{0,40})'"
)


def case_error_message(text: str) -> str | None:
    """A wrong case argument (``player("genetiivi")``) in Finnish: the bad value and the valid ones.

    >>> case_error_message("unknown case 'genetiivi'; expected one of nom, gen")
    'sijamuoto ”genetiivi” ei kelpaa: kirjoita ”gen” (genetiivi); sallitut: nom (nominatiivi), gen (genetiivi), part (partitiivi), ill (illatiivi), ine (inessiivi), ela (elatiivi), all (allatiivi), ade (adessiivi), abl (ablatiivi), ess (essiivi), tra (translatiivi); kortin nimille myös monikon pl_nom, pl_gen ja pl_part'
    """
    m = _BAD_CASE.match(text)
    if not m:
        return None
    from .scenario.names import CASE_HELP

    bad = m.group(1)
    valid = ", ".join(f"{key} ({name})" for key, (name, _, _) in CASE_HELP.items())
    hint = next((f": kirjoita ”{key}” ({name})" for key, (name, _, _) in CASE_HELP.items() if name == bad.lower()), "")
    if text.startswith("numerals"):
        hint += " (luvut, sanat ja nimet taipuvat vain yksikössä)"
    else:
        valid += "; kortin nimille myös monikon pl_nom, pl_gen ja pl_part"
    return f"sijamuoto ”{bad}” ei kelpaa{hint}; sallitut: {valid}"
