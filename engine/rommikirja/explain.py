"""The score explanation of a finished deal: Finnish lines saying who scores what and why.

One function, :func:`score_lines`, for every place that explains a deal's points: the example
boxes of the pages (``view="page"``), the practice widgets (``"practice"``: the points of one
asked player, ``"knock"``: the result of a gin knock) and Pelaa (``"pelaa"``). Each surface
says it at its own length, but every figure comes from the same :class:`~rommikirja.scoring.DealScore`
and the same sentences are written once here.

A line is a :class:`Line` of parts: text, :class:`Cards` (a page draws them as card faces,
:attr:`Line.text` names them), :class:`Melds` and :class:`Strong` (the result a page sets in
bold).

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.moves import EndReason, Outcome
>>> from rommikirja.rules import RuleSet
>>> from rommikirja.scoring import score_deal
>>> out = Outcome(EndReason.WENT_OUT, 0, ((), parse_cards("KH 5S")), rummy=False, dealer=1)
>>> rules = RuleSet()
>>> [line.text for line in score_lines(out, score_deal(out, rules), rules, ["Aino", "Eero"])]
['Aino voittaa jaon.', '', 'Aino saa pisteikseen muiden käsiin jääneiden korttien arvon:', '', '- Eeron käteen jäi pataviitonen + herttakuningas: 5 + 10 = 15 pistettä', '', 'Aino saa muiden käsien arvon, 15 pistettä.']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence, Union

from .cards import Card, sort_cards
from .finnish import card_name, cards_text, count, noun, player_name
from .rules import RuleSet

__all__ = ["Cards", "Line", "Melds", "Strong", "score_lines"]


@dataclass(frozen=True)
class Cards:
    """Cards shown as cards (``–`` when there are none)."""

    cards: tuple[Card, ...]
    case: str = "nom"
    #: a hand's sum: the cards one by one with "+" between them ("herttakuningas + pataviitonen")
    plus: bool = False


@dataclass(frozen=True)
class Melds:
    """Melds shown one after another, each as a unit."""

    melds: tuple[Any, ...]


@dataclass(frozen=True)
class Strong:
    """The result of a sum: set in bold on a page."""

    text: str


Part = Union[str, Cards, Melds, Strong]


@dataclass(frozen=True)
class Line:
    """One line of the explanation (an empty one separates paragraphs on a page)."""

    parts: tuple[Part, ...] = ()

    @property
    def text(self) -> str:
        """The line as plain text: cards by their Finnish names."""
        out = []
        for part in self.parts:
            if isinstance(part, Cards) and part.plus and part.cards:
                out.append(" + ".join(card_name(c, part.case) for c in part.cards))
            elif isinstance(part, Cards):
                out.append(cards_text(part.cards, part.case) if part.cards else "–")
            elif isinstance(part, Melds):
                out.append("; ".join(cards_text(getattr(m, "cards", m)) for m in part.melds))
            elif isinstance(part, Strong):
                out.append(part.text)
            else:
                out.append(part)
        return "".join(out)


def _line(*parts: Part) -> Line:
    return Line(tuple(parts))


def points(n: int, prefix: str = "") -> str:
    """Points in digits with *piste* in agreement (``prefix``: *sakko*, *miinus*), a real minus sign.

    >>> points(15), points(1, "sakko"), points(-3)
    ('15 pistettä', '1 sakkopiste', '−3 pistettä')
    """
    return f"{n} {prefix}{noun('piste', 'nom' if abs(n) == 1 else 'part')}".replace("-", "−")


def _sum(cards: Sequence[Card], rules: RuleSet) -> str:
    """``10 + 5 = `` before a hand's value (nothing for one card)."""
    values = [rules.card_points(c.rank) for c in cards]
    return " + ".join(map(str, values)) + " = " if len(values) > 1 else ""


def _hand_line(name: str, hand: Sequence[Card], rules: RuleSet, total: Part) -> Line:
    """A hand's value, said as what was left in it: "- Eeron käteen jäi pataviitonen + herttakuningas:
    5 + 10 = 15 pistettä" (the cards in the order a hand shows them; one card: "- Eeron käteen jäi
    herttakuningas: 10 pistettä")."""
    cards = tuple(sort_cards(hand))
    return _line(f"- {player_name(name, 'gen')} käteen jäi ", Cards(cards, plus=True), f": {_sum(cards, rules)}", total)


def _card_sum(cards: Sequence[Card], rules: RuleSet) -> str:
    """``10 + 5 = 15`` (one card: its value)."""
    return f"{_sum(cards, rules)}{sum(rules.card_points(c.rank) for c in cards)}"


