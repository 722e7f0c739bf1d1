"""The peers of the gin figures in :mod:`tools.bench` (``--peers``): OpenSpiel's ``gin_rummy``
(C++) and RLCard's gin rummy, when they are importable (a separate virtual environment, see README)."""

from __future__ import annotations

import random
from typing import Callable

from rommikirja.solver import best_discard_mask, mask_of

from .bench_harness import cycling


def peer_workloads(hands11: list[list], hands10: list[list]) -> tuple[dict[str, Callable[[int], int]], list[str]]:
    """The OpenSpiel and RLCard workloads that can be imported here (and what could not)."""
    out: dict[str, Callable[[int], int]] = {}
    missing = []
    ints11 = [[c._index for c in h] for h in hands11]  # OpenSpiel's card ints: suit * 13 + rank - 1
    try:
        import pyspiel
    except ImportError:
        missing.append("open_spiel")
    else:
        game = pyspiel.load_game("gin_rummy")
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        seed = [0]

        def os_deals(n: int) -> int:
            for _ in range(n):
                seed[0] += 1
                rng = random.Random(seed[0])
                s = game.new_initial_state()
                while not s.is_terminal():
                    if s.is_chance_node():
                        s.apply_action(rng.choice(s.chance_outcomes())[0])
                    else:
                        s.apply_action(rng.choice(s.legal_actions()))
            return n

        def os_exact(hand: list[int]) -> int:
            return min(utils.min_deadwood(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))

        out["openspiel deals"] = os_deals
        out["openspiel one-call"] = cycling(ints11, utils.min_deadwood)
        out["openspiel exact x11"] = cycling(ints11, os_exact)
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils
    except ImportError:
        missing.append("rlcard")
    else:
        rl_deck = rl_utils.get_deck()  # card id = suit * 13 + rank - 1 (suits S H D C)
        rl10 = [[rl_deck[c._index] for c in h] for h in hands10]
        rseed = [0]

        def rl_deals(n: int) -> int:
            for _ in range(n):
                rseed[0] += 1
                rng = random.Random(rseed[0])
                g = GinRummyGame()
                g.np_random = np.random.RandomState(rseed[0])
                g.init_game()
                while not g.is_over():
                    g.step(rng.choice(g.judge.get_legal_actions()))
            return n

        out["rlcard deals"] = rl_deals
        out["rlcard arrangement"] = cycling(rl10, melding.get_best_meld_clusters)
    return out, missing


def check_peer_agreement(hands11: list[list]) -> str:
    """Our exact best discard against OpenSpiel's exact figure (min over 11 calls) and its
    one-call figure: how many hands agree (a sanity check of the comparison itself)."""
    try:
        import pyspiel
    except ImportError:
        return ""
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    exact = one = 0
    for h in hands11:
        ints = [c._index for c in h]
        ours = best_discard_mask(mask_of(h), 0, 1)[0]  # OpenSpiel's gin: the ace is worth 1
        exact += ours == min(utils.min_deadwood(ints[:i] + ints[i + 1 :]) for i in range(11))
        one += ours == utils.min_deadwood(ints)
    return f"agreement on {len(hands11)} hands: OpenSpiel exact x11 {exact}, OpenSpiel one-call {one}"
