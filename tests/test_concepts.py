"""Every game page is one template of concept sections (tools/concepts.py) fed a rule set and its
notes file (tools/notes.py): a section appears exactly when the rule set has its concept, and a
notes file is checked like any author text (Finnish file:line errors). Uses the tests' own rule sets."""

from __future__ import annotations

from fixed_rules import FIXED

from tools import concepts, notes
from tools.game_page import text_speller
from tools.yamlsrc import loads


def _keys(rules, notes_data=None, base=None):
    return [s["key"] for s in concepts.page_sections(rules, notes_data, base)]


def test_a_club_preset_with_three_changes_keeps_nine_tenths_of_its_base_games_sections():
    base = FIXED["perusrommi"]
    club = base.with_options(name="kerho", ace="high_or_low", final_discard="required", game_end="target")
    before, after = _keys(base), _keys(club, None, {"differences": ["ace"]})
    kept = [k for k in before if k in after]
    assert len(kept) >= 0.9 * len(before), (before, after)
    assert "erot" in after and "erot" not in before  # the comparison with the base game is added


def test_a_section_is_left_out_when_the_rule_set_lacks_its_concept():
    rummy, knock = FIXED["perusrommi"], FIXED["gin"]
    assert "koputus" not in _keys(rummy) and "gin" not in _keys(rummy)
    assert {"koputus", "gin"} <= set(_keys(knock))
    assert "lisaaminen" not in _keys(knock) and "ulosmeno" not in _keys(knock)
    assert "jokerit" not in _keys(rummy)
    assert "jokerit" in _keys(rummy.with_options(jokers=2))
    assert "avaus" not in _keys(rummy) and "avaus" in _keys(rummy.with_options(opening_points=30))


def test_a_notes_file_adds_its_own_section_after_the_named_one():
    data = loads(
        "game: perusrommi\nown_sections:\n  - key: lahteet\n    heading: Lähteiden erot\n    after: muunnelmat\n"
        "    notes:\n      - text: Lähteet eroavat.\n",
        "notes.yaml",
    )
    assert notes.check(data, "notes.yaml") == []
    keys = _keys(FIXED["perusrommi"], data)
    assert keys[keys.index("muunnelmat") + 1] == "lahteet"


def test_a_note_shows_only_when_its_rule_holds():
    data = loads(
        "game: perusrommi\nsections:\n  peli:\n    - text: Jakoja on sovittu määrä.\n      when: {game_end: deals}\n",
        "notes.yaml",
    )
    rules = FIXED["perusrommi"]
    shown = notes.notes_of(data, "peli", rules.with_options(game_end="deals"))
    assert [str(n) for n in shown] == ["Jakoja on sovittu määrä."]
    assert notes.notes_of(data, "peli", rules.with_options(game_end="target")) == []


def test_a_notes_files_markup_and_unknown_keys_are_refused_at_their_lines_in_finnish():
    text = (
        "game: perusrommi\n"
        "sections:\n"
        "  jako:\n"
        "    - text: Tässä <b>lihava</b> sana.\n"
        "  koputtelu:\n"
        "    - text: Hyvä.\n"
        "      when: {assa: low}\n"
    )
    errors = [str(e) for e in notes.check(loads(text, "notes.yaml"), "scenarios/x/notes.yaml")]
    assert any(e.startswith("scenarios/x/notes.yaml:4:") and "ei ole sallittu" in e for e in errors), errors
    assert any(e.startswith("scenarios/x/notes.yaml:5:") and "tuntematon osio ”koputtelu”" in e for e in errors), errors
    assert any(e.startswith("scenarios/x/notes.yaml:7:") and "tuntematon sääntö ”assa”" in e for e in errors), errors
    assert not any("Traceback" in e or "'" in e for e in errors)


def test_a_misspelt_word_in_notes_is_reported_at_its_line():
    text = "game: perusrommi\nintro:\n  - text: Jakaja on vourolla.\n"
    errors = notes.check(loads(text, "n.yaml"), "n.yaml", text_speller(lambda w: w.lower() in {"jakaja", "on"}, set()))
    assert [str(e) for e in errors] and str(errors[0]).startswith("n.yaml:3:") and "vourolla" in str(errors[0])


