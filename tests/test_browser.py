"""The practice widgets in a real browser: Debian's Chromium driven by Playwright against the built
site, served on 127.0.0.1 with its precompressed copies (``tools.siteserver``).

For every widget kind a right and a wrong answer, checked by the engine running under Pyodide; axe
before and after answering; no console errors; no request leaves the site; one engine per visit
across page changes; seeds from the address; readable without JavaScript; printable.

Cost: the tests share one browser and one browsing context (one Cache Storage), so the engine
starts cold once and from its memory snapshot afterwards. The offline and failure tests are in
``test_browser_offline.py``.
"""

import json
import re

import pytest
from playwright.sync_api import expect, sync_playwright

from tools.siteserver import SiteServer

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ENGINE_TIMEOUT = 120_000
AXE = "node_modules/axe-core/axe.min.js"


@pytest.fixture(scope="module")
def server(site):
    with SiteServer(site, compress=True) as base:
        yield base


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def shared(browser):
    """One browsing context for the module: the engine's snapshot and the caches carry over."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    yield ctx
    ctx.close()


class Page:
    """A page with its console errors and the hosts it requested."""

    def __init__(self, context, server, path, own=False):
        self.context, self.own = context, own
        self.page = context.new_page()
        self.errors, self.hosts = [], set()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.hosts.add(r.url.split("/")[2]))
        self.server = server
        self.page.goto(server + path)

    def widget(self, wid):
        w = self.page.locator(f"#{wid}")
        w.scroll_into_view_if_needed()
        return w

    def data(self, wid):
        return json.loads(self.page.locator(f"#{wid}").get_attribute("data-harjoitus"))

    def ready(self):
        """Touch the first widget, as a reader would: that starts the engine."""
        first = self.page.locator(".harjoitus").first
        first.scroll_into_view_if_needed()
        first.locator(".harjoitus-otsikko").click()
        self.page.wait_for_function(
            "window.rommikirjaEngine && window.rommikirjaEngine.readyMs", timeout=ENGINE_TIMEOUT
        )
        return self.page.evaluate("window.rommikirjaEngine")

    def close(self):
        host = self.server.split("/")[2]
        assert self.errors == []
        assert self.hosts <= {host}, self.hosts
        if self.own:
            self.context.close()
        else:
            self.page.close()


def axe(page, context=None):
    """Serious and critical axe-core violations on the page, as readable strings."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    found = page.evaluate(
        """async (sel) => {
        const r = await axe.run(sel ? document.querySelector(sel) : document,
                                { resultTypes: ["violations"] });
        return r.violations.filter(v => v.impact === "serious" || v.impact === "critical")
          .map(v => v.id + ": " + v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + n.failureSummary).join(" | "));
    }""",
        context,
    )
    return found


def result(widget):
    widget.page.wait_for_function("el => el.dataset.result", arg=widget.element_handle(), timeout=ENGINE_TIMEOUT)
    return widget.get_attribute("data-result"), widget.locator(".harjoitus-palaute").inner_text()


def reset(widget):
    widget.evaluate("el => { delete el.dataset.result; }")


def unselect(widget):
    pressed = widget.locator(".harjoitus-ui button.kortti[aria-pressed='true']")
    while pressed.count():
        pressed.first.click()


def click_cards(widget, codes):
    for code in codes:
        widget.locator(f".harjoitus-ui button.kortti[data-code=\"{code}\"]").first.click()


# --- one function per widget kind: answer right, then wrong -------------------------------------


def answer_pisteet(w, sol, right):
    pts = sol["points"] if right else abs(sol["points"]) + 1
    w.locator("input.vastaus").fill(str(pts))
    w.get_by_role("button", name="Tarkista").click()


def answer_kelpaako(w, sol, right):
    valid = sol["valid"] == right
    w.get_by_role("button", name="Kelpaa" if valid else "Ei kelpaa", exact=True).click()


