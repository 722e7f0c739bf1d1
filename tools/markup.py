"""The one markup policy: what HTML a page may hold, and what an author may write.

Everything an author writes that reaches a page (a scenario's ``text`` and ``title``, a preset's
``title`` and ``name``, player names) becomes HTML only through the allow-lists of this module:

- :func:`sanitize_content` is the last line of defence. The MkDocs hook (``tools/site_hooks.py``)
  passes every page's rendered content through it: ``nh3`` (the Rust ``ammonia`` sanitiser)
  keeps only :data:`CONTENT_TAGS` with the attributes of :data:`CONTENT_ATTRIBUTES`, classes
  from :data:`CONTENT_CLASSES`, and links to the site's own pages (:data:`OWN_URL`: relative
  paths, no scheme, no ``//host``). No event handler, no ``style``, no ``javascript:`` or
  ``data:`` can pass. The lists hold exactly what our own templates emit (a test builds the
  shipped site and checks the sanitiser changes none of it). :func:`check_page` then checks
  the whole finished page (``<head>`` and navigation included) and stops the build on any event
  handler, ``style`` attribute or script URL.
- :func:`author_problems` is the same policy at verify time, stricter: a scenario text's
  rendered Markdown is refused (Finnish, ``file:line``) for anything the sanitiser would strip
  or change — raw HTML, ``{…}`` (``attr_list`` would turn it into attributes: author text gets
  no ``attr_list`` at all), character references (``&colon;``), images, headings, links to
  anything but the site's own pages (:data:`AUTHOR_LINK`) — so an editor sees the problem
  instead of a silently changed page.
- :func:`plain_title_problem` and :func:`preset_name_problem`: a preset's title is one line of
  plain text; its name is a slug no page or folder of the site owns (:func:`reserved_names`);
  in :mod:`tools.preset_names`, re-exported here.

Documented classes (``CONTENT_CLASSES``): ``kortti``/``kortit`` and their colours are card faces,
``harjoitus*`` the practice widgets, ``pelaa`` and ``pikaopas`` the Pelaa page, ``opetusjako`` the
guided first deal of a game page (``opetus-nojs`` its line for a reader without scripts), ``lahde`` an
example's source line, ``headerlink`` the heading anchors, ``example`` the example boxes.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from .preset_names import (  # noqa: F401 (re-exported: the policy's names and titles)
    PRESET_NAME,
    SITE_NAMES,
    TITLE_MAX,
    own_pages,
    plain_title_problem,
    preset_name_problem,
    reserved_names,
)

# ---------------------------------------------------------------------------------------------
# the page policy (what our templates emit; nothing else reaches a page)

_HEADINGS = {f"h{i}" for i in range(1, 7)}
CONTENT_TAGS = frozenset(
    {
        "a",
        "blockquote",
        "br",
        "code",
        "details",
        "div",
        "em",
        "hr",
        "li",
        "ol",
        "p",
        "pre",
        "small",
        "span",
        "strong",
        "summary",
        "table",
        "tbody",
        "td",
        "th",
        "thead",
        "tr",
        "ul",
        *_HEADINGS,
    }
)
CONTENT_ATTRIBUTES: dict[str, set[str]] = {
    "a": {"href", "title"},
    "div": {"id", "data-games", "data-kind", "data-harjoitus", "data-opetus"},
    "p": {"aria-hidden"},
    "span": {"role", "aria-label", "title"},
    "details": {"open"},
    **{h: {"id"} for h in _HEADINGS},
}
CONTENT_CLASSES: dict[str, set[str]] = {
    "a": {"headerlink"},
    "details": {"example"},
    "div": {"harjoitus", "harjoitus-staattinen", "harjoitus-tuloste", "pelaa", "pikaopas", "opetusjako"},
    "p": {"harjoitus-otsikko", "opetus-nojs"},
    "small": {"lahde"},
    "span": {"kortti", "kortit", "yhdistelma", "punainen", "musta", "jokeri"},
}
#: Attribute values that are fixed words.
_FIXED_VALUES = {("span", "role"): {"img"}, ("p", "aria-hidden"): {"true"}, ("details", "open"): {""}}
#: A link or anchor of the built site: relative, to our own pages (``../sanasto/#kortit``, ``#pisteet``),
#: including the forms MkDocs writes for a link to the page itself or its folder (``./#pisteet``, ``./``,
#: ``.``, ``..``): what verify accepts as ``[x](perusrommi.md#pisteet)`` on the perusrommi page.
OWN_URL = re.compile(
    r"(?:\.{1,2}(?=$|#)|\./)?(?:\.\./)*(?:[a-z0-9][a-z0-9._-]*/)*(?:[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?)?(?:#[\w.-]*)?"
)
_ID = re.compile(r"[a-z0-9_][\w-]{0,80}")

#: Exact pieces of our own templates that are no content (the Pelaa page's no-script note); the
#: sanitiser keeps them as they are. Their form admits nothing an author could use: a fixed tag,
#: plain text. (Page scripts and style sheets come from mkdocs.yml, never from a page's content.)
_TRUSTED = re.compile(r'<noscript><p>[^<>&"]*</p></noscript>')


#: The ids of the page being sanitised (:func:`sanitize_content` runs one page at a time).
_SEEN_IDS: set[str] = set()


def _attribute_filter(tag: str, attr: str, value: str) -> str | None:
    if attr in ("href", "src"):
        return value if OWN_URL.fullmatch(value) else None
    if attr == "id":  # one element per id: a second one (an injected copy) loses it
        if not _ID.fullmatch(value) or value in _SEEN_IDS:
            return None
        _SEEN_IDS.add(value)
        return value
    fixed = _FIXED_VALUES.get((tag, attr))
    if fixed is not None and value not in fixed:
        return None
    return value


_CLEANER = None


def _cleaner():
    global _CLEANER
    if _CLEANER is None:
        import nh3

        _CLEANER = nh3.Cleaner(
            tags=set(CONTENT_TAGS),
            clean_content_tags={"script", "style"},
            attributes={k: set(v) for k, v in CONTENT_ATTRIBUTES.items()},
            allowed_classes={k: set(v) for k, v in CONTENT_CLASSES.items()},
            attribute_filter=_attribute_filter,
            url_schemes=set(),
            link_rel=None,
            strip_comments=True,
        )
    return _CLEANER


def sanitize_content(html: str) -> str:
    """A page's rendered content through the allow-list (nh3); our own trusted pieces kept."""
    kept: list[str] = []

    def keep(m: re.Match) -> str:
        kept.append(m.group(0))
        return f"\ue000{len(kept) - 1}\ue001"

    # the placeholders are private-use characters, taken out of the input first: they cannot be
    # forged (and verify refuses an author's text with "<" in it anyway)
    text = _TRUSTED.sub(keep, html.replace("\ue000", "").replace("\ue001", ""))
    _SEEN_IDS.clear()
    clean = _cleaner().clean(text)
    if not kept:
        return clean
    return re.sub("\ue000(\\d+)\ue001", lambda m: kept[int(m.group(1))] if int(m.group(1)) < len(kept) else "", clean)


