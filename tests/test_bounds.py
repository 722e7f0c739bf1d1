"""Issue 18, bounds and identity: the opening search's work budget, the sandbox's growth bounds and
printing rule, constant folding of typed numbers, strict card codes, hidden characters, the names
limit and operating-system errors in Finnish."""

from __future__ import annotations

import errno
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rommikirja import IllegalMove, RuleSet, practice
from rommikirja.cards import CardParseError, parse_card, parse_cards
from rommikirja.opening import SearchLimit, best_opening, work_budget
from tools import oserrors, templating
from tools.scenario.names import MAX_NAMES, read_names
from tools.verify import verify
from tools.yamlsrc import SourceError, loads

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "tests" / "corpus" / "rules"
R51 = RuleSet.from_mapping(
    {
        "decks": 2,
        "jokers": 4,
        "ace": "high_or_low",
        "opening_points": 51,
        "opening_pure_run": True,
        "max_players": 4,
        "hand_size": {2: 20, 3: 20, 4: 20},
    }
)
HEAVY = (
    "[5H, 6H, 7H, 5S, 6S, 7S, 5D, 6D, 7D, 5C, 6C, 7C, \"5H'\", \"6H'\", \"7H'\", \"5S'\", \"6S'\", "
    "JK, \"JK'\", \"JK''\", \"JK'''\"]"
)


def aliased_openings(count: int) -> str:
    return (
        "source: own\ngame: rommi51\ntitle: Avaus\noptions: {hand_size: {2: 20, 3: 20, 4: 20}}\nsteps:\n"
        f"  - &o {{opening: {HEAVY}}}\n" + "  - *o\n" * (count - 1)
    )


# ---------------------------------------------------------------------------------------------
# the opening search's budget


def test_the_budget_counts_search_positions_and_stops_the_search():
    hand = parse_cards(HEAVY.replace('"', "").strip("[]").replace(",", ""))
    with work_budget(10**9) as b:
        best = best_opening(hand, R51)
    assert best is not None and b.used > 1000
    with pytest.raises(SearchLimit) as exc, work_budget(b.used - 1):
        best_opening(hand, R51)
    assert "liikaa työtä" in str(exc.value) and not isinstance(exc.value, ValueError)
    with work_budget(b.used):  # exactly enough: the same answer
        assert best_opening(hand, R51) == best
    assert best_opening(hand, R51) == best  # no budget outside


def test_300_aliased_opening_steps_fail_fast_at_a_line(tmp_path, monkeypatch):
    from tools.scenario import load as load_module
    from tools.scenario.context import LIMITS

    budgets: list[work_budget] = []

    class counted(work_budget):  # the file's one budget, kept to read the work it allowed
        def __init__(self, limit: int) -> None:
            super().__init__(limit)
            budgets.append(self)

    monkeypatch.setattr(load_module, "work_budget", counted)
    path = tmp_path / "avaukset.yaml"
    path.write_text(aliased_openings(300), encoding="utf-8")
    scenarios, errors = verify([path], rules_dir=RULES)
    assert len(errors) == 1 and errors[0].line == 6, errors
    message = errors[0].message
    assert "avausten etsiminen vaatii tässä esimerkissä liikaa työtä" in message and "/300" in message
    # fast by a count, not a clock: the whole file searched its budget of positions and stopped at
    # the one past it (work_budget), at the step that ran out of it, long before the 300th
    (budget,) = budgets
    assert budget.budget.limit == LIMITS["opening_work"] and budget.used == LIMITS["opening_work"] + 1
    stopped = int(message.split("vaiheessa ", 1)[1].split("/", 1)[0])
    assert 1 < stopped < 300, message
    # an aliased step is a step each time it is used
    path.write_text(aliased_openings(301), encoding="utf-8")
    errors = verify([path], rules_dir=RULES)[1]
    assert "liikaa vaiheita (301; enintään 300)" in errors[0].message


