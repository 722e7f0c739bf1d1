"""Look-alike identity (issue 18): names and titles a reader cannot tell apart are refused.

Letters must be Latin, digits ASCII, and nothing a compatibility variant (NFKC-stable); two
presets whose titles look alike (NFKC + casefold) collide. The corpus files
(tests/corpus/rulesets/title-*.yaml, tests/corpus/scenarios/identity-*.yaml) test the
messages end to end; this file tests the rule and the preset pages' duplicate check.
"""

from __future__ import annotations

import pytest

from rommikirja.chars import identity_problem, skeleton
from tools.yamlsrc import SourceError


@pytest.mark.parametrize(
    "text", ["Aino", "Äijä-Pekka", "José", "Kerhon rommi – ”paras” (versio 2)!", "Rommi 51 …", "Łukasz", "Øystein"]
)
def test_latin_text_passes(text):
    assert identity_problem(text) is None


@pytest.mark.parametrize(
    "text, char",
    [
        ("Аino", "U+0410"),
        ("Aiнo", "U+043D"),
        ("Eerο", "U+03BF"),
        ("Ａino", "U+FF21"),
        ("𝐀ino", "U+1D400"),
        ("Aſſi", "U+017F"),
        ("\u212aalle", "U+212A"),
        ("Ⅻ", "U+216B"),
        ("Ai²o", "U+00B2"),
        ("Реrusrommi", "U+0420"),
        ("Rommi ٧", "U+0667"),
        ("Ra\u0308tti", "U+0308"),
        ("ᴀino", "U+1D00"),
        ("Aɑno", "U+0251"),
        ("Aiɴo", "U+0274"),
    ],
)
def test_look_alikes_are_named(text, char):
    problem = identity_problem(text)
    assert problem is not None and problem.startswith(f"merkki {char} (") and "\\u" not in problem


def test_skeleton_folds_case_and_compatibility_forms():
    assert skeleton("PERUSROMMI") == skeleton("Perusrommi") == skeleton("Ｐerusrommi")
    assert skeleton("Реrusrommi") != skeleton("Perusrommi")  # refused by identity_problem instead
    assert skeleton("Aıno") == skeleton("Aino") and skeleton("ĸalle") == skeleton("Kalle")  # Latin look-alikes


def test_players_that_look_alike_collide(tmp_path):
    from rommikirja.narrate import DEFAULT_NAMES
    from tools.scenario import load_scenario
    from fixed_rules import FIXED
    from positions import DEAL, GOES_OUT

    path = tmp_path / "x.yaml"
    path.write_text(
        (DEAL + GOES_OUT).replace("title: Testi\n", "title: Testi\nplayers: [Aino, A\u0131no]\n"), encoding="utf-8"
    )
    with pytest.raises(SourceError) as exc:
        load_scenario(path, FIXED)
    assert exc.value.line == 4 and "”A\u0131no” näyttää samalta kuin ”Aino”" in exc.value.message
    assert "Aino" in DEFAULT_NAMES


def test_two_presets_whose_titles_look_alike_collide(tmp_path, monkeypatch):
    from tools import presets

    monkeypatch.setattr(presets, "_page_headings", lambda pages_dir=None: {})
    (tmp_path / "a.yaml").write_text("name: kerho-a\ntitle: Kerhorommi\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("name: kerho-b\ntitle: Ｋerhorommi\n", encoding="utf-8")
    with pytest.raises(SourceError) as exc:
        presets.preset_meta(tmp_path)
    assert exc.value.line == 2 and "b.yaml" in exc.value.path
    assert "otsikko ”Ｋerhorommi” on jo pelillä kerho-a (a.yaml) lähes samana: ”Kerhorommi”" in exc.value.message
    (tmp_path / "b.yaml").write_text("name: kerho-b\ntitle: Kerhorommi kaksi\n", encoding="utf-8")
    assert set(presets.preset_meta(tmp_path)) == {"kerho-a", "kerho-b"}
