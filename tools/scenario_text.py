"""What a scenario's explanation reads (:func:`scenario_context`, ``s``: :class:`ScenarioFacts`) and
the explanation rendered (:func:`render_scenario_text`), alone or in its example box
(:func:`render_example`)."""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup

from rommikirja.explain import score_lines
from rommikirja.rules import OPTIONS
from rommikirja.scoring import hand_value
from rommikirja.solver import best_arrangement

from .cardfaces import line_html
from .credit import club_computed
from .sandbox import LIMITS, as_code, render_limited
from .textcache import compile_text


def scenario_context(sc: Any) -> dict[str, Any]:
    """What a scenario's explanation template can use (all values computed by the engine)."""
    names = sc.names
    out = sc.outcome
    return {
        "s": ScenarioFacts(sc),
        "names": names,
        "rules": sc.rules,
        "start": sc.initial,
        "end": sc.final,
        "outcome": out,
        "score": sc.score,
        "refusals": sc.refusals,
        "checks": sc.checks,
        "priced": sc.priced,
        "deals": sc.deals,
        "waits": sc.waits,
        "winner": (names[sc.score.scorer] if sc.score is not None and sc.score.scorer is not None else None),
        "points": lambda c: sc.rules.card_points(c.rank),
        "values": lambda cards: [sc.rules.card_points(c.rank) for c in cards],
        "value": lambda cards: hand_value(cards, sc.rules),
        "hand": lambda i: sc.initial.hands[i] if sc.initial else (),
        "final_hand": lambda i: sc.final.hands[i] if sc.final else (),
        "arrange": lambda cards: best_arrangement(cards, sc.rules),
        "end_melds": [tm.meld for tm in sc.deal.table] if sc.deal is not None else [],
        "laid_off": [c for cards, _ in getattr(getattr(out, "defender", None), "layoffs", ()) for c in cards],
    }


class ScenarioFacts:
    """``s`` in a scenario text: the played scenario's documented facts only (no file path, no
    parsed file, no text, no methods), read-only."""

    __slots__ = ("_sc",)
    #: What ``s`` gives (scenarios/README.md: *koko skenaario*).
    FIELDS = frozenset(
        {
            "title",
            "game",
            "section",
            "source",
            "names",
            "rules",
            "options",
            "steps",
            "initial",
            "final",
            "outcome",
            "score",
            "totals_before",
            "totals_after",
            "deals_played",
            "next_dealer",
            "refusals",
            "checks",
            "deals",
            "openings",
            "cuts",
            "arranges",
            "waits",
            "priced",
        }
    )

    def __init__(self, sc: Any) -> None:
        object.__setattr__(self, "_sc", sc)

    #: Fields that are codes of the program (``own``, ``perusrommi``): compared, never printed.
    CODES = frozenset({"source", "game"})

    def __getattr__(self, name: str) -> Any:
        if name in ScenarioFacts.FIELDS:
            value = getattr(object.__getattribute__(self, "_sc"), name)
            if name in ScenarioFacts.CODES:
                return as_code(value)
            if name == "options" and isinstance(value, dict):
                return {k: as_code(v) for k, v in value.items()}  # {ace: low}: low is a code
            return value
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(name)


def render_scenario_text(sc: Any, env: jinja2.Environment | None = None) -> Markup:
    """The scenario's explanation as Markdown (``env`` is ignored: texts have their own sandbox)."""
    if not sc.text:
        return Markup("")  # nothing to compile: an empty template renders as nothing
    tpl = compile_text(sc)
    # Rendered once per scenario: verify's text check, the sentence check, the example box and
    # the build all show the same text of the same played scenario (all of it is set when the
    # scenario is loaded). A failed rendering is not kept: it fails again with its error.
    done = getattr(sc, "_rendered_text", None)
    if done is not None and done[0] is tpl:
        return done[1]
    text = render_limited(tpl, scenario_context(sc), LIMITS["text_chars"], LIMITS["text_seconds"], LIMITS["text_made"])
    result = Markup(text.strip())
    try:
        sc._rendered_text = (tpl, result)
    except AttributeError:  # an object without attributes of its own: no reuse
        pass
    return result


def render_example(sc: Any, env: jinja2.Environment) -> str:
    """The scenario's example box as the pages show it (``templates/_example.md.j2`` in ``env``,
    a page environment): one function for the build and for verify's sentence check. The box
    reads the score explanation from the engine (:func:`rommikirja.explain.score_lines`, each
    line drawn by :func:`tools.cardfaces.line_html`)."""
    return env.get_template("_example.md.j2").render(
        sc=sc,
        text=render_scenario_text(sc, env),
        options=OPTIONS,
        score_lines=score_lines,
        score_line=line_html,
        club_rules=club_computed(sc),
    )
