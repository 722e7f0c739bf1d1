"""A club's own rulebook, from a fresh clone to a published site (issue 20, item 5 and its
"done when"): the README's club section followed step by step in a temporary copy of the project.

The copy stands for the fresh clone. Its rule files are the README's own example (step 2) and one
of this test's (:data:`KERHO51`, on Rommi 51 with two changes); neither game has a scenario of its
own. Every ``./dev`` command of the section runs what the ``dev`` script runs for it
(:data:`DEV`, checked against the script), with the copy's engine first on the path, except that
``./dev test`` runs the build and every test that reads the project's data as a whole, so that a
club's presets reach it (:data:`CHECKS`): verify, the page build, the claim check that flips every
option of every game (``test_statements.py``), the page spelling and site checks (``test_site.py``,
its own ``mkdocs build --strict``), the sample deals (``test_sample_deal.py``), the scenarios
(``test_scenarios.py``), the concept sections (``test_concepts.py``), the schemas, reference,
snapshots and rule files (``test_editor.py``), the loaders on every file, the register of the
sources' statements, the temporary allow-list, the sanitiser on the built pages, the search index
and the forbidden word variants, all as the project has them: the test files and the allow-lists
are copied and never edited. Left out (:data:`NOT_CHECKED`) are the tests whose outcome a club's
preset cannot change: the engine's own tests on the tests' own rule sets (``tests/fixed_rules.py``,
``tests/corpus``) and the ones that build copies of the project of their own. The publish step
copies the build the ``site`` link points at, as ``rsync -aL`` does.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## A club's own rulebook, from a fresh clone to a published site"
COPIED = (
    "engine",
    "tools",
    "templates",
    "scenarios",
    "tests",
    ".vscode",
    "pyproject.toml",
    "mkdocs.yml",
    "README.md",
    "dev",
)

#: The club's second game: Rommi 51 with two changes, no scenario of its own.
KERHO51 = """\
name: kerho51
title: Kerhon 51
base: rommi51
opening_points: 40
target_score: 200
"""
SITE_URL = "https://kerho.example/rommikirja/"

#: The project's checks that ``./dev test`` stands for here (see the module doc): every test that
#: reads the project's rule sets, scenarios, notes, templates, pages or site as a whole.
CHECKS = (
    "tests/test_statements.py",
    "tests/test_site.py",
    "tests/test_sample_deal.py",
    "tests/test_scenarios.py",
    "tests/test_concepts.py",
    "tests/test_engine_layers.py",  # no page, anchor or heading of any game (a club's too) in the engine
    "tests/test_source_statements.py",
    "tests/test_search.py",
    "tests/test_vocabulary.py",
    "tests/test_editor.py::test_generated_schemas_and_reference_are_current",
    "tests/test_editor.py::test_snapshots_are_the_accepted_state",
    "tests/test_editor.py::test_rule_files_follow_their_schema",
    "tests/test_editor.py::test_scenario_schema_knows_games_options_and_sections",
    "tests/test_editor.py::test_reference_documents_exactly_what_a_scenario_text_may_use",
    "tests/test_untrusted.py::test_c_and_pure_loaders_agree",
    "tests/test_untrusted.py::test_loaded_data_equals_pyyaml_safe_load",
    "tests/test_markup.py::test_shipped_pages_are_unchanged_by_the_sanitiser",
    "tests/test_markup.py::test_own_pages_are_the_presets_template_pages",
    "tests/test_play.py::test_rule_links_point_at_real_sections",
    "tests/test_credit.py::test_the_shipped_file_matches_its_schema_and_is_no_scenario",
    "tests/test_truth.py::test_the_allow_list_holds_only_failing_scenarios_with_reasons",
)
#: Why the other tests that touch the project's files are not run in the copy (a club's presets
#: cannot change their outcome); the rest read no project data (the engine on the tests' own rules).
NOT_CHECKED = {
    "tests/test_parity.py": "the engine under Pyodide on named shipped games (parity_snippet.py)",
    "tests/test_deploy.py": "builds in copies of its own (tests/deploy_project.py)",
    "tests/test_publish.py": "the wheel and lock file in a copy of its own",
    "tests/test_editor_loop.py": "a rules editor's loop in a copy of its own",
    "tests/test_names.py": "the names file, which a club's game does not touch",
    "tests/test_new_practice_kind.py": "a new widget kind in a copy of its own",
    "tests/test_club_game.py": "a club's game in a copy of its own",
    "tests/test_opetus.py": "guided deals of the tests' own rule sets (tests/corpus/rules)",
    "tests/test_stdlib.py": "the Pyodide standard library, not the rule data",
    "browser": "Chromium tests: a club page in the browser is tests/test_club_browser.py's",
}

#: ``./dev <command>`` → the modules it runs, in order (the ``dev`` script's lines, checked below).
DEV = {
    "verify": [["tools.verify"]],
    "diff": [["tools.build", "--diff"]],
    "accept": [["tools.build", "--accept"]],
    "site": [["tools.build"], ["tools.site"]],
    "test": [["tools.build"], ["pytest", "-q", "-p", "no:cacheprovider", *CHECKS]],
}
DEV_LINES = {
    "verify": 'exec "$PY" -m tools.verify',
    "diff": 'exec "$PY" -m tools.build --diff',
    "accept": 'exec "$PY" -m tools.build --accept',
    "site": ('"$PY" -m tools.build', '"$PY" -m tools.site'),
    "test": ("build_site", 'exec "$PY" -m pytest'),
}


def readme_steps(text: str) -> list[tuple[str, str]]:
    """The club section's steps in order: ``("file", path)`` with the YAML block written to it,
    and ``("sh", command)`` for each command line of a shell block (comments dropped)."""
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    steps: list[tuple[str, str]] = []
    for m in re.finditer(r"```(\w+)\n(.*?)```", section, re.S):
        lang, body = m.group(1), "\n".join(line.strip() for line in m.group(2).splitlines())
        if lang == "yaml":
            before = section[: m.start()]
            path = re.findall(r"`(scenarios/rules/[\w-]+\.yaml)`", before)[-1]
            steps.append((path, body.strip() + "\n"))
        elif lang == "sh":
            for line in body.splitlines():
                command = line.split("#", 1)[0].strip()
                if command:
                    steps.append(("sh", command))
    return steps


def _tree_hashes(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and ".hypothesis" not in p.parts
    }


class Club:
    """The copy and what each step gave: ``(command, return code, output)``."""

    def __init__(self, root: Path, published: Path):
        self.root = root
        self.published = published
        self.runs: list[tuple[str, int, str]] = []
        self.env = {
            **os.environ,
            "PYTHONPATH": f"{root / 'engine'}{os.pathsep}{root}",
            "NO_MKDOCS_2_WARNING": "1",
        }

    def module(self, args: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", *args], cwd=self.root, env=self.env, capture_output=True, text=True
        )

    def step(self, command: str) -> None:
        words = shlex.split(command)
        if words[0] == "./dev":
            out, rc = "", 0
            for args in DEV[words[1]]:
                proc = self.module(args + words[2:])
                out += proc.stdout + proc.stderr
                rc = rc or proc.returncode
                if rc:
                    break
            self.runs.append((command, rc, out))
        elif words[0] == "rsync":
            # rsync -aL --delete site/ HOST:DIR: the build the link points at, links followed
            assert words[1:4] == ["-aL", "--delete", "site/"], command
            shutil.copytree(self.root / "site", self.published, symlinks=False)
            self.runs.append((command, 0, ""))
        else:
            # git clone / cd: the copy is the clone; git add / commit: nothing to check here
            assert words[0] in ("git", "cd"), command
            self.runs.append((command, 0, "(kopio)"))

    def page(self, name: str) -> str:
        return (self.root / "docs" / f"{name}.md").read_text(encoding="utf-8")

    def generated(self, name: str) -> list[Path]:
        return sorted((self.root / "scenarios" / name).glob(f"z-{name}-*.yaml"))


def make_club(tmp_path_factory) -> Club:
    """The copy with the README's steps followed (the session fixture ``club``, tests/conftest.py)."""
    tmp = tmp_path_factory.mktemp("kerhosivu")
    root = tmp / "kerhon-rommikirja"
    root.mkdir()
    ignore = shutil.ignore_patterns("*.pyc", ".hypothesis", ".pytest_cache")  # keep the verify caches
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, root / name, ignore=ignore, symlinks=True)
        else:
            shutil.copy2(src, root / name)
    shutil.copytree(ROOT / "docs" / "assets", root / "docs" / "assets")
    (root / "node_modules").symlink_to((ROOT / "node_modules").resolve())
    c = Club(root, tmp / "julkaistu")
    c.tests_before = _tree_hashes(root / "tests")
    (root / "scenarios" / "rules" / "kerho51.yaml").write_text(KERHO51, encoding="utf-8")
    for kind, what in readme_steps((root / "README.md").read_text(encoding="utf-8")):
        if kind != "sh":
            (root / kind).write_text(what, encoding="utf-8")
            c.runs.append((f"kirjoita {kind}", 0, ""))
            continue
        if what.startswith("./dev site"):  # step 5: the club's address, before the site is built
            mkdocs = root / "mkdocs.yml"
            text, n = re.subn(r"(?m)^site_url: .*$", f"site_url: {SITE_URL}", mkdocs.read_text(encoding="utf-8"))
            assert n == 1
            mkdocs.write_text(text, encoding="utf-8")
        c.step(what)
    return c


