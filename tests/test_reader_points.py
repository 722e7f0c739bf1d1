"""A beginner's points about the page text, each checked under the tests' own rule sets: what a
joker stands for, a hand that shows the ace's and the joker's values, "katso …" links that go
where their rule is printed, the unopened player's penalty said once, and a page that opens with
the game rather than with the page."""

from __future__ import annotations

import re

import pytest
from fixed_rules import FIXED

from rommikirja.rules import statement
from tools.concepts import MissingSection, anchor, section_with, see_text
from tools.presets import page_of
from tools.scenario import load_rulesets
from tools.verify import verify
from tools.yamlsrc import loads


@pytest.fixture(scope="module")
def scenarios():
    found, errors = verify()
    assert not errors, errors[:3]
    return found


def _page(scenarios, game, rules):
    from tools.build import render_pages

    sets = dict(load_rulesets())
    sets[game] = rules
    page = page_of(game)
    return render_pages(scenarios, sets, only={page})[page]


def _sections(raw: str) -> dict[str, str]:
    """Heading → its text up to the next heading (examples and widgets left out)."""
    out = {}
    for part in raw.split("\n## ")[1:]:
        heading, _, body = part.partition("\n")
        out[heading.strip()] = body.split("??? ", 1)[0].split('<div class="harjoitus"', 1)[0]
    return out


def _flat(text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text).replace("**", "").split())


JOKER_GAMES = [
    ("rommi51", FIXED["rommi51"]),
    ("rommi", FIXED["rommi"].with_options(jokers=2, joker_points=25, max_jokers_per_meld=1)),
]


@pytest.mark.parametrize(("game", "rules"), JOKER_GAMES, ids=[g for g, _ in JOKER_GAMES])
def test_the_joker_section_says_which_card_a_joker_stands_for_in_a_run_and_a_group(scenarios, game, rules):
    from tools.game_page import joker_examples

    jx = joker_examples(rules)
    run, group = jx["run_stands"], jx["group_stands"]
    # the engine's own melds: a run's joker is of the run's suit, a group's of a suit it lacks
    assert run.suit is next(c.suit for c in jx["run"].cards if not c.is_joker)
    assert group.suit not in {c.suit for c in jx["group"].cards if not c.is_joker}
    assert group in jx["group_choices"] and len(jx["group_choices"]) == 2
    text = _flat(_sections(_page(scenarios, game, rules))["Jokerit"])
    assert "Suorassa jokeri esittää suoran maan korttia: suorassa" in text, text
    assert f"se on {_name(run)}." in text, text
    assert "jota ryhmässä ei vielä ole" in text and f"se on {_name(group)}." in text, text
    assert "se voi olla " + " tai ".join(_name(c) for c in jx["group_choices"]) in text, text


def _name(card):
    from rommikirja.finnish import card_name

    return card_name(card)


def test_no_joker_example_where_no_meld_may_hold_a_joker():
    from tools.game_page import joker_examples

    assert joker_examples(FIXED["rommi51"].with_options(max_jokers_per_meld=0)) is None
    assert joker_examples(FIXED["perusrommi"]) is None


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("rommi51", FIXED["rommi51"]),
        ("rommi51", FIXED["rommi51"].with_options(ace_points=15, joker_points=30)),
        ("perusrommi", FIXED["perusrommi"].with_options(ace_points=11)),
    ],
)
def test_the_score_rules_ace_and_joker_values_are_shown_in_a_hand_the_engine_values(scenarios, game, rules):
    from rommikirja.scoring import hand_value
    from tools.game_page import hand_value_example

    hx = hand_value_example(rules)
    assert any(c.rank == 1 for c in hx["cards"]) and any(c.is_joker for c in hx["cards"]) == bool(rules.jokers)
    assert hx["total"] == hand_value(hx["cards"], rules) == sum(hx["points"])
    text = _flat(_sections(_page(scenarios, game, rules))["Pisteet"])
    ace_said = statement("ace_points", rules)
    equation = " + ".join(str(p) for p in hx["points"]) + f" = {hx['total']}"
    assert equation in text, text
    # the example follows the value sentences it shows, in the same paragraph
    assert text.index(ace_said) < text.index("Esimerkiksi käteen jääneet") < text.index(equation)
    assert str(rules.ace_points) in equation.split(" = ")[0].split(" + ")
    if rules.jokers:
        assert str(rules.joker_points) in equation.split(" = ")[0].split(" + ")


