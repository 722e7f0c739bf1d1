"""The rules editor's loop from a fresh clone: ``./dev verify|diff|accept`` and what the tools say."""

from __future__ import annotations

import re
import sys
import subprocess
from pathlib import Path

from test_scenarios import GOOD

ROOT = Path(__file__).resolve().parent.parent


def dev(*args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(ROOT / "dev"), *args], cwd=ROOT, capture_output=True, text=True)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


def test_dev_verify_passes_paths_and_exit_code(tmp_path):
    good = tmp_path / "hyva.yaml"
    good.write_text(GOOD, encoding="utf-8")
    bad = tmp_path / "huono.yaml"
    bad.write_text(GOOD.replace("points: [18, 0]", "points: [17, 0]"), encoding="utf-8")
    ok = dev("verify", str(good))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "täsmää" in ok.stdout
    failed = dev("verify", str(good), str(bad))
    assert failed.returncode == 1
    assert f"{bad}:17: points: odotettiin" in failed.stdout + failed.stderr
    assert str(good) + ":" not in failed.stdout + failed.stderr


def test_dev_lists_the_editor_commands():
    proc = dev()
    assert proc.returncode == 2
    for command in ("./dev verify", "./dev diff", "./dev accept"):
        assert command in proc.stdout


def test_editor_docs_use_dev_commands():
    """README and the editor reference tell the editor to run ./dev, which sets up the .venv;
    ``python -m tools.…`` appears only as what ./dev runs (a bare one fails outside the .venv)."""
    for path in (ROOT / "README.md", ROOT / "scenarios" / "README.md"):
        text = path.read_text(encoding="utf-8")
        assert "./dev diff" in text and "./dev accept" in text and "./dev verify" in text, path
        for line in text.splitlines():
            for m in re.finditer(r"(?<![/\w])python -m tools\.(verify|build --(diff|accept))", line):
                assert "./dev" in line or "runs" in line or "ajaa" in line, (path.name, line)


def test_diff_says_sample_deals_stop_until_accept(tmp_path):
    """A rule change under which the engine-played sample deals stop part-way: --diff says why the
    pages cannot be built (in Finnish, no template error) and does not claim the page text is unchanged."""
    from test_editor import accepted_copy, run, set_option

    repo = accepted_copy(tmp_path, lay_off_before_meld="true")
    set_option(repo / "scenarios" / "rules" / "perusrommi.yaml", "lay_off_before_meld", "false")
    diff = run(repo, "-m", "tools.build", "--diff")
    assert diff.returncode == 1
    out = diff.stdout
    built, pages = out.split("== Muuttunut sivuteksti")
    listed = re.search(r"esimerkkijaot \(z-\*\.yaml: ([^)]*)\)", built)
    assert listed and "./dev accept" in built, built
    # perusrommi's, and those of any game built on it (a club's, when the project has one)
    assert any(name.startswith("z-perusrommi-") for name in listed.group(1).split(", ")), listed.group(1)
    assert "has no attribute" not in out and "sivupohjassa" not in out
    assert "sivuja ei verrattu" in pages and "(ei muutoksia)" not in pages


# ---------------------------------------------------------------------------------------------
# the editor reference's "Asetelma ja vaiheet" follows the loader's tables and the engine's codes


def _section(title: str) -> str:
    text = (ROOT / "scenarios" / "README.md").read_text(encoding="utf-8")
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_reference_explains_every_key_the_loader_accepts():
    from tools import editor_help
    from tools.scenario import EXPECT_KEYS, MOVE_KEYS, SETUP_KEYS, STEP_EXTRA, STEP_KINDS

    assert set(editor_help.SETUP_HELP) == SETUP_KEYS
    assert set(editor_help.EXPECT_HELP) == EXPECT_KEYS
    assert set(editor_help.STEP_EXTRA_HELP) == STEP_EXTRA
    assert set(editor_help.STEP_HELP) == MOVE_KEYS | set(STEP_KINDS) | {"expect"}
    section = _section("Asetelma ja vaiheet")
    for key in SETUP_KEYS | EXPECT_KEYS | STEP_EXTRA | MOVE_KEYS | set(STEP_KINDS):
        assert f"| `{key}` |" in section, key


def test_reference_lists_exactly_the_engines_refusal_codes():
    from tools.refusals import REFUSAL_HELP, engine_codes

    codes = engine_codes()
    assert set(REFUSAL_HELP) == set(codes)
    codes_part = _section("Asetelma ja vaiheet").split("### Hylkäyskoodit", 1)[1]
    listed = set(re.findall(r"^\| `(\w+)` \|", codes_part, re.M))
    assert listed == set(codes)
    # the codes the engine really raises are among them (not only what the scan happens to find)
    from rommikirja import Deal, Draw, IllegalMove, RuleSet, STOCK
    from rommikirja.cards import parse_cards
    from rommikirja.melds import check_meld

    deal = Deal.from_position(RuleSet(), [parse_cards("7H 8H"), parse_cards("AS 7C")], stock=parse_cards("9H 2C"))
    deal.play(Draw(STOCK))
    try:
        deal.play(Draw(STOCK))
    except IllegalMove as err:
        assert err.code in codes
    else:
        raise AssertionError("a second draw was accepted")
    assert check_meld(parse_cards("7H 8S 10D"), RuleSet()).code in codes


