"""The rule editor's loop: generated schemas and reference, snapshots, --diff/--accept, new presets,
unknown sections, live preview errors. Copies of the project in a temporary folder stand in for a
club's clone, so nothing here edits the real files."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from tools import editor_help, pagediff, schema

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def copy_project(dest: Path, full: bool = False) -> Path:
    """The parts of the project the tools read (``full``: also what a site build needs)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("scenarios", "templates", "tools"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    shutil.copytree(ROOT / "tests" / "snapshots", dest / "tests" / "snapshots")
    shutil.copy2(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    if full:
        shutil.copytree(ROOT / "engine", dest / "engine", ignore=ignore)
        shutil.copytree(ROOT / "docs" / "assets", dest / "docs" / "assets")
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, dest / name)
        (dest / "node_modules").symlink_to(ROOT / "node_modules")
    return dest


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, env=ENV)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


def set_option(path: Path, key: str, value: str) -> None:
    text = path.read_text(encoding="utf-8")
    new, n = re.subn(rf"^{key}:.*$", f"{key}: {value}", text, flags=re.M)
    path.write_text(new if n else text + f"{key}: {value}\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# generated files cannot drift


def test_generated_schemas_and_reference_are_current():
    for path, text in schema.generated().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run python -m tools.schema"


def test_snapshots_are_the_accepted_state():
    """The committed page and fact snapshots match what the engine and templates give now."""
    _, errors, facts, pages, build_error = pagediff.current_state()
    assert not errors and not build_error
    old_facts, old_pages = pagediff.read_snapshots()
    stale = sorted(sid for sid in set(facts) | set(old_facts) if facts.get(sid) != old_facts.get(sid))
    stale += sorted(name for name in set(pages) | set(old_pages) if pages.get(name) != old_pages.get(name))
    assert not stale, (
        "tests/snapshots differ from the build; review with python -m tools.build --diff, "
        f"then python -m tools.build --accept: {stale[:8]}"
    )


def test_rule_files_follow_their_schema():
    rules_schema = json.loads(schema.RULES_SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(rules_schema)
    for path in sorted((ROOT / "scenarios" / "rules").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert [e.message for e in validator.iter_errors(data)] == [], path.name
    bad = {"name": "x", "ace": "high", "rummy_doubling": "yes", "tuplaus": True}
    messages = " ".join(e.message for e in validator.iter_errors(bad))
    assert "'high' is not one of" in messages and "'yes' is not of type 'boolean'" in messages
    assert "tuplaus" in messages


def test_scenario_schema_knows_games_options_and_sections():
    sc_schema = json.loads(schema.SCENARIO_SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(sc_schema)
    good = yaml.safe_load((ROOT / "scenarios" / "rommi" / "f07-kulman-ympari.yaml").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(good)) == []
    for change in (
        {"section": "alitus"},
        {"game": "Shanghai 2"},
        {"options": {"ace": "high"}},
        {"options": {"no_such": 1}},
    ):
        assert list(validator.iter_errors({**good, **change})), change
    # a game's name is a pattern (a club's new preset is valid before the schema is regenerated);
    # the known games are offered as completions
    assert "rommi" in sc_schema["properties"]["game"]["examples"]


def test_reference_documents_exactly_what_a_scenario_text_may_use():
    import jinja2

    from tools.scenario import load_rulesets, load_scenario
    from tools.templating import make_env, scenario_context

    sc = load_scenario(ROOT / "scenarios" / "rommi" / "f06-miinuspisteet.yaml", load_rulesets())
    assert set(editor_help.TEXT_VARIABLES) == set(scenario_context(sc))
    env = make_env(jinja2.DictLoader({}))
    ours = {
        k
        for k, v in env.filters.items()  # (the sandbox wraps filters to measure them)
        if jinja2.Environment().filters.get(k) is not getattr(v, "measured", v)
    }
    assert set(editor_help.TEXT_FILTERS) == ours
    assert set(editor_help.TEXT_GLOBALS) == set(env.globals) - set(jinja2.Environment().globals)
    reference = schema.REFERENCE.read_text(encoding="utf-8")
    for name in ("rummy_doubling", "ace_points", "`alitus`" if False else "`muunnelmat`", "`names`", "`join_fi`"):
        assert name in reference


# ---------------------------------------------------------------------------------------------
# verify names an unknown section


def test_unknown_section_names_line_and_valid_sections(tmp_path):
    text = (ROOT / "scenarios" / "rommi" / "f07-kulman-ympari.yaml").read_text(encoding="utf-8")
    path = tmp_path / "x01-osio.yaml"
    path.write_text(text.replace("section: muunnelmat", "section: alitus"), encoding="utf-8")
    proc = run(ROOT, "-m", "tools.verify", str(path))
    assert proc.returncode == 1
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("section:"))
    from tools.presets import valid_sections

    allowed = ", ".join(valid_sections("rommi"))
    assert f"{path}:{line}: section: tuntematon osio ”alitus” pelille rommi; sallitut: {allowed}\n" in proc.stderr, (
        proc.stderr
    )


# ---------------------------------------------------------------------------------------------
# the rule change loop on a copy


def accepted_copy(tmp_path: Path, **options: str) -> Path:
    """A copy whose perusrommi has ``options`` and whose scenarios and snapshots accept them (whatever
    the shipped file says), so the tests below start from a known, accepted state."""
    repo = copy_project(tmp_path)
    for key, value in options.items():
        set_option(repo / "scenarios" / "rules" / "perusrommi.yaml", key, value)
    proc = run(repo, "-m", "tools.build", "--accept")
    assert proc.returncode == 0, proc.stdout
    return repo


def failing_locations(text: str) -> set[str]:
    return {m.group(1) for m in re.finditer(r"^\s*(scenarios/\S+\.yaml:\d+): ", text, re.M)}


def _generated(path: Path) -> bool:
    from tools.sample_deal import HEADER

    return path.read_text(encoding="utf-8").startswith(HEADER.splitlines()[0])


def test_rule_change_diff_then_accept(tmp_path):
    repo = accepted_copy(tmp_path, rummy_doubling="true", ace_points="1")
    rules = repo / "scenarios" / "rules" / "perusrommi.yaml"
    set_option(rules, "rummy_doubling", "false")
    set_option(rules, "ace_points", "15")

    verify = run(repo, "-m", "tools.verify")
    broken = failing_locations(verify.stderr)
    assert verify.returncode == 1 and broken
    # the first broken line of a hand-written scenario (a generated one, tools/sample_deal.py, is
    # written again whole: a game of a club's, or any game, may have one that sorts first)
    first = next(b for b in sorted(broken) if not _generated(repo / b.rsplit(":", 1)[0]))
    path, line = first.rsplit(":", 1)
    edited = repo / path
    lines = edited.read_text(encoding="utf-8").split("\n")
    lines[int(line) - 1] += "  # tarkistettu"  # a comment on a line --accept rewrites
    edited.write_text("\n".join(lines), encoding="utf-8")

    diff = run(repo, "-m", "tools.build", "--diff")
    assert diff.returncode == 1
    failing_part, rest = diff.stdout.split("== Muuttuneet laskennan tulokset")
    facts_part, page_part = rest.split("== Muuttunut sivuteksti")
    assert failing_locations(failing_part) == broken  # exactly the broken expectations
    assert re.search(r"^  scenarios/\S+:\d+: \w+: odotettiin .*, moottori antoi ", failing_part, re.M)
    changed = re.findall(r"^  (scenarios/\S+\.yaml):(  ← ei rikkonut odotusta.*)?$", facts_part, re.M)
    assert changed  # every changed fact is reported
    broken_files = {b.rsplit(":", 1)[0] for b in broken}
    for rel, note in changed:
        assert (rel in broken_files) != bool(note), rel  # unchecked changes are marked
    assert "-rommi: pisteet kaksinkertaistuivat" in facts_part
    assert "--- perusrommi.md (hyväksytty)" in page_part
    assert re.search(r"^  -.*\n(  -.*\n)*  \+", page_part, re.M)  # sentences out, sentences in

    accept = run(repo, "-m", "tools.build", "--accept")
    assert accept.returncode == 0, accept.stdout
    assert run(repo, "-m", "tools.verify").returncode == 0
    assert "  # tarkistettu" in edited.read_text(encoding="utf-8")  # comments stay
    again = run(repo, "-m", "tools.build", "--diff")
    assert again.returncode == 0 and again.stdout.count("(ei muutoksia)") == 2, again.stdout


def test_accept_only_the_named_scenario(tmp_path):
    repo = accepted_copy(tmp_path, ace_points="1")
    set_option(repo / "scenarios" / "rules" / "perusrommi.yaml", "ace_points", "15")
    files = sorted({loc.rsplit(":", 1)[0] for loc in failing_locations(run(repo, "-m", "tools.verify").stderr)})
    assert len(files) >= 2
    named = Path(files[0]).stem
    proc = run(repo, "-m", "tools.build", "--accept", named)
    assert proc.returncode == 1 and "tilannekuvia ei päivitetty" in proc.stdout
    after = run(repo, "-m", "tools.verify").stderr
    assert files[0] not in after and files[1] in after
    assert run(repo, "-m", "tools.build", "--accept", "no-such").returncode == 2


def test_rewrite_keeps_layout():
    from tools.accept import rewrite

    lines = [
        "  - expect:",
        "      points: [26, 0, 0]   # Aino",
        "      hand_values:",
        "        Eero: 18",
        "        Kaisa: 8",
        "      winner: Aino",
    ]
    assert rewrite(lines, 2, "points", {"Aino": 40, "Eero": 0, "Kaisa": 0}, ["Aino", "Eero", "Kaisa"])
    assert rewrite(lines, 3, "hand_values", {"Eero": 32}, ["Aino", "Eero", "Kaisa"])
    assert lines == [
        "  - expect:",
        "      points: [40, 0, 0]  # Aino",
        "      hand_values: {Eero: 32, Kaisa: 8}",
        "      winner: Aino",
    ]
    assert not rewrite(lines, 1, "points", 1, [])


# ---------------------------------------------------------------------------------------------
# a new preset is a new page

KERHO = """\
# yaml-language-server: $schema=../rules.schema.json
name: kerhorommi
title: Kerhorommi
base: rommi
ace: round_the_corner
max_turnovers: 1
"""


def test_new_preset_gets_page_nav_and_front_page_row(tmp_path):
    repo = copy_project(tmp_path, full=True)
    (repo / "scenarios" / "rules" / "kerhorommi.yaml").write_text(KERHO, encoding="utf-8")
    shutil.rmtree(repo / "scenarios" / "kerhorommi", ignore_errors=True)  # a club may have one already
    (repo / "scenarios" / "kerhorommi").mkdir()
    corner = (ROOT / "scenarios" / "rommi" / "f07-kulman-ympari.yaml").read_text(encoding="utf-8")
    corner = re.sub(r"^options: .*\n", "", corner, flags=re.M)
    corner = corner.replace("game: rommi", "game: kerhorommi").replace("section: muunnelmat", "section: yhdistelmat")
    corner = re.sub(r"^source: .*$", "source: kerho", corner, flags=re.M)
    corner = re.sub(r"^title: .*$", "title: Kerhon suora kulman ympäri", corner, flags=re.M)
    # the club's own rule now: a text calling it a variant would be refused outside "muunnelmat"
    corner = re.sub(r"Ilman muunnelmaa", "Muissa peleissä", corner)
    (repo / "scenarios" / "kerhorommi" / "k01-kulma.yaml").write_text(corner, encoding="utf-8")
    points = (ROOT / "scenarios" / "rommi" / "f06-miinuspisteet.yaml").read_text(encoding="utf-8")
    points = re.sub(r"^source: .*$", "source: kerho", points.replace("game: rommi", "game: kerhorommi"), flags=re.M)
    points = re.sub(r"^title: .*$", "title: Kerhon miinuspisteet", points, flags=re.M)
    (repo / "scenarios" / "kerhorommi" / "k02-pisteet.yaml").write_text(points, encoding="utf-8")

    build = run(repo, "-m", "tools.build")
    assert build.returncode == 0, build.stderr
    site = tmp_path / "site"
    mk = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=repo,
        capture_output=True,
        text=True,
        env=ENV,
    )
    assert mk.returncode == 0, mk.stderr
    page = (site / "kerhorommi" / "index.html").read_text(encoding="utf-8")
    from rommikirja import RuleSet
    from rommikirja.rules import statement

    kerho = RuleSet(ace="round_the_corner", max_turnovers=1)
    for option in ("ace", "max_turnovers"):
        assert statement(option, kerho).split(":")[0] in page, option
    assert "Esimerkki: Kerhon suora kulman ympäri" in page and "Esimerkki: Kerhon miinuspisteet" in page
    assert 'href="../rommi/"' in page  # the base game is linked
    front = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="kerhorommi/"[^>]*>Kerhorommi</a>', front)  # the front page row
    assert re.search(r'href="kerhorommi/" class="md-nav__link', front)  # the navigation
    assert not (ROOT / "docs" / "kerhorommi.md").exists()  # not on the public site
    search = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert any(d["location"].startswith("kerhorommi/#") for d in search["docs"])  # the search finds it


# ---------------------------------------------------------------------------------------------
# live preview


def test_preview_shows_build_errors_on_every_page(tmp_path):
    from tools import serve

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "rommi.md").write_text(serve.MARKER + " x -->\n# Rommi (perinteinen)\n\nVanha sivu.\n", encoding="utf-8")
    (docs / "oma.md").write_text("# Käsin kirjoitettu\n", encoding="utf-8")
    serve.show_errors(["scenarios/rommi/f06.yaml:23: game_over: odotettiin true, moottori antoi false"], docs)
    page = (docs / "rommi.md").read_text(encoding="utf-8")
    assert "# Rommi (perinteinen)" in page and "Vanha sivu" not in page
    assert "scenarios/rommi/f06.yaml:23: game_over: odotettiin true" in page
    assert (docs / "oma.md").read_text(encoding="utf-8") == "# Käsin kirjoitettu\n"  # not ours: untouched


def test_preview_error_page_keeps_its_errors_through_the_page_sanitiser():
    """Rendered with the site's Markdown extensions and sanitised like every page, the errors stay
    whole, one a line, in a preformatted block."""
    import markdown

    from tools import markup, serve
    from tools.spelling import message as spelling_message

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nhooks:")[0])
    extensions = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    errors = ["scenarios/rules/kerhonrommi.yaml:4: sääntö ace: tuntematon arvo ”korkea”", "a.yaml:1: <b> & x"]
    html = markup.sanitize_content(markdown.markdown(serve.error_page("Kerhon rommi", errors), extensions=extensions))
    assert "<strong>Sivua ei voitu rakentaa.</strong>" in html
    assert "<pre><code>" + errors[0] + "\na.yaml:1: &lt;b&gt; &amp; x\n</code></pre>" in html
    long = "scenarios/kerhonrommi/k01.yaml:9: text: " + spelling_message("vourolla")
    html = markup.sanitize_content(markdown.markdown(serve.error_page("Kerhon rommi", [long]), extensions=extensions))
    shown = html.split("<pre><code>")[1].split("</code></pre>")[0].splitlines()
    assert len(shown) > 1 and max(map(len, shown)) <= 88 and all(s.startswith("  ") for s in shown[1:])
    assert " ".join(s.strip() for s in shown) == long


def test_preview_error_pages_build_without_the_search_words_check(tmp_path, monkeypatch):
    """The error pages hold none of the pages' words, so the club's search words (which must lead
    to a word on the pages) are left out while they are shown; on real pages the check stays."""
    import tools.search_index
    import tools.search_words
    from mkdocs.exceptions import PluginError

    from tools import search_hook, serve

    words = tmp_path / "hakusanat.yaml"
    words.write_text("kuningatar: rouva\n", encoding="utf-8")
    monkeypatch.setattr(tools.search_words, "SYNONYMS_FILE", words)
    monkeypatch.setattr(tools.search_index, "voikko_analyser", lambda: lambda word: ([word], []))
    docs, site = tmp_path / "docs", tmp_path / "site"
    (site / "search").mkdir(parents=True)
    docs.mkdir()
    config = {"docs_dir": str(docs), "site_dir": str(site)}

    def build(page_text: str) -> dict:
        (docs / "rommi.md").write_text(page_text, encoding="utf-8")
        material = {"config": {"lang": ["fi"]}, "docs": [{"location": "rommi/", "title": "Rommi", "text": "Jako"}]}
        (site / "search" / "search_index.json").write_text(json.dumps(material), encoding="utf-8")
        search_hook.on_post_build(config)
        return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))

    with pytest.raises(PluginError, match="hakusanat.yaml:1: kuningatar: sanaa ”rouva” ei ole sivuilla"):
        build(serve.MARKER + " x -->\n# Rommi\n\nJako\n")
    serve.show_errors(["scenarios/rules/kerhonrommi.yaml:4: sääntö ace: tuntematon arvo ”korkea”"], docs)
    assert serve.showing_errors(docs)
    index = build((docs / "rommi.md").read_text(encoding="utf-8"))
    assert index["config"]["fi"]["syn"] == {}


