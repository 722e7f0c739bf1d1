"""A club's own player names come from YAML (scenarios/nimet.yaml), never from editing Python.

The file is checked line by line (missing case, markup, a built-in name with other forms, a
name that is not one); a scenario with an unknown name points at the file; after the name is
added there, the page inflects it. The end-to-end test works on a temporary copy of the project.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import jsonschema
import pytest
import yaml

from rommikirja import finnish
from tools.scenario.names import load_names, read_names
from tools.yamlsrc import SourceError
from test_editor import ROOT, copy_project, run
from positions import KALLE


@pytest.fixture
def restore_club_names():
    """Tests here register names; the rest of the session must not see them."""
    old = finnish.set_club_names({})
    yield
    finnish.set_club_names(old)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "nimet.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> SourceError:
    with pytest.raises(SourceError) as info:
        read_names(write(tmp_path, text))
    return info.value


def test_a_names_file_gives_every_case(tmp_path):
    shuffled = "Kalle:\n" + "".join(sorted(KALLE.splitlines(keepends=True)[1:], reverse=True))
    table = read_names(write(tmp_path, shuffled))
    assert table["Kalle"] == tuple(
        "Kalle Kallen Kallea Kalleen Kallessa Kallesta Kallelle Kallella Kallelta Kallena Kalleksi".split()
    )


def test_empty_or_comment_only_file_is_no_names(tmp_path):
    assert read_names(write(tmp_path, "# vain kommentti\n")) == {}
    assert read_names(tmp_path / "puuttuu.yaml") == {}


@pytest.mark.parametrize(
    "text, line, message",
    [
        (KALLE.replace("  all: Kallelle\n", ""), 2, "Kalle: puuttuu sijamuoto all (allatiivi, kenelle? esim. Ainolle)"),
        (
            KALLE.replace("Kallelle", "<b>Kallelle</b>"),
            7,
            "Kalle: all (allatiivi, kenelle?): ”<b>Kallelle</b>” ei kelpaa",
        ),
        (KALLE.replace("Kallelle", "'[Kallelle](http://x)'"), 7, "ei kelpaa: muodossa saa olla vain kirjaimia"),
        (
            KALLE.replace("gen: Kallen", "gen: Kallelle"),
            2,
            "Kalle: gen (genetiivi, kenen?): ”Kallelle” ei ole genetiivi",
        ),
        (KALLE.replace("gen: Kallen", "gen: Ainon"), 2, "”Ainon” ei näytä nimen Kalle taivutusmuodolta"),
        (KALLE.replace("ade: Kallella", "ade: Kallellä"), 2, "päätteissä on sekaisin a ja ä"),
        (KALLE.replace("tra: Kalleksi", "tra: Kalleksi\n  lok: Kallessa"), 12, "tuntematon sijamuoto ”lok”"),
        (KALLE.replace("Kalle:", "kalle:"), 1, "”kalle” ei kelpaa nimeksi: nimi alkaa isolla kirjaimella"),
        (KALLE.replace("Kalle:", "R2D2:"), 1, "”R2D2” ei kelpaa nimeksi"),
        ("Kalle: Kallen\n", 1, "Kalle: odotettiin sijamuotoja"),
        ("- Kalle\n", 1, "odotettiin nimiä muodossa Nimi:"),
        (
            KALLE + KALLE.replace("Kalle", "Matti").replace("Matin", "Mattin"),
            12,
            "Matti: nimi on jo Rommikirjassa eri muodoin (gen: Matin",
        ),
        (KALLE + KALLE, 12, "avain ”Kalle” toistuu"),
    ],
)
def test_problems_name_file_line_and_what_was_expected(tmp_path, text, line, message):
    err = error_of(tmp_path, text)
    assert err.line == line and message in err.message, str(err)
    assert str(err).startswith(f"{err.path}:{line}: ")


def test_a_built_in_name_with_its_own_forms_is_allowed(tmp_path):
    aino = "Aino:\n" + "".join(
        f"  {c}: {f}\n" for c, f in zip(finnish.SINGULAR_CASES[1:], finnish.NAME_FORMS["Aino"][1:])
    )
    assert read_names(write(tmp_path, aino))["Aino"] == finnish.NAME_FORMS["Aino"]


def test_load_registers_and_a_broken_file_registers_nothing(tmp_path, restore_club_names):
    path = write(tmp_path, KALLE)
    load_names(path)
    assert finnish.player_name("Kalle", "all") == "Kallelle"
    path.write_text(KALLE.replace("  gen: Kallen\n", ""), encoding="utf-8")
    with pytest.raises(SourceError):
        load_names(path)
    with pytest.raises(finnish.UnknownName, match="scenarios/nimet.yaml"):
        finnish.player_name("Kalle", "all")


def test_engine_refuses_a_malformed_table(restore_club_names):
    with pytest.raises(ValueError):
        finnish.set_club_names({"Kalle": ("Kalle", "Kallen")})
    with pytest.raises(ValueError):
        finnish.set_club_names({"Aino": ("Aino",) + ("Ainoxx",) * 10})
    assert finnish.club_names() == {}


def test_names_file_and_schema_agree(tmp_path):
    schema = json_schema()
    jsonschema.validate(yaml.safe_load(KALLE), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(yaml.safe_load(KALLE.replace("  all: Kallelle\n", "")), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(yaml.safe_load(KALLE.replace("gen: Kallen", "gen: Kallelle")), schema)
    shipped = ROOT / "scenarios" / "nimet.yaml"
    assert shipped.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=names.schema.json")
    jsonschema.validate(yaml.safe_load(shipped.read_text(encoding="utf-8")), schema)
    read_names(shipped)  # the club's file itself is valid


def json_schema() -> dict:
    import json

    return json.loads((ROOT / "scenarios" / "names.schema.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# end to end, on a copy: unknown name → pointer to the YAML file; added there → the page inflects it

SCENARIO = """\
source: kerho
game: perusrommi
title: Kallen pisteet
section: pisteet
order: 99
options: {ace: low, ace_points: 1, scoring: winner_takes, rummy_doubling: true, final_discard: optional,
          lay_off_before_meld: true, melds_per_turn: any, stock_exhausted: turn_over}
