"""Practice kind *avaus* (Rommi 51): with which cards of this hand can the player open?"""

from __future__ import annotations

import random
from typing import Any

from ...cards import sort_cards, standard_deck
from ...finnish import count
from ...opening import best_opening, melds_using_all
from ...requests import hand_limit
from ...rules import RuleSet

from .fields import CardList, QCards
from .kinds import PracticeKind, register
from .kit import card_codes, cards_of_codes, points_text


def make(rng: random.Random, rules: RuleSet) -> dict:
    for _ in range(60):
        q = _make_try(rng, rules)
        if len(set(q["hand"])) == len(q["hand"]) and best_opening(cards_of_codes(q["hand"]), rules) is not None:
            return q
    return q


def _make_try(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck(rules.decks, rules.jokers)
    naturals = [c for c in deck if not c.is_joker]
    jokers = [c for c in deck if c.is_joker]
    suit = rng.choice(naturals).suit
    lo = rng.randint(1, 8)
    pool = [c for c in naturals if c.suit is suit and lo <= c.rank < lo + 6] + [
        c for c in naturals if c.rank in (lo + 2, 12, 13)
    ]
    pool = list(dict.fromkeys(pool))  # each physical card once
    hand = rng.sample(pool, 9)
    while len(hand) < 13:
        c = rng.choice(naturals)
        if c not in hand:
            hand.append(c)
    # a joker when the rules have them (a club may play without: then one more natural card)
    hand.append(jokers[0] if jokers else next(c for c in naturals if c not in hand))
    return {"hand": card_codes(sort_cards(hand))}


def solve(q: dict, rules: RuleSet) -> dict:
    o = best_opening(cards_of_codes(q["hand"]), rules)
    if o is None:
        return {"can_open": False, "lines": ["Tällä kädellä ei voi vielä avata."]}
    return {
        "can_open": True,
        "cards": card_codes(o.cards),
        "points": o.points,
        "melds": len(o.melds),
        "lines": [f"Paras avaus: {'; '.join(m.text for m in o.melds)} – {points_text(o.points)}."],
    }


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    chosen = cards_of_codes(answer.get("cards", []))
    if not chosen:
        return False, "Valitse avaukseen kuuluvat kortit."
    hand = list(cards_of_codes(q["hand"]))
    for c in chosen:  # only the hand's own cards, each once (nor a search over others)
        if c not in hand:
            return False, "Valitse avaukseen vain kädessä olevia kortteja, kukin kerran."
        hand.remove(c)
    if len(chosen) >= len(q["hand"]) and rules.final_discard == "required":
        return False, (
            "Yksi kortti on jätettävä käteen, koska tässä pelissä vuoro päättyy aina poistoon, myös ulos mentäessä."
        )
    got = melds_using_all(chosen, rules)
    if got is None:
        plain = melds_using_all(chosen, rules.with_options(opening_pure_run=False))
        if plain is not None and rules.opening_pure_run:
            return False, "Valitut kortit muodostavat yhdistelmiä, mutta avaukseen tarvitaan puhdas suora."
        return False, (
            "Valittuja kortteja ei saa jaettua kokonaan yhdistelmiksi: jokaisen valitun kortin "
            "pitää kuulua johonkin avauksen yhdistelmään. " + _hint(sol)
        )
    melds, points = got.melds, got.points
    text = "; ".join(m.text for m in melds)
    if points < rules.opening_points:
        lead = f"Yhdistelmät ({text}) ovat yhteensä" if len(melds) > 1 else f"Yhdistelmä ({text}) on"
        return False, (
            f"{lead} {points_text(points)}; avaukseen tarvitaan "
            f"vähintään {points_text(rules.opening_points)}. " + _hint(sol)
        )
    return True, f"Avaus käy: {text} – {points_text(points)}."


def _hint(sol: dict) -> str:
    """A hint that does not give the answer away: how big the best opening is, not its cards."""
    if not sol["can_open"]:
        return "Tällä kädellä ei voi vielä avata."
    melds = sol["melds"]
    return f"Vihje: paras avaus on {points_text(sol['points'])} ja siinä on {count(melds, 'yhdistelmä')}."


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    """The question and the hand, picked from by the reader (told the opening's conditions)."""
    pure = " ja mukana puhdas suora (ilman jokeria)" if rules.opening_pure_run else ""
    keep = " Vähintään yksi kortti on jätettävä käteen poistoa varten." if rules.final_discard == "required" else ""
    return (
        "Millä korteilla tästä kädestä voi avata?",
        [{"prompt": True, "cards": q["hand"], "static": True}],
        {
            "key": "cards",
            "cards": q["hand"],
            "help": f"Valitse kortit, joilla avaat: yhteensä vähintään {points_text(rules.opening_points)}{pure}."
            + keep,
        },
    )


AVAUS = register(
    PracticeKind(
        "avaus",
        make,
        solve,
        check,
        show,
        control="pick",
        title="Avaus",
        applies=lambda rules: rules.opening_points > 0,
        question_fields=(QCards("hand", "Käsi", most=lambda rules: min(hand_limit(rules), 16), least=1),),
        answer_fields=(CardList("cards", "Valitut kortit", optional=True),),
    )
)