def test_a_practice_request_has_its_own_budget(monkeypatch):
    rules = {"decks": 2, "jokers": 4, "ace": "high_or_low", "opening_points": 51, "opening_pure_run": True}
    reply = json.loads(practice.handle(json.dumps({"op": "question", "kind": "avaus", "seed": 3, "rules": rules})))
    assert reply["ok"]
    from rommikirja import requests

    monkeypatch.setitem(requests.LIMITS, "opening_work", 5)
    reply = json.loads(practice.handle(json.dumps({"op": "question", "kind": "avaus", "seed": 3, "rules": rules})))
    assert reply == {
        "ok": False,
        "error": "Avauksen etsiminen näistä korteista vaatisi liikaa työtä; valitse vähemmän kortteja.",
    }


# ---------------------------------------------------------------------------------------------
# the sandbox: growth, printing, methods


def render(text: str, **context) -> str:
    env = templating.text_env()
    return templating.render_limited(
        env.from_string(text),
        {"names": ["Aino", "Eero"], **context},
        templating.LIMITS["text_chars"],
        None,
        templating.LIMITS["text_made"],
    )


@pytest.mark.parametrize(
    "text, fragment",
    [
        (
            "{% set ns = namespace(x=names[0]) %}{% for i in range(60) %}{% set ns.x = ns.x ~ ns.x %}{% endfor %}",
            "liian suuren arvon",
        ),
        (
            "{% set ns = namespace(x=names) %}{% for i in range(60) %}{% set ns.x = ns.x + ns.x %}{% endfor %}",
            "liian suuren arvon",
        ),
        ("{% set s = names[0] * 2000 %}{{ (names * 2000) | join(s) }}", "liian suuren arvon"),
        (
            "{% set s = names[0] * 2000 %}{% for i in range(200) %}{% set t = s ~ s ~ s %}{% endfor %}",
            "liikaa välituloksia",
        ),
        (
            "{% set ns = namespace(x=names | length) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}{% endfor %}",
            "liian suuren luvun",
        ),
        ("{{ names }}", "tulostaisi luettelon"),
        ("{{ names[0] ~ names }}", "tulostaisi luettelon"),
        ("{{ names | string }}", "tulostaisi luettelon"),
        ("{{ [names] | join(', ') }}", "tulostaisi luettelon"),
        ("{{ none }}", "tulostaisi tyhjän arvon"),
        ("{{ names[0] == names[1] }}", "tulostaisi totuusarvon"),
        ("{{ rules }}", "tulostaisi ohjelman sisäisen arvon"),
        ("{{ rules.as_mapping() }}", "”as_mapping” ei voi käyttää"),
        ("{{ rules.with_options(jokers=names | length) }}", "”with_options” ei voi käyttää"),
    ],
)
def test_texts_cannot_grow_or_print_reprs(text, fragment):
    with pytest.raises(Exception) as exc:
        render(text, rules=RuleSet())
    message = templating.render_error_message(exc.value)
    assert fragment in message, message
    assert "'" not in message and "None" not in message


@pytest.mark.parametrize(
    "text, shown",
    [
        ('{% if rules.ace == "low" %}matala{% else %}korkea{% endif %}', "matala"),
        ('{% if rules.style in ["rummy", "gin"] %}rommi{% endif %}', "rommi"),
        ('{{ {"low": "alhaalla"}[rules.ace] }}', "alhaalla"),
        ('{% if rules.ace.startswith("lo") %}kyllä{% endif %}', "kyllä"),
        ("{{ rules.target_score }}", str(RuleSet().target_score)),
    ],
)
def test_option_codes_compare_as_text(text, shown):
    assert render(text, rules=RuleSet()) == shown


