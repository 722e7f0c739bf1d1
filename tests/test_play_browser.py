"""The Pelaa page in a real browser (Debian's Chromium via Playwright, the built site on 127.0.0.1):
one complete seeded deal of every game played through the page to the score screen (the reader's
moves are the page's own hints, made with its buttons), one refused illegal move with the engine's
Finnish reason and the rule's link, and an exported position that tools.verify accepts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from test_browser import ENGINE_TIMEOUT, Page, browser, server  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parent.parent
ROOT_JS = "document.getElementById('pelaa')"


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page):
    """Serious and critical violations of every axe-core rule (no tag filter: label-in-name and the
    best practices too) inside the Pelaa widget, or None without axe-core."""
    if not AXE.exists():
        return None
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document.getElementById('pelaa'),
        {resultTypes: ['violations']})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => [v.id, v.nodes.map(n => n.target.join(' '))])""")
    return found


def hand_names(page):
    """Each hand card's (visible text, accessible name)."""
    return page.evaluate("""() => [...document.querySelectorAll('.pelaa-kasi button.kortti')]
        .map(b => [b.textContent, b.getAttribute('aria-label')])""")


def check_hand(page):
    """Every card's name begins with its visible text, and no two cards (two decks' copies) look
    or are named the same."""
    cards = hand_names(page)
    for text, name in cards:
        assert name.startswith(text + " ("), (text, name)
    assert len({t for t, _ in cards}) == len(cards), cards
    assert len({n for _, n in cards}) == len(cards), cards


def first_move(page):
    """The first usable action button's data-action."""
    return page.evaluate("document.querySelector('.pelaa-toiminnot button:not([disabled])').dataset.action")


def focused(page):
    """The focused element's data-action or id, and whether it is on the screen."""
    return page.evaluate("""() => { const a = document.activeElement; const r = a.getBoundingClientRect();
        return [a.dataset.action || a.id || a.tagName, r.bottom > 0 && r.top < innerHeight]; }""")


