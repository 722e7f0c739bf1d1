"""A game's name mid-sentence (Pelaa's intro, "Pohjapelistä …"): lowercase as Finnish writes the
names of games, unless the rule file's ``text_name`` keeps a proper name's capital (*Rommi 51*);
the rule file decides, and a ``text_name`` that is not its title's name is an error at its line."""

from __future__ import annotations

import pytest

from tools.pelaa_games import games_sentence
from tools.presets import preset_meta
from tools.scenario import SourceError, load_rulesets

RULES = "decks: 1\nmin_players: 2\nmax_players: 4\nhand_size: {2: 10, 3: 7, 4: 7}\n"


def _dir(tmp_path, **files):
    d = tmp_path / "rules"
    d.mkdir()
    for name, head in files.items():
        (d / f"{name}.yaml").write_text(f"name: {name}\n{head}" + RULES, encoding="utf-8")
    return d


def test_mid_sentence_names_are_lowercase_but_for_a_proper_name(tmp_path):
    d = _dir(
        tmp_path,
        kerhorommi="title: Kerhon rommi\n",
        kerho51="title: Kerhon 51\ntext_name: Kerhon 51\n",
        kerhogin="title: Gin-rommi kerholla\n",
    )
    meta = preset_meta(d)
    assert {n: p.text_name for n, p in meta.items()} == {
        "kerhorommi": "kerhon rommi",
        "kerho51": "Kerhon 51",
        "kerhogin": "gin-rommi kerholla",
    }
    assert meta["kerhorommi"].title == "Kerhon rommi"  # the page heading keeps its capital
    load_rulesets(d)  # text_name is data for the pages, not a rule: the rule sets still load
    games = {n: {"text_name": p.text_name, "min": 2, "max": 4} for n, p in meta.items()}
    assert games_sentence(games) == (
        "Pelattavana ovat Kerhon 51, gin-rommi kerholla ja kerhon rommi yhtä, kahta tai kolmea vastustajaa vastaan."
    )


def test_a_text_name_that_is_not_the_titles_name_is_an_error_at_its_line(tmp_path):
    d = _dir(tmp_path, kerhorommi="title: Kerhon rommi\ntext_name: perusrommi\n")
    with pytest.raises(SourceError) as err:
        preset_meta(d)
    assert err.value.line == 3 and err.value.message.startswith("text_name: odotettiin otsikon ”Kerhon rommi”")