def test_refusal_scan_finds_a_new_code(tmp_path):
    from tools.refusals import engine_codes

    (tmp_path / "x.py").write_text(
        'def f():\n    raise IllegalMove("uusi_koodi", lambda who: who)\ndef g():\n    return _Reason("toinen", "x")\n',
        encoding="utf-8",
    )
    (tmp_path / "play.py").write_text('IllegalMove("pelaa_vain", "x")\n', encoding="utf-8")
    assert set(engine_codes(tmp_path)) == {"uusi_koodi", "toinen"}


def test_reference_example_holds(tmp_path):
    """The worked setup in the reference is a scenario the verifier accepts (under fixed rules)."""
    block = re.search(r"```yaml\n(.*?)```", _section("Asetelma ja vaiheet"), re.S).group(1)
    path = tmp_path / "esimerkki.yaml"
    path.write_text(
        "source: own\ngame: perusrommi\ntitle: Esimerkki\n"
        + block
        + "options: {ace_points: 1, rummy_doubling: true, scoring: winner_takes, "
        "final_discard: optional, lay_off_before_meld: true, melds_per_turn: any}\n",
        encoding="utf-8",
    )
    proc = subprocess.run([sys.executable, "-m", "tools.verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# ---------------------------------------------------------------------------------------------
# refusal wording

LAY_OFF = """\
source: own
game: perusrommi
title: Testi
players: [Aino, Eero]
setup:
  turn: Aino
  hands:
    - [9C, KH]
    - [AS, 7C, KD]
  stock: [4H, 2C]
  discard: [5S]
  table:
    - {owner: Aino, cards: [3C, 4C, 5C, 6C]}
    - {owner: Aino, cards: [9D, 10D, JD, QD]}
    - {owner: Eero, cards: [8S, 9S, 10S]}
    - {owner: Eero, cards: [2D, 3D, 4D, 5D]}
steps:
  - draw: stock
  - lay_off: [9C]
    onto: 2
"""


def test_unexpected_refusal_names_the_player_the_runs_suit_and_the_fix(tmp_path):
    from tools.verify import verify

    path = tmp_path / "lisays.yaml"
    path.write_text(LAY_OFF, encoding="utf-8")
    _, errors = verify([path], rules_dir=ROOT / "tests" / "corpus" / "rules")
    assert len(errors) == 1, [str(e) for e in errors]
    err = errors[0]
    assert err.line == 19
    assert (
        "Aino ei voi lisätä ristiysiä yhdistelmään (patakasi, pataysi ja patakymppi), koska ristiysi "
        "ei ole samaa maata kuin suora (pata)"
    ) in err.message
    assert "Pelaaja" not in err.message and "samanarvoisia" not in err.message
    assert err.message.endswith("jos hylkäys on tarkoitus, lisää vaiheeseen refused: not_extending")
    path.write_text(LAY_OFF + "    refused: not_extending\n", encoding="utf-8")
    assert verify([path], rules_dir=ROOT / "tests" / "corpus" / "rules")[1] == []


# ---------------------------------------------------------------------------------------------
# text errors


def test_a_wrong_case_name_is_named_with_the_valid_ones(tmp_path):
    from test_scenarios import run_file

    proc, path = run_file(tmp_path, GOOD.replace("{{ names[0] }} saa", '{{ names[0] | player("genetiivi") }} saa'))
    assert proc.returncode == 1
    out = proc.stdout + proc.stderr
    assert f"{path}:19: text: sijamuoto ”genetiivi” ei kelpaa: kirjoita ”gen” (genetiivi); sallitut: " in out
    assert "ade (adessiivi)" in out and "arvo ei kelpaa" not in out


def test_an_unknown_player_name_is_one_error_at_players(tmp_path):
    from test_scenarios import run_file

    text = (
        GOOD.replace("Aino", "Zorbax")
        .replace("title: Testi", "title: Testi\nplayers: [Zorbax, Eero]")
        .replace("{{ names[0] }} saa", '{{ names[0] | player("gen") }} saa')
    )
    proc, path = run_file(tmp_path, text)
    lines = [ln for ln in (proc.stdout + proc.stderr).splitlines() if ln.startswith(str(path))]
    assert len(lines) == 1 and lines[0].startswith(f"{path}:4: players: nimelle ”Zorbax” ei ole taivutusmuotoja")


# ---------------------------------------------------------------------------------------------
# a key at the wrong indentation


def test_an_expect_key_indented_too_little_says_so(tmp_path):
    from test_scenarios import run_file

    proc, path = run_file(
        tmp_path, GOOD.replace("      winner: Aino\n      points: [18, 0]", "      winner: Aino\n    points: [18, 0]")
    )
    out = proc.stdout + proc.stderr
    assert f"{path}:17: expect-vaihe: ”points” kuuluu expect:-kohdan alle; tarkista sisennys" in out
    assert "sallitut: expect" not in out


def test_a_setup_key_among_the_steps_says_where_it_belongs(tmp_path):
    from test_scenarios import run_file

    proc, path = run_file(tmp_path, GOOD.replace("  - draw: stock\n", "  - draw: stock\n    has_played: [Aino]\n"))
    assert f"{path}:14: siirto: ”has_played” kuuluu asetelmaan (setup:)" in proc.stdout + proc.stderr
    proc, path = run_file(tmp_path, GOOD.replace("  - draw: stock\n", "  - draw: stock\n    bogus: 1\n"))
    assert f"{path}:14: siirto: tuntematon kenttä ”bogus”; sallitut: " in proc.stdout + proc.stderr


# ---------------------------------------------------------------------------------------------
# one wrong card count is one error, at the hand's line

from test_truth import REACHABLE_HAND, load  # noqa: E402,F401  (load: the fixed-rules fixture)


def test_one_extra_card_in_a_hand_is_one_error_at_that_hand(load):  # noqa: F811 (a fixture)
    sc, errors = load(REACHABLE_HAND.replace("[3H, 8C, QS, AD]", "[3H, 8C, QS, AD, 2D]"))
    assert len(errors) == 1, [str(e) for e in errors]
    assert errors[0].line == 8  # Eero's hand, not the table line
    assert "Eeron" in errors[0].message


def test_an_owner_short_of_cards_is_one_error_at_that_hand(load):  # noqa: F811 (a fixture)
    bad = (
        REACHABLE_HAND.replace("[3H, 8C, QS, AD]", "[3H, 8C, QS, AD, 2D]")
        .replace(
            "      table:\n", "      has_played: [Aino]\n      table:\n        - {owner: Eero, cards: [KD, KS, KH]}\n"
        )
        .replace("[2C, 5D, 9S, JH, KC, 4S, 7D]", "[2C, 5D, 9S, JH]")
    )
    sc, errors = load(bad)
    assert [e.line for e in errors] == [8], [str(e) for e in errors]
    assert "Eeron omissa yhdistelmissä on pöydällä vähintään 6 korttia" in errors[0].message


# ---------------------------------------------------------------------------------------------
# a house-rule example outside the variants section


def test_a_house_rule_title_outside_variants_is_an_error_at_the_title(tmp_path):
    from test_scenarios import run_file

    proc, path = run_file(
        tmp_path, GOOD.replace("title: Testi", "title: Kotisääntö – lisäys vasta myöhemmin\nsection: vuoro")
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1
    assert f"{path}:3: esimerkki puhuu kotisäännöstä tai muunnelmasta (”Kotisääntö”)" in out
    assert "section: muunnelmat" in out


def test_a_house_rule_text_outside_variants_is_an_error_at_its_line(tmp_path):
    from test_scenarios import run_file

    text = GOOD.replace("  {{ names[0] }} saa", "  Ilman kotisääntöä peli jatkuisi.\n  {{ names[0] }} saa").replace(
        "title: Testi", "title: Testi\nsection: vuoro"
    )
    proc, path = run_file(tmp_path, text)
    assert (
        f"{path}:20: esimerkki puhuu kotisäännöstä tai muunnelmasta (”Ilman kotisääntöä”)" in proc.stdout + proc.stderr
    )
    # naming a house rule as another possibility is not showing one
    text = text.replace(
        "Ilman kotisääntöä peli jatkuisi.",
        "Kotisäännöllä, jossa rommi ei tuplaa (katso muunnelmat), tulos olisi toinen.",
    )
    proc, path = run_file(tmp_path, text)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# ---------------------------------------------------------------------------------------------
# --diff and --accept output: one form of file name, Finnish facts, "korjaa käsin" only on errors


def test_diff_and_accept_name_files_one_way_in_finnish(tmp_path):
    from test_editor import accepted_copy, run, set_option

    repo = accepted_copy(tmp_path, lay_off_before_meld="true")
    set_option(repo / "scenarios" / "rules" / "perusrommi.yaml", "lay_off_before_meld", "false")
    diff = run(repo, "-m", "tools.build", "--diff").stdout
    facts = diff.split("== Muuttuneet laskennan tulokset", 1)[1].split("== Muuttunut sivuteksti", 1)[0]
    headers = re.findall(r"^  (\S+):(?:  ←.*)?$", facts, re.M)
    assert headers and all(h.startswith("scenarios/") and h.endswith(".yaml") for h in headers), headers
    assert re.search(r"^    [-+]tulos: pelaaja meni ulos \(result: went_out\)", facts, re.M)
    assert not re.search(r"tulos: went_out", diff)
    accept = run(repo, "-m", "tools.build", "--accept").stdout
    derailed = [ln for ln in accept.splitlines() if "joten jako ei enää ole skenaarion kuvaama" in ln]
    refused = [ln for ln in accept.splitlines() if ": siirto " in ln and "hylättiin" in ln]
    assert derailed and refused
    assert not any(ln.endswith("korjaa käsin") for ln in derailed)
    assert all(ln.endswith("← korjaa käsin") for ln in refused)
