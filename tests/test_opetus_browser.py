"""The Opetusjako (guided first deal) of every game page in a real browser, on a 360 px phone:
the deal is completed by following only the page's own prompts (the control marked
data-opetus-seuraava), every reader step gives a different instruction, focus follows the
expected control, a wrong move is explained (the engine's refusal, or a legal but different move)
and does not advance, the score is explained at the end with a link to Pelaa, and axe finds
nothing in the section (mid-deal too). Twin cards (two decks) have different accessible names and
faces; a Rommi 51 opening is built meld by meld, each meld counted, a wrong meld and a too early
"Avaa" refused by the engine without advancing."""

from __future__ import annotations

import re

import pytest

from test_browser import ENGINE_TIMEOUT, Page, browser, server  # noqa: F401  (fixtures)
from test_play_browser import AXE

GAMES = {"perusrommi": "/perusrommi/", "gin": "/gin-rommi/", "rommi": "/rommi/", "rommi51": "/rommi51/"}


@pytest.fixture(scope="module")
def phone(browser):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    yield ctx
    ctx.close()


def _root(game: str) -> str:
    return f"document.getElementById('opetus-{game}')"


def _idle(page, game: str) -> None:
    page.wait_for_function(f"{_root(game)}.dataset.busy !== '1'", timeout=ENGINE_TIMEOUT)


def _instruction(page, game: str) -> str:
    return page.evaluate(f"{_root(game)}.querySelector('.opetus-vaihe')?.textContent || ''")


def _axe(page, game: str):
    if not AXE.exists():
        return None
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # the settled colours: a button drawn anew under the pointer is mid-way through the theme's
    # hover transition (axe would measure a colour half-way between two)
    page.mouse.move(0, 0)
    page.wait_for_timeout(400)
    return page.evaluate(f"""async () => (await axe.run({_root(game)}, {{resultTypes: ['violations']}})).violations
        .map(v => [v.id, v.impact, v.nodes.map(n => n.target.join(' '))])""")


def _serious(found):
    return [f for f in found or [] if f[1] in ("serious", "critical")]


def _twins(page, game: str) -> list:
    """The hand's twin cards (the same card of both decks) with their visible text and accessible name."""
    return page.evaluate(f"""(() => {{
        const cards = [...{_root(game)}.querySelectorAll('.pelaa-kasi button.kortti')]
            .map(b => [b.dataset.code, b.textContent, b.getAttribute('aria-label')]);
        const body = c => c.replace(/'+$/, '');
        return cards.filter(([c]) => !c.startsWith('JK') && cards.some(([o]) => o !== c && body(o) === body(c)));
    }})()""")


def _check_twins(page, game: str, seen: set) -> None:
    twins = _twins(page, game)
    assert len({t for _, t, _ in twins}) == len(twins), twins  # the faces differ (¹ ²)
    assert len({n for _, _, n in twins}) == len(twins), twins  # and so do the names
    assert all(n.startswith(t) for _, t, n in twins), twins  # the name begins with the visible text
    seen.update(c for c, _, _ in twins)


def _check_groups(page, game: str) -> None:
    """Gin: every card of the hand is in one labelled group, a meld ("Suora", "Ryhmä") or the
    deadwood ("Irtokortit", with its value when the hand holds no card to discard), the label seen
    and the group named by it for a screen reader."""
    groups = page.evaluate(f"""[...{_root(game)}.querySelectorAll('.pelaa-kasi .opetus-ryhma')].map(g =>
        [g.getAttribute('aria-label'), g.querySelector('.opetus-ryhma-nimi').textContent,
         [...g.querySelectorAll('button.kortti')].map(b => b.dataset.code)])""")
    assert groups, "the gin hand is not grouped"
    assert sorted(c for *_, cards in groups for c in cards) == sorted(_hand(page, game)), groups
    for name, seen, cards in groups:
        assert name == seen and cards, groups
        assert re.fullmatch(r"Suora|Ryhmä|Irtokortit( \((\d+ \+ )*\d+ = \d+ pistettä\)| \(\d+ piste(ttä)?\))?", name), (
            name
        )
    assert sum(n.startswith("Irtokortit") for n, *_ in groups) <= 1, groups


