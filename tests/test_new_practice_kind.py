"""Adding a practice kind is one new module: the tests' own kind *korttimaara*
(``tests/practice_kinds/korttimaara.py``, "how many cards are in this hand?") registers itself, is
drawn by the generic practice partial in a page built by the real build (a copy of the project with
the module dropped into ``engine/rommikirja/app/practice/`` and one ``practice()`` call added to a
page template) and is answered, right and wrong, in Chromium by the engine running under Pyodide
(the wheel the build made from the copy). Nothing else of the project is changed for it."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from test_browser import ARGS, CHROMIUM, ENGINE_TIMEOUT, axe
from test_editor import ROOT, copy_project
from tools.siteserver import SiteServer

KIND = Path(__file__).resolve().parent / "practice_kinds" / "korttimaara.py"
PACKAGE = "rommikirja.app.practice"
CALL = '\n\n{{ practice("korttimaara", "perusrommi", 3, "Montako korttia?") }}\n'


@pytest.fixture
def registered():
    """The kind imported into this process's engine as a module of the practice package; removed after."""
    from rommikirja.app.practice import KINDS

    name = f"{PACKAGE}.korttimaara"
    spec = importlib.util.spec_from_file_location(name, KIND)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        yield KINDS["korttimaara"]
    finally:
        KINDS.pop("korttimaara", None)
        sys.modules.pop(name, None)


def test_a_registered_kind_is_asked_checked_and_read_back_like_the_others(registered):
    from rommikirja.practice import check, handle, question, solution

    q = question("korttimaara", 3, {})
    sol = solution(q)
    assert q["prompt"] == "Montako korttia kädessä on?" and q["input"] == {"control": "number", "key": "count"}
    assert set(q["faces"]) == set(q["hand"]) and sol["count"] == len(q["hand"])
    assert check(q, {"count": str(len(q["hand"]))})["correct"]
    wrong = check(q, {"count": len(q["hand"]) + 1})
    assert not wrong["correct"] and "liian suuri" in wrong["message"]
    # a page's request: the kind's own field specs read it
    reply = json.loads(handle(json.dumps({"op": "check", "question": {**q, "hand": ["XX"]}, "answer": {}})))
    assert reply == {"ok": False, "error": "Käsi: ”XX” ei ole kortti."}
    reply = json.loads(handle(json.dumps({"op": "check", "question": q, "answer": {"count": [1]}})))
    assert reply == {"ok": False, "error": "Korttien määrä (count) pitää olla kokonaisluku."}


def test_without_the_module_the_kind_is_unknown():
    from rommikirja.practice import handle

    reply = json.loads(handle('{"op": "question", "kind": "korttimaara", "seed": 1, "rules": {}}'))
    assert not reply["ok"] and "tuntematon" in reply["error"]


def test_the_practice_partial_and_the_widget_script_know_no_kind():
    from rommikirja.practice import KINDS

    partial = (ROOT / "templates" / "_practice.html.j2").read_text(encoding="utf-8")
    script = (ROOT / "docs" / "assets" / "harjoitus.js").read_text(encoding="utf-8")
    assert "q.kind ==" not in partial and "kind ===" not in script
    for name in KINDS:
        assert f'"{name}"' not in partial and f'"{name}"' not in script and f"{name}(" not in script, name


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A copy of the project with the new kind and a page that shows it, built and served."""
    tmp = tmp_path_factory.mktemp("uusilaji")
    repo = copy_project(tmp / "repo", full=True)
    shutil.copy2(KIND, repo / "engine" / "rommikirja" / "app" / "practice" / "korttimaara.py")
    page = repo / "templates" / "pages" / "perusrommi.md.j2"
    page.write_text(page.read_text(encoding="utf-8") + CALL, encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": os.pathsep.join([str(repo / "engine"), str(repo)])}
    build = subprocess.run([sys.executable, "-m", "tools.build"], cwd=repo, capture_output=True, text=True, env=env)
    assert build.returncode == 0, build.stdout + build.stderr
    site = tmp / "site"
    mk = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
    )
    assert mk.returncode == 0, mk.stderr
    return site


def test_a_new_kind_is_built_into_a_page_and_answered_in_pyodide(built):
    html = (built / "perusrommi" / "index.html").read_text(encoding="utf-8")
    assert 'id="korttimaara-perusrommi"' in html and "Montako korttia kädessä on?" in html
    with SiteServer(built, compress=True) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context().new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(base + "/perusrommi/")
            w = page.locator("#korttimaara-perusrommi")
            w.scroll_into_view_if_needed()
            data = json.loads(w.get_attribute("data-harjoitus"))
            hand = data["question"]["hand"]
            # drawn by the generic code: the hand as cards, the prompt as the number field's label
            assert w.locator(".harjoitus-ui .kortti").count() == len(hand)
            assert w.locator(".harjoitus-ui label").inner_text().strip() == "Montako korttia kädessä on?"
            assert (
                w.locator(".harjoitus-ui .kortti")
                .first.get_attribute("aria-label")
                .startswith(data["question"]["faces"][hand[0]]["symbol"])
            )
            for given, verdict in ((len(hand), "oikein"), (len(hand) + 2, "vaarin"), (len(hand), "oikein")):
                w.evaluate("el => { delete el.dataset.result; }")
                w.locator("input.vastaus").fill(str(given))
                w.get_by_role("button", name="Tarkista").click()
                page.wait_for_function("el => el.dataset.result", arg=w.element_handle(), timeout=ENGINE_TIMEOUT)
                assert w.get_attribute("data-result") == verdict
                text = w.locator(".harjoitus-palaute").inner_text()
                assert text.startswith("✔" if verdict == "oikein" else "✘"), text
                if verdict == "vaarin":
                    assert "liian suuri" in text, text
            assert page.evaluate("window.rommikirjaEngine && window.rommikirjaEngine.readyMs")  # Pyodide answered
            # a new hand: asked from the engine in the page, drawn the same way
            w.get_by_role("button", name="Uusi käsi").click()
            page.wait_for_function(
                "el => !el.dataset.loading && el.dataset.seed !== '3'", arg=w.element_handle(), timeout=ENGINE_TIMEOUT
            )
            assert w.locator(".harjoitus-ui .kortti").count() >= 3
            assert axe(page, "#korttimaara-perusrommi") == []
            assert errors == []
        finally:
            browser.close()
