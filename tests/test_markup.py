"""The one markup policy (tools/markup.py): the sanitiser fed attack strings directly, our own pages
unchanged by it, the verify-time refusals of scenario texts, and the rule-set corpus
(tests/corpus/rulesets: a preset's name and title) with the standard of the scenario corpus: exit 1,
a Finnish ``file:line`` message, < 2 s CPU, nothing published."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools import markup
from tools.markup import author_problems, check_page, html_tokens, sanitize_content

from positions import DEAL, GOES_OUT, TABLE

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tests" / "corpus" / "rules"
RULESET_CORPUS = sorted((ROOT / "tests" / "corpus" / "rulesets").glob("*.yaml"))
MARKUP_SCENARIOS = sorted((ROOT / "tests" / "corpus" / "scenarios").glob("markup-*.yaml"))
MAX_SECONDS = 2.0
GOOD = DEAL + TABLE + GOES_OUT + "text: |\n  {{ names[0] }} voittaa, ja {{ names[1] }} häviää.\n"

# ---------------------------------------------------------------------------------------------
# the sanitiser itself

ATTACKS = [
    '<img src="x" onerror="alert(1)">',
    '<svg onload="alert(1)"><circle r="1"/></svg>',
    '<p onclick="alert(1)" style="position:fixed;inset:0">peitto</p>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="java&NewLine;script&colon;alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" &#106;avascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="//evil.example/x">x</a>',
    '<a href="https://evil.example/">x</a>',
    '<a href="\\\\evil.example\\x">x</a>',
    '<script>alert(1)</script>',
    '<script type="module" src="https://evil.example/x.js"></script>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
    '<details open ontoggle="alert(1)"><summary>x</summary></details>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<span class="kortti md-button" onmouseover="alert(1)">x</span>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<h2 id="x" onfocus="alert(1)" tabindex="1" autofocus>x</h2>',
    '<style>*{background:url(javascript:alert(1))}</style>',
    '<base href="javascript:alert(1)//">',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<div data-harjoitus="x" id="javascript:alert(1)" data-x="y">x</div>',
    '<a href="#x" target="_blank" rel="opener">x</a>',
    '\ue0000\ue001<img src=x onerror=alert(1)>',
]


@pytest.mark.parametrize("attack", ATTACKS)
def test_the_sanitiser_lets_no_script_through(attack):
    clean = sanitize_content(f"<p>alku</p>{attack}<p>loppu</p>")
    assert check_page(clean) == [], clean
    tokens = html_tokens(clean)
    for tok in tokens:
        if tok[0] != "<":
            continue
        tag, attrs = tok[1], dict(tok[2])
        assert tag in markup.CONTENT_TAGS, clean
        for name, value in attrs.items():
            assert not name.startswith("on") and name not in ("style", "srcdoc", "target", "rel"), clean
            if name in ("href", "src"):
                assert markup.OWN_URL.fullmatch(value) and "//" not in value, clean
            if name == "class":
                assert set(value.split()) <= markup.CONTENT_CLASSES[tag], clean
            if name == "id":
                assert ":" not in value, clean
    assert "alert" not in "".join(str(t) for t in tokens if t[0] == "<"), clean


def test_the_sanitiser_keeps_our_own_markup():
    ours = (
        '<h2 id="pisteet">Pisteet<a class="headerlink" href="#pisteet" title="Linkki">¶</a></h2>'
        '<details class="example"><summary>Esimerkki</summary><p><span class="kortti punainen" role="img" '
        'aria-label="herttaseiska" title="herttaseiska">7♥</span> <a href="../sanasto/#kortit">sanasto</a></p>'
        '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td><strong>b</strong></td></tr></tbody></table>'
        '<small class="lahde">lähde</small></details>'
        '<div class="harjoitus" id="pisteet-perusrommi" data-kind="pisteet" data-harjoitus="{&quot;a&quot;: 1}">'
        '<p class="harjoitus-otsikko" aria-hidden="true">x</p></div>'
        "<noscript><p>Sääntömoottori käynnistyy selaimessa.</p></noscript>"
    )
    assert html_tokens(sanitize_content(ours)) == html_tokens(ours)


def test_a_script_in_page_content_is_dropped_even_one_of_our_own():
    # page scripts load from mkdocs.yml (extra_javascript), so no content may carry one
    ours = '<p>a</p><script type="module" src="../assets/pelaa.js"></script><link rel="stylesheet" href="../assets/pelaa.css">'
    clean = sanitize_content(ours)
    assert "<script" not in clean and "<link" not in clean and "pelaa.js" not in clean, clean


def test_every_page_script_loads_outside_the_article(site):
    """Pelaa's script, as the widgets' and the Opetusjako's, comes with every page from the theme's
    script list (instant navigation then mounts Pelaa whichever page a visit starts on), not from
    inside the article."""
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        article = re.search(r"<article\b.*?</article>", html, re.S)
        if article is None:
            continue
        assert "<script" not in article.group(0), page
        loaded = re.findall(r'<script src="([^"]*assets/[a-z-]+\.js)" type="module">', html)
        assert [Path(src).name for src in loaded][-4:] == ["moottori.js", "harjoitus.js", "opetus.js", "pelaa.js"], (
            page,
            loaded,
        )


def test_shipped_pages_are_unchanged_by_the_sanitiser(site, tmp_path):
    """Every page's content as MkDocs renders it, before the hook: the sanitiser keeps all of it
    (our own markup is wholly in the allow-list), and the built pages pass the page check."""
    dump = tmp_path / "dump"
    hook = tmp_path / "dump_hook.py"
    hook.write_text(
        "from pathlib import Path\n"
        "def on_page_content(html, page, config, files):\n"
        f"    (Path({str(dump)!r}) / page.file.src_uri.replace('/', '_')).write_text(html)\n"
        "    return html\n",
        encoding="utf-8",
    )
    dump.mkdir()
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("docs_dir: docs", f"docs_dir: {ROOT / 'docs'}")
    config = config.replace("hooks:\n", f"hooks:\n  - {hook}\n").replace("  - tools/", f"  - {ROOT}/tools/")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "-q",
            "-f",
            str(tmp_path / "mkdocs.yml"),
            "-d",
            str(tmp_path / "site"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, proc.stderr
    pages = sorted(dump.iterdir())
    assert len(pages) >= 7
    for page in pages:
        html = page.read_text()
        assert html_tokens(sanitize_content(html)) == html_tokens(html), page.name
    for built in site.rglob("*.html"):
        assert check_page(built.read_text(encoding="utf-8")) == [], built


def test_an_id_is_kept_once():
    clean = sanitize_content('<h2 id="pisteet">a</h2><p>x</p><h2 id="pisteet">b</h2><div id="x y">c</div>')
    assert [dict(t[2]).get("id") for t in html_tokens(clean) if t[0] == "<"] == ["pisteet", None, None, None]


def test_the_page_check_finds_handlers_styles_and_script_urls():
    assert check_page('<html><head><title>x</title></head><body><p>ok</p></body></html>') == []
    assert (
        check_page('<body onload="x()">')
        and check_page('<a href=" javascript:x">')
        and check_page('<p style="x">')
        and check_page('<iframe src="#">')
        and check_page('<svg><a xlink:href="data:x">')
        and check_page('<meta http-equiv="Refresh" content="0;url=javascript:x">')
    )


# ---------------------------------------------------------------------------------------------
# verify-time refusals


@pytest.mark.parametrize(
    "text",
    [
        "**Aino** voittaa; katso [sanasto](sanasto.md#kortit) ja [alempana](#pisteet).",
        "- Aino voittaa\n- Eero häviää\n\n| pelaaja | tulos |\n|---|---|\n| Aino | voitto |",
        'O&#39;Neill sanoo &#34;hyvä&#34; &amp; lähtee',  # what autoescaping makes of a printed value
        '<span class="kortit"><span class="kortti punainen" role="img" aria-label="herttaseiska" '
        'title="herttaseiska">7♥</span></span> on seiska.',
    ],
)
def test_prose_lists_tables_own_links_and_card_faces_are_accepted(text):
    assert author_problems(text) == []


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("Aino {: onclick=x }", "aaltosulkeita"),
        ("Aino {onclick=x}", "aaltosulkeita"),
        ("[x](java&NewLine;script&colon;x)", "merkintää ”&NewLine;”"),
        ("&#xab;img&#xbb;", "merkintää ”&#xab;”"),
        ("![x](sanasto.md)", "kuva"),
        ("# Otsikko", "otsikko"),
        ("Otsikko\n---", "otsikko"),
        ("    koodi", "koodilohko"),
        ("[x](https://example.com/)", "linkki ei ole sallittu"),
        ("[x](//example.com/)", "linkki ei ole sallittu"),
        ("[x](sanasto.md \"otsikko\")", "määrite ”title”"),
        ("<b>x</b>", "HTML-elementti b"),
        ('<span class="md-button">x</span>', "teksti sisältää merkintää, jonka sivusto poistaisi"),
    ],
)
def test_markup_the_policy_would_strip_is_refused(text, fragment):
    messages = [m for _, m in author_problems(text)]
    assert any(fragment in m for m in messages), messages


@pytest.mark.parametrize(
    "text",
    [
        "Katso [sanasto](sanasto.md) ja [pisteet](#pisteet).\n\n- [x] tehty\n- kohta\n    - alakohta",
        "> lainaus\n> > lainauksen lainaus",
        "- " * markup.MAX_NESTING + "syvin sallittu",
        "[a](#a) " * markup.MAX_BRACKETS,
    ],
)
def test_brackets_and_nesting_within_the_limits_pass_the_shape_check(text):
    assert markup.shape_problems(text) == []


def test_a_recursion_in_markdown_is_a_finnish_message(monkeypatch):
    def deep(text):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(markup, "author_html", deep)
    [(_, message)] = author_problems("Aino voittaa.")
    assert message.startswith("teksti on liian syvästi sisäkkäistä") and "Recursion" not in message


def test_the_url_search_finds_what_the_old_pattern_found_in_linear_time():
    from tools.templating import _URL

    old = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(?://|[^\s]*\()|javascript:|data:|vbscript:", re.I)
    for text in [
        "http://x",
        "9http://x",
        "a:b(c)",
        "kello 12:30 (x)",
        "x javascript: y",
        "mailto:x",
        "foo:bar",
        "a:b c(",
        "(a:b)",
        "xx a1:(",
        "Huom: (tämä)",
        "Huom:(tämä)",
        "DATA:x",
        "sanasto.md#x",
    ]:
        assert bool(old.search(text)) == _URL.search(text), text
    for hostile in ["a" * 19900, "a:" * 10000, "a1" * 10000]:
        t = time.process_time()
        assert not _URL.search(hostile)
        assert time.process_time() - t < 0.5  # (the old pattern took 2 s on the first)


OWN_LINKS = [
    "perusrommi.md#pisteet",
    "perusrommi.md",
    "#pisteet",
    "index.md",
    "index.md#alku",
    "sanasto.md#kortit",
    "sanasto.md",
]


def test_links_verify_accepts_keep_their_href_on_built_pages(tmp_path):
    """A link an author may write ([x](perusrommi.md#pisteet) inside the perusrommi page itself
    included) is written by MkDocs as ./#pisteet, ../sanasto/, . …: the sanitiser keeps every one."""
    text = " ".join(f"[linkki{chr(97 + i)}]({url})" for i, url in enumerate(OWN_LINKS))
    assert author_problems(text) == []
    docs = tmp_path / "docs"
    docs.mkdir()
    for page in ("index", "perusrommi", "sanasto"):
        (docs / f"{page}.md").write_text(f"# {page}\n\n## Pisteet\n\n{text}\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nuse_directory_urls: true\nmarkdown_extensions: [" + ", ".join(markup.SITE_EXTENSIONS) + "]\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, proc.stderr
    seen = set()
    for page in ("index.html", "perusrommi/index.html", "sanasto/index.html"):
        html = (tmp_path / "site" / page).read_text(encoding="utf-8")
        links = re.findall(r'<a href="[^"]*">linkki[a-z]</a>', html)
        assert len(links) == len(OWN_LINKS), (page, links)
        for link in links:
            assert sanitize_content(link) == link, (page, link)
            seen.add(re.search(r'href="([^"]*)"', link).group(1))
    assert {"./#pisteet", "./", "../sanasto/#kortit"} <= seen, seen


def test_verify_renders_texts_with_the_sites_markdown_extensions():
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nhooks:")[0])
    names = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    assert sorted(n for n in names if n != "toc") == sorted(markup.SITE_EXTENSIONS)


PIECES = [
    "Aino",
    " ",
    "\n",
    "\n\n",
    "**",
    "*",
    "_",
    "`",
    "[x](sanasto.md)",
    "[x](#kohta)",
    "](",
    "(",
    ")",
    "[",
    "]",
    "!",
    "#",
    "- ",
    "1. ",
    "| a | b |\n|---|---|\n| c | d |",
    ":",
    "{",
    "}",
    "{:",
    "=",
    "\"",
    "'",
    "&",
    ";",
    "&amp;",
    "&#39;",
    "&colon;",
    "javascript:",
    "<",
    ">",
    "<b>",
    "</p>",
    "    ",
    "> ",
    "!!! note",
    "???",
    "---",
    "***",
    "onclick=",
    "style=",
    "data:",
    "//",
    "\\",
    "\u00a0",
    "\u2028",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12))
def test_what_verify_accepts_the_sanitiser_keeps(pieces):
    """The two halves of the policy agree: a text verify accepts comes through the sanitiser
    unchanged, and its page holds no handler, style or script URL."""
    text = "".join(pieces)
    if author_problems(text):
        return
    html = markup.author_html(text)
    assert html_tokens(sanitize_content(html)) == html_tokens(html), text
    assert check_page(html) == [], text


def test_markup_scenario_corpus_is_large_enough():
    assert len(MARKUP_SCENARIOS) >= 25 and len(RULESET_CORPUS) >= 25


# ---------------------------------------------------------------------------------------------
# rule-set files: name and title


def _rules_dir(tmp_path: Path, hostile: Path) -> Path:
    """The corpus's own rule sets plus one hostile file (symlinks: messages name the corpus file)."""
    d = tmp_path / "rules"
    d.mkdir()
    for good in RULES.glob("*.yaml"):
        (d / good.name).symlink_to(good)
    (d / f"zz-{hostile.name}").symlink_to(hostile)
    return d


def _expectation(path: Path) -> tuple[int, str]:
    line, fragment = path.read_text(encoding="utf-8").split("\n", 1)[0][len("# odotettu: ") :].split(": ", 1)
    return int(line), fragment


@pytest.mark.parametrize("path", RULESET_CORPUS, ids=[p.stem for p in RULESET_CORPUS])
def test_ruleset_corpus_file_gets_its_message(path, tmp_path, monkeypatch, capsys):
    from tools import build, verify
    from tools.scenario import load_rulesets

    rules = _rules_dir(tmp_path, path)
    monkeypatch.setitem(verify._verify.__globals__, "load_rulesets", lambda directory=rules: load_rulesets(rules))
    good = tmp_path / "ok.yaml"
    good.write_text(GOOD, encoding="utf-8")
    line, fragment = _expectation(path)
    t = time.process_time()
    assert verify.main([str(good)]) == 1
    seconds = time.process_time() - t
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"tests/corpus/rulesets/{path.name}:{line}: "), err[0]
    assert fragment in err[0], err[0]
    assert "Traceback" not in err[0] and "Error" not in err[0]
    assert seconds < MAX_SECONDS, f"{seconds:.2f} s"
    # nothing published: the build stops at the same message and writes no docs/
    docs = tmp_path / "docs"
    monkeypatch.setattr(build, "DOCS", docs)
    assert build.main([]) == 1 and not docs.exists()
    assert f"tests/corpus/rulesets/{path.name}:{line}: " in capsys.readouterr().err