def _check_moves_box(page, game: str) -> int:
    """The other players' moves since the reader's last one: the latest turn shown, the earlier
    turns folded (closed) under their players' names; a screen reader hears all of them, once, from
    the live region. 1 when earlier turns were folded, else 0."""
    box = page.evaluate(f"""(() => {{ const r = {_root(game)}; const b = r.querySelector('.opetus-siirrot');
        const heard = r.querySelector('[data-opetus-kuultava]');
        if (!b) return {{heard: heard.textContent, live: heard.getAttribute('aria-live')}};
        const d = b.querySelector('details');
        return {{last: b.querySelector(':scope > p').textContent, open: d ? d.open : null,
                 summary: d ? d.querySelector('summary').textContent : null,
                 earlier: d ? [...d.querySelectorAll('li')].map(li => li.textContent) : [],
                 heard: heard.textContent, live: heard.getAttribute('aria-live'),
                 liveInBox: !!b.closest('[aria-live]')}}; }})()""")
    assert box["live"] == "polite"
    if "last" not in box:
        return 0
    assert box["last"].startswith("Edellinen vuoro: ") and not box["liveInBox"], box
    latest = box["last"].removeprefix("Edellinen vuoro: ")
    assert box["heard"] == " ".join(box["earlier"] + [latest]), box  # (every new move heard, in order)
    if box["open"] is None:
        return 0
    assert box["open"] is False and box["summary"].startswith("Aiemmat vuorot ("), box
    assert len(latest) < len(box["heard"]), box
    return 1


def _step(page, game: str) -> dict | None:
    """The guide's step now shown (its data in data-opetus)."""
    return page.evaluate(f"""(() => {{ const r = {_root(game)}; const d = JSON.parse(r.dataset.opetus);
        const now = r.querySelector('.opetus-vaihe'); if (!now) return null;
        return d.steps[Number(now.dataset.vaihe)]; }})()""")


def _hand(page, game: str) -> list:
    return page.locator(f"#opetus-{game} .pelaa-kasi button.kortti").evaluate_all("bs => bs.map(b => b.dataset.code)")


def _check_drawn(page, game: str, new: set, top: str | None, action: str) -> None:
    """After the reader's draw: the one card that came into the hand, and only it, is marked in the
    hand ("uusi" on its face, "juuri nostettu" or "otettu poistopakasta" in its name)."""
    marked = page.locator(f"#opetus-{game} .pelaa-kasi button.kortti.nostettu")
    assert marked.count() == 1, new
    code = marked.get_attribute("data-code")
    if new:  # (an opening built so far keeps its cards out of the hand shown)
        assert {code} == new, (code, new)
    if action == "draw_discard":  # the pile's top card, as its face showed on the pile
        face = marked.evaluate("b => b.firstChild.textContent")
        assert face == top, (face, top)
    name = marked.get_attribute("aria-label")
    assert name.endswith(", otettu poistopakasta)" if action == "draw_discard" else ", juuri nostettu)"), name
    badge = marked.evaluate("b => getComputedStyle(b, '::after').content")
    assert badge == '"uusi"', badge


def _feedback_on_screen(page, game: str) -> None:
    """The feedback's first line is on the 360×740 screen (not below the buttons and an opening)."""
    box = page.evaluate(f"""(() => {{ const r = {_root(game)}.querySelector('[data-opetus-palaute] p').getBoundingClientRect();
        return [r.top, r.bottom, innerHeight]; }})()""")
    assert 0 <= box[0] and box[1] <= box[2] + 1, box  # (+1: a sub-pixel line height)


def _chosen_not_red(page, game: str) -> None:
    """The cards left chosen after a refusal look chosen (blue), not like the refusal (red)."""
    colours = page.locator(f"#opetus-{game} .pelaa-kasi button.kortti[aria-pressed='true']").evaluate_all(
        "bs => bs.map(b => getComputedStyle(b).outlineColor)"
    )
    red = page.evaluate(f"getComputedStyle({_root(game)}.querySelector('[data-opetus-palaute]')).borderLeftColor")
    assert colours and red == "rgb(183, 28, 28)", (colours, red)
    assert all(c == "rgb(21, 101, 192)" for c in colours), colours


