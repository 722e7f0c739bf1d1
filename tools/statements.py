"""The test that binds pages to rule sets. The page templates state rules through
:mod:`tools.rule_text` (``rule()``, ``rules_list()``, ``applies()``, re-exported here); this
module holds the flip test (:func:`check_flips`): flip an option, re-render, and the page must
state the new sentence, drop the old one, and keep no typed sentence that still *claims* the old
value (:data:`~tools.claims.CLAIMS`, phrase patterns kept in :mod:`tools.claims` beside the
options, re-exported here; marked ``muunnelma`` passages and example boxes are exempt).
``python -m tools.statements --allowlist`` writes today's failures.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Callable

from rommikirja import OPTIONS, RuleSet
from rommikirja.rules import RuleSetError, applies as _applies, other_values, statement

from .claims import CLAIMS, NO_CLAIMS, Claim, claims
from .pages import BuildError, render_pages
from .pagetext import normalise
from .rule_text import StatementError, _check, rule, rule_applies, rules_list, template_globals  # noqa: F401

ALLOWLIST = Path(__file__).resolve().parent.parent / "tests" / "statement_allowlist.txt"

__all__ = [
    "read_allowlist",
    "write_allowlist",
    "rule",
    "rules_list",
    "rule_applies",
    "template_globals",
    "CLAIMS",
    "NO_CLAIMS",
    "Claim",
    "claims",
    "stale_claims",
    "check_flips",
    "flip_failures",
]


def _norm(text: str) -> str:
    """The page's reader-visible text on one line (widget JSON and card HTML normalised away)."""
    return re.sub(r"\s+", " ", " ".join(normalise(text)))


#: Passages a claim check skips: the example boxes (``??? example``: their facts are checked by
#: verify against the scenario) and clearly marked variants or house rules, written in a page
#: template as a Material admonition of type ``muunnelma``::
#:
#:     !!! muunnelma "Kotisääntö: rommi tuplaa"
#:         Joissakin kerhoissa rommi tuplaa pisteet.
#:
#: (rendered as a box titled as the template says, so a reader sees it is not the rule). Where a
#: box does not fit (a table of variants under a "Muunnelmat" heading), the passage goes between
#: ``<!-- muunnelma -->`` and ``<!-- /muunnelma -->`` lines; its heading must say it is a variant.
#: Two more regions are skipped the same way, each under a heading that says what it is: a table
#: of what the *sources* say (``<!-- lähteet -->`` … ``<!-- /lähteet -->``, under "Lähteiden erot")
#: and a comparison with *another game's* rules (``<!-- vertailu -->`` … ``<!-- /vertailu -->``).
_VARIANT_REGION = re.compile(r"<!-- (muunnelma|lähteet|vertailu) -->.*?<!-- /\1 -->", re.S)
_SKIPPED_BLOCK = re.compile(
    r"^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?) (?:example|muunnelma)\b.*\n"
    r"(?:(?:(?P=indent)(?:    |\t).*)?\n)*",
    re.M,
)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def drop_columns(page: str, foreign: set[str]) -> str:
    """``page`` with the columns of its Markdown tables that state another game's rules left out:
    a comparison table (a preset's "Erot pohjapeliin": *Sääntö | Perusrommi | Kerhon rommi*)
    whose header cell is one of ``foreign`` (lower-case game titles). That column states the
    other game's value, not this page's rule."""
    if not foreign:
        return page
    out, drop = [], None
    for line in page.split("\n"):
        if not line.lstrip().startswith("|"):
            drop = None
            out.append(line)
            continue
        cells = _cells(line)
        if drop is None:  # a table's header row
            drop = {i for i, c in enumerate(cells) if _title_word(c) in foreign}
        if drop:
            line = "| " + " | ".join(c for i, c in enumerate(cells) if i not in drop) + " |"
        out.append(line)
    return "\n".join(out)


def claim_sentences(page: str, foreign: set[str] = frozenset()) -> list[str]:
    """The sentences of a rendered page that the claim check reads (``foreign``: the titles of
    other games, whose columns in a comparison table are left out, see :func:`drop_columns`)."""
    return normalise(_SKIPPED_BLOCK.sub("\n", drop_columns(_VARIANT_REGION.sub("\n", page), set(foreign))))


def stale_claims(
    page: str, option: str, old_value: Any, old_rules: RuleSet, foreign: set[str] = frozenset()
) -> list[str]:
    """Sentences of ``page`` that still state ``option = old_value``."""
    found = claims(option, old_value, old_rules)
    return [s for s in claim_sentences(page, foreign) if any(c.matches(s) for c in found)]


