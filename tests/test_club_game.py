"""A club's own game passes the project's checks (issue 20, items 3 and 4): the claim check reads
comparison tables and base-game mentions as the other game's, spelling is checked by verify at the
text's line in Finnish (with the club's word list), schemas are mapped by path, a new game's
sections follow its rules, and an example computed under a club's rules is credited to the club.

The end-to-end test works in a temporary copy of the project with a preset written as a club
would (``base: perusrommi`` and three option changes) and a club scenario of its own."""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tools import presets, schema, spelling
from tools.credit import club_computed, read_source_rules
from tools.statements import _about, claim_sentences, drop_columns, stale_claims
from tools.yamlsrc import SourceError
from fixed_rules import FIXED

ROOT = Path(__file__).resolve().parent.parent

COMPARISON = """\
## Erot pohjapeliin

| Sääntö | Perusrommi | Kerhon rommi |
|---|---|---|
| Ässä suorassa | vain pieni (A-2-3) | Ässä käy suoran kumpaan tahansa päähän. |

Ässä on aina pieni.
"""


# --- the claim check -------------------------------------------------------------------------


def test_a_comparison_tables_other_game_column_is_not_this_pages_claim():
    rules = FIXED["perusrommi"]
    kept = drop_columns(COMPARISON, {"perusrommi"})
    assert "vain pieni" not in kept and "kumpaan tahansa päähän" in kept
    assert "| Sääntö | Kerhon rommi |" in kept
    # the page's own prose outside the table is still read
    assert stale_claims(COMPARISON, "ace", "low", rules, {"perusrommi"}) == ["Ässä on aina pieni."]
    # without knowing the other game, the base column would be read as this page's rule
    assert any("vain pieni" in s for s in claim_sentences(COMPARISON))
    assert not any("vain pieni" in s for s in claim_sentences(COMPARISON, {"perusrommi"}))


def test_a_table_without_another_games_column_is_read_whole():
    table = "| Sääntö | Arvo |\n|---|---|\n| Ässä | vain pieni |\n"
    assert drop_columns(table, {"perusrommi"}).count("vain pieni") == 1


def test_a_front_page_row_about_another_game_is_not_about_its_base_game():
    mention = (r"\bperusrommi", ["kerhon rommi", "rommi 51", "gin-rommi"])
    row = "| [Kerhon rommi](kerhonrommi.md) | 2–6 | Kuten perusrommi; toisin: loppupoisto. |"
    assert not _about(row, mention)
    assert _about("| [Perusrommi](perusrommi.md) | 2–6 | Ässä on aina pieni. |", mention)
    assert _about("Perusrommissa ässä on aina pieni.", mention)


# --- spelling --------------------------------------------------------------------------------


def _spell(word: str) -> bool:
    """A fixed dictionary standing in for Voikko."""
    return word.lower() in {"jakaja", "ja", "on", "vuorolla", "viimeinen", "kerho", "pelaa", "kortit"}


def test_misspelt_words_are_found_at_their_line_once():
    text = "Jakaja on viimeinen.\nJakaja on vourolla viimeinen, {{ names[0] | player('nom') }}.\nvourolla"
    assert spelling.misspelt(text, _spell, set()) == [(1, "vourolla")]
    assert spelling.misspelt(text, _spell, {"vourolla"}) == []
    assert spelling.misspelt("Kerho pelaa O'Neill-tyyli ja D’Artagnan.", _spell, set()) == []
    assert spelling.misspelt("{% if x %}Kerho{% endif %} <b class='qwxz'>pelaa</b> `qwxz`", _spell, set()) == []


def test_the_message_is_finnish_and_says_what_to_do():
    text = spelling.message("vourolla")
    assert text.startswith("sana ”vourolla” ei ole suomen sanakirjassa eikä sanalistassa")
    assert "scenarios/sanat.yaml" in text


def test_a_rule_file_without_title_is_told_to_write_one(tmp_path, monkeypatch):
    """Without ``title:`` the page is headed by the name; the speller's complaint about that name
    says the title is missing (not that a ``title`` the editor never wrote is misspelt)."""
    monkeypatch.setattr(spelling, "speller", lambda: _spell)
    monkeypatch.setattr(spelling, "known_words", lambda: set())
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "kerhogin.yaml").write_text("name: kerhogin\nbase: gin\nknock_limit: 5\n", encoding="utf-8")
    (rules / "kerho.yaml").write_text("name: kerho\nbase: gin\n", encoding="utf-8")  # a known word
    (errors,) = spelling.check_titles(rules)
    assert errors.path.endswith("kerhogin.yaml") and errors.line == 1
    assert str(errors).endswith(
        "kerhogin.yaml:1: title puuttuu: ilman sitä sivun otsikoksi tulee tunniste ”kerhogin”, jota "
        "oikolukija ei tunne; kirjoita sivun otsikko omalle rivilleen, esim. title: Kerhon rommi"
    )
    (rules / "kerhogin.yaml").write_text("name: kerhogin\ntitle: Kerho vourolla\nbase: gin\n", encoding="utf-8")
    (rules / "kerho.yaml").unlink()
    (errors,) = spelling.check_titles(rules)
    assert errors.line == 2 and "title: sana ”vourolla” ei ole suomen sanakirjassa" in str(errors)


