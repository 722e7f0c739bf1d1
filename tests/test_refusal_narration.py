"""A refused move is narrated once: the refusal says itself whether its sentence names the move."""

import textwrap

from fixed_rules import FIXED
from rommikirja import IllegalMove, RuleSet
from rommikirja.cards import parse_cards
from rommikirja.melds import Meld
from tools.scenario import load_scenario

SCENARIO = """\
source: own
game: perusrommi
title: Hylätyt siirrot
setup:
  turn: Aino
  hands:
    - [7H, 8H, 2C, 5D, QS, 10D]
    - [AS, 7C, KD]
  stock: [9H, 2S]
  discard: [5S]
  table: [{owner: Eero, cards: [6D, 7D, 8D]}]
steps:
  - draw: stock
  - meld: [2C, 5D, QS]
    refused: mixed
  - lay_off: [10D]
    onto: 0
    refused: not_extending
  - discard: 2S
    refused: not_in_hand
"""


def _narration(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(SCENARIO), encoding="utf-8")
    sc = load_scenario(path, FIXED)  # the tests' own rule sets, not the shipped files
    assert sc.failures == []
    return [st.sentences for st in sc.steps[1:]]


def test_a_refusal_that_names_the_move_stands_alone(tmp_path):
    meld, lay_off, discard = _narration(tmp_path)
    assert meld == [
        "Aino ei voi pelata yhdistelmää (ristikakkonen, ruutuviitonen ja patarouva), koska kortit "
        "eivät ole samanarvoisia eivätkä samaa maata."
    ]
    assert lay_off == [
        "Aino ei voi lisätä ruutukymppiä yhdistelmään (ruutukuutonen, ruutuseiska ja ruutukasi), "
        "koska välistä puuttuisi ruutuysi."
    ]
    # this reason does not name the move: the attempt is told first
    assert discard == ["Aino yrittää poistaa patakakkosta, mutta se ei käy. Ainon kädessä ei ole patakakkosta."]


def test_names_move_is_set_where_the_sentence_is_built():
    rules = RuleSet.from_mapping(FIXED["perusrommi"].as_mapping())
    run = Meld.from_cards(parse_cards("6D 7D 8D"), rules)
    try:
        run.extended(parse_cards("10D"), rules)
    except IllegalMove as err:
        assert err.names_move
    else:
        raise AssertionError("the lay-off should be refused")
    assert IllegalMove("x", "Aino ei voi poistaa patakasia.").names_move is False
