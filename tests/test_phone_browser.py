"""The site on a phone (360 px wide, Chromium via Playwright): the Pelaa set-up form fits the screen
for every game, hidden widget buttons stay hidden, and Pelaa's feedback and the computer's moves
are seen next to the hand, not under the sticky action bar or below the fold."""

from __future__ import annotations

import pytest

from test_browser import ENGINE_TIMEOUT, Page, browser, server  # noqa: F401  (fixtures)
from test_play_browser import ROOT_JS, idle

PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def phone(browser):  # noqa: F811
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    yield ctx
    ctx.close()


def overflow(page):
    """How far the page is wider than the phone (a mobile browser widens its layout viewport, and so
    window.innerWidth, to fit wide content: compare with the device's width)."""
    return page.evaluate("document.documentElement.scrollWidth") - PHONE["width"]


def test_setup_form_fits_a_phone_for_every_game(phone, server):  # noqa: F811
    p = Page(phone, server, "/pelaa/")
    page = p.page
    page.evaluate("localStorage.clear()")
    page.goto(server + "/pelaa/")
    page.wait_for_function("document.querySelector('.pelaa-asetukset')?.dataset.ready === '1'", timeout=ENGINE_TIMEOUT)
    games = page.eval_on_selector_all("#pelaa-peli option", "os => os.map(o => o.value)")
    assert len(games) >= 4
    for game in games:
        page.evaluate("document.querySelector('.pelaa-asetukset').dataset.ready = ''")
        page.select_option("#pelaa-peli", game)
        page.wait_for_function(
            "document.querySelector('.pelaa-asetukset')?.dataset.ready === '1'", timeout=ENGINE_TIMEOUT
        )
        assert overflow(page) <= 0, f"{game}: the set-up form is wider than the phone"
        # every label of the house rules is shown whole (no text cut at the box's edge)
        cut = page.evaluate(
            """() => [...document.querySelectorAll('.pelaa-kotisaannot label')]
            .filter(l => l.getBoundingClientRect().right > %d + 0.5).map(l => l.textContent)"""
            % PHONE["width"]
        )
        assert cut == [], (game, cut)
    # a checkbox's label tells the value that follows the box, not always the ticked one
    box = page.locator(".pelaa-kotisaannot input[type='checkbox']").first
    label = page.locator(f"label[for='{box.get_attribute('id')}']")
    before = label.inner_text()
    box.click()
    assert label.inner_text() != before
    box.click()
    assert label.inner_text() == before
    p.close()


def test_retry_button_is_hidden_until_the_engine_fails(phone, server):  # noqa: F811
    """The widgets' "Yritä uudelleen" is for an engine that failed to start: hidden before that
    (the theme's .md-button display must not override the hidden attribute)."""
    p = Page(phone, server, "/rommi51/")
    page = p.page
    page.wait_for_selector(".harjoitus .harjoitus-uudelleen", state="attached", timeout=ENGINE_TIMEOUT)
    retry = page.locator(".harjoitus .harjoitus-uudelleen")
    assert retry.count() >= 1
    for i in range(retry.count()):
        assert retry.nth(i).get_attribute("hidden") is not None
        assert not retry.nth(i).is_visible()
    p.close()


def _within_screen_above_bar(page, selector):
    """The element's box is on the screen and not under the sticky action bar."""
    return page.evaluate(
        """(sel) => {
        const box = document.querySelector(sel).getBoundingClientRect();
        const bar = document.querySelector('.pelaa-toiminnot').getBoundingClientRect();
        return [box.top >= 0, box.bottom <= Math.min(bar.top, window.innerHeight) + 1, box.height > 0];
    }""",
        selector,
    )


