"""A small practice kind of the tests' own, *korttimaara*: how many cards are in this hand? It is
what adding a kind takes: this one module, dropped into ``engine/rommikirja/app/practice/``
(``tests/test_new_practice_kind.py`` does so in a copy of the project and in this process)."""

from __future__ import annotations

import random
from typing import Any

from ...cards import standard_deck
from ...rules import RuleSet

from .fields import Points, QCards
from .kinds import PracticeKind, register
from .kit import card_codes, num_text


def make(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck(rules.decks, rules.jokers)
    rng.shuffle(deck)
    return {"hand": card_codes(deck[: rng.randint(3, 8)])}


def solve(q: dict, rules: RuleSet) -> dict:
    n = len(q["hand"])
    return {"count": n, "lines": [f"Kädessä on {num_text(n)} {'kortti' if n == 1 else 'korttia'}."]}


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    try:
        given = int(str(answer.get("count", "")).strip())
    except ValueError:
        return False, "Kirjoita vastaukseksi kokonaisluku."
    if given == sol["count"]:
        return True, "Oikein. " + " ".join(sol["lines"])
    return (
        False,
        f"Väärin: {num_text(given)} on liian {'suuri' if given > sol['count'] else 'pieni'} vastaus. Laske kortit uudelleen.",
    )


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    return "Montako korttia kädessä on?", [{"text": "Kädessä:", "cards": q["hand"]}], {"key": "count"}


KORTTIMAARA = register(
    PracticeKind(
        "korttimaara",
        make,
        solve,
        check,
        show,
        control="number",
        question_fields=(QCards("hand", "Käsi", most=8, least=1),),
        answer_fields=(Points("count", "Korttien määrä (count)"),),
    )
)
