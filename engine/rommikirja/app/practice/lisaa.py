"""Practice kind *lisaa*: which cards of the hand can be laid off on the table's melds?"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, parse_card, sort_cards, standard_deck
from ...finnish import capitalize, card_name, cards_text, number_word
from ...melds import Meld, MeldKind, check_meld
from ...requests import hand_limit
from ...rules import RuleSet

from .fields import CardList, QCards, Table
from .kinds import PracticeKind, register
from .kit import card_codes, cards_of_codes


def make(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    rng.shuffle(deck)
    table: list[list[str]] = []
    used: set[Card] = set()
    for _ in range(rng.randint(2, 3)):
        for _attempt in range(50):
            c = rng.choice(deck)
            if rng.random() < 0.5:
                cards = [x for x in deck if x.suit is c.suit and c.rank <= x.rank < c.rank + 3]
            else:
                cards = [x for x in deck if x.rank == c.rank][:3]
            if len(cards) == 3 and not used & set(cards) and check_meld(cards, rules) is None:
                used |= set(cards)
                table.append(card_codes(Meld.from_cards(cards, rules).cards))
                break
    rest = [c for c in deck if c not in used]
    # a hand that has a fair chance of fitting cards
    near = [
        c
        for c in rest
        if any(
            Meld.from_cards(cards_of_codes(m), rules).kind is MeldKind.GROUP
            and c.rank == cards_of_codes(m)[0].rank
            or c.suit is cards_of_codes(m)[0].suit
            and abs(c.rank - cards_of_codes(m)[0].rank) <= 4
            for m in table
        )
    ]
    hand = list(dict.fromkeys(rng.sample(near, min(len(near), rng.randint(2, 3))) + rng.sample(rest, 3)))
    # a hand some real deal leaves beside this table: the deal size less three cards for each
    # meld of the table the reader put down (the others' melds cost the reader nothing)
    fits = sorted({n - 3 * k for n in _deal_sizes(rules) for k in range(len(table) + 1)} & set(range(3, 8)))
    if fits and len(hand) not in fits:
        want = min(fits, key=lambda n: (abs(n - len(hand)), n))
        spare = [c for c in rest if c not in hand]
        hand = hand[:want] + rng.sample(spare, max(0, want - len(hand)))
    return {"table": table, "hand": card_codes(sort_cards(hand))}


def _deal_sizes(rules: RuleSet) -> set[int]:
    """The hand sizes dealt under ``rules``, one per number of players it allows and deals for.

    >>> sorted(_deal_sizes(RuleSet(max_players=3, hand_size=((2, 10), (3, 7), (4, 7)))))
    [7, 10]
    >>> _deal_sizes(RuleSet(min_players=5, hand_size=((2, 10),)))   # no deal for five or six
    set()
    """
    return {size for n, size in rules.hand_size if rules.min_players <= n <= rules.max_players}


def solve(q: dict, rules: RuleSet) -> dict:
    melds = [Meld.from_cards(cards_of_codes(m), rules) for m in q["table"]]
    fits, lines = [], []
    for c in cards_of_codes(q["hand"]):
        targets = []
        for m in melds:
            try:
                m.extended((c,), rules)
                targets.append(m)
            except ValueError:
                pass
        if targets:
            fits.append(c.code)
            lines.append(f"{capitalize(card_name(c))} sopii yhdistelmään ({targets[0].text}).")
    if not fits:
        lines.append("Mikään kädessä oleva kortti ei sovi yksinään pöydän yhdistelmiin.")
    return {"cards": fits, "lines": lines}


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    given = set(answer.get("cards", []))
    want = set(sol["cards"])
    if given == want:
        return True, "Oikein. " + " ".join(sol["lines"])
    parts = []
    order = {c: i for i, c in enumerate(q["hand"])}  # listed in the hand's order
    extra = [parse_card(c) for c in sorted(given - want, key=lambda c: order.get(c, len(order)))]
    missing = [parse_card(c) for c in sorted(want - given, key=lambda c: order.get(c, len(order)))]
    if extra:
        parts.append(
            f"{capitalize(cards_text(extra))} {'ei sovi' if len(extra) == 1 else 'eivät sovi'} "
            "mihinkään pöydän yhdistelmään."
        )
    if missing:  # not named: finding them is the exercise ("Näytä ratkaisu" names them)
        parts.append(
            "Yksi sopiva kortti jäi vielä valitsematta."
            if len(missing) == 1
            else f"Valitsematta jäi vielä {number_word(len(missing))} sopivaa korttia."
        )
    return False, "Väärin. " + " ".join(parts)


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    """The table's melds, the hand (picked from by the reader)."""
    melds = [{"cards": m, "css": "kortit yhdistelma"} for m in q["table"]]
    return (
        "Mitkä kortit voi lisätä pöydän yhdistelmiin? Voi olla, ettei mikään.",
        [
            {"text": "Pöydällä:"},
            {"items": melds},
            {"text": "Kädessä:", "cards": q["hand"], "static": True},
            {"prompt": True, "static": True},
        ],
        {
            "key": "cards",
            "cards": q["hand"],
            "help": "Valitse kädestä jokainen kortti, jonka voi lisätä johonkin pöydän yhdistelmään. "
            "Jos mikään kortti ei sovi, paina ”Tarkista” valitsematta yhtään korttia.",
        },
    )


LISAA = register(
    PracticeKind(
        "lisaa",
        make,
        solve,
        check,
        show,
        control="pick",
        title="Lisää pöytään",
        applies=lambda rules: rules.style != "knock" and not rules.opening_points,
        question_fields=(Table("table", "Pöydässä (table)"), QCards("hand", "Käsi", most=hand_limit, least=1)),
        answer_fields=(CardList("cards", "Valitut kortit", optional=True),),
    )
)
