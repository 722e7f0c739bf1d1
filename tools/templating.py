"""Jinja2 environment for the Finnish pages and scenario explanations.

Numbers and cards in the prose come from the engine: a scenario's ``text`` is a
template whose literal parts may contain neither digits nor card names
(:func:`check_template` enforces it); everything countable is a template
expression fed by the engine's results.

Finnish filters and globals (all from :mod:`rommikirja.finnish`; ``case`` is one of
nom, gen, part (or par), ill, ine, ela, all, ade, abl, ess, tra):

- ``{{ n | word }}`` → *kolme*; ``{{ n | word("ade") }}`` → *seitsemällä*: 0–10 in
  words, larger numbers in digits (*12:lla* when the number stands alone).
- ``{{ n | numeral("gen") }}`` → *viidentoista*: always in words.
- ``{{ n | count("kortti", "ade") }}`` → *seitsemällä kortilla*; ``{{ n | count("piste") }}``
  → *15 pistettä*; ``digits=True`` / ``digits=False`` forces digits or words. Nouns:
  ``rommikirja.finnish.NOUN_FORMS``.
- ``{{ "kortti" | noun("ela") }}`` → *kortista*: a counted noun alone.
- ``{{ names[0] | player("all") }}`` → *Ainolle*: a player's name in a case (table
  ``NAME_FORMS``; an unknown name is an error, so verify refuses it).
- ``{{ name }}``, ``{{ cards | names("part") }}``: card names (see ``card_name``).
"""
from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, Iterable, Sequence

import jinja2
from jinja2 import nodes

from rommikirja import Card, RuleSet
from rommikirja.finnish import (all_card_word_forms, capitalize, card_name, cards_text, count, join_list, noun,
                                number_word, numeral, player_name, rank_name, suit_name)
from rommikirja.scoring import hand_value
from rommikirja.solver import best_arrangement

from .yamlsrc import SourceError

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIR = ROOT / "templates"

_CARD_WORDS = all_card_word_forms()
_WORD = re.compile(r"[A-Za-zÅÄÖåäö]+")


def card_html(card: Card, stands_for: Card | None = None) -> str:
    """A card as a small face: rank and suit symbol, red or black, with its Finnish name.

    A joker in a meld also says which card it stands for.
    """
    colour = "jokeri" if card.is_joker else "punainen" if card.is_red else "musta"
    name = card_name(card)
    if stands_for is not None:
        name += f" ({card_name(stands_for, 'ess')})"
    name = html.escape(name)
    face = card.symbol + (f"<small>{stands_for.symbol}</small>" if stands_for is not None else "")
    return f'<span class="kortti {colour}" role="img" aria-label="{name}" title="{name}">{face}</span>'


def meld_html(meld: Any) -> str:
    """One meld boxed as a unit; accepts a Meld (jokers show what they stand for) or cards."""
    if hasattr(meld, "cards"):
        inner = "".join(card_html(c, meld.stands_for(c) if c.is_joker else None) for c in meld.cards)
    else:
        inner = "".join(card_html(c) for c in meld)
    return f'<span class="kortit yhdistelma">{inner}</span>'


def cards_html(cards: Iterable[Card], css: str = "kortit") -> str:
    inner = "".join(card_html(c) for c in cards)
    return f'<span class="{css}">{inner}</span>'


def _luettelo(cards: Iterable[Card], case: str = "nom", conj: str = "ja") -> str:
    return cards_text(list(cards), case, conj)


_cap = capitalize


def make_env(loader: jinja2.BaseLoader | None = None) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=loader or jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(
        name=lambda c, case="nom": card_name(c, case),      # herttanelonen, herttanelosen, …
        names=_luettelo,                                    # natural list of card names
        card=card_html,                                     # a card drawn as a card
        cards=cards_html,
        meld=meld_html,                                     # one meld, boxed as a unit
        word=number_word,                                   # 3 → kolme; word("ade") → kolmella
        numeral=numeral,                                    # always words: 15 | numeral("gen")
        count=count,                                        # 7 | count("kortti", "ade") → seitsemällä kortilla
        noun=noun,                                          # "jako" | noun("ela") → jaosta
        player=player_name,                                 # "Aino" | player("all") → Ainolle
        num=lambda n: str(n).replace("-", "−"),             # −120 with a real minus sign
        cap=_cap,
        join_fi=lambda words, conj="ja": join_list([str(w) for w in words], conj),
    )
    env.globals.update(rank_name=rank_name, suit_name=suit_name)
    return env


def scenario_context(sc: Any) -> dict[str, Any]:
    """What a scenario's explanation template can use (all values computed by the engine)."""
    names = sc.names
    out = sc.outcome
    return {
        "s": sc,
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
        "winner": (names[sc.score.scorer] if sc.score is not None and sc.score.scorer is not None
                   else None),
        "points": lambda c: sc.rules.card_points(c.rank),
        "values": lambda cards: [sc.rules.card_points(c.rank) for c in cards],
        "value": lambda cards: hand_value(cards, sc.rules),
        "hand": lambda i: sc.initial.hands[i] if sc.initial else (),
        "final_hand": lambda i: sc.final.hands[i] if sc.final else (),
        "arrange": best_arrangement,
        "end_melds": [tm.meld for tm in sc.deal.table] if sc.deal is not None else [],
        "laid_off": [c for cards, _ in getattr(getattr(out, "defender", None), "layoffs", ()) for c in cards],
    }


def check_template(sc: Any) -> list[SourceError]:
    """Errors in a scenario's explanation: syntax, typed numbers or card names, render errors."""
    if not sc.text:
        return []
    env = make_env(jinja2.DictLoader({}))
    errors: list[SourceError] = []

    def at(lineno: int) -> int:
        return sc.text_line + lineno - 1

    try:
        tree = env.parse(sc.text)
    except jinja2.TemplateSyntaxError as err:
        return [SourceError(sc.rel, at(err.lineno or 1), f"text: Jinja2-virhe: {err.message}")]
    for node in tree.find_all(nodes.TemplateData):
        for i, line_text in enumerate(node.data.split("\n")):
            if re.search(r"\d", line_text):
                errors.append(SourceError(sc.rel, at(node.lineno + i), "text: luku on kirjoitettu "
                                          "tekstiin käsin; laske se moottorilla ({{ … }})"))
            for word in _WORD.findall(line_text):
                if word.lower() in _CARD_WORDS:
                    errors.append(SourceError(sc.rel, at(node.lineno + i),
                                              f"text: kortin nimi ”{word}” on kirjoitettu käsin; "
                                              "käytä moottorin kortteja (esim. {{ kortti | nimi }})"))
    if errors:
        return errors
    try:
        render_scenario_text(sc, env)
    except jinja2.TemplateError as err:
        line = getattr(err, "lineno", None) or 1
        errors.append(SourceError(sc.rel, at(line), f"text: {err}"))
    except (IndexError, KeyError, TypeError, AttributeError, ValueError) as err:
        errors.append(SourceError(sc.rel, sc.text_line, f"text: lausekkeen virhe: {err}"))
    return errors


def render_scenario_text(sc: Any, env: jinja2.Environment | None = None) -> str:
    env = env or make_env(jinja2.DictLoader({}))
    return env.from_string(sc.text).render(scenario_context(sc)).strip()
