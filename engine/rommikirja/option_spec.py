"""What a rule option is (:class:`OptionSpec`) and the longer Finnish sentences of its statements.

The options themselves are the table :data:`rommikirja.options.OPTIONS`; the frozen rule set and
its validation are :mod:`rommikirja.rules`. The sentences here are the ones that read several
options at once (players, hand sizes, the end of the game) or have a clause per value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .finnish import count, join_list, number_word
from .meld_need import MELD_MIN_CARDS, discard_after_meld, most_cards_before_draw_when_stuck

__all__ = [
    "OptionSpec",
    "Rules",
    "deadlock_sentence",
    "deals_sentence",
    "game_end_sentence",
    "hand_size_sentence",
    "players_sentence",
    "target_sentence",
    "turnovers_sentence",
]

#: What a statement is said of: a :class:`rommikirja.rules.RuleSet`. Not imported by name, since
#: rules.py imports this module (no import circle); the sentences read only the rule set's fields.
Rules = Any


def _always(rules: Rules) -> bool:
    return True


@dataclass(frozen=True)
class OptionSpec:
    """What an option may hold and what it means, in Finnish, for pages and editors.

    ``choices`` are short Finnish meanings of each value (tables, the editor
    reference); ``says`` renders the rule statement a page prints for the
    option's current value (a full Finnish sentence, numbers in agreement);
    ``applies`` tells whether the option matters at all in a rule set (a knock
    limit means nothing in a game without knocking).
    """

    label: str
    kind: str  # "choice", "bool", "int", "hand_size"
    choices: Mapping[str, str] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    says: Callable[[Any, Rules], str] | None = None
    applies: Callable[[Rules], bool] = _always


def hand_size_sentence(value: Any, rules: Rules) -> str:
    """The deal-size sentence: one clause per hand size, for the player counts the rule set allows.

    >>> from rommikirja.rules import RuleSet
    >>> hand_size_sentence(((2, 10), (3, 7), (4, 7)), RuleSet(max_players=4))
    'Kukin saa kymmenen korttia, kun pelaajia on kaksi, ja seitsemän, kun heitä on kolme tai neljä.'
    """
    groups: list[tuple[int, list[int]]] = []
    for n, size in value:
        if rules.min_players <= n <= rules.max_players:
            if groups and groups[-1][0] == size:
                groups[-1][1].append(n)
            else:
                groups.append((size, [n]))
    who = "Kumpikin" if rules.max_players == 2 else "Kukin"
    if len(groups) == 1:  # one hand size for every table (gin): no "when there are …"
        return f"{who} pelaaja saa {count(groups[0][0], 'kortti')}."
    parts = [
        (count(size, "kortti") if i == 0 else count(size, "kortti").split()[0])
        + f", kun {'pelaajia' if i == 0 else 'heitä'} on "
        + join_list([number_word(n) for n in ns], "tai")
        for i, (size, ns) in enumerate(groups)
    ]
    # the clauses end in "kun …", so "ja" before the last one takes a comma too
    return f"{who} saa " + ", ".join(parts[:-1]) + ", ja " + parts[-1] + "."


def target_sentence(value: Any, rules: Rules) -> str:
    """The game-end sentence of a game played to ``value`` points (whatever ``game_end`` says).

    ``game_end``, ``target_score`` and ``game_deals`` share one sentence, so the page states
    each of them once: the end condition with its number.
    """
    if rules.style == "rummy" and rules.scoring == "own_hand_minus":
        return f"Peli päättyy, kun jollekulle on kertynyt vähintään {count(value, 'miinuspiste')}."
    if rules.style == "rummy" and rules.scoring == "penalty":
        return f"Peli päättyy, kun jonkun sakot nousevat yhteensä vähintään {count(value, 'piste', 'ill')}."
    return f"Peli päättyy, kun jonkun yhteispisteet nousevat vähintään {count(value, 'piste', 'ill')}."


def deals_sentence(value: Any, rules: Rules) -> str:
    """The game-end sentence of a game of ``value`` deals (whatever ``game_end`` says)."""
    return f"Peli päättyy {count(value, 'jako', 'gen')} jälkeen, ellei toisin sovita."


def game_end_sentence(value: Any, rules: Rules) -> str:
    return target_sentence(rules.target_score, rules) if value == "target" else deals_sentence(rules.game_deals, rules)


def players_sentence(rules: Rules) -> str:
    """One sentence for ``min_players`` and ``max_players`` together.

    >>> from rommikirja.rules import RuleSet
    >>> players_sentence(RuleSet(min_players=2, max_players=6)), players_sentence(RuleSet(min_players=2, max_players=2))
    ('Pelaajia voi olla kahdesta kuuteen.', 'Pelaajia on kaksi.')
    """
    if rules.min_players == rules.max_players:
        return f"Pelaajia on {number_word(rules.min_players)}."
    return f"Pelaajia voi olla {number_word(rules.min_players, 'ela')} {number_word(rules.max_players, 'ill')}."


def turnovers_sentence(value: Any, rules: Rules) -> str:
    if value == 0:
        return "Poistopakan saa kääntää kuinka monta kertaa tahansa."
    times = "kerran" if value == 1 else f"{number_word(value)} kertaa"
    return f"Poistopakan saa kääntää enintään {times}. Kun nostopakka sen jälkeen loppuu, jako päättyy" + _ended(rules)


def _ended(rules: Rules) -> str:
    """How a deal that ends without anyone going out is scored (after "jako päättyy"), by ``rules.scoring``."""
    if rules.scoring == "own_hand_minus":
        return ", ja jokainen saa miinuspisteiksi omaan käteensä jääneiden korttien arvon."
    if rules.scoring == "penalty":
        return (
            ": pienimmän käden pitäjä ei saa sakkoa, ja muut saavat sakoksi käteensä jääneiden korttien "
            "arvon. Avaamatta jäänyt saa kiinteän sakon. Jos pienimpiä käsiä on kaksi yhtä suurta, "
            "sakon saavat kaikki."
        )
    return (
        ": pienimmän käden pitäjä voittaa ja saa erotuksen jokaiseen muuhun käteen. Jos pienimpiä "
        "käsiä on kaksi yhtä suurta, kukaan ei saa pisteitä."
    )


def deadlock_sentence(value: Any, rules: Rules) -> str:
    """The deadlock rule (:mod:`rommikirja.deadlock`) as a table applies it when the stock runs out."""
    if value == "play_on":
        return "Jakoa ei päätetä silloinkaan, kun kukaan ei enää voi päästä ulos" + (
            "." if rules.max_turnovers == 0 else ", vaan se jatkuu, kunnes poistopakkaa ei enää saa kääntää."
        )
    # the numbers are the proof's own (rommikirja.meld_need), so the sentence follows the rule
    need = count(MELD_MIN_CARDS, "kortti")
    if discard_after_meld(rules):
        need += " ja lisäksi poistettava kortti"
    most = f"enintään {count(most_cards_before_draw_when_stuck(rules), 'kortti')}"
    # short sentences, one fact each: when it is checked, then the two things nobody can do any more
    when = (
        "Kun nostopakka loppuu, katsotaan, voiko kukaan enää päästä ulos. Jako on jumissa, kun kaksi "
        "ehtoa täyttyy. Ensinnäkin mikään käsissä tai pakoissa oleva kortti ei sovi pöydän "
        f"yhdistelmiin. Toiseksi kukaan ei voi pelata uutta yhdistelmää: siihen tarvitaan {need}, mutta "
        f"käsien ja pakkojen korteista ei saa koottua yhdistelmää, tai jokaisella on ennen nostoaan kädessä {most}. "
    )
    if value == "void":
        return when + "Jumiin jäänyt jako mitätöidään: kukaan ei saa pisteitä, ja sama jakaja jakaa uudelleen."
    return when + "Jumiin jäänyt jako päättyy heti" + _ended(rules)
