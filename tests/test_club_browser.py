"""A club's generated game pages in a real browser (issue 20): the copy that
``tests/test_club_site.py`` builds by following the README's club section (the session fixture ``club``:
two presets, no scenario of their own), as published, served on 127.0.0.1. On each club page every
practice widget answers a right and a wrong answer under Pyodide, and the Opetusjako is completed
by following its prompts (``tests/test_opetus_browser.py``'s driver); on Pelaa each club game
starts and takes the reader's first move; axe finds no serious violation on the club's pages and
those that list its games, and none is wider than the phone. One Chromium, one browsing context
(the engine's snapshot carries over between pages)."""

from __future__ import annotations

import re

import pytest

from test_browser import Page, answer, axe, browser, reset, result  # noqa: F401  (fixtures)
from test_club_site import CLUB_GAMES
from test_opetus_browser import follow_the_prompts
from test_play_browser import ROOT_JS, idle, open_game

from tools.siteserver import SiteServer


@pytest.fixture(scope="module")
def club_server(club):
    with SiteServer(club.published, compress=True) as base:
        yield base


@pytest.fixture(scope="module")
def phone(browser):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    yield ctx
    ctx.close()


def _widgets(club, name: str) -> list[str]:
    return re.findall(r'<div class="harjoitus" id="([\w-]+)" data-kind="\w+"', club.page(name))


@pytest.mark.parametrize("name", CLUB_GAMES)
def test_a_club_pages_widgets_check_right_and_wrong_answers(phone, club_server, club, name):
    wids = _widgets(club, name)
    assert len(wids) >= 3
    p = Page(phone, club_server, f"/{name}/")
    p.ready()
    for wid in wids:
        w = p.widget(wid)
        data = p.data(wid)
        for right in (True, False):
            reset(w)
            answer(w, data, right)
            verdict, text = result(w)
            assert verdict == ("oikein" if right else "vaarin"), (wid, right, text)
            assert text.startswith("✔" if right else "✘")
    p.close()


@pytest.mark.parametrize("name", CLUB_GAMES)
def test_a_club_pages_guided_deal_is_completed_by_following_its_prompts(phone, club_server, name):
    p = Page(phone, club_server, f"/{name}/")
    follow_the_prompts(p, name)
    p.close()


@pytest.mark.parametrize("name", CLUB_GAMES)
def test_a_club_game_starts_on_pelaa(phone, club_server, name):
    p = Page(phone, club_server, "/pelaa/")
    page = p.page
    page.evaluate("localStorage.clear()")
    open_game(p, f"peli={name}&siemen=5&taso=aloittelija")
    assert page.evaluate(f"{ROOT_JS}.dataset.game") == name
    assert page.locator(".pelaa-pelaajat li").count() == 2
    hand = page.locator(".pelaa-kasi button.kortti").count()
    page.locator("button[data-action='hint']").click()
    idle(page)
    action = page.evaluate(f"{ROOT_JS}.dataset.hintAction")
    assert action
    page.locator(f"button[data-action='{action}']").click()
    idle(page)
    assert page.evaluate(f"{ROOT_JS}.dataset.refused || ''") == ""
    assert page.locator(".pelaa-kasi button.kortti").count() == hand + 1  # the first move draws a card
    p.close()


def test_the_club_pages_pass_axe_and_fit_a_phone(phone, club_server):
    """The pages a club's data changes most (its games' own, and the front page and Pelaa that list
    them), the part of tests/test_browser.py's every-page axe check the copy's own run leaves out
    (tests/test_club_site.py's ``test_dev_test_passes_in_the_club_copy``)."""
    p = Page(phone, club_server, "/")
    for path in ["/", *(f"/{name}/" for name in CLUB_GAMES), "/pelaa/"]:
        p.page.goto(club_server + path)
        assert axe(p.page) == [], path
        assert p.page.evaluate("document.documentElement.scrollWidth") <= p.page.viewport_size["width"], path
    p.close()
