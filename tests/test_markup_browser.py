"""No injected script runs on a built page (Chromium, Playwright): a copy of the project with a
club preset and scenario whose title and text are hostile but accepted (quotes, ampersands,
parentheses, own links, emphasis), and with raw attacks written straight into the generated
Markdown of the club page, a game page and the front page after the build (what would reach
MkDocs if verify were bypassed). The built pages must hold no event handler, ``style`` or script
URL (game page, club page, front page, ``<head>``), no injected handler may run on load, hover or
click (a window flag and Playwright's dialog event), and the titles reach ``<title>``, the
navigation, the front page and the heading as plain text."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from playwright.sync_api import sync_playwright

from test_editor import ENV, ROOT, copy_project, run
from tools.markup import check_page
from tools.siteserver import SiteServer

CHROMIUM = "/usr/bin/chromium"
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

TITLE = "Kerhon ”paras” rommi – (versio kaksi)!"
PRESET = f"""\
name: kerho-testi
title: {TITLE}
base: rommi
max_turnovers: 1
"""
#: accepted by verify: the text keeps only prose, emphasis, own links and what autoescaping makes
TEXT = (
    "  **{{ names[0] }}** voittaa – katso [sanasto](sanasto.md#kortit) tai [alempana](#pisteet); "
    "*kaikki* & ”lainaus” (sulut) ’heittomerkki’ ja O'Neill-tyyli.\n"
)


def attacks(n0: int) -> str:
    """Raw attacks, each with a visible marker INJ<n> to hover and click; every handler sets the flag."""
    f = "window.__pwned=(window.__pwned||[]).concat"
    out = [
        f'<img src="#" onerror="{f}([{n0}])" alt="INJ{n0}">',
        f'<p onmouseover="{f}([{n0 + 1}])" style="position:fixed;inset:0;z-index:99">INJ{n0 + 1}</p>',
        f'[INJ{n0 + 2}](javascript:{f}([{n0 + 2}]))',
        f'<a href="java&NewLine;script&colon;{f}([{n0 + 3}])">INJ{n0 + 3}</a>',
        f'Kappale INJ{n0 + 4}\n{{: onclick="{f}([{n0 + 4}])" style="position:fixed;inset:0" }}',
        f'![INJ{n0 + 5}](#){{: onerror="{f}([{n0 + 5}])" }}',
        f'## Otsikko INJ{n0 + 6} {{: onclick="{f}([{n0 + 6}])" #pisteet }}',
        f'<svg onload="{f}([{n0 + 7}])"><text>INJ{n0 + 7}</text></svg>',
        f'<script>{f}([{n0 + 8}]); alert({n0 + 8})</script>',
        f'<details open ontoggle="{f}([{n0 + 9}])"><summary>INJ{n0 + 9}</summary></details>',
        f'<iframe srcdoc="&lt;script&gt;parent.__pwned=[{n0 + 10}]&lt;/script&gt;"></iframe>',
        f'<a href="#" onfocus="{f}([{n0 + 11}])" autofocus tabindex="1">INJ{n0 + 11}</a>',
        f'<noscript><p title="</noscript><img src=# onerror={f}([{n0 + 12}])>"></p></noscript>',
    ]
    return "\n\n" + "\n\n".join(out) + "\n"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile")
    repo = copy_project(tmp / "repo", full=True)
    (repo / "scenarios" / "rules" / "kerho-testi.yaml").write_text(PRESET, encoding="utf-8")
    folder = repo / "scenarios" / "kerho-testi"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    points = (ROOT / "scenarios" / "rommi" / "f06-miinuspisteet.yaml").read_text(encoding="utf-8")
    points = re.sub(r"^source: .*$", "source: kerho", points.replace("game: rommi", "game: kerho-testi"), flags=re.M)
    points = re.sub(r"^title: .*$", "title: Kerhon – ”lainattu” (sulut) esimerkki!", points, flags=re.M)
    points = points.replace("text: |\n", "text: |\n" + TEXT, 1)
    (folder / "k01-pisteet.yaml").write_text(points, encoding="utf-8")
    build = run(repo, "-m", "tools.build")
    assert build.returncode == 0, build.stderr
    # the attacks, written where verify cannot see them: only the site's hook stands in their way
    for n0, page in ((100, "kerho-testi.md"), (200, "perusrommi.md"), (300, "index.md")):
        with open(repo / "docs" / page, "a", encoding="utf-8") as fh:
            fh.write(attacks(n0))
    site = tmp / "site"
    mk = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=repo,
        capture_output=True,
        text=True,
        env=ENV,
    )
    assert mk.returncode == 0, mk.stderr
    return site


PAGES = ["kerho-testi/", "perusrommi/", ""]


def test_no_handler_style_or_script_url_reaches_a_built_page(hostile_site):
    for path in PAGES:
        html = (hostile_site / path / "index.html").read_text(encoding="utf-8")
        assert check_page(html) == [], path
        for marker in (
            "onerror",
            "onmouseover",
            "onclick",
            "onload",
            "ontoggle",
            "onfocus",
            "srcdoc",
            "javascript:",
            "java&NewLine;",
            "position:fixed",
            "<iframe",
        ):
            assert marker not in html, (path, marker)
        article = html.split("<article", 1)[1].split("</article>", 1)[0]  # the theme draws its own icons
        for marker in ("<svg", "<img", "<script", "<noscript"):
            assert marker not in article, (path, marker)
        assert "alert(" not in html and "__pwned" not in html, path
        assert html.count("INJ") >= 8, path  # the attacks' text is still there, as text
    head = (hostile_site / "kerho-testi" / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    assert f"<title>{TITLE} - Rommikirja</title>" in head


def test_no_injected_script_runs_on_load_hover_or_click(hostile_site):
    with SiteServer(hostile_site) as served, sync_playwright() as p:
        base = served.rstrip("/") + "/"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context()
            dialogs = []
            context.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            for path in PAGES:
                page = context.new_page()
                page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
                page.goto(base + path)
                page.wait_for_load_state("load")
                assert page.evaluate("window.__pwned || null") is None, path  # nothing ran on load
                markers = page.locator("text=/INJ\\d+/")
                assert markers.count() >= 8, path
                for i in range(markers.count()):
                    m = markers.nth(i)
                    if m.is_visible():
                        m.hover(timeout=5000)
                        m.click(no_wait_after=True, timeout=5000)
                        page.keyboard.press("Tab")
                page.wait_for_timeout(300)
                if page.url.split("#")[0] != base + path:  # a click left the page: come back
                    page.goto(base + path)
                found = page.evaluate("""() => {
                    const bad = [];
                    const own = el => Array.from(el.childNodes).some(n => n.nodeType === 3 && n.data.includes('INJ'));
                    for (const el of document.querySelectorAll('*')) {
                        for (const a of el.attributes) {
                            const v = a.value.replace(/[\\s\\u0000-\\u001f]/g, '').toLowerCase();
                            if (a.name.startsWith('on') || /^(javascript|data|vbscript):/.test(v)
                                || (a.name === 'style' && own(el)))
                                bad.push(el.tagName + ' ' + a.name);
                        }
                    }
                    return {flag: window.__pwned || null, bad, title: document.title,
                            heading: (document.querySelector('h1') || {}).textContent || ''};
                }""")
                assert found["flag"] is None and found["bad"] == [], (path, found)
                if path == "kerho-testi/":
                    assert found["title"] == f"{TITLE} - Rommikirja"
                    assert found["heading"].strip().startswith(TITLE)
                if path == "":
                    nav = page.locator(f"a.md-nav__link:has-text('{TITLE}')")
                    assert nav.count() >= 1 and page.locator("article").get_by_text(TITLE).count() >= 1
                page.close()
            assert dialogs == []
        finally:
            browser.close()