def answer_lisaa(w, sol, right, q):
    unselect(w)
    cards = sol["cards"] if right else (sol["cards"][1:] if sol["cards"] else q["hand"][:1])
    click_cards(w, cards)
    w.get_by_role("button", name="Tarkista").click()


def answer_jarjesta(w, sol, right):
    if right:
        for meld in sol["melds"]:
            click_cards(w, meld)
            w.get_by_role("button", name="Muodosta yhdistelmä").click()
    else:
        for b in w.get_by_role("button", name="Pura").all():
            b.click()
    w.get_by_role("button", name="Tarkista").click()


def answer_koputus(w, sol, right):
    w.locator(f"input[type=radio][value={sol['scorer']}]").check()
    w.locator("input.vastaus").fill(str(sol["points"] if right else sol["points"] + 1))
    w.get_by_role("button", name="Tarkista").click()


def answer_nostopakka(w, sol, right):
    w.get_by_role("button", name="Aloita alusta").click()
    click_cards(w, sol["order"] if right else list(reversed(sol["order"])))
    w.get_by_role("button", name="Tarkista").click()


def answer_avaus(w, sol, right, q):
    unselect(w)
    click_cards(w, sol["cards"] if right else q["hand"][:2])
    w.get_by_role("button", name="Tarkista").click()


ANSWER = {
    "pisteet": answer_pisteet,
    "kelpaako": answer_kelpaako,
    "lisaa": answer_lisaa,
    "jarjesta": answer_jarjesta,
    "koputus": answer_koputus,
    "nostopakka": answer_nostopakka,
    "avaus": answer_avaus,
}
NEEDS_QUESTION = {"lisaa", "avaus"}

PAGES = {
    "/perusrommi/": ["kelpaako-perusrommi", "lisaa-perusrommi", "pisteet-perusrommi", "nostopakka-perusrommi"],
    "/gin-rommi/": ["kelpaako-gin", "jarjesta-gin", "koputus-gin"],
    "/rommi/": ["kelpaako-rommi", "lisaa-rommi", "pisteet-rommi", "nostopakka-rommi"],
    "/rommi51/": ["kelpaako-rommi51", "avaus-rommi51", "pisteet-rommi51"],
}


def answer(w, data, right):
    kind, sol, q = data["question"]["kind"], data["solution"], data["question"]
    if kind in NEEDS_QUESTION:
        ANSWER[kind](w, sol, right, q)
    else:
        ANSWER[kind](w, sol, right)


@pytest.mark.parametrize("path", sorted(PAGES))
def test_widgets_check_right_and_wrong_answers(shared, server, path):
    page = Page(shared, server, path)
    assert axe(page.page) == [], "before answering"
    page.ready()
    for wid in PAGES[path]:
        w = page.widget(wid)
        data = page.data(wid)
        for right in (True, False):
            reset(w)
            answer(w, data, right)
            verdict, text = result(w)
            assert verdict == ("oikein" if right else "vaarin"), (wid, right, text)
            assert text.startswith("✔" if right else "✘")
            if not right:
                assert len(text) > 30, text  # an explanation, not just "väärin"
        # touch targets: every control of the widget is at least 44 × 44 CSS pixels
        for box in w.locator(".harjoitus-ui button, .harjoitus-napit button, input.vastaus").evaluate_all(
            "els => els.filter(e => e.offsetParent).map(e => [e.textContent, e.getBoundingClientRect().width,"
            " e.getBoundingClientRect().height])"
        ):
            assert box[1] >= 44 and box[2] >= 44, (wid, box)
    assert axe(page.page) == [], "after answering"
    page.close()


def test_every_kind_has_a_widget():
    kinds = {wid.split("-")[0] for ids in PAGES.values() for wid in ids}
    assert kinds == set(ANSWER)


