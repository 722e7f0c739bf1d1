"""The pipeline: read a scenario file, set up the deal, run each step by its kind."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rommikirja import Deal, RuleSet, next_dealer, score_deal
from rommikirja.narrate import DEFAULT_NAMES

from ..yamlsrc import LDict, LList, load, line_of
from .context import Ctx, as_int
from .expect import run_expect
from .model import RULES_DIR, SCENARIO_DIR, Scenario, Snapshot
from .moves import play_move
from .rulesets import rules_from
from .setup import read_setup
from .steps import STEP_KINDS

TOP_KEYS = {"source", "game", "title", "section", "options", "players", "setup", "steps", "text",
            "order"}


def load_scenario(path: Path, rulesets: dict[str, RuleSet]) -> Scenario:
    """Parse and play one scenario file. Malformed input raises :class:`SourceError`;
    expectations that do not hold are collected in ``Scenario.failures``."""
    ctx = Ctx(path)
    data = load(path)
    sc = read_header(ctx, path, data, rulesets)
    play(ctx, sc, data)
    return sc


def read_header(ctx: Ctx, path: Path, data: object, rulesets: dict[str, RuleSet]) -> Scenario:
    """The top-level fields (everything but setup and steps) as an unplayed :class:`Scenario`."""
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
    rules = rules_from(options, rulesets[game], ctx.rel, options)
    text = data.get("text", "")
    if not isinstance(text, str):
        raise ctx.err(data.line_of("text"), "text: odotettiin tekstiä (Jinja2-pohja)")
    order = data.get("order", 100)
    return Scenario(path=path, id=path.stem, source=str(data["source"]), game=game,
                    title=str(data["title"]), section=str(data.get("section", "")),
                    order=as_int(ctx, "order")(order, data.line_of("order")),
                    rules=rules, options=dict(options), names=[], text=text,
                    text_line=data.line_of("text") + 1)


def play(ctx: Ctx, sc: Scenario, data: LDict) -> None:
    """Set up the deal (if any), then run every step in order."""
    setup = data.get("setup")
    steps = data["steps"]
    if not isinstance(steps, LList):
        raise ctx.err(data.line_of("steps"), "steps: odotettiin luetteloa vaiheita")
    deal: Deal | None = None
    if setup is not None:
        setup = ctx.mapping(setup, data.line_of("setup"), "setup")
        deal = read_setup(ctx, sc, data, setup)
    else:
        sc.names = list(DEFAULT_NAMES[:2])
    for i, raw in enumerate(steps):
        line = steps.line_of(i)
        step = ctx.mapping(raw, line, "vaihe")
        kind = next((k for k in STEP_KINDS if k in step), None)
        if kind is not None:
            ctx.keys(step, STEP_KINDS[kind].keys, f"{kind}-vaihe")
            sc.steps.append(STEP_KINDS[kind].run(ctx, sc, step))
            continue
        if "expect" in step:
            ctx.keys(step, {"expect"}, "expect-vaihe")
            if deal is None:
                raise ctx.err(line, "expect tarvitsee asetelman (setup)")
            sc.steps.append(run_expect(ctx, sc, deal, ctx.mapping(step["expect"], step.line_of("expect"),
                                                                  "expect")))
            continue
        if deal is None:
            raise ctx.err(line, "siirto tarvitsee asetelman (setup)")
        sc.steps.append(play_move(ctx, sc, deal, step))
    if deal is not None:
        finish(sc, deal)


def finish(sc: Scenario, deal: Deal) -> None:
    """Record the final position, and the outcome and its price when the deal is over."""
    sc.final = Snapshot.of(deal)
    sc.outcome = deal.outcome
    sc.deal = deal
    if deal.outcome is not None:
        sc.score = score_deal(deal.outcome, sc.rules)
        sc.totals_after = tuple(t + p for t, p in zip(sc.totals_before, sc.score.points))
        sc.next_dealer = next_dealer(deal.outcome, sc.rules)


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
