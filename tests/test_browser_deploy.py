"""A deploy between two visits: a reader practises on build A (the engine started, its runtime and
memory snapshot cached), build B with a changed engine is deployed (the real builds, in the copy
of tests/deploy_project.py), and the returning reader gets B's engine, online and then offline:
never A's engine from a cache, never a snapshot of A's wheel under B's name."""

from __future__ import annotations

import json
import re
import threading
import time

import pytest

from deploy_project import ONLY_B
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser import ENGINE_TIMEOUT, Page, answer, result
from test_browser import browser  # noqa: F401  (a browser for this module too)
from tools.siteserver import SiteServer

# what the engine says to a request that only B's engine answers in its own words
SAYS = "window.rommikirja.call({op: 'check'}).then(() => 'ok', (e) => e.message)"
SNAPSHOTS = "caches.open('rommikirja-snapshot').then((c) => c.keys()).then((ks) => ks.map((r) => r.url))"


HEX = "(b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('')"
CORRUPT = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("rommikirja-ajo-"));
  const pointer = await (await fetch("/data/runtime.json", { cache: "no-store" })).json();
  for (const name of names) {
    const cache = await caches.open(name);
    for (const rel of ["pyodide/" + pointer.wheel, "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"]) {
      await cache.put(new URL(rel, location.origin).href, new Response("vioittunut kopio"));
    }
  }
  const snapshots = await caches.open("rommikirja-snapshot");
  await snapshots.put(new URL("/pyodide/snapshot-0-0000000000000000.raw", location.origin).href, new Response("vanha"));
}"""
# every runtime file in the service worker's runtime cache is there and is right
CACHE_RIGHT = (
    """async () => {
  const hex = %s;
  const pointer = await (await fetch("/data/runtime.json", { cache: "no-store" })).json();
  const names = (await caches.keys()).filter((n) => n.startsWith("rommikirja-ajo-"));
  if (names.length !== 1) return false;
  const cache = await caches.open(names[0]);
  for (const [rel, meta] of Object.entries(pointer.files)) {
    const hit = await cache.match(new URL(rel, location.origin).href);
    if (!hit) return false;
    if (hex(await crypto.subtle.digest("SHA-256", await hit.arrayBuffer())) !== meta.sha256) return false;
  }
  return true;
}"""
    % HEX
)


def sw_version(site) -> str:
    head = (site / "sw.js").read_text(encoding="utf-8").splitlines()[1]
    return json.loads(re.fullmatch(r"const BUILD = (.*);", head).group(1))["version"]


def page_build(site, page="index.html") -> str:
    """The build id a page's <head> names (tools/site_hooks.py)."""
    found = re.search(
        r'<meta name="rommikirja-rakennus" content="([0-9a-f]+)">', (site / page).read_text(encoding="utf-8")
    )
    return found.group(1)


# a link of the site's navigation, clicked as a reader would (Material's instant navigation)
NAV_CLICK = "(href) => document.querySelector(`a.md-nav__link[href$='${href}']`).click()"


def wheel_hash(site) -> str:
    pointer = json.loads((site / "data" / "runtime.json").read_text(encoding="utf-8"))
    return pointer["files"][f"pyodide/{pointer['wheel']}"]["sha256"]


# every message a page gets from a service worker, with who sent it and who controlled the page
MESSAGES = """
if ("serviceWorker" in navigator) {
  window.rommikirjaMessages = [];
  navigator.serviceWorker.addEventListener("message", (event) => {
    const c = navigator.serviceWorker.controller;
    window.rommikirjaMessages.push({ data: event.data, from: event.source && event.source.scriptURL,
      sameAsController: event.source === c, controller: c && c.scriptURL,
      at: Math.round(performance.now()) });
  });
}"""
# what the page knows of its offline state
OFFLINE_STATE = """async () => {
  const sw = navigator.serviceWorker;
  const reg = await sw.getRegistration();
  const who = (w) => w && { state: w.state, script: w.scriptURL };
  return {
    offline: window.rommikirjaOffline || null,
    prefetch: window.rommikirjaPrefetch || null,
    engine: window.rommikirjaEngine || null,
    controller: who(sw.controller),
    registration: reg && { active: who(reg.active), waiting: who(reg.waiting), installing: who(reg.installing) },
    caches: await caches.keys(),
    messages: window.rommikirjaMessages || null,
  };
}"""


def trace(label, page, log):
    """One line of the visit's offline state in the log (shown when a wait fails)."""
    state = page.page.evaluate(OFFLINE_STATE)
    reg = state["registration"] or {}
    log.append(
        f"-- {label}: controller {state['controller'] and state['controller']['state']}, "
        + ", ".join(f"{k} {v and v['state']}" for k, v in reg.items())
        + f"; caches {state['caches']}; offline {state['offline']}"
    )