def test_the_message_offers_voikkos_nearest_words():
    if spelling.speller() is None:
        pytest.skip("Voikko is not installed")
    assert spelling.message("koputtus").startswith(
        "sana ”koputtus” ei ole suomen sanakirjassa eikä sanalistassa (ehkä ”koputus”); tarkista kirjoitusasu"
    )
    assert "Kimpi sen" not in spelling.message("Kimpisen")  # a split is no spelling of one word


def test_the_club_word_list_is_checked_at_its_lines(tmp_path):
    path = tmp_path / "sanat.yaml"
    assert spelling.read_club_words(path) == set()
    path.write_text("# kommentti\n", encoding="utf-8")
    assert spelling.read_club_words(path) == set()
    path.write_text("- Kimpinen\n- kimpisen\n", encoding="utf-8")
    assert spelling.read_club_words(path) == {"kimpinen", "kimpisen"}
    path.write_text("- Kimpinen\n- kaksi sanaa\n", encoding="utf-8")
    with pytest.raises(SourceError) as err:
        spelling.read_club_words(path)
    assert err.value.line == 2 and "odotettiin yhtä sanaa" in str(err.value)
    path.write_text("kimpinen: 1\n", encoding="utf-8")
    with pytest.raises(SourceError) as err:
        spelling.read_club_words(path)
    assert "odotettiin sanalistaa" in str(err.value)


def test_verify_without_voikko_says_so_once_and_passes(tmp_path):
    scenario = next((ROOT / "scenarios" / "perusrommi").glob("*.yaml"))
    code = (
        "import sys; sys.modules['libvoikko'] = None\n"
        "from tools.verify import main\n"
        f"sys.exit(main([{str(scenario)!r}]))\n"
    )
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'engine'}{os.pathsep}{ROOT}"}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("oikeinkirjoitusta ei tarkistettu") == 1, proc.stderr
    assert "Traceback" not in proc.stderr


# --- schemas and sections --------------------------------------------------------------------


def _schemas_of(rel: str) -> list[str]:
    """The schemas ``.vscode/settings.json`` maps ``rel`` to (``!`` patterns exclude)."""
    settings = json.loads((ROOT / ".vscode" / "settings.json").read_text(encoding="utf-8"))["yaml.schemas"]
    out = []
    for target, patterns in settings.items():
        patterns = [patterns] if isinstance(patterns, str) else patterns
        if any(fnmatch.fnmatch(rel, p) for p in patterns if not p.startswith("!")) and not any(
            fnmatch.fnmatch(rel, p[1:]) for p in patterns if p.startswith("!")
        ):
            out.append(target)
    return out


def test_schemas_are_mapped_to_files_by_path():
    assert _schemas_of("scenarios/rules/kerhonrommi.yaml") == ["./scenarios/rules.schema.json"]
    assert _schemas_of("scenarios/kerhonrommi/k01.yaml") == ["./scenarios/scenario.schema.json"]
    assert _schemas_of("scenarios/nimet.yaml") == ["./scenarios/names.schema.json"]
    assert _schemas_of("scenarios/sanat.yaml") == ["./scenarios/words.schema.json"]
    assert _schemas_of("scenarios/lahdesaannot.yaml") == ["./scenarios/sources.schema.json"]
    for target in json.loads((ROOT / ".vscode" / "settings.json").read_text(encoding="utf-8"))["yaml.schemas"]:
        assert (ROOT / target).is_file(), target


def test_a_new_game_name_is_valid_in_the_scenario_schema():
    jsonschema = pytest.importorskip("jsonschema")
    game = json.loads(schema.SCENARIO_SCHEMA.read_text(encoding="utf-8"))["properties"]["game"]
    validator = jsonschema.Draft202012Validator(game)
    assert not list(validator.iter_errors("kerhonrommi"))
    assert list(validator.iter_errors("Kerhon rommi"))