@pytest.mark.parametrize(
    "text",
    [
        "{{ rules.ace }}",
        "{{ rules['style'] }}",
        "{{ rules.ace.upper() }}",
        "{{ rules.ace | capitalize }}",
        "{{ rules.ace | first }}",
        "{{ names[0] ~ rules.ace }}",
        "{% for c in rules.ace %}{{ c }}{% endfor %}",
        "{{ rules.ace.split('o') | join }}",
        "{{ rules.ace | reverse }}",
        "{{ [rules.ace] | join_fi }}",
        "{{ card.code }}",
        "{{ refusal.code }}",
    ],
)
def test_option_codes_do_not_print(text):
    with pytest.raises(Exception) as exc:
        render(text, rules=RuleSet(), card=parse_card("7H"), refusal=IllegalMove("not_in_hand", "Kortti puuttuu."))
    message = templating.render_error_message(exc.value)
    assert message.startswith("lauseke tulostaisi ohjelman koodin ”"), message


def test_a_refusal_prints_as_its_finnish_sentence():
    refusal = IllegalMove("not_in_hand", "Kortti puuttuu.")
    assert render("{{ refusal }} {{ refusal.message }}", refusal=refusal) == "Kortti puuttuu. Kortti puuttuu."


def test_scenario_text_context_holds_only_documented_facts(tmp_path):
    from positions import DEAL, GOES_OUT, TABLE

    good = DEAL + TABLE + GOES_OUT + "text: |\n  {{ names[0] }} {{ s.title }} {{ s.totals_after | join(', ') }}.\n"
    path = tmp_path / "s.yaml"
    path.write_text(good, encoding="utf-8")
    assert verify([path], rules_dir=RULES)[1] == []
    for expr, fragment in (
        ("s.path", "kenttää ”path”"),
        ("s.data", "kenttää ”data”"),
        ("s.rel", "kenttää ”rel”"),
        ("s.text", "kenttää ”text”"),
        ("self", "nimi ”self”"),
    ):
        path.write_text(good.replace("{{ s.title }}", "{{ %s }}" % expr), encoding="utf-8")
        errors = verify([path], rules_dir=RULES)[1]
        assert len(errors) == 1 and fragment in errors[0].message, (expr, errors)
        assert str(tmp_path) not in errors[0].message


# ---------------------------------------------------------------------------------------------
# constant folding: a number in a text comes from a fact


def problems(text: str) -> list[str]:
    return [m for _, m in templating.template_problems(templating.text_env().parse(text))]


@pytest.mark.parametrize(
    "text, number",
    [
        ("{{ 98 + 1 }}", "99"),
        ("{{ -99 }}", "−99"),
        ("{{ range(99) | length }}", "99"),
        ("{{ [99][0] }}", "99"),
        ("{{ 'abc' | length }}", "3"),
        ("{{ (9 * 11) | word }}", "99"),
        ("{{ names | length + 97 }}", "97"),
        ("{{ names[0] if names else 7 }}", "7"),
        ("{% for i in [4, 5] %}{{ i }}{% endfor %}", "4"),
        ("{{ names | join(3) }}", "3"),
        ("{% set x = 2 ** 5 %}{{ x }}", "32"),
        ("{{ (98).real }}", "98"),
    ],
)
def test_constant_numbers_are_typed_numbers(text, number):
    found = problems(text)
    assert any(f"luku {number} on kirjoitettu lausekkeeseen käsin" in m for m in found), found


@pytest.mark.parametrize(
    "text",
    [
        "{{ 'herttay' ~ 'si' }}",
        "{{ ('HERTTA' ~ 'YSI') | lower }}",
        "{{ ['herttay', 'si'] | join }}",
        "{{ 'ISYATTREH' | reverse | lower }}",
    ],
)
def test_card_names_glued_from_constants_are_typed(text):
    found = problems(text)
    assert any("kortin nimi" in m and "koottu lausekkeeseen vakioista" in m for m in found), found


@pytest.mark.parametrize(
    "text",
    [
        "{{ names[-1] }}",
        "{{ 0 - s.totals_after[1] }}",
        "{{ loop_count + 1 }}",
        "{% for i in range(2) %}{{ names[i] }}{% endfor %}",
        "{{ hand(0) | names }}",
        "{{ names | join(', ') }}",
        "{{ score.points[0] | count('piste') }}",
    ],
)
def test_facts_and_indices_are_not_typed_numbers(text):
    assert problems(text) == []


