"""The practice widgets when things go wrong: the engine cannot start (a runtime file is missing),
a request never ends (a worker that stops answering), and the network is gone (the server stopped
after one visit). Each has its own server and browsing context, so the caches start empty."""

import re

from playwright.sync_api import expect

from test_browser import ENGINE_TIMEOUT, PAGES, Page, answer, result
from test_browser import browser  # noqa: F401  (a browser for this module too)
from tools.siteserver import SiteServer


def test_engine_failure_ends_with_a_finnish_message_and_a_way_on(browser, site):  # noqa: F811
    with SiteServer(site) as base:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        broken = {"on": True}

        def missing(route):
            if broken["on"]:
                route.fulfill(status=404, body="")
            else:
                route.continue_()

        ctx.route(re.compile(r".*/pyodide\.asm\.wasm$"), missing)
        page = Page(ctx, base, "/perusrommi/?lisaa-perusrommi=1234", own=True)
        page.errors_expected = True
        p = page.page
        w = page.widget("kelpaako-perusrommi")
        w.get_by_role("button", name="Kelpaa", exact=True).click()
        # within 5 s: a Finnish message, the worked answer still reachable, a retry button
        expect(w.locator(".harjoitus-palaute")).to_contain_text("Vastausta ei voitu tarkistaa", timeout=5000)
        expect(w.locator(".harjoitus-tila")).to_contain_text("Sääntömoottori ei käynnistynyt", timeout=5000)
        assert "Error" not in w.inner_text() and "object" not in w.inner_text()
        w.get_by_role("button", name="Näytä ratkaisu").click()
        assert page.data("kelpaako-perusrommi")["solution"]["lines"][0] in w.locator(".harjoitus-palaute").inner_text()
        # the shared hand that could not be dealt: a message, and a way back to the default hand
        shared = page.widget("lisaa-perusrommi")
        expect(shared).to_contain_text("Kättä numero 1234 ei voitu jakaa", timeout=5000)
        shared.get_by_role("button", name="Näytä ratkaisu").click()
        assert page.data("lisaa-perusrommi")["solution"]["lines"][0] not in shared.inner_text()
        shared.get_by_role("button", name="Näytä oletuskäsi").click()
        expect(shared.locator(".harjoitus-ui button.kortti").first).to_be_visible()
        # each request tried a quick failure once more at once: the check, the shared hand's deal
        failed = p.evaluate("window.rommikirjaStarts")
        assert failed >= 3, failed
        # "Yritä uudelleen" restarts the engine; with the file back it starts
        broken["on"] = False
        w.get_by_role("button", name="Yritä uudelleen").click()
        p.wait_for_function("window.rommikirjaEngine && window.rommikirjaEngine.readyMs", timeout=ENGINE_TIMEOUT)
        assert p.evaluate("window.rommikirjaStarts") == failed + 1
        w.get_by_role("button", name="Kelpaa", exact=True).click()
        assert result(w)[0] in ("oikein", "vaarin")
        page.errors = [e for e in page.errors if "404" not in e and "wasm" not in e.lower()]
        page.close()


def test_a_guided_deal_whose_engine_failed_starts_at_the_next_press(browser, site):  # noqa: F811
    """The runtime is missing at the first press of "Aloita opetusjako": a Finnish message and the
    button again; with the file back, the next press starts the engine afresh and the deal."""
    with SiteServer(site) as base:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        broken = {"on": True}
        ctx.route(
            re.compile(r".*/pyodide\.asm\.wasm$"),
            lambda route: route.fulfill(status=404, body="") if broken["on"] else route.continue_(),
        )
        page = Page(ctx, base, "/perusrommi/", own=True)
        page.errors_expected = True
        p = page.page
        begin = p.locator("#opetus-perusrommi [data-opetus-aloita]")
        begin.click()
        expect(p.locator("#opetus-perusrommi .opetus-tila")).to_contain_text(
            "Opetusjakoa ei voitu aloittaa", timeout=ENGINE_TIMEOUT
        )
        expect(begin).to_be_enabled()
        assert not p.locator("#opetus-perusrommi .opetus-vaihe").count()
        broken["on"] = False
        assert p.evaluate("window.rommikirjaStarts") == 2  # (started, and tried once more at once)
        begin.click()
        p.wait_for_function("document.querySelector('#opetus-perusrommi .opetus-vaihe')", timeout=ENGINE_TIMEOUT)
        assert p.evaluate("window.rommikirjaStarts") == 3
        assert p.locator("#opetus-perusrommi .opetus-tila").inner_text() == ""
        page.errors = [e for e in page.errors if "404" not in e and "wasm" not in e.lower()]
        page.close()


