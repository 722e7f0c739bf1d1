"""One vocabulary: the glossary's other people's words never appear on the other pages.

Word lists live in ``tests/wordlists/`` (and ``tools/project_words.txt``: right words the speller
does not know, also read by verify's spelling check): ``forbidden.txt`` (variant -> the project's word), ``not_forbidden.txt``
(glossary alternatives that stay allowed, with the reason) and ``known_variants.txt``
(a temporary list of pages still being rewritten; it may only shrink).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from libvoikko import Voikko

ROOT = Path(__file__).resolve().parent.parent
LISTS = ROOT / "tests" / "wordlists"
GLOSSARY = "sanasto.md"


def _lines(name: str) -> list[str]:
    out = []
    for raw in (LISTS / name).read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def project_words() -> set[str]:
    return set(_lines(str(ROOT / "tools" / "project_words.txt")))


def forbidden() -> dict[str, str]:
    return dict(tuple(part.strip() for part in line.split("->", 1)) for line in _lines("forbidden.txt"))


def known_variants() -> set[tuple[str, str]]:
    return {tuple(line.split()[:2]) for line in _lines("known_variants.txt")}


@pytest.fixture(scope="module")
def voikko():
    v = Voikko("fi")
    yield v
    v.terminate()


def _words(markdown: str) -> list[str]:
    from test_site import opetus_texts  # (a guided deal's texts travel in an attribute: read them too)

    markdown = markdown + "\n" + "\n".join(opetus_texts(markdown))
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    text = re.sub(r"<script\b.*?</script>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return re.findall(r"[A-Za-zÅÄÖåäö]+", text)


def variants_in(words, v: Voikko, variants: dict[str, str]) -> set[str]:
    """The forbidden variants among ``words``: by base form, also inside compounds."""

    @lru_cache(maxsize=None)
    def bases(word: str) -> tuple[str, ...]:
        return tuple(a.get("BASEFORM", "").lower() for a in v.analyze(word))

    unknown_stems = {var: var[:-2] for var in variants if not v.analyze(var)}  # pöydätä: not in Voikko
    found = set()
    for word in words:
        b = bases(word)
        for var in variants:
            if any(base == var or base.endswith(var) for base in b):
                found.add(var)
            elif not b and var in unknown_stems and word.lower().startswith(unknown_stems[var]):
                found.add(var)
    return found


def test_every_glossary_alternative_is_forbidden_or_explained(voikko):
    page = (ROOT / "templates" / "pages" / "sanasto.md.j2").read_text(encoding="utf-8")
    alternatives = set()
    for alts in re.findall(r"^\| \*\*[^*]+\*\* \(([^)]*)\)", page, flags=re.M):
        alternatives |= {a.strip() for a in alts.split(",")}
    assert alternatives, "the glossary table names no alternatives: has its format changed?"
    explained = set(forbidden()) | set(_lines("not_forbidden.txt"))
    for alt in alternatives:
        base = {a.get("BASEFORM", "").lower() for a in voikko.analyze(alt)} | {alt}
        assert base & explained, f"glossary alternative ”{alt}”: add it to forbidden.txt or not_forbidden.txt"


def test_no_page_uses_a_forbidden_variant(site, voikko):
    variants = forbidden()
    allowed = known_variants()
    found = set()
    for page in sorted((ROOT / "docs").glob("*.md")):
        if page.name == GLOSSARY:
            continue
        for var in variants_in(_words(page.read_text(encoding="utf-8")), voikko, variants):
            found.add((page.name, var))
    unexpected = sorted(f"{p}: ”{v}” (käytä: {variants[v]})" for p, v in found - allowed)
    assert unexpected == []
    stale = sorted(allowed - found)
    assert stale == [], f"fixed, remove from tests/wordlists/known_variants.txt: {stale}"


def test_the_variant_check_finds_inflected_and_compound_forms(voikko):
    variants = forbidden()
    words = _words("Herttakuningatar ja <b>kuningattareksi</b>; etumiehen jälkeen; poistopinoon; pöydättiin")
    assert variants_in(words, voikko, variants) == {"kuningatar", "etumies", "poistopino", "pöydätä"}
    assert variants_in(_words("Rouva, aloittaja ja poistopakka; kolme kuningasta"), voikko, variants) == set()


def test_the_variant_check_reads_a_guided_deals_texts(voikko):
    """A guided deal's words travel as JSON in an attribute (data-opetus): they are checked as well."""
    import html
    import json

    data = {"steps": [{"action": "lay_off", "text": "Se täydentää ryhmän."}], "closing": "Pöydättiin."}
    page = f'<div class="opetusjako" data-opetus="{html.escape(json.dumps(data), quote=True)}"></div>'
    assert variants_in(_words(page), voikko, forbidden()) >= {"täydentää"}
    assert "lay" not in _words(page)  # (codes are not words of the page)