# How long Chromium lets an old build's worker stay active after the new one called skipWaiting()
# (kMaxLameDuckTime in content/browser/service_worker/service_worker_registration.cc). The new
# one takes over once the old one has no pending events (the spec's Try Activate); Chromium sees
# that through the old worker's idle termination, which it skips for a worker DevTools is attached
# to, and Playwright attaches to every service worker. Chromium's one exception, "terminate as soon
# as possible", is asked for only when the waiting worker becomes installed and at its first
# skipWaiting() call (later calls wait on that one), and is lost if an event restarts the old
# worker as it stops. Then, in this test alone (a reader's browser ends the idle old worker about
# half a minute after its last event), the new worker takes over only at this cap.
LAME_DUCK_MS = 5 * 60_000


def wait_offline(page, version, log, server, timeout=ENGINE_TIMEOUT):
    """Wait until the controlling service worker says it cached this build's runtime; else fail
    saying what the page knew (its offline state, the messages it got, the workers' console)."""
    try:
        page.page.wait_for_function(
            f"window.rommikirjaOffline && window.rommikirjaOffline.version === '{version}'", timeout=timeout
        )
    except PlaywrightTimeout:
        state = page.page.evaluate(OFFLINE_STATE)
        raise AssertionError(
            f"no 'runtime cached' from build {version}'s service worker: {json.dumps(state, indent=1)}\n"
            + "\n".join(log[-40:])
            + f"\nlast requests served: {server.requests[-40:]}"
        ) from None


ENGINE_STATE = """() => ({
  state: window.rommikirja && window.rommikirja.state,
  starts: window.rommikirjaStarts || 0,
  early: window.rommikirjaEarly ? { taken: !!window.rommikirjaEarly.taken, failed: !!window.rommikirjaEarly.failed } : null,
  status: Array.from(document.querySelectorAll("[role=status], [aria-live]"), (e) => e.textContent.trim()).filter(Boolean).slice(0, 6),
})"""


def wait_engine(page, log, server):
    """Wait until the page's engine is ready; else fail saying what the page knew (the engine's
    state and status lines, the offline state, the log, the last requests)."""
    try:
        page.wait_for_function("window.rommikirjaEngine && window.rommikirjaEngine.readyMs", timeout=ENGINE_TIMEOUT)
    except PlaywrightTimeout:
        engine = page.evaluate(ENGINE_STATE)
        state = page.evaluate(OFFLINE_STATE)
        raise AssertionError(
            f"the engine was not ready: {json.dumps(engine, ensure_ascii=False)}\n{json.dumps(state, indent=1)}\n"
            + "\n".join(log[-60:])
            + f"\nlast requests served: {server.requests[-60:]}"
        ) from None


class _Held:
    """Requests for one page wait while held: B's install (which fetches every page, this one
    among them, and no visit does) stays under way until released."""

    PAGE = "/sanasto/"

    def __init__(self, log):
        self.on, self.released, self.log = threading.Event(), threading.Event(), log

    def set(self):
        self.on.set()

    def release(self):
        self.released.set()


def hold_install(server, log) -> _Held:
    held = _Held(log)
    handler = server.httpd.RequestHandlerClass.func  # the handler class of this server alone
    send_head = handler.send_head

    def waiting_send_head(self):
        if held.on.is_set() and self.path.startswith(held.PAGE):
            held.log.append(f"held {self.path}")
            held.released.wait(ENGINE_TIMEOUT / 1000)
        return send_head(self)

    handler.send_head = waiting_send_head
    return held