def test_preview_prints_the_first_builds_errors_too(tmp_path, monkeypatch, capsys):
    import tools.siteserver

    from tools import serve

    class Server:
        base = "http://127.0.0.1:8000"

        def __init__(self, *args, **kwargs):
            pass

        def stop(self):
            pass

    def stop_watching(seconds):
        raise KeyboardInterrupt

    (tmp_path / "site").mkdir()
    monkeypatch.setattr(serve, "ROOT", tmp_path)
    monkeypatch.setattr(serve, "build_all", lambda runtime: (False, ["scenarios/rules/x.yaml:4: sääntö ace: …"]))
    monkeypatch.setattr(tools.siteserver, "SiteServer", Server)
    monkeypatch.setattr(serve.signal, "signal", lambda *args: None)
    monkeypatch.setattr(serve.time, "sleep", stop_watching)
    assert serve.serve("127.0.0.1:8000") == 0
    out = capsys.readouterr().out
    assert "Rakennus epäonnistui, virheet näkyvät sivuilla:\n  scenarios/rules/x.yaml:4: sääntö ace: …\n" in out


def test_preview_watches_rules_templates_and_engine():
    from tools import serve

    watched = serve.sources()
    for rel in (
        "scenarios/rules/perusrommi.yaml",
        "templates/pages/perusrommi.md.j2",
        "engine/rommikirja/rules.py",
        "scenarios/rommi/f06-miinuspisteet.yaml",
    ):
        assert ROOT / rel in watched, rel
