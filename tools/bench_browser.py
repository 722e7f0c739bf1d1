"""Browser figures for the practice widgets (a benchmark, not a test): ``python -m tools.bench_browser [runs]``.

Builds the site into a temporary folder, serves it on 127.0.0.1 with its precompressed copies
(``tools.siteserver``, as a static host configured per the README) and drives Debian's Chromium.
Each run, in a fresh browser profile (disk cache, service worker, Cache Storage), the bare start
first in even runs and last in odd ones (what runs first leaves the browser compiling in the
background, which slows what follows):

- bare ``loadPyodide`` of the stock runtime (``node_modules/pyodide``: its whole standard library,
  not the site's trimmed one) in a module worker (a probe page and the stock files added to the
  temporary copy only, served the same way);
- cold visit: page load → the reader touches a widget → engine ready (a normal Pyodide start, then
  the memory snapshot is made and stored), with the bytes the server sent, compressed, and what
  the same files weigh uncompressed;
- page change (Material's instant navigation) after the engine is ready: new engine starts, and
  the first answer check on the new page;
- repeat visit (a new page load in the same profile): engine ready from the cached runtime and the
  memory snapshot (started at page load, no interaction needed), step by step, and the bytes the
  server sent;
- with ``--print``: each game page's printed A4 pages (Chromium's page.pdf).

The load average is printed: the machine is shared, so compare runs made under similar load.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from .siteserver import SiteServer
from .templating import ROOT

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
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare</title><script type="module">
const w = new Worker("./bare-worker.js", {type: "module"});
w.onmessage = (e) => { window.bareMs = e.data; window.barePageMs = performance.now(); };
</script>"""
BARE_WORKER = """const t0 = performance.now();
const { loadPyodide } = await import(new URL("pyodide-stock/pyodide.mjs", new URL("./", import.meta.url)).href);
await loadPyodide({ indexURL: new URL("pyodide-stock/", new URL("./", import.meta.url)).href });
self.postMessage(performance.now() - t0);"""
READY = "window.rommikirjaEngine && window.rommikirjaEngine.readyMs"


def _check(page, wid: str) -> float:
    """Answer the widget's first button and wait for the verdict; the page round trip in ms."""
    w = page.locator(f"#{wid}")
    w.scroll_into_view_if_needed()
    w.evaluate("el => { delete el.dataset.result; }")
    w.get_by_role("button", name="Kelpaa", exact=True).click()
    page.wait_for_function("el => el.dataset.result", arg=w.element_handle(), timeout=300000)
    return float(w.get_attribute("data-last-check-ms"))


def _visit(ctx, base: str, path: str, wid: str, prefix: str, add) -> tuple:
    """Open a game page, touch a widget, wait for the engine; record its timings under ``prefix``."""
    page = ctx.new_page()
    page.goto(f"{base}/{path}/")
    w = page.locator(f"#{wid}")
    w.scroll_into_view_if_needed()
    w.locator(".harjoitus-otsikko").click()
    page.wait_for_function(READY, timeout=300000)
    info = page.evaluate("window.rommikirjaEngine")
    add(prefix, info["pageMs"])
    add(f"{prefix}_click", info["readyMs"])
    add(f"{prefix}_worker", info["ms"])
    add(f"{prefix}_pyodide", info["pyodideMs"])
    return page, info


