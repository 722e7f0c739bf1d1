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


#: A message table: Jinja2's English message (a pattern found anywhere in it) → the Finnish one, a
#: :meth:`str.format` template given the pattern's group (the name in the message), cut to a length.
Messages = list[tuple[re.Pattern[str], str]]

_SYNTAX: Messages = [
    (re.compile(r"unexpected end of template"), "pohja loppuu kesken (puuttuuko }}}} tai {{% end… %}}?)"),
    (re.compile(r"unexpected '\}'"), "ylimääräinen }}"),
    (re.compile(r"Encountered unknown tag '([^']*)"), "tuntematon tagi ”{0}”"),
    (re.compile(r"unexpected char"), "merkki ei kuulu lausekkeeseen"),
    (re.compile(r"expected token"), "lausekkeesta puuttuu jotakin"),
    (re.compile(r"unexpected '"), "odottamaton merkki lausekkeessa"),
]


def _message(text: str, table: Messages, cut: int) -> str | None:
    """The Finnish message of the first pattern of ``table`` found in ``text``, or None."""
    for pattern, fi in table:
        m = pattern.search(text)
        if m:
            return fi.format(m.group(1)[:cut] if pattern.groups else "")
    return None


def syntax_message(err: jinja2.TemplateSyntaxError) -> str:
    """A Jinja2 syntax error in Finnish."""
    return _message(str(err.message or ""), _SYNTAX, 30) or "pohjan kirjoitusasu on virheellinen"


def template_line(tb: TracebackType | None) -> int | None:
    """The template line a rendering error happened on (Jinja2 rewrites frames to template lines)."""
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


_UNDEFINED: Messages = [
    (re.compile(r"^'([^']+)' is undefined$"), "tuntematon nimi ”{0}”"),
    (re.compile(r"has no attribute '([^']+)'$"), "arvolla ei ole kenttää ”{0}”"),
    (re.compile(r"has no element (.+)$"), "arvossa ei ole kohtaa {0}"),
]


def render_error_message(err: BaseException) -> str:
    """A rendering error as a Finnish message (no Python reprs)."""
    if isinstance(err, TemplateLimit):
        return str(err)
    if isinstance(err, jinja2.UndefinedError):
        return _message(str(err.message or ""), _UNDEFINED, 60) or "lausekkeessa on tuntematon arvo"
    if isinstance(err, SecurityError):
        m = re.search(r"attribute '([A-Za-z][A-Za-z0-9_]{0,40})' of", str(err))
        if m:
            return (
                f"kenttää tai metodia ”{m.group(1)}” ei voi käyttää tekstissä: teksti lukee vain "
                "dokumentoituja tietoja ja apufunktioita (scenarios/README.md)"
            )
        return "lauseke ei ole sallittu (suojattu ympäristö estää sen)"
    for kind, fi in _BY_KIND:
        if isinstance(err, kind):
            return fi
    if isinstance(err, UnknownName):
        return str(err)
    if isinstance(err, ValueError):
        return case_error_message(str(err)) or "arvo ei kelpaa lausekkeeseen"
    return "lauseke epäonnistui"


#: An error of these kinds (the first that fits) has one message, whatever it says.
_BY_KIND: list[tuple[type[BaseException] | tuple[type[BaseException], ...], str]] = [
    (ZeroDivisionError, "jako nollalla"),
    ((OverflowError, MemoryError), "lasku tai arvo on liian suuri"),
    (RecursionError, "liian syvä rekursio (makro kutsuu itseään?)"),
    (IndexError, "indeksi on luettelon ulkopuolella"),
    (KeyError, "avainta ei ole"),
    (TypeError, "arvot eivät sovi lausekkeeseen (väärä tyyppi)"),
]


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