CLUB_GAMES = ("kerhonrommi", "kerho51")


def base_page(club: Club, name: str) -> tuple[str, str]:
    """A club game's generated page and its base game's page (docs/*.md), for comparing them."""
    from tools.yamlsrc import load

    base = load(club.root / "scenarios" / "rules" / f"{name}.yaml")["base"]
    pages = {"perusrommi": "perusrommi", "rommi51": "rommi51", "rommi": "rommi", "gin": "gin-rommi"}
    return club.page(name), club.page(pages[base])


def test_the_readme_section_is_followed_step_by_step(club):
    commands = [cmd for cmd, _, _ in club.runs]
    assert commands[0].startswith("git clone") and commands[1].startswith("cd ")
    assert commands[2] == "kirjoita scenarios/rules/kerhonrommi.yaml"
    dev = [cmd for cmd in commands if cmd.startswith("./dev")]
    assert dev == ["./dev verify", "./dev diff", "./dev accept", "./dev site", "./dev test"]
    assert commands[-1].startswith("rsync")
    failed = [(cmd, out[-3000:]) for cmd, rc, out in club.runs if rc]
    assert failed == []
    out = {cmd: text for cmd, _, text in club.runs}
    assert "täsmäävät" in out["./dev verify"]
    # before accept, diff names the sample deals still to be played and shows the new pages
    assert "scenarios/kerhonrommi/z-kerhonrommi-jako.yaml" in out["./dev diff"]
    assert "+# Kerhon rommi" in out["./dev diff"] and "+# Kerhon 51" in out["./dev diff"]
    assert "esimerkkijakoa pelattiin uudelleen" in out["./dev accept"]
    assert "Sivusto rakennettu" in out["./dev site"]
    progress = "".join(re.findall(r"^([.sFEx]+)\s*(?:\[\s*\d+%\])?$", out["./dev test"], re.M))
    assert len(progress) >= 50 and set(progress) <= {".", "s"}  # every check ran and passed