# "quick": B's service worker is installed while the visit open over the deploy goes on; "held":
# B's install is still under way when the reader comes back (a slow connection, a busy machine),
# so the visit begins under A's worker and B's must take over during it
@pytest.mark.parametrize("install", ["quick", "held"])
def test_a_returning_reader_gets_the_new_engine_online_and_offline(browser, deploy_project, install):  # noqa: F811
    project = deploy_project
    site = project.root / "site"
    project.restore("A", "A")
    server = SiteServer(site, compress=True)  # serves through the link: each request sees the switch
    base = server.base
    log = []
    held = hold_install(server, log) if install == "held" else None
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        ctx.add_init_script(MESSAGES)
        ctx.on("console", lambda m: log.append(f"console {m.type} {m.text}"))
        ctx.on("serviceworker", lambda w: log.append(f"service worker {w.url}"))
        # visit 1 (build A): practise; the engine starts, its runtime and snapshot are cached
        page = Page(ctx, base, "/perusrommi/")
        assert page.ready()["start"] == "normal"
        page.page.wait_for_function("window.rommikirjaSnapshot && window.rommikirjaOffline", timeout=ENGINE_TIMEOUT)
        said = page.page.evaluate(SAYS)
        assert "pitää olla JSON-olio" in said and ONLY_B not in said, said
        assert page.page.evaluate(SNAPSHOTS)[0].endswith(f"-{wheel_hash(site)[:16]}.raw")
        # cached copies that differ from the build's hashes (the wheel, the wasm, the standard
        # library) and a snapshot of another wheel: dropped, fetched again, checked
        page.page.evaluate(CORRUPT)
        page.close()
        page = Page(ctx, base, "/perusrommi/")
        wait_engine(page.page, log, server)
        assert page.page.evaluate("window.rommikirjaEngine.start") == "snapshot"
        said = page.page.evaluate(SAYS)
        assert "pitää olla JSON-olio" in said and ONLY_B not in said, said
        page.page.wait_for_function(CACHE_RIGHT, timeout=ENGINE_TIMEOUT)
        assert page.page.evaluate(SNAPSHOTS)[0].endswith(f"-{wheel_hash(site)[:16]}.raw")
        assert len(page.page.evaluate(SNAPSHOTS)) == 1
        build_a, version_a = page_build(site), sw_version(site)
        assert page.page.evaluate("window.rommikirjaBuild") == build_a
        # within build A, a page change keeps the document (instant navigation)
        page.page.evaluate("window.sameDocument = true")
        page.page.evaluate(NAV_CLICK, "/rommi/")
        page.page.wait_for_url("**/rommi/")
        page.page.wait_for_function("document.querySelector('#lisaa-rommi')")
        assert page.page.evaluate("window.sameDocument") is True
        open_a = page  # this visit goes on over the deploy

        # deploy B: the engine changed, so did a page
        for module in ("tools.build", "tools.site"):
            proc = project.run(module)
            assert proc.returncode == 0, proc.stderr
        assert project.which("site") == "B"
        if held:
            held.set()  # from now on B's install waits (it fetches every page, sanasto/ among them)
        version_b, wheel_b = sw_version(site), wheel_hash(site)
        build_b = page_build(site)
        assert build_b != build_a and page_build(site, "rommi/index.html") == build_b

        # the visit still open on A's scripts changes page: B's page is loaded in whole, with B's
        # scripts and B's engine, never B's page under A's scripts
        p = open_a.page
        p.evaluate(NAV_CLICK, "/perusrommi/")
        p.wait_for_url("**/perusrommi/")
        p.wait_for_function("window.rommikirjaBuild && !window.sameDocument", timeout=ENGINE_TIMEOUT)
        assert p.evaluate("window.rommikirjaBuild") == build_b
        assert p.evaluate("document.querySelector('meta[name=rommikirja-rakennus]').content") == build_b
        wait_engine(p, log, server)
        assert p.evaluate(SAYS).endswith(ONLY_B)
        trace("the open visit, reloaded into B, engine ready", open_a, log)
        # and within B, page changes are instant again (one document, one engine)
        p.evaluate("window.sameDocument = true")
        p.evaluate(NAV_CLICK, "/rommi/")
        p.wait_for_url("**/rommi/")
        p.wait_for_function("document.querySelector('#lisaa-rommi')")
        assert p.evaluate("window.sameDocument") is True and p.evaluate("window.rommikirjaStarts") == 1
        trace("the open visit closing", open_a, log)
        open_a.close()

        # visit 2, online: B's engine (a snapshot of A's wheel is never restored)
        page = Page(ctx, base, "/perusrommi/")
        wait_engine(page.page, log, server)
        assert page.page.evaluate(SAYS).endswith(ONLY_B)
        # the visit above (reloaded into B) made B's snapshot: that one, never A's, is restored
        assert page.page.evaluate("window.rommikirjaEngine.start") == "snapshot"
        assert all(url.endswith(f"-{wheel_b[:16]}.raw") for url in page.page.evaluate(SNAPSHOTS))
        trace("visit 2, engine ready", page, log)
        w = page.widget("kelpaako-perusrommi")
        answer(w, page.data("kelpaako-perusrommi"), True)
        assert result(w)[0] == "oikein"
        trace("visit 2, answered", page, log)
        if held:
            # this visit is under A's worker: B's has not taken over (that removes A's caches)
            assert f"rommikirja-sivut-{version_a}" in page.page.evaluate("caches.keys()"), log[-3:]
            held.release()  # B's install finishes now, with visit 2 under A's worker
        # B's service worker takes over and caches B's runtime; the snapshot is B's alone. Held, B
        # takes over once A has no pending events, which Chromium may notice only at its cap (above)
        released = time.monotonic()
        wait_offline(page, version_b, log, server, LAME_DUCK_MS + ENGINE_TIMEOUT if held else ENGINE_TIMEOUT)
        log.append(f"-- B's runtime cached {time.monotonic() - released:.1f} s after the release")
        assert "error" not in page.page.evaluate("window.rommikirjaOffline")
        page.page.wait_for_function(CACHE_RIGHT, timeout=ENGINE_TIMEOUT)
        snapshots = page.page.evaluate(SNAPSHOTS)
        assert len(snapshots) == 1 and snapshots[0].endswith(f"-{wheel_b[:16]}.raw"), snapshots
        page.close()
        server.stop()

        # visit 3, offline: still B's engine, from B's snapshot and B's cached runtime
        page = Page(ctx, base, "/perusrommi/")
        info = page.ready()
        assert info["start"] == "snapshot", info
        assert page.page.evaluate(SAYS).endswith(ONLY_B)
        w = page.widget("kelpaako-perusrommi")
        answer(w, page.data("kelpaako-perusrommi"), True)
        assert result(w)[0] == "oikein"
        page.close()
        ctx.close()
    finally:
        if held:
            held.release()
        server.stop()