# ---------------------------------------------------------------------------------------------
# identity of cards and names


@pytest.mark.parametrize(
    "code, char",
    [
        ("６H", "U+FF16"),
        ("٧H", "U+0667"),
        ("5ſ", "U+017F"),
        ("7H\u00a0", "U+00A0"),
        ("²S", "U+00B2"),
        ("7H\u200b", "U+200B"),
        ("7Н", "U+041D"),
    ],
)
def test_look_alike_card_codes_are_unknown_cards(code, char):
    with pytest.raises(CardParseError) as exc:
        parse_card(code)
    assert str(exc.value).startswith(f"”{code}” ei ole kortti: siinä on merkki {char} (")
    assert parse_card("7♥").code == "7H" and parse_card(" td ").code == "10D"


def test_a_no_break_space_separates_no_cards():
    with pytest.raises(CardParseError):
        parse_cards("7H\u00a08H")
    assert [c.code for c in parse_cards("7H 8H\t9H")] == ["7H", "8H", "9H"]


@pytest.mark.parametrize(
    "char",
    [
        "\u202e",
        "\u2066",
        "\u200f",
        "\u061c",
        "\u200b",
        "\u200d",
        "\u2060",
        "\ufeff",
        "\u00ad",
        "\u3164",
        "\u115f",
        "\u1160",
        "\uffa0",
        "\u2800",
        "\u034f",
        "\U000e0000",
        "\U000e0041",
        "\U000e0fff",
        "\u17b4",
        "\u17b5",
        "\u180b",
        "\u180f",
        "\ufe00",
        "\ufe0f",
        "\U0001d173",
        "\U0001d17a",
        "\ufff0",
        "\ufff8",
        "\U0001bca0",
        "\U0001bca3",
        "\u2065",
        "\u206f",
    ],
)
def test_hidden_characters_are_refused_with_their_line(char):
    text = "a: 1\n# kommentti\nb: Ai" + char + "no\n"
    with pytest.raises(SourceError) as exc:
        loads(text, "t.yaml")
    assert exc.value.line == 3 and f"näkymätön merkki U+{ord(char):04X} (" in exc.value.message
    assert "\\u" not in exc.value.message and "\\U" not in exc.value.message
    assert loads("\ufeffa: 1\n", "t.yaml") == {"a": 1}  # a byte order mark may open a file


def test_stacked_combining_marks_are_refused_but_two_are_fine():
    with pytest.raises(SourceError) as exc:
        loads("a: 1\ntitle: Kerho" + "\u0336" * 53 + "\n", "t.yaml")
    assert exc.value.line == 2 and "53 yhdistyvää merkkiä peräkkäin" in exc.value.message
    assert "U+0336 (yhdistyvä merkki)" in exc.value.message
    assert loads("title: Pe\u0301\u0302rho Äänekoski\n", "t.yaml") == {"title": "Pe\u0301\u0302rho Äänekoski"}


def test_a_variation_selector_after_a_suit_symbol_is_refused_too():
    with pytest.raises(SourceError) as exc:
        loads("a: [\"7\u2665\ufe0f\"]\n", "t.yaml")
    assert "U+FE0F" in exc.value.message and "7♥ tai 7H riittää" in exc.value.message
    assert loads("a: [7♥, 8♥]\n", "t.yaml") == {"a": ["7♥", "8♥"]}


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85"])
@pytest.mark.parametrize("fast", [True, False])
def test_yaml_only_line_breaks_are_named_at_the_editors_line(char, fast):
    with pytest.raises(SourceError) as exc:
        loads(f"a: 1\n# kommentti{char}jatkuu\nb: [2\n", "t.yaml", fast)
    assert exc.value.line == 2 and "lukee rivinvaihdoksi" in exc.value.message


