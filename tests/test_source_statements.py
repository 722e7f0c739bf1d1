"""The register of the sources' rule statements (tools/source_statements.txt) names real, verified
examples of the right game, covers every catalogue entry, and only the rules of conduct stay text."""

import pytest

from tools.source_statements import catalogue_ids, figures, problems, read
from tools.verify import verify

#: Illustrated statements today; the register may only grow (tools/source_statements.txt).
FLOOR = 168


@pytest.fixture(scope="module")
def scenarios():
    found, errors = verify()
    assert errors == []
    return found


def test_register_names_real_examples_and_covers_the_catalogue(scenarios):
    statements, errors = read()
    assert errors == []
    assert problems(statements, scenarios, catalogue_ids()) == []


def test_every_rule_but_conduct_has_an_example():
    statements, _ = read()
    shown, text, total = figures(statements)
    assert shown >= FLOOR
    assert [st.id for st in statements if not st.scenarios and not st.text_only] == []
    assert text <= 13, "a rule moved to text only: give it an example instead"


def test_problems_catches_a_missing_example_a_wrong_game_and_an_uncovered_entry(tmp_path, scenarios):
    reg = tmp_path / "r.txt"
    reg.write_text(
        "P01.1 | one deck | p01-pakka, no-such-example\n"
        "P01.2 | players | g01-jako\n"
        "P01.2 | again | p02-jako\n"
        "P02.1 | order | text:\n"
        "X | bad line\n",
        encoding="utf-8",
    )
    statements, errors = read(reg)
    assert [e.split(": ", 1)[0].rsplit(":", 1)[1] for e in errors] == ["4", "5"]
    found = problems(statements, scenarios, {"P01", "P02", "P03"}, reg)
    assert any("”no-such-example” ei ole" in e for e in found)
    assert any("”g01-jako” on pelistä gin" in e for e in found)
    assert any("tunnus P01.2 on jo käytössä" in e for e in found)
    assert any("kohdalle P03" in e for e in found)
    assert figures(statements) == (3, 1, 4)
