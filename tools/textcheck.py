"""The checks of a scenario's ``text`` (untrusted): :func:`check_template` refuses, with
``file:line``, syntax errors, numbers and card names typed by hand (in the text or in
expressions: everything countable comes from the engine), raw HTML, links other than to the
site's own pages, and whatever fails to render or the page's markup policy would strip.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterator

import jinja2
from jinja2 import nodes

from rommikirja.finnish import UnknownName, all_card_word_forms

from . import cache
from .markup import author_problems, literal_markup_problems, source_line
from .sandbox import TEXT_DENIED_FILTERS
from .scenario_text import render_scenario_text
from .template_env import text_env
from .text_messages import render_error_message, syntax_message, template_line
from .textcache import compile_text, text_key
from .textfold import typed_constants
from .yamlsrc import SourceError

_CARD_WORDS = all_card_word_forms()
_WORD = re.compile(r"[A-Za-zÅÄÖåäö]+")

_HTML = re.compile(r"<\s*[A-Za-z/!?]")
#: ``](target)``, ``]:`` and ``][``. A target is read up to 300 characters, so that the search stays
#: linear on many ``](``; a longer one is left to the check of the rendered text (tools.markup).
_LINK = re.compile(r"\]\s*\(([^)]{0,300})\)|\]\s*:|\]\s*\[")
_OWN_LINK = re.compile(r"(?:[a-z0-9-]+\.md)?(?:#[a-z0-9-]+)?")
#: A scheme (``x:``) starts only where a run of scheme characters starts (the lookbehind): the search
#: cannot restart inside a run, so it is linear (19,900 letters took 2 s without it).
_SCHEME = re.compile(r"(?<![A-Za-z0-9+.-])[A-Za-z0-9+.-]+:")  # a scheme if it holds a letter (below)
_LETTER = re.compile(r"[A-Za-z]")
_SCRIPT_SCHEME = re.compile(r"javascript:|data:|vbscript:", re.I)


class _UrlSearch:
    """``_URL.search(text)``: a web address or script URL in ``text`` — a scheme followed by ``//``,
    or by a ``(`` later in the same word, or ``javascript:``/``data:``/``vbscript:`` anywhere.
    Linear in the text's length (each word is scanned a bounded number of times)."""

    @staticmethod
    def search(text: str) -> bool:
        if _SCRIPT_SCHEME.search(text):
            return True
        for word in text.split():
            first = None
            for m in _SCHEME.finditer(word):
                if not _LETTER.search(m.group(0)):  # "12:30" is a time, not a scheme
                    continue
                if word.startswith("//", m.end()):
                    return True
                if first is None:
                    first = m.end()
            if first is not None and "(" in word[first:]:
                return True
        return False


_URL = _UrlSearch()


def markup_problems(line_text: str) -> list[str]:
    """Raw HTML and links in a line of scenario text (only links to the site's own pages are allowed)."""
    problems = []
    if _HTML.search(line_text):
        problems.append("raakaa HTML:ää ei sallita tekstissä; kirjoita pelkkää Markdownia")
    for m in _LINK.finditer(line_text):
        target = (m.group(1) or "").strip() if m.group(1) is not None else None
        if target is None or not target or not _OWN_LINK.fullmatch(target):
            problems.append(
                "linkki ei ole sallittu; sallittuja ovat vain linkit sivuston omiin sivuihin, "
                "esim. [sanasto](sanasto.md#kohta)"
            )
    if _URL.search(line_text):
        problems.append("verkko-osoitteita ja skriptejä ei sallita tekstissä")
    problems.extend(literal_markup_problems(line_text))
    return problems


def numeral_char(text: str) -> str | None:
    """The first character of ``text`` that is a number other than an ASCII digit (⁹ Ⅻ ⑳ ½: Unicode
    categories No and Nl; other scripts' digits ``\\d`` finds already) or a playing card (U+1F0A0–U+1F0FF)."""
    for ch in text:
        if ch > "\x7f" and (unicodedata.category(ch) in ("No", "Nl") or "\U0001f0a0" <= ch <= "\U0001f0ff"):
            return ch
    return None


def _numeral_message(ch: str) -> str:
    what = "korttisymboli" if "\U0001f0a0" <= ch <= "\U0001f0ff" else "numeromerkki"
    return (
        f"merkki ”{ch}” (U+{ord(ch):04X}) on {what}: lukuja ja kortteja ei kirjoiteta käsin; "
        f"{_NUMBER_HINT if what == 'numeromerkki' else _CARD_HINT}"
    )


def _typed_words(text: str) -> tuple[bool, list[str]]:
    return bool(re.search(r"\d", text)), [w for w in _WORD.findall(text) if w.lower() in _CARD_WORDS]


_NUMBER_HINT = "laske se moottorilla ({{ … }})"
_CARD_HINT = "käytä moottorin kortteja (esim. {{ kortti | name }})"


def _walk(tree: nodes.Node) -> Iterator[nodes.Node]:
    """Every node below ``tree`` (the set :meth:`nodes.Node.find_all` visits, in one pass)."""
    stack = [tree]
    pop, push = stack.pop, stack.append
    node_type, list_type = nodes.Node, list
    while stack:
        node = pop()
        for field in node.fields:
            value = getattr(node, field, None)
            if isinstance(value, node_type):
                yield value
                push(value)
            elif isinstance(value, list_type):
                for item in value:
                    if isinstance(item, node_type):
                        yield item
                        push(item)


def template_problems(tree: nodes.Template) -> list[tuple[int, str]]:
    """(template line, message) for every hand-typed number, card name, link or markup."""
    out: list[tuple[int, str]] = []
    for node in _walk(tree):
        if isinstance(node, nodes.TemplateData):
            for i, line_text in enumerate(node.data.split("\n")):
                digits, words = _typed_words(line_text)
                if digits:
                    out.append((node.lineno + i, f"luku on kirjoitettu tekstiin käsin; {_NUMBER_HINT}"))
                for word in words:
                    out.append((node.lineno + i, f"kortin nimi ”{word}” on kirjoitettu käsin; {_CARD_HINT}"))
                ch = numeral_char(line_text)
                if ch is not None:
                    out.append((node.lineno + i, _numeral_message(ch)))
                out.extend((node.lineno + i, p) for p in markup_problems(line_text))
        elif isinstance(node, nodes.Const):
            if isinstance(node.value, str):
                digits, words = _typed_words(node.value)
                if digits:
                    out.append((node.lineno, f"lausekkeen tekstissä on käsin kirjoitettu luku; {_NUMBER_HINT}"))
                for word in words:
                    out.append((node.lineno, f"kortin nimi ”{word}” on kirjoitettu lausekkeeseen käsin; {_CARD_HINT}"))
                ch = numeral_char(node.value)
                if ch is not None:
                    out.append((node.lineno, _numeral_message(ch)))
                if _HTML.search(node.value) or "](" in node.value or _URL.search(node.value):
                    out.append((node.lineno, "lausekkeen tekstissä on HTML:ää tai linkki; ne eivät ole sallittuja"))
        elif isinstance(node, nodes.Name) and node.name in _HIDDEN_NAMES:
            out.append(
                (
                    node.lineno,
                    f"nimi ”{node.name}” ei ole tekstin käytettävissä; teksti lukee vain "
                    "dokumentoituja tietoja ja apufunktioita (scenarios/README.md)",
                )
            )
        elif isinstance(node, nodes.Filter):
            if node.name in TEXT_DENIED_FILTERS:
                out.append((node.lineno, f"suodinta ”{node.name}” ei voi käyttää skenaarion tekstissä"))
        elif isinstance(node, (nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
            out.append((node.lineno, "toisten pohjien käyttö (include, import, extends) ei ole sallittua tekstissä"))
    # numbers and card names behind constant expressions ({{ 98 + 1 }}, {{ "herttay" ~ "si" }})
    out.extend(typed_constants(tree, text_env(), _NUMBER_HINT, _CARD_HINT, _typed_words))
    return sorted(set(out))


#: Names Jinja2 gives every template that a scenario text may not use (``self`` prints a repr).
_HIDDEN_NAMES = frozenset({"self"})


_WORDS_KEY: list[bytes] = []


def clean_key(sc: Any) -> bytes | None:
    """The key of "``sc``'s text has no problems": :func:`tools.textcache.text_key` and the card
    words a text may not type (from the engine: new words, a new check)."""
    key = text_key(sc)
    if key is None:
        return None
    if not _WORDS_KEY:
        _WORDS_KEY.append(cache.key("\n".join(sorted(_CARD_WORDS))))
    return cache.key(key, _WORDS_KEY[0])


_TOO_DEEP = "teksti on liian syvästi sisäkkäistä (luetteloita, lainauksia tai lausekkeita sisäkkäin)"


def check_template(sc: Any) -> list[SourceError]:
    """Errors in a scenario's explanation: syntax, typed numbers or card names, markup, render errors."""
    if not sc.text:
        return []
    env = text_env()

    def at(lineno: int) -> int:
        return sc.text_line + lineno - 1

    clean = f"text-clean:{getattr(sc, 'path', '')}"
    key = clean_key(sc)
    tree = None
    if not cache.known(clean, key):  # not known to be clean: parse and check it
        try:
            tree = env.parse(sc.text)
        except jinja2.TemplateSyntaxError as err:
            return [SourceError(sc.rel, at(err.lineno or 1), f"text: Jinja2-virhe: {syntax_message(err)}")]
        except RecursionError:
            return [SourceError(sc.rel, sc.text_line, "text: liian syvä sisäkkäisyys")]
        try:
            problems = template_problems(tree)
        except RecursionError:
            return [SourceError(sc.rel, sc.text_line, f"text: {_TOO_DEEP}")]
        errors = [SourceError(sc.rel, at(line), f"text: {msg}") for line, msg in problems]
        if errors:
            return errors
        cache.note(clean, key)
    errors = []
    if getattr(sc, "derailed_at", None) is not None:
        return errors  # played only up to a derailed move: the text would render from a
        # deal the scenario does not describe (verify says what was left out)
    try:
        compile_text(sc, tree)
        rendered = render_scenario_text(sc)
    except Exception as err:  # every rendering error becomes file:line, never a traceback
        if isinstance(err, UnknownName) and any(f"”{n}”" in str(err) for n in getattr(sc, "names", ())):
            return errors  # a player without case forms: the players line says so (tools.sentences)
        line = getattr(err, "lineno", None) if isinstance(err, jinja2.TemplateError) else None
        line = line or template_line(err.__traceback__) or 1
        errors.append(SourceError(sc.rel, at(line), f"text: {render_error_message(err)}"))
        return errors
    # the rendered text through the page's markup policy (tools.markup): whatever the sanitiser
    # would strip or attr_list would turn into attributes, however the text spelled it
    try:
        problems = author_problems(str(rendered))
    except RecursionError:
        return [SourceError(sc.rel, sc.text_line, f"text: {_TOO_DEEP}")]
    for piece, message in problems:
        errors.append(SourceError(sc.rel, at(source_line(sc.text, piece)), f"text: {message}"))
    return errors
