"""Seeded engine work whose results must be identical under CPython and under Pyodide.

Run with ``RULES`` (the presets as plain data) defined; ``results(n)`` returns a JSON string.
"""

import json
import random

from rommikirja import Deal, LayOff, PlayMeld, RuleSet, best_discard, best_opening, score_deal, standard_deck
from rommikirja.app.computer import Computer
from rommikirja.games import new_deal

from rommikirja.practice import question, solution

PRACTICE = [
    ("pisteet", "perusrommi"),
    ("pisteet", "rommi"),
    ("pisteet", "rommi51"),
    ("kelpaako", "perusrommi"),
    ("lisaa", "perusrommi"),
    ("jarjesta", "gin"),
    ("koputus", "gin"),
    ("nostopakka", "perusrommi"),
    ("nostopakka", "rommi"),
    ("avaus", "rommi51"),
]


def one(seed, rules_data):
    slot = seed % (len(PRACTICE) + 4)
    if slot < len(PRACTICE):
        kind, game = PRACTICE[slot]
        q = question(kind, seed, rules_data[game])
        return {"q": q, "s": solution(q)}
    rng = random.Random(seed)
    if slot == len(PRACTICE):
        rules = RuleSet.from_mapping({**rules_data["perusrommi"], "max_turnovers": 2})
        deal = Deal.new(rules, 2 + seed % 5, dealer=seed % 2, seed=seed)
        while not deal.is_over:
            moves = deal.legal_moves()
            eager = [m for m in moves if isinstance(m, (PlayMeld, LayOff))]
            deal.play(rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(moves))
        return {
            "deal": [[c.code for c in h] for h in deal.outcome.hands],
            "points": list(score_deal(deal.outcome, rules).points),
            "turns": deal.turns,
        }
    if slot == len(PRACTICE) + 1:
        a = best_discard(rng.sample(standard_deck(), 11), (), RuleSet())
        return {"gin": [a.discard.code, a.deadwood_points, [[c.code for c in m] for m in a.melds]]}
    if slot == len(PRACTICE) + 3:
        # the computer players' decisions: the same seed, the same moves
        game = ("gin", "perusrommi", "rommi", "rommi51")[seed // (len(PRACTICE) + 4) % 4]
        rules = RuleSet.from_mapping(rules_data[game])
        deal = new_deal(rules, 2, dealer=seed % 2, seed=seed)
        bots = [Computer("taitava", seed=seed), Computer("aloittelija" if seed % 3 else "satunnainen", seed=seed)]
        moves = []
        while not deal.is_over and len(moves) < 120:
            move = bots[deal.turn].choose(deal)
            deal.play(move)
            moves.append(move.to_step(("Aino", "Eero")))
        return {"computer": [game, moves, deal.is_over]}
    rules = RuleSet.from_mapping(rules_data["rommi51"])
    hand = rng.sample(standard_deck(2, 4), 15)
    o = best_opening(hand, rules)
    return {"open": None if o is None else [o.points, [[c.code for c in m.cards] for m in o.melds]]}


def results(n, rules_data):
    return json.dumps([one(seed, rules_data) for seed in range(n)], ensure_ascii=False, sort_keys=True)
