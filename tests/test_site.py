"""The built site: pages with their verified examples, no third-party requests, correct Finnish."""

import html
import json
import re
from pathlib import Path

import pytest
from libvoikko import Voikko

from rommikirja.cards import standard_deck
from rommikirja.finnish import RANK_WORDS, all_card_word_forms, card_name_yours
from tools import pages
from tools.verify import verify

ROOT = Path(__file__).resolve().parent.parent
#: Words the speller does not know that the pages use on purpose (tools/project_words.txt, which
#: tools.verify's spelling check reads too).
PROJECT_WORDS = {
    line.split("#")[0].strip()
    for line in (ROOT / "tools" / "project_words.txt").read_text(encoding="utf-8").splitlines()
    if line.split("#")[0].strip()
}
#: Loan prefixes of hyphenated compounds; the Finnish part after the hyphen is still spell-checked.
PREFIXES = ("gin-",)


def test_generated_pages_say_so():
    for page in ("index.md", "perusrommi.md", "gin-rommi.md", "rommi.md", "rommi51.md", "sanasto.md"):
        assert (ROOT / "docs" / page).read_text(encoding="utf-8").startswith(pages.MARKER)


GAME_PAGES = {
    "perusrommi": (
        "perusrommi",
        "Perusrommi",
        (
            "Jako",
            "Vuoron kulku",
            "Yhdistelmät",
            "Lisääminen pöydän yhdistelmiin",
            "Ulosmeno",
            "Pisteet",
            "Kun nostopakka loppuu",
            "Esimerkkipeli",
            "Muunnelmat ja kotisäännöt",
            "Lähteiden erot",
            "Rommikirjan tarkennukset",
        ),
    ),
    "rommi": (
        "rommi",
        "Rommi (perinteinen)",
        (
            "Jako",
            "Vuoron kulku",
            "Yhdistelmät",
            "Lisääminen pöydän yhdistelmiin",
            "Ulosmeno",
            "Pisteet",
            "Kun nostopakka loppuu",
            "Usean jaon peli",
            "Esimerkkipeli",
            "Muunnelmat ja kotisäännöt",
            "Virheet ja niiden korjaaminen",
            "Erot pohjapeliin",
            "Rommikirjan tarkennukset",
        ),
    ),
    "rommi51": (
        "rommi-51",
        "Rommi 51",
        (
            "Jako",
            "Vuoron kulku",
            "Yhdistelmät",
            "Avaus",
            "Jokerit",
            "Ulosmeno",
            "Pisteet",
            "Usean jaon peli",
            "Esimerkkipeli",
            "Rommikirjan tarkennukset",
        ),
    ),
    "gin": (
        "gin-rommi",
        "Gin-rommi",
        (
            "Jako",
            "Ensimmäinen avokortti",
            "Yhdistelmät",
            "Vuoron kulku",
            "Koputus",
            "Gin",
            "Pisteet",
            "Kun nostopakka loppuu",
            "Usean jaon peli",
            "Esimerkkipeli",
            "Sääntövalinnat",
            "Rommikirjan tarkennukset",
        ),
    ),
}


@pytest.mark.parametrize("game", sorted(GAME_PAGES))
def test_game_page_has_every_example(site, game):
    slug, title, headings = GAME_PAGES[game]
    page = (site / slug.replace("rommi-51", "rommi51") / "index.html").read_text(encoding="utf-8")
    assert f'<h1 id="{slug}">{html.escape(title, quote=False)}' in page or f">{title}<" in page
    for heading in headings:
        assert f">{heading}<" in page, heading
    from tools.opetusjako import tutorial_id

    found = verify()[0]
    guided = tutorial_id(game, {sc.id: sc for sc in found})  # shown as the Opetusjako, not as a box
    assert guided is None or f'id="opetus-{game}"' in page
    every = [sc for sc in found if sc.game == game and sc.section != "vertailu" and sc.id != guided]
    boxes = [sc for sc in every if sc.section != "pistetaulukko"]
    sheet = [sc for sc in every if sc.section == "pistetaulukko"]
    for sc in boxes:
        assert html.escape(f"Esimerkki: {sc.title}", quote=False) in page, sc.title
    extra = sum(1 for sc in verify()[0] if sc.section == "vertailu") if game == "rommi" else 0
    # every example is a folded box, so that the rules read in one sitting; the short game's
    # deals are the rows of one more box, the score sheet
    assert 'class="admonition example"' not in page
    assert page.count('<details class="example"') == len(boxes) + extra + 1
    assert sheet, "every game page has a score sheet over a short game"
    table = page.split("Pistetaulukko:")[1].split("</details>")[0]
    assert table.count("<tr>") == len(sheet) + 1  # header and one row per deal
    assert any(sc.section == "esimerkkijako" for sc in boxes), "a complete sample deal"
    # cards are drawn as cards, coloured by suit
    assert re.search(r'<span class="kortti punainen" role="img" aria-label="herttaseiska"[^>]*>7♥</span>', page)
    assert re.search(r'<span class="kortti musta" role="img" aria-label="patakuningas"[^>]*>K♠</span>', page)


def test_example_numbers_come_from_the_engine(site):
    page = (site / "perusrommi" / "index.html").read_text(encoding="utf-8")
    p22 = next(sc for sc in verify()[0] if sc.source == "P22")
    block = page.split(html.escape(p22.title, quote=False))[1].split('class="admonition example"')[0]
    assert f"<strong>{p22.score.points[0]} pistettä</strong>" in block
    assert f"{p22.priced[-1].score.points[0]} pistettä" in block