def test_pelaa_on_a_phone_shows_the_computers_moves_and_refusals(phone, server):  # noqa: F811
    p = Page(phone, server, "/pelaa/")
    page = p.page
    page.evaluate("localStorage.clear()")
    page.goto(server + "/pelaa/?peli=perusrommi&siemen=5&taso=aloittelija")
    page.wait_for_function(f"{ROOT_JS}.dataset.phase && {ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)
    # a refused move: the reason is on the screen, not under the action bar
    page.locator("button[data-action='draw_stock']").click()
    idle(page)
    assert page.evaluate("document.activeElement.closest('.pelaa-toiminnot') !== null"), "focus left the toolbar"
    cards = page.locator(".pelaa-kasi button.kortti")
    cards.nth(0).click()
    cards.nth(1).click()
    page.locator("button[data-action='meld']").click()
    idle(page)
    assert page.evaluate(f"{ROOT_JS}.dataset.refused") == "too_short"
    assert _within_screen_above_bar(page, ".pelaa-palaute") == [True, True, True]
    # the reader discards; the computer's moves are summed up next to the hand, on the screen
    cards.nth(1).click()
    page.locator("button[data-action='discard']").click()
    idle(page)
    summary = page.locator(".pelaa-viimeksi")
    assert summary.is_visible()
    assert "Vastustajan siirrot:" in summary.inner_text()
    assert page.locator(".pelaa-viimeksi-alue").get_attribute("aria-live") == "polite"
    assert _within_screen_above_bar(page, ".pelaa-viimeksi") == [True, True, True]
    p.close()


def test_wide_tables_show_that_they_scroll(phone, server):  # noqa: F811
    """Every table wider than the phone has a scroll cue (edge shadows whose covers move with the
    content); the page itself never scrolls sideways."""
    p = Page(phone, server, "/sanasto/")
    page = p.page
    found = 0
    for path in ("/sanasto/", "/rommi/"):
        page.goto(server + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert overflow(page) <= 0, path
        wraps = page.evaluate("""() => [...document.querySelectorAll('.md-typeset__scrollwrap')]
            .filter(w => w.scrollWidth > w.clientWidth + 1)
            .map(w => [getComputedStyle(w).backgroundImage, getComputedStyle(w).backgroundAttachment])""")
        for image, attachment in wraps:
            assert image.count("gradient") >= 4 and "local" in attachment and "scroll" in attachment, (path, image)
        found += len(wraps)
    assert found, "no wide table to check (the glossary's card names table is wide on a phone)"
    p.close()


def test_back_to_top_button_never_covers_cards(phone, server):  # noqa: F811
    """Material's "back to top" button appears when the reader scrolls up; on a phone it would sit
    over the cards at the top of the screen. Scrolled up to a widget's cards, no card is under it."""
    p = Page(phone, server, "/perusrommi/")
    page = p.page
    for wid in ("lisaa-perusrommi", "nostopakka-perusrommi"):
        card = page.locator(f"#{wid} .harjoitus-ui button.kortti").first
        card.wait_for()
        y = page.evaluate("el => el.getBoundingClientRect().top + window.scrollY", card.element_handle())
        page.evaluate("y => window.scrollTo(0, y)", y + 600)
        page.wait_for_timeout(300)
        for step in range(6):  # scrolling up, as a reader does, until the cards are near the top
            page.evaluate("y => window.scrollTo(0, y)", y + 600 - 110 * (step + 1))
            page.wait_for_timeout(120)
        page.wait_for_timeout(400)
        top = page.locator(".md-top")
        # shown: in the layout, without Material's `hidden` (which only fades it out)
        shown = top.count() and top.evaluate(
            "el => !el.hidden && getComputedStyle(el).display !== 'none' && getComputedStyle(el).opacity !== '0'"
        )
        box = top.bounding_box() if shown else None
        cards = page.evaluate(
            """() => [...document.querySelectorAll('button.kortti')].map(b => b.getBoundingClientRect())
                .filter(r => r.bottom > 0 && r.top < innerHeight).map(r => [r.left, r.top, r.right, r.bottom])"""
        )
        assert cards, wid
        if box:
            left, top_, right, bottom = box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]
            covered = [c for c in cards if c[0] < right and c[2] > left and c[1] < bottom and c[3] > top_]
            assert covered == [], (wid, box, covered)
    p.close()
