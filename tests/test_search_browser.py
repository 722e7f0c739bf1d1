"""Finnish search in Material's search dialog, in Debian's Chromium (the built site, served with its
precompressed copies).

The queries are tests/search_queries.yaml's fixed subset (``subset: true``), read from the dialog's
result list the way tools/bench_search.py reads it (the figures for the whole set come from the
bench; this test keeps a floor so search cannot silently break). Also: keyboard only, on a phone,
offline, what the result list shows (marked words, missing words, axe), and the page highlight
after a result.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_browser import axe, browser, server  # noqa: F401  (fixtures)
from tools.bench_search import ask, load_queries, open_search
from tools.siteserver import SiteServer

RESULT = ".md-search-result__list"


@pytest.fixture
def page(browser):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    p = ctx.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield p
    ctx.close()
    assert errors == []


def test_the_fixed_subset_finds_its_sections(page, server):  # noqa: F811
    subset = [(cls, item) for cls, items in load_queries().items() for item in items if item.get("subset")]
    assert len(subset) >= 20 and {cls for cls, _ in subset} == set(load_queries())
    open_search(page, server)
    best = top3 = 0
    misses = []
    for cls, item in subset:
        sections, _ = ask(page, server, item["q"])
        assert sections, f"{item['q']}: ei tuloksia"
        expected = set(item["expect"])
        best += sections[0] in expected
        top3 += bool(expected & set(sections[:3]))
        if sections[0] not in expected:
            misses.append(f"{item['q']} -> {sections[:3]}")
    assert best >= 0.8 * len(subset), misses
    assert top3 >= 0.9 * len(subset), misses


def test_keyboard_only_from_a_question_to_the_rule_with_its_words_highlighted(page, server):  # noqa: F811
    page.goto(server + "/")
    page.keyboard.press("s")
    expect(page.locator("[data-md-component=search-query]")).to_be_focused()
    page.keyboard.type("mitä tapahtuu kun nostopakka loppuu")
    expect(page.locator(f"{RESULT} a.md-search-result__link").first).to_be_visible()
    first = page.locator(f"{RESULT} a.md-search-result__link[href*='#']").first
    # The list first shows the results of a partly typed question; wait for the whole one's.
    expect(first).to_have_attribute("href", re.compile("#kun-nostopakka"))
    href = first.get_attribute("href")
    page.keyboard.press("ArrowDown")  # the page of the first result
    page.keyboard.press("ArrowDown")  # its best section
    page.keyboard.press("Enter")
    page.wait_for_url("**#kun-nostopakka-*")
    assert page.url.split("?")[0] == href.split("?")[0]
    expect(page.locator("mark[data-md-highlight]").first).to_be_visible()


def test_result_list_marks_the_matched_forms_and_names_the_missing_word(page, server):  # noqa: F811
    open_search(page, server)
    sections, _ = ask(page, server, "jokkerilla zqxv")
    assert sections[0] == "rommi51/#jokerit"
    first = page.locator(f"{RESULT} a.md-search-result__link[href*='#']").first
    marked = [m.lower() for m in first.locator("mark").all_inner_texts()]
    assert marked and all(m.startswith("joker") for m in marked), marked
    assert first.locator(".md-search-result__terms del").all_inner_texts() == ["zqxv"]
    sections, _ = ask(page, server, "xyzzyq")
    assert sections == []
    expect(page.locator(".md-search-result__meta")).to_have_text("Ei täsmääviä dokumentteja")  # Material's Finnish


def test_search_on_a_phone(browser, server):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    p = ctx.new_page()
    p.goto(server + "/perusrommi/")
    p.locator("header label[for=__search]").first.tap()
    box = p.locator("[data-md-component=search-query]")
    expect(box).to_be_focused()
    box.type("knock")
    link = p.locator(f"{RESULT} a.md-search-result__link[href*='#koputus']").first
    expect(link).to_be_in_viewport()
    ctx.close()


def test_search_works_offline_after_one_visit(browser, site):  # noqa: F811
    """The service worker precaches the index, the worker and its stemmer: with the server gone, the
    dialog still answers on another page."""
    srv = SiteServer(site, compress=True)
    base = srv.base
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        p = ctx.new_page()
        p.goto(base + "/perusrommi/")  # a page with practice widgets registers the service worker
        p.wait_for_function(
            """async () => {
            await navigator.serviceWorker.ready
            for (const key of await caches.keys()) {
                const cache = await caches.open(key)
                if (await cache.match(new URL("search/search_index.json", location.href).href)
                    && await cache.match(new URL("assets/haku-worker.js", location.href).href)) return true
            }
            return false
        }""",
            polling=200,
            timeout=60_000,
        )
        srv.stop()
        p.goto(base + "/rommi51/")
        open_search(p, base)
        sections, _ = ask(p, base, "jokkerilla")
        assert sections[0] == "rommi51/#jokerit"
        ctx.close()
    finally:
        srv.stop()


def test_search_dialog_with_results_has_no_serious_accessibility_violations(page, server):  # noqa: F811
    open_search(page, server)
    ask(page, server, "koputtamalla")
    page.wait_for_timeout(500)  # the dialog's fade-in
    assert axe(page) == []
