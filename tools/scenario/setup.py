"""The ``setup:`` of a scenario: players, hands, stock, discard, table → a :class:`Deal`."""
from __future__ import annotations

from rommikirja import Deal, IllegalMove, Meld, check_meld, deal_type
from rommikirja.narrate import DEFAULT_NAMES

from ..yamlsrc import LDict, LList
from .context import Ctx, as_int, per_player, player_index
from .model import Scenario, Snapshot

SETUP_KEYS = {"dealer", "turn", "hands", "stock", "discard", "table", "has_played", "totals",
              "deals_played", "phase", "opened"}


def read_setup(ctx: Ctx, sc: Scenario, data: LDict, setup: LDict) -> Deal:
    """Check ``setup`` and build the starting deal; sets ``sc.names``, totals and ``sc.initial``."""
    ctx.keys(setup, SETUP_KEYS, "setup")
    if "hands" not in setup:
        raise ctx.err(setup.line, "setup: puuttuu kenttä ”hands” (pelaajien kädet)")
    hands_raw = setup["hands"]
    if not isinstance(hands_raw, LList) or not 2 <= len(hands_raw) <= 6:
        raise ctx.err(setup.line_of("hands"), "hands: odotettiin 2–6 kättä, yksi luettelo "
                                              "pelaajaa kohden")
    n = len(hands_raw)
    names = data.get("players")
    if names is None:
        sc.names = list(DEFAULT_NAMES[:n])
    else:
        if not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names) \
                or len(set(names)) != n:
            raise ctx.err(data.line_of("players"), f"players: odotettiin {n} eri nimeä "
                                                   "(yksi kättä kohden)")
        sc.names = list(names)
    if not sc.rules.min_players <= n <= sc.rules.max_players:
        raise ctx.err(setup.line_of("hands"), f"pelissä {sc.game} on {sc.rules.min_players}–"
                                              f"{sc.rules.max_players} pelaajaa, asetelmassa {n}")
    hands = [ctx.cards(h, hands_raw.line_of(i), f"hands[{i}]") for i, h in enumerate(hands_raw)]
    stock = ctx.cards(setup.get("stock", []), setup.line_of("stock"), "stock")
    discard = ctx.cards(setup.get("discard", []), setup.line_of("discard"), "discard")
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
        cards = ctx.cards(item["cards"], item.line_of("cards"), "table.cards")
        bad = check_meld(cards, sc.rules)
        if bad is not None:
            raise ctx.err(item.line_of("cards"), f"pöydän yhdistelmä ei kelpaa: {bad.message}")
        table.append((owner, Meld.from_cards(cards, sc.rules)))
    turn = player_index(ctx, sc.names, setup["turn"], setup.line_of("turn")) if "turn" in setup else 0
    dealer = (player_index(ctx, sc.names, setup["dealer"], setup.line_of("dealer"))
              if "dealer" in setup else None)
    played = []
    for key in ("has_played", "opened"):      # "opened" (Rommi 51) is the same fact under its own name
        raw = setup.get(key, [])
        if not isinstance(raw, list):
            raise ctx.err(setup.line_of(key), f"{key}: odotettiin luetteloa nimiä")
        played += [player_index(ctx, sc.names, p, setup.line_of(key)) for p in raw]
    if "totals" in setup:
        tot = per_player(ctx, sc.names, setup["totals"], setup.line_of("totals"), "totals",
                         as_int(ctx, "totals"))
        sc.totals_before = tuple(tot.get(i, 0) for i in range(n))
    else:
        sc.totals_before = (0,) * n
    if "deals_played" in setup:
        sc.deals_played = as_int(ctx, "deals_played")(setup["deals_played"], setup.line_of("deals_played"))
    extra = {}
    if "phase" in setup:
        extra["phase"] = setup["phase"]
    try:
        deal = deal_type(sc.rules).from_position(sc.rules, hands, stock=stock, discard=discard, table=table,
                                                 dealer=dealer, turn=turn, has_played=played, **extra)
    except TypeError:
        raise ctx.err(setup.line_of("phase"), f"phase: pelissä {sc.game} ei ole vaiheita") from None
    except IllegalMove as err:
        raise ctx.err(setup.line, f"asetelma ei kelpaa: {err.message}") from None
    sc.initial = Snapshot.of(deal)
    return deal