players: [Anne, Kalle, Charlotte]
setup:
  turn: Kalle
  hands:
    - [QS, 5H]
    - [8C]
    - [AD, 9S]
  stock: [2H, 7D]
  discard: [3C]
  table:
    - {owner: Kalle, cards: [9C, 10C, JC]}
    - {owner: Anne, cards: [2S, 3S, 4S, 5S, 6S]}
    - {owner: Kalle, cards: [10H, JH, QH]}
    - {owner: Charlotte, cards: [9D, 10D, JD, QD, KD]}
steps:
  - draw: stock
  - lay_off: [8C]
    onto: 0
  - discard: 2H
  - expect:
      winner: Kalle
      points: [0, 25, 0]
text: |
  {{ names[1] | player("all") }} tulee {{ score.points[1] | count("piste") }}: {{ names[1] | player("gen") }}
  vastustajien kädet ovat hänen pisteensä, eikä {{ names[1] | player("ade") }} ole enää kortteja.
"""


def test_unknown_name_points_at_the_yaml_file_then_the_page_inflects_it(tmp_path):
    repo = copy_project(tmp_path / "repo")
    scenario = repo / "scenarios" / "perusrommi" / "x01-kalle.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")

    verify = run(repo, "-m", "tools.verify")
    assert verify.returncode == 1
    assert "scenarios/perusrommi/x01-kalle.yaml:8: players: nimelle ”Kalle” ei ole taivutusmuotoja" in verify.stderr, (
        verify.stderr
    )
    assert "lisää ne tiedostoon scenarios/nimet.yaml" in verify.stderr
    assert "rommikirja/finnish" not in verify.stderr and "NAME_FORMS" not in verify.stderr  # no traceback

    names = repo / "scenarios" / "nimet.yaml"
    names.write_text(names.read_text(encoding="utf-8") + "\n" + KALLE.replace("  ess: Kallena\n", ""), encoding="utf-8")
    broken = run(repo, "-m", "tools.verify")
    assert broken.returncode == 1 and "scenarios/nimet.yaml:" in broken.stderr
    assert "Kalle: puuttuu sijamuoto ess (essiivi, kenenä? esim. Ainona)" in broken.stderr, broken.stderr
    assert broken.stderr.count("scenarios/nimet.yaml:") == 1  # said once, not per scenario

    names.write_text(names.read_text(encoding="utf-8") + "  ess: Kallena\n", encoding="utf-8")
    assert run(repo, "-m", "tools.verify").returncode == 0
    diff = run(repo, "-m", "tools.build", "--diff")
    added = "\n".join(line for line in diff.stdout.splitlines() if line.lstrip().startswith("+"))
    assert "Kallelle tulee 25 pistettä: Kallen" in added, diff.stdout
    assert "eikä Kallella ole enää kortteja" in added


def test_names_from_replaces_the_club_file_for_a_while(tmp_path):
    from tools.scenario.names import names_from

    before = finnish.club_names()
    with names_from(write(tmp_path, KALLE)) as table:
        assert set(table) == {"Kalle"} and finnish.player_name("Kalle", "ela") == "Kallesta"
    with names_from(None):
        assert finnish.name_forms("Kalle") is None and finnish.name_forms("Aino") is not None
    assert finnish.club_names() == before


def _named(name: str, stem: str) -> str:
    """A names file with one name whose forms are written from ``stem`` (so only the name is odd)."""
    return KALLE.replace("Kalle:", f"{name}:", 1).replace("Kalle", stem)


@pytest.mark.parametrize(
    "name, char",
    [
        ("Аino", "U+0410 (kyrillinen kirjain)"),
        ("Aiнo", "U+043D (kyrillinen kirjain)"),
        ("Eerο", "U+03BF (kreikkalainen kirjain)"),
        ("Ａino", "U+FF21 (täysleveä merkki"),
        ("𝐀ino", "U+1D400 (matemaattinen kirjain"),
        ("Aſſi", "U+017F ("),
        ("\u212aalle", "U+212A ("),
        ("Ⅻ", "U+216B ("),
        ("Ai²o", "U+00B2 ("),
    ],
)
def test_look_alike_names_are_refused_naming_the_character(tmp_path, name, char):
    err = error_of(tmp_path, _named(name, "Kalle"))
    assert err.line == 1 and err.message.startswith(f"”{name}” ei kelpaa nimeksi: merkki {char}"), err.message
    assert "\\u" not in err.message and "\\U" not in err.message


def test_two_names_that_look_alike_collide(tmp_path):
    err = error_of(tmp_path, KALLE + _named("KALLE", "KALLE").replace("KALLE:", "KALLE:", 1))
    assert err.line == 12 and "”KALLE” näyttää samalta kuin nimi ”Kalle”, joka on jo tiedostossa" in err.message
    err = error_of(tmp_path, _named("AINO", "AINO"))
    assert err.line == 1 and "näyttää samalta kuin nimi ”Aino”, joka on jo Rommikirjassa" in err.message


def test_latin_names_with_diacritics_pass(tmp_path):
    table = read_names(
        write(
            tmp_path,
            _named("Jörö", "Jörö")
            .replace("Jöröen", "Jörön")
            .replace("Jöröa", "Jöröä")
            .replace("Jörössa", "Jörössä")
            .replace("Jörösta", "Jöröstä")
            .replace("Jörölla", "Jöröllä")
            .replace("Jörölta", "Jöröltä")
            .replace("Jöröna", "Jörönä")
            .replace("Jöröeen", "Jöröön"),
        )
    )
    assert "Jörö" in table
