"""Gin's knock on the Pelaa page in a real browser (Debian's Chromium via Playwright): a seeded deal
played by the hints to the reader's knock; the page offers the engine's arrangements, the best one
chosen and focused; the reader picks another by touch, by keyboard and by mouse, sees what it costs,
knocks with it, and the deal's score is the one the engine gives that arrangement here (CPython).
axe-core finds nothing serious in the choice."""

from __future__ import annotations

import json

from test_browser import ENGINE_TIMEOUT, Page, browser, server  # noqa: F401  (fixtures)
from test_play_browser import ROOT_JS, _hidden_in_page, axe_violations, focused, idle, open_game

from rommikirja.play import handle


def call(**request):
    reply = json.loads(handle(json.dumps({**request, "play": True})))
    assert reply["ok"], reply
    return reply["result"]


def find_knock(rules, seeds=range(1, 200)):
    """(seed, the reader's moves before the knock, the state there, the knock's options) of the first
    seeded gin game (the page's own rules, one strong opponent) whose reader, playing the hints,
    knocks with an arrangement that costs something."""
    for seed in seeds:
        r = call(op="new", rules=rules, players=2, levels=["taitava"], seed=str(seed), options={})
        moves = 0
        while not r["view"]["over"] and moves < 60:
            move = call(op="hint", state=r["state"])["move"]
            if "knock" in move:
                o = call(op="knock_options", state=r["state"], move=move)
                if any(x["cost"] > 0 for x in o["options"]):
                    return seed, moves, r["state"], o
                break
            r = call(op="move", state=r["state"], move=move)
            moves += 1
    raise AssertionError("no seeded knock with a choice")


def options_shown(page):
    return page.evaluate("""() => [...document.querySelectorAll('.pelaa-levitys li')].map((li) => [
        li.querySelector('input').checked, li.querySelector('.pelaa-levitys-hinta').textContent,
        li.querySelector('label').textContent])""")


