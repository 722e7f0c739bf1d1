"""The search index of tools.search_index and the club's search words (scenarios/hakusanat.yaml).

The browser side (Material's dialog with docs/assets/haku-worker.js) is in test_search_browser.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools.search_index import SEPARATOR, STOP_WORDS, build_index, voikko_analyser, words_of
from tools.search_words import SYNONYMS_FILE, read_synonyms
from tools.yamlsrc import SourceError

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ROOT / "tests" / "wordlists" / "forbidden.txt"


@pytest.fixture(scope="module")
def analyse():
    return voikko_analyser()


def _material(*sections: tuple[str, str, str]) -> dict:
    docs = [{"location": "peli/", "title": "Peli", "text": ""}]
    docs += [{"location": loc, "title": title, "text": text} for loc, title, text in sections]
    return {
        "config": {
            "lang": ["fi"],
            "separator": r"[\s\-]+",
            "pipeline": ["stopWordFilter"],
            "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}},
        },
        "docs": docs,
    }


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "hakusanat.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_words_after_a_bracket_or_a_quote_are_words():
    assert words_of("<td>suora (sarja)</td> huutaa ”rommi”") == ["suora", "sarja", "huutaa", "rommi"]
    assert re.split(SEPARATOR, "suora (sarja) ”rommi”") == ["suora", "sarja", "rommi", ""]


def test_index_holds_lemmas_compound_parts_and_the_separator_fix(analyse):
    material = _material(("peli/#koputus", "Koputus", "<p>Koputtaja nostaa nostopakasta.</p>"))
    index = build_index(material, {}, analyse)
    fi = index["config"]["fi"]
    terms = fi["terms"]

    def lemmas(word):
        return {terms[i] for i in fi["forms"][word] if i >= 0}

    def parts(word):
        return {terms[-i - 1] for i in fi["forms"][word] if i < 0}

    assert lemmas("nostopakasta") == {"nostopakka"}
    assert {"nostaa", "pakka"} <= parts("nostopakasta")
    assert "nostaa" not in fi["forms"]  # a word whose only lemma is itself is left out
    assert "koputtaa" in parts("koputtaja")
    assert index["config"]["separator"] == SEPARATOR
    assert index["docs"] == material["docs"]  # Material's dialog renders these unchanged
    assert {"mitä", "kun", "jos", "on"} <= set(fi["stop"]) == STOP_WORDS


def test_search_words_lead_to_the_pages_lemmas_also_from_their_inflected_forms(analyse):
    material = _material(("peli/#kortit", "Kortit", "<p>Rouvan arvo on kymmenen.</p>"))
    index = build_index(material, {"kuningatar": (("rouva", 1),), "lay off": (("rouva", 2),)}, analyse)
    fi = index["config"]["fi"]
    assert [fi["terms"][i] for i in fi["syn"]["kuningatar"]] == ["rouva"]
    assert [fi["terms"][i] for i in fi["syn"]["lay off"]] == ["rouva"]


def test_a_search_word_must_lead_to_a_word_on_the_pages(analyse):
    material = _material(("peli/#kortit", "Kortit", "<p>Rouvan arvo on kymmenen.</p>"))
    with pytest.raises(SourceError) as err:
        build_index(material, {"knock": (("koputtaa", 7),)}, analyse)
    assert str(err.value).startswith("scenarios/hakusanat.yaml:7: knock: sanaa ”koputtaa” ei ole sivuilla")


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("- kuningatar\n", 1, "odotettiin rivejä muodossa lukijan sana: sivujen sana"),
        ("kuningatar: rouva\nknock: 3\n", 2, "knock: odotettiin sanaa tai listaa sanoja"),
        ("knock: []\n", 1, "knock: lista on tyhjä"),
        ("knock: [koputtaa, {a: 1}]\n", 1, "ei sisäkkäisiä kenttiä"),
        ("x: a\n\"<b>\": rouva\n", 2, "hakusana ”<b>” ei kelpaa"),
        ("knock: koputtaa\nKnock: koputus\n", 2, "knock: hakusana on jo aiemmin tiedostossa"),
        ("knock: [a, b, c, d, e, f]\n", 1, "liikaa sanoja (6; enintään 5)"),
        ("x: a\nkuningas\U000e0041: rouva\n", 2, "näkymätön merkki U+E0041 (näkymätön tag-merkki"),
        ("x: a\nkuningas: rou\u3164va\n", 2, "näkymätön merkki U+3164 (näkymätön hangul-täytemerkki)"),
        ("x: a\nkuningas: ro\u0336\u0336\u0336uva\n", 2, "3 yhdistyvää merkkiä peräkkäin"),
    ],
)
def test_search_words_file_errors_name_file_and_line_in_finnish(tmp_path, text, line, message):
    with pytest.raises(SourceError) as err:
        read_synonyms(_write(tmp_path, text))
    assert err.value.line == line
    assert message in err.value.message
    assert "Traceback" not in str(err.value) and "'" not in err.value.message.replace("’", "")
    assert "\\u" not in err.value.message and "\\U" not in err.value.message


def test_search_words_file_reads_words_phrases_and_lists(tmp_path):
    path = _write(tmp_path, "# kerhon omat\nKuningatar: rouva\nlay  off: [liittää]\nakka:\n  - rouva\n")
    assert read_synonyms(path) == {"kuningatar": (("rouva", 2),), "lay off": (("liittää", 3),), "akka": (("rouva", 5),)}
    assert read_synonyms(_write(tmp_path, "# vain ohje\n")) == {}
    assert read_synonyms(tmp_path / "puuttuu.yaml") == {}


def test_every_other_word_the_glossary_names_is_a_search_word():
    """The glossary's other people's words (tests/wordlists/forbidden.txt) find the page's word."""
    table = read_synonyms(SYNONYMS_FILE)
    for line in FORBIDDEN.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        variant, ours = (p.strip() for p in line.split("->", 1))
        assert variant in table, variant
        assert {w for target, _ in table[variant] for w in target.split()} >= set(ours.split()[:1]), variant


def test_built_index_replaces_materials_and_is_precached(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    fi = index["config"]["fi"]
    locations = {d["location"] for d in index["docs"]}
    assert "gin-rommi/#koputus" in locations and "sanasto/#pelin-sanat" in locations
    assert fi["forms"] and fi["syn"] and index["config"]["separator"] == SEPARATOR
    page = (site / "gin-rommi" / "index.html").read_text(encoding="utf-8")
    assert '"search": "../assets/haku-worker.js"' in page
    sw = (site / "sw.js").read_text(encoding="utf-8")
    for rel in (
        "search/search_index.json",
        "assets/haku-worker.js",
        "assets/javascripts/lunr/min/lunr.fi.min.js",
        "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
    ):
        assert (site / rel).is_file(), rel
        assert f'"{rel}"' in sw, rel


def test_without_voikko_the_build_says_in_finnish_what_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "libvoikko", None)  # import fails as when not installed
    with pytest.raises(SourceError) as err:
        voikko_analyser()
    assert "libvoikko1 ja voikko-fi" in err.value.message and "./dev site" in err.value.message
