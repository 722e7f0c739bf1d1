"""The sentence checks of one scenario: its text and its example box rendered as the pages show
them, then checked by :mod:`tools.sentences` (arithmetic, phrasing) and for player names without
case forms. Above :mod:`tools.scenario_text`, which renders; :mod:`tools.sentences` stays below it."""

from __future__ import annotations

from typing import Any

from .scenario_text import render_example as render_box, render_scenario_text
from .sentences import arithmetic_problems, check_player_names, clean_text, phrasing_problems
from .template_env import make_env
from .yamlsrc import SourceError

_ENV: list = []


def render_example(sc: Any) -> str:
    """The scenario's example box as the pages show it (``templates/_example.md.j2``)."""
    if not _ENV:  # one environment: the box template is compiled once
        _ENV.append(make_env())
    return render_box(sc, _ENV[0])


def check_scenario_sentences(sc: Any) -> list[SourceError]:
    """False arithmetic in a scenario's text and example box, and names without case forms."""
    errors = check_player_names(sc)
    if errors or not getattr(sc, "ok", True):
        return errors
    try:
        rendered = render_scenario_text(sc) if sc.text else ""
        box = render_example(sc)
    except Exception:  # check_template reports render errors with their lines
        return errors
    template_lines = sc.text.strip("\n").count("\n") + 1
    seen = set()
    clean = clean_text(rendered)
    for line, message in arithmetic_problems(clean) + phrasing_problems(clean):
        at = sc.text_line + line - 1 if line <= template_lines else sc.text_line
        errors.append(SourceError(sc.rel, at, f"text: {message}"))
        seen.add(message)
    clean = clean_text(box)
    for line, message in arithmetic_problems(clean) + phrasing_problems(clean):
        if message not in seen:
            errors.append(SourceError(sc.rel, 1, f"esimerkkilaatikko (templates/_example.md.j2): {message}"))
    return errors