def _knock_result(kind: str, names: Sequence[str], rules: RuleSet, score: Any, k: int, page: bool) -> Line:
    """The sum behind a gin deal's points: ``Gin: Aino saa 25 + 12 = 37.`` (a page: the total in
    bold with its noun, and a knock's sum named *erotus*)."""
    d = 1 - k
    result = _strong if page else str
    hv = score.hand_values
    if page and kind in ("gin", "undercut"):  # each term named: the bonus, and the deadwood or the difference
        who, label, bonus, rest = (
            (
                k,
                "Gin",
                f"ginin lisäpisteet {rules.gin_bonus}",
                f"{player_name(names[d], 'gen')} irtokorttien arvon {hv[d]}",
            )
            if kind == "gin"
            else (
                d,
                "Alitus",
                f"alituksen lisäpisteet {rules.undercut_bonus}",
                f"irtokorttien arvojen erotuksen {hv[k]} − {hv[d]} = {hv[k] - hv[d]}",
            )
        )
        return _line(f"{label}: {names[who]} saa {bonus} ja {rest}, yhteensä ", result(score.points[who]), ".")
    if page:
        return _line(
            f"{names[k]} saa irtokorttien arvojen erotuksen {hv[d]} − {hv[k]} = ", result(score.points[k]), "."
        )
    if kind == "gin":
        return _line(f"Gin: {names[k]} saa {rules.gin_bonus} + {hv[d]} = ", result(score.points[k]), ".")
    if kind == "undercut":
        return _line(
            f"Alitus: {names[d]} saa {rules.undercut_bonus} + {hv[k]} − {hv[d]} = ", result(score.points[d]), "."
        )
    return _line(f"{names[k]} saa {hv[d]} − {hv[k]} = ", result(score.points[k]), ".")


def _strong(n: int) -> Strong:
    return Strong(count(n, 'piste', digits=True))


def score_lines(
    outcome: Any, score: Any, rules: RuleSet, names: Sequence[str], view: str = "page", ask: int | None = None
) -> list[Line]:
    """The explanation of ``score`` (of ``outcome``, priced by ``rules``) for ``view``.

    ``outcome`` may be None for Pelaa's earlier deals (only the score is known then); ``ask`` is
    the player a practice question asks about.
    """
    if view == "page":
        return (
            _page_gin(outcome, score, rules, names)
            if rules.style == "knock"
            else _page_rummy(outcome, score, rules, names)
        )
    if view == "practice":
        return _practice_points(outcome, score, rules, names, ask)
    if view == "knock":  # each sum with its terms: the deadwood card by card, the result's terms named
        k = outcome.knocker
        d = outcome.defender
        hv = score.hand_values

        def deadwood(p: int, cards: Sequence[Card]) -> list[Part]:
            return ["irtokortit ", *_deadwood(cards, rules, hv[p]), "."] if cards else ["ei irtokortteja."]

        laid = tuple(c for cs, _ in d.layoffs for c in cs)
        return [
            Line((f"{names[k]}: ", *deadwood(k, outcome.knocker_deadwood))),
            Line(
                (f"{names[1 - k]}: ", *(("liittää ", Cards(tuple(sort_cards(laid)), "gen"), "; ") if laid else ()))
                + tuple(deadwood(1 - k, d.deadwood))
            ),
            _knock_result(score.kind, names, rules, score, k, True),
        ]
    if view == "pelaa":
        return _pelaa(outcome, score, rules, names)
    raise ValueError(view)


# -- the example boxes --------------------------------------------------------------------------