def test_the_dev_commands_run_what_the_dev_script_runs():
    script = (ROOT / "dev").read_text(encoding="utf-8")
    for command, lines in DEV_LINES.items():
        block = script.split(f"\n  {command})", 1)[1].split(";;", 1)[0]
        for line in (lines,) if isinstance(lines, str) else lines:
            where = script.split("build_site() {", 1)[1].split("\n}", 1)[0] if command == "site" else block
            assert line in where, (command, line)


def test_no_test_file_or_allow_list_was_edited(club):
    after = _tree_hashes(club.root / "tests")
    changed = sorted(
        p
        for p in set(after) | set(club.tests_before)
        if after.get(p) != club.tests_before.get(p) and not p.startswith("snapshots/")
    )
    assert changed == []  # ./dev accept refreshes only the page snapshots


@pytest.mark.parametrize("name", CLUB_GAMES)
def test_a_club_game_gets_a_sample_deal_a_score_sheet_practice_and_pelaa(club, name):
    page = club.page(name)
    files = club.generated(name)
    assert all(f.read_text(encoding="utf-8").startswith("# GENERATED by tools/sample_deal.py") for f in files)
    assert not [p for p in (club.root / "scenarios" / name).glob("*.yaml") if p not in files]  # none of its own
    # a complete sample deal: from the full hands to someone going out and the score
    sample = page.split("## Esimerkkipeli", 1)[1]
    box = sample.split('??? example "Esimerkki: Kokonainen jako sekoituksesta pisteisiin"', 1)[1]
    box = box.split("\n??? ", 1)[0]
    assert "**Lähtötilanne**" in box and "**Tulos**" in box
    moves = [line.strip() for line in box.split("**Kulku**", 1)[1].split("**Tulos**", 1)[0].splitlines()]
    moves = [line for line in moves if line.startswith("- ")]
    assert len(moves) >= 12 and "on mennyt ulos" in moves[-1]
    # a score sheet: one row per deal of the short game, the last one ends the game
    deals = [f for f in files if "-peli-" in f.name]
    assert len(deals) >= 1 and "game_over: true" in deals[-1].read_text(encoding="utf-8")
    sheet = page.split("Pistetaulukko:", 1)[1].split("Moottorin pelaamat jaot", 1)[0]
    rows = [line for line in sheet.splitlines() if line.strip().startswith("| ") and "---" not in line]
    assert len(rows) == len(deals) + 1  # the header and the deals
    # at least three practice widgets, each of another kind
    kinds = re.findall(r'<div class="harjoitus" id="[\w-]+" data-kind="(\w+)"', page)
    assert len(kinds) >= 3 and len(set(kinds)) == len(kinds)
    # the published site has the page, and Pelaa offers the game with its house-rule switches
    assert (club.published / name / "index.html").is_file()
    pelaa = (club.published / "pelaa" / "index.html").read_text(encoding="utf-8")
    games = json.loads(html.unescape(re.search(r'data-games="([^"]*)"', pelaa).group(1)))
    assert f"\n# {games[name]['title']}\n" in page
    topics = games[name]["links"]["topics"]
    assert topics, "refusals link to the page's rules"
    published = (club.published / name / "index.html").read_text(encoding="utf-8")
    assert [a for a, _ in topics.values() if f'id="{a}"' not in published] == []
    code = (
        "import json, sys\n"
        "from rommikirja.play import handle\n"
        "rules = json.loads(sys.argv[1])\n"
        'options = json.loads(handle(json.dumps({"op": "options", "rules": rules, "play": True})))\n'
        'new = json.loads(handle(json.dumps({"op": "new", "rules": rules, "players": 2, "seed": "5", '
        '"levels": ["aloittelija"], "options": {}, "play": True})))\n'
        'print(json.dumps([options["ok"], len(options["result"]["options"]), new["ok"]]))\n'
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, json.dumps(games[name]["rules"])],
        cwd=club.root,
        env=club.env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    ok, switches, started = json.loads(proc.stdout)
    assert ok and switches >= 3 and started


