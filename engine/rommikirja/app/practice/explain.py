"""The score explanations of the practice kinds: the points of a finished rummy deal and the
result of a gin knock, as the expected answer and Finnish lines. Kept as one unit (the page layer's
one score-explanation function is to replace it for example boxes, practice and Pelaa)."""
from __future__ import annotations

from ...deal import EndReason, Outcome
from ...finnish import cards_text, join_list
from ...knock import GinOutcome, defender_best, knock_result
from ...rules import RuleSet
from ...scoring import hand_value, score_deal
from ...solver import best_arrangement

from .kit import card_sum_text, cards_of_codes, points_text

__all__ = ["explain_points", "explain_knock"]


def _pisteet_outcome(q: dict) -> Outcome:
    hands = tuple(tuple(cards_of_codes(h)) for h in q["hands"])
    return Outcome(EndReason.WENT_OUT, q["winner"], hands, bool(q.get("rummy", False)), 0,
                   tuple(q.get("opened", ())))


def _s_pisteet(q: dict, rules: RuleSet) -> dict:
    score = score_deal(_pisteet_outcome(q), rules)
    names = q["players"]
    lines = []
    if rules.scoring == "winner_takes":
        for p, h in enumerate(q["hands"]):
            if p != q["winner"]:
                lines.append(f"{names[p]}: {card_sum_text(cards_of_codes(h), rules)}.")
        text = f"{names[q['winner']]} saa {points_text(score.base)}"
        if score.doubled:
            text += f", rommista kaksinkertaisena {score.points[q['winner']]}"
        lines.append(text + ".")
        return {"points": score.points[q["ask"]], "lines": lines}
    p = q["ask"]
    if rules.scoring == "penalty" and not q.get("opened", [True] * len(names))[p]:
        lines.append(f"{names[p]} ei avannut, joten sakko on käden korteista riippumatta "
                     f"{points_text(rules.unopened_penalty)}.")
    else:
        lines.append(f"{names[p]}: {card_sum_text(cards_of_codes(q['hands'][p]), rules)}.")
    return {"points": score.points[p], "lines": lines}


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
             f"{names[1]}: " + (f"liittää {join_list([cards_text(cs, 'gen') for cs, _ in d.layoffs])}; "
                                if d.layoffs else "") + f"irtokortit {points_text(dd)}."]
    if kind == "gin":
        lines.append(f"Gin: {names[0]} saa {rules.gin_bonus} + {dd} = {points}.")
    elif kind == "undercut":
        lines.append(f"Alitus: {names[1]} saa {rules.undercut_bonus} + {kd} − {dd} = {points}.")
    else:
        lines.append(f"{names[0]} saa {dd} − {kd} = {points}.")
    return {"scorer": "knocker" if scorer == 0 else "defender", "points": points, "kind": kind,
            "knocker_deadwood": kd, "lines": lines}


#: the points of a finished rummy deal: ``{"points", "lines"}``
explain_points = _s_pisteet
#: the result of a gin knock: ``{"scorer", "points", "kind", "knocker_deadwood", "lines"}``
explain_knock = _s_koputus