def _page_rummy(out: Any, score: Any, rules: RuleSet, names: Sequence[str]) -> list[Line]:
    if score.kind == "void":
        return [
            _line(f"Jako mitätöidään: kukaan ei saa pisteitä, ja sama jakaja ({names[out.dealer]}) jakaa uudelleen.")
        ]
    w = out.winner
    hv = score.hand_values
    if score.kind == "went_out":
        lines = [_line(f"{names[w]} voittaa jaon.")]
    elif rules.scoring == "own_hand_minus":
        lines = [_line("Jako päättyy, eikä kukaan mennyt ulos.")]
    else:
        lines = [
            _line(
                (
                    "Jako päättyy, koska kukaan ei voi enää päästä ulos."
                    if score.kind == "deadlock"
                    else "Jako päättyy, koska nostopakka loppui eikä sitä uusita."
                )
                + (
                    f" Pienin käsi on {player_name(names[w], 'ade')}, joka voittaa jaon."
                    if w is not None
                    else " Pienimpiä käsiä on kaksi yhtä arvokasta, joten kukaan ei voita."
                )
            )
        ]
    lines.append(Line())
    if rules.scoring == "penalty":
        lines += [
            _line(
                f"Muut saavat sakkopisteitä käteensä jääneistä korteista (ässä {rules.card_points(1)}, "
                f"jokeri {rules.card_points(0)}); avaamatta jäänyt saa kiinteän sakon:"
            ),
            Line(),
        ]
        for i, hand in enumerate(out.hands):
            if i == w:
                continue
            total = Strong(count(hv[i], 'sakkopiste', digits=True))
            if out.opened and not out.opened[i]:
                lines.append(_line(f"- {names[i]}: ei avannut – ", total))
            else:
                lines.append(_hand_line(names[i], hand, rules, total))
        return lines
    if rules.scoring == "own_hand_minus":
        lines += [_line("Jokainen saa käteensä jääneistä korteista miinuspisteitä:"), Line()]
        lines += [
            _hand_line(names[i], hand, rules, Strong(count(hv[i], 'miinuspiste', digits=True)))
            if hand
            else _line(
                f"- {player_name(names[i], 'gen')} käteen ei jäänyt kortteja: ",
                Strong(count(hv[i], 'miinuspiste', digits=True)),
            )
            for i, hand in enumerate(out.hands)
        ]
        return lines
    if score.kind == "went_out" and w is not None:  # (whose points the hands' cards are)
        lines += [_line(f"{names[w]} saa pisteikseen muiden käsiin jääneiden korttien arvon:"), Line()]
    lines += [
        _hand_line(names[i], hand, rules, count(hv[i], "piste", digits=True))
        for i, hand in enumerate(out.hands)
        if i != w
    ]
    lines.append(Line())
    if w is None:
        return lines
    won = _strong(score.points[w])
    if score.kind == "went_out" and score.doubled:
        lines.append(
            _line(
                f"Muiden käsien arvo on {count(score.base, 'piste', digits=True)}. {names[w]} tyhjensi "
                "kätensä yhdellä vuorolla (rommi), joten pisteet kaksinkertaistuvat: hän saa ",
                won,
                ".",
            )
        )
    elif score.kind == "went_out":
        lines.append(_line(f"{names[w]} saa muiden käsien arvon, ", won, "."))
    else:
        others = [i for i in range(len(out.hands)) if i != w]
        if len(others) == 1:  # one other hand: its value minus the winner's, not a one-term sum
            gaps = f"saa erotuksen toiseen käteen: {hv[others[0]]} − {hv[w]}"
        else:
            gaps = "saa erotukset muihin käsiin: " + " + ".join(str(hv[i] - hv[w]) for i in others)
        lines.append(_line(f"{names[w]} ({count(hv[w], 'piste', digits=True)} kädessä) {gaps} = ", won, "."))
    return lines


def _melds(melds: Sequence[Sequence[Card]]) -> Melds:
    """Melds with their cards in the order a hand shows them."""
    return Melds(tuple(tuple(sort_cards(m)) for m in melds))


def _deadwood(cards: Sequence[Card], rules: RuleSet, total: int) -> list[Part]:
    """Deadwood with its values as a hand's sum: "patakakkonen + herttaässä = 2 + 1 = 3 pistettä"."""
    shown = tuple(sort_cards(cards))
    return [Cards(shown, plus=True), f" = {_sum(shown, rules)}{count(total, 'piste', digits=True)}"]


def _page_gin(out: Any, score: Any, rules: RuleSet, names: Sequence[str]) -> list[Line]:
    if score.kind == "void":
        return [
            _line(f"Jako mitätöidään: kukaan ei saa pisteitä, ja sama jakaja ({names[out.dealer]}) jakaa uudelleen.")
        ]
    k, d = out.knocker, 1 - out.knocker
    hv = score.hand_values
    dres = out.defender
    knocker: list[Part] = [
        f"- {names[k]} {'tekee ginin' if score.kind == 'gin' else 'koputtaa'}: ",
        _melds(out.knocker_melds),
    ]
    if out.knocker_deadwood:
        knocker += ["; irtokortit ", *_deadwood(out.knocker_deadwood, rules, hv[k])]
    defender: list[Part] = [f"- {names[d]}: "]
    defender += ["omat yhdistelmät ", _melds(dres.melds)] if dres.melds else ["ei omia yhdistelmiä"]
    for cs, t in dres.layoffs:
        defender += [
            "; liittää ",
            Cards(tuple(sort_cards(cs)), "gen"),
            " yhdistelmään ",
            _melds((out.knocker_melds[t],)),
        ]
    if dres.deadwood:
        defender += ["; irtokortit ", *_deadwood(dres.deadwood, rules, hv[d])]
    else:
        defender.append("; ei irtokortteja")
    return [
        Line(tuple(knocker)),
        Line(tuple(defender)),
        Line(),
        _knock_result(score.kind, names, rules, score, k, True),
    ]


