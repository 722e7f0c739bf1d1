"""Practice kind *nostopakka*: the stock is used up; in which order are cards drawn next?"""

from __future__ import annotations

import random
from typing import Any

from ...cards import standard_deck
from ...finnish import card_name, count
from ...rules import OPTIONS, RuleSet

from .fields import CardList, Count, QCards, Text
from .kinds import PracticeKind, register
from .kit import card_codes, cards_of_codes


def make(rng: random.Random, rules: RuleSet) -> dict:
    pile = rng.sample(standard_deck(), rng.randint(3, 5))
    # the whole pile when the stock runs out is every card not in the hands (here of the fewest
    # players); the question shows its bottom cards and its top card
    n = max(2, rules.min_players)
    dealt = dict(rules.hand_size).get(n)  # what RuleSet.hand_size_for(n) gives, None for no deal
    if dealt is None:  # no deal for that many players: the listed cards only
        size = len(pile)
    else:
        size = len(standard_deck(rules.decks, rules.jokers)) - n * dealt
    return {
        "discard": card_codes(pile),
        "discard_size": max(size, len(pile)),
        "rule": OPTIONS["stock_exhausted"].choices[rules.stock_exhausted],
    }


def solve(q: dict, rules: RuleSet) -> dict:
    pile = cards_of_codes(q["discard"])
    if rules.stock_exhausted == "turn_over_keep_top":
        order = pile[:-1]
        lines = [
            f"Viimeksi poistettu {card_name(pile[-1])} jää uuden poistopakan pohjalle; muut "
            f"käännetään, joten ensimmäisenä nostetaan pohjimmainen, {card_name(pile[0])}."
        ]
    elif rules.stock_exhausted not in ("turn_over", "turn_over_keep_top"):
        # the pile is not turned over in this game: no new stock, the deal ends
        order = []
        lines = [
            "Tässä pelissä poistopakkaa ei käännetä uudeksi nostopakaksi, joten siitä ei nosteta "
            "enää yhtään korttia: jako päättyy."
        ]
    else:
        order = pile
        lines = [
            f"Koko poistopakka käännetään, joten ensimmäisenä nostetaan pohjimmainen, "
            f"{card_name(pile[0])}, ja viimeisenä viimeksi poistettu {card_name(pile[-1])}."
        ]
    return {"order": card_codes(order), "lines": lines}


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    given = list(answer.get("order", []))
    if given == sol["order"]:
        return True, "Oikein. " + " ".join(sol["lines"])
    if not sol["order"]:
        return False, "Väärin. " + " ".join(sol["lines"])
    if not given:
        return False, (
            "Väärin: poistopakka käännetään uudeksi nostopakaksi, joten siitä nostetaan kortteja. "
            "Valitse ne siinä järjestyksessä, jossa ne nostetaan."
        )
    if given[0] != sol["order"][0]:
        return False, (
            "Väärin: ensimmäisenä nostettava kortti ei ole oikea. Vihje: mieti, mikä kortti on "
            "päällimmäisenä, kun poistopakka on käännetty."
        )
    return False, (
        "Väärin: ensimmäinen kortti on oikein, mutta järjestys ei. Vihje: käännetyssä pakassa "
        "korttien järjestys on päinvastainen kuin poistopakassa."
    )


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    """The game's rule, the discard pile (put in order by the reader) and the question."""
    return (
        "Missä järjestyksessä kortit nostetaan uudesta nostopakasta?",
        [
            {"text": f"Nostopakka on lopussa. Tämän pelin sääntö: {q['rule']}."},
            {
                "text": f"Poistopakassa on {count(q.get('discard_size', len(q['discard'])), 'kortti')}; "
                "näkyvissä ovat vasemmalla sen pohjimmaiset kortit alimmasta alkaen ja oikealla "
                "päällimmäinen eli viimeksi poistettu kortti:",
                "cards": q["discard"],
                "static": True,
            },
            {"prompt": True},
        ],
        {
            "key": "order",
            "cards": q["discard"],
            "help": "Poistopakka: vasemmalla pohjimmainen kortti, oikealla päällimmäinen eli viimeksi poistettu.",
            "note": "Napauta kortteja siinä järjestyksessä, jossa ne nostetaan uudesta nostopakasta. "
            "Jos jokin kortti ei sääntöjen mukaan päädy uuteen nostopakkaan, jätä se napauttamatta.",
            "chosen": "Nostojärjestyksesi:",
        },
    )


NOSTOPAKKA = register(
    PracticeKind(
        "nostopakka",
        make,
        solve,
        check,
        show,
        control="order",
        title="Nostopakka loppuu",
        applies=lambda rules: rules.style != "knock" and rules.stock_exhausted in ("turn_over", "turn_over_keep_top"),
        question_fields=(
            QCards("discard", "Poistopakka", most=10, least=1),
            Count("discard_size", "Poistopakan koon (discard_size)", optional=True),
            Text("rule", "Sääntöteksti (rule)", optional=True),
        ),
        answer_fields=(CardList("order", "Valitut kortit", optional=True),),
    )
)
