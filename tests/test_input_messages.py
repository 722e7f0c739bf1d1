"""Messages for input that is not what the tool expected (issue 18): a rule-set file given to
verify, lone CR line breaks, sexagesimal numbers, explicit YAML tags."""

from __future__ import annotations

import pytest

from tools import verify
from tools.yamlsrc import SourceError, loads

RULES = "name: kerhorommi\ndecks: 1\nmin_players: 2\nmax_players: 4\n"


def test_verify_checks_a_rule_file_as_a_rule_set(tmp_path, monkeypatch, capsys):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "kerhorommi.yaml").write_text(RULES, encoding="utf-8")
    monkeypatch.setattr(verify, "RULES_DIR", rules)
    assert verify.main([str(rules / "kerhorommi.yaml")]) == 0
    assert capsys.readouterr().out.strip() == "Sääntötiedosto on kunnossa."
    (rules / "kerhorommi.yaml").write_text(RULES + "speed: fast\n", encoding="utf-8")
    assert verify.main([str(rules / "kerhorommi.yaml")]) == 1
    err = capsys.readouterr().err
    assert "kerhorommi.yaml:5: sääntö speed: tuntematon sääntö" in err and "skenaario" not in err


def test_a_rule_file_elsewhere_is_named_as_one(tmp_path, capsys):
    (tmp_path / "x.yaml").write_text(RULES, encoding="utf-8")
    assert verify.main([str(tmp_path / "x.yaml")]) == 1
    err = capsys.readouterr().err
    assert "x.yaml:1: skenaario: tämä on sääntötiedosto eikä skenaario" in err and "tuntematon kenttä" not in err


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("value, shown", [("1:30", "90"), ("1:00:00", "3600"), ("1:30.5", "90.5")])
def test_sexagesimal_numbers_are_refused(fast, value, shown):
    with pytest.raises(SourceError) as exc:
        loads(f"title: x\norder: {value}\n", "t.yaml", fast)
    assert exc.value.line == 2 and f"luku ”{value}” on kirjoitettu kaksoispistein" in exc.value.message
    assert f"lukuna ({shown})" in exc.value.message
    assert loads('order: 90\ntime: "1:30"\n', "t.yaml", fast) == {"order": 90, "time": "1:30"}


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize(
    "value, tag",
    [
        ("!!timestamp 2001-12-14", "!!timestamp"),
        ("!!str Kerho", "!!str"),
        ("&a !!int 5", "!!int"),
        ("!oma x", "!oma"),
        ("[!!null ]", "!!null"),
    ],
)
def test_explicit_tags_are_refused(fast, value, tag):
    with pytest.raises(SourceError) as exc:
        loads(f"a: ää😀\ntitle: {value}\n", "t.yaml", fast)  # (marks count characters, not bytes)
    assert exc.value.line == 2 and f"tyyppimerkintä {tag} ei ole sallittu" in exc.value.message
    assert loads("title: 2001-12-14\nb: '!!str'\nc: hei!\n", "t.yaml", fast) == {
        "title": "2001-12-14",
        "b": "!!str",
        "c": "hei!",
    }