def _lay_off_without_meld(page, game: str) -> None:
    """Lisää with the cards chosen but no meld tapped: the feedback says where the meld is (the
    table above), stays on the screen, and the chosen cards stay chosen, blue; nothing advances."""
    root = f"#opetus-{game}"
    before = _instruction(page, game)
    page.locator(f"{root} button[data-action='lay_off']").click()
    _idle(page, game)
    text = page.locator(f"{root} [data-opetus-palaute]").inner_text()
    assert text == "Valitse vielä yhdistelmä, johon kortit lisätään: napauta sitä ylempänä pöydällä.", text
    _feedback_on_screen(page, game)
    _chosen_not_red(page, game)
    assert _instruction(page, game) == before
    assert page.evaluate("document.activeElement.classList.contains('pelaa-yhdistelma')")


def _wrong_meld_and_early_open(page, game: str) -> None:
    """At an opening's first meld: two of its cards are no meld (the engine's reason); then the
    meld as guided is added and counted; "Avaa" with that one meld is refused by the opening's own
    rule; nothing advances."""
    root = f"#opetus-{game}"
    step = _step(page, game)
    before = _instruction(page, game)
    for code in step["cards"][:2]:
        page.locator(f'{root} .pelaa-kasi [data-code="{code}"]').click()
    page.locator(f"{root} button[data-action='open_part']").click()
    _idle(page, game)
    feedback = page.locator(f"{root} [data-opetus-palaute]").inner_text()
    assert feedback.startswith("✘ ") and "Vihje:" in feedback, feedback
    # the hint is what to do, not the whole instruction again (that is in the box above)
    assert feedback.split("Vihje:")[1].strip() == step["how"] and step["text"] not in feedback, feedback
    assert _instruction(page, game) == before
    # the refused choice stays chosen: the reader adds the missing cards, not all of them again
    pressed = page.locator(f"{root} .pelaa-kasi button[aria-pressed='true']").evaluate_all(
        "bs => bs.map(b => b.dataset.code)"
    )
    assert pressed == step["cards"][:2], pressed
    _chosen_not_red(page, game)  # (chosen, not part of the error)
    _feedback_on_screen(page, game)
    for code in step["cards"][2:]:
        page.locator(f'{root} .pelaa-kasi [data-code="{code}"]').click()
    page.locator(f"{root} button[data-action='open_part']").click()
    _idle(page, game)
    box = page.locator(f"{root} .opetus-avaus").inner_text()
    sums = re.findall(r"= ((?:\d+ \+ )+\d+) = (\d+)", box)
    assert len(sums) == 1 and sum(map(int, sums[0][0].split(" + "))) == int(sums[0][1]), box
    assert f"yhteensä {sums[0][1]} piste" in box, box
    for code in step["cards"]:  # built: out of the hand
        assert page.locator(f'{root} .pelaa-kasi [data-code="{code}"]').count() == 0
    after = _instruction(page, game)
    assert after != before
    found = _serious(_axe(page, game))  # mid-deal, an opening half built: every axe rule
    assert found == [], found
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    page.locator(f"{root} button[data-action='open']").click()
    _idle(page, game)
    need = int(re.search(r"vähintään (\d+) piste", box)[1])
    if int(sums[0][1]) < need:  # (a club's low minimum: the one meld may be an opening, but not the guided one)
        assert page.evaluate(f"{_root(game)}.dataset.opetusHylatty") == "opening_too_low"
        assert "✘ " in page.locator(f"{root} [data-opetus-palaute]").inner_text()
        _feedback_on_screen(page, game)  # (under the buttons, above the opening built so far)
    assert page.evaluate(f"{_root(game)}.dataset.opetusHylatty")
    assert _instruction(page, game) == after


