"""Event kinds are a closed set: every kind has its Finnish sentence, and the deals of every game
make events of those kinds only (own rule sets, not the shipped presets)."""

import random

import pytest

from fixed_rules import FIXED
from rommikirja.cards import parse_card
from rommikirja.app.computer import Computer
from rommikirja.games import new_deal
from rommikirja.moves import Event, EventKind
from rommikirja.narrate import NARRATION, narrate_event

NAMES = ["Aino", "Eero", "Kaisa", "Olli"]


def test_every_event_kind_has_its_sentence():
    assert set(NARRATION) == set(EventKind)
    seven, eight = parse_card("7H"), parse_card("8H")
    for kind in EventKind:
        text = narrate_event(Event(1, kind, (seven, eight), 0), NAMES, ["herttaseiska, herttakasi"])
        assert (
            text.endswith((".", "!"))
            and len(text.split()) >= 3
            and text != f"Eero: {kind.value}"
            and "None" not in text
        ), (kind, text)


def test_an_unknown_kind_is_not_narrated_silently():
    with pytest.raises(KeyError):
        narrate_event(Event(0, "taikatemppu"), NAMES)


@pytest.mark.parametrize("game", sorted(FIXED))
def test_deals_make_events_of_the_closed_set_only(game):
    rules = FIXED[game]
    seen = set()
    for seed in range(12):
        players = min(rules.max_players, 2 + seed % 3)  # (gin: two)
        deal = new_deal(rules, players, seed=seed)
        bots = [Computer("taitava", seed=seed + p) for p in range(players)]
        rng = random.Random(seed)
        turns = 0
        while not deal.is_over and turns < 400:
            move = bots[deal.turn].choose(deal) if rng.random() < 0.8 else rng.choice(list(deal.legal_moves()))
            deal.play(move)
            turns += 1
        for event in deal.events:
            assert isinstance(event.kind, EventKind), event
            narrate_event(event, NAMES, style=rules.style)
            seen.add(event.kind)
    assert {EventKind.DISCARD, EventKind.DRAW_STOCK} <= seen
