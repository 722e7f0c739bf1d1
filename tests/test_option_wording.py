"""Sentences the engine words from an option value read naturally for every value (own rule sets)."""

import pytest

from fixed_rules import FIXED
from rommikirja.cards import parse_cards
from rommikirja.errors import no_such_card
from rommikirja.melds import Meld, check_meld
from rommikirja.practice import check, solution

R51 = FIXED["rommi51"].as_mapping()  # the tests' own rule set, not the shipped file
PERUS = FIXED["perusrommi"].as_mapping()


def _rules(base, **changes):
    return FIXED[base["name"]].with_options(**changes)


@pytest.mark.parametrize(
    "limit,reason",
    [
        (0, "tässä pelissä jokereita ei käytetä yhdistelmissä"),
        (1, "yhdessä yhdistelmässä saa olla enintään yksi jokeri"),
        (2, "yhdessä yhdistelmässä saa olla enintään kaksi jokeria"),
    ],
)
def test_joker_limit_reads_naturally_for_every_value(limit, reason):
    rules = _rules(R51, max_jokers_per_meld=limit)
    cards = parse_cards("5H 6H JK JK' JK''")  # one joker more than the highest limit
    err = check_meld(cards, rules)
    assert err is not None and err.code == "too_many_jokers"
    assert err.message == reason[0].upper() + reason[1:] + "."
    assert "nolla" not in err.message
    # the lay-off refusal embeds the same reason after "koska"
    run = Meld.from_cards(parse_cards("5H 6H 7H"), rules)
    with pytest.raises(ValueError) as exc:
        run.extended(parse_cards("JK JK' JK''"), rules)
    assert exc.value.sentence("Aino") == (
        f"Aino ei voi lisätä jokeria, jokeria ja jokeria yhdistelmään "
        f"(herttaviitonen, herttakuutonen ja herttaseiska), koska {reason}."
    )


def test_practice_feedback_on_a_joker_meld_without_jokers_in_melds():
    rules = {**R51, "max_jokers_per_meld": 0}
    sol = solution({"kind": "kelpaako", "cards": ["5H", "6H", "JK"], "rules": rules, "seed": 0})
    assert sol["lines"] == ["Ei kelpaa yhdistelmäksi. Tässä pelissä jokereita ei käytetä yhdistelmissä."]


@pytest.mark.parametrize(
    "jokers,text",
    [
        (1, "Tässä pelissä on vain yksi jokeri, joten toista jokeria ei ole."),
        (2, "Tässä pelissä on vain kaksi jokeria, joten kolmatta jokeria ei ole."),
    ],
)
def test_a_joker_beyond_the_deck_is_counted_in_words(jokers, text):
    rules = _rules(R51, jokers=jokers)
    card = parse_cards("JK JK' JK''")[jokers]
    assert no_such_card((card,), rules).message == text


def test_points_agree_with_one():
    rules = {**PERUS, "scoring": "winner_takes", "ace_points": 1, "rummy_doubling": False}
    q = {
        "kind": "pisteet",
        "players": ["Aino", "Eero"],
        "winner": 0,
        "hands": [[], ["AS"]],
        "ask": 0,
        "rules": rules,
        "seed": 0,
    }
    assert solution(q)["lines"] == ["Eero: 1.", "Aino saa 1 piste."]
    assert check(q, {"points": "1"})["message"].startswith("Oikein: 1 piste.")


def test_unopened_penalty_is_counted_points():
    rules = {**R51, "unopened_penalty": 1}
    q = {
        "kind": "pisteet",
        "players": ["Aino", "Eero"],
        "winner": 0,
        "hands": [[], ["AS", "2S"]],
        "opened": [True, False],
        "ask": 1,
        "rules": rules,
        "seed": 0,
    }
    line = solution(q)["lines"][0]
    assert line == "Eero ei avannut, joten sakko on käden korteista riippumatta 1 piste."
    assert check(q, {"points": "1"})["message"].startswith("Oikein: 1 sakkopiste.")


@pytest.mark.parametrize("final_discard,keeps_one", [("required", True), ("optional", False)])
def test_opening_with_every_card_follows_final_discard(final_discard, keeps_one):
    rules = {**R51, "final_discard": final_discard}
    hand = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "KH", "KD", "KC", "QH", "QD", "QC"]
    q = {"kind": "avaus", "hand": hand, "rules": rules, "seed": 0}
    msg = check(q, {"cards": hand})["message"]
    assert ("Yksi kortti on jätettävä käteen" in msg) == keeps_one, msg
    if not keeps_one:
        assert msg.startswith("Avaus käy:"), msg


@pytest.mark.parametrize("rule", ["block", "last_round"])
def test_stock_practice_does_not_turn_a_pile_the_rules_do_not_turn(rule):
    rules = {**PERUS, "stock_exhausted": rule}
    q = {"kind": "nostopakka", "discard": ["5H", "9C", "KD"], "rules": rules, "seed": 0}
    sol = solution(q)
    assert sol["order"] == [] and "käännetään" not in " ".join(sol["lines"])
    assert check(q, {"order": ["5H"]})["message"].startswith("Väärin. Tässä pelissä poistopakkaa ei käännetä")


def test_pelaa_score_lines_agree_with_one():
    from types import SimpleNamespace

    from rommikirja.deal import EndReason, Outcome
    from rommikirja.app.pelaa import _score_view
    from rommikirja.scoring import score_deal

    rules = _rules(PERUS, scoring="winner_takes", ace_points=1, rummy_doubling=False)
    score = score_deal(Outcome(EndReason.WENT_OUT, 0, ((), parse_cards("AS")), False, 0, ()), rules)
    game = SimpleNamespace(
        rules=rules, names=["Aino", "Eero"], scores=[score], deals=[{}], deal=SimpleNamespace(outcome=None), n=2
    )
    assert _score_view(game, 0)["lines"][-1] == "Aino saa 1 piste."
