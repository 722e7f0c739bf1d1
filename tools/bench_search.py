"""Search figures, measured in Chromium through Material's search dialog, per query class.

    .venv/bin/python -m tools.bench_search [--site DIR] [--queries FILE] [--cpu N] [--show]

Builds the site into a temporary folder (or takes a built one with ``--site``, e.g. main's, for the
baseline), serves it with its precompressed copies (``tools.siteserver``), opens the front page in
Debian's Chromium, and for every query of ``tests/search_queries.yaml`` types it into Material's
search input and reads the result list as a reader sees it: the section links (``page/#anchor``)
in their order, page headers skipped. Per class it prints

* best first: the first section in the list is one the query expects;
* top 3: one of the first three sections shown is (a page's further sections, folded under its
  "N lisää tällä sivulla", are not shown); top 3 (list): the same in the list's order with the
  folded ones counted where they stand;
* no result: the list has no section at all;
* ms: median time from the key press to the result list in the page.

It also prints what the search downloads (the files the dialog and its worker fetch), compressed.
``--cpu N`` slows Chromium's CPU N times (a phone); ``--show`` lists the queries that miss, with
what came first.
"""

from __future__ import annotations

import gzip
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from .templating import ROOT

#: What the dialog and its worker fetch: the index, the worker, the scripts the worker imports.
SEARCH_FILE = re.compile(r"(search_index\.json|/workers/search\.[^/]*\.js|/lunr/.*\.js|haku[^/]*\.js)$")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
QUERIES = ROOT / "tests" / "search_queries.yaml"
CLASSES = ("inflected", "compound", "question", "synonym", "typo", "phrase")

#: Run in the page: type ``q`` (value + a key-up, as Material listens to key-ups), wait until the
#: dialog has answered this query, return the section links in order and the time taken.
ASK = """async (q) => {
  const input = document.querySelector("[data-md-component=search-query]")
  const meta = document.querySelector(".md-search-result__meta")
  const list = document.querySelector(".md-search-result__list")
  if (input.value !== "") {
    const cleared = new Promise(r => new MutationObserver((_, o) => { o.disconnect(); r() })
      .observe(meta, { childList: true, characterData: true, subtree: true }))
    input.value = ""
    input.dispatchEvent(new KeyboardEvent("keyup", { key: "Backspace", bubbles: true }))
    await Promise.race([cleared, new Promise(r => setTimeout(r, 2000))])
  }
  const placeholder = meta.textContent
  let t1 = 0
  const answered = new Promise(r => new MutationObserver((_, o) => {
    if (meta.textContent !== placeholder) { t1 = performance.now(); o.disconnect(); r() }
  }).observe(meta, { childList: true, characterData: true, subtree: true }))
  input.value = q
  const t0 = performance.now()
  input.dispatchEvent(new KeyboardEvent("keyup", { key: q.slice(-1), bubbles: true }))
  await Promise.race([answered, new Promise(r => setTimeout(r, 5000))])
  // then until the list has been quiet for 50 ms (the dialog may render it after the count)
  await new Promise(r => {
    let timer = setTimeout(done, 50)
    const o = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 50) })
    o.observe(list, { childList: true, subtree: true })
    function done() { o.disconnect(); r() }
  })
  const links = [...list.querySelectorAll("a.md-search-result__link")]
    .map(a => [a.href, !!a.closest("details:not([open])")])
  return { links, ms: t1 ? t1 - t0 : null, meta: meta.textContent }
}"""


def _location(href: str, base: str) -> str | None:
    """``page/#anchor`` of a result link (Material's document location); None for a page header."""
    parts = urlsplit(href)
    if not parts.fragment:
        return None
    path = parts.path[len(urlsplit(base).path) :].lstrip("/")
    return f"{path}#{parts.fragment}"


def load_queries(path: Path = QUERIES) -> dict[str, list[dict]]:
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {c: data[c] for c in CLASSES}


def build_site() -> Path:
    tmp = Path(tempfile.mkdtemp())
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "tools.build"], cwd=ROOT, env=env, check=True, capture_output=True)
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp / "site")],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return tmp / "site"


def open_search(page, base: str) -> None:
    """The front page with the search dialog open and its worker ready (the keyboard shortcut)."""
    page.goto(base + "/")
    page.keyboard.press("s")
    page.wait_for_selector("[data-md-component=search-query]:focus")
    # the dialog answers a query only once the worker has its index: ask until it does
    for _ in range(100):
        if page.evaluate(ASK, "rommi")["ms"] is not None:
            return
        time.sleep(0.1)
    raise RuntimeError("hakuikkuna ei vastannut")


def ask(page, base: str, query: str, folded: bool = True) -> tuple[list[str], float | None]:
    """The result list's sections in order (``folded=False``: only those shown, not the ones folded
    under a page's "N lisää tällä sivulla") and the answer's time in ms."""
    out = page.evaluate(ASK, query)
    sections = [
        loc
        for loc, hidden in ((_location(h, base), f) for h, f in out["links"])
        if loc is not None and (folded or not hidden)
    ]
    return sections, out["ms"]


