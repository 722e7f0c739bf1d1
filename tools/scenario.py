"""Scenario files: parse, run through the engine, and check what must follow.

A scenario is one worked example (see ``scenarios/README.md`` for the format).
Every problem — bad YAML, an unknown card or option, a missing field, an
expectation the engine does not meet — becomes a :class:`SourceError` naming
the file and line; nothing here lets a traceback reach the rule editor.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from rommikirja import (DISCARD, STOCK, Card, CardParseError, Claim, Deal, Discard, Draw, IllegalMove,
                        Knock, LayOff, Meld, MisDraw, Move, Open, Pass, PlayMeld, RejectExposed, RuleSet,
                        RuleSetError, check_meld, cut_for_dealer, deal_type, next_dealer, score_deal)
from rommikirja.opening import best_opening
from rommikirja.solver import best_arrangement, best_discard
from rommikirja.melds import waiting_cards
from rommikirja.cards import parse_card
from rommikirja.deal import Outcome
from rommikirja.finnish import cards_text
from rommikirja.narrate import DEFAULT_NAMES, describe_move, narrate_event
from rommikirja.scoring import DealScore, GameTotals

from .yamlsrc import LDict, LList, SourceError, load, line_of

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = ROOT / "scenarios"
RULES_DIR = SCENARIO_DIR / "rules"

TOP_KEYS = {"source", "game", "title", "section", "options", "players", "setup", "steps", "text",
            "order"}
SETUP_KEYS = {"dealer", "turn", "hands", "stock", "discard", "table", "has_played", "totals",
              "deals_played", "phase", "opened"}
MOVE_KEYS = {"draw", "meld", "lay_off", "discard", "pass", "knock", "claim", "misdraw", "reject_exposed",
             "open"}
STEP_EXTRA = {"onto", "refused", "melds"}
EXPECT_KEYS = {"over", "winner", "rummy", "points", "hand_values", "totals", "next_dealer", "turn",
               "hand", "hand_size", "stock", "stock_size", "discard", "table", "options",
               "game_over", "leaders", "legal", "not_legal", "reason", "result", "deadwood",
               "layoffs", "defender_melds", "scorer"}


# ---------------------------------------------------------------------------------------------
# rule sets

def load_rulesets(directory: Path = RULES_DIR) -> dict[str, RuleSet]:
    """Every preset in ``scenarios/rules/*.yaml``, checked against the engine's options."""
    raw: dict[str, tuple[Path, LDict]] = {}
    for path in sorted(directory.glob("*.yaml")):
        data = load(path)
        if not isinstance(data, LDict):
            raise SourceError(path, line_of(data, 1), "odotettiin sääntöjä avain: arvo -muodossa")
        name = data.get("name")
        if not isinstance(name, str):
            raise SourceError(path, data.line, "puuttuu kenttä name (pelin nimi)")
        raw[name] = (path, data)
    out: dict[str, RuleSet] = {}

    def build(name: str, chain: tuple[str, ...] = ()) -> RuleSet:
        if name in out:
            return out[name]
        path, data = raw[name]
        base = RuleSet()
        if "base" in data:
            parent = data["base"]
            if parent not in raw or parent in chain:
                raise SourceError(path, data.line_of("base"), f"tuntematon pohjasääntö ”{parent}”")
            base = build(parent, chain + (name,))
        options = {k: v for k, v in data.items() if k != "base"}
        out[name] = _rules_from(options, base, path, data)
        return out[name]

    for name in raw:
        build(name)
    return out


def _rules_from(options: dict, base: RuleSet, path: str | Path, data: LDict) -> RuleSet:
    try:
        return RuleSet.from_mapping(options, base=base)
    except RuleSetError as err:
        line = data.line_of(err.option) if isinstance(data, LDict) else None
        raise SourceError(path, line, f"sääntö {err}") from None


# ---------------------------------------------------------------------------------------------
# results

@dataclass(frozen=True)
class Snapshot:
    """A position as plain values: hands, stock (top first), discard (bottom first), table."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    table: tuple[tuple[int, Meld], ...]        # a Meld iterates over its cards
    turn: int
    dealer: int

    @classmethod
    def of(cls, deal: Deal) -> "Snapshot":
        return cls(tuple(tuple(h) for h in deal.hands), tuple(reversed(deal.stock)),
                   tuple(deal.discard), tuple((tm.owner, tm.meld) for tm in deal.table),
                   deal.turn, deal.dealer)


@dataclass
class Step:
    """One step of a scenario and what the engine made of it."""

    line: int
    kind: str                      # "move", "check", "expect"
    player: int | None = None
    move: Move | None = None
    refused: IllegalMove | None = None
    sentences: list[str] = field(default_factory=list)
    cards: tuple[Card, ...] = ()   # for "check"
    valid: bool | None = None
    meld: Meld | None = None
    options: dict = field(default_factory=dict)   # for "expect": rule overrides used for pricing
    score: DealScore | None = None
    after: Snapshot | None = None
    facts: dict = field(default_factory=dict)     # for "deal" and "waits" steps


@dataclass
class Scenario:
    """A parsed and played scenario."""

    path: Path
    id: str
    source: str
    game: str
    title: str
    section: str
    order: int
    rules: RuleSet
    options: dict
    names: list[str]
    text: str
    text_line: int
    initial: Snapshot | None = None
    final: Snapshot | None = None
    steps: list[Step] = field(default_factory=list)
    outcome: Outcome | None = None
    score: DealScore | None = None
    totals_before: tuple[int, ...] = ()
    deals_played: int = 0
    totals_after: tuple[int, ...] = ()
    next_dealer: int | None = None
    failures: list[SourceError] = field(default_factory=list)
    deal: Deal | None = None

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def rel(self) -> str:
        try:
            return str(self.path.relative_to(ROOT))
        except ValueError:
            return str(self.path)

    @property
    def refusals(self) -> list[Step]:
        return [s for s in self.steps if s.refused is not None]

    @property
    def checks(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "check"]

    @property
    def deals(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "deal"]

    @property
    def openings(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "opening"]

    @property
    def cuts(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "cut"]

    @property
    def arranges(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "arrange"]

    @property
    def waits(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "waits"]

    @property
    def priced(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "expect" and s.score is not None]


# ---------------------------------------------------------------------------------------------
# parsing helpers

class _Ctx:
    def __init__(self, path: Path) -> None:
        self.path = path

    def err(self, line: int | None, message: str) -> SourceError:
        return SourceError(self._rel(), line, message)

    def _rel(self) -> str:
        try:
            return str(self.path.resolve().relative_to(ROOT))
        except ValueError:
            return str(self.path)

    def card(self, value: Any, line: int) -> Card:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        try:
            return parse_card(value)
        except CardParseError as e:
            raise self.err(line, str(e)) from None

    def cards(self, value: Any, line: int, what: str) -> tuple[Card, ...]:
        if isinstance(value, str):
            return tuple(self.card(t, line) for t in value.split())
        if not isinstance(value, list):
            raise self.err(line, f"{what}: odotettiin korttiluetteloa, esim. [7H, 8H, 9H]")
        lines = value.lines if isinstance(value, LList) else [line] * len(value)
        return tuple(self.card(v, ln) for v, ln in zip(value, lines))

    def keys(self, data: LDict, allowed: set[str], what: str) -> None:
        for key in data:
            if key not in allowed:
                raise self.err(data.line_of(key), f"{what}: tuntematon kenttä ”{key}”; sallitut: "
                                                  f"{', '.join(sorted(allowed))}")

    def mapping(self, value: Any, line: int, what: str) -> LDict:
        if not isinstance(value, LDict):
            raise self.err(line_of(value, line), f"{what}: odotettiin avain: arvo -kenttiä")
        return value


def _player_index(ctx: _Ctx, names: list[str], value: Any, line: int) -> int:
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise ctx.err(line, f"tuntematon pelaaja ”{value}”; pelaajat: {', '.join(names)}")


def _per_player(ctx: _Ctx, names: list[str], value: Any, line: int, what: str,
                convert: Callable[[Any, int], Any]) -> dict[int, Any]:
    """A per-player value: a list in seat order, or a mapping name → value."""
    if isinstance(value, LList):
        if len(value) != len(names):
            raise ctx.err(line, f"{what}: odotettiin {len(names)} arvoa (yksi pelaajaa kohden), "
                                f"saatiin {len(value)}")
        return {i: convert(v, value.line_of(i)) for i, v in enumerate(value)}
    if isinstance(value, LDict):
        return {_player_index(ctx, names, k, value.line_of(k)): convert(v, value.line_of(k))
                for k, v in value.items()}
    raise ctx.err(line, f"{what}: odotettiin luetteloa pelaajien järjestyksessä tai "
                        "nimi: arvo -kenttiä")


def _int(ctx: _Ctx, what: str) -> Callable[[Any, int], int]:
    def conv(v: Any, line: int) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ctx.err(line, f"{what}: odotettiin kokonaislukua, saatiin ”{v}”")
        return v
    return conv


def _bool(ctx: _Ctx, value: Any, line: int, what: str) -> bool:
    if not isinstance(value, bool):
        raise ctx.err(line, f"{what}: odotettiin true tai false, saatiin ”{value}”")
    return value


# ---------------------------------------------------------------------------------------------
# loading and running

def load_scenario(path: Path, rulesets: dict[str, RuleSet]) -> Scenario:
    """Parse and play one scenario file. Malformed input raises :class:`SourceError`;
    expectations that do not hold are collected in ``Scenario.failures``."""
    ctx = _Ctx(path)
    data = load(path)
    if not isinstance(data, LDict):
        raise ctx.err(line_of(data, 1), "odotettiin skenaariota avain: arvo -muodossa")
    ctx.keys(data, TOP_KEYS, "skenaario")
    for key in ("source", "game", "title", "steps"):
        if key not in data:
            raise ctx.err(data.line, f"puuttuu pakollinen kenttä ”{key}”")
    game = data["game"]
    if game not in rulesets:
        raise ctx.err(data.line_of("game"), f"tuntematon peli ”{game}”; tunnetut: "
                                            f"{', '.join(sorted(rulesets))}")
    options = data.get("options") or LDict()
    options = ctx.mapping(options, data.line_of("options"), "options")
    rules = _rules_from(options, rulesets[game], ctx._rel(), options)
    text = data.get("text", "")
    if not isinstance(text, str):
        raise ctx.err(data.line_of("text"), "text: odotettiin tekstiä (Jinja2-pohja)")
    order = data.get("order", 100)
    sc = Scenario(path=path, id=path.stem, source=str(data["source"]), game=game,
                  title=str(data["title"]), section=str(data.get("section", "")),
                  order=_int(ctx, "order")(order, data.line_of("order")),
                  rules=rules, options=dict(options), names=[], text=text,
                  text_line=data.line_of("text") + 1)
    _play(ctx, sc, data)
    return sc


def _play(ctx: _Ctx, sc: Scenario, data: LDict) -> None:
    setup = data.get("setup")
    steps = data["steps"]
    if not isinstance(steps, LList):
        raise ctx.err(data.line_of("steps"), "steps: odotettiin luetteloa vaiheita")
    deal: Deal | None = None
    if setup is not None:
        setup = ctx.mapping(setup, data.line_of("setup"), "setup")
        deal = _setup(ctx, sc, data, setup)
    else:
        sc.names = list(DEFAULT_NAMES[:2])
    for i, raw in enumerate(steps):
        line = steps.line_of(i)
        step = ctx.mapping(raw, line, "vaihe")
        if "check" in step:
            ctx.keys(step, {"check", "valid", "reason"}, "check-vaihe")
            sc.steps.append(_check(ctx, sc, step))
            continue
        if "deal" in step:
            ctx.keys(step, {"deal", "expect"}, "deal-vaihe")
            sc.steps.append(_fresh_deal(ctx, sc, step))
            continue
        if "opening" in step:
            ctx.keys(step, {"opening", "expect"}, "opening-vaihe")
            sc.steps.append(_opening(ctx, sc, step))
            continue
        if "cut" in step:
            ctx.keys(step, {"cut", "expect"}, "cut-vaihe")
            sc.steps.append(_cut(ctx, sc, step))
            continue
        if "arrange" in step:
            ctx.keys(step, {"arrange", "expect", "forbidden"}, "arrange-vaihe")
            sc.steps.append(_arrange(ctx, sc, step))
            continue
        if "waits" in step:
            ctx.keys(step, {"waits", "expect"}, "waits-vaihe")
            sc.steps.append(_waits(ctx, sc, step))
            continue
        if "expect" in step:
            ctx.keys(step, {"expect"}, "expect-vaihe")
            if deal is None:
                raise ctx.err(line, "expect tarvitsee asetelman (setup)")
            sc.steps.append(_expect(ctx, sc, deal, ctx.mapping(step["expect"], step.line_of("expect"),
                                                               "expect")))
            continue
        if deal is None:
            raise ctx.err(line, "siirto tarvitsee asetelman (setup)")
        sc.steps.append(_move(ctx, sc, deal, step))
    if deal is not None:
        sc.final = Snapshot.of(deal)
        sc.outcome = deal.outcome
        sc.deal = deal
        if deal.outcome is not None:
            sc.score = score_deal(deal.outcome, sc.rules)
            sc.totals_after = tuple(t + p for t, p in zip(sc.totals_before, sc.score.points))
            sc.next_dealer = next_dealer(deal.outcome, sc.rules)


def _setup(ctx: _Ctx, sc: Scenario, data: LDict, setup: LDict) -> Deal:
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
        owner = _player_index(ctx, sc.names, item["owner"], item.line_of("owner"))
        cards = ctx.cards(item["cards"], item.line_of("cards"), "table.cards")
        bad = check_meld(cards, sc.rules)
        if bad is not None:
            raise ctx.err(item.line_of("cards"), f"pöydän yhdistelmä ei kelpaa: {bad.message}")
        table.append((owner, Meld.from_cards(cards, sc.rules)))
    turn = _player_index(ctx, sc.names, setup["turn"], setup.line_of("turn")) if "turn" in setup else 0
    dealer = (_player_index(ctx, sc.names, setup["dealer"], setup.line_of("dealer"))
              if "dealer" in setup else None)
    played = []
    for key in ("has_played", "opened"):      # "opened" (Rommi 51) is the same fact under its own name
        raw = setup.get(key, [])
        if not isinstance(raw, list):
            raise ctx.err(setup.line_of(key), f"{key}: odotettiin luetteloa nimiä")
        played += [_player_index(ctx, sc.names, p, setup.line_of(key)) for p in raw]
    if "totals" in setup:
        tot = _per_player(ctx, sc.names, setup["totals"], setup.line_of("totals"), "totals",
                          _int(ctx, "totals"))
        sc.totals_before = tuple(tot.get(i, 0) for i in range(n))
    else:
        sc.totals_before = (0,) * n
    if "deals_played" in setup:
        sc.deals_played = _int(ctx, "deals_played")(setup["deals_played"], setup.line_of("deals_played"))
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


def _parse_move(ctx: _Ctx, step: LDict, names: Sequence[str] = ()) -> tuple[Move, int]:
    kinds = [k for k in MOVE_KEYS if k in step]
    ctx.keys(step, MOVE_KEYS | STEP_EXTRA, "siirto")
    if len(kinds) != 1:
        raise ctx.err(step.line, "vaiheessa on oltava yksi siirto: draw, meld, lay_off tai discard "
                                 "(tai check / expect)")
    kind = kinds[0]
    line = step.line_of(kind)
    value = step[kind]
    if kind == "pass":
        return Pass(), line
    if kind == "reject_exposed":
        return RejectExposed(), line
    if kind == "open":
        if not isinstance(value, LList) or not value:
            raise ctx.err(line, "open: odotettiin luetteloa yhdistelmiä, esim. [[7H, 8H, 9H], [KS, KC, KD]]")
        return Open(tuple(ctx.cards(m, value.line_of(i), "open") for i, m in enumerate(value))), line
    if kind == "misdraw":
        return MisDraw(_player_index(ctx, list(names), value, line)), line
    if kind == "claim":
        if "onto" not in step:
            raise ctx.err(line, "claim: kerro onto-kentässä, mihin pöydän yhdistelmään kortti sopii")
        return Claim(_player_index(ctx, list(names), value, line),
                     _int(ctx, "onto")(step["onto"], step.line_of("onto"))), line
    if kind == "knock":
        melds = None
        if "melds" in step:
            raw = step["melds"]
            if not isinstance(raw, LList):
                raise ctx.err(step.line_of("melds"), "melds: odotettiin luetteloa korttiluetteloita")
            melds = tuple(ctx.cards(m, raw.line_of(i), "melds") for i, m in enumerate(raw))
        return Knock(ctx.card(value, line), melds), line
    if kind == "draw":
        if value not in (STOCK, DISCARD):
            raise ctx.err(line, f"draw: odotettiin stock tai discard, saatiin ”{value}”")
        return Draw(value), line
    if kind == "discard":
        return Discard(ctx.card(value, line)), line
    cards = ctx.cards(value, line, kind)
    if kind == "meld":
        return PlayMeld(cards), line
    if "onto" not in step:
        raise ctx.err(line, "lay_off: kerro onto-kentässä, mihin pöydän yhdistelmään (0 = ensimmäinen)")
    onto = _int(ctx, "onto")(step["onto"], step.line_of("onto"))
    return LayOff(cards, onto), line


def _move(ctx: _Ctx, sc: Scenario, deal: Deal, step: LDict) -> Step:
    move, line = _parse_move(ctx, step, sc.names)
    player = getattr(move, "player", deal.turn)
    table_texts = [cards_text(tm.meld.cards) for tm in deal.table]
    expected_refusal = step.get("refused")
    st = Step(line=line, kind="move", player=player, move=move)
    events_before = len(deal.events)
    try:
        deal.play(move)
    except IllegalMove as err:
        st.refused = err
        reason = getattr(err, "detail", None) or err.message.rstrip(".")
        st.sentences.append(f"{sc.names[player]} ei voi {describe_move(move, table_texts, True)}: "
                            f"{reason[0].lower()}{reason[1:]}.")
        if expected_refusal is None:
            sc.failures.append(ctx.err(line, f"siirto {describe_move(move, table_texts)} hylättiin: "
                                             f"{err.message} ({err.code})"))
        elif expected_refusal != err.code:
            sc.failures.append(ctx.err(step.line_of("refused"),
                                       f"odotettiin hylkäystä {expected_refusal}, moottori hylkäsi "
                                       f"syystä {err.code}: {err.message}"))
    else:
        if expected_refusal is not None:
            sc.failures.append(ctx.err(step.line_of("refused"),
                                       f"odotettiin hylkäystä {expected_refusal}, mutta moottori "
                                       f"hyväksyi siirron ({describe_move(move, table_texts)})"))
        for ev in deal.events[events_before:]:
            st.sentences.append(narrate_event(ev, sc.names, table_texts))
    st.after = Snapshot.of(deal)
    return st


def _check(ctx: _Ctx, sc: Scenario, step: LDict) -> Step:
    cards = ctx.cards(step["check"], step.line_of("check"), "check")
    err = check_meld(cards, sc.rules)
    st = Step(line=step.line_of("check"), kind="check", cards=cards, valid=err is None)
    if err is None:
        st.meld = Meld.from_cards(cards, sc.rules)
    else:
        st.refused = err
    if "valid" in step:
        want = _bool(ctx, step["valid"], step.line_of("valid"), "valid")
        if want != st.valid:
            got = "kelpaa" if st.valid else f"ei kelpaa: {err.message}"
            sc.failures.append(ctx.err(step.line_of("valid"),
                                       f"odotettiin {'kelpaavaa' if want else 'hylättyä'} yhdistelmää "
                                       f"{cards_text(cards)}; moottori: {got}"))
    if "reason" in step:
        if err is None or err.code != step["reason"]:
            sc.failures.append(ctx.err(step.line_of("reason"),
                                       f"odotettiin syytä {step['reason']}, moottori antoi "
                                       f"{err.code if err else 'ei syytä (kelpaa)'}"))
    return st


def _fresh_deal(ctx: _Ctx, sc: Scenario, step: LDict) -> Step:
    """A newly shuffled deal: how many cards go where, and who starts."""
    spec = ctx.mapping(step["deal"], step.line_of("deal"), "deal")
    ctx.keys(spec, {"players", "dealer", "seed"}, "deal")
    players = _int(ctx, "players")(spec.get("players"), spec.line_of("players"))
    dealer = _int(ctx, "dealer")(spec.get("dealer", 0), spec.line_of("dealer"))
    seed = _int(ctx, "seed")(spec.get("seed", 0), spec.line_of("seed"))
    try:
        deal = deal_type(sc.rules).new(sc.rules, players, dealer=dealer, seed=seed)
    except IllegalMove as err:
        raise ctx.err(spec.line, f"deal: {err.message}") from None
    names = list(DEFAULT_NAMES[:players])
    st = Step(line=step.line_of("deal"), kind="deal", after=Snapshot.of(deal))
    st.facts = {"players": players, "hand_size": len(deal.hands[0]), "stock_size": len(deal.stock),
                "discard_size": len(deal.discard), "dealer": dealer, "turn": deal.turn,
                "cards": len(deal.all_cards()), "names": names}
    exp = step.get("expect")
    if exp is not None:
        exp = ctx.mapping(exp, step.line_of("expect"), "expect")
        ctx.keys(exp, {"hand_size", "stock_size", "discard_size", "turn", "cards"}, "deal.expect")
        for key, want in exp.items():
            line = exp.line_of(key)
            want = _int(ctx, key)(want, line)
            got = st.facts[key]
            if want != got:
                sc.failures.append(ctx.err(line, f"{key}: odotettiin {want}, moottori antoi {got}"))
    return st


def _opening(ctx: _Ctx, sc: Scenario, step: LDict) -> Step:
    """Can this hand open (Rommi 51), and with which melds? The best opening by points."""
    cards = ctx.cards(step["opening"], step.line_of("opening"), "opening")
    if len(set(cards)) != len(cards):
        raise ctx.err(step.line_of("opening"), "opening: sama kortti on mukana kahdesti")
    opening = best_opening(cards, sc.rules)
    # the best total available, also below the limit (how far the hand is from opening)
    best = opening or best_opening(cards, sc.rules.with_options(opening_points=1))
    st = Step(line=step.line_of("opening"), kind="opening", cards=cards)
    st.facts = {"opening": opening, "best": best, "can_open": opening is not None,
                "points": best.points if best else 0}
    if "expect" in step:
        exp = ctx.mapping(step["expect"], step.line_of("expect"), "expect")
        ctx.keys(exp, {"can_open", "points", "melds"}, "opening.expect")
        for key, want in exp.items():
            line = exp.line_of(key)
            if key == "can_open":
                want = _bool(ctx, want, line, key)
                got = st.facts[key]
            elif key == "points":
                want = _int(ctx, key)(want, line)
                got = st.facts[key]
            else:
                if not isinstance(want, LList):
                    raise ctx.err(line, "melds: odotettiin luetteloa korttiluetteloita")
                want = sorted(sorted(c.sort_key for c in ctx.cards(m, want.line_of(i), "melds"))
                              for i, m in enumerate(want))
                got = sorted(sorted(c.sort_key for c in m.cards) for m in opening.melds) if opening else []
                if want != got:
                    sc.failures.append(ctx.err(line, "melds: odotettiin "
                                               f"{_fmt(step['expect']['melds'])}, moottori antoi "
                                               f"{_fmt([list(m.cards) for m in opening.melds] if opening else [])}"))
                continue
            if want != got:
                sc.failures.append(ctx.err(line, f"{key}: odotettiin {_fmt(want)}, moottori antoi {_fmt(got)}"))
    return st


def _cut(ctx: _Ctx, sc: Scenario, step: LDict) -> Step:
    """Drawing for the first dealer: everyone draws a card, the lowest deals."""
    spec = ctx.mapping(step["cut"], step.line_of("cut"), "cut")
    ctx.keys(spec, {"players", "seed"}, "cut")
    players = _int(ctx, "players")(spec.get("players"), spec.line_of("players"))
    if not 2 <= players <= 6:
        raise ctx.err(spec.line_of("players"), "players: odotettiin 2–6")
    rounds, dealer = cut_for_dealer(players, _int(ctx, "seed")(spec.get("seed", 0), spec.line_of("seed")))
    names = list(DEFAULT_NAMES[:players])
    st = Step(line=step.line_of("cut"), kind="cut")
    st.facts = {"rounds": rounds, "dealer": dealer, "names": names}
    if "expect" in step:
        exp = ctx.mapping(step["expect"], step.line_of("expect"), "expect")
        ctx.keys(exp, {"dealer", "rounds"}, "cut.expect")
        if "dealer" in exp:
            want = _player_index(ctx, names, exp["dealer"], exp.line_of("dealer"))
            if want != dealer:
                sc.failures.append(ctx.err(exp.line_of("dealer"), f"dealer: odotettiin {names[want]}, "
                                                                  f"moottori antoi {names[dealer]}"))
        if "rounds" in exp and _int(ctx, "rounds")(exp["rounds"], exp.line_of("rounds")) != len(rounds):
            sc.failures.append(ctx.err(exp.line_of("rounds"), f"rounds: odotettiin {exp['rounds']}, "
                                                              f"moottori antoi {len(rounds)}"))
    return st


def _arrange(ctx: _Ctx, sc: Scenario, step: LDict) -> Step:
    """The best arrangement of a hand: melds and deadwood; for 11 cards also the best discard."""
    cards = ctx.cards(step["arrange"], step.line_of("arrange"), "arrange")
    if len(set(cards)) != len(cards):
        raise ctx.err(step.line_of("arrange"), "arrange: sama kortti on mukana kahdesti")
    forbidden = ctx.cards(step.get("forbidden", []), step.line_of("forbidden"), "forbidden")
    arr = best_discard(cards, forbidden) if len(cards) == 11 else best_arrangement(cards)
    st = Step(line=step.line_of("arrange"), kind="arrange", cards=cards)
    st.facts = {"arrangement": arr, "deadwood": arr.deadwood_points,
                "can_knock": arr.deadwood_points <= sc.rules.knock_limit, "gin": arr.is_gin,
                "discard": arr.discard}
    if "expect" in step:
        exp = ctx.mapping(step["expect"], step.line_of("expect"), "expect")
        ctx.keys(exp, {"deadwood", "can_knock", "gin", "discard", "melds"}, "arrange.expect")
        for key, want in exp.items():
            line = exp.line_of(key)
            got = st.facts.get(key)
            if key == "discard":
                want = ctx.card(want, line)
            elif key == "melds":
                if not isinstance(want, LList):
                    raise ctx.err(line, "melds: odotettiin luetteloa korttiluetteloita")
                want = sorted(sorted(c.sort_key for c in ctx.cards(m, want.line_of(i), "melds"))
                              for i, m in enumerate(want))
                got = sorted(sorted(c.sort_key for c in m) for m in arr.melds)
                if want != got:
                    sc.failures.append(ctx.err(line, f"melds: odotettiin {_fmt(step['expect']['melds'])}, "
                                                     f"moottori antoi {_fmt([list(m) for m in arr.melds])}"))
                continue
            elif key == "deadwood":
                want = _int(ctx, key)(want, line)
            else:
                want = _bool(ctx, want, line, key)
            if want != got:
                sc.failures.append(ctx.err(line, f"{key}: odotettiin {_fmt(want)}, moottori antoi {_fmt(got)}"))
    return st


def _waits(ctx: _Ctx, sc: Scenario, step: LDict) -> Step:
    """Which single cards would complete the given cards into a meld."""
    cards = ctx.cards(step["waits"], step.line_of("waits"), "waits")
    got = tuple(waiting_cards(cards, sc.rules))
    st = Step(line=step.line_of("waits"), kind="waits", cards=cards)
    st.facts = {"completes": got}
    if "expect" in step:
        want = ctx.cards(step["expect"], step.line_of("expect"), "expect")
        if set(want) != set(got):
            sc.failures.append(ctx.err(step.line_of("expect"),
                                       f"odotettiin täydentäviä kortteja {_fmt(list(want))}, moottori "
                                       f"antoi {_fmt(list(got))}"))
    return st


def _fmt(value: Any) -> str:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items()) + "}"
    if value is None:
        return "ei kukaan"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _expect(ctx: _Ctx, sc: Scenario, deal: Deal, exp: LDict) -> Step:
    ctx.keys(exp, EXPECT_KEYS, "expect")
    st = Step(line=exp.line, kind="expect")
    rules = sc.rules
    if "options" in exp:
        opts = ctx.mapping(exp["options"], exp.line_of("options"), "options")
        rules = _rules_from(opts, sc.rules, ctx._rel(), opts)
        st.options = dict(opts)
    names = sc.names
    n = deal.players
    outcome = deal.outcome
    score = score_deal(outcome, rules) if outcome is not None else None
    st.score = score

    def fail(key: str, want: Any, got: Any) -> None:
        sc.failures.append(ctx.err(exp.line_of(key), f"{key}: odotettiin {_fmt(want)}, "
                                                     f"moottori antoi {_fmt(got)}"))

    def need_outcome(key: str) -> bool:
        if outcome is None:
            sc.failures.append(ctx.err(exp.line_of(key), f"{key}: jako ei ole päättynyt, joten "
                                                         "tulosta ei ole"))
            return False
        return True

    def name_or_none(value: Any, line: int) -> int | None:
        return None if value is None else _player_index(ctx, names, value, line)

    for key, want in exp.items():
        line = exp.line_of(key)
        if key == "options":
            continue
        if key == "over":
            want = _bool(ctx, want, line, key)
            if deal.is_over != want:
                fail(key, want, deal.is_over)
        elif key == "winner":
            w = name_or_none(want, line)
            if need_outcome(key) and score.scorer != w:
                fail(key, want, None if score.scorer is None else names[score.scorer])
        elif key == "reason":
            if need_outcome(key) and score.kind != want:
                fail(key, want, score.kind)
        elif key == "result":
            if need_outcome(key) and score.kind != want:
                fail(key, want, score.kind)
        elif key == "scorer":
            w = name_or_none(want, line)
            if need_outcome(key) and score.scorer != w:
                fail(key, want, None if score.scorer is None else names[score.scorer])
        elif key in ("layoffs", "defender_melds"):
            if not isinstance(want, LList):
                raise ctx.err(line, f"{key}: odotettiin luetteloa korttiluetteloita")
            if not need_outcome(key):
                continue
            defender = getattr(outcome, "defender", None)
            if defender is None:
                fail(key, "koputus", "ei koputusta")
                continue
            got_sets = ([cs for cs, _ in defender.layoffs] if key == "layoffs" else list(defender.melds))
            wanted = sorted(sorted(c.sort_key for c in ctx.cards(v, want.line_of(i), key))
                            for i, v in enumerate(want))
            if wanted != sorted(sorted(c.sort_key for c in cs) for cs in got_sets):
                fail(key, [list(ctx.cards(v, want.line_of(i), key)) for i, v in enumerate(want)],
                     [list(cs) for cs in got_sets])
        elif key == "rummy":
            want = _bool(ctx, want, line, key)
            if need_outcome(key) and getattr(outcome, "rummy", False) != want:
                fail(key, want, getattr(outcome, "rummy", False))
        elif key in ("points", "hand_values", "totals", "deadwood"):
            table = _per_player(ctx, names, want, line, key, _int(ctx, key))
            if not need_outcome(key):
                continue
            if key == "points":
                got = score.points
            elif key in ("hand_values", "deadwood"):
                got = score.hand_values
            else:
                got = tuple(t + p for t, p in zip(sc.totals_before, score.points))
            for i, v in table.items():
                if got[i] != v:
                    fail(key, {names[j]: table[j] for j in table}, {names[j]: got[j] for j in table})
                    break
        elif key in ("game_over", "leaders"):
            if not need_outcome(key):
                continue
            totals = GameTotals.start(n, sc.totals_before, sc.deals_played).add(score.points)
            if key == "game_over":
                want = _bool(ctx, want, line, key)
                if totals.is_over(rules) != want:
                    fail(key, want, totals.is_over(rules))
            else:
                if not isinstance(want, list):
                    raise ctx.err(line, "leaders: odotettiin luetteloa nimiä")
                w = sorted(_player_index(ctx, names, x, line) for x in want)
                if list(totals.leaders()) != w:
                    fail(key, want, [names[i] for i in totals.leaders()])
        elif key == "next_dealer":
            w = _player_index(ctx, names, want, line)
            if need_outcome(key):
                got = next_dealer(outcome, rules)
                if got != w:
                    fail(key, want, names[got])
        elif key == "turn":
            w = _player_index(ctx, names, want, line)
            if deal.turn != w:
                fail(key, want, names[deal.turn])
        elif key == "hand":
            table = _per_player(ctx, names, want, line, key,
                                lambda v, ln: ctx.cards(v, ln, "hand"))
            for i, cards in table.items():
                if sorted(c.sort_key for c in cards) != sorted(c.sort_key for c in deal.hands[i]):
                    fail(key, {names[i]: list(cards)}, {names[i]: list(deal.hands[i])})
        elif key == "hand_size":
            table = _per_player(ctx, names, want, line, key, _int(ctx, key))
            for i, size in table.items():
                if len(deal.hands[i]) != size:
                    fail(key, {names[i]: size}, {names[i]: len(deal.hands[i])})
        elif key == "stock":
            cards = ctx.cards(want, line, key)
            got = tuple(reversed(deal.stock))[:len(cards)]
            if got != cards:
                fail(key, list(cards), list(got))
        elif key == "stock_size":
            if len(deal.stock) != _int(ctx, key)(want, line):
                fail(key, want, len(deal.stock))
        elif key == "discard":
            cards = ctx.cards(want, line, key)
            if tuple(deal.discard) != cards:
                fail(key, list(cards), list(deal.discard))
        elif key == "table":
            if not isinstance(want, LList):
                raise ctx.err(line, "table: odotettiin luetteloa korttiluetteloita")
            wanted = [ctx.cards(v, want.line_of(i), "table") for i, v in enumerate(want)]
            got = [tm.meld.cards for tm in deal.table]
            if [sorted(c.sort_key for c in m) for m in wanted] != \
                    [sorted(c.sort_key for c in m) for m in got]:
                fail(key, [list(m) for m in wanted], [list(m) for m in got])
        elif key in ("legal", "not_legal"):
            if not isinstance(want, LList):
                raise ctx.err(line, f"{key}: odotettiin luetteloa siirtoja")
            legal = deal.legal_moves()
            for i, item in enumerate(want):
                mv, _ = _parse_move(ctx, ctx.mapping(item, want.line_of(i), key), names)
                is_legal = _in_legal(mv, legal)
                if is_legal != (key == "legal"):
                    sc.failures.append(ctx.err(want.line_of(i),
                                               f"{key}: siirto {describe_move(mv)} on moottorin mukaan "
                                               f"{'sallittu' if is_legal else 'kielletty'}"))
    return st


def _in_legal(move: Move, legal: list[Move]) -> bool:
    """Compare moves ignoring the order of cards in a meld or lay-off."""
    def norm(m: Move) -> Any:
        if isinstance(m, (PlayMeld, LayOff)):
            return (type(m), frozenset(m.cards), getattr(m, "target", None))
        return m
    return norm(move) in {norm(m) for m in legal}


def scenario_paths(paths: Sequence[str | Path] = ()) -> list[Path]:
    """The scenario files named (files or folders); by default all of ``scenarios/``."""
    roots = [Path(p) for p in paths] or [SCENARIO_DIR]
    found: list[Path] = []
    for root in roots:
        if root.is_dir():
            found.extend(p for p in sorted(root.rglob("*.yaml"))
                         if RULES_DIR not in p.resolve().parents)
        else:
            found.append(root)
    return found
