"""Rule statements for the page templates: the Finnish sentence of an option's current value.

Pages must not type a rule in prose: a club that changes an option would keep
reading the old rule. Templates call the globals defined here instead::

    {{ rule("rummy_doubling", r) }}        one option's sentence for rule set r
    {{ rules_list(r, ["ace", "ace_points"]) }}   several, as a Markdown list
    {% if applies("knock_limit", r) %}…{% endif %}

The sentences themselves live beside the options in
:data:`rommikirja.rules.OPTIONS` (engine data, so widgets and narration can use
them too); this module only exposes them and turns a wrong option name into a
build error that names it and lists the known ones.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Iterable

from rommikirja import OPTIONS, RuleSet
from rommikirja.rules import RuleSetError, applies as _applies, other_values, statement

ALLOWLIST = Path(__file__).resolve().parent.parent / "tests" / "statement_allowlist.txt"

__all__ = ["rule", "rules_list", "rule_applies", "template_globals"]


class StatementError(ValueError):
    """A template asked for an option that does not exist, or gave no rule set."""


def _check(option: Any, rules: Any) -> None:
    if not isinstance(rules, RuleSet):
        raise StatementError(f"rule({option!r}, …): toiseksi argumentiksi odotettiin sääntöjä, "
                             f"esim. rulesets[\"perusrommi\"]")
    if option not in OPTIONS:
        raise StatementError(f"rule(): tuntematon sääntö ”{option}”; tunnetut: {', '.join(sorted(OPTIONS))}")


def rule(option: str, rules: RuleSet) -> str:
    """The Finnish rule sentence for ``option``'s value in ``rules``.

    >>> rule("ace_points", RuleSet(ace_points=15))
    'Käteen jääneen ässän arvo on 15 pistettä.'
    """
    _check(option, rules)
    try:
        return statement(option, rules)
    except RuleSetError as err:  # pragma: no cover - statement() only raises for unknown names
        raise StatementError(str(err)) from None


def rule_applies(option: str, rules: RuleSet) -> bool:
    """Whether ``option`` matters in ``rules`` (templates skip the sentence when it does not)."""
    _check(option, rules)
    return _applies(option, rules)


def rules_list(rules: RuleSet, options: Iterable[str]) -> str:
    """A Markdown bullet list of the sentences of those ``options`` that apply in ``rules``.

    >>> print(rules_list(RuleSet(), ["ace", "knock_limit"]))
    - Ässä on suorassa aina pieni: se käy vain kakkosen alapuolelle.
    """
    return "\n".join(f"- {rule(o, rules)}" for o in options if rule_applies(o, rules))


def template_globals() -> dict[str, Any]:
    """What :mod:`tools.build` adds to the page templates' globals."""
    return {"rule": rule, "rules_list": rules_list, "applies": rule_applies}


def _norm(text: str) -> str:
    """The page's reader-visible text on one line (widget JSON and card HTML normalised away)."""
    from .pagediff import normalise
    return re.sub(r"\s+", " ", " ".join(normalise(text)))


def flip_failures(scenarios: list[Any], preset: str) -> dict[tuple[str, str, str], str]:
    """(preset, option, page) → what is wrong, for every option that applies to ``preset``.

    Each other value of the option goes into a copy of the rule set and the preset's page is
    rendered again: it must state the new sentence and not the old one.
    """
    from .build import BuildError, render_pages
    from .presets import page_of
    from .scenario import load_rulesets
    rulesets = load_rulesets()
    rules = rulesets[preset]
    page = page_of(preset)
    original = _norm(render_pages(scenarios, rulesets, only={page})[page])
    failures = {}
    for option in OPTIONS:
        if not _applies(option, rules):
            continue
        old = statement(option, rules)
        problems = []
        moved = False
        if old not in original:
            problems.append("sivu ei kerro sääntöä rule()-lauseena")
        for value in other_values(option, rules):
            try:
                flipped = rules.with_options(**{option: value})
            except RuleSetError:
                continue        # e.g. fewer maximum players than minimum: not a legal rule set
            new = statement(option, flipped)
            if new == old:
                problems.append(f"lause ei muutu arvolla {value}")
                continue
            try:
                text = _norm(render_pages(scenarios, {**rulesets, preset: flipped}, only={page})[page])
            except BuildError as err:
                problems.append(f"sivupohja ei toimi arvolla {value}: {str(err).split(': ', 1)[-1]}")
                continue
            moved = moved or text != original
            if new not in text:
                problems.append(f"arvolla {value} uusi lause puuttuu")
            if old in text:
                problems.append(f"arvolla {value} vanha lause jää sivulle")
        if problems:
            problems.append("sivun teksti muuttuu arvon mukana, mutta lause on kirjoitettu pohjaan käsin"
                            if moved else "sivun teksti ei muutu lainkaan: sääntö on kirjoitettu käsin tai "
                            "sitä ei mainita")
            failures[(preset, option, page)] = "; ".join(dict.fromkeys(problems))
    return failures


def write_allowlist(path: Path = ALLOWLIST) -> int:
    """Write today's failing (preset, option, page) triples with their reasons; return how many."""
    from .scenario import load_rulesets
    from .verify import verify
    scenarios, errors = verify()
    if errors:
        raise SystemExit("skenaariot eivät täsmää; korjaa ne ensin (python -m tools.verify)")
    lines = ["# (preset, option, page) whose page does not yet state the rule with rule();",
             "# tests/test_statements.py allows exactly these. Regenerate: python -m tools.statements",
             "# --allowlist; the list must only shrink as templates switch to rule()/rules_list()."]
    count = 0
    for preset in sorted(load_rulesets()):
        for (p, option, page), reason in sorted(flip_failures(scenarios, preset).items(),
                                                key=lambda kv: list(OPTIONS).index(kv[0][1])):
            lines.append(f"{p} {option} {page}  # {reason}")
            count += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


if __name__ == "__main__":
    if sys.argv[1:] == ["--allowlist"]:
        print(f"{write_allowlist()} riviä: {ALLOWLIST}")
    else:
        print("käyttö: python -m tools.statements --allowlist")
