"""The tests' own rule sets: fixed copies of the presets, independent of scenarios/rules/*.yaml.

A club may change its shipped rule files to any legal values; tests of the engine and the
tools use these instead, so ``./dev test`` keeps passing as long as every scenario holds.
(The values are those the presets had when the tests were written; change them only
together with the tests that rely on them.)
"""

from rommikirja import RuleSet

_PERUSROMMI = dict(
    name="perusrommi",
    decks=1,
    min_players=2,
    max_players=6,
    hand_size={2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
    upcard=True,
    melds_per_turn="any",
    lay_off_before_meld=True,
    final_discard="optional",
    ace="low",
    ace_points=1,
    stock_exhausted="turn_over",
    max_turnovers=0,
    rummy_doubling=True,
    next_dealer_two_players="winner",
    game_end="deals",
    game_deals=4,
    target_score=500,
)
_GIN = dict(
    name="gin",
    style="knock",
    decks=1,
    min_players=2,
    max_players=2,
    hand_size={2: 10},
    upcard=True,
    upcard_offer=True,
    ace="low",
    ace_points=1,
    knock_limit=10,
    gin_bonus=25,
    undercut_bonus=25,
    undercut_on_tie=True,
    void_stock=2,
    next_dealer_two_players="left",
    game_end="target",
    target_score=100,
)
_ROMMI = dict(
    name="rommi",
    style="rummy",
    decks=1,
    min_players=2,
    max_players=6,
    hand_size={2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
    upcard=True,
    first_dealer="lowest_card",
    melds_per_turn="one",
    lay_off_before_meld=True,
    final_discard="required",
    ace="low",
    ace_points=1,
    stock_exhausted="turn_over_keep_top",
    max_turnovers=0,
    scoring="own_hand_minus",
    rummy_doubling=False,
    rommi_claim=False,
    next_dealer_two_players="left",
    game_end="target",
    target_score=500,
)
_ROMMI51 = dict(
    name="rommi51",
    style="rummy",
    decks=2,
    jokers=4,
    max_jokers_per_meld=1,
    joker_points=20,
    min_players=2,
    max_players=4,
    hand_size={2: 14, 3: 14, 4: 14},
    upcard=False,
    opening_points=51,
    opening_pure_run=True,
    melds_per_turn="any",
    lay_off_before_meld=True,
    final_discard="required",
    ace="high_or_low",
    ace_points=11,
    stock_exhausted="turn_over",
    max_turnovers=0,
    scoring="penalty",
    unopened_penalty=100,
    rummy_doubling=False,
    next_dealer_two_players="left",
    game_end="target",
    target_score=500,
)

#: name → RuleSet, like ``tools.scenario.load_rulesets()`` but fixed.
FIXED: dict[str, RuleSet] = {d["name"]: RuleSet.from_mapping(d) for d in (_PERUSROMMI, _GIN, _ROMMI, _ROMMI51)}
