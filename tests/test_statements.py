"""Rule statements are bound to the rule set: flip any option, the page's sentence follows.

For each preset and each option that applies to it, every other value (a limit and a
neighbour for numbers) is put into a copy of the rule set and the preset's page is
rendered again. Two checks (``tools.statements.check_flips``):

- ``lause``: the page must state the rule's new sentence (from
  ``rommikirja.rules.statement``) and no longer state the old one;
- ``väite``: no sentence of the page (outside example boxes and marked ``muunnelma``
  passages) may still make a claim of the old value (``tools.statements.CLAIMS``: short
  phrase patterns such as "rommi tuplaa", "ässä on aina pieni", "51 pisteen avaus").

Pages whose rule text is still typed prose fail these: such (preset, option, page[, check])
lines are listed with a reason in ``tests/statement_allowlist.txt``. The list may
only shrink: an entry that now passes fails the test until it is removed.
"""

from __future__ import annotations

import pytest

from rommikirja import OPTIONS, RuleSetError
from rommikirja.rules import other_values, statement
from tools.presets import page_of
from tools.scenario import load_rulesets
from tools.statements import (
    ALLOWLIST,
    CLAIM,
    CLAIMS,
    NO_CLAIMS,
    STATEMENT,
    check_flips,
    claims,
    read_allowlist,
    rule,
    rules_list,
    stale_claims,
)
from tools.verify import verify
from fixed_rules import FIXED

PRESETS = sorted(load_rulesets())


@pytest.fixture(scope="module")
def scenarios():
    found, errors = verify()
    assert not errors, errors[:3]
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_flipping_an_option_changes_the_pages_rule_and_leaves_no_old_claim(scenarios, preset):
    failures = check_flips(scenarios, preset)
    allowed = {k: v for k, v in read_allowlist().items() if k[0] == preset}
    unexpected = {k: v for k, v in failures.items() if k not in allowed}
    stale = sorted(k for k in allowed if k not in failures)
    assert not unexpected, f"sääntölause ei seuraa sääntöä: {unexpected}"
    assert not stale, f"nämä toimivat jo; poista ne tiedostosta {ALLOWLIST.name}: {stale}"


def test_allowlist_names_real_presets_options_and_pages():
    for preset, option, page, check in read_allowlist():
        assert preset in PRESETS and option in OPTIONS and page == page_of(preset), (preset, option, page)
        assert check in (STATEMENT, CLAIM), check


# --- claims ----------------------------------------------------------------------------------


def test_every_option_declares_claims_or_why_not():
    assert set(CLAIMS) | set(NO_CLAIMS) == set(OPTIONS)
    assert not set(CLAIMS) & set(NO_CLAIMS)


def _values(option, rules):
    out = []
    for value in [getattr(rules, option)] + other_values(option, rules):
        try:
            out.append((value, rules.with_options(**{option: value})))
        except RuleSetError:
            pass
    return out


@pytest.mark.parametrize("preset", sorted(FIXED))
def test_claims_recognise_their_own_sentence_and_no_other(preset):
    """A value's claims find its rule sentence (they are not dead patterns) and never another
    value's sentence (a correct page is never refused)."""
    base = FIXED[preset]
    try:  # joker options apply only with jokers (a knock game refuses them)
        base = base.with_options(jokers=2) if base.jokers == 0 else base
    except RuleSetError:
        pass
    for option in CLAIMS:
        values = _values(option, base)
        for value, rules in values:
            found = claims(option, value, rules)
            assert any(c.matches(statement(option, rules)) for c in found), (option, value)
            for other, other_rules in values:
                if other != value:
                    assert not any(c.matches(statement(option, other_rules)) for c in found), (option, value, other)


def test_numeric_claims_use_the_finnish_forms():
    rules = FIXED["rommi51"]
    found = claims("opening_points", 51, rules)
    for sentence in (
        "Avaukseen tarvitaan 51 pistettä.",
        "Viidenkymmenenyhden pisteen avaus on pakollinen.",
        "51 pisteen avaus on pakollinen.",
    ):
        assert any(c.matches(sentence) for c in found), sentence
    for sentence in (
        "Avaukseen tarvitaan 151 pistettä.",
        "Avaukseen tarvitaan 5 pistettä.",
        "Jokeri on 51 pisteen arvoinen.",
    ):
        assert not any(c.matches(sentence) for c in found), sentence


TINY_PAGE = """\
# Pieni sivu

{{ rule("ace", r) }} {{ rule("rummy_doubling", r) }}
{% if typed %}Rommi tuplaa pisteet, ja ässä on aina pieni.{% endif %}

!!! muunnelma "Kotisääntö"
    Joissakin kerhoissa ässä on aina pieni, vaikka tällä sivulla sääntö olisi toinen.

??? example "Esimerkki: rommi"
    Rommi tuplaa pisteet tässä esimerkissä.

<!-- muunnelma -->
| Sääntö | Muunnelma |
|---|---|
| Rommi | pisteet tuplataan |
<!-- /muunnelma -->
"""