def test_a_plain_preset_name_and_title_pass(tmp_path):
    from tools.scenario import load_rulesets

    d = tmp_path / "rules"
    d.mkdir()
    (d / "kerho.yaml").write_text(
        "name: kerho-rommi2\ntitle: Kerhon rommi – ”paras” (versio kaksi)!\n", encoding="utf-8"
    )
    assert "kerho-rommi2" in load_rulesets(d)
    reserved = markup.reserved_names()
    assert {
        "index",
        "pelaa",
        "sanasto",
        "search",
        "assets",
        "data",
        "pyodide",
        "404",
        "sitemap",
        "gin-rommi",
        "perusrommi",
        "rommi51",
    } <= reserved


def test_own_pages_are_the_presets_template_pages():
    from tools import presets

    assert markup.own_pages() == set(presets.template_pages()) and "gin" in markup.own_pages()


def test_shipped_presets_keep_their_names():
    from tools.scenario import load_rulesets

    assert {"perusrommi", "rommi", "rommi51", "gin"} <= set(load_rulesets())


def test_the_markup_scenario_corpus_from_the_command_line_exits_1():
    proc = subprocess.run(
        [sys.executable, "-m", "tools.verify", *map(str, MARKUP_SCENARIOS)], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    for path in MARKUP_SCENARIOS:
        line, fragment = _expectation(path)
        first = next(x for x in proc.stderr.splitlines() if x.startswith(f"tests/corpus/scenarios/{path.name}:"))
        assert first.startswith(f"tests/corpus/scenarios/{path.name}:{line}: ") and fragment in first, first
    assert re.search(rf"^{len(MARKUP_SCENARIOS)} / {len(MARKUP_SCENARIOS)} skenaariota", proc.stderr, re.M)