# -- practice: the points of one player -----------------------------------------------------------


def _practice_points(out: Any, score: Any, rules: RuleSet, names: Sequence[str], ask: int | None) -> list[Line]:
    w = out.winner
    if rules.scoring == "winner_takes":
        lines = [_line(f"{names[p]}: {_card_sum(h, rules)}.") for p, h in enumerate(out.hands) if p != w]
        text = f"{names[w]} saa {points(score.base)}"
        if score.doubled:
            text += f", rommista kaksinkertaisena {score.points[w]}"
        return lines + [_line(text + ".")]
    if rules.scoring == "penalty" and out.opened and not out.opened[ask]:
        return [
            _line(
                f"{names[ask]} ei avannut, joten sakko on käden korteista riippumatta {points(rules.unopened_penalty)}."
            )
        ]
    return [_line(f"{names[ask]}: {_card_sum(out.hands[ask], rules)}.")]


# -- Pelaa ------------------------------------------------------------------------------------------


def _pelaa(out: Any, score: Any, rules: RuleSet, names: Sequence[str]) -> list[Line]:
    lines: list[str] = []
    hv = score.hand_values
    if rules.style == "knock":
        kind = score.kind
        if kind == "void":
            return [_line("Jako mitätöitiin: kukaan ei saa pisteitä, ja sama jakaja jakaa uudelleen.")]
        w = names[score.scorer]
        won = score.points[score.scorer]
        if kind == "gin":
            lines.append(
                f"Gin! {w} saa ginin lisäpisteet {rules.gin_bonus} ja vastustajan irtokorttipisteet: yhteensä {won}."
            )
        elif kind == "undercut":
            lines.append(
                f"Alitus: {w} saa alituksen lisäpisteet {rules.undercut_bonus} ja "
                f"irtokorttipisteiden erotuksen: yhteensä {won}."
            )
        else:
            lines.append(
                f"Koputus onnistui: {w} saa irtokorttipisteiden erotuksen, {count(won, 'piste', digits=True)}."
            )
        defence = getattr(out, "defender", None)
        if defence is not None and defence.layoffs:
            laid = [c for cards, _ in defence.layoffs for c in cards]
            lines.append(f"{names[1 - out.knocker]} liittää koputtajan yhdistelmiin {cards_text(laid, 'gen')}.")
        lines.append("Irtokorttipisteet: " + ", ".join(f"{names[i]} {v}" for i, v in enumerate(hv)) + ".")
        return [_line(t) for t in lines]
    if score.kind == "void":
        return [
            _line(
                "Kukaan ei voinut enää päästä ulos, joten jako mitätöitiin: kukaan ei saa pisteitä, ja sama jakaja jakaa uudelleen."
            )
        ]
    if score.kind == "went_out" and score.scorer is not None:
        lines.append(f"{names[score.scorer]} meni ulos.")
    elif score.kind == "deadlock":
        lines.append("Jako päättyi, koska kukaan ei voinut enää päästä ulos.")
    else:
        lines.append("Jako päättyi ilman ulosmenoa.")
    if rules.scoring == "penalty":
        opened = out.opened if out is not None and out.opened else (True,) * len(hv)
        lines.append(
            "Sakkopisteet: "
            + ", ".join(
                f"{names[i]} {v}" + ("" if opened[i] or i == score.scorer else " (ei avannut)")
                for i, v in enumerate(hv)
            )
            + "."
        )
    else:
        lines.append(
            "Käteen jääneiden korttien pisteet: " + ", ".join(f"{names[i]} {v}" for i, v in enumerate(hv)) + "."
        )
    if rules.scoring == "winner_takes" and score.scorer is not None:
        lines.append(
            f"{names[score.scorer]} saa {count(score.points[score.scorer], 'piste', digits=True)}"
            + (", rommista kaksinkertaisena." if score.doubled else ".")
        )
    return [_line(t) for t in lines]