def main() -> int:
    if {"-h", "--help"} & set(sys.argv[1:]):
        print((__doc__ or "").split("\n\n")[0])
        return 0
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    runs = int(args[0]) if args else 3
    load_before = os.getloadavg()
    tmp = Path(tempfile.mkdtemp())
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if subprocess.run([sys.executable, "-m", "tools.build"], cwd=ROOT, env=env).returncode:
        return 1
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(tmp / "site")], cwd=ROOT, env=env, check=True
    )
    site = tmp / "site"
    (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (site / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    stock = site / "pyodide-stock"
    stock.mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, stock / name)
        for ext in (".br", ".gz"):  # the same compressed copies as the site's own runtime
            twin = site / "pyodide" / (name + ext)
            if twin.is_file() and name != "python_stdlib.zip":
                shutil.copy2(twin, stock / (name + ext))
    server = SiteServer(site, compress=True)
    base = server.base
    f: dict[str, list[float]] = {}

    def add(key: str, value: float) -> None:
        f.setdefault(key, []).append(value)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)

        def bare() -> None:
            ctx = browser.new_context(service_workers="block")
            page = ctx.new_page()
            page.goto(base + "/bare.html")
            page.wait_for_function("window.bareMs", timeout=300000)
            add("bare", page.evaluate("window.barePageMs"))
            add("bare_worker", page.evaluate("window.bareMs"))
            ctx.close()

        for run in range(runs):
            # the bare start first in even runs, last in odd ones: what one leaves running (the
            # browser compiling in the background) slows the next, and each goes first as often
            if run % 2 == 0:
                bare()
            profile = tempfile.mkdtemp()  # a real profile with a disk cache, as a reader's browser has
            ctx = p.chromium.launch_persistent_context(
                profile, executable_path="/usr/bin/chromium", args=ARGS, viewport={"width": 1280, "height": 900}
            )
            # cold visit
            server.reset_counts()
            page, info = _visit(ctx, base, "perusrommi", "kelpaako-perusrommi", "cold", add)
            add("snapshot_make", info.get("snapshotMakeMs", float("nan")))
            add("snapshot_raw", info.get("snapshotBytes", float("nan")))
            page.wait_for_function("window.rommikirjaSnapshot && window.rommikirjaOffline", timeout=300000)
            add("snapshot_stored", page.evaluate("window.rommikirjaSnapshot.bytes"))
            add("cold_check", _check(page, "kelpaako-perusrommi"))
            add("cold_check_later", statistics.median(_check(page, "kelpaako-perusrommi") for _ in range(3)))
            add("cold_warm_up", info.get("warmMs", float("nan")))
            add("cold_bytes", server.sent)
            add("cold_bytes_raw", server.sent_raw)
            # page change after the engine is ready
            page.evaluate("document.querySelector(\"a.md-nav__link[href$='/rommi51/']\").click()")
            page.wait_for_url("**/rommi51/")
            page.wait_for_selector("#kelpaako-rommi51 .harjoitus-ui button.md-button")
            add("nav_starts", page.evaluate("window.rommikirjaStarts") - 1)
            add("nav_check", _check(page, "kelpaako-rommi51"))
            # on to Pelaa (instant navigation): the same engine
            t_pelaa = page.evaluate("performance.now()")
            page.evaluate("document.querySelector(\"a.md-nav__link[href$='/pelaa/']\").click()")
            page.wait_for_url("**/pelaa/")
            page.wait_for_function(
                "document.querySelector('.pelaa-asetukset') && "
                "document.querySelector('.pelaa-asetukset').dataset.ready === '1'",
                timeout=300000,
            )
            add("pelaa_ms", page.evaluate("performance.now()") - t_pelaa)
            add("pelaa_starts", page.evaluate("window.rommikirjaStarts") - 1)
            page.close()
            # repeat visit: a new page load in the same profile
            server.reset_counts()
            page, info = _visit(ctx, base, "gin-rommi", "kelpaako-gin", "warm", add)
            add("warm_start_snapshot", 1.0 if info["start"] == "snapshot" else 0.0)
            # the repeat path step by step, in ms from navigation (the worker's clock shifted to the page's)
            shift = info["origin"] - page.evaluate("performance.timeOrigin")
            add("warm_engine_start", info["startedAt"])
            for name in (
                "begin",
                "manifests",
                "snapshotFound",
                "compileStart",
                "restoreAhead",
                "pyodideModule",
                "moduleSetUp",
                "snapshotRead",
                "compiled",
                "pyodide",
                "imported",
            ):
                if name in info["marks"]:
                    add(f"warm_mark_{name}", info["marks"][name] + shift)
            add("warm_check", _check(page, "kelpaako-gin"))
            add("warm_bytes", server.sent)
            page.close()
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
            if run % 2 == 1:
                bare()
        printed = {}
        if "--print" in sys.argv:
            ctx = browser.new_context(service_workers="block")
            for path in ("perusrommi", "gin-rommi", "rommi", "rommi51", "sanasto"):
                page = ctx.new_page()
                page.goto(f"{base}/{path}/")
                printed[path] = len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format="A4")))
                page.close()
            ctx.close()
        browser.close()
    server.stop()
    shutil.rmtree(tmp, ignore_errors=True)
    m = {k: statistics.median(v) for k, v in f.items()}
    load_after = os.getloadavg()
    print(
        f"runs: {runs} (medians), Chromium headless, served from 127.0.0.1 with precompressed copies; "
        f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after ({os.cpu_count()} CPUs)"
    )
    print("cold visit (empty profile), /perusrommi/:")
    print(
        f"  bare loadPyodide (module worker, from navigation):   {m['bare']:7.0f} ms"
        f"  (inside the worker {m['bare_worker']:.0f} ms)"
    )
    print(
        f"  engine ready (from navigation):                     {m['cold']:7.0f} ms"
        f"  (from the engine's start {m['cold_click']:.0f} ms; worker {m['cold_worker']:.0f} ms,"
        f" of which Pyodide {m['cold_pyodide']:.0f} ms)"
    )
    print(
        f"  memory snapshot made after the start:               {m['snapshot_make']:7.0f} ms"
        f"  ({m['snapshot_raw'] / 1e6:.1f} MB raw, {m['snapshot_stored'] / 1e6:.1f} MB kept in Cache Storage)"
    )
    print(
        f"  bytes sent by the server, compressed:               {m['cold_bytes'] / 1e6:7.2f} MB"
        f"  (the same files uncompressed: {m['cold_bytes_raw'] / 1e6:.2f} MB)"
    )
    print(
        f"  first answer check after ready, page round trip:    {m['cold_check']:7.1f} ms"
        f"  (later checks {m['cold_check_later']:.1f} ms; warm-up before ready {m['cold_warm_up']:.0f} ms)"
    )
    print("page change after the engine is ready (instant navigation):")
    print(f"  new engine starts:                                  {m['nav_starts']:7.0f}")
    print(f"  first answer check on the new page:                 {m['nav_check']:7.1f} ms")
    print(f"  on to Pelaa: new engine starts {m['pelaa_starts']:.0f}, set-up form ready in {m['pelaa_ms']:.0f} ms")
    print("repeat visit (new page load, same profile), /gin-rommi/:")
    print(
        f"  engine ready (from navigation):                     {m['warm']:7.0f} ms"
        f"  (from the engine's start {m['warm_click']:.0f} ms; worker {m['warm_worker']:.0f} ms, of which"
        f" Pyodide {m['warm_pyodide']:.0f} ms; started from the snapshot in {sum(f['warm_start_snapshot']):.0f}/{runs}"
        " runs)"
    )
    steps = [
        ("engine.start() in the page", "warm_engine_start"),
        ("worker running", "warm_mark_begin"),
        ("manifests read", "warm_mark_manifests"),
        ("snapshot found", "warm_mark_snapshotFound"),
        ("wasm compilation begun", "warm_mark_compileStart"),
        ("restore begun (before the pointer)", "warm_mark_restoreAhead"),
        ("Pyodide + Emscripten modules", "warm_mark_pyodideModule"),
        ("Emscripten module set up", "warm_mark_moduleSetUp"),
        ("snapshot read", "warm_mark_snapshotRead"),
        ("wasm compiled", "warm_mark_compiled"),
        ("Pyodide restored", "warm_mark_pyodide"),
        ("engine imported", "warm_mark_imported"),
    ]
    print(
        "  step by step (ms from navigation): " + ", ".join(f"{label} {m[key]:.0f}" for label, key in steps if key in m)
    )
    print(f"  bytes sent by the server:                           {m['warm_bytes'] / 1e6:7.2f} MB")
    print(f"  one answer check, page round trip:                  {m['warm_check']:7.1f} ms")
    ratio = {
        k: [a / b for a, b in zip(f[x], f[y])]
        for k, x, y in (
            ("cold_vs_bare", "cold", "bare"),
            ("warm_vs_cold", "warm", "cold"),
            ("first_vs_later", "cold_check", "cold_check_later"),
        )
    }
    r = {k: statistics.median(v) for k, v in ratio.items()}
    print("targets (issue 24; ratios per run, then the median):")
    print(
        f"  cold bytes compressed {m['cold_bytes'] / 1e6:.2f} MB (target <= 4.0): "
        f"{'ok' if m['cold_bytes'] <= 4.0e6 else 'NOT MET'}"
    )
    for key, label, target in (
        ("cold_vs_bare", "cold engine-ready / bare loadPyodide", 0.8),
        ("warm_vs_cold", "repeat visit / cold", 0.12),
        ("first_vs_later", "first check / later check", 2.0),
    ):
        runs_text = ", ".join(f"{v:.2f}" for v in ratio[key])
        print(
            f"  {label}: {r[key]:.2f} (runs {runs_text}; target <= {target}): {'ok' if r[key] <= target else 'NOT MET'}"
        )
    if "--print" in sys.argv:
        print("printed A4 pages (Chromium page.pdf): " + ", ".join(f"{k} {v}" for k, v in printed.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