def test_a_generated_pages_sections_follow_its_rules():
    plain = presets.valid_sections("kerhotesti", rules=FIXED["perusrommi"])
    assert "jako" in plain and not {"avaus", "jokerit", "koputus"} & set(plain)
    jokers = presets.valid_sections("kerhotesti", rules=FIXED["rommi51"])
    assert {"avaus", "jokerit"} <= set(jokers) and "koputus" not in jokers
    assert "koputus" in presets.valid_sections("kerhotesti", rules=FIXED["gin"])


# --- credit ----------------------------------------------------------------------------------


def _sc(source: str, game: str, rules, options=None):
    return SimpleNamespace(source=source, game=game, rules=rules, options=options or {})


def test_an_example_under_a_clubs_rules_is_credited_to_the_club():
    sources = read_source_rules()["rommi"]
    assert not club_computed(_sc("F06", "rommi", sources))
    assert club_computed(_sc("F06", "rommi", sources.with_options(target_score=sources.target_score + 100)))
    # a variant the source describes (the scenario's own options) is still the source's
    variant = sources.with_options(final_discard="optional")
    assert not club_computed(_sc("F07", "rommi", variant, {"final_discard": "optional"}))
    # a club's own game, and the club's own examples
    assert club_computed(_sc("P21", "kerhonrommi", sources))
    assert not club_computed(_sc("kerho", "kerhonrommi", sources))
    assert not club_computed(_sc("own", "rommi", sources.with_options(target_score=1)))


# --- a club's game in a temporary copy -------------------------------------------------------

CLUB_PRESET = """\
# Kerhon rommi: perusrommi kolmella kerhon säännöllä.
name: kerhonrommi
title: Kerhon rommi
base: perusrommi
ace: high_or_low
final_discard: required
game_end: target
"""

CLUB_SCENARIO = """\
source: kerho
game: kerhonrommi
title: Kerhon jako
section: jako
steps:
  - deal: {players: 2, dealer: 1, seed: 101}
text: |
  Kerhossa jakaja jakaa kortit.
  Jakaja on vourolla viimeinen.
"""

#: A club's example started from a catalogue example (P04: melds), computed under the club's rules.
CLUB_FROM_SOURCE = """\
source: P04
game: kerhonrommi
title: Yhdistelmät kerhossa
section: yhdistelmat
steps:
  - check: [AC, 2C, 3C]
    valid: true
"""

#: The club's own page notes: an introduction that does not name the game's type (the page adds
#: the type's rule sentence itself) and a tip.
CLUB_NOTES = """\
game: kerhonrommi
intro:
  - text: Kerhon rommi on perusrommi kerhomme omilla säännöillä.
sections:
  vinkit:
    - text: Pidä ässät kädessä, sillä ne sopivat suoran kumpaankin päähän.
"""

#: Run in the copy: verify, then the claim check of the club's game and of its base game.
CLUB_CHECK = """\
import json, sys
from tools.verify import verify
from tools.statements import check_flips, read_allowlist
scenarios, errors = verify()
out = {"errors": [str(e) for e in errors]}
if not errors and sys.argv[1] == "flips":
    allowed = read_allowlist()
    out["club"] = sorted(map(list, check_flips(scenarios, "kerhonrommi")))
    out["base"] = sorted(map(list, (k for k in check_flips(scenarios, "perusrommi") if k not in allowed)))
    from tools.example_checks import render_example
    box = render_example(next(s for s in scenarios if s.id == "k02-yhdistelmat"))
    out["credit"] = [line.strip() for line in box.splitlines() if 'class="lahde"' in line]
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.fixture(scope="module")
def club_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("kerho")
    for name in ("engine", "tools", "templates", "scenarios"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "mkdocs.yml"):
        shutil.copy2(ROOT / name, root / name)
    (root / "tests").mkdir()
    shutil.copy2(ROOT / "tests" / "statement_allowlist.txt", root / "tests" / "statement_allowlist.txt")
    # this test's game replaces a game of the same name the project may have (a club's own, when
    # the suite runs in a club's copy: tests/test_club_site.py)
    shutil.rmtree(root / "scenarios" / "kerhonrommi", ignore_errors=True)
    (root / "scenarios" / "rules" / "kerhonrommi.yaml").write_text(CLUB_PRESET, encoding="utf-8")
    (root / "scenarios" / "kerhonrommi").mkdir()
    (root / "scenarios" / "kerhonrommi" / "k01-jako.yaml").write_text(CLUB_SCENARIO, encoding="utf-8")
    (root / "scenarios" / "kerhonrommi" / "k02-yhdistelmat.yaml").write_text(CLUB_FROM_SOURCE, encoding="utf-8")
    (root / "scenarios" / "kerhonrommi" / "notes.yaml").write_text(CLUB_NOTES, encoding="utf-8")
    return root


def _run(root: Path, what: str) -> dict:
    env = {**os.environ, "PYTHONPATH": f"{root / 'engine'}{os.pathsep}{root}"}
    proc = subprocess.run([sys.executable, "-c", CLUB_CHECK, what], cwd=root, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_typo_in_a_clubs_text_fails_verify_at_its_line_in_finnish(club_copy):
    if spelling.speller() is None:
        pytest.skip("Voikko puuttuu")
    shutil.copy2(ROOT / "scenarios" / "sanat.yaml", club_copy / "scenarios" / "sanat.yaml")
    found = _run(club_copy, "verify")["errors"]
    assert found == ["scenarios/kerhonrommi/k01-jako.yaml:9: text: " + spelling.message("vourolla")]


#: A club's notes file with a typo on its sixth line, in a folded text.
CLUB_NOTES_TYPO = """\
# Kerhon rommin sivu: mitä kerho kertoo sääntöjen lisäksi.
game: kerhonrommi
intro:
  - text: >-
      Kerhon rommia pelataan tiistaisin.
      Jakaja on vourolla viimeinen.
