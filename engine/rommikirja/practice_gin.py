"""Practice kinds of gin: arrange the hand, the result of a knock."""
from __future__ import annotations

import random
from typing import Any

from .cards import Card, sort_cards, standard_deck
from .finnish import capitalize, cards_text
from .knock import GinOutcome, defender_best, knock_result
from .melds import check_meld
from .rules import RuleSet
from .scoring import hand_value
from .solver import best_arrangement

from .practice_kit import (PracticeKind, card_codes, cards_of_codes, lower_first,
                           num_text, points_text)


# -- 4. Järjestä käsi (gin) ---------------------------------------------------------------------

def _q_jarjesta(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    for _ in range(200):
        rng.shuffle(deck)
        hand = deck[:10]
        if best_arrangement(hand, rules).deadwood_points <= 30:
            break
    return {"hand": card_codes(sort_cards(hand))}


def _s_jarjesta(q: dict, rules: RuleSet) -> dict:
    arr = best_arrangement(cards_of_codes(q["hand"]), rules)
    melds = [sort_cards(m) for m in arr.melds]
    if melds:       # each meld named, then what is left over
        lines = [f"{'Yhdistelmä' if len(melds) == 1 else 'Yhdistelmät'}: {'; '.join(cards_text(m) for m in melds)}."]
    else:
        lines = ["Kädestä ei saa yhtään yhdistelmää."]
    lines.append(f"Irtokortit: {cards_text(arr.deadwood)}, yhteensä {points_text(arr.deadwood_points)}."
                 if arr.deadwood else "Irtokortteja ei jää: gin!")
    return {"melds": [card_codes(m) for m in melds], "deadwood": arr.deadwood_points, "lines": lines}


def _c_jarjesta(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
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
    status = ("gin" if points == 0 else "koputus käy" if points <= rules.knock_limit
              else "koputus ei vielä käy")
    text = f"Irtokortteja {points_text(points)}: {status}."
    if points == sol["deadwood"]:
        return True, text + " Parempaa järjestystä ei ole."
    return False, text + f" Paras järjestys jättää vain {points_text(sol['deadwood'])} – kokeile toisin."



# -- 5. Koputuksen tulos (gin) ------------------------------------------------------------------

def _q_koputus(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    for _ in range(2000):
        rng.shuffle(deck)
        knocker = best_arrangement(deck[:10], rules)
        if knocker.deadwood_points <= rules.knock_limit:
            break
    return {"knocker": card_codes(sort_cards(deck[:10])), "defender": card_codes(sort_cards(deck[10:20])),
            "players": ["Aino", "Eero"]}


def _s_koputus(q: dict, rules: RuleSet) -> dict:
    k_arr = best_arrangement(cards_of_codes(q["knocker"]), rules)
    gin = not k_arr.deadwood
    d = defender_best(cards_of_codes(q["defender"]), k_arr.melds, rules, lay_off=not gin)
    out = GinOutcome("gin" if gin else "knock", 0, (tuple(cards_of_codes(q["knocker"])), tuple(cards_of_codes(q["defender"]))),
                     k_arr.melds, k_arr.deadwood, d)
    scorer, points, kind = knock_result(out, rules)
    kd, dd = k_arr.deadwood_points, hand_value(d.deadwood, rules)
    names = q["players"]
    lines = [f"{names[0]}: irtokortit {points_text(kd)}.",
             f"{names[1]}: " + (f"liittää {cards_text([c for cs, _ in d.layoffs for c in cs], 'gen')}; "
                                if d.layoffs else "") + f"irtokortit {points_text(dd)}."]
    if kind == "gin":
        lines.append(f"Gin: {names[0]} saa {rules.gin_bonus} + {dd} = {points}.")
    elif kind == "undercut":
        lines.append(f"Alitus: {names[1]} saa {rules.undercut_bonus} + {kd} − {dd} = {points}.")
    else:
        lines.append(f"{names[0]} saa {dd} − {kd} = {points}.")
    return {"scorer": "knocker" if scorer == 0 else "defender", "points": points, "kind": kind,
            "knocker_deadwood": kd, "lines": lines}


def _c_koputus(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
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
    hint = ("Vihje: koputtajan kaikki kortit ovat yhdistelmissä (gin), joten puolustaja ei saa liittää "
            f"kortteja. Laske hänen irtokorttipisteensä ja lisää ginin lisäpisteet ({num_text(rules.gin_bonus)})."
            if sol["kind"] == "gin" else f"Vihje: koputtajalla on irtokorttipisteitä {num_text(kd)}. " + (
               "Laske, paljonko puolustajalle jää irtokorttipisteitä, kun hän on liittänyt kortteja koputtajan "
               "yhdistelmiin, ja vertaa niitä koputtajan irtokorttipisteisiin."))
    if not ok_who:
        return False, f"Väärin: pisteitä ei saa {q['players'][0 if answer['scorer'] == 'knocker' else 1]}. " + hint
    return False, "Väärin: pisteiden saaja on oikein, mutta pistemäärä ei. " + hint


#: gin's kinds
JARJESTA = PracticeKind("jarjesta", _q_jarjesta, _s_jarjesta, _c_jarjesta)
KOPUTUS = PracticeKind("koputus", _q_koputus, _s_koputus, _c_koputus)