def test_a_see_link_goes_to_the_section_that_prints_the_phrase_or_the_options_sentence():
    rules = FIXED["rommi51"]
    parts = [
        {"key": "vuoro", "heading": "Vuoron kulku", "text": "Poisto **päättää**\nvuoron."},
        {"key": "peli", "heading": "Usean jaon peli", "text": statement("game_end", rules)},
    ]
    assert section_with(parts, "Poisto päättää vuoron")["key"] == "vuoro"
    assert see_text(parts, "game_end", rules) == f"(katso [Usean jaon peli](#{anchor('Usean jaon peli')}))"
    with pytest.raises(MissingSection):
        section_with(parts, "Jokeri esittää puuttuvaa korttia")
    with pytest.raises(MissingSection):  # an option whose sentence no section prints
        section_with(parts, "deadlock", rules)


def test_a_notes_link_to_a_rule_no_section_states_fails_instead_of_pointing_anywhere():
    from tools import notes

    data = loads(
        "game: perusrommi\ntarkennukset:\n  - title: Jumiin jäänyt jako\n"
        "    text: Rommikirjan ratkaisu on jumiin jääneen jaon sääntö.\n    see: deadlock\n",
        "notes.yaml",
    )
    assert notes.check(data, "notes.yaml") == []
    rules = FIXED["perusrommi"]
    stock = {"key": "nostopakka", "heading": "Kun nostopakka loppuu", "text": statement("deadlock", rules)}
    turn = {"key": "vuoro", "heading": "Vuoron kulku", "text": "Poisto päättää vuoron."}
    [shown] = notes.notes_of(data, "tarkennukset", rules, seen=[turn, stock])
    assert str(shown) == (
        "**Jumiin jäänyt jako:** rommikirjan ratkaisu on jumiin jääneen jaon sääntö "
        "(katso [Kun nostopakka loppuu](#kun-nostopakka-loppuu))."
    )
    with pytest.raises(MissingSection):
        notes.notes_of(data, "tarkennukset", rules, seen=[turn])


@pytest.mark.parametrize("game", sorted(FIXED))
def test_every_see_link_on_a_page_names_a_section_that_states_its_rule(scenarios, game):
    """Each "(katso [Otsikko](#ankkuri))" of the page goes to a heading of the page, and the
    tarkennus list's links go to a section that states what the entry's lead speaks of."""
    raw = _page(scenarios, game, FIXED[game])
    sections = _sections(raw)
    anchors = {anchor(h): h for h in sections}
    links = re.findall(r"\(katso \[([^\]]+)\]\(#([^)]+)\)\)", raw)
    assert links, "the page has no cross-reference at all"
    for heading, target in links:
        assert anchors.get(target) == heading, (heading, target)
    tarkennukset = sections["Rommikirjan tarkennukset"]
    checked = 0
    for item in re.split(r"\n(?=- )", tarkennukset):
        found = re.match(r"- \*\*([^*]+):\*\*.*\(katso \[([^\]]+)\]", item, re.S)
        if not found:
            continue
        lead, heading = found.groups()
        checked += 1
        words = [w for w in re.findall(r"\w+", lead.lower()) if len(w) > 5]
        body = _flat(sections[heading]).lower()
        assert any(w[:6] in body for w in words), (lead, heading)
    assert checked, "no tarkennus entry links to its section"


def test_the_unopened_players_penalty_and_its_uncounted_cards_are_said_once_from_the_option(scenarios):
    for penalty in (100, 60):
        rules = FIXED["rommi51"].with_options(unopened_penalty=penalty)
        said = statement("unopened_penalty", rules)
        assert str(penalty) in said and "kortteja lasketa" in said
        score = _flat(_sections(_page(scenarios, "rommi51", rules))["Pisteet"])
        assert score.count(said) == 1, score
        assert score.count("kiinteän sakon lisäksi") <= 1 and "Sakko on kiinteä" not in score, score
        assert score.count("jääneitä kortteja lasketa") == 1 and "ei lasketa sen lisäksi" not in score, score


@pytest.mark.parametrize("game", sorted(FIXED))
def test_a_page_opens_with_the_game_not_with_the_page(scenarios, game):
    raw = _page(scenarios, game, FIXED[game])
    first = raw.split("\n# ", 1)[1].split("\n\n", 2)[1]
    assert not re.match(r"(Tämä sivu|Sivu|Tällä sivulla|Lähde|Lähteet)\b", first), first
    assert statement("style", FIXED[game]) in " ".join(raw.split("\n# ", 1)[1].split("\n\n", 3)[1:3]), first
