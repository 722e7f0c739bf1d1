"""The ``setup:`` of a scenario: players, hands, stock, discard, table → a :class:`Deal`."""

from __future__ import annotations

import inspect

from rommikirja import Deal, IllegalMove, Meld, check_meld, deal_type
from rommikirja.narrate import DEFAULT_NAMES

from ..yamlsrc import LDict, LList
from .context import LIMITS, Ctx, as_int, as_str, deck_cards, deck_of, per_player, player_index, player_name
from .model import Scenario, Snapshot
from .piles import PILE_KEYS, fill_piles

SETUP_KEYS = {
    "dealer",
    "turn",
    "hands",
    "stock",
    "discard",
    "table",
    "has_played",
    "totals",
    "deals_played",
    "phase",
    "opened",
} | set(PILE_KEYS)


def read_setup(ctx: Ctx, sc: Scenario, data: LDict, setup: LDict) -> Deal:
    """Check ``setup`` and build the starting deal; sets ``sc.names``, totals and ``sc.initial``."""
    ctx.keys(setup, SETUP_KEYS, "setup")
    if "hands" not in setup:
        raise ctx.err(setup.line, "setup: puuttuu kenttä ”hands” (pelaajien kädet)")
    hands_raw = setup["hands"]
    if not isinstance(hands_raw, LList) or not 2 <= len(hands_raw) <= 6:
        raise ctx.err(setup.line_of("hands"), "hands: odotettiin 2–6 kättä, yksi luettelo pelaajaa kohden")
    n = len(hands_raw)
    names = data.get("players")
    if names is None:
        sc.names = list(DEFAULT_NAMES[:n])
    else:
        if not isinstance(names, LList) or len(names) != n or len(set(map(str, names))) != n:
            raise ctx.err(data.line_of("players"), f"players: odotettiin {n} eri nimeä (yksi kättä kohden)")
        sc.names = [player_name(ctx, x, names.line_of(i)) for i, x in enumerate(names)]
    if not sc.rules.min_players <= n <= sc.rules.max_players:
        raise ctx.err(
            setup.line_of("hands"),
            f"pelissä {sc.game} on {sc.rules.min_players}–{sc.rules.max_players} pelaajaa, asetelmassa {n}",
        )
    rules = sc.rules
    deck = len(deck_of(rules))
    hands = [
        deck_cards(ctx, h, hands_raw.line_of(i), f"hands[{i}]", rules, LIMITS["hand"]) for i, h in enumerate(hands_raw)
    ]
    stock = deck_cards(ctx, setup.get("stock", []), setup.line_of("stock"), "stock", rules, deck)
    discard = deck_cards(ctx, setup.get("discard", []), setup.line_of("discard"), "discard", rules, deck)
    table = []
    table_raw = setup.get("table", LList())
    if not isinstance(table_raw, list):
        raise ctx.err(setup.line_of("table"), "table: odotettiin luetteloa yhdistelmiä")
    for i, item in enumerate(table_raw):
        line = table_raw.line_of(i)
        item = ctx.mapping(item, line, "table")
        ctx.keys(item, {"owner", "cards"}, "table")
        if "owner" not in item or "cards" not in item:
            raise ctx.err(line, "table: yhdistelmällä on oltava owner (pelaaja) ja cards (kortit)")
        owner = player_index(ctx, sc.names, item["owner"], item.line_of("owner"))
        cards = deck_cards(ctx, item["cards"], item.line_of("cards"), "table.cards", rules, LIMITS["check"])
        bad = check_meld(cards, sc.rules)
        if bad is not None:
            raise ctx.err(item.line_of("cards"), f"pöydän yhdistelmä ei kelpaa: {bad.message}")
        table.append((owner, Meld.from_cards(cards, sc.rules)))
    turn = player_index(ctx, sc.names, setup["turn"], setup.line_of("turn")) if "turn" in setup else 0
    dealer = player_index(ctx, sc.names, setup["dealer"], setup.line_of("dealer")) if "dealer" in setup else None
    played = []
    for key in ("has_played", "opened"):  # "opened" (Rommi 51) is the same fact under its own name
        raw = setup.get(key, [])
        if not isinstance(raw, list):
            raise ctx.err(setup.line_of(key), f"{key}: odotettiin luetteloa nimiä")
        played += [player_index(ctx, sc.names, p, setup.line_of(key)) for p in raw]
    if "totals" in setup:
        tot = per_player(ctx, sc.names, setup["totals"], setup.line_of("totals"), "totals", as_int(ctx, "totals"))
        sc.totals_before = tuple(tot.get(i, 0) for i in range(n))
    else:
        sc.totals_before = (0,) * n
    if "deals_played" in setup:
        sc.deals_played = as_int(ctx, "deals_played")(setup["deals_played"], setup.line_of("deals_played"))
    extra = {}
    make = deal_type(sc.rules).from_position
    if "phase" in setup:
        if "phase" not in inspect.signature(make).parameters:
            raise ctx.err(setup.line_of("phase"), f"phase: pelissä {sc.game} ei ole vaiheita")
        extra["phase"] = as_str(ctx, setup["phase"], setup.line_of("phase"), "phase")
    placed = (
        [(hands_raw.line_of(i), h) for i, h in enumerate(hands)]
        + [(setup.line_of("stock"), stock), (setup.line_of("discard"), discard)]
        + [(table_raw.line_of(i), m.cards) for i, (_, m) in enumerate(table)]
    )
    seen: set = set()
    for line, cards in placed:
        for c in cards:
            if c in seen:
                raise ctx.err(line, f"asetelma ei kelpaa: kortti {c.code} on asetelmassa kahdesti")
            seen.add(c)
    table_cards = [c for _, m in table for c in m.cards]
    stock, discard, sc.piles = fill_piles(ctx, setup, rules, hands, table_cards, stock, discard)
    try:
        deal = make(
            sc.rules,
            hands,
            stock=stock,
            discard=discard,
            table=table,
            dealer=dealer,
            turn=turn,
            has_played=played,
            **extra,
        )
    except IllegalMove as err:
        raise ctx.err(setup.line, f"asetelma ei kelpaa: {err.message}") from None
    sc.initial = Snapshot.of(deal)
    return deal