def test_an_engine_start_that_fails_once_is_tried_again_without_the_reader(browser, site):  # noqa: F811
    """The runtime's first download fails (a dropped connection): the check the reader asked for
    starts the engine once more by itself and is answered; no failure is shown."""
    with SiteServer(site) as base:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        tries = []

        def once(route):
            tries.append(route.request.url)
            route.fulfill(status=503, body="") if len(tries) == 1 else route.continue_()

        ctx.route(re.compile(r".*/pyodide\.asm\.wasm$"), once)
        page = Page(ctx, base, "/perusrommi/", own=True)
        page.errors_expected = True
        p = page.page
        w = page.widget("kelpaako-perusrommi")
        answer(w, page.data("kelpaako-perusrommi"), True)
        assert result(w)[0] == "oikein"
        assert p.evaluate("window.rommikirjaStarts") == 2 and len(tries) == 2, tries
        assert "ei käynnistynyt" not in w.inner_text()
        page.errors = [e for e in page.errors if "503" not in e and "wasm" not in e.lower()]
        page.close()


def test_offline_after_one_visit(browser, site):  # noqa: F811
    server = SiteServer(site, compress=True)
    base = server.base
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = Page(ctx, base, "/perusrommi/")
        page.ready()
        assert page.page.evaluate("window.rommikirjaEngine.start") == "normal"
        page.page.wait_for_function("window.rommikirjaSnapshot && window.rommikirjaOffline", timeout=ENGINE_TIMEOUT)
        assert "error" not in page.page.evaluate("window.rommikirjaOffline")
        page.close()
        server.stop()
        # every page reads, and every page's widgets are checked by the engine, with no network
        for path, wids in sorted(PAGES.items()) + [("/", []), ("/sanasto/", [])]:
            visit = Page(ctx, base, path)
            assert visit.page.locator("h1").count() == 1
            if wids:
                info = visit.ready()
                assert info["start"] == "snapshot", info
                # a repeat visit's worker is started from the page's <head> (tools/engine_early.js)
                assert info.get("early") is True, info
                w = visit.widget(wids[0])
                answer(w, visit.data(wids[0]), True)
                assert result(w)[0] == "oikein", path
            visit.close()
        ctx.close()
    finally:
        server.stop()


HUNG_WORKER = """self.onmessage = (e) => {
  if (e.data.request.op === "start") self.postMessage({ id: e.data.id, ok: true, result: { ms: 1, start: "normal" } });
};  // answers the start, then never again"""


def test_a_request_that_never_ends_is_retried_once_then_explained(browser, site):  # noqa: F811
    with SiteServer(site) as base:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        ctx.add_init_script("window.rommikirjaBounds = { request: 1500 };")
        ctx.route(
            re.compile(r".*/assets/rommi-worker\.js$"),
            lambda route: route.fulfill(status=200, body=HUNG_WORKER, content_type="text/javascript"),
        )
        page = Page(ctx, base, "/perusrommi/", own=True)
        w = page.widget("kelpaako-perusrommi")
        w.get_by_role("button", name="Kelpaa", exact=True).click()
        expect(w.locator(".harjoitus-palaute")).to_contain_text("Tarkistetaan")
        expect(w.locator(".harjoitus-palaute")).to_contain_text("ei vastannut", timeout=5000)
        assert page.page.evaluate("window.rommikirjaStarts") == 2  # restarted once for the retry
        w.get_by_role("button", name="Näytä ratkaisu").click()
        assert page.data("kelpaako-perusrommi")["solution"]["lines"][0] in w.locator(".harjoitus-palaute").inner_text()
        page.close()


