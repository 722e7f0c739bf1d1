"""The sentence checks of one scenario: its text and its example box rendered as the pages show
them, then checked by :mod:`tools.sentences` (arithmetic, phrasing) and for player names without
case forms. Above :mod:`tools.templating`, which renders; :mod:`tools.sentences` stays below it."""
from __future__ import annotations

from typing import Any

from rommikirja.rules import OPTIONS

from .sentences import arithmetic_problems, check_player_names, clean_text, phrasing_problems
from .templating import make_env, render_scenario_text
from .yamlsrc import SourceError

_ENV: list = []


def render_example(sc: Any) -> str:
    """The scenario's example box as the pages show it (``templates/_example.md.j2``)."""
    if not _ENV:                      # one environment: the box template is compiled once
        _ENV.append(make_env())
    env = _ENV[0]
    return env.get_template("_example.md.j2").render(sc=sc, text=render_scenario_text(sc, env),
                                                     options=OPTIONS)


def check_scenario_sentences(sc: Any) -> list[SourceError]:
    """False arithmetic in a scenario's text and example box, and names without case forms."""
    errors = check_player_names(sc)
    if errors or not getattr(sc, "ok", True):
        return errors
    try:
        rendered = render_scenario_text(sc) if sc.text else ""
        box = render_example(sc)
    except Exception:          # check_template reports render errors with their lines
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