def measure(page, base: str, queries: dict[str, list[dict]]) -> tuple[dict, list]:
    figures: dict[str, dict] = {}
    misses = []
    for cls, items in queries.items():
        best = top3 = listed3 = none = 0
        times = []
        for item in items:
            out = page.evaluate(ASK, item["q"])
            ms = out["ms"]
            listed = [loc for loc in (_location(h, base) for h, _ in out["links"]) if loc is not None]
            sections = [
                loc
                for loc, hidden in ((_location(h, base), f) for h, f in out["links"])
                if loc is not None and not hidden
            ]
            if ms is not None:
                times.append(ms)
            expect = set(item["expect"])
            best += bool(sections) and sections[0] in expect
            top3 += bool(expect & set(sections[:3]))
            listed3 += bool(expect & set(listed[:3]))
            none += not sections
            if not sections or sections[0] not in expect:
                misses.append((cls, item["q"], sections[:3], item["expect"][0]))
        n = len(items)
        figures[cls] = {
            "n": n,
            "best": best / n,
            "top3": top3 / n,
            "listed3": listed3 / n,
            "none": none / n,
            "ms": statistics.median(times) if times else float("nan"),
        }
    return figures, misses


def download(site: Path, urls: list[str], base: str) -> tuple[int, int, int]:
    """Raw, gzip and brotli bytes of the search's files (the .gz/.br copies where the build made them)."""
    raw = gz = br = 0
    for url in urls:
        rel = urlsplit(url).path[len(urlsplit(base).path) :].lstrip("/")
        path = site / rel
        if not path.is_file():
            continue
        data = path.read_bytes()
        raw += len(data)
        g = path.with_name(path.name + ".gz")
        b = path.with_name(path.name + ".br")
        gz += g.stat().st_size if g.is_file() else len(gzip.compress(data, 9))
        br += b.stat().st_size if b.is_file() else (g.stat().st_size if g.is_file() else len(data))
    return raw, gz, br


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if {"-h", "--help"} & set(argv):
        print((__doc__ or "").split("\n\n")[1])
        return 0
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else build_site()
    queries = load_queries(Path(argv[argv.index("--queries") + 1]) if "--queries" in argv else QUERIES)
    from playwright.sync_api import sync_playwright

    from .siteserver import SiteServer

    with SiteServer(site, compress=True) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        if "--cpu" in argv:  # a phone's slower CPU (Chromium's throttling, e.g. 4 = 4× slower)
            ctx.new_cdp_session(page).send(
                "Emulation.setCPUThrottlingRate", {"rate": float(argv[argv.index("--cpu") + 1])}
            )
        fetched: list[str] = []
        ctx.on("request", lambda r: fetched.append(r.url))
        page.goto(base + "/")
        page.wait_for_load_state("networkidle")
        before = len(fetched)
        open_search(page, base)
        page.wait_for_timeout(300)
        search_files = sorted(set(u for u in fetched[before:] if SEARCH_FILE.search(urlsplit(u).path)))
        figures, misses = measure(page, base, queries)
        browser.close()
    raw, gz, br = download(site, search_files, base)
    print(
        f"search in Chromium through Material's dialog, {sum(f['n'] for f in figures.values())} queries "
        f"({QUERIES.relative_to(ROOT) if '--queries' not in argv else argv[argv.index('--queries') + 1]})"
    )
    print(
        f"  {'class':<10} {'n':>4} {'best first':>11} {'top 3':>7} {'top 3 (list)':>13} {'no result':>10} "
        f"{'ms (median)':>12}"
    )
    total = {"n": 0, "best": 0.0, "top3": 0.0, "listed3": 0.0, "none": 0.0}
    for cls, f in figures.items():
        print(
            f"  {cls:<10} {f['n']:>4} {f['best']:>11.2f} {f['top3']:>7.2f} {f['listed3']:>13.2f} "
            f"{f['none'] * 100:>9.1f}% {f['ms']:>12.1f}"
        )
        for k in ("best", "top3", "listed3", "none"):
            total[k] += f[k] * f["n"]
        total["n"] += f["n"]
    n = total["n"]
    print(
        f"  {'all':<10} {n:>4} {total['best'] / n:>11.2f} {total['top3'] / n:>7.2f} "
        f"{total['listed3'] / n:>13.2f} {total['none'] / n * 100:>9.1f}%"
    )
    print(
        f"  search download: {raw / 1000:.1f} kB raw, {gz / 1000:.1f} kB gzip, {br / 1000:.1f} kB brotli "
        f"({', '.join(urlsplit(u).path.rsplit('/', 1)[-1] for u in search_files)})"
    )
    if "--show" in argv:
        for cls, q, got, want in misses:
            print(f"  miss [{cls}] {q!r}: got {got or '—'}; want {want}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