def test_knock_with_an_arrangement_of_ones_own(browser, server):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    p = Page(ctx, server, "/pelaa/", own=True)
    page = p.page
    page.evaluate("localStorage.clear()")
    rules = json.loads(page.evaluate(f"{ROOT_JS}.dataset.games"))["gin"]["rules"]
    seed, moves, state, expected = find_knock(rules)
    open_game(p, f"peli=gin&siemen={seed}&taso=taitava")
    for _ in range(moves):
        page.locator("button[data-action='hint']").click()
        idle(page)
        page.locator(f"button[data-action='{page.evaluate(ROOT_JS + '.dataset.hintAction')}']").click()
        idle(page)
    page.locator("button[data-action='hint']").click()
    idle(page)
    assert page.evaluate(f"{ROOT_JS}.dataset.hintAction") == "knock"
    page.evaluate(f"{ROOT_JS}.dataset.knockShown = '2'")  # a long list's first part, then the rest
    page.locator(".pelaa-toiminnot button[data-action='knock']").click()
    idle(page)
    options = expected["options"]
    # the choice: the best first, checked and focused; the rest behind a button
    shown = options_shown(page)
    assert [s[1] for s in shown] == [o["cost_text"] for o in options[:2]]
    assert [s[0] for s in shown] == [True, False]
    assert page.evaluate("document.activeElement.id") == "pelaa-levitys-0"
    assert expected["intro"] in page.locator(".pelaa-levitys").inner_text()
    assert page.locator(".pelaa-toiminnot").count() == 0  # the turn's other moves are gone
    assert axe_violations(page) in (None, [])
    more = page.locator("button[data-action='knock-all']")
    if len(options) > 2:
        assert more.inner_text() == f"Näytä kaikki levitykset ({len(options)})"
        more.click()
        assert page.evaluate("document.activeElement.id") == "pelaa-levitys-2"
    else:
        assert more.count() == 0
    # every option of the engine's, in its order, with its sentences
    shown = options_shown(page)
    assert [s[1] for s in shown] == [o["cost_text"] for o in options]
    assert [s[0] for s in shown] == [True] + [False] * (len(options) - 1)
    for (_, _, label), o in zip(shown, options):
        assert o["deadwood_text"] in label and o["result"] in label
    assert axe_violations(page) in (None, [])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # fits the phone's width
    assert not _hidden_in_page(page)  # the prices name none of the opponent's cards
    # the card is down: a reload brings the same choice back, not the turn
    page.reload()
    page.wait_for_selector(".pelaa-levitys li", timeout=ENGINE_TIMEOUT)
    idle(page)
    if more.count():  # (a list longer than the page's own limit)
        more.click()
    assert options_shown(page) == shown
    assert page.locator(".pelaa-toiminnot").count() == 0
    page.locator("#pelaa-levitys-0").focus()
    # keyboard: the arrow moves the choice
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.id") == "pelaa-levitys-1"
    assert options_shown(page)[1][0] is True
    # touch: a tap on an option's text chooses it; the costly one is chosen
    pick = next(i for i, o in enumerate(options) if o["cost"] > 0)
    page.locator(f"label[for='pelaa-levitys-{pick}']").tap()
    assert [s[0] for s in options_shown(page)] == [i == pick for i in range(len(options))]
    assert options[pick]["cost_text"].startswith("Parhaaseen levitykseen verrattuna tämä maksaa sinulle ")
    assert page.locator(f"label[for='pelaa-levitys-{pick}']").inner_text().count(options[pick]["cost_text"]) == 1
    assert axe_violations(page) in (None, [])
    # K knocks with the chosen arrangement
    page.locator(f"#pelaa-levitys-{pick}").focus()
    page.keyboard.press("k")
    idle(page)
    assert page.evaluate(f"{ROOT_JS}.dataset.phase") == "over"
    assert page.locator(".pelaa-levitys").count() == 0
    # the score is the one the engine gives that arrangement
    after = call(op="move", state=state, move=options[pick]["step"])
    points = page.evaluate("""() => [...document.querySelectorAll('.pelaa-tulos tbody tr')]
        .map((tr) => tr.querySelectorAll('td')[1].textContent)""")
    assert points == [str(x) for x in after["view"]["score"]["points"]]
    seat = 0 if options[pick]["scorer"] == "Aino" else 1
    assert after["view"]["score"]["points"][seat] == options[pick]["points"]
    best = call(op="move", state=state, move=options[0]["step"])["view"]["score"]["points"]
    mine = lambda pts: pts[0] - pts[1]  # noqa: E731
    assert mine(best) - mine(after["view"]["score"]["points"]) == options[pick]["cost"] > 0
    assert page.locator(".pelaa-tulos").inner_text().count(after["view"]["score"]["lines"][0]) == 1
    # the focus goes to what comes next: the next deal (or the replay)
    assert focused(page)[0] in ("next-deal", "replay") and focused(page)[1]
    assert axe_violations(page) in (None, [])
    # the state holds the chosen arrangement as the reader's move
    stored = json.loads(page.evaluate("localStorage.getItem('rommikirja-pelaa')"))
    assert stored["deals"][-1][-1] == options[pick]["step"]
    assert page.evaluate("localStorage.getItem('rommikirja-pelaa-koputus')") is None
    p.close()


def test_a_tampered_arrangement_is_refused_in_finnish(browser, server):  # noqa: F811
    """The page's engine (Pyodide) refuses a knock whose melds are not the reader's, in Finnish."""
    p = Page(browser, server, "/pelaa/")
    page = p.page
    rules = json.loads(page.evaluate(f"{ROOT_JS}.dataset.games"))["gin"]["rules"]
    _, _, state, expected = find_knock(rules)
    page.wait_for_function("window.rommikirjaEngine && window.rommikirjaEngine.readyMs", timeout=ENGINE_TIMEOUT)
    step = dict(expected["options"][0]["step"])
    step["melds"] = [step["melds"][0][:2]]
    ask = """async (req) => { try { return (await window.rommikirja.call({ ...req, play: true })).result; }
                              catch (err) { return err.message; } }"""
    there = page.evaluate(ask, {"op": "move", "state": state, "move": step})
    assert there["refused"]["code"] == "too_short"
    assert there["refused"]["reason"] == "Yhdistelmässä on oltava vähintään kolme korttia, tässä on kaksi."
    bad = page.evaluate(ask, {"op": "knock_options", "state": state, "move": {"knock": "7X"}})
    assert bad == "”7X” ei ole tämän pelin kortti; kortit merkitään kuten 7H, 10D, AS tai JK.", bad
    p.close()