def _wrong_move(page, game: str) -> None:
    """At the first step: a card chosen and Poista pressed. The engine refuses it (a turn begins
    with a draw), or, in gin's upcard offer, refuses it too; the feedback says why and the step stays."""
    root = f"#opetus-{game}"
    before = _instruction(page, game)
    page.locator(f"{root} .pelaa-kasi button.kortti").first.click()
    page.locator(f"{root} button[data-action='discard']").click()
    _idle(page, game)
    feedback = page.locator(f"{root} [data-opetus-palaute]").inner_text()
    code = page.evaluate(f"{_root(game)}.dataset.opetusHylatty")
    assert code and code != "toinen", (code, feedback)  # the engine's refusal, in its words
    assert feedback.startswith("✘ ") and len(feedback.split("Vihje:")[0]) > 20, feedback
    assert "Vihje:" in feedback, feedback
    _feedback_on_screen(page, game)
    assert _instruction(page, game) == before  # not advanced
    # every other button but a draw, pressed with nothing chosen (or a card chosen), gets the same
    # rule from the engine, not a request to choose cards first
    reason = page.locator(f"{root} [data-opetus-palaute] p").first.inner_text()
    actions = page.locator(f"{root} .pelaa-toiminnot button").evaluate_all("bs => bs.map(b => b.dataset.action)")
    pressed = [a for a in actions if a not in ("draw_stock", "draw_discard", "pass")]
    assert "discard" in pressed and (game != "rommi51" or {"open", "open_part"} <= set(pressed)), actions
    for i, action in enumerate(pressed * 2):
        if i >= len(pressed):
            page.locator(f"{root} .pelaa-kasi button.kortti").first.click()
        page.locator(f"{root} button[data-action='{action}']").click()
        _idle(page, game)
        assert page.evaluate(f"{_root(game)}.dataset.opetusHylatty") == code, action
        assert page.locator(f"{root} [data-opetus-palaute] p").first.inner_text() == reason, action
    assert _instruction(page, game) == before


def _legal_other(page, game: str) -> None:
    """A legal move the guide does not show is explained and does not advance."""
    root = f"#opetus-{game}"
    step = page.evaluate(f"""(() => {{ const r = {_root(game)}; const d = JSON.parse(r.dataset.opetus);
        const at = d.steps.find(s => r.querySelector('.opetus-vaihe').textContent.includes(s.text)); return at; }})()""")
    if step["action"] != "discard":
        return
    before = _instruction(page, game)
    code = step["cards"][0]
    others = page.locator(f'{root} .pelaa-kasi button.kortti:not([data-code="{code}"]):not([aria-label*="otettu"])')
    tried = others.first.get_attribute("data-code")
    others.first.click()
    page.locator(f"{root} button[data-action='discard']").click()
    _idle(page, game)
    assert page.evaluate(f"{_root(game)}.dataset.opetusHylatty") == "toinen"
    text = page.locator(f"{root} [data-opetus-palaute]").inner_text()
    from rommikirja.cards import parse_card
    from rommikirja.finnish import card_name

    name = card_name(parse_card(tried.rstrip("'")), "gen")  # (the card tried, then the guided one)
    assert f"Sääntöjen mukaan voisit myös poistaa {name}" in text, (name, text)
    assert ", mutta tässä opetusjaossa poistetaan nyt " in text, text
    assert "Tee nyt ohjeen mukainen siirto." in text, text
    assert _instruction(page, game) == before


@pytest.mark.parametrize("game", list(GAMES))
def test_guided_deal_follows_its_prompts(phone, server, game):  # noqa: F811
    follow_the_prompts(Page(phone, server, GAMES[game]), game)


