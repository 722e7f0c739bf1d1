"""Rule statements for the page templates: the Finnish sentence of an option's current value.

Pages must not type a rule in prose: a club that changes an option would keep
reading the old rule. Templates call the globals defined here instead::

    {{ rule("rummy_doubling", r) }}        one option's sentence for rule set r
    {{ rules_list(r, ["ace", "ace_points"]) }}   several, as a Markdown list
    {% if applies("knock_limit", r) %}…{% endif %}

The sentences themselves live beside the options in
:data:`rommikirja.rules.OPTIONS` (engine data, so widgets and narration can use
them too); this module exposes them and turns a wrong option name into a
build error that names it and lists the known ones. The test that binds pages to rule sets
(:func:`tools.statements.check_flips`) sits above the page library; this module below it.
"""

from __future__ import annotations

from typing import Any, Iterable

from rommikirja import OPTIONS, RuleSet
from rommikirja.rules import RuleSetError, applies as _applies, statement

__all__ = ["StatementError", "rule", "rule_applies", "rules_list", "template_globals"]


class StatementError(ValueError):
    """A template asked for an option that does not exist, or gave no rule set."""


def _check(option: Any, rules: Any) -> None:
    if not isinstance(rules, RuleSet):
        raise StatementError(
            f"rule({option!r}, …): toiseksi argumentiksi odotettiin sääntöjä, esim. rulesets[\"perusrommi\"]"
        )
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
    """What :mod:`tools.pages` adds to the page templates' globals."""
    return {"rule": rule, "rules_list": rules_list, "applies": rule_applies}
