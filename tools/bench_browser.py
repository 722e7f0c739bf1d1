"""Browser figures for the practice widgets (a benchmark, not a test): ``python -m tools.bench_browser``.

Builds the site into a temporary folder, serves it on 127.0.0.1 and drives Debian's Chromium:

- bare Pyodide start in a module worker (a probe page added to the temporary copy only);
- page load → first widget's engine ready, cold (empty cache) and warm (repeat visit);
- one answer check (page → worker → engine → page) and the engine's own time for it;
- bytes transferred for a page with a widget, cold and warm.
"""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from .templating import ROOT

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare</title><script type="module">
const w = new Worker("./bare-worker.js", {type: "module"});
const t = performance.now();
w.onmessage = (e) => { window.bareMs = e.data; window.barePageMs = performance.now(); };
</script>"""
BARE_WORKER = """const t0 = performance.now();
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", new URL("./", import.meta.url)).href);
await loadPyodide({ indexURL: new URL("pyodide/", new URL("./", import.meta.url)).href });
self.postMessage(performance.now() - t0);"""


def _serve(directory: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    tmp = Path(tempfile.mkdtemp())
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if subprocess.run([sys.executable, "-m", "tools.build"], cwd=ROOT, env=env).returncode:
        return 1
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(tmp / "site")], cwd=ROOT, env=env,
                   check=True)
    site = tmp / "site"
    (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (site / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    httpd, base = _serve(site)
    figures: dict[str, list[float]] = {k: [] for k in
                                       ("bare", "bare_worker", "cold", "cold_worker", "warm", "warm_worker",
                                        "check", "engine", "cold_bytes", "warm_bytes")}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(runs):
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(base + "/bare.html")
            page.wait_for_function("window.bareMs", timeout=120000)
            figures["bare"].append(page.evaluate("window.barePageMs"))
            figures["bare_worker"].append(page.evaluate("window.bareMs"))
            ctx.close()
            profile = tempfile.mkdtemp()   # a real profile with a disk cache, as a reader's browser has
            ctx = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", args=ARGS,
                                                       viewport={"width": 390, "height": 844})
            for visit in ("cold", "warm"):
                page = ctx.new_page()
                sizes: list[int] = []
                page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]
                                                                  + r.sizes()["responseHeadersSize"]))
                page.goto(base + "/perusrommi/#pisteet")
                page.locator("#pisteet-perusrommi").scroll_into_view_if_needed()
                page.wait_for_function("window.rommikirjaEngine && window.rommikirjaEngine.pageMs", timeout=120000)
                figures[visit].append(page.evaluate("window.rommikirjaEngine.pageMs"))
                figures[f"{visit}_worker"].append(page.evaluate("window.rommikirjaEngine.ms"))
                w = page.locator("#pisteet-perusrommi")
                w.locator("input.vastaus").fill("1")
                w.get_by_role("button", name="Tarkista").click()
                page.wait_for_function("el => el.dataset.result", arg=w.element_handle())
                figures["check"].append(float(w.get_attribute("data-last-check-ms")))
                figures["engine"].append(float(w.get_attribute("data-last-engine-ms")))
                page.wait_for_timeout(300)
                figures[f"{visit}_bytes"].append(sum(sizes))
                page.close()
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
        browser.close()
    httpd.shutdown()
    shutil.rmtree(tmp, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in figures.items()}
    print(f"runs: {runs} (medians), Chromium headless, page /perusrommi/, served from 127.0.0.1")
    print(f"bare Pyodide start (module worker, from navigation): {med['bare']:7.0f} ms"
          f"  (inside the worker {med['bare_worker']:.0f} ms)")
    print(f"first widget ready, cold cache (from navigation):    {med['cold']:7.0f} ms"
          f"  (inside the worker {med['cold_worker']:.0f} ms: +{med['cold_worker'] - med['bare_worker']:.0f} ms"
          " over bare Pyodide)")
    print(f"first widget ready, repeat visit (warm cache):       {med['warm']:7.0f} ms"
          f"  (inside the worker {med['warm_worker']:.0f} ms)")
    print(f"one answer check, page round trip:                   {med['check']:7.1f} ms"
          f"  (engine {med['engine']:.1f} ms)")
    print(f"bytes transferred, cold:                             {med['cold_bytes'] / 1e6:7.2f} MB")
    print(f"bytes transferred, warm (revalidated or cached):     {med['warm_bytes'] / 1e6:7.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