def test_no_serious_accessibility_violations_on_any_page(browser, server, site):
    page = Page(browser.new_context(), server, "/", own=True)
    rels = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    paths = ["/" if rel == "." else f"/{rel}/" for rel in rels]
    assert len(paths) >= 6
    for path in paths:
        page.page.goto(server + path)
        assert axe(page.page) == [], path
    page.page.keyboard.press("/")  # Material's search dialog, open
    expect(page.page.locator(".md-search__input")).to_be_focused()
    page.page.wait_for_timeout(1000)  # its fade-in (axe would measure a half-transparent text)
    assert axe(page.page) == [], "search"
    page.close()


def test_instant_navigation_on_a_host_the_sitemap_does_not_name(browser, server, site):
    """The server here is not site_url's address (another port) and serves sitemap.xml as built:
    page changes still swap the page in (one document, one engine), the theme's instant navigation
    reading the sitemap for the address the site is served from."""
    from urllib.request import urlopen

    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert server not in sitemap
    assert urlopen(server + "/sitemap.xml").read().decode() == sitemap  # served as it is
    page = Page(browser.new_context(viewport={"width": 1280, "height": 900}), server, "/perusrommi/", own=True)
    p = page.page
    p.evaluate("window.sameDocument = true")
    assert page.ready()["starts"] == 1
    # the theme has read its sitemap (until then a click is an ordinary page load)
    p.wait_for_function("performance.getEntriesByType('resource').some((e) => e.name.endsWith('/sitemap.xml'))")
    for target in ["/sanasto/", "/rommi/", "/"]:
        title = p.title()
        p.evaluate(
            "(t) => [...document.querySelectorAll('a.md-nav__link')]"
            ".find((a) => new URL(a.href).pathname === t).click()",
            target,
        )
        p.wait_for_url(f"**{target}")
        p.wait_for_function("(t) => document.title !== t", arg=title)  # the new page is in
    assert p.evaluate("window.sameDocument") is True  # no page was loaded in whole
    assert p.evaluate("window.rommikirjaStarts") == 1
    page.close()


def test_page_is_readable_and_printable_without_javascript(browser, server):
    page = Page(browser.new_context(java_script_enabled=False), server, "/perusrommi/", own=True)
    p = page.page
    assert p.locator("h1").inner_text().startswith("Perusrommi")
    boxes = p.locator("details.example")  # example boxes are folded and open without scripts
    assert boxes.count() > 30
    boxes.first.locator("summary").click()
    expect(boxes.first).to_have_attribute("open", "")
    expect(boxes.first.locator(".lahde")).to_be_visible()
    static = p.locator("#pisteet-perusrommi .harjoitus-staattinen")
    expect(static).to_be_visible()
    assert "Montako pistettä" in static.inner_text()
    static.locator("summary").click()
    assert "pistettä" in static.locator("details").inner_text()
    p.emulate_media(media="print")
    printed = p.locator("#pisteet-perusrommi .harjoitus-tuloste")
    expect(printed).to_be_visible()
    for chrome in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer"):
        expect(p.locator(chrome)).to_be_hidden()  # no site chrome on paper
    expect(boxes.first.locator(".lahde")).to_be_visible()  # the examples print
    assert "Ratkaisu" in printed.inner_text() and "pistettä" in printed.inner_text()
    page.close()