"""


def test_a_typo_in_a_clubs_notes_or_title_fails_verify_at_its_line_in_finnish(club_copy):
    """./dev verify (all), and verify of the notes file or of the rule file alone: file:line, Finnish."""
    if spelling.speller() is None:
        pytest.skip("Voikko puuttuu")
    shutil.copy2(ROOT / "scenarios" / "sanat.yaml", club_copy / "scenarios" / "sanat.yaml")
    notes = club_copy / "scenarios" / "kerhonrommi" / "notes.yaml"
    preset = club_copy / "scenarios" / "rules" / "kerhonrommi.yaml"
    before = notes.read_text(encoding="utf-8") if notes.exists() else None  # the copy's own notes, if any
    notes.write_text(CLUB_NOTES_TYPO, encoding="utf-8")
    preset.write_text(CLUB_PRESET.replace("title: Kerhon rommi", "title: Kerhon rommmi"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{club_copy / 'engine'}{os.pathsep}{club_copy}"}
    try:
        want_notes = "scenarios/kerhonrommi/notes.yaml:6: text: " + spelling.message("vourolla")
        want_title = "scenarios/rules/kerhonrommi.yaml:3: title: " + spelling.message("rommmi")
        found = _run(club_copy, "verify")["errors"]
        assert want_notes in found and want_title in found
        for arg, want in (
            ("scenarios/kerhonrommi/notes.yaml", want_notes),
            ("scenarios/rules/kerhonrommi.yaml", want_title),
        ):
            proc = subprocess.run(
                [sys.executable, "-m", "tools.verify", arg], cwd=club_copy, env=env, capture_output=True, text=True
            )
            assert proc.returncode == 1 and proc.stderr.strip().splitlines() == [want], proc.stderr[-2000:]
            assert proc.stdout == ""
    finally:
        if before is None:
            notes.unlink()
        else:
            notes.write_text(before, encoding="utf-8")
        preset.write_text(CLUB_PRESET, encoding="utf-8")


def test_a_clubs_game_passes_the_claim_check_with_no_allowlist_edit(club_copy):
    words = club_copy / "scenarios" / "sanat.yaml"
    words.write_text(words.read_text(encoding="utf-8") + "- vourolla\n", encoding="utf-8")
    found = _run(club_copy, "flips")
    assert found["errors"] == []
    assert found["club"] == [] and found["base"] == []
    assert found["credit"] == [
        '<small class="lahde">Moottorin tarkistama esimerkki · laskettu kerhon säännöillä '
        '(esimerkin pohjana P04)</small>'
    ]


def test_a_clubs_game_gets_only_its_sections_in_the_reference(club_copy):
    env = {**os.environ, "PYTHONPATH": f"{club_copy / 'engine'}{os.pathsep}{club_copy}"}
    proc = subprocess.run(
        [sys.executable, "-m", "tools.schema"], cwd=club_copy, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    row = next(
        line
        for line in (club_copy / "scenarios" / "README.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| `kerhonrommi` |")
    )
    assert "`jako`" in row and not any(f"`{s}`" in row for s in ("avaus", "jokerit", "koputus"))
    scenario_schema = json.loads((club_copy / "scenarios" / "scenario.schema.json").read_text(encoding="utf-8"))
    rule = next(a for a in scenario_schema["allOf"] if a["if"]["properties"]["game"]["const"] == "kerhonrommi")
    assert "avaus" not in rule["then"]["properties"]["section"]["enum"]
