"""Practice kind *koputus* (gin): who scores after a knock, and how much?"""

from __future__ import annotations

import random
from typing import Any

from ...cards import sort_cards, standard_deck
from ...rules import RuleSet
from ...solver import best_arrangement

from .explain import explain_knock
from .fields import OneOf, Players, Points, QCards
from .kinds import PracticeKind, register
from .kit import card_codes, num_text


def make(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    for _ in range(2000):
        rng.shuffle(deck)
        knocker = best_arrangement(deck[:10], rules)
        if knocker.deadwood_points <= rules.knock_limit:
            break
    return {
        "knocker": card_codes(sort_cards(deck[:10])),
        "defender": card_codes(sort_cards(deck[10:20])),
        "players": ["Aino", "Eero"],
    }


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    try:
        pts = int(str(answer.get("points", "")).strip())
    except ValueError:
        return False, "Valitse pisteiden saaja ja kirjoita pisteet kokonaislukuna."
    if answer.get("scorer") not in ("knocker", "defender"):
        return False, "Valitse ensin, kuka saa pisteet."
    ok_who = answer.get("scorer") == sol["scorer"]
    ok = ok_who and pts == sol["points"]
    if ok:
        return True, "Oikein. " + " ".join(sol["lines"])
    # the first wrong answer gives a way to count, not the result ("Näytä ratkaisu" shows it)
    kd = sol["knocker_deadwood"]
    hint = (
        "Vihje: koputtajan kaikki kortit ovat yhdistelmissä (gin), joten puolustaja ei saa liittää "
        f"kortteja. Laske hänen irtokorttipisteensä ja lisää ginin lisäpisteet ({num_text(rules.gin_bonus)})."
        if sol["kind"] == "gin"
        else f"Vihje: koputtajalla on irtokorttipisteitä {num_text(kd)}. "
        + (
            "Laske, paljonko puolustajalle jää irtokorttipisteitä, kun hän on liittänyt kortteja koputtajan "
            "yhdistelmiin, ja vertaa niitä koputtajan irtokorttipisteisiin."
        )
    )
    if not ok_who:
        return False, f"Väärin: pisteitä ei saa {q['players'][0 if answer['scorer'] == 'knocker' else 1]}. " + hint
    return False, "Väärin: pisteiden saaja on oikein, mutta pistemäärä ei. " + hint


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    """Both hands and the question; who scores (a choice) and a number."""
    a, b = q["players"]
    return (
        "Kuka saa pisteet ja montako?",
        [
            {"strong": a, "text": " lopettaa jaon kädellä", "cards": q["knocker"]},
            {"strong": b, "text": " puolustaa kädellä", "cards": q["defender"]},
            {"prompt": True},
        ],
        {
            "key": "points",
            "label": "Montako pistettä?",
            "help": "Puolustaja tekee omat yhdistelmänsä ja liittää kortteja koputtajan yhdistelmiin niin hyvin "
            "kuin voi.",
            "choice": {
                "key": "scorer",
                "legend": "Kuka saa pisteet?",
                "options": [["knocker", f"{a} (koputtaja)"], ["defender", f"{b} (puolustaja)"]],
            },
        },
    )


KOPUTUS = register(
    PracticeKind(
        "koputus",
        make,
        explain_knock,
        check,
        show,
        control="number",
        title="Koputuksen tulos",
        applies=lambda rules: rules.style == "knock",
        question_fields=(
            QCards("knocker", "Koputtajan käsi", most=11, least=1, jokers=False),
            QCards("defender", "Puolustajan käsi", most=11, least=1, jokers=False),
            Players("players", least=2, most=2),
        ),
        answer_fields=(
            OneOf(
                "scorer",
                values=("knocker", "defender"),
                message="Pisteiden saajan (scorer) pitää olla knocker tai defender.",
            ),
            Points("points", "Pisteet (points)"),
        ),
    )
)