@pytest.mark.parametrize("fast", [True, False])
def test_a_lone_carriage_return_is_refused_at_its_line(fast):
    """Editors count a lone CR as a line break, git and grep do not: a file with one is refused
    (CRLF files are fine), so no message can point at another line than the editor shows."""
    for text, line in (
        ("a: 1\r# k\rb: 2\nc: [3]\n", 1),
        ("a: 1\nb: 2\r# k\nc: 3\n", 2),
        ("a: 1\rb: 2\rc: 3\rd: 4\re: 5\rf: 6\rg: 7\rh: [8\r", 1),
    ):
        with pytest.raises(SourceError) as exc:
            loads(text, "t.yaml", fast)
        assert exc.value.line == line and "rivinvaihtona on pelkkä CR-merkki" in exc.value.message
    doc = loads("a: 1\r\n# k\r\nb: 2\r\nc: [3]\r\n", "t.yaml", fast)
    assert doc.line_of("c") == 4


@pytest.mark.parametrize("value", ["0x" + "f" * 4000, "0b" + "1" * 40, "0" + "7" * 20, "1_000_000_000_000"])
def test_integers_of_any_base_are_bounded(value):
    with pytest.raises(SourceError) as exc:
        loads(f"a: 1\nb: {value}\n", "t.yaml")
    assert exc.value.line == 2 and "kokonaisluku on liian suuri" in exc.value.message


# ---------------------------------------------------------------------------------------------
# the names limit as documented


def names_file(count: int) -> str:
    out = []
    for combo in itertools.islice(itertools.product("abdefghijklmnoprstuvy", repeat=3), count):
        st = "Kal" + "".join(combo)
        forms = dict(
            gen="n", part="a", ill="en", ine="ssa", ela="sta", all="lle", ade="lla", abl="lta", ess="na", tra="ksi"
        )
        out.append(f"{st}:\n" + "".join(f"  {k}: {st}{v}\n" for k, v in forms.items()))
    return "".join(out)


@pytest.mark.parametrize("count", [999, MAX_NAMES])
def test_the_documented_number_of_names_fits(tmp_path, count):
    path = tmp_path / "nimet.yaml"
    path.write_text(names_file(count), encoding="utf-8")
    assert len(read_names(path)) == count


@pytest.mark.parametrize("count", [MAX_NAMES + 1, MAX_NAMES + 300])
def test_too_many_names_says_the_limit(tmp_path, count):
    path = tmp_path / "nimet.yaml"
    path.write_text(names_file(count), encoding="utf-8")
    with pytest.raises(SourceError) as exc:
        read_names(path)
    assert "liikaa nimiä" in exc.value.message and f"enintään {MAX_NAMES}" in exc.value.message
    assert "viittaukset" not in exc.value.message


# ---------------------------------------------------------------------------------------------
# operating-system errors in Finnish


@pytest.mark.parametrize(
    "code, fragment",
    [
        (errno.ENOSPC, "levyllä ei ole tilaa"),
        (errno.EROFS, "vain luettavissa"),
        (errno.EACCES, "ei oikeutta"),
        (errno.EPERM, "ei ole sallittu"),
        (errno.ENOENT, "ei ole"),
    ],
)
def test_os_errors_are_described_in_finnish(code, fragment):
    err = OSError(code, os.strerror(code), str(ROOT / "docs" / "x.md"))
    text = oserrors.message(err)
    assert text.startswith("docs/x.md: ") and fragment in text and "Errno" not in text
    assert os.strerror(code) not in text


@pytest.mark.parametrize("code, fragment", [(errno.ENOSPC, "levyllä ei ole tilaa"), (errno.EROFS, "vain luettavissa")])
def test_a_build_that_cannot_write_says_why_in_finnish(monkeypatch, capsys, code, fragment):
    from tools import build, publish

    def full(*args, **kwargs):
        raise OSError(code, os.strerror(code), str(ROOT / "docs" / "perusrommi.md"))

    monkeypatch.setattr(publish, "publish", full)
    assert build.main([]) == 1
    err = capsys.readouterr().err
    assert "docs/perusrommi.md: " in err and fragment in err and "Errno" not in err
    assert os.strerror(code) not in err


