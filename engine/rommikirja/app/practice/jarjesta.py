"""Practice kind *jarjesta* (gin): arrange the hand into melds leaving the least deadwood."""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, sort_cards, standard_deck
from ...finnish import capitalize, cards_text
from ...melds import check_meld
from ...rules import RuleSet
from ...scoring import hand_value
from ...solver import best_arrangement

from .fields import MeldList, QCards
from .kinds import PracticeKind, register
from .kit import card_codes, cards_of_codes, lower_first, points_text


def make(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    for _ in range(200):
        rng.shuffle(deck)
        hand = deck[:10]
        if best_arrangement(hand, rules).deadwood_points <= 30:
            break
    return {"hand": card_codes(sort_cards(hand))}


def solve(q: dict, rules: RuleSet) -> dict:
    arr = best_arrangement(cards_of_codes(q["hand"]), rules)
    melds = [sort_cards(m) for m in arr.melds]
    if melds:  # each meld named, then what is left over
        lines = [f"{'Yhdistelmä' if len(melds) == 1 else 'Yhdistelmät'}: {'; '.join(cards_text(m) for m in melds)}."]
    else:
        lines = ["Kädestä ei saa yhtään yhdistelmää."]
    lines.append(
        f"Irtokortit: {cards_text(arr.deadwood)}, yhteensä {points_text(arr.deadwood_points)}."
        if arr.deadwood
        else "Irtokortteja ei jää: gin!"
    )
    codes = [card_codes(m) for m in melds]
    # the melds drawn as cards too, beside the sentence that names them (hidden from screen readers)
    view = [{"melds": codes, "css": "kortit yhdistelma"}] if codes else []
    return {"melds": codes, "deadwood": arr.deadwood_points, "lines": lines, "show": view}


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    hand = cards_of_codes(q["hand"])
    used: list[Card] = []
    for codes in answer.get("melds", []):
        cards = cards_of_codes(codes)
        err = check_meld(cards, rules)
        if err is not None:
            return False, f"{capitalize(cards_text(cards))}: {lower_first(err.message)}"
        used += cards
    if any(c not in hand for c in used) or len(set(used)) != len(used):
        return False, "Sama kortti on kahdessa yhdistelmässä tai kortti ei ole kädessä."
    dead = [c for c in hand if c not in used]
    points = hand_value(dead, rules)
    status = "gin" if points == 0 else "koputus käy" if points <= rules.knock_limit else "koputus ei vielä käy"
    text = f"Irtokortteja {points_text(points)}: {status}."
    if points == sol["deadwood"]:
        return True, text + " Parempaa järjestystä ei ole."
    return False, text + f" Paras järjestys jättää vain {points_text(sol['deadwood'])} – kokeile toisin."


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    """The question and the hand, made into melds by the reader."""
    return (
        "Jaa käsi yhdistelmiin niin, että irtokorttien pistesumma jää mahdollisimman pieneksi.",
        [{"prompt": True}, {"cards": q["hand"], "static": True}],
        {
            "key": "melds",
            "cards": q["hand"],
            "help": "Valitse yhdistelmän kortit ja paina ”Muodosta yhdistelmä”; jäljelle jäävät ovat irtokortteja.",
        },
    )


JARJESTA = register(
    PracticeKind(
        "jarjesta",
        make,
        solve,
        check,
        show,
        control="melds",
        title="Järjestä käsi",
        applies=lambda rules: rules.style == "knock",
        question_fields=(QCards("hand", "Käsi", most=11, least=1, jokers=False),),
        answer_fields=(MeldList("melds", "Yhdistelmät (melds)"),),
    )
)