def tiny_render(typed: bool, template: str = TINY_PAGE):
    import jinja2
    from tools.statements import template_globals

    env = jinja2.Environment()
    env.globals.update(template_globals())
    tpl = env.from_string(template)
    return lambda sets: tpl.render(r=sets["perusrommi"], typed=typed)


def _claim_failures(render):
    found = check_flips([], "perusrommi", rulesets={"perusrommi": FIXED["perusrommi"]}, render=render)
    return {k[1]: v for k, v in found.items() if k[3] == CLAIM}


def test_the_claim_check_fails_a_page_that_still_states_the_old_value():
    """A fixed tiny page: its rule() sentences follow the flip, but a typed sentence stating the old
    value (rummy doubles, the ace is always low) stays, and the claim check names it."""
    assert FIXED["perusrommi"].rummy_doubling and FIXED["perusrommi"].ace == "low"
    failures = _claim_failures(tiny_render(typed=True))
    assert set(failures) == {"rummy_doubling", "ace"}, failures
    assert (
        "arvolla False sivulla lukee yhä vanha sääntö: ”Rommi tuplaa pisteet, ja ässä on aina pieni.”"
        in failures["rummy_doubling"]
    )
    assert "arvolla round_the_corner" in failures["ace"] and "arvolla high_or_low" in failures["ace"]


def test_marked_variants_and_example_boxes_may_state_other_values():
    assert _claim_failures(tiny_render(typed=False)) == {}
    unmarked = TINY_PAGE.replace("<!-- muunnelma -->", "").replace("<!-- /muunnelma -->", "")
    assert set(_claim_failures(tiny_render(False, unmarked))) == {"rummy_doubling"}
    boxed = TINY_PAGE.replace("!!! muunnelma", "!!! note")
    assert set(_claim_failures(tiny_render(False, boxed))) == {"ace"}


def test_stale_claims_reads_visible_sentences_only():
    rules = FIXED["perusrommi"]
    page = "Ässä on aina pieni.\n\n<script>ässä on aina pieni</script>\n"
    assert stale_claims(page, "ace", "low", rules) == ["Ässä on aina pieni."]
    assert stale_claims("Ässä ei ole aina pieni, jos niin sovitaan.", "ace", "high_or_low", rules) == []


def test_statements_exist_and_differ_for_every_value():
    """Every option has a sentence for every value, and different values read differently."""
    rules = load_rulesets()["perusrommi"].with_options(jokers=2, opening_points=30)
    for option in OPTIONS:
        sentences = {statement(option, rules)}
        for value in other_values(option, rules):
            try:
                sentences.add(statement(option, rules.with_options(**{option: value})))
            except RuleSetError:
                sentences.add(object())  # not a legal value here: nothing to compare
        assert len(sentences) >= 2, option
        assert all(
            isinstance(s, str) and s[:1].isupper() and s.endswith(".") for s in sentences if isinstance(s, str)
        ), option


def test_number_agreement_in_statements():
    from rommikirja import RuleSet

    assert statement("ace_points", RuleSet(ace_points=1)) == "Käteen jääneen ässän arvo on yksi piste."
    assert statement("ace_points", RuleSet(ace_points=15)) == "Käteen jääneen ässän arvo on 15 pistettä."
    assert "kaksi jokeria" in statement("jokers", RuleSet(jokers=2))
    assert "yksi jokeri." in statement("jokers", RuleSet(jokers=1))
    assert statement("max_turnovers", RuleSet(max_turnovers=1)).count("kerran") == 1


def test_template_globals_refuse_unknown_options():
    from rommikirja import RuleSet

    with pytest.raises(ValueError, match="tuntematon sääntö ”no_such”"):
        rule("no_such", RuleSet())
    with pytest.raises(ValueError, match="sääntöjä"):
        rule("ace", "perusrommi")
    assert rules_list(RuleSet(), ["knock_limit"]) == ""  # does not apply: no sentence


def test_a_shared_page_sentence_counts_when_it_names_the_game():
    from tools.statements import _about

    mention = (r"\bkerhorommi", ["rommi 51", "gin-rommi"])
    assert _about("Kerhorommissa rommi tuplaa pisteet.", mention)
    assert not _about("Rommi 51:ssä avaukseen tarvitaan 51 pistettä.", mention)
    assert not _about("Gin-rommissa yhdistelmät pysyvät kädessä.", mention)


