"""The practice widgets in a real browser: Debian's Chromium driven by Playwright against the built
site served on 127.0.0.1. For every widget kind a right and a wrong answer, checked by the engine
running under Pyodide; no console errors; no request leaves the site; readable without JavaScript."""
import functools
import http.server
import json
import threading

import pytest
from playwright.sync_api import expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ENGINE_TIMEOUT = 90_000


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server(site):
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Page:
    """A page with its console errors and the hosts it requested."""

    def __init__(self, browser, server, path, **context):
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, **context)
        self.page = self.context.new_page()
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
        return json.loads(self.page.locator(f"#{wid} script.harjoitus-data").text_content())

    def ready(self):
        """Scroll to the first widget, as a reader would: that starts the engine."""
        self.page.locator(".harjoitus").first.scroll_into_view_if_needed()
        self.page.wait_for_function("window.rommikirjaEngine && window.rommikirjaEngine.readyMs",
                                    timeout=ENGINE_TIMEOUT)

    def close(self):
        host = self.server.split("/")[2]
        assert self.errors == []
        assert self.hosts <= {host}, self.hosts
        self.context.close()


def result(widget):
    widget.page.wait_for_function("el => el.dataset.result", arg=widget.element_handle(),
                                  timeout=ENGINE_TIMEOUT)
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


ANSWER = {"pisteet": answer_pisteet, "kelpaako": answer_kelpaako, "lisaa": answer_lisaa,
          "jarjesta": answer_jarjesta, "koputus": answer_koputus, "nostopakka": answer_nostopakka,
          "avaus": answer_avaus}
NEEDS_QUESTION = {"lisaa", "avaus"}

PAGES = {
    "/perusrommi/": ["kelpaako-perusrommi", "lisaa-perusrommi", "pisteet-perusrommi", "nostopakka-perusrommi"],
    "/gin-rommi/": ["kelpaako-gin", "jarjesta-gin", "koputus-gin"],
    "/rommi/": ["lisaa-rommi", "pisteet-rommi", "nostopakka-rommi"],
    "/rommi51/": ["kelpaako-rommi51", "avaus-rommi51", "pisteet-rommi51"],
}


@pytest.mark.parametrize("path", sorted(PAGES))
def test_widgets_check_right_and_wrong_answers(browser, server, path):
    page = Page(browser, server, path)
    page.ready()
    for wid in PAGES[path]:
        w = page.widget(wid)
        data = page.data(wid)
        kind, sol, q = data["question"]["kind"], data["solution"], data["question"]
        fn = ANSWER[kind]
        for right in (True, False):
            reset(w)
            if kind in NEEDS_QUESTION:
                fn(w, sol, right, q)
            else:
                fn(w, sol, right)
            verdict, text = result(w)
            assert verdict == ("oikein" if right else "vaarin"), (wid, right, text)
            assert text.startswith("✔" if right else "✘")
            if not right:
                assert len(text) > 30, text       # an explanation, not just "väärin"
    page.close()


def test_every_kind_has_a_widget():
    kinds = {wid.split("-")[0] for ids in PAGES.values() for wid in ids}
    assert kinds == set(ANSWER)


def test_page_is_readable_without_javascript(browser, server):
    page = Page(browser, server, "/perusrommi/", java_script_enabled=False)
    p = page.page
    assert p.locator("h1").inner_text().startswith("Perusrommi")
    boxes = p.locator("details.example")          # example boxes are folded and open without scripts
    assert boxes.count() > 30
    boxes.first.locator("summary").click()
    expect(boxes.first).to_have_attribute("open", "")
    expect(boxes.first.locator(".lahde")).to_be_visible()
    static = p.locator("#pisteet-perusrommi .harjoitus-staattinen")
    expect(static).to_be_visible()
    assert "Montako pistettä" in static.inner_text()
    static.locator("summary").click()
    assert "pistettä" in static.locator("details").inner_text()
    page.close()


def test_widgets_render_before_the_engine_is_ready(browser, server):
    page = Page(browser, server, "/gin-rommi/")
    w = page.page.locator("#jarjesta-gin")        # not scrolled into view: the engine is not started
    expect(w.locator(".harjoitus-ui button.kortti")).to_have_count(10)
    assert w.get_attribute("data-engine") in ("idle", "loading")
    page.close()


def test_new_hand_seed_is_in_the_address(browser, server):
    page = Page(browser, server, "/perusrommi/")
    page.ready()
    w = page.widget("kelpaako-perusrommi")
    w.get_by_role("button", name="Uusi käsi").click()
    page.page.wait_for_function("location.search.includes('kelpaako-perusrommi=')")
    w.locator(".harjoitus-ui button.md-button").first.wait_for()
    shown = w.locator(".harjoitus-ui .kortti").all_inner_texts()
    url = page.page.url
    page.close()
    again = Page(browser, server, url.split(server)[1])
    again.ready()
    w2 = again.widget("kelpaako-perusrommi")
    expect(w2.locator(".harjoitus-ui .kortti")).to_have_count(len(shown), timeout=ENGINE_TIMEOUT)
    assert w2.locator(".harjoitus-ui .kortti").all_inner_texts() == shown
    again.close()


def test_points_with_and_without_rummy_doubling(browser, server):
    page = Page(browser, server, "/perusrommi/")
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
    answer_pisteet(w, {"points": sol["points"]}, True)      # the doubled figure is now wrong
    verdict, text = result(w)
    assert verdict == "vaarin" and str(sol["points"] // 2) in text
    page.close()
