"""What every page template reads, in one object: :class:`SiteContext`.

:func:`tools.pages.render_pages` makes one per build and hands it to the templates in one place
(:meth:`SiteContext.template_names`): ``site`` itself, and the names the templates have always
used (``example(...)``, ``rulesets``, ``rule(...)``, …), each of them a member of this class, so
that the data flow from a rule set to a page sentence can be followed from here.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from rommikirja import OPTIONS
from rommikirja.cards import Card, Suit, parse_card
from rommikirja.finnish import CASES, RANK_WORDS, SUIT_WORDS, card_name
from rommikirja.practice import KINDS as PRACTICE_KINDS, applicable as practice_applicable
from rommikirja.practice import question as practice_question, solution as practice_solution

from . import presets, rule_text
from .cardfaces import card_html
from .game_page import page_globals
from .pelaa_games import games_sentence, pelaa_games
from .scenario_text import render_example


class BuildError(Exception):
    pass


#: How many seeds (from 1) a practice widget without a seed of its own tries.
SEED_TRIES = 60


@functools.lru_cache(maxsize=512)
def _reachable_seed(kind: str, rules_json: str, tries: int) -> int | None:
    """:meth:`SiteContext.practice_seed` for a rule set as JSON (kept: a build renders a page often)."""
    from rommikirja import RuleSet

    from .practice_reach import question_problems

    mapping = json.loads(rules_json)
    rules = RuleSet.from_mapping(mapping)
    for seed in range(1, tries + 1):
        if not question_problems(practice_question(kind, seed, mapping), rules):
            return seed
    return None


@dataclass
class SiteContext:
    """The site as the page templates see it: the verified scenarios, the rule sets, the page
    helpers (each returns our own rendered Markdown/HTML: :class:`~markupsafe.Markup`) and the
    Finnish tables. ``used`` and ``boxes`` record what the pages showed (every scenario must be
    shown; the example boxes are checked apart from the prose)."""

    env: jinja2.Environment
    scenarios: list[Any]
    rulesets: dict[str, Any]
    pages_dir: Path
    by_id: dict[str, Any] = field(init=False)
    used: set[str] = field(default_factory=set)
    boxes: list[str] = field(default_factory=list)
    practice_ids: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.by_id = {sc.id: sc for sc in self.scenarios}
        self.presets, self.generated = presets.template_context(self.rulesets, self.scenarios)
        # the one page template's names: notes, concept sections, base game (tools.game_page)
        meta = presets.preset_meta()
        titles = {name: p.title for name, p in meta.items()}
        bases = {p["name"]: p["base"] for p in self.generated}
        text_names = {name: p.text_name for name, p in meta.items()}
        self.presets.update(page_globals(self.rulesets, self.scenarios, titles, bases, text_names=text_names))

    def example(self, sid: str) -> Markup:
        """The example box of scenario ``sid``."""
        if sid not in self.by_id:
            raise BuildError(f"sivupohja viittaa tuntemattomaan skenaarioon ”{sid}”")
        self.used.add(sid)
        box = render_example(self.by_id[sid], self.env).strip() + "\n"
        self.boxes.append(box)  # checked by verify (tools.sentences), against its scenario's lines
        return Markup(box)

    def examples(self, section: str, game: str) -> Markup:
        """Every scenario of ``game`` whose section is ``section``, in order."""
        chosen = sorted(
            (sc for sc in self.scenarios if sc.section == section and sc.game == game), key=lambda s: (s.order, s.id)
        )
        if not chosen:
            raise BuildError(f"pelin {game} osiossa ”{section}” ei ole yhtään skenaariota")
        return Markup("\n".join(self.example(sc.id) for sc in chosen))

    def practice(self, kind: str, game: str, seed: int | None = None, title: str | None = None) -> Markup:
        """A practice widget whose first question (and its worked answer) the engine makes now
        (no ``seed``: :meth:`practice_seed`; no ``title``: the kind's own)."""
        if game not in self.rulesets:
            raise BuildError(f"harjoitus viittaa tuntemattomaan peliin ”{game}”")
        if kind not in PRACTICE_KINDS:
            raise BuildError(f"tuntematon harjoituslaji ”{kind}”")
        seed = self.practice_seed(kind, game) if seed is None else seed
        title = PRACTICE_KINDS[kind].title if title is None else title
        wid = f"{kind}-{game}"
        if wid in self.practice_ids:
            raise BuildError(f"harjoitus {wid} on sivulla kahdesti")
        self.practice_ids.add(wid)
        q = practice_question(kind, seed, self.rulesets[game].as_mapping())
        sol = practice_solution(q)
        # JSON inside <script>: "</" cannot end the element; the text is not HTML-escaped there
        data = Markup(json.dumps({"question": q, "solution": sol}, ensure_ascii=False).replace("</", "<\\/"))
        return Markup(
            self.env.get_template("_practice.html.j2")
            .render(q=q, s=sol, wid=wid, title=title, data=data, card=lambda code: card_html(parse_card(code)))
            .strip()
            + "\n"
        )

    def practice_kinds(self, rules: Any) -> list[str]:
        """The practice kinds that fit the rule set ``rules`` (each kind's ``applies``), by name, of
        which some seed makes a question a deal reaches (:meth:`practice_seed`; an opening of 200
        points, say, is not made)."""
        mapping = json.dumps(rules.as_mapping(), sort_keys=True)
        return [k for k in practice_applicable(rules) if _reachable_seed(k, mapping, SEED_TRIES) is not None]

    def practice_seed(self, kind: str, game: str, tries: int | None = None) -> int:
        """The first seed (from 1) whose question of ``kind`` under ``game``'s rules shows a position
        some deal reaches (:func:`tools.practice_reach.question_problems`): the same every build."""
        tries = SEED_TRIES if tries is None else tries
        found = _reachable_seed(kind, json.dumps(self.rulesets[game].as_mapping(), sort_keys=True), tries)
        if found is None:
            raise BuildError(
                f"harjoitukselle {kind} ei löytynyt pelissä {game} mahdollista asetelmaa {tries} siemenellä"
            )
        return found

    def opetus(self, game: str) -> Markup:
        """The guided first deal of ``game`` (:mod:`tools.opetusjako`), its scenario marked as shown."""
        from .opetusjako import opetus_html, tutorial_id

        sid = tutorial_id(game, self.by_id)
        if sid is None:
            raise BuildError(f"pelillä {game} ei ole opetusjakoa (scenarios/{game}/z-{game}-opetus.yaml)")
        self.used.add(sid)
        games = self.pelaa_games()
        rules = games[game]["rules"] if game in games else self.rulesets[game].as_mapping()
        title = games[game]["title"] if game in games else game
        try:
            return opetus_html(self.by_id[sid], rules, title, self.env)
        except ValueError as err:
            raise BuildError(str(err)) from None

    def has_opetus(self, game: str) -> bool:
        """Whether ``game`` has a guided first deal (a tutorial scenario)."""
        from .opetusjako import tutorial_id

        return tutorial_id(game, self.by_id) is not None

    def pelaa_games(self) -> list[dict]:
        """The Pelaa page's games: every preset with a page, and its rule links (:mod:`tools.pelaa_games`)."""
        return pelaa_games(self.rulesets, self.generated)

    @property
    def glossary_cards(self) -> list[Card]:
        return [Card(r, s) for s in Suit for r in sorted(RANK_WORDS)]

    def template_names(self) -> dict[str, Any]:
        """Every name a page template reads: ``site`` and its members under their template names."""
        return {
            "site": self,
            "example": self.example,
            "examples": self.examples,
            "practice": self.practice,
            "practice_kinds": self.practice_kinds,
            "pelaa_games": self.pelaa_games,
            "pelaa_games_sentence": games_sentence,
            "opetus": self.opetus,
            "has_opetus": self.has_opetus,
            "scenarios": self.by_id,
            "rulesets": self.rulesets,
            "options": OPTIONS,
            "glossary_cards": self.glossary_cards,
            "CASES": CASES,
            "SUIT_WORDS": SUIT_WORDS,
            "card_name": card_name,
            **rule_text.template_globals(),  # rule(), rules_list(), applies()
            **self.presets,  # extra_presets, value_text
        }