def follow_the_prompts(p: Page, game: str) -> None:
    """The guided deal of ``game`` on page ``p``, completed by following its prompts (a wrong
    move and a legal other one tried on the way), then checked: see the module doc."""
    page = p.page
    root = f"#opetus-{game}"
    page.locator(f"{root} [data-opetus-seuraava]").click()  # "Aloita opetusjako"
    page.wait_for_function(f"{_root(game)}.querySelector('.opetus-vaihe')", timeout=ENGINE_TIMEOUT)
    _wrong_move(page, game)
    instructions = [_instruction(page, game)]
    if game == "perusrommi":  # the keyboard: the letter of the expected button (N: Nosta) inside the section
        assert page.locator(f"{root} [data-opetus-seuraava]").get_attribute("data-action") == "draw_stock"
        page.keyboard.press("n")
        _idle(page, game)
        instructions.append(_instruction(page, game))
        assert instructions[1] != instructions[0]
    tried_other = False
    tried_meld = False
    tried_onto = False
    opens = page.evaluate(f"JSON.parse({_root(game)}.dataset.opetus).steps.some(s => s.action === 'open_part')")
    twins: set = set()
    drawn = 0
    folded = 0  # steps whose other players' moves had earlier turns folded
    for _ in range(300):
        if page.evaluate(f"'opetusValmis' in {_root(game)}.dataset"):
            break
        _check_twins(page, game, twins)
        folded += _check_moves_box(page, game)
        if game == "gin":  # nothing is laid on the table before the knock: no empty-table line
            assert "Pöydällä ei ole yhdistelmiä" not in page.locator(root).inner_text()
            _check_groups(page, game)
        # the opening's button only where an opening is built, until the reader has opened
        buttons = page.locator(f"{root} .pelaa-toiminnot button").all_inner_texts()
        me = page.locator(f"{root} .pelaa-pelaajat li", has_text="(sinä)").inner_text()
        assert ("Lisää avaukseen" in buttons) == (opens and "ei avannut" in me), (buttons, me)
        if len(instructions) == 5:  # mid-deal: every axe rule
            found = _serious(_axe(page, game))
            assert found == [], found
        step = _step(page, game)
        fresh = page.locator(f"{root} .pelaa-kasi button[aria-pressed='true']").count() == 0
        if step and step["action"] == "open_part" and step["part"] == 0 and fresh and not tried_meld:
            _wrong_meld_and_early_open(page, game)
            tried_meld = True
            instructions.append(_instruction(page, game))
            continue
        nxt = page.locator(f"{root} [data-opetus-seuraava]")
        assert nxt.count() == 1
        # focus follows the expected control
        assert page.evaluate("document.activeElement.hasAttribute('data-opetus-seuraava')")
        is_action = nxt.get_attribute("data-action") is not None
        nxt_action = nxt.get_attribute("data-action")
        fresh = page.locator(f"{root} .pelaa-kasi button[aria-pressed='true']").count() == 0
        if not is_action and fresh and not tried_other:
            _legal_other(page, game)
            tried_other = page.evaluate(f"{_root(game)}.dataset.opetusHylatty") == "toinen"
            if tried_other:  # the card chosen by the wrong move was taken back: follow the prompts again
                continue
        if nxt.get_attribute("data-index") is not None and not tried_onto:
            _lay_off_without_meld(page, game)
            tried_onto = True
            continue
        draws = nxt.get_attribute("data-action") in ("draw_stock", "draw_discard")
        if draws:
            before = set(_hand(page, game))
            top = page.evaluate(f"{_root(game)}.querySelector('.pelaa-pakat .kortti')?.textContent || null")
        heard = page.evaluate(f"{_root(game)}.querySelector('[data-opetus-kuultava]').textContent")
        nxt.click()
        if not is_action:  # a tap on a card draws the table again: the moves are not heard again
            assert page.evaluate(f"{_root(game)}.querySelector('[data-opetus-kuultava]').textContent") == heard
        if is_action:
            _idle(page, game)
            piles = page.locator(f"{root} .pelaa-pakat").inner_text()  # an empty stock is "tyhjä", never "0 korttia"
            assert "Nostopakka: 0" not in piles, piles
            if draws and "(sinä)" in page.locator(f"{root} .pelaa-pelaajat li.vuorossa").all_inner_texts()[0]:
                _check_drawn(page, game, set(_hand(page, game)) - before, top, nxt_action)
                drawn += 1
            text = _instruction(page, game)
            if text and text != instructions[-1]:
                instructions.append(text)
    else:
        pytest.fail("the guided deal did not end")
    assert len(instructions) >= 10, instructions
    assert drawn >= 2
    players = len(page.evaluate(f"JSON.parse({_root(game)}.dataset.opetus).script.names"))
    assert (folded > 0) == (players > 2), (folded, players)
    bodies = [t.split(". ", 1)[1] for t in instructions]  # without "Siirto n/N." (", avauksen yhdistelmä k/m.")
    assert len(set(bodies)) == len(bodies), instructions
    end = page.locator(f"{root} .opetus-loppu")
    assert "Pisteet" in end.inner_text()
    if game == "gin":  # each hand at the end as the scoring counts it: its melds and its deadwood, labelled
        cells = end.locator("tbody td ul.opetus-ryhmat")
        assert cells.count() == 2
        for i in range(2):
            rows = cells.nth(i).locator("li").all_inner_texts()
            assert rows and all(
                re.match(r"(Suora|Ryhmä|Liitetty koputtajan yhdistelmään|Irtokortit \(.*piste(ttä)?\)):\s+\S", r)
                for r in rows
            ), rows
    assert end.locator("a[href*='pelaa/?peli=']").count() == 1
    assert tried_other
    data = page.evaluate(f"JSON.parse({_root(game)}.dataset.opetus)")
    assert tried_onto == any(s.get("onto") is not None for s in data["steps"])
    assert tried_meld == any(s["action"] == "open_part" for s in data["steps"])
    start = data["script"]["start"]["hands"][data["script"]["seat"]]
    if any(c.endswith("'") and c.rstrip("'") in start for c in start if not c.startswith("JK")):
        assert twins  # (the reader starts with both decks' copies of a card: they were told apart)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    found = _axe(page, game)
    if found is not None:
        assert found == [], found
    assert not p.errors, p.errors


