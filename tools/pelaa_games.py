"""The Pelaa page's games, as data the build writes into the page: every preset with a page, its
title and rules, and where its page explains each kind of rule (the engine's refusal topics,
:mod:`rommikirja.app.links`).

The engine knows no page, anchor or heading: they are read here from the page templates (a
page template's ``##`` headings, or the one page template's concept sections (tools.concepts), so a
renamed heading moves its link and a new preset gets a Pelaa entry with rule links.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .presets import PAGES, RULES_DIR, preset_meta, template_pages

#: Where a page explains a topic: the headings that do, best first (the first one a page has wins);
#: the last of each is a generated page's rule group (tools.presets.GENERIC_RULES) where the
#: topic's rules are listed when the page has no section of its own for it.
TOPIC_HEADINGS: dict[str, tuple[str, ...]] = {
    "turn": ("Vuoron kulku", "Vuoro", "Pelin kulku"),
    "meld": (
        "Yhdistelmät",
        "Yhdistelmät ja irtokortit",
        "Yhdistelmät ja lisääminen",
        "Yhdistelmät ja täydentäminen",
        "Pelin kulku",
    ),
    "lay_off": (
        "Lisääminen pöydän yhdistelmiin",
        "Yhdistelmät ja lisääminen",
        "Yhdistelmät ja täydentäminen",
        "Yhdistelmät",
        "Pelin kulku",
    ),
    "out": ("Ulosmeno", "Jaon loppu ja sakot", "Kierroksen loppu ja sakot", "Jaon loppu"),
    "stock": ("Kun nostopakka loppuu", "Kun nostopakka hupenee", "Jaon loppu"),
    "offer": ("Ensimmäinen avokortti", "Välineet ja pelaajat"),
    "knock": ("Koputus", "Pelin kulku"),
    "opening": ("Avaus", "Pelin kulku"),
    "joker": ("Jokerit", "Välineet ja pelaajat"),
}
#: Most players a Pelaa game seats (the reader and up to three computers).
MAX_PLAYERS = 4


def slug(heading: str) -> str:
    """A heading's anchor, as MkDocs makes it."""
    from markdown.extensions.toc import slugify

    return slugify(heading.strip(), "-")


def template_headings(page: str, pages_dir: Path = PAGES) -> list[str]:
    """The ``##`` headings of a hand-written page template (``page`` without ``.md``)."""
    text = (pages_dir / f"{page}.md.j2").read_text(encoding="utf-8")
    return [h for h in re.findall(r"^##+ (.+?)\s*$", text, re.M) if "{" not in h]


def _made_by_the_page_template(page: str, pages_dir: Path) -> bool:
    """Whether a page's template only names its rule set and includes ``pages/_game.md.j2``."""
    from .presets import _INCLUDES_GENERIC

    return bool(_INCLUDES_GENERIC.search((pages_dir / f"{page}.j2").read_text(encoding="utf-8")))


def _concept_headings(rules: Any) -> list[str]:
    """The headings of the one page template's sections for ``rules`` (:mod:`tools.concepts`)."""
    from .concepts import page_sections

    return [s["heading"] for s in page_sections(rules)]


def topic_links(page: str, headings: list[str]) -> dict[str, Any]:
    """``{"page", "topics": {topic: [anchor, heading]}}`` for a page with these headings."""
    have = set(headings)
    topics = {}
    for topic, candidates in TOPIC_HEADINGS.items():
        heading = next((h for h in candidates if h in have), None)
        if heading is not None:
            topics[topic] = [slug(heading), heading]
    return {"page": page, "topics": topics}


def pelaa_games(
    rulesets: dict[str, Any], generated: list[dict[str, Any]], pages_dir: Path = PAGES, rules_dir: Path = RULES_DIR
) -> dict[str, dict[str, Any]]:
    """Game name → ``{"title", "rules", "min", "max", "links"}`` for every preset with a
    page (``generated``: the generic pages' variables, :func:`tools.presets.template_context`)."""
    meta = preset_meta(rules_dir)
    own = template_pages(pages_dir)
    headings: dict[str, tuple[str, list[str]]] = {}
    for name, page in own.items():
        found = template_headings(page[: -len(".md")], pages_dir)
        if name in rulesets and _made_by_the_page_template(page, pages_dir):
            found = _concept_headings(rulesets[name])
        headings[name] = (page[: -len(".md")], found)
    for p in generated:  # a preset's page is the same page template
        headings[p["name"]] = (p["page"][: -len(".md")], _concept_headings(p["r"]))
    games = {}
    for name in sorted(headings):
        if name not in rulesets:
            continue
        r = rulesets[name]
        page, found = headings[name]
        title = meta[name].title if name in meta else name
        games[name] = {
            "title": title,
            "text_name": meta[name].text_name if name in meta else name,
            "rules": {**r.as_mapping(), "title": title},
            "min": r.min_players,
            "max": min(r.max_players, MAX_PLAYERS),
            "links": topic_links(page, found),
        }
    return games


def games_sentence(games: dict[str, dict[str, Any]]) -> str:
    """Pelaa's intro sentence of what can be played, from the game list (:func:`pelaa_games`):
    the games' names in running text (:func:`tools.presets.text_name`: lowercase but for a proper
    name) grouped by how many computer opponents they seat, fewest first.

    >>> g = {"a": {"text_name": "gin-rommi", "min": 2, "max": 2}, "b": {"text_name": "perusrommi", "min": 2, "max": 4},
    ...      "c": {"text_name": "Rommi 51", "min": 2, "max": 4}}
    >>> games_sentence(g)
    'Pelattavana ovat gin-rommi yhtä vastustajaa vastaan sekä perusrommi ja Rommi 51 yhtä, kahta tai kolmea vastustajaa vastaan.'
    >>> games_sentence({"b": g["b"]})
    'Pelattavana on perusrommi yhtä, kahta tai kolmea vastustajaa vastaan.'
    """
    from rommikirja.finnish import join_list, numeral

    groups: dict[tuple[int, int], list[str]] = {}
    for game in games.values():
        groups.setdefault((game["min"] - 1, game["max"] - 1), []).append(game["text_name"])
    parts = []
    for (low, high), titles in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        counts = join_list([numeral(n, "part") for n in range(max(low, 1), high + 1)], "tai")
        parts.append(f"{join_list(titles)} {counts} vastustajaa vastaan")
    verb = "on" if len(games) == 1 else "ovat"
    return f"Pelattavana {verb} {join_list(parts, 'sekä')}."
