"""Practice kind *pisteet*: how many points a player gets when a rummy deal ends (under the rule
set's scoring: the winner takes the others' cards, penalty or minus points)."""

from __future__ import annotations

import random
from typing import Any

from ...cards import standard_deck
from ...rules import RuleSet

from .explain import explain_points
from .fields import Flag, Flags, Hands, Player, Players, Points
from .kinds import PracticeKind, register
from .kit import NAMES, card_codes, num_text, points_text


def make(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck(rules.decks, rules.jokers)
    rng.shuffle(deck)
    players = rng.choice([2, 3, 3, 4]) if rules.max_players >= 4 else 2
    winner = rng.randrange(players)
    # only under penalty scoring does not having opened change the score; a player who never
    # opened has melded nothing and still holds a whole hand, as at the end of a real deal
    penalty = rules.scoring == "penalty"
    opened = [p == winner or not penalty or rng.random() < 0.75 for p in range(players)]
    hands: list[list[str]] = []
    for p in range(players):
        n = 0 if p == winner else rng.randint(1, 5) if opened[p] else rules.hand_size_for(players)
        hands.append(card_codes(deck[:n]))
        del deck[:n]
    q: dict[str, Any] = {"players": list(NAMES[:players]), "winner": winner, "hands": hands}
    if rules.scoring == "winner_takes":
        q["rummy"] = rules.rummy_doubling and rng.random() < 0.35
        q["ask"] = winner
    else:
        if penalty:
            q["opened"] = opened
        q["ask"] = rng.choice([p for p in range(players) if p != winner])
    return q


def check(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    try:
        given = int(str(answer.get("points", "")).strip().replace("−", "-"))
    except ValueError:
        return False, "Kirjoita vastaukseksi kokonaisluku."
    want = sol["points"]
    # penalty and minus points are asked as a count ("Montako sakkopistettä…?"): typed with or
    # without the sign
    correct = given == want or (want < 0 and given == -want)
    prefix = {"penalty": "sakko", "own_hand_minus": "miinus"}.get(rules.scoring, "")
    shown = points_text(abs(want) if prefix else want, prefix)
    if correct:
        return True, f"Oikein: {shown}. " + " ".join(sol["lines"])
    # the first wrong answer teaches how to count, the answer itself stays behind "Näytä ratkaisu"
    size = abs(given) > abs(want)
    return False, (f"Väärin: {num_text(given)} on liian {'suuri' if size else 'pieni'} vastaus. " + _hint(q, rules))


def _hint(q: dict, rules: RuleSet) -> str:
    """How this score is counted, without the sum: whose cards count and what for."""
    names = q["players"]
    if rules.scoring == "winner_takes":
        text = f"Vihje: {names[q['winner']]} saa pisteet kaikista muiden käsiin jääneistä korteista"
        if q.get("rummy"):  # the house rule (a checkbox in the widget) may switch the doubling off
            text += (
                ", ja rommista ne kaksinkertaistuvat"
                if rules.rummy_doubling
                else "; rommi ei näillä säännöillä kaksinkertaista pisteitä"
            )
        return text + "."
    p = q["ask"]
    if rules.scoring == "penalty" and not q.get("opened", [True] * len(names))[p]:
        return f"Vihje: {names[p]} ei avannut, eikä avaamatta jääneen sakko riipu käden korteista."
    kind = "sakoksi" if rules.scoring == "penalty" else "miinuspisteiksi"
    return f"Vihje: {names[p]} saa {kind} käteensä jääneiden korttien yhteisarvon."


def show(q: dict, rules: RuleSet) -> tuple[str, list, dict]:
    """The hands (the winner went out), the question, a number to type; in a game that doubles a
    rummy, the house rule that does not (a toggle)."""
    names, opened = q["players"], q.get("opened")
    rows = []
    for p, hand in enumerate(q["hands"]):
        if p == q["winner"]:
            rows.append(
                {"strong": names[p], "text": ": meni ulos" + (" yhdellä vuorolla (rommi)" if q.get("rummy") else "")}
            )
        else:
            rows.append(
                {
                    "strong": names[p],
                    "text": ":",
                    "cards": hand,
                    "after": " – ei avannut" if opened and not opened[p] else "",
                }
            )
    prefix = {"penalty": "sakko", "own_hand_minus": "miinus"}.get(rules.scoring, "")
    prompt = f"Montako {prefix}pistettä {names[q['ask']]} saa?"
    control: dict[str, Any] = {"key": "points"}
    if rules.scoring == "winner_takes" and "rummy_doubling" in q["rules"]:
        control["toggle"] = {
            "option": "rummy_doubling",
            "checked": False,
            "css": "ei-tuplausta",
            "text": "Kotisääntö: rommi ei kaksinkertaista pisteitä",
        }
    return prompt, [{"items": rows}], control


PISTEET = register(
    PracticeKind(
        "pisteet",
        make,
        explain_points,
        check,
        show,
        control="number",
        title="Jaon pisteet",
        applies=lambda rules: rules.style != "knock",
        question_fields=(
            Players("players", least=2, most=6),
            Player("winner", "Voittajan (winner)"),
            Player("ask", "Kysytyn pelaajan (ask)"),
            Hands("hands", "Käsi"),
            Flag("rummy", "Rommi (rummy)", optional=True),
            Flags("opened", "Avanneet (opened)", required=lambda rules: rules.scoring == "penalty"),
        ),
        answer_fields=(Points("points", "Pisteet (points)"),),
    )
)