def test_engine_waits_for_the_reader_and_never_starts_on_scroll_with_save_data(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    ctx.add_init_script(
        "Object.defineProperty(navigator, 'connection', "
        "{ get: () => ({ saveData: true, effectiveType: '4g', type: 'cellular' }) });"
    )
    page = Page(ctx, server, "/gin-rommi/", own=True)
    p = page.page
    w = p.locator("#jarjesta-gin")
    expect(w.locator(".harjoitus-ui button.kortti")).to_have_count(10)  # rendered before any start
    w.scroll_into_view_if_needed()
    w.hover()
    p.wait_for_timeout(1500)
    assert w.get_attribute("data-engine") == "idle"
    assert p.evaluate("window.rommikirjaStarts") is None
    w.locator(".harjoitus-ui button.kortti").first.click()  # the first interaction
    expect(w).to_have_attribute("data-engine", re.compile("loading|ready"))
    expect(w.locator(".harjoitus-tila")).to_contain_text(re.compile(r"Mt|käynnistetään|valmis"), timeout=20_000)
    page.close()


def test_one_engine_per_visit_across_page_changes(shared, server):
    page = Page(shared, server, "/perusrommi/")
    page.ready()
    p = page.page
    assert p.evaluate("window.rommikirjaStarts") == 1
    for target in ("gin-rommi/", "rommi51/", "sanasto/", "rommi/"):
        p.evaluate(f"document.querySelector(\"a.md-nav__link[href$='/{target}']\").click()")
        p.wait_for_url(f"**/{target}")
        p.wait_for_function("document.title && !document.querySelector('#kelpaako-perusrommi')")
    p.wait_for_selector("#lisaa-rommi .harjoitus-ui button.kortti")
    assert p.evaluate("window.rommikirjaStarts") == 1, "a page change started a new engine"
    w = page.widget("lisaa-rommi")
    data = page.data("lisaa-rommi")
    answer(w, data, True)
    assert result(w)[0] == "oikein"
    assert p.evaluate("window.rommikirjaStarts") == 1
    # a skip link leads to the first widget (a fresh load: Tab starts from the top)
    p.goto(server + "/rommi/")
    p.keyboard.press("Tab")
    p.keyboard.press("Tab")
    assert p.evaluate("document.activeElement.textContent") == "Siirry harjoituksiin"
    p.keyboard.press("Enter")
    first = p.evaluate("document.querySelector('.harjoitus').id")
    assert first.endswith("-rommi") and p.evaluate("document.activeElement.id") == first
    page.close()


def test_new_hand_seed_focus_and_shared_link(shared, server):
    page = Page(shared, server, "/perusrommi/")
    page.ready()
    w = page.widget("kelpaako-perusrommi")
    w.get_by_role("button", name="Uusi käsi").click()
    page.page.wait_for_function("location.search.includes('kelpaako-perusrommi=')")
    expect(w.locator(".harjoitus-ui .harjoitus-kysymys button.md-button").first).to_be_visible()
    # focus moved to the new question
    assert page.page.evaluate("document.activeElement.classList.contains('harjoitus-kysymys')")
    shown = w.locator(".harjoitus-ui .kortti").all_inner_texts()
    url = page.page.url
    page.close()
    # a shared link: "Jaetaan kättä …" until dealt, never the default hand's solution
    again = Page(shared, server, url.split(server)[1])
    w2 = again.widget("kelpaako-perusrommi")
    seed = url.split("kelpaako-perusrommi=")[1].split("&")[0]
    default = again.data("kelpaako-perusrommi")["solution"]["lines"][0]
    if w2.get_attribute("data-loading"):
        assert f"Jaetaan kättä numero {seed}" in w2.inner_text()
    assert default not in w2.locator(".harjoitus-ui, .harjoitus-palaute, .harjoitus-tuloste").all_inner_texts()
    expect(w2.locator(".harjoitus-staattinen")).to_be_hidden()
    expect(w2.locator(".harjoitus-ui .kortti")).to_have_count(len(shown), timeout=ENGINE_TIMEOUT)
    assert w2.locator(".harjoitus-ui .kortti").all_inner_texts() == shown
    again.close()


def test_invalid_seed_gives_a_finnish_note_and_the_default_hand(shared, server):
    page = Page(shared, server, "/perusrommi/?kelpaako-perusrommi=abc&pisteet-perusrommi=1e400")
    for wid in ("kelpaako-perusrommi", "pisteet-perusrommi"):
        w = page.widget(wid)
        note = w.locator(".harjoitus-huomio")
        expect(note).to_be_visible()
        assert "ei kelpaa" in note.inner_text() and "oletuskäsi" in note.inner_text()
        assert w.get_attribute("data-seed") == str(page.data(wid)["question"]["seed"])
        assert "Error" not in w.inner_text()
        w.get_by_role("button", name="Näytä ratkaisu").click()
        assert page.data(wid)["solution"]["lines"][0] in w.locator(".harjoitus-palaute").inner_text()
    page.close()


def test_points_house_rule_survives_a_new_hand(shared, server):
    page = Page(shared, server, "/perusrommi/")
    page.ready()
    w = page.widget("pisteet-perusrommi")
    data = page.data("pisteet-perusrommi")
    q, sol = data["question"], data["solution"]
    if not q["rules"].get("rummy_doubling"):
        pytest.skip("the shipped perusrommi has no rummy doubling: nothing to toggle")
    assert q["rummy"], "the default hand is a rummy, so the house rule changes the answer"
    w.locator("input.ei-tuplausta").check()
    answer_pisteet(w, {"points": sol["points"] // 2}, True)
    verdict, text = result(w)
    assert verdict == "oikein", text
    reset(w)
    answer_pisteet(w, {"points": sol["points"]}, True)  # the doubled figure is now wrong
    verdict, text = result(w)
    assert verdict == "vaarin" and "liian suuri" in text and "ei näillä säännöillä kaksinkertaista" in text
    w.locator("input.vastaus").fill("2.5")  # no browser bubble: the engine explains
    reset(w)
    w.get_by_role("button", name="Tarkista").click()
    assert "kokonaisluku" in result(w)[1]
    w.get_by_role("button", name="Uusi käsi").click()
    expect(w.locator("input.ei-tuplausta")).to_be_checked(timeout=ENGINE_TIMEOUT)
    page.close()


def test_stock_widget_keeps_focus_and_prints_answers_without_controls(shared, server):
    page = Page(shared, server, "/perusrommi/")
    w = page.widget("nostopakka-perusrommi")
    first = w.locator(".harjoitus-ui button.kortti").first
    first.focus()
    page.page.keyboard.press("Enter")
    inside = "el => el.contains(document.activeElement) && document.activeElement !== document.body"
    assert w.evaluate(inside)
    page.page.keyboard.press("Enter")
    assert w.evaluate(inside)
    # print: the question and its worked answer, no controls
    page.page.emulate_media(media="print")
    for wid in PAGES["/perusrommi/"]:
        pw = page.page.locator(f"#{wid}")
        assert pw.locator("button.md-button:visible, input:visible, .harjoitus-tila:visible").count() == 0, wid
        # nor how to use the controls ("paina ”Tarkista”", "Napauta kortteja ...")
        assert not re.search(r"\b(paina|napauta|valitse)\b", pw.inner_text(), re.I), (wid, pw.inner_text())
        printed = pw.locator(".harjoitus-tuloste:visible")
        expect(printed).to_be_visible()
        assert page.data(wid)["solution"]["lines"][0] in printed.inner_text()
        expect(pw.locator(".harjoitus-ui .kortti").first).to_be_visible()
    page.page.emulate_media(media="screen")
    page.close()


def test_two_decks_same_card_are_told_apart(shared, server):
    page = Page(shared, server, "/rommi51/")
    labels = page.page.evaluate("""() => [...document.querySelectorAll('#avaus-rommi51 .harjoitus-ui button.kortti,'
        + '#kelpaako-rommi51 .harjoitus-ui .kortti')].map(b => [b.dataset.code || '', b.textContent,
        b.getAttribute('aria-label')])""")
    for _, text, name in labels:
        assert name.startswith(text.replace("¹", "").replace("²", "")[:2]), (text, name)  # name has the text
    codes = {code for code, _, _ in labels}
    for code, text, name in labels:
        if code.endswith("'") and code[:-1] in codes:
            assert "²" in text and "2. pakka" in name
    page.close()