def test_a_misspelt_word_in_a_block_text_is_reported_at_the_texts_line():
    text = "game: perusrommi\nintro:\n  - text: |\n      Jakaja on.\n      Jakaja on vourolla.\n"
    errors = notes.check(
        loads(text, "n.yaml"), "n.yaml", text_speller(lambda w: w.lower() in {"jakaja", "on"}, set()), text
    )
    assert [str(e)[:9] for e in errors] == ["n.yaml:5:"]


def test_a_notes_file_is_mapped_to_its_own_schema_not_the_scenario_schema():
    from test_club_game import _schemas_of

    assert _schemas_of("scenarios/kerhonrommi/notes.yaml") == ["./scenarios/notes.schema.json"]


def test_verify_reports_a_notes_files_problems_at_their_lines(tmp_path):
    game = tmp_path / "kerho"
    game.mkdir()
    (game / "notes.yaml").write_text(
        "game: kerho\nbase: olematon\nintro:\n  - text: Hyvä {x} teksti.\n", encoding="utf-8"
    )
    errors = [str(e) for e in notes.check_all({"kerho": FIXED["perusrommi"]}, tmp_path)]
    assert len(errors) == 1 and ":4:" in errors[0] and "aaltosulkeita" in errors[0], errors
    (game / "notes.yaml").write_text("game: kerho\nbase: olematon\n", encoding="utf-8")
    errors = [str(e) for e in notes.check_all({"kerho": FIXED["perusrommi"]}, tmp_path)]
    assert len(errors) == 1 and ":2: base: tuntematon peli" in errors[0], errors


def test_a_club_game_without_notes_takes_its_base_games_notes_but_the_introduction(tmp_path):
    from tools.game_page import page_globals

    (tmp_path / "pohja").mkdir()
    (tmp_path / "pohja" / "notes.yaml").write_text(
        "game: pohja\nintro:\n  - text: Pohjapelin esittely.\nsections:\n  peli:\n"
        "    - text: Jakoja on sovittu määrä.\n      when: {game_end: deals}\n"
        "    - text: Alla olevassa esimerkissä pohjapeli.\n      inherit: false\n"
        "own_sections:\n  - key: lahteet\n    heading: Lähteiden erot\n    notes:\n      - text: Lähteet eroavat.\n",
        encoding="utf-8",
    )
    base = FIXED["perusrommi"].with_options(name="pohja", game_end="deals")
    club = base.with_options(name="kerho", game_end="target")
    rulesets = {"pohja": base, "kerho": club}
    names = page_globals(rulesets, [], {}, {"kerho": {"name": "pohja", "differences": ["game_end"]}}, tmp_path, None)
    data = names["game_notes"]("kerho")
    assert names["page_notes"](data, "intro", club) == []
    assert names["page_notes"](data, "peli", club) == []  # the base game's note names deals: not the club's rule
    assert [str(n) for n in names["page_notes"](data, "peli", base)] == [
        "Jakoja on sovittu määrä."
    ]  # (not the inherit: false one)
    assert len(names["page_notes"](names["game_notes"]("pohja"), "peli", base)) == 2
    keys = [s["key"] for s in names["page_sections"](club, data, {"differences": ["game_end"]})]
    assert "lahteet" in keys and "erot" in keys


def test_every_game_page_is_the_one_page_template():
    """The shipped games' page files only name their rule set and title and include the page
    template: no rule, heading or example call of their own."""
    from tools import presets

    for game, page in presets.template_pages().items():
        if page in ("index.md", "sanasto.md", "pelaa.md"):
            continue
        text = (presets.PAGES / f"{page}.j2").read_text(encoding="utf-8")
        assert presets._INCLUDES_GENERIC.search(text), page
        assert "##" not in text and "examples(" not in text and "rule(" not in text, page
        assert len(text.splitlines()) <= 3, page
