"""Cards drawn as cards: the page helpers and filters that turn engine cards into HTML faces
(``card``, ``meld``, ``cards``), card lists into Finnish text, and the lines of the engine's score
explanation into page Markdown (:func:`line_html`). Trusted output of our own, below
:mod:`tools.template_env` (which registers the filters) and :mod:`tools.pages`."""

from __future__ import annotations

import html
from typing import Any, Iterable

from markupsafe import Markup

from rommikirja import Card, RuleSet
from rommikirja.faces import card_face
from rommikirja.explain import Cards, Melds, Strong
from rommikirja.finnish import card_name, cards_text

__all__ = ["card_html", "meld_html", "cards_html", "hand_size_groups", "luettelo"]


def card_html(card: Card, stands_for: Card | None = None) -> Markup:
    """A card as a small face: rank and suit symbol, red or black, with its Finnish name.

    A joker in a meld also says which card it stands for. The face depends on the cards'
    values alone (rank, suit, deck), so each is drawn once per process (a page shows the same
    few dozen cards thousands of times).
    """
    if type(card) is Card and (stands_for is None or type(stands_for) is Card):
        key = (card, stands_for)
        face = _CARD_FACES.get(key)
        if face is None:
            face = _card_face(card, stands_for)
            if len(_CARD_FACES) < _CARD_FACES_MAX:
                _CARD_FACES[key] = face
        return face
    return _card_face(card, stands_for)


_CARD_FACES: dict[tuple[Card, Card | None], Markup] = {}
_CARD_FACES_MAX = 20_000


def _card_face(card: Card, stands_for: Card | None) -> Markup:
    """:func:`card_html` drawn afresh."""
    face = card_face(card)  # the same face the practice questions send to the browser
    name = face["name"]
    if stands_for is not None:
        name += f" ({card_name(stands_for, 'ess')})"
    name = html.escape(name)
    text = html.escape(face["symbol"]) + (f"<small>{stands_for.symbol}</small>" if stands_for is not None else "")
    return Markup(f'<span class="kortti {face["colour"]}" role="img" aria-label="{name}" title="{name}">{text}</span>')


def meld_html(meld: Any) -> Markup:
    """One meld boxed as a unit; accepts a Meld (jokers show what they stand for) or cards."""
    if hasattr(meld, "cards"):
        inner = "".join(card_html(c, meld.stands_for(c) if c.is_joker else None) for c in meld.cards)
    else:
        inner = "".join(card_html(c) for c in meld)
    return Markup(f'<span class="kortit yhdistelma">{inner}</span>')


def cards_html(cards: Iterable[Card], css: str = "kortit") -> Markup:
    inner = "".join(card_html(c) for c in cards)
    return Markup(f'<span class="{html.escape(css)}">{inner}</span>')


def hand_size_groups(rules: RuleSet) -> list[tuple[int, int, int]]:
    """Player counts with the same hand size joined: ``[(lo, hi, size), …]``.

    >>> hand_size_groups(RuleSet.from_mapping({"max_players": 4, "hand_size": {2: 10, 3: 7, 4: 7}}))
    [(2, 2, 10), (3, 4, 7)]
    """
    groups: list[list[int]] = []
    for n, size in rules.hand_size:
        if groups and groups[-1][2] == size and groups[-1][1] == n - 1:
            groups[-1][1] = n
        else:
            groups.append([n, n, size])
    return [tuple(g) for g in groups]


def luettelo(cards: Iterable[Card], case: str = "nom", conj: str = "ja") -> str:
    return cards_text(list(cards), case, conj)


def line_html(line: Any) -> Markup:
    """A line of :func:`rommikirja.explain.score_lines` as page Markdown: its cards as faces
    (``–`` for none), its melds boxed, its result in bold, its text escaped."""
    out = []
    for part in line.parts:
        if isinstance(part, Cards) and part.plus and part.cards:  # a hand's sum: a face, "+", the next face
            out.append(" + ".join(cards_html([c]) for c in part.cards))
        elif isinstance(part, Cards):
            out.append(cards_html(part.cards) if part.cards else "–")
        elif isinstance(part, Melds):
            out.append(" ".join(meld_html(m) for m in part.melds))
        elif isinstance(part, Strong):
            out.append(f"**{Markup.escape(part.text)}**")
        else:
            out.append(str(Markup.escape(part)))
    return Markup("".join(out))