def test_offline_after_visiting_only_the_front_page(browser, site):  # noqa: F811
    """The first page of a visit, whichever it is, caches the runtime in the background (a fast,
    cheap connection): after the front page alone every page reads and practises offline."""
    server = SiteServer(site, compress=True)
    base = server.base
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = Page(ctx, base, "/")
        page.page.wait_for_function("window.rommikirjaOffline", timeout=ENGINE_TIMEOUT)
        assert page.page.evaluate("window.rommikirjaPrefetch") == "started"
        assert "error" not in page.page.evaluate("window.rommikirjaOffline")
        assert page.page.evaluate("window.rommikirjaStarts") is None  # no engine was started
        page.close()
        server.stop()
        for path in ["/sanasto/", "/perusrommi/"]:
            visit = Page(ctx, base, path)
            assert visit.page.locator("h1").count() == 1
            if path in PAGES:
                assert visit.ready()["start"] == "normal"  # no snapshot yet: the cached runtime
                wid = PAGES[path][0]
                w = visit.widget(wid)
                answer(w, visit.data(wid), True)
                assert result(w)[0] == "oikein"
            visit.close()
        ctx.close()
    finally:
        server.stop()


def test_no_background_download_with_save_data(browser, site):  # noqa: F811
    """With saveData the front page registers the service worker but downloads no runtime."""
    with SiteServer(site, compress=True) as base:
        ctx = browser.new_context()
        ctx.add_init_script(
            "Object.defineProperty(navigator, 'connection', "
            "{ value: { saveData: true, effectiveType: '4g' }, configurable: true });"
        )
        runtime = []
        ctx.on("request", lambda r: runtime.append(r.url) if "/pyodide/" in r.url or r.url.endswith(".whl") else None)
        page = Page(ctx, base, "/", own=True)
        page.page.wait_for_function("window.rommikirjaPrefetch", timeout=ENGINE_TIMEOUT)
        assert page.page.evaluate("window.rommikirjaPrefetch") == "connection"
        page.page.evaluate("navigator.serviceWorker.ready")  # installed: the pages cached
        assert runtime == []
        page.close()


def test_a_first_view_downloads_each_file_once(browser, site):  # noqa: F811
    """A first visit (empty caches) to a game page, the engine started and the runtime cached for
    offline use: the server sends each file once, and what the page loaded before its service
    worker was installed is asked for once (the install takes the page's own copies from the
    HTTP cache when they are this build's, instead of asking for the page, its scripts, styles
    and search index again). Later requests through the service worker may revalidate (304)."""
    server = SiteServer(site, compress=True)
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = Page(ctx, server.base, "/perusrommi/")
        loaded = page.page.evaluate(
            "performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).concat([location.pathname])"
        )
        page.ready()
        page.page.wait_for_function("window.rommikirjaOffline", timeout=ENGINE_TIMEOUT)
        assert "error" not in page.page.evaluate("window.rommikirjaOffline")
        bodies = [path for path, _ in server.bodies]
        assert sorted({p for p in bodies if bodies.count(p) > 1}) == []
        asked = [path for path, _ in server.requests]
        first = [p for p in dict.fromkeys(loaded) if p.startswith("/") and not p.startswith("/pyodide/")]
        assert {"/perusrommi/", "/assets/moottori.js", "/assets/harjoitus.js"} <= set(first)
        assert {p: asked.count(p) for p in first if asked.count(p) != 1} == {}
        assert {p for p, status in server.requests if status not in (200, 304)} == set()
        # the page, its assets, the other pages (offline) and the runtime: all came
        assert {"/sanasto/", "/pelaa/", "/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip"} <= set(bodies)
        page.close()
        ctx.close()
    finally:
        server.stop()


def test_the_solution_of_a_hand_still_being_dealt_offers_the_default_hand(browser, site):  # noqa: F811
    """A shared hand waits for the engine (here it never starts): "Näytä ratkaisu" says so and
    gives the button it names, which brings the default hand back."""
    with SiteServer(site) as base:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        ctx.route(re.compile(r".*/pyodide\.asm\.wasm$"), lambda route: None)  # never answered
        page = Page(ctx, base, "/perusrommi/?lisaa-perusrommi=1234", own=True)
        shared = page.widget("lisaa-perusrommi")
        expect(shared).to_contain_text("Jaetaan kättä numero 1234", timeout=5000)
        shared.get_by_role("button", name="Näytä ratkaisu").click()
        feedback = shared.locator(".harjoitus-palaute")
        expect(feedback).to_contain_text("”Näytä oletuskäsi”", timeout=5000)
        feedback.get_by_role("button", name="Näytä oletuskäsi").click()
        expect(shared.locator(".harjoitus-ui button.kortti").first).to_be_visible()
        assert "lisaa-perusrommi" not in page.page.url
        page.close()
