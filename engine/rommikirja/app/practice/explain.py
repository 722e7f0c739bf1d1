"""The worked answers of the score kinds: the points of a finished rummy deal (``pisteet``) and
the result of a gin knock (``koputus``), their lines from the engine's one score explanation
(:func:`rommikirja.explain.score_lines`, which the example boxes and Pelaa also use)."""

from __future__ import annotations

from ...deal import EndReason, Outcome
from ...explain import score_lines
from ...knock import GinOutcome, defender_best
from ...rules import RuleSet
from ...scoring import score_deal
from ...solver import best_arrangement

from .kit import cards_of_codes

__all__ = ["explain_points", "explain_knock"]


def _pisteet_outcome(q: dict) -> Outcome:
    hands = tuple(tuple(cards_of_codes(h)) for h in q["hands"])
    return Outcome(EndReason.WENT_OUT, q["winner"], hands, bool(q.get("rummy", False)), 0, tuple(q.get("opened", ())))


def explain_points(q: dict, rules: RuleSet) -> dict:
    """The points of a finished rummy deal: ``{"points", "lines"}``."""
    out = _pisteet_outcome(q)
    score = score_deal(out, rules)
    lines = score_lines(out, score, rules, q["players"], view="practice", ask=q["ask"])
    return {"points": score.points[q["ask"]], "lines": [line.text for line in lines]}


def explain_knock(q: dict, rules: RuleSet) -> dict:
    """The result of a gin knock: ``{"scorer", "points", "kind", "knocker_deadwood", "lines"}``."""
    k_arr = best_arrangement(cards_of_codes(q["knocker"]), rules)
    gin = not k_arr.deadwood
    d = defender_best(cards_of_codes(q["defender"]), k_arr.melds, rules, lay_off=not gin)
    out = GinOutcome(
        "gin" if gin else "knock",
        0,
        (tuple(cards_of_codes(q["knocker"])), tuple(cards_of_codes(q["defender"]))),
        k_arr.melds,
        k_arr.deadwood,
        d,
    )
    score = score_deal(out, rules)
    lines = score_lines(out, score, rules, q["players"], view="knock")
    return {
        "scorer": "knocker" if score.scorer == 0 else "defender",
        "points": score.points[score.scorer],
        "kind": score.kind,
        "knocker_deadwood": score.hand_values[0],
        "lines": [line.text for line in lines],
    }