# ---------------------------------------------------------------------------------------------
# comparing HTML by what it means (tags, attributes, text), not by how it is spelled


class _Tokens(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[tuple] = []

    def handle_starttag(self, tag, attrs):
        self.out.append(("<", tag, tuple(sorted((k, v or "") for k, v in attrs))))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag not in ("br", "hr", "link"):
            self.out.append((">", tag))

    def handle_data(self, data):
        if self.out and self.out[-1][0] == "t":
            self.out[-1] = ("t", self.out[-1][1] + data)
        else:
            self.out.append(("t", data))


def html_tokens(html: str) -> list[tuple]:
    """``html`` as a list of start tags (with sorted attributes), end tags and text (whitespace-
    normalised): two spellings of the same markup give the same list."""
    parser = _Tokens()
    parser.feed(html)
    parser.close()
    out = []
    for tok in parser.out:
        if tok[0] == "t":
            text = " ".join(tok[1].split())
            if text:
                out.append(("t", text))
        else:
            out.append(tok)
    return out


# ---------------------------------------------------------------------------------------------
# the finished page (head and navigation included): a check, not a rewrite

_SCRIPT_URL = re.compile(r"^\s*(?:javascript|vbscript|data|file|blob)\s*:", re.I)
_URL_ATTRS = {
    "href",
    "src",
    "action",
    "formaction",
    "xlink:href",
    "srcset",
    "poster",
    "background",
    "ping",
    "data",
    "cite",
    "srcdoc",
}


class _PageCheck(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = "".join(ch for ch in (value or "") if ch >= " ")
            if name.startswith("on") or name == "style" or name == "srcdoc":
                self.problems.append(f"<{tag} {name}=…>")
            elif name in _URL_ATTRS and _SCRIPT_URL.match(value):
                self.problems.append(f"<{tag} {name}=\"{value[:40]}\">")
        if tag in ("iframe", "object", "embed", "base", "frame", "frameset", "applet"):
            self.problems.append(f"<{tag}>")
        if tag == "meta" and any(n == "http-equiv" and (v or "").strip().lower() == "refresh" for n, v in attrs):
            self.problems.append("<meta http-equiv=\"refresh\">")

    handle_startendtag = handle_starttag


def check_page(html: str) -> list[str]:
    """What in a finished page (theme, ``<head>`` and all) no page of ours may hold: event handler
    attributes, ``style`` attributes, script URLs and frames. Empty when the page is fine."""
    parser = _PageCheck()
    parser.feed(html)
    parser.close()
    return parser.problems


def plain_title_in_page(title: str) -> bool:
    """Whether a page title can go into the theme's templates as it is (they do not escape it)."""
    return not any(ch in '<>&"\'`{}' or not ch.isprintable() for ch in title)


# ---------------------------------------------------------------------------------------------
# author text at verify time (scenario texts)

#: The tags a scenario text may produce (prose, lists, tables, emphasis, code, our card faces).
AUTHOR_TAGS = frozenset(
    {
        "p",
        "strong",
        "em",
        "code",
        "ul",
        "ol",
        "li",
        "a",
        "span",
        "small",
        "br",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "blockquote",
    }
)
#: Attributes of the tags above that may appear (our card faces, links to our own pages).
AUTHOR_ATTRIBUTES = {"a": {"href"}, "span": {"class", "role", "aria-label", "title"}}
#: A link in an author's Markdown: another page of the site and/or a heading on it.
AUTHOR_LINK = re.compile(r"(?:[a-z0-9-]+\.md)?(?:#[a-z0-9-]+)?")
_TAG_WORDS = {
    "img": "kuva",
    "h1": "otsikko",
    "h2": "otsikko",
    "h3": "otsikko",
    "h4": "otsikko",
    "h5": "otsikko",
    "h6": "otsikko",
    "pre": "koodilohko",
    "hr": "vaakaviiva",
    "details": "laatikko",
    "div": "lohko",
    "script": "skripti",
}
_ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);?")
_MD = None
#: mkdocs.yml's Markdown extensions but ``toc`` (a test keeps the two lists the same)
SITE_EXTENSIONS = ("admonition", "pymdownx.details", "attr_list", "md_in_html", "tables")


def _markdown():
    """Python-Markdown with the site's extensions (mkdocs.yml), attr_list included: what an
    author's text would become on a page."""
    global _MD
    if _MD is None:
        import markdown

        _MD = markdown.Markdown(extensions=list(SITE_EXTENSIONS))
    _MD.reset()
    return _MD


def author_html(text: str) -> str:
    """An author's rendered Markdown as the site's Markdown would turn it into HTML."""
    return _markdown().convert(text)


#: What autoescaping makes of ``& < > " '`` in a printed value: plain text, allowed in a rendered text.
_ESCAPES = frozenset({"&amp;", "&lt;", "&gt;", "&#34;", "&#39;"})
_BRACES = (
    "aaltosulkeita { } ei sallita tekstissä (Markdown tekisi niistä HTML-määritteitä); kirjoita lauseke muotoon {{ … }}"
)


def _entity_message(entity: str) -> str:
    return f"merkintää ”{entity[:20]}” ei sallita tekstissä; kirjoita merkki sellaisenaan"


def literal_markup_problems(line_text: str) -> list[str]:
    """A line of a text's literal part (outside ``{{ }}``): braces (``attr_list``) and character
    references (``&colon;``, ``&#60;``) are refused; an editor writes the character itself."""
    problems = [_BRACES] if "{" in line_text or "}" in line_text else []  # never part of {{ }} here
    m = _ENTITY.search(line_text)
    return problems + ([_entity_message(m.group(0))] if m else [])


#: Links in our texts are few: at most this many ``[`` in one rendered text, and every ``[`` closed by
#: a ``]`` on the same line, never one inside another more than once (Python-Markdown's link parser
#: takes quadratic time on many unclosed brackets: 19,500 ``[`` took 45 s).
MAX_BRACKETS = 20
#: At most this many levels of lists and quotes on a line (list markers, ``>`` and each four
#: columns of indentation count one each): Python-Markdown recurses once per level.
MAX_NESTING = 8
_NEST_PREFIX = re.compile(r"[ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)(?:[ \t]+|$|(?<=>))[ \t]*)*")


def _depth(line: str) -> int:
    """Levels of nesting a line opens: its list markers and ``>`` plus its indentation in fours."""
    indent = len(line) - len(line.lstrip(" \t"))
    width = len(line[:indent].expandtabs(4))
    prefix = _NEST_PREFIX.match(line).group(0)
    markers = len(re.findall(r"(?:^|[ \t>])(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)|>", prefix))
    return width // 4 + markers


def shape_problems(text: str) -> list[tuple[str, str]]:
    """Brackets and nesting a rendered text may not have, found before Markdown sees the text:
    more than :data:`MAX_BRACKETS` ``[``, a ``[`` or ``]`` without its pair on its line, brackets
    inside brackets, or more than :data:`MAX_NESTING` levels of lists and quotes on a line."""
    problems: list[tuple[str, str]] = []
    if text.count("[") > MAX_BRACKETS:
        problems.append(
            (
                "[",
                f"tekstissä on liikaa hakasulkeita [ ({text.count('[')}; enintään {MAX_BRACKETS}): "
                "linkkejä tekstissä on vain muutama, esim. [sanasto](sanasto.md#kohta)",
            )
        )
    for line in text.split("\n"):
        depth = 0
        for ch in line:
            if ch == "[":
                depth += 1
            elif ch == "]":
                depth -= 1
            if depth < 0 or depth > 2:
                break
        if depth != 0 and not problems:
            problems.append(
                (
                    line.strip()[:60],
                    "hakasulkeet [ ] eivät ole pareittain: jokainen [ suljetaan ]-merkillä "
                    "samalla rivillä, eikä sulkeita kirjoiteta sisäkkäin",
                )
            )
        if _depth(line) > MAX_NESTING:
            problems.append(
                (
                    line.strip()[:60],
                    f"teksti on liian syvästi sisäkkäistä ({_depth(line)} tasoa; enintään "
                    f"{MAX_NESTING} tasoa luetteloita, lainauksia ja sisennystä)",
                )
            )
            break
    return problems


def author_problems(text: str) -> list[tuple[str, str]]:
    """(the offending piece, a Finnish message) for everything in a rendered scenario text that
    the page policy would strip or change, or that would be more than prose on a page."""
    problems: list[tuple[str, str]] = []
    m = re.search(r"[{}]", text)
    if m:
        problems.append((m.group(0), _BRACES))
    for m in _ENTITY.finditer(text):
        if m.group(0) not in _ESCAPES:
            problems.append((m.group(0), _entity_message(m.group(0))))
            break
    if "\x00" in text:
        problems.append(("\x00", "NUL-merkkiä ei sallita tekstissä"))
    problems.extend(shape_problems(text))
    if problems:
        return problems
    try:
        html = author_html(text)
    except RecursionError:  # (shape_problems bounds the nesting; this is the last guard)
        return [("", f"teksti on liian syvästi sisäkkäistä (enintään {MAX_NESTING} tasoa luetteloita ja lainauksia)")]
    for tok in html_tokens(html):
        if tok[0] != "<":
            continue
        tag, attrs = tok[1], dict(tok[2])
        if tag not in AUTHOR_TAGS:
            word = _TAG_WORDS.get(tag, f"HTML-elementti {tag}")
            problems.append(
                (
                    tag,
                    f"{word} ei ole sallittu tekstissä; kirjoita pelkkää tekstiä, luetteloita, "
                    "taulukoita ja linkkejä sivuston omiin sivuihin",
                )
            )
            continue
        for name, value in attrs.items():
            if name not in AUTHOR_ATTRIBUTES.get(tag, ()):
                hint = (
                    " (taulukon sarakkeiden tasaus :--- tekee sen; jätä kaksoispisteet pois)"
                    if tag in ("td", "th") and name == "style"
                    else ""
                )
                problems.append((name, f"määrite ”{name[:30]}” ei ole sallittu tekstissä{hint}"))
            elif tag == "a" and not AUTHOR_LINK.fullmatch(value):
                problems.append(
                    (
                        value,
                        "linkki ei ole sallittu; sallittuja ovat vain linkit sivuston omiin "
                        "sivuihin, esim. [sanasto](sanasto.md#kohta)",
                    )
                )
    if not problems and html_tokens(sanitize_content(html)) != html_tokens(html):
        problems.append(("", "teksti sisältää merkintää, jonka sivusto poistaisi; kirjoita pelkkää tekstiä"))
    return list(dict.fromkeys(problems))


def source_line(source: str, piece: str, default: int = 1) -> int:
    """The 1-based line of ``source`` that holds ``piece`` (the first line when none does)."""
    if piece:
        for i, line in enumerate(source.split("\n"), 1):
            if piece in line:
                return i
    return default