@pytest.mark.parametrize("ace", ["low", "high_or_low"])
def test_the_opening_card_values_on_the_page_come_from_the_engine(scenarios, monkeypatch, ace):
    """What a card counts towards a Rommi 51 opening is engine data the page states (not prose
    typed beside the engine): other values in the engine, other numbers on the page."""
    from rommikirja import melds
    from tools.build import render_pages
    from tools.pagediff import normalise

    sets = dict(load_rulesets())
    sets["rommi51"] = FIXED["rommi51"].with_options(ace=ace)
    page = page_of("rommi51")
    monkeypatch.setattr(melds, "PICTURE_POINTS", 9)
    monkeypatch.setattr(melds, "ACE_HIGH_POINTS", 12)
    monkeypatch.setattr(melds, "ACE_LOW_POINTS", 2)
    text = " ".join(normalise(render_pages(scenarios, sets, only={page})[page]))
    assert "numerokortit numeronsa verran, kuvakortit 9" in text
    if ace == "low":
        assert "ässä ryhmässä 12 ja suorassa 2" in text
    else:
        assert "ässä 12 ryhmässä ja suurena suoran yläpäässä (rouva, kuningas, ässä), muuten 2" in text


def test_number_cards_count_their_number_in_an_opening():
    """The page says so in words (``numerokortit numeronsa verran``)."""
    from rommikirja.melds import opening_card_points

    assert all(opening_card_points(r) == opening_card_points(r, high_ace=True) == r for r in range(2, 11))


@pytest.mark.parametrize("game", ["rommi51", "perusrommi"])
def test_the_deck_and_the_card_values_are_said_once_on_a_page(scenarios, game):
    """The deck's and the jokers' sentences, and the ace's and the joker's values left in the hand,
    are each said once on the page (the rule sentences; no table row repeating a value, no intro
    repeating the deck), under the tests' own rule set."""
    import re

    from tools.build import render_pages
    from tools.pagediff import normalise

    sets = dict(load_rulesets())
    sets[game] = FIXED[game]
    page = page_of(game)
    raw = render_pages(scenarios, sets, only={page})[page]
    text = " ".join(normalise(raw))
    for option in ("decks", "jokers", "ace_points", "joker_points"):
        if option in ("jokers", "joker_points") and not FIXED[game].jokers:
            continue
        said = statement(option, FIXED[game])
        assert text.count(said) == 1, (option, said, text.count(said))
    assert not re.search(r"^\| (ässä|jokeri) \|", raw, re.M), "a table row repeats a value its sentence says"


@pytest.mark.parametrize("game", ["rommi51", "perusrommi", "rommi"])
def test_the_stock_section_is_short_steps_with_every_rule_kept(scenarios, game):
    """ "Kun nostopakka loppuu" on a phone: what happens after the last card is a numbered list
    where the pile is turned with a choice (turn_over), the deadlock rule has its own lead, no
    sentence runs past a phone screen's few lines, and every rule sentence of the section is there."""
    import re

    from rommikirja.rules import applies
    from tools.build import render_pages
    from tools.pagediff import normalise

    rules = FIXED[game]
    sets = dict(load_rulesets())
    sets[game] = rules
    page = page_of(game)
    raw = render_pages(scenarios, sets, only={page})[page]
    section = raw.split("## Kun nostopakka loppuu", 1)[1].split("\n## ", 1)[0]
    # (the rule text, before the examples and the practice)
    section = section.split("??? ", 1)[0].split('<div class="harjoitus"', 1)[0]
    sentences = normalise(section)
    longest = max(sentences, key=lambda s: len(s.split()))
    assert len(longest.split()) <= 25, longest
    text = " ".join(sentences)
    for option in ("stock_exhausted", "max_turnovers", "deadlock"):
        if applies(option, rules):
            assert statement(option, rules) in text, option
    if rules.stock_exhausted == "turn_over":
        assert re.search(r"^1\. .+\n2\. .+\n(?:   .+\n)?3\. ", section, re.M), section
    if applies("deadlock", rules):
        assert "**Jumiin jäänyt jako.** " + statement("deadlock", rules) in " ".join(section.split())


@pytest.mark.parametrize("per_turn", ["any", "one"])
def test_the_turns_opening_item_leaves_the_melds_per_turn_to_its_rule_sentence(scenarios, per_turn):
    """Rommi 51's turn, item 2 (the opening): how many new melds a turn may have is said once, by
    the option's sentence; the item's own words add only what follows an opening on its turn."""
    import re

    from tools.build import render_pages

    rules = FIXED["rommi51"].with_options(melds_per_turn=per_turn)
    sets = dict(load_rulesets())
    sets["rommi51"] = rules
    page = page_of("rommi51")
    raw = render_pages(scenarios, sets, only={page})[page]
    item = " ".join(re.search(r"^2\. \*\*Pelaa halutessasi\*\*.*?(?=^3\. )", raw, re.M | re.S)[0].split())
    said = statement("melds_per_turn", rules)
    assert item.count(said) == 1, item
    own = item.replace(said, "")
    assert "uusia yhdistelmiä" not in own if per_turn == "any" else "myöhemmillä vuoroilla" in own, own
    assert "useita" not in own and "yhden uuden" not in own, own