def shared_pages(preset: str) -> list[str]:
    """Other pages that state ``preset``'s rules (their template reads ``rulesets["<preset>"]``),
    such as the front page and the glossary."""
    from .presets import PAGES, page_of

    own = page_of(preset)
    pattern = re.compile(r"""rulesets\[\s*["']""" + re.escape(preset) + r"""["']\s*\]""")
    found = {
        tpl.name[: -len(".j2")]
        for tpl in PAGES.glob("*.md.j2")
        if not tpl.name.startswith("_")
        and tpl.name[: -len(".j2")] != own
        and pattern.search(tpl.read_text(encoding="utf-8"))
    }
    # a page whose notes compare it with ``preset`` (notes ``base:``) states its rules too
    from .notes import compared_with

    found.update(page_of(game) for game in compared_with(preset) if page_of(game) != own)
    return sorted(found)


def _title_word(title: str) -> str:
    return re.sub(r"\s*\(.*\)\s*$", "", title).strip().lower()


def mentions(preset: str) -> tuple[str, list[str]] | None:
    """How a sentence on a shared page names ``preset`` (a regex), and the other presets' names
    to blank out first; None when the preset's name is part of another's (*Rommi* in *Rommi 51*),
    so that a sentence cannot be told to be about it."""
    from .presets import preset_meta

    titles = {name: _title_word(p.title) for name, p in preset_meta().items()}
    mine = titles.get(preset, preset.lower())
    others = [t for n, t in titles.items() if n != preset]
    if not mine or any(mine in t for t in others):
        return None
    return r"\b" + re.escape(mine), sorted((t for t in others if t not in mine), key=len, reverse=True)


def _about(sentence: str, mention: tuple[str, list[str]]) -> bool:
    """Whether ``sentence`` (on a shared page) is about the preset. A table row is about the game
    its first cell names: the front-page row of a club's game says "Kuten Perusrommi" and then
    the club game's rules, so it is not about perusrommi."""
    text = sentence.lower()
    if text.lstrip().startswith("|"):
        first = _cells(text)[0]
        if not re.search(mention[0], first) and any(other in first for other in mention[1]):
            return False
    for other in mention[1]:
        text = text.replace(other, " ")
    return bool(re.search(mention[0], text))


def _foreign_titles(preset: str) -> set[str]:
    """The other presets' titles (lower case, as :func:`_title_word` gives them)."""
    from .presets import preset_meta

    return {_title_word(p.title) for name, p in preset_meta().items() if name != preset}


# ---------------------------------------------------------------------------------------------
# the flip test

#: The two checks of a flip, as named in the allow-list: the rule sentence (``lause``) and typed
#: prose still stating the old value (``väite``).
STATEMENT, CLAIM = "lause", "väite"

Renderer = Callable[[dict], str]