def test_guided_deal_works_offline_after_one_visit(browser, site):  # noqa: F811
    """After one visit (the service worker has cached the site and the runtime), the network goes
    and another game page's guided deal still starts and checks moves."""
    from tools.siteserver import SiteServer

    own = SiteServer(site, compress=True)
    base = own.base
    try:
        ctx = browser.new_context(viewport={"width": 360, "height": 740})
        first = Page(ctx, base, "/perusrommi/")
        first.page.locator("#opetus-perusrommi [data-opetus-seuraava]").click()
        first.page.wait_for_function(
            "window.rommikirjaSnapshot && window.rommikirjaOffline && document.querySelector('.opetus-vaihe')",
            timeout=ENGINE_TIMEOUT,
        )
        assert "error" not in first.page.evaluate("window.rommikirjaOffline")
        first.close()
        own.stop()
        p = Page(ctx, base, "/gin-rommi/")
        page = p.page
        page.locator("#opetus-gin [data-opetus-seuraava]").click()
        page.wait_for_function(f"{_root('gin')}.querySelector('.opetus-vaihe')", timeout=ENGINE_TIMEOUT)
        seen = [_instruction(page, "gin")]
        while len(seen) < 4:
            nxt = page.locator("#opetus-gin [data-opetus-seuraava]")
            acts = nxt.get_attribute("data-action") is not None
            nxt.click()
            if acts:
                _idle(page, "gin")
                seen.append(_instruction(page, "gin"))
        assert len(set(seen)) == 4, seen
        ctx.close()
    finally:
        own.stop()


def _meld_in_sight(page, game: str) -> None:
    """A step that asks to tap a table meld, its cards chosen: the meld (focused, framed) is on the
    screen together with the step's words (the guide's above the table; on a phone, where that is
    for screen readers only, the copy by the hand)."""
    seen = page.evaluate(f"""(() => {{ const r = {_root(game)}; const m = document.activeElement;
        const on = n => {{ const b = n.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight && b.height > 0; }};
        return [m.classList.contains('pelaa-yhdistelma') && m.classList.contains('kohde'), on(m),
                on(r.querySelector(r.querySelector('.opetus-muistutus').offsetParent ? '.opetus-muistutus-nyt' : '.opetus-opas .opetus-miten'))]; }})()""")
    assert seen == [True, True, True], seen


def _by_words(page, game: str, how: str) -> None:
    """Do what the step's last words say, reading only them and the visible faces and names:
    "Valitse kortit 2♠¹, 🃏 ja 2♣¹. Paina sitten Lisää avaukseen.", "Valitse kortti 4♣, napauta
    pöydän yhdistelmää A♣ 2♣ 3♣ ja paina Lisää.", "Paina Nosta."."""
    root = f"#opetus-{game}"
    m = re.match(
        r"Valitse (?:poistettava )?kort(?:ti|it) (.+?)(?:, napauta pöydän yhdistelmää (.+?))?(?:\.)? (?:ja p|P)aina (?:sitten )?(.+)\.$",
        how,
    )
    if m:
        faces = re.split(r", | ja ", m[1])
        for face in faces:
            free = page.locator(f"{root} .pelaa-kasi button.kortti[aria-pressed='false']")
            texts = free.evaluate_all("bs => bs.map(b => b.textContent)")
            assert face in texts, (face, texts, how)  # the face the words name is on a card in the hand
            free.nth(texts.index(face)).click()
        if m[2]:
            _meld_in_sight(page, game)
            page.locator(f"{root} button.pelaa-yhdistelma[aria-label*='{m[2]}:']").click()
        button = m[3]
    else:
        m = re.match(r"Paina (.+)\.$", how)
        assert m, how
        button = m[1]
    page.locator(f"{root} .pelaa-toiminnot button", has_text=re.compile(f"^{re.escape(button)}$")).click()
    _idle(page, game)


