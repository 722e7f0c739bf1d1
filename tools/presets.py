"""Presets as pages: which page shows which rule set, its sections, and pages for new presets.

A rule file in ``scenarios/rules/`` may carry, besides its options, a ``title``
(the page heading) and a ``base`` preset it starts from. Every game's page is the one
page template ``templates/pages/_game.md.j2`` (concept sections, :mod:`tools.concepts`,
and the game's notes, :mod:`tools.notes`). A shipped game has a page file of its own name
(``templates/pages/*.md.j2`` that sets ``r = rulesets["<name>"]`` and ``page_title`` and
includes the page template); any other preset gets the same template under its own name.
The site navigation follows the front page's links (see :func:`nav_entries`), so a new
preset needs no hand edits anywhere.

The sections a scenario may name are those of its game's page: the concepts its rule set
has (:func:`tools.concepts.section_keys`), and every ``examples("<section>", "<game>")``
call of another template, so the list cannot drift.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from rommikirja.chars import skeleton
from jinja2 import nodes

from . import cache
from .scenario.model import rel_path
from .yamlsrc import LDict, SourceError, load

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIR = ROOT / "templates"
PAGES = TEMPLATE_DIR / "pages"
RULES_DIR = ROOT / "scenarios" / "rules"
GENERIC = "_game.md.j2"
#: A shipped page that is the one page template fed its rule set (``{% include "_game.md.j2" %}``).
_INCLUDES_GENERIC = re.compile(r"""\{%-?\s*include\s+["']pages/_game\.md\.j2["']""")
_PAGE_TITLE = re.compile(r"""\{%-?\s*set\s+page_title\s*=\s*["']([^"']+)["']""")
NAV_FILE = "data/nav.json"  # written into docs/ by the build, with the runtime data

#: Sections of a generated preset page, in page order, with their headings.
GENERIC_SECTIONS: dict[str, str] = {
    "jako": "Jako",
    "vuoro": "Vuoron kulku",
    "yhdistelmat": "Yhdistelmät",
    "avaus": "Avaus",
    "jokerit": "Jokerit",
    "lisaaminen": "Lisääminen pöydän yhdistelmiin",
    "ulosmeno": "Ulosmeno",
    "koputus": "Koputus",
    "pisteet": "Pisteet",
    "nostopakka": "Kun nostopakka loppuu",
    "peli": "Usean jaon peli",
    "muunnelmat": "Muunnelmat",
    "vinkit": "Vinkkejä",
}

#: Sections of every generated page that the engine's own examples fill (tools/sample_deal.py):
#: the page shows them apart from GENERIC_SECTIONS (a sample deal, and a score sheet as a table).
SAMPLE_SECTIONS: tuple[str, ...] = ("esimerkkijako", "pistetaulukko")

#: Rule statements of a generated page, grouped under headings (options that do not apply are left out).
#: min_players also states max_players, and game_end states target_score or game_deals (one sentence
#: each in rommikirja.rules), so those are not listed twice.
GENERIC_RULES: dict[str, tuple[str, ...]] = {
    "Välineet ja pelaajat": (
        "decks",
        "jokers",
        "min_players",
        "hand_size",
        "first_dealer",
        "next_dealer_two_players",
        "upcard",
        "upcard_offer",
    ),
    "Pelin kulku": (
        "style",
        "melds_per_turn",
        "opening_points",
        "opening_pure_run",
        "lay_off_before_meld",
        "max_jokers_per_meld",
        "ace",
        "rommi_claim",
        "knock_limit",
    ),
    "Jaon loppu": ("final_discard", "stock_exhausted", "max_turnovers", "deadlock", "void_stock"),
    "Pisteet": (
        "scoring",
        "ace_points",
        "joker_points",
        "unopened_penalty",
        "rummy_doubling",
        "gin_bonus",
        "undercut_bonus",
        "undercut_on_tie",
        "game_end",
    ),
}

_SET_R = re.compile(r"""\{%-?\s*set\s+r\s*=\s*rulesets\[\s*["']([^"']+)["']\s*\]\s*-?%\}""")


@dataclass(frozen=True)
class Preset:
    """A rule file's page data: name, Finnish title, base preset, and the name in running text
    (:func:`text_name`)."""

    name: str
    title: str
    base: str | None
    path: Path
    text_name: str = ""


def text_name(title: str, given: object = None) -> str:
    """A game's name in the middle of a sentence: the rule file's ``text_name`` when it gives one
    (a proper name keeps its capital: *Rommi 51*), else the title with a lowercase first letter, as
    Finnish writes the names of games (*perusrommi*, *gin-rommi*).

    >>> text_name("Gin-rommi"), text_name("Rommi 51", "Rommi 51"), text_name("Kerhon rommi")
    ('gin-rommi', 'Rommi 51', 'kerhon rommi')
    """
    if isinstance(given, str) and given.strip():
        return given.strip()
    return title[:1].lower() + title[1:]


#: What the value 0 means for the options where it is not a plain count (tables show the words).
ZERO_MEANS = {
    "max_turnovers": "rajaton",
    "opening_points": "ei avausvaatimusta",
    "jokers": "ei jokereita",
    "unopened_penalty": "ei sakkoa",
    "gin_bonus": "ei lisäpisteitä",
    "undercut_bonus": "ei lisäpisteitä",
}


def preset_meta(directory: Path = RULES_DIR) -> dict[str, Preset]:
    """Name, title and base of every rule file (options are checked by ``load_rulesets``)."""
    out: dict[str, Preset] = {}
    headings = _page_headings()
    for path in sorted(directory.glob("*.yaml")):
        data = load(path)
        if not isinstance(data, LDict) or not isinstance(data.get("name"), str):
            continue  # load_rulesets reports it with its line
        title = data.get("title", headings.get(data["name"], data["name"]))
        if not isinstance(title, str) or not title.strip():
            raise SourceError(path, data.line_of("title"), "title: odotettiin sivun otsikkoa tekstinä")
        base = data.get("base")
        same = [p for p in out.values() if skeleton(p.title) == skeleton(title.strip())]  # look-alikes too
        if same:
            other, culprit, line = same[0], (path, data), data.line_of("title") or data.line
            if data["name"] in headings and other.name not in headings:  # blame the new game, not a shipped page
                culprit = (other.path, load(other.path))
                other = Preset(data["name"], title.strip(), None, path)
                line = culprit[1].line_of("title") or culprit[1].line
            raise SourceError(
                rel_path(culprit[0]),
                line,
                f"title: otsikko ”{title.strip()}” on jo pelillä {other.name} ({other.path.name})"
                + ("" if other.title.casefold() == title.strip().casefold() else f" lähes samana: ”{other.title}”")
                + "; kahdella sivulla ei voi olla samaa otsikkoa",
            )
        given = data.get("text_name")
        if given is not None and (not isinstance(given, str) or given.strip().casefold() != title.strip().casefold()):
            raise SourceError(
                rel_path(path),
                data.line_of("text_name"),
                f"text_name: odotettiin otsikon ”{title.strip()}” nimeä sellaisena kuin se kirjoitetaan "
                f"lauseen keskellä (vain kirjainten koko saa erota), saatiin ”{given}”",
            )
        out[data["name"]] = Preset(
            data["name"], title.strip(), base if isinstance(base, str) else None, path, text_name(title.strip(), given)
        )
    return out


def _page_headings(pages_dir: Path = PAGES) -> dict[str, str]:
    """Preset name → the first heading of its hand-written page (its title when the rule file has none)."""
    out = {}
    for name, page in template_pages(pages_dir).items():
        text = (pages_dir / (page + ".j2")).read_text(encoding="utf-8")
        m = re.search(r"^# (.+)$", text, re.M)
        m = _PAGE_TITLE.search(text) or m
        if m and "{" not in m.group(1):
            out[name] = m.group(1).strip()
    return out


def template_pages(pages_dir: Path = PAGES) -> dict[str, str]:
    """Preset name → docs page of the hand-written templates (``set r = rulesets["…"]``)."""
    found: dict[str, list[str]] = {}
    for tpl in sorted(pages_dir.glob("*.md.j2")):
        if tpl.name.startswith("_"):
            continue
        m = _SET_R.search(tpl.read_text(encoding="utf-8"))
        if m:
            found.setdefault(m.group(1), []).append(tpl.name[: -len(".j2")])
    # a page named after the preset wins over one that only mentions it (the front page)
    return {name: next((p for p in pages if name in p), pages[0]) for name, pages in found.items()}


def generated_presets(meta: dict[str, Preset], pages_dir: Path = PAGES) -> list[Preset]:
    """Presets that get their page from the generic template."""
    own = template_pages(pages_dir)
    return [p for name, p in sorted(meta.items()) if name not in own]


def page_of(game: str, pages_dir: Path = PAGES) -> str:
    """The docs page that shows ``game``'s rules (``perusrommi.md``, ``gin-rommi.md``, …)."""
    return template_pages(pages_dir).get(game, f"{game}.md")


SCORE_SHEET_SECTION = "pistetaulukko"


def template_sections(pages_dir: Path = PAGES) -> dict[str, dict[str, str]]:
    """Game → section → page, from every ``examples("section", "game")`` call in the templates (and ``score_sheet("game")``)."""
    out: dict[str, dict[str, str]] = {}
    for tpl in sorted(pages_dir.glob("*.md.j2")):
        if tpl.name.startswith("_"):
            continue
        page = tpl.name[: -len(".j2")]
        source = tpl.read_bytes()
        for game, section in _sections_of(tpl, source):
            out.setdefault(game, {})[section] = page
        m = _SET_R.search(source.decode("utf-8"))
        if m and _INCLUDES_GENERIC.search(source.decode("utf-8")):
            for section in _generic_keys(m.group(1), pages_dir):
                out.setdefault(m.group(1), {})[section] = page
    return out


def _generic_keys(game: str, pages_dir: Path) -> list[str]:
    """The sections of a shipped page made by the one page template: its rule set's concepts."""
    from . import concepts
    from .notes import load_notes, referenced_examples
    from .scenario import load_rulesets

    rules = load_rulesets(pages_dir.parent.parent / "scenarios" / "rules").get(game)
    if rules is None:
        return []
    try:
        notes = load_notes(game, pages_dir.parent.parent / "scenarios")
    except SourceError:
        notes = None  # verify reports the notes file itself
    base = {} if notes is not None and notes.get("base") else None
    return concepts.section_keys(rules, notes, base, referenced_examples().get(game, ()))


def _sections_of(tpl: Path, source: bytes) -> list[tuple[str, str]]:
    """``(game, section)`` of every section call in one page template, in template order.

    Parsing a template costs milliseconds, and verify asks on every run: the answer is kept
    (:mod:`tools.cache`, ``sections:templates/pages/…``) under a key of the template's name, the exact
    template bytes, this module's source and the Jinja2 version, so a changed template (or
    parser) can never reuse an old answer. ``ROMMIKIRJA_TEMPLATE_CACHE=0`` turns it off.
    """
    salt = cache.salt(Path(__file__), jinja2.__version__)
    return cache.cached(
        f"sections:{rel_path(tpl)}",
        cache.key(salt, tpl.name, source),
        lambda: _parse_sections(source.decode("utf-8")),
        encode=lambda found: json.dumps(found, ensure_ascii=False).encode("utf-8"),
        decode=_sections_answer,
    )


def _sections_answer(payload: bytes) -> list[tuple[str, str]]:
    """A kept answer of :func:`_sections_of` read back (an unreadable one raises: parsed again)."""
    return [(str(g), str(s)) for g, s in json.loads(payload.decode("utf-8"))]


def _parse_sections(text: str) -> list[tuple[str, str]]:
    """:func:`_sections_of` without the cache: parse the template and walk its calls."""
    try:
        tree = jinja2.Environment().parse(text)
    except jinja2.TemplateSyntaxError:
        return []  # the build reports it
    found = []
    for call in tree.find_all(nodes.Call):
        if (
            isinstance(call.node, nodes.Name)
            and call.node.name == "examples"
            and len(call.args) == 2
            and all(isinstance(a, nodes.Const) for a in call.args)
        ):
            section, game = (a.value for a in call.args)
            found.append((game, section))
        elif (
            isinstance(call.node, nodes.Name)
            and call.node.name == "score_sheet"
            and len(call.args) == 1
            and isinstance(call.args[0], nodes.Const)
        ):
            # _macros.j2: a short game's score sheet shows the game's "pistetaulukko" scenarios
            found.append((call.args[0].value, SCORE_SHEET_SECTION))
    return found


def generic_sections(rules: Any = None) -> list[str]:
    """The generic page's sections that fit ``rules``: no opening, joker or knock section in a game
    without an opening requirement, jokers or knocking."""
    from . import concepts

    if rules is None:
        return list(concepts.KEYS)
    return concepts.section_keys(rules, None, {})


def valid_sections(game: str, pages_dir: Path = PAGES, rules: Any = None) -> list[str]:
    """The sections a scenario of ``game`` (whose rule set is ``rules``) may name: a generated
    page's are those that fit its rules (:func:`generic_sections`), as verify checks them."""
    found = template_sections(pages_dir)
    if game in found:
        return sorted(found[game])
    return generic_sections(rules)


def house_rule_outside_variants(sc: Any) -> tuple[int, str] | None:
    from .scenario.load import house_rule_outside_variants as check

    return check(sc)


def check_sections(scenarios: list[Any], pages_dir: Path = PAGES) -> list[SourceError]:
    """An error (file:line, the valid list) for every scenario whose section no page shows."""
    found = template_sections(pages_dir)
    own = template_pages(pages_dir)
    errors = []
    for sc in scenarios:
        if not sc.section:
            continue
        # a hand-written page lists its sections; a generated one uses the generic list
        valid = sorted(found.get(sc.game, {})) if sc.game in own else generic_sections(getattr(sc, "rules", None))
        if sc.section not in valid:
            line = getattr(sc, "section_line", None) or _key_line(sc.path, "section")
            errors.append(
                SourceError(
                    sc.rel,
                    line,
                    f"section: tuntematon osio ”{sc.section}” pelille {sc.game}; sallitut: {', '.join(valid)}",
                )
            )
        elif (house := house_rule_outside_variants(sc)) is not None:
            errors.append(SourceError(sc.rel, *house))
    return errors


def _key_line(path: Path, key: str) -> int | None:
    try:
        for i, text in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
            if text.startswith(f"{key}:"):
                return i
    except OSError:
        pass
    return None


def differences(rules: Any, base: Any) -> list[str]:
    """Options whose value differs from the base preset and that matter in ``rules``, in OPTIONS
    order (a number of deals is no difference in a game played to a score)."""
    from rommikirja import OPTIONS

    return [o for o in OPTIONS if getattr(rules, o) != getattr(base, o) and OPTIONS[o].applies(rules)]


def nav_entries(pages: dict[str, str]) -> list[dict[str, str]]:
    """The site navigation: the front page, then pages in the order the front page links them,
    then any other page by name. Titles are the pages' first headings."""

    def title(name: str) -> str:
        m = re.search(r"^# (.+)$", pages[name], re.M)
        return m.group(1).strip() if m else name[:-3]

    order = ["index.md"] if "index.md" in pages else []
    for link in re.findall(r"\]\(([\w.-]+\.md)(?:#[\w-]*)?\)", pages.get("index.md", "")):
        if link in pages and link not in order:
            order.append(link)
    order += sorted(n for n in pages if n not in order)
    return [{("Etusivu" if n == "index.md" else title(n)): n} for n in order]


def nav_json(pages: dict[str, str]) -> str:
    """The site navigation for these pages, as the MkDocs hook reads it (docs/data/nav.json)."""
    return json.dumps(nav_entries(pages), ensure_ascii=False, indent=1) + "\n"


def write_nav(pages: dict[str, str], docs: Path) -> None:
    (docs / NAV_FILE).parent.mkdir(parents=True, exist_ok=True)
    (docs / NAV_FILE).write_text(nav_json(pages), encoding="utf-8")


def template_context(
    rulesets: dict[str, Any], scenarios: list[Any], pages_dir: Path = PAGES, rules_dir: Path = RULES_DIR
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Globals for every page (``extra_presets`` for the front page's table) and, per generated
    page, the variables of the generic template."""
    from rommikirja import OPTIONS

    meta = preset_meta(rules_dir)
    own = template_pages(pages_dir)
    generated = []
    for p in generated_presets(meta, pages_dir):
        if p.name not in rulesets:
            continue
        r = rulesets[p.name]
        base = rulesets.get(p.base) if p.base else None
        base_info = None
        if base is not None:
            base_info = {
                "name": p.base,
                "title": meta[p.base].title if p.base in meta else p.base,
                "text_name": meta[p.base].text_name if p.base in meta else p.base,
                "page": own.get(p.base, f"{p.base}.md"),
                "rules": base,
                "differences": differences(r, base),
                "changed": [OPTIONS[o].label.lower() for o in differences(r, base)],
            }
        present = {sc.section for sc in scenarios if sc.game == p.name}
        generated.append(
            {
                "name": p.name,
                "title": p.title,
                "page": f"{p.name}.md",
                "r": r,
                "base": base_info,
                "sections": [(k, h) for k, h in GENERIC_SECTIONS.items() if k in present],
                "rule_groups": list(GENERIC_RULES.items()),
            }
        )

    def value_text(option: str, rules: Any) -> str:
        spec = OPTIONS[option]
        value = getattr(rules, option)
        if spec.kind in ("bool", "choice"):
            return spec.choices.get(str(value).lower(), str(value))
        if spec.kind == "hand_size":
            return ", ".join(f"{n}: {s}" for n, s in value)
        if value == 0 and option in ZERO_MEANS:  # 0 is "no limit" / "none", not a count of zero
            return ZERO_MEANS[option]
        return str(value)

    return {"extra_presets": generated, "value_text": value_text}, generated
