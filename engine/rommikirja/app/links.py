"""Links from a refusal to the rule's section of the game's page, from data the page sends.

The engine knows no page, anchor or heading: the build reads them from the page templates and
writes them into the Pelaa page's games data (``tools/pelaa_games.py``), and the page sends its
game's ``links`` with a move: ``{"page": <the page>, "topics": {"turn": [<anchor>, <heading>],
…}}``. Here a refusal code only finds its *topic* (a kind of rule: the turn,
melds, laying off, going out, the stock, …), and the data says where the page explains it.

>>> links = {"page": "kerho", "topics": {"turn": ["kulku", "Kulku"], "knock": ["lopetus", "Lopetus"]}}
>>> rule_link(links, "knock_over_limit")["href"], rule_link(links, "gap")["anchor"]
('kerho/#lopetus', 'kulku')
>>> rule_link(None, "gap") is None
True
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..codes import Topic, refusal_topic

__all__ = ["TOPICS", "topic_of", "rule_link", "check_links", "LinksError"]

#: The kinds of rule a refusal can point at (the keys of a game's ``links["topics"]``).
TOPICS = tuple(Topic)

_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]{0,79}")  # a page as the site names it
_ANCHOR = re.compile(r"[a-z0-9_-]{1,80}")  # as MkDocs makes them (toc.slugify)


class LinksError(ValueError):
    """Links data that is not what the build writes; the message is one Finnish sentence."""


def topic_of(code: str) -> str:
    """The kind of rule a refusal code is about (the code's own topic, :class:`rommikirja.codes.Refusal`)."""
    return refusal_topic(code)


def rule_link(links: Mapping[str, Any] | None, code: str) -> dict | None:
    """The page section explaining a refusal, ``{"page", "anchor", "title", "href"}`` (href from
    the site root), or None without links data. A topic the page has no section for falls back to
    the melds (jokers, openings, lay-offs) or to the turn."""
    if not links:
        return None
    topics = links["topics"]
    topic = topic_of(code)
    if topic not in topics:
        topic = "meld" if topic in ("joker", "opening", "lay_off") and "meld" in topics else "turn"
    if topic not in topics:
        return None
    anchor, title = topics[topic]
    page = links["page"]
    return {"page": page, "anchor": anchor, "title": title, "href": f"{page}/#{anchor}"}


def check_links(v: Any) -> dict | None:
    """The ``links`` of a request (untrusted, from the page), checked, or None."""
    if v is None:
        return None
    ok = (
        isinstance(v, dict)
        and set(v) == {"page", "topics"}
        and isinstance(v["page"], str)
        and _SLUG.fullmatch(v["page"]) is not None
        and isinstance(v["topics"], dict)
        and all(
            t in TOPICS
            and isinstance(pair, list)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and _ANCHOR.fullmatch(pair[0]) is not None
            and isinstance(pair[1], str)
            and 0 < len(pair[1]) <= 80
            and pair[1].isprintable()
            for t, pair in v["topics"].items()
        )
    )
    if not ok:
        raise LinksError(
            "Sääntölinkkien (links) pitää olla pelisivun tiedot sellaisina kuin sivusto ne antaa: "
            "sivu (page) ja aiheittain osion tunniste ja otsikko (topics)."
        )
    return v