@pytest.mark.parametrize("game", list(GAMES))
def test_guided_deal_played_from_its_words_alone_on_a_phone(phone, server, game):  # noqa: F811
    """A reader who only reads: each step's words name the cards by the faces the hand shows (twins
    by their deck marks) and the button by its text; doing just that completes the deal on a
    360 px phone without a single refusal; at each new step its words (the copy beside the hand)
    and the control it expects are on the screen together: from its "Nyt:" line (a note on what
    the others did first may be scrolled above) down to every card it names and its button; the
    melds the others laid or added to are marked "uusi" and named beside the hand; a meld to tap
    is framed, named as above on the table, and on the screen with the words once the cards are
    chosen; at the end no tapping hint or move buttons remain, and "Aloita opetusjako alusta"
    (the next stop after the link to Pelaa) starts the same deal again."""
    p = Page(phone, server, GAMES[game])
    page = p.page
    root = f"#opetus-{game}"
    page.locator(f"{root} [data-opetus-aloita]").click()
    page.wait_for_function(f"{_root(game)}.querySelector('.opetus-vaihe')", timeout=ENGINE_TIMEOUT)
    steps = 0
    first = _instruction(page, game)
    table: dict = {}  # the table melds at the previous step (index: accessible name)
    news = 0  # steps after which the others' new melds were marked and named beside the hand
    passes = []  # steps with a pass button: only while passing is a move (gin's upcard offer)
    while not page.evaluate(f"'opetusValmis' in {_root(game)}.dataset"):
        # a new step: its words beside the hand (the guide above is for screen readers only on a
        # phone: no step is shown twice) and the control it expects are both on the screen
        # (and so is the step's rule line, as the guide above words it, and its counter)
        seen = page.evaluate(f"""(() => {{
            const root = {_root(game)};
            const words = root.querySelector('.opetus-muistutus');
            const r = words.querySelector('.opetus-muistutus-nyt').getBoundingClientRect();
            const st = JSON.parse(root.dataset.opetus).steps[Number(root.querySelector('.opetus-vaihe').dataset.vaihe)];
            const asked = [document.activeElement, root.querySelector(`[data-action="${{st.action}}"]`),
                           ...st.cards.map(c => root.querySelector(`.pelaa-kasi [data-code="${{c}}"]`)).filter(Boolean)];
            const f = {{bottom: Math.max(...asked.map(n => n.getBoundingClientRect().bottom))}};
            const rule = root.querySelector('.opetus-opas .opetus-saanto');
            const line = words.querySelector('.opetus-muistutus-saanto');
            const shown = line ? line.getBoundingClientRect() : null;
            const guide = root.querySelector('.opetus-opas').getBoundingClientRect();
            return [r.top >= 0 && guide.width <= 1 && guide.height <= 1, f.bottom <= innerHeight,
                    document.activeElement.hasAttribute('data-opetus-seuraava'),
                    rule ? !!line && line.textContent === rule.textContent && shown.top >= 0
                           && shown.bottom <= innerHeight && shown.height > 0 : !line,
                    words.textContent.includes(root.querySelector('.opetus-vaihe strong').textContent + 'Nyt: ')];
        }})()""")
        assert seen == [True] * 5 or steps == 0, (steps, seen)
        # the others' new melds since the reader's last move: marked "uusi" on the table (only
        # changed ones) and named beside the hand, on the screen with the step's words
        now = page.evaluate(f"""(() => {{ const r = {_root(game)};
            const line = r.querySelector('.opetus-muistutus-uutta'); const b = line && line.getBoundingClientRect();
            const aim = r.querySelector('.pelaa-yhdistelma.kohde');
            const kohde = r.querySelector('.opetus-muistutus-kohde');
            return {{melds: [...r.querySelectorAll('.pelaa-yhdistelma')].map(m =>
                        [m.dataset.index, m.getAttribute('aria-label').replace(' (uusi)', ''), m.classList.contains('uusi'),
                         [...m.querySelectorAll('.kortti')].map(k => k.textContent)]),
                     line: line && line.textContent, onScreen: !!b && b.top >= 0 && b.bottom <= innerHeight,
                     aim: aim && aim.dataset.index, kohde: kohde && kohde.textContent}}; }})()""")
        marked = [m for m in now["melds"] if m[2]]
        if marked:
            news += 1
            assert now["line"].startswith("Pöydällä on uutta, katso ylempää: ") and now["onScreen"], now
            for index, name, _, faces in marked:
                assert table.get(index) != name, (index, name)  # (only a meld laid or added to)
                assert all(f in now["line"] for f in faces), (faces, now["line"])
        else:
            assert now["line"] is None, now
        table = {m[0]: m[1] for m in now["melds"]}
        onto = _step(page, game).get("onto")
        if onto is not None:  # the meld to tap framed, and the words say where it is
            faces = [m[3] for m in now["melds"] if m[0] == str(onto)][0]
            assert now["aim"] == str(onto) and now["kohde"] == f"Yhdistelmä {' '.join(faces)} on ylempänä pöydällä.", (
                now
            )
        else:
            assert now["aim"] is None and now["kohde"] is None, now
        if page.locator(f"{root} .pelaa-toiminnot button[data-action='pass']").count():
            passes.append(steps)
        how = page.locator(f"{root} .opetus-muistutus-miten").inner_text()  # (the words shown on a phone)
        assert how == page.locator(f"{root} .opetus-opas .opetus-miten").text_content(), how  # (and heard)
        _by_words(page, game, how)
        assert not page.evaluate(f"'opetusHylatty' in {_root(game)}.dataset"), (
            how,
            page.locator(f"{root} [data-opetus-palaute]").inner_text(),
        )
        steps += 1
        assert steps < 200
    data = page.evaluate(f"JSON.parse({_root(game)}.dataset.opetus)")
    assert steps == len(data["steps"]) >= 10
    assert all(i <= 1 for i in passes) and (0 in passes) == (game == "gin"), passes
    # the end: the score's explanation from its heading on the screen, the link to Pelaa focused
    top = page.evaluate(f"{_root(game)}.querySelector('.opetus-loppu h3').getBoundingClientRect().top")
    assert 0 <= top < 740 / 3, top
    assert page.evaluate("document.activeElement.matches('.opetus-loppu a[href*=\"pelaa/?peli=\"]')")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    assert news > 0 or game == "gin", news  # (gin lays nothing on the table before the knock)
    # the deal over: no tapping hint, no buttons of moves; it can be played again from the start,
    # by the keyboard (the next stop after the link to Pelaa) or by a tap
    text = page.locator(root).inner_text()
    assert "napauta" not in text and page.locator(f"{root} .pelaa-toiminnot").count() == 0, text
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Aloita opetusjako alusta"
    page.keyboard.press("Enter")
    page.wait_for_function(f"!('opetusValmis' in {_root(game)}.dataset)", timeout=ENGINE_TIMEOUT)
    _idle(page, game)
    assert _instruction(page, game) == first
    assert page.evaluate("document.activeElement.hasAttribute('data-opetus-seuraava')")
    assert page.locator(f"{root} .pelaa-toiminnot button").count() > 0
    assert not p.errors, p.errors


def test_the_start_line_says_starting_once_the_download_is_done(phone, server):  # noqa: F811
    """The guided deal and Pelaa share the engine start's status line: while the runtime downloads it
    counts the bytes, and once they are all in (Pyodide setting up, which can take seconds on a phone)
    it says the engine is starting instead of showing a finished download as still loading."""
    page = phone.new_page()
    page.goto(server + GAMES["rommi51"])
    lines = page.evaluate(
        """async () => {
            const { startText } = await import(new URL("/assets/moottori.js", location.href).href);
            const t = performance.now();
            return [
                startText({ loaded: 3.2e6, total: 14.1e6, phase: "lataus", started: t }),
                startText({ loaded: 14.1e6, total: 14.1e6, phase: "käynnistys", started: t - 15000 }),
                startText(),
            ];
        }"""
    )
    page.close()
    assert lines[0].startswith("Sääntömoottori latautuu… (3,2 / 14,1 Mt, ")
    assert lines[1] == "Sääntömoottori käynnistyy… (15 s)"
    assert lines[2] == "Sääntömoottori käynnistyy…"
