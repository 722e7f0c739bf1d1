"""The concept sections every game page is made of, and which of them a rule set has.

One page template (``templates/pages/_game.md.j2``) serves every preset, the shipped four and a
club's alike: it prints, in this order, each section of :data:`SECTIONS` whose concept the rule
set has, from ``templates/sections/<key>.md.j2`` (the rule sentences: ``rule()``, facts), followed
by the game's notes for that section (:mod:`tools.notes`, prose that is not a rule), its examples
and practice widgets. A knock game has no lay-off or going-out section, a game without jokers no
joker section; verify accepts exactly these keys as a scenario's ``section``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rommikirja.rules import applies


@dataclass(frozen=True)
class Section:
    key: str  # the examples("key", game) section and the template's name
    heading: str  # the Finnish heading (its anchor is the heading slugified)
    has: Callable[[Any], bool]  # whether the rule set has the concept


def _rummy(r: Any) -> bool:
    return r.style == "rummy"


def _knock(r: Any) -> bool:
    return r.style == "knock"


def _always(r: Any) -> bool:
    return True


SECTIONS: tuple[Section, ...] = (
    Section("jako", "Jako", _always),
    Section("avokortti", "Ensimmäinen avokortti", lambda r: applies("upcard_offer", r) and bool(r.upcard_offer)),
    Section("vuoro", "Vuoron kulku", _always),
    Section("yhdistelmat", "Yhdistelmät", _always),
    Section("avaus", "Avaus", lambda r: _rummy(r) and r.opening_points > 0),
    Section("jokerit", "Jokerit", lambda r: r.jokers > 0),
    Section("lisaaminen", "Lisääminen pöydän yhdistelmiin", _rummy),
    Section("koputus", "Koputus", _knock),
    Section("gin", "Gin", _knock),
    Section("ulosmeno", "Ulosmeno", _rummy),
    Section("pisteet", "Pisteet", _always),
    Section("nostopakka", "Kun nostopakka loppuu", _always),
    Section("peli", "Usean jaon peli", _always),
    Section("esimerkkijako", "Esimerkkipeli", _always),
    Section("muunnelmat", "Muunnelmat ja kotisäännöt", _always),
    Section("saantovalinnat", "Sääntövalinnat", _always),  # when the notes list its options
    Section("erot", "Erot pohjapeliin", _always),  # when the game has a base game
    Section("tarkennukset", "Rommikirjan tarkennukset", _always),
    Section("vinkit", "Vinkkejä", _always),
)
KEYS: tuple[str, ...] = tuple(s.key for s in SECTIONS)
BY_KEY = {s.key: s for s in SECTIONS}
#: Example sections that are part of a concept section, not a section of their own.
PART_OF = {"pistetaulukko": "esimerkkijako"}


def page_sections(rules: Any, notes: Any = None, base: Any = None) -> list[dict[str, str]]:
    """The sections of the page of ``rules`` (with its notes file and base game), in page order:
    ``{"key", "heading", "template"}`` (``template`` None for a notes-only section)."""
    out = []
    for s in SECTIONS:
        if not s.has(rules):
            continue
        if s.key == "saantovalinnat" and not (notes and notes.get("rule_choices")):
            continue
        if s.key == "erot" and base is None:
            continue
        out.append({"key": s.key, "heading": s.heading, "template": f"sections/{s.key}.md.j2"})
    for own in (notes or {}).get("own_sections") or []:
        entry = {"key": own["key"], "heading": own["heading"], "template": None}
        keys = [e["key"] for e in out]
        after = own.get("after")
        at = keys.index(after) + 1 if after in keys else len(out)
        out.insert(at, entry)
    return out


def section_keys(rules: Any, notes: Any = None, base: Any = None, shown_elsewhere: Any = ()) -> list[str]:
    """What a scenario of a game may name as its ``section``: its page's sections, the score
    sheet, and ``shown_elsewhere``, the sections other pages show from it (notes ``examples:``,
    :func:`tools.notes.referenced_examples`)."""
    keys = [s["key"] for s in page_sections(rules, notes, base)]
    keys += [k for k in PART_OF if PART_OF[k] in keys]
    keys += sorted(set(shown_elsewhere) - set(keys))
    return keys


def anchor(heading: str) -> str:
    """The heading's anchor as Python-Markdown's ``toc`` makes it (``Muunnelmat ja kotisäännöt`` →
    ``muunnelmat-ja-kotisaannot``)."""
    import re
    import unicodedata

    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


class MissingSection(ValueError):
    """A cross-reference to a rule that no section of the page states."""


def _plain(text: str) -> str:
    """Rendered Markdown as comparable words: no emphasis marks, one space between words."""
    import re

    return " ".join(re.sub(r"\*\*|__", "", str(text)).split())


def section_with(sections: Any, phrase: str, rules: Any = None) -> dict[str, Any]:
    """The first of the page's rendered ``sections`` (``{key, heading, text}`` in page order) that
    states ``phrase``: a "katso …" link goes where its rule is actually printed, never to a heading
    typed by hand. ``phrase`` may be an option's name: its rule sentence under ``rules``. A rule
    that no section states is a build error, so a link can never point to a section without it.

    >>> parts = [{"key": "vuoro", "heading": "Vuoron kulku", "text": "Poisto **päättää** vuoron."}]
    >>> section_with(parts, "Poisto päättää vuoron")["heading"]
    'Vuoron kulku'
    """
    said = phrase
    if rules is not None:
        from rommikirja import OPTIONS

        if phrase in OPTIONS:
            from .rule_text import rule

            said = rule(phrase, rules)
    want = _plain(said)
    for part in sections or []:
        if want and want in _plain(part["text"]):
            return part
    raise MissingSection(f"viittaus ”{said}” osoittaa kohtaan, jota sivulla ei ole: yksikään sivun kohta ei sano sitä")


def see_text(sections: Any, phrase: str, rules: Any = None) -> str:
    """``(katso [Heading](#anchor))`` to the section that states ``phrase`` (:func:`section_with`)."""
    part = section_with(sections, phrase, rules)
    return f"(katso [{part['heading']}](#{anchor(part['heading'])}))"


def variant_options(rules: Any, notes: Any = None) -> list[str]:
    """The options whose other values the variants table lists: the notes' ``variants``, or every
    choice of the rule set that applies (a game without notes)."""
    from rommikirja import OPTIONS

    if notes is not None and "variants" in notes:
        names = list(notes["variants"])
    else:
        names = [o for o, spec in OPTIONS.items() if spec.kind in ("bool", "choice") and o != "style"]
    return [o for o in names if applies(o, rules)]


def compared(rules: Any, base: Any) -> list[str]:
    """The options a comparison with the base game lists: those that matter in either game and
    differ in value or in whether they matter at all."""
    from rommikirja import OPTIONS

    return [
        o
        for o in OPTIONS
        if (applies(o, rules) or applies(o, base))
        and (applies(o, rules) != applies(o, base) or getattr(rules, o) != getattr(base, o))
    ]