@pytest.mark.parametrize("tool", ["site", "recover"])
def test_site_build_and_recovery_say_os_errors_in_finnish(monkeypatch, capsys, tool):
    """The site build (tools.site) and the recovery every build starts with: no English OS text."""
    from tools import build, publish, site

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(ROOT / "docs" / "index.md"))

    if tool == "site":
        monkeypatch.setattr(site, "build_site", full)
        assert site.main([]) == 1
    else:
        monkeypatch.setattr(publish, "recovered", full)
        assert build.main([]) == 1
    err = capsys.readouterr().err
    assert "docs/index.md: levyllä ei ole tilaa" in err and os.strerror(errno.ENOSPC) not in err


def test_accept_that_cannot_write_says_why_in_finnish(monkeypatch, capsys):
    from tools import accept, build

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", str(ROOT / "tests" / "snapshots" / "facts.txt"))

    monkeypatch.setattr(accept, "accept", read_only)
    assert build.main(["--accept"]) == 1
    err = capsys.readouterr().err
    assert "tests/snapshots/facts.txt: tiedostojärjestelmä on vain luettavissa" in err and "Read-only" not in err


def test_unreadable_scenario_is_a_finnish_message(tmp_path, monkeypatch):
    from tools import yamlsrc

    path = tmp_path / "s.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    real_open = os.open

    def failing(p, *args, **kwargs):
        if str(p) == str(path):
            raise OSError(errno.EIO, "Input/output error", str(p))
        return real_open(p, *args, **kwargs)

    monkeypatch.setattr(yamlsrc.os, "open", failing)
    with pytest.raises(SourceError) as exc:
        yamlsrc.read_text(path, "s.yaml")
    assert exc.value.message == "tiedostoa ei voi lukea: levyn luku- tai kirjoitusvirhe"


def test_the_hostile_corpus_from_the_command_line_has_no_internal_errors():
    proc = subprocess.run(
        [sys.executable, "-m", "tools.verify", "tests/corpus/scenarios"], cwd=ROOT, capture_output=True, text=True
    )
    assert "sisäinen virhe" not in proc.stderr and "Errno" not in proc.stderr


def test_an_opening_answer_uses_only_the_hands_cards():
    rules = {
        "decks": 2,
        "jokers": 4,
        "ace": "high_or_low",
        "opening_points": 51,
        "opening_pure_run": True,
        "max_players": 4,
        "hand_size": {"2": 14, "3": 14, "4": 14},
    }
    q = json.loads(practice.handle(json.dumps({"op": "question", "kind": "avaus", "seed": 5, "rules": rules})))
    question = q["result"]["question"]
    foreign = [c for c in ("5H", "6H", "7H", "5S", "6S", "7S") if c not in question["hand"]] or ["JK'"]
    reply = json.loads(
        practice.handle(
            json.dumps({"op": "check", "question": question, "answer": {"cards": question["hand"][:2] + foreign}})
        )
    )
    assert reply["ok"] and reply["result"] == {
        "correct": False,
        "message": "Valitse avaukseen vain kädessä olevia kortteja, kukin kerran.",
    }


@pytest.mark.parametrize(
    "yaml_text, fragment",
    [
        ("options: {ace: {low: true}}", "tuntematon arvo ”{low: true}”"),
        ("options: {decks: [2]}", "odotettiin kokonaislukua, saatiin ”[2]”"),
        ("options: {rummy_doubling: null}", "odotettiin true tai false, saatiin ”tyhjä arvo”"),
    ],
)
def test_messages_quote_values_as_written(tmp_path, yaml_text, fragment):
    path = tmp_path / "s.yaml"
    path.write_text(f"source: own\ngame: perusrommi\n{yaml_text}\ntitle: T\nsteps: []\n", encoding="utf-8")
    (err,) = verify([path], rules_dir=RULES)[1]
    assert err.line == 3 and fragment in err.message and "'" not in err.message and "None" not in err.message