def test_no_third_party_requests(site):
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        loads = re.findall(r'\ssrc="(https?://[^"]+)"', text)
        # a canonical link names the page's published address (site_url); it loads nothing
        loads += re.findall(r'<link\b(?![^>]*\brel="canonical")[^>]*\bhref="(https?://[^"]+)"', text)
        loads += re.findall(r'@import\s+url\(["\']?(https?://[^)"\']+)', text)
        for url in loads:
            assert url.startswith("http://127.0.0.1"), f"{page}: {url}"
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text


#: The reader-facing texts of a guided deal's data (the page's script shows them): each step's and the
#: deal's own; the other keys are codes (actions, concepts' ids, cards).
OPETUS_STEP_TEXTS = ("text", "rule", "note", "how")
OPETUS_TEXTS = ("title", "concepts_text", "closing", "undercut", "rommi")


def opetus_texts(markdown: str) -> list[str]:
    """The Finnish texts of the guided deals in ``markdown`` (``data-opetus``, JSON in an attribute,
    which the tag-stripping below would drop): the spelling and vocabulary checks read them too."""
    out = []
    for raw in re.findall(r'data-opetus="([^"]*)"', markdown):
        data = json.loads(html.unescape(raw))
        out += [str(data[k]) for k in OPETUS_TEXTS if data.get(k)]
        out += [str(s[k]) for s in data.get("steps", ()) for k in OPETUS_STEP_TEXTS if s.get(k)]
        out += [str(c) for c in data.get("concepts", ())]
    return out


def _words(markdown: str):
    markdown = markdown + "\n" + "\n".join(opetus_texts(markdown))
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    text = re.sub(r"<script\b.*?</script>", " ", text, flags=re.S)  # widget data (JSON)
    text = re.sub(r"^\s*(?:!!!|\?\?\?\+?) \w+", " ", text, flags=re.M)  # admonition and box types
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return re.findall(r"[A-Za-zÅÄÖåäöé]+(?:-[A-Za-zÅÄÖåäö]+)*", text)


def known_words() -> set[str]:
    """The right words the speller does not know: every card name form (with "-si" too: "ruutuysisi
    kanssa", the guided deal's), the rank words and the project's own word list."""
    known = all_card_word_forms() | {w.lower() for w in PROJECT_WORDS}
    known |= {card_name_yours(c) for c in standard_deck(1, 0)}
    return known | {form for forms in RANK_WORDS.values() for form in forms}


def test_pages_are_spelled_correctly(site):
    known = known_words()
    v = Voikko("fi")
    try:
        unknown = {}
        for page in (ROOT / "docs").glob("*.md"):
            for word in _words(page.read_text(encoding="utf-8")):
                check = word
                for prefix in PREFIXES:
                    if word.lower().startswith(prefix):
                        check = word[len(prefix) :]
                if check.lower() not in known and not v.spell(check):
                    unknown.setdefault(word, page.name)
    finally:
        v.terminate()
    assert unknown == {}


def test_spelling_check_catches_a_misspelling():
    v = Voikko("fi")
    try:
        assert not v.spell("nostopakkaa" + "x")
        assert v.spell("nostopakka")
    finally:
        v.terminate()


def test_front_page_lists_every_game_in_one_table(site):
    page = (site / "index.html").read_text(encoding="utf-8")
    table = page.split("<table>")[1].split("</table>")[0]
    for slug in ("perusrommi", "gin-rommi", "rommi", "rommi51"):
        assert f'href="{slug}/"' in table, slug


def test_pages_inflect_names_and_numbers_and_say_a_score_once(site):
    """Natural Finnish: Ainolle, not "Aino-pelaajalle"; seitsemällä kortilla, not "seitsemän kortilla";
    a score is not repeated in the same breath ("36 pistettä: **36 pistettä**")."""
    from rommikirja.narrate import DEFAULT_NAMES

    for page in sorted((ROOT / "docs").glob("*.md")):
        text = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        for name in DEFAULT_NAMES:
            assert f"{name}-pelaaja" not in text, (page.name, name)
        assert not re.search(
            r"\b(kaksi|kolme|neljä|viisi|kuusi|seitsemän|kahdeksan|yhdeksän|kymmenen) "
            r"(kortilla|korttiin|jaosta|jaolla)\b",
            text,
        ), page.name
        assert not re.search(r"\b(kaksi|kolme|neljä|viisi|kuusi) (kortin|jaon)\b", text), page.name
        assert not re.search(r"(\d+) pistettä\W{0,6}\*\*\1 pistettä", text), page.name
        assert "Jos sovitaan toisin –" not in text, page.name


def test_engine_pages_start_a_repeat_visits_engine_from_the_head(site):
    """A page with practice widgets or the Pelaa game starts a repeat visit's engine worker from
    its <head> (tools/engine_early.js) with the path to this site's worker script; other pages
    start nothing."""
    engine_pages = 0
    for page in sorted(site.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        head = text.split("</head>", 1)[0]
        found = re.findall(r'new URL\("([^"]*rommi-worker\.js)", location\.href\)', head)
        if re.search(r'<div class="harjoitus" [^>]*data-kind="|<div class="pelaa" id="pelaa"', text):
            engine_pages += 1
            assert len(found) == 1, page
            assert (page.parent / found[0]).resolve() == (site / "assets" / "rommi-worker.js").resolve(), page
        else:
            assert not found, page
    assert engine_pages >= 2