def test_the_published_site_has_the_clubs_address(club):
    sitemap = (club.published / "sitemap.xml").read_text(encoding="utf-8")
    assert f"{SITE_URL}kerhonrommi/" in sitemap and f"{SITE_URL}kerho51/" in sitemap


@pytest.mark.parametrize("name", CLUB_GAMES)
def test_a_club_games_page_names_its_base_game_and_how_it_differs(club, name):
    from tools.presets import preset_meta

    page, base = base_page(club, name)
    title = re.search(r"^# (.+)$", base, re.M).group(1)
    meta = preset_meta(club.root / "scenarios" / "rules")
    # mid-sentence the base game goes by its name in running text (lowercase unless a proper name)
    assert f"[{meta[meta[name].base].text_name}](" in page
    own = re.search(r"^# (.+)$", page, re.M).group(1)
    table = page.split("## Erot pohjapeliin", 1)[1].split("\n## ", 1)[0]
    assert f"| Sääntö | {own} | {title} |" in table and table.count("\n| ") >= 3  # the header and the changed rules


def test_the_checks_left_out_are_real_files_and_not_also_run():
    run = {c.split("::", 1)[0] for c in CHECKS}
    assert all((ROOT / c.split("::", 1)[0]).is_file() for c in CHECKS)
    assert [f for f in NOT_CHECKED if f != "browser" and (f in run or not (ROOT / f).is_file())] == []


def _headings(page: str) -> list[str]:
    return re.findall(r"^## (.+?)\s*$", page, re.M)


@pytest.mark.parametrize("name", CLUB_GAMES)
def test_a_club_page_has_nine_tenths_of_its_base_games_sections_and_its_guided_deal(club, name):
    page, base = base_page(club, name)
    have, before = _headings(page), _headings(base)
    kept = [h for h in before if h in have]
    assert len(kept) >= 0.9 * len(before), sorted(set(before) - set(have))
    tutorial = club.root / "scenarios" / name / f"z-{name}-opetus.yaml"
    assert ("Opetusjako" in have) == tutorial.is_file()
    assert tutorial.is_file()  # both club games' rules give the generator a guided deal
    box = page.split("## Opetusjako", 1)[1].split("\n## ", 1)[0]
    assert f'<div class="opetusjako" id="opetus-{name}" data-opetus="' in box


@pytest.mark.parametrize("name", CLUB_GAMES)
def test_a_club_pages_text_passes_the_finnish_speller(club, name):
    from libvoikko import Voikko
    from test_site import PREFIXES, PROJECT_WORDS, _words

    from rommikirja.finnish import RANK_WORDS, all_card_word_forms

    known = all_card_word_forms() | {w.lower() for w in PROJECT_WORDS}
    known |= {form for forms in RANK_WORDS.values() for form in forms}
    v = Voikko("fi")
    try:
        words = _words(club.page(name))
        unknown = sorted(
            {
                w
                for w in words
                if (c := next((w[len(p) :] for p in PREFIXES if w.lower().startswith(p)), w)).lower() not in known
                and not v.spell(c)
            }
        )
    finally:
        v.terminate()
    assert len(words) > 500 and unknown == []


def test_pelaa_names_the_club_games(club):
    from tools.presets import preset_meta

    intro = club.page("pelaa").split("<div", 1)[0]
    meta = preset_meta(club.root / "scenarios" / "rules")
    assert all(meta[name].text_name in intro for name in CLUB_GAMES), intro
