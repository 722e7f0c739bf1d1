"""Practice kind *kelpaako*: is this a valid meld under the rule set?"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, standard_deck
from ...melds import Meld, check_meld
from ...rules import RuleSet

from .fields import Flag, QCards
from .kinds import PracticeKind, register
from .kit import card_codes, cards_of_codes


def make(rng: random.Random, rules: RuleSet) -> dict:
    deck = [c for c in standard_deck() if c.deck == 0]
    suit = rng.choice(deck).suit
    other = rng.choice([c.suit for c in deck if c.suit is not suit])
    start = rng.randint(1, 10)

    def card(rank: int, s=suit) -> Card:
        return next(c for c in deck if c.rank == (rank - 1) % 13 + 1 and c.suit is s)

    rank = rng.randint(1, 13)
    suits = rng.sample([c.suit for c in deck if c.rank == 1], 4)
    shapes = ["run", "run", "wrong_suit", "gap", "group", "group", "stranger", "high_ace", "corner", "pair"]
    if rules.jokers:
        shapes += ["joker_run", "joker_group", "two_jokers", "twin_suits"]
    shape = rng.choice(shapes)
    if shape == "run":
        cards = [card(r) for r in range(start, start + rng.randint(3, 4))]
    elif shape == "wrong_suit":
        cards = [card(start), card(start + 1, other), card(start + 2)]
    elif shape == "gap":
        cards = [card(start), card(start + 1), card(start + 3)]
    elif shape == "group":
        cards = [card(rank, s) for s in suits[: rng.randint(3, 4)]]
    elif shape == "stranger":
        cards = [card(rank, s) for s in suits[:2]] + [card(rank % 13 + 1, suits[2])]
    elif shape == "high_ace":
        cards = [card(12), card(13), card(1)]
    elif shape == "corner":
        cards = [card(13), card(1), card(2)]
    elif shape == "joker_run":
        cards = [card(start), card(start + 2), Card(0, None, 0)]
    elif shape == "joker_group":
        cards = [card(rank, s) for s in suits[:2]] + [Card(0, None, 1)]
    elif shape == "two_jokers":
        cards = [card(start), Card(0, None, 0), Card(0, None, 1), card(start + 3)]
    elif shape == "twin_suits":
        first = card(rank, suits[0])
        cards = [first, Card(first.rank, first.suit, 1), card(rank, suits[1])]
    else:
        cards = [card(rank, s) for s in suits[:2]]
    rng.shuffle(cards)
    return {"cards": card_codes(cards)}


def solve(q: dict, rules: RuleSet) -> dict:
    cards = cards_of_codes(q["cards"])
    err = check_meld(cards, rules)
    if err is None:
        meld = Meld.from_cards(cards, rules)
        return {"valid": True, "lines": [f"Kelpaa: {meld.kind.finnish} {meld.text}."]}
    return {"valid": False, "lines": [f"Ei kelpaa yhdistelmäksi. {err.message}"]}


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    given = bool(answer.get("valid"))
    ok = given == sol["valid"]
    return ok, ("Oikein. " if ok else "Väärin. ") + " ".join(sol["lines"])


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    """The cards and the question; two buttons."""
    return (
        "Kelpaavatko nämä kortit yhdistelmäksi?",
        [{"prompt": True, "cards": q["cards"]}],
        {"key": "valid", "yes": "Kelpaa", "no": "Ei kelpaa"},
    )


KELPAAKO = register(
    PracticeKind(
        "kelpaako",
        make,
        solve,
        check,
        show,
        control="yesno",
        title="Kelpaako yhdistelmä?",
        question_fields=(QCards("cards", "Kortit", most=16, least=1),),
        answer_fields=(Flag("valid", "Vastauksen (valid)", optional=True),),
    )
)