def check_flips(
    scenarios: list[Any], preset: str, rulesets: dict | None = None, render: Renderer | None = None
) -> dict[tuple[str, str, str, str], str]:
    """(preset, option, page, check) → what is wrong, for every option that applies to ``preset``.

    Each other value of the option goes into a copy of the rule set and the preset's page is
    rendered again. ``lause``: the page must state the new sentence and not the old one.
    ``väite``: no sentence of the page (outside example boxes and ``muunnelma`` passages) may
    still make a claim of the old value (:data:`CLAIMS`); nor may a sentence that names the
    preset on a page shared by several games (:func:`shared_pages`: front page, glossary).
    ``render`` (rule sets → page text) and ``rulesets`` replace the real page and presets (tests
    use a tiny fixed page; shared pages are then not read).
    """
    from .presets import page_of
    from .scenario import load_rulesets

    rulesets = rulesets if rulesets is not None else load_rulesets()
    page = page_of(preset)
    shared: list[str] = []
    mention = None
    foreign: set[str] = set()
    if render is None:
        mention = mentions(preset)
        foreign = _foreign_titles(preset)
        shared = shared_pages(preset) if mention else []

        def render(sets: dict) -> str:
            rendered_shared.clear()
            pages = render_pages(scenarios, sets, only={page, *shared})
            rendered_shared.update((p, pages[p]) for p in shared)
            return pages[page]

    rendered_shared: dict[str, str] = {}
    rules = rulesets[preset]
    original = _norm(render(rulesets))
    failures = {}
    for option in OPTIONS:
        if not _applies(option, rules):
            continue
        old = statement(option, rules)
        old_value = getattr(rules, option)
        problems, stale = [], []
        moved = False
        if old not in original:
            problems.append("sivu ei kerro sääntöä rule()-lauseena")
        for value in other_values(option, rules):
            try:
                flipped = rules.with_options(**{option: value})
            except RuleSetError:
                continue  # e.g. fewer maximum players than minimum: not a legal rule set
            new = statement(option, flipped)
            if new == old:
                problems.append(f"lause ei muutu arvolla {value}")
                continue
            try:
                raw = render({**rulesets, preset: flipped})
            except BuildError as err:
                problems.append(f"sivupohja ei toimi arvolla {value}: {str(err).split(': ', 1)[-1]}")
                continue
            text = _norm(raw)
            moved = moved or text != original
            if new not in text:
                problems.append(f"arvolla {value} uusi lause puuttuu")
            if old in text:
                problems.append(f"arvolla {value} vanha lause jää sivulle")
            for sentence in stale_claims(raw, option, old_value, rules, foreign):
                stale.append(f"arvolla {value} sivulla lukee yhä vanha sääntö: ”{sentence[:160]}”")
            for other, other_raw in rendered_shared.items():
                for sentence in stale_claims(other_raw, option, old_value, rules):
                    if _about(sentence, mention):
                        stale.append(f"arvolla {value} sivulla {other} lukee yhä vanha sääntö: ”{sentence[:160]}”")
        if problems:
            problems.append(
                "sivun teksti muuttuu arvon mukana, mutta lause on kirjoitettu pohjaan käsin"
                if moved
                else "sivun teksti ei muutu lainkaan: sääntö on kirjoitettu käsin tai sitä ei mainita"
            )
            failures[(preset, option, page, STATEMENT)] = "; ".join(dict.fromkeys(problems))
        if stale:
            failures[(preset, option, page, CLAIM)] = "; ".join(dict.fromkeys(stale))
    return failures


def flip_failures(scenarios: list[Any], preset: str) -> dict[tuple[str, str, str], str]:
    """(preset, option, page) → what is wrong with the rule sentence (the ``lause`` check of
    :func:`check_flips`)."""
    return {k[:3]: v for k, v in check_flips(scenarios, preset).items() if k[3] == STATEMENT}


def read_allowlist(path: Path = ALLOWLIST) -> dict[tuple[str, str, str, str], str]:
    """(preset, option, page, check) → reason; a line without a check names the ``lause`` check."""
    out = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line, _, reason = raw.partition("#")
        fields = line.split()
        if fields:
            if len(fields) == 3:
                fields.append(STATEMENT)
            preset, option, page, check = fields
            out[(preset, option, page, check)] = reason.strip()
    return out


#: How a ``väite`` line's reason starts: typed prose the page template still has (the templates are
#: being converted to rule()/rules_list() and ``muunnelma`` passages).
CLAIM_REASON = "sivupohjan proosa sanoo yhä vanhan arvon (muunnos kesken)"


def write_allowlist(path: Path = ALLOWLIST) -> int:
    """Write today's failing (preset, option, page[, check]) lines with their reasons; return how many."""
    from .scenario import load_rulesets
    from .verify import verify

    scenarios, errors = verify()
    if errors:
        raise SystemExit("skenaariot eivät täsmää; korjaa ne ensin (python -m tools.verify)")
    lines = [
        "# (preset, option, page) whose page does not yet state the rule with rule();",
        "# (preset, option, page, väite): typed prose on the page still states the old value after a flip",
        "# (tools/statements.py CLAIMS). tests/test_statements.py allows exactly these. Regenerate:",
        "# python -m tools.statements --allowlist; the list must only shrink as templates switch to",
        "# rule()/rules_list() and mark variants as muunnelma passages.",
    ]
    count = 0
    for preset in sorted(load_rulesets()):
        found = check_flips(scenarios, preset)
        for (p, option, page, check), reason in sorted(
            found.items(), key=lambda kv: (list(OPTIONS).index(kv[0][1]), kv[0][3] != STATEMENT)
        ):
            if check == STATEMENT:
                lines.append(f"{p} {option} {page}  # {reason}")
            else:
                lines.append(f"{p} {option} {page} {check}  # {CLAIM_REASON}: {reason}")
            count += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return count


if __name__ == "__main__":
    if sys.argv[1:] == ["--allowlist"]:
        print(f"{write_allowlist()} riviä: {ALLOWLIST}")
    else:
        print("käyttö: python -m tools.statements --allowlist")