def idle(page):
    page.wait_for_function(f"{ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)


def open_game(p, query):
    p.page.goto(p.server + "/pelaa/?" + query)
    p.page.wait_for_function(f"{ROOT_JS}.dataset.phase && {ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)


def play_to_score(page, limit=400):
    for _ in range(limit):
        if page.evaluate(f"{ROOT_JS}.dataset.phase") == "over":
            return
        check_hand(page)
        page.locator("button[data-action='hint']").click()
        idle(page)
        action = page.evaluate(f"{ROOT_JS}.dataset.hintAction")
        assert action, "no hint"
        page.locator(f"button[data-action='{action}']").click()
        idle(page)
        if page.locator(".pelaa-levitys").count():  # gin's knock: the offered arrangement accepted
            page.locator(".pelaa-levitys button[type='submit']").click()
            idle(page)
        assert page.evaluate(f"{ROOT_JS}.dataset.refused || ''") == ""
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(
    "game, query",
    [
        ("gin", "peli=gin&siemen=12&taso=taitava"),
        ("perusrommi", "peli=perusrommi&siemen=5&taso=aloittelija"),
        ("rommi", "peli=rommi&siemen=8&taso=taitava,aloittelija"),
        ("rommi51", "peli=rommi51&siemen=3&taso=aloittelija,taitava,aloittelija"),
    ],
)
def test_play_a_whole_deal(browser, server, game, query):  # noqa: F811
    p = Page(browser, server, "/pelaa/")
    p.page.evaluate("localStorage.clear()")
    open_game(p, query)
    page = p.page
    assert page.evaluate(f"{ROOT_JS}.dataset.game") == game
    players = len(query.split("taso=")[1].split(",")) + 1
    assert page.locator(".pelaa-pelaajat li").count() == players
    if game == "perusrommi":
        # an illegal move: two cards are no meld; the engine refuses it and links the rule
        page.locator("button[data-action='draw_stock']").click()
        idle(page)
        cards = page.locator(".pelaa-kasi button.kortti")
        cards.nth(0).click()
        cards.nth(1).click()
        page.locator("button[data-action='meld']").click()
        idle(page)
        assert page.evaluate(f"{ROOT_JS}.dataset.refused") == "too_short"
        feedback = page.locator(".pelaa-palaute").inner_text()
        assert "yhdistelmässä on oltava vähintään kolme korttia, tässä on kaksi." in feedback.lower()
        assert page.locator(".pelaa-palaute a").get_attribute("href").endswith("/perusrommi/#yhdistelmat")
    assert axe_violations(page) in (None, [])
    play_to_score(page)
    assert axe_violations(page) in (None, [])
    result = page.locator(".pelaa-tulos")
    assert result.is_visible()
    assert "Jako päättyi" in result.inner_text()
    assert result.locator("tbody tr").count() == players
    assert page.locator(".pelaa-kertomus li").count() > 0  # the computer's moves narrated
    # "Näytä jako": the replay steps through the deal
    page.locator("button[data-action='replay']").click()
    idle(page)
    first = page.locator(".pelaa-kertaus").inner_text()
    page.locator("button[data-action='replay-next']").click()
    assert page.locator(".pelaa-kertaus").inner_text() != first
    if page.locator("button[data-action='next-deal']").count():
        # "Seuraava jako": the focus goes to the new deal's first move, on the screen
        page.locator("button[data-action='next-deal']").click()
        idle(page)
        assert focused(page) == [first_move(page), True]
    p.close()


def test_setup_form_offers_house_rules_and_is_accessible(browser, server):  # noqa: F811
    p = Page(browser, server, "/pelaa/")
    p.page.evaluate("localStorage.clear()")
    p.page.goto(p.server + "/pelaa/")
    page = p.page
    page.wait_for_function(
        "document.querySelector('.pelaa-asetukset') && "
        "document.querySelector('.pelaa-asetukset').dataset.ready === '1'",
        timeout=ENGINE_TIMEOUT,
    )
    page.select_option("#pelaa-peli", "perusrommi")
    page.wait_for_function("document.querySelector('#pelaa-saanto-melds_per_turn')", timeout=ENGINE_TIMEOUT)
    assert focused(page)[0] == "pelaa-peli"  # the form was rebuilt: the focus stays on the game
    page.select_option("#pelaa-vastustajat", "3")
    assert page.locator(".pelaa-tasot select").count() == 3
    page.select_option("#pelaa-saanto-melds_per_turn", "one")
    # "Peli päättyy": the other choice brings its own value field (and takes the other's away)
    end = page.locator("#pelaa-saanto-game_end")
    other = "deals" if end.input_value() == "target" else "target"
    field = {"deals": "#pelaa-saanto-game_deals", "target": "#pelaa-saanto-target_score"}
    page.select_option("#pelaa-saanto-game_end", other)
    page.wait_for_selector(field[other], timeout=ENGINE_TIMEOUT)
    assert page.locator(field["target" if other == "deals" else "deals"]).count() == 0
    assert focused(page)[0] == "pelaa-saanto-game_end"
    assert page.locator("#pelaa-saanto-melds_per_turn").input_value() == "one"  # kept
    page.fill(field[other], "2" if other == "deals" else "150")
    assert axe_violations(page) in (None, [])
    page.fill("#pelaa-siemen", "404")
    page.locator(".pelaa-asetukset button[type='submit']").click()
    page.wait_for_function(f"{ROOT_JS}.dataset.phase && {ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)
    assert "melds_per_turn%3Aone" in page.url and "siemen=404" in page.url
    assert f"game_end%3A{other}" in page.url
    assert ("game_deals%3A2" if other == "deals" else "target_score%3A150") in page.url
    assert focused(page) == [first_move(page), True]  # "Aloita peli": the focus goes to the first move
    assert page.locator(".pelaa-pelaajat li").count() == 4
    rules = page.locator(".pelaa-saannot").inner_text()
    assert "enintään yksi" in rules
    p.close()


def test_export_a_finished_deal_and_verify_it(browser, server, tmp_path):  # noqa: F811
    p = Page(browser, server, "/pelaa/")
    p.page.evaluate("localStorage.clear()")
    open_game(p, "peli=gin&siemen=21&taso=aloittelija")
    page = p.page
    # keyboard: V asks for a hint, the action's letter makes the move
    keys = {"draw_stock": "n", "draw_discard": "o", "pass": "s", "discard": "p", "knock": "k"}
    page.locator("body").press("v")
    idle(page)
    assert "Vihje:" in page.locator(".pelaa-palaute").inner_text()
    before = page.evaluate(f"{ROOT_JS}.dataset.phase")
    page.locator("body").press(keys[page.evaluate(f"{ROOT_JS}.dataset.hintAction")])
    idle(page)
    assert page.evaluate(f"{ROOT_JS}.dataset.phase") != before or page.locator(".pelaa-kertomus li").count()
    for _ in range(4):  # a few moves of the reader's own (the hints), the computer answers
        if page.evaluate(f"{ROOT_JS}.dataset.phase") == "over":
            break
        page.locator("button[data-action='hint']").click()
        idle(page)
        page.locator(f"button[data-action='{page.evaluate(ROOT_JS + '.dataset.hintAction')}']").click()
        idle(page)
    hand = page.locator(".pelaa-kasi").inner_text()
    # an unfinished game survives a reload
    page.reload()
    page.wait_for_function(f"{ROOT_JS}.dataset.phase && {ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)
    assert page.locator(".pelaa-kasi").inner_text() == hand
    if page.evaluate(f"{ROOT_JS}.dataset.phase") != "over":
        assert page.locator("button[data-action='export']").count() == 0  # not offered mid-deal
    play_to_score(page)
    page.locator("button[data-action='export']").click()
    idle(page)
    text = page.locator("#pelaa-vienti").input_value()
    assert text.startswith("# Vie esimerkiksi") and "game: gin" in text and "over: true" in text
    path = tmp_path / "pelattu.yaml"
    path.write_text(text, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tools.verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + text
    p.close()


def _hidden_in_page(page) -> list[str]:
    """Hidden cards (another hand, the stock) that the page's DOM or localStorage names, judged by
    replaying the page's stored state in the engine here."""
    from pelaa_tools import leaks, position

    stored = json.loads(page.evaluate("localStorage.getItem('rommikirja-pelaa')"))
    pos = position(stored)
    assert pos is not None, "the deal is over"
    _, hidden, seen = pos
    assert hidden
    # the game's part of the page (its rule texts aside: they name no card) and everything stored
    dom = page.evaluate("""() => { const root = document.getElementById('pelaa').cloneNode(true);
        root.querySelectorAll('.pelaa-saannot').forEach((e) => e.remove());
        return [root.outerHTML, root.textContent]; }""")
    found = leaks(
        {
            "dom": dom[0],
            "text": dom[1],
            "address": page.url,
            "storage": page.evaluate("Object.fromEntries(Object.entries(localStorage))"),
        },
        hidden,
        seen,
    )
    return found


@pytest.mark.parametrize(
    "query", ["peli=rommi51&siemen=17&taso=taitava,aloittelija", "peli=gin&siemen=40&taso=taitava"]
)
def test_mid_deal_no_export_and_no_hidden_card_in_the_page(browser, server, query):  # noqa: F811
    p = Page(browser, server, "/pelaa/")
    p.page.evaluate("localStorage.clear()")
    open_game(p, query)
    page = p.page
    for turn in range(6):
        if page.evaluate(f"{ROOT_JS}.dataset.phase") == "over":
            break
        assert page.locator("button[data-action='export']").count() == 0
        assert page.locator(".pelaa-vienti").count() == 0
        assert not _hidden_in_page(page), turn
        page.locator("button[data-action='hint']").click()
        idle(page)
        page.locator(f"button[data-action='{page.evaluate(ROOT_JS + '.dataset.hintAction')}']").click()
        idle(page)
    # the engine refuses a mid-deal export even when asked directly
    reply = page.evaluate("""async () => {
        const state = JSON.parse(localStorage.getItem('rommikirja-pelaa'));
        try { await window.rommikirja.call({ op: 'export', state, play: true }); return 'exported'; }
        catch (err) { return err.message; } }""")
    assert reply.startswith("Jaon voi viedä esimerkiksi vasta, kun se on päättynyt"), reply
    p.close()


def test_an_older_copy_of_the_stored_game_is_refused_not_resumed(browser, server):  # noqa: F811
    """Truncating the moves is no undo: the page keeps the furthest position apart from the state."""
    p = Page(browser, server, "/pelaa/")
    p.page.evaluate("localStorage.clear()")
    open_game(p, "peli=perusrommi&siemen=5&taso=aloittelija")
    page = p.page
    older = page.evaluate("localStorage.getItem('rommikirja-pelaa')")
    for _ in range(3):
        page.locator("button[data-action='hint']").click()
        idle(page)
        page.locator(f"button[data-action='{page.evaluate(ROOT_JS + '.dataset.hintAction')}']").click()
        idle(page)
    assert page.evaluate("localStorage.getItem('rommikirja-pelaa')") != older
    page.evaluate("(s) => localStorage.setItem('rommikirja-pelaa', s)", older)
    page.reload()
    page.wait_for_function(
        "document.querySelector('.pelaa-asetukset') && "
        "document.querySelector('.pelaa-asetukset').dataset.ready === '1'",
        timeout=ENGINE_TIMEOUT,
    )
    status = page.locator(".pelaa-tila").inner_text()
    assert status.startswith("Tallennettua peliä ei voitu jatkaa: ") and "siirtoja ei voi perua" in status, status
    assert page.locator(".pelaa-poyta").is_hidden()
    p.close()


def test_widgets_and_pelaa_share_one_engine(browser, server):  # noqa: F811
    """Game page → a widget answered → Pelaa (instant navigation) → one move → back: one Pyodide start."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    p = Page(ctx, server, "/perusrommi/", own=True)
    page = p.page
    page.evaluate("localStorage.clear(); window.sameDocument = true")
    assert p.ready()["starts"] == 1
    w = p.widget("kelpaako-perusrommi")
    w.get_by_role("button", name="Kelpaa", exact=True).click()
    page.wait_for_function("el => el.dataset.result", arg=w.element_handle(), timeout=ENGINE_TIMEOUT)
    page.evaluate("document.querySelector(\"a.md-nav__link[href$='/pelaa/']\").click()")
    page.wait_for_url("**/pelaa/")
    page.wait_for_function(
        "document.querySelector('.pelaa-asetukset') && "
        "document.querySelector('.pelaa-asetukset').dataset.ready === '1'",
        timeout=ENGINE_TIMEOUT,
    )
    page.select_option("#pelaa-peli", "perusrommi")
    page.wait_for_function("document.querySelector('#pelaa-saanto-melds_per_turn')", timeout=ENGINE_TIMEOUT)
    page.fill("#pelaa-siemen", "77")
    page.locator(".pelaa-asetukset button[type='submit']").click()
    page.wait_for_function(f"{ROOT_JS}.dataset.phase && {ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)
    assert page.evaluate(f"{ROOT_JS}.dataset.game") == "perusrommi"
    count = page.locator(".pelaa-kasi button.kortti").count()
    page.locator("button[data-action='draw_stock']").click()  # a move: the reader draws
    idle(page)
    assert page.locator(".pelaa-kasi button.kortti").count() == count + 1
    page.go_back()
    page.wait_for_url("**/perusrommi/")
    w = p.widget("kelpaako-perusrommi")
    page.wait_for_selector("#kelpaako-perusrommi .harjoitus-ui button.md-button")
    w.get_by_role("button", name="Ei kelpaa", exact=True).click()
    page.wait_for_function("el => el.dataset.result", arg=w.element_handle(), timeout=ENGINE_TIMEOUT)
    assert page.evaluate("window.rommikirjaStarts") == 1, "Pelaa or a page change started a second engine"
    assert page.evaluate("window.sameDocument") is True  # instant navigation: no page load
    p.close()


KALLE = [
    "Kalle",
    "Kallen",
    "Kallea",
    "Kalleen",
    "Kallessa",
    "Kallesta",
    "Kallelle",
    "Kallella",
    "Kallelta",
    "Kallena",
    "Kalleksi",
]


def test_club_names_reach_the_pages_engine(browser, server):  # noqa: F811
    """The site's data/names.json (here a club's Kalle, served in place of the built file) is registered
    in the page's engine at its start: Pelaa's narration declines the club's name."""
    import json

    ctx = browser.new_context(service_workers="block")  # the route below sees every request
    ctx.route(
        "**/data/names.json",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps({"names": {"Kalle": KALLE}})
        ),
    )
    p = Page(ctx, server, "/pelaa/", own=True)
    page = p.page
    page.evaluate("localStorage.clear()")
    page.wait_for_function("window.rommikirjaEngine && window.rommikirjaEngine.readyMs", timeout=ENGINE_TIMEOUT)
    assert page.evaluate("window.rommikirjaEngine.clubNames") == 1
    reason = page.evaluate("""async () => {
        const games = JSON.parse(document.getElementById('pelaa').dataset.games);
        const call = (req) => window.rommikirja.call({ ...req, play: true }).then((r) => r.result);
        const game = await call({ op: "new", rules: games.perusrommi.rules, players: 2, levels: ["taitava"],
                                  names: ["Kalle", "Aino"], seed: "3" });
        const drawn = await call({ op: "move", state: game.state, move: { draw: "stock" } });
        const missing = ["AS", "AH", "AD", "AC", "KS"].find((c) => !drawn.view.hand.includes(c));
        const refused = await call({ op: "move", state: drawn.state, move: { discard: missing } });
        return refused.refused.reason;
    }""")
    assert reason.startswith("Kallen kädessä ei ole "), reason
    p.close()


def test_the_pages_engine_accepts_a_state_made_here_and_refuses_it_tampered(browser, server):  # noqa: F811
    """The same replay in both runtimes: a game played here (CPython, own rule set) replays in the
    page's engine (Pyodide) to the same check; with its levels changed it is refused in Finnish."""
    from pelaa_tools import call, new_game, play

    r = play(new_game("gin", 2, "5"), "end")
    r = play(call(op="next_deal", state=r["state"]), 3)
    state = r["state"]
    p = Page(browser, server, "/pelaa/")
    page = p.page
    page.wait_for_function("window.rommikirjaEngine && window.rommikirjaEngine.readyMs", timeout=ENGINE_TIMEOUT)
    ask = """async (req) => { try { return (await window.rommikirja.call({ ...req, play: true })).result; }
                              catch (err) { return err.message; } }"""
    there = page.evaluate(ask, {"op": "view", "state": state, "seen": state["check"]})
    assert there["state"] == state and there["view"]["hand"] == r["view"]["hand"]
    refused = page.evaluate(ask, {"op": "view", "state": {**state, "levels": ["aloittelija"]}})
    assert refused.startswith("Pelin tila ei vastaa aloitettua peliä: "), refused
    p.close()


def test_a_shared_link_does_not_silently_replace_a_game_in_progress(browser, server):  # noqa: F811
    p = Page(browser, server, "/pelaa/")
    p.page.evaluate("localStorage.clear()")
    open_game(p, "peli=perusrommi&siemen=5&taso=aloittelija")
    page = p.page
    page.locator("button[data-action='draw_stock']").click()
    idle(page)
    hand = page.locator(".pelaa-kasi").inner_text()
    # a link to another game: the reader is asked, and may go on with the game in progress
    page.goto(p.server + "/pelaa/?peli=gin&siemen=12&taso=taitava")
    page.wait_for_selector("button[data-action='resume-game']", timeout=ENGINE_TIMEOUT)
    assert "kesken peli (Perusrommi, pelin numero 5)" in page.locator(".pelaa-tila").inner_text()
    assert focused(page)[0] == "link-game"
    page.locator("button[data-action='resume-game']").click()
    page.wait_for_function(f"{ROOT_JS}.dataset.phase && {ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)
    assert page.evaluate(f"{ROOT_JS}.dataset.game") == "perusrommi"
    assert page.locator(".pelaa-kasi").inner_text() == hand and "siemen=5" in page.url
    # or start the link's game
    page.goto(p.server + "/pelaa/?peli=gin&siemen=12&taso=taitava")
    page.locator("button[data-action='link-game']").click(timeout=ENGINE_TIMEOUT)
    page.wait_for_function(f"{ROOT_JS}.dataset.phase && {ROOT_JS}.dataset.busy === '0'", timeout=ENGINE_TIMEOUT)
    assert page.evaluate(f"{ROOT_JS}.dataset.game") == "gin" and "siemen=12" in page.url
    p.close()
