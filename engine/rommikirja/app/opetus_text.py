"""The guide's words of an Opetusjako (guided first deal), made from each move and the rule it shows.

:func:`guide` walks a whole scripted deal and, for every move of the reader's seat, says what to
do (the cards by their Finnish names, the button to press) and, the first time a concept matters,
the rule behind it: the rule set's own sentence (:func:`rommikirja.rules.statement`) wherever an
option decides it, else one sentence shared by every game. Nothing here is typed per game.

>>> from rommikirja import RuleSet, deal_type
>>> rules = RuleSet()
>>> deal = deal_type(rules).new(rules, 2, dealer=1, seed=3)
>>> from rommikirja.deal import Draw
>>> steps = guide(deal, [Draw("stock")], 0, ["Aino", "Eero"])
>>> steps[0]["action"], steps[0]["concept"], steps[0]["text"].startswith("Ensimmäinen vuorosi")
('draw_stock', 'nosto', True)
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any, Sequence

from ..cards import ACE, sort_cards
from ..deal import DISCARD, STOCK, Discard, Draw, LayOff, Open, Pass, PlayMeld
from ..finnish import (
    card_name,
    card_name_yours,
    cards_text,
    count,
    count_object,
    join_list,
    noun,
    numeral,
    ordinal,
    player_name,
    rank_name,
    second_person,
)
from ..gin import GinDeal, GinPhase, Knock
from .opetus_discard import (
    WHY_POINTS,
    deadwood_after,
    discard_advice,
    discard_reason,
    meld_with as _meld_with,
    next_player_fit,
    partners,
    still_to_come,
)
from ..meld_need import MELD_MIN_CARDS
from ..moves import EventKind
from ..deadlock import fits_table
from ..melds import (
    ACE_HIGH_POINTS,
    ACE_LOW_POINTS,
    Meld,
    MeldKind,
    counted_faces,
    meld_points,
    opening_card_points,
    waiting_cards,
)
from ..rules import RuleSet, applies, statement
from ..scoring import score_deal
from ..opening import best_opening
from ..solver import best_arrangement, best_discard

__all__ = [
    "guide",
    "concepts_of",
    "own_concepts",
    "ending_concepts",
    "CONCEPTS",
    "JOKER_VALUE_LATER",
    "closing",
    "undercut_missed",
    "undercut_made",
    "rommi_missed",
    "count_line",
    "kept_on_turn_over",
    "opening_sum",
    "deck_mark",
    "faces",
    "named",
    "reader_moves",
    "next_player_fit",
    "draw_reason",
    "other_reason",
]

#: Every concept a guided deal can introduce, with its name on the page (the order of the list).
CONCEPTS: dict[str, str] = {
    "nosto": "nosto nostopakasta",
    "avokortti": "avokortti",
    "poistopakasta": "kortin ottaminen poistopakasta",
    "otettu": "poistopakasta otetun kortin sääntö",
    "ryhma": "ryhmä",
    "suora": "suora",
    "avaus": "avaus",
    "jokeri": "jokeri",
    "assa": "ässän arvo avauksessa",
    "lisays": "lisääminen pöydän yhdistelmään",
    "irtokortit": "irtokortit",
    "poisto": "poisto",
    "kaannetty": "poistopakan kääntäminen nostopakaksi",
    "koputus": "koputus",
    "gin": "gin",
    "liittaminen": "irtokorttien liittäminen koputtajan yhdistelmiin",
    "alitus": "alitus",
    "ulos": "ulosmeno",
    "sakko": "avaamatta jääneen sakko",
    "pisteet": "pisteet",
}

#: Among a step's ``introduces``: the joker came up in an opening, its value in a hand at the end
#: (``joker_points``) is left to :func:`closing`.
JOKER_VALUE_LATER = "jokerin_arvo_lopussa"

#: The concepts' sentences shared by every game (where no option decides the rule).
_SHARED = {
    "nosto": "Vuoro alkaa aina nostolla: otetaan joko nostopakan tai poistopakan päällimmäinen kortti.",
    "poistopakasta": "Poistopakan päällimmäisen kortin saa ottaa nostopakan sijasta.",
    "irtokortit": "Yhdistelmät pysyvät kädessä jaon loppuun asti; kortit, jotka eivät kuulu mihinkään yhdistelmään, ovat irtokortteja, ja niiden arvo lasketaan pisteinä.",
    "otettu": "Poistopakasta otettua korttia ei saa poistaa samalla vuorolla.",
    "lisays": "Kortin, joka jatkaa pöydän yhdistelmää, saa lisätä siihen, vaikka yhdistelmän olisi pelannut joku muu.",
    "lisays_oma": "Kortin, joka jatkaa pöydän yhdistelmää, saa lisätä siihen, olipa yhdistelmä oma tai jonkun muun.",
    "ryhma": "Ryhmässä on kolme tai neljä samanarvoista korttia, kaikki eri maata.",
    "suora": "Suorassa on vähintään kolme saman maan korttia peräkkäin.",
    "monta": "",
    "poisto": "Vuoro päättyy aina siihen, että yksi kortti poistetaan kädestä poistopakan päälle.",
    "ulos": "Jako päättyy, kun joku saa kätensä tyhjäksi.",
    "gin": "Kun poiston jälkeen kaikki kortit ovat yhdistelmissä, koputus on gin, eikä vastustaja saa liittää kortteja.",
}


#: The concept of each kind of meld (the one source of the keys "ryhma" and "suora").
_MELD_CONCEPTS = {MeldKind.GROUP: "ryhma", MeldKind.RUN: "suora"}


def _meld_concept(meld: Any) -> tuple[str, list[str]]:
    """A meld's concept and the options its rule sentence adds: a run with an ace says the ace's place."""
    concept = _MELD_CONCEPTS[meld.kind]
    return concept, ["ace"] if meld.kind is MeldKind.RUN and any(c.rank == 1 for c in meld.cards) else []


def _rule(concept: str, rules: RuleSet, options: Sequence[str] = ()) -> str:
    """The concept's shared sentence and the rule set's own sentences of ``options`` that apply."""
    parts = [_SHARED[concept]] if _SHARED.get(concept) else []
    if concept == "poisto" and rules.style == "rummy" and rules.final_discard == "optional":
        parts = [parts[0].replace(" aina ", " yleensä ")]  # (the last cards may all go onto the table)
    if concept in ("lisays", "lisays_oma") and rules.style == "rummy" and rules.must_open(False):
        parts.append("Ennen omaa avausta pöydän yhdistelmiin ei saa lisätä kortteja.")  # (the engine's NOT_OPENED)
    parts += [statement(o, rules) for o in options if applies(o, rules)]
    return " ".join(parts)


def _melds_this_turn(moves: Sequence[Any], k: int) -> int:
    """How many new melds the turn of ``moves[k]`` plays (its moves up to the discard or knock)."""
    lo = k
    while lo > 0 and not isinstance(moves[lo - 1], (Discard, Knock, Pass)):
        lo -= 1
    hi = k
    while hi < len(moves) and not isinstance(moves[hi], (Discard, Knock)):
        hi += 1
    return sum(isinstance(m, PlayMeld) for m in moves[lo:hi])


def _turn_start(n: int) -> str:
    return f"{ordinal(n).capitalize()} vuorosi" if n <= 10 else f"{n}. vuorosi"


def _opening_values(meld: Any) -> list[int]:
    """Each card's points in an opening (as :func:`rommikirja.melds.meld_points` counts them)."""
    faces = [meld.stands_for(c) for c in meld.cards]
    if meld.kind is MeldKind.GROUP:
        return [opening_card_points(c.rank, high_ace=True) for c in faces]
    high = faces[-1].rank == 1 and len(faces) > 1 and faces[-2].rank == 13
    return [opening_card_points(c.rank, high) for c in faces]


def _sum(values: Sequence[int]) -> str:
    return " + ".join(map(str, values)) + f" = {sum(values)}"


def _sum_points(values: Sequence[int]) -> str:
    """``6 + 24 + 15 + 6 = 51 pistettä`` (the total with *piste* in agreement)."""
    return " + ".join(map(str, values)) + " = " + count(sum(values), "piste", digits=True)


def _run_end(high: bool) -> str:
    """The shortest run with the ace at its top or at its bottom, by the ranks' names, as the page
    says it: "rouva, kuningas, ässä" / "ässä, kakkonen, kolmonen"."""
    ranks = [*range(15 - MELD_MIN_CARDS, 14), 1] if high else [*range(1, MELD_MIN_CARDS + 1)]  # (13: the king)
    return ", ".join(rank_name(r) for r in ranks)


def deck_mark(card: Any, hand: Sequence[Any]) -> str:
    """ "¹" or "²" when ``hand`` holds both decks' copies of ``card`` (as Pelaa marks twin cards:
    ``deckMark`` in docs/assets/pelaa-apu.js), else ""."""
    body = card.code.rstrip("'")
    codes = {c.code for c in hand}
    if body not in codes or body + "'" not in codes:
        return ""
    return "¹" if card.code == body else "²"


def _name(card: Any, hand: Sequence[Any], case: str = "nom") -> str:
    """The card's Finnish name; a twin (both copies in ``hand``) adds its face as the page shows it
    and its deck: "patakakkosen (2♠², 2. pakka)"."""
    mark = deck_mark(card, hand)
    name = card_name(card, case)
    return f"{name} ({card.symbol}{mark}, {'1' if mark == '¹' else '2'}. pakka)" if mark else name


def _names(cards: Sequence[Any], hand: Sequence[Any], case: str = "nom") -> str:
    return join_list([_name(c, hand, case) for c in cards])


def named(cards: Sequence[Any], hand: Sequence[Any], case: str = "nom") -> str:
    """The cards' Finnish names as the guide says them (a twin in ``hand`` with its face and deck)."""
    return _names(cards, hand, case)


def faces(cards: Sequence[Any], hand: Sequence[Any] = ()) -> list[str]:
    """The cards as the page shows them: "2♠¹", "🃏"."""
    return [c.symbol + deck_mark(c, hand) for c in cards]


def count_line(meld: Any, hand: Sequence[Any] = ()) -> str:
    """A meld's opening points card by card: "Q♥ K♥ A♥ = 10 + 10 + 11 = 31"."""
    return " ".join(faces(meld.cards, hand)) + " = " + opening_sum(meld)


def opening_sum(meld: Any) -> str:
    """The card by card sum of a meld's opening points: "10 + 10 + 11 = 31"."""
    return _sum(_opening_values(meld))


def reader_moves(steps: Sequence[dict]) -> int:
    """How many moves the reader makes (an opening built meld by meld is one move of several steps)."""
    return len({s["at"] for s in steps})


def _opening_note(deal: Any, move: Any, names: Sequence[str]) -> str:
    """Another player's opening, counted: "Eero avasi: Q♥ K♥ A♥ = 10 + 10 + 11 = 31 ja …"."""
    after = deal.copy()
    after.play(move)
    made = [tm.meld for tm in after.table[-len(move.melds) :]]
    total = sum(meld_points(m) for m in made)
    text = (
        f"{names[deal.turn]} avasi: {join_list([count_line(m) for m in made])}, yhteensä "
        f"{count(total, 'piste', digits=True)}."
    )
    if any(m.kind is MeldKind.RUN and m.stands_for(m.cards[-1]).rank == 1 for m in made):
        text += (
            f" Suoran yläpäässä ({_run_end(True)}) ässä on avauksessa {count(ACE_HIGH_POINTS, 'piste', digits=True)}, "
            f"alapäässä ({_run_end(False)}) {count(ACE_LOW_POINTS, 'piste', digits=True)}."
        )
    return text


def _onto_yours_note(deal: Any, move: Any, names: Sequence[str], said: bool) -> str:
    """Another player's lay-off onto the reader's meld: "Eero lisäsi herttakuutosen yhdistelmääsi
    (7♥ 8♥ 9♥)." and, the first time (``said``: already said), the rule that any player may
    (the shared lay-off sentence)."""
    meld = " ".join(faces(deal.table[move.target].meld.cards))
    cards = join_list([card_name(c, "gen") for c in move.cards])
    text = f"{player_name(names[deal.turn])} lisäsi {cards} yhdistelmääsi ({meld})."
    if not said:
        text += " " + _SHARED["lisays_oma"]
    return text


def _table_joker(deal: Any, names: Sequence[str]) -> str:
    """A sentence on the first table meld with a joker in it (another player's), or ""."""
    for tm in deal.table:
        for j, c in tm.meld.jokers:
            who = player_name(names[tm.owner], "gen")
            return f"{who} yhdistelmässä ({cards_text(tm.meld.cards)}) jokeri esittää {card_name(c, 'part')}."
    return ""


def _discard_risk(card: Any, deal: Any, names: Sequence[str], said: bool) -> str:
    """A sentence on the table's melds and the discard, or "": whether the next player could take
    ``card`` from the discard pile and lay it off at once (:func:`next_player_fit`), said every time
    it could, and when every other card the reader could discard could be laid off too, that this is
    still the one to discard; that it fits no table meld, said once (``said``: already said)."""
    if not deal.table or isinstance(deal, GinDeal):
        return ""
    risk = next_player_fit(deal, card)
    if risk is not None:
        nxt, fit = risk
        meld = cards_text(deal.table[fit.target].meld.cards)
        text = (
            f"Varo kuitenkin: kortti sopii pöydän yhdistelmään ({meld}), joten {player_name(names[nxt])} voi "
            "ottaa sen poistopakasta ja lisätä sen pöytään."
        )
        others = [m.card for m in deal.legal_moves() if isinstance(m, Discard) and m.card != card]
        if others and all(next_player_fit(deal, c) is not None for c in others):
            text += (
                " Jokainen muukin kortti, jonka voisit poistaa, sopisi pöytään, joten tämä on silti paras poistettava."
            )
        return text
    if said or fits_table(deal, [card]):
        return ""
    return (
        "Pöydän yhdistelmiin se ei sovi, joten seuraava pelaaja ei voi lisätä sitä niihin. Hän voi silti ottaa "
        "sen poistopakasta, jos hänellä on kortit, joiden kanssa se muodostaa uuden yhdistelmän."
    )


def draw_reason(deal: Any, names: Sequence[str], subject: str = "Se", values: Any = None) -> str:
    """Why the reader draws from the stock rather than take the discard pile's top card, true by the
    engine, one or two sentences (``subject``: how the first names the card; ``values``: called with
    the cards of an opening count, what it returns follows the count): the engine's refusal
    when taking it is not allowed; gin: that it would not lower the deadwood; else that it makes a
    meld with the hand that cannot be played this turn (the opening it would not complete), a pair
    without a third card, or that it fits no card of the hand."""
    top = deal.discard[-1]
    hand = list(deal.hand)
    rules = deal.rules
    who = player_name(names[deal.turn])
    err = deal.refusal(Draw(DISCARD))
    if err is not None:
        said = err.sentence(who)
        return second_person(said, who) or said
    partner = next((c for c in hand if not c.is_joker and waiting_cards([top, c], rules)), None)
    # (the pair's missing card: "yhdistelmään tarvittaisiin vielä herttakymppi"; not one whose every
    # copy is out of play in a table meld or the reader's hand; one whose last copies are in the
    # discard pile is said to be there)
    can_come, out = still_to_come(waiting_cards([top, partner], rules), deal) if partner else ([], "")
    if can_come:
        wanted = join_list([card_name(c) for c in can_come], "tai") + (f" ({out})" if out else "")
    else:
        wanted = f"kortti, joka ei ole nyt saatavilla: {out}" if out else "kortti, joka on jo pöydän yhdistelmässä"
    if isinstance(deal, GinDeal):
        if partner is None:
            return f"{subject} ei sovi yhdistelmään minkään korttisi kanssa."
        return (
            f"{subject} sopisi yhteen {card_name_yours(partner)} kanssa, mutta yhdistelmään tarvittaisiin vielä "
            f"{wanted}, eikä irtokorttiesi arvo pienenisi."
        )
    trial = deal.copy()
    trial.play(Draw(DISCARD))
    if any(top in _move_cards(m) for m in trial.legal_moves() if isinstance(m, (Open, PlayMeld, LayOff))):
        return f"{subject} sopisi pelattavaksi heti, mutta tässä opetusjaossa nostetaan nyt nostopakasta."
    meld = _meld_with(top, hand, rules)
    if meld is not None:
        shown = " ".join(faces(meld, hand + [top]))
        if rules.must_open(deal.opened[deal.turn]):
            why = f"mutta avausta et saisi sillä vielä kokoon: {opening_shortfall(hand + [top], rules)}"
            note = values(hand + [top]) if values is not None else ""  # (" Avauksen pisteissä … esittää.")
            if note:
                why += "." + note.rstrip(".")
            packed = best_opening(hand + [top], rules.with_options(opening_points=0))
            joker = next((c for c in meld if c.is_joker), None)
            if (
                joker is not None
                and packed is not None
                and any(joker in m.cards and set(m.cards) != set(meld) for m in packed.melds)
            ):  # (the count above has the joker in another meld)
                why += ". Jokerikin voi kuulua vain yhteen yhdistelmään"
            held = best_opening(hand, rules.with_options(opening_points=0))
            if packed is not None and held is not None and held.points == packed.points:  # (another packing, no gain)
                why += (
                    f". Ilman {card_name(top, 'part')}kin yhdistelmiesi arvo on jo nyt "
                    f"{count(held.points, 'piste', digits=True)}, joten {card_name(top)} ei toisi avausta yhtään lähemmäksi"
                )
        else:
            why = "mutta et voisi pelata sitä vielä tällä vuorolla"
        return f"{subject} tekisi kahdesta kortistasi yhdistelmän {shown}, {why}."
    if partner is not None:
        return f"{subject} sopisi yhteen {card_name_yours(partner)} kanssa, mutta yhdistelmään tarvittaisiin vielä {wanted}."
    if fits_table(deal, [top]):
        for i, tm in enumerate(trial.table):
            if fits_table(SimpleNamespace(rules=rules, table=[tm]), [top]):
                err = trial.refusal(LayOff((top,), i))
                if err is not None:
                    said = err.sentence(who)
                    return f"{subject} sopisi pöydän yhdistelmään, mutta {_lower(second_person(said, who) or said)}"
                break
    return f"{subject} ei sovi yhdistelmään minkään korttisi kanssa."


def _melds_text(melds: Sequence[Any], hand: Sequence[Any], case: str) -> str:
    """ "ryhmän 3♠ 3♦ 3♣ ja suoran 3♥ 4♥ 5♥": each meld's kind in ``case`` and its faces."""
    return join_list([f"{noun(m.kind.finnish, case)} {' '.join(faces(m.cards, hand))}" for m in melds])


def _knock_spread(deal: Any, move: Any, other: str) -> str:
    """What a knock lays down, from the engine's outcome of ``move``: " Koputtaessasi levität
    pöytään ryhmän 3♠ 3♦ 3♣ ja suoran 3♥ 4♥ 5♥; irtokorteiksi jäävät 2♠ 4♠ A♥ A♣.", and when
    those melds are not the ones the hand is grouped in, that the knocker chooses, and when the
    grouping leaves as much deadwood but more cards the reader has not seen go onto it, that
    (by what the reader can see: the engine's own choice weighs the opponent's, ``other``'s, hand)."""
    after = deal.copy()
    after.play(move)
    out = after.outcome
    hand = list(deal.hand)
    rules = deal.rules
    melds = [Meld.from_cards(list(m), rules) for m in out.knocker_melds]
    if not melds:
        return ""
    text = f" Koputtaessasi levität pöytään {_melds_text(melds, hand, 'gen')}"
    if out.knocker_deadwood:
        text += f"; irtokorteiksi jäävät {' '.join(faces(sort_cards(out.knocker_deadwood), hand))}"
    text += "."
    grouped = best_arrangement([c for c in hand if c != move.card], rules)  # (the knock's discard made)
    shown = {frozenset(m) for m in grouped.melds}
    if all(frozenset(m.cards) in shown for m in melds):
        return text
    text += " Koputtaja saa itse päättää, miten hän levittää kätensä yhdistelmiksi."
    laid = {frozenset(m.cards) for m in melds}
    theirs = [Meld.from_cards(list(m), rules) for m in grouped.melds if frozenset(m) not in laid]
    mine = [m for m in melds if frozenset(m.cards) not in shown]
    seen = set(hand) | set(deal.discard)

    def fits(ms: Sequence[Any]) -> list[Any]:  # cards not seen by the reader that go onto the melds
        return sort_cards({c for m in ms for c in waiting_cards(m.cards, rules) if c not in seen})

    if grouped.deadwood_points != sum(rules.card_points(c.rank) for c in out.knocker_deadwood):
        return text
    here, there = fits(mine), fits(theirs)
    if len(here) >= len(there):
        return text
    onto = "siihen" if len(theirs) == 1 else "niihin"
    text += (
        f" Saman irtokorttien arvon saisit myös levittämällä {_melds_text(theirs, hand, 'gen')}, mutta {onto} "
        f"{player_name(other)} voisi liittää {join_list([card_name(c, 'gen') for c in there], 'tai')}, kun taas "
        f"{_melds_text(mine, hand, 'ill')} "
        + (
            f"hän voisi liittää vain {join_list([card_name(c, 'gen') for c in here], 'tai')}."
            if here
            else "ei voi liittää yhtään korttia."
        )
    )
    return text


def opening_needs(rules: RuleSet) -> str:
    """What an opening needs, after "avaukseen tarvitaan": its least points and, where the rules
    ask for one, a run without a joker.

    >>> opening_needs(RuleSet(opening_points=51, opening_pure_run=True))
    'vähintään 51 pistettä ja jokeriton suora'
    >>> opening_needs(RuleSet(opening_points=1))
    'vähintään 1 piste'
    """
    pure = " ja jokeriton suora" if rules.opening_pure_run else ""
    return f"vähintään {count(rules.opening_points, 'piste', digits=True)}{pure}"


def opening_shortfall(cards: Sequence[Any], rules: RuleSet, would: bool = True) -> str:
    """What keeps ``cards`` from an opening, by the engine's best packing (:func:`best_opening`): the
    missing run without a joker, or the points the melds come to against the least an opening needs
    (``would``: of a hand the reader does not hold yet, "olisi"; else "on").

    >>> from rommikirja.cards import parse_cards
    >>> rules = RuleSet(opening_points=51, opening_pure_run=True, jokers=2, decks=2)
    >>> opening_shortfall(parse_cards("5S 5H 5D AS 2S 3S KC"), rules, would=False)
    'yhdistelmiesi arvo on enintään 6 + 15 = 21 pistettä (A♠ 2♠ 3♠ ja 5♠ 5♥ 5♦), ja avaukseen tarvitaan vähintään 51 pistettä ja jokeriton suora'
    >>> opening_shortfall(parse_cards("QS QH QD KS KH KD AC AH AD 2C"), rules)
    'kädessäsi ei olisi jokeritonta suoraa, jota avaukseen tarvitaan'
    """
    be, not_be = ("olisi", "ei olisi") if would else ("on", "ei ole")
    free = rules.with_options(opening_points=0)
    pure = best_opening(cards, free)
    most = best_opening(cards, free.with_options(opening_pure_run=False))
    need = count(rules.opening_points, "piste", digits=True)
    if most is None:
        return f"kädessäsi {not_be} yhtään yhdistelmää"
    if pure is None:
        text = f"kädessäsi {not_be} jokeritonta suoraa, jota avaukseen tarvitaan"
        if most.points < rules.opening_points:
            text += f", ja yhdistelmiesi arvo {be} vain {count(most.points, 'piste', digits=True)}"
        return text
    with_run = "jokerittoman suoran kanssa " if most.points > pure.points else ""
    values = [meld_points(m) for m in pure.melds]
    if sum(values) != pure.points:  # (the shown sum is the engine's count)
        raise RuntimeError("opening points: the melds' sum is not the engine's")
    most_text = _sum_points(values) if len(values) > 1 else count(pure.points, "piste", digits=True)
    shown = join_list([" ".join(faces(m.cards, cards)) for m in pure.melds])
    run = " ja jokeriton suora" if rules.opening_pure_run else ""
    return f"{with_run}yhdistelmiesi arvo {be} enintään {most_text} ({shown}), ja avaukseen tarvitaan vähintään {need}{run}"


def opening_values_note(cards: Sequence[Any], rules: RuleSet) -> str:
    """How the opening count of ``cards`` (:func:`opening_shortfall`'s melds) valued its ace and
    joker, before the steps that play them say so: "Avauksen pisteissä ässä on suoran alapäässä
    1 piste ja jokeri lasketaan sen kortin arvoisena, jota se esittää." ("" when it has neither).

    >>> from rommikirja.cards import parse_cards
    >>> rules = RuleSet(opening_points=51, opening_pure_run=True, jokers=2, decks=2, ace="high_or_low")
    >>> opening_values_note(parse_cards("AS 2S 3S 8C 10C JK 5H"), rules)
    'Avauksen pisteissä ässä on suoran alapäässä 1 piste ja jokeri lasketaan sen kortin arvoisena, jota se esittää.'
    >>> opening_values_note(parse_cards("5S 6S 7S 9H"), rules)
    ''
    """
    packed = best_opening(cards, rules.with_options(opening_points=0))
    if packed is None:
        return ""
    aces = {points for m in packed.melds for c, points in counted_faces(m) if c.rank == ACE}
    low, high = ACE_LOW_POINTS in aces, ACE_HIGH_POINTS in aces  # (the count's own values: meld_points')
    parts = []
    if low:
        parts.append(f"ässä on suoran alapäässä {count(ACE_LOW_POINTS, 'piste', digits=True)}")
    if high:
        parts.append(f"ässä on ryhmässä ja suoran yläpäässä {count(ACE_HIGH_POINTS, 'piste', digits=True)}")
    if any(m.jokers for m in packed.melds):
        parts.append("jokeri lasketaan sen kortin arvoisena, jota se esittää")
    return f"Avauksen pisteissä {join_list(parts)}." if parts else ""


def _stock_card(deal: Any, seat: int) -> Any:
    """The card ``seat`` drew from the stock this turn while it is still in the hand, else ``None``
    (a card taken from the discard pile: the draw's own step said what it is for)."""
    for e in reversed(deal.events):
        if e.player != seat or e.kind == EventKind.DRAW_DISCARD:
            return None
        if e.kind == EventKind.DRAW_STOCK:
            return e.cards[0] if e.cards[0] in deal.hands[seat] else None
    return None


def _moved(before: Sequence[frozenset], rest: Sequence[Any], melds: Sequence[Any], rules: RuleSet, first: bool) -> str:
    """(gin) A meld of the hand that the turn broke up because its cards now belong to other melds
    (``melds``: the engine's best of ``rest``, the hand after the discard): "Herttaseiska on nyt
    suorassa, joten ryhmää 7♠ 7♥ 7♣ ei enää lasketa: sama kortti voi kuulua vain yhteen yhdistelmään."
    (why, and that the hand's melds are only counted, not laid down: the ``first`` time), and when the meld could still be kept, the deadwood it would leave
    (the engine's best of the other cards): how the better grouping is chosen; or ""."""
    now = {frozenset(m.cards): m for m in melds}
    for old in before:
        if old in now:
            continue
        went = [(c, m) for c in sort_cards(old) for m in melds if c in m.cards]
        if not went:
            continue
        broken = Meld.from_cards(sort_cards(old), rules)
        if len(went) == 1:
            card, into = went[0]
            where = f"{card_name(card).capitalize()} on nyt {noun(into.kind.finnish, 'ine')}"
        else:
            where = f"{join_list([card_name(c) for c, _ in went]).capitalize()} ovat nyt muissa yhdistelmissä"
        why = (
            ": sama kortti voi kuulua vain yhteen yhdistelmään. Kortit pysyvät kädessäsi koko jaon ajan, joten "
            "niiden jaottelu yhdistelmiin voi muuttua joka vuorolla; tässä ne jaetaan aina niin, että irtokorttiesi arvo jää "
            "pienimmäksi"
            if first
            else ""
        )
        text = (
            f"{where}, joten {noun(broken.kind.finnish, 'part')} {' '.join(faces(broken.cards))} ei enää lasketa{why}."
        )
        if old <= set(rest):  # (the meld could be kept: what it would leave)
            kept = best_arrangement([c for c in rest if c not in old], rules).deadwood_points
            text += (
                f" Jos pitäisit {noun(broken.kind.finnish, 'gen')}, irtokorttiesi arvo olisi "
                f"{count(kept, 'piste', digits=True)}."
            )
        return text
    return ""


def kept_on_turn_over(card: Any) -> str:
    """The last discard kept out of a turned pile (``stock_exhausted: turn_over_keep_top``)."""
    return (
        f"Viimeksi poistettu kortti, {card_name(card)}, ei käänny pakan mukana, vaan jää aloittamaan uuden poistopakan."
    )


def _covered_note(missed: tuple[int, Any, list], coverer: int, names: Sequence[str]) -> str:
    """Another player's discard that would have made a meld with the reader's cards, covered by the
    next discard before the reader's turn: why it cannot be taken any more (said once)."""
    who, card, meld = missed
    shown = " ".join(faces(meld))
    return (
        f"{player_name(names[who])} poisti {card_name(card, 'gen')}, josta olisi tullut korttiesi kanssa "
        f"yhdistelmä {shown}, mutta {player_name(names[coverer])} poisti sen päälle toisen kortin. Poistopakasta "
        "saa ottaa vain päällimmäisen kortin, ja vain omalla vuorollaan."
    )


def _lower(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


#: What the guide asks after explaining a legal move that is not the guided one.
TRY_GUIDED = "Tee nyt ohjeen mukainen siirto."


def other_reason(
    deal: Any, tried: Any, expected: Any, names: Sequence[str], tried_words: str, guided_words: str
) -> str:
    """The answer to a legal move that is not the guided one (``tried_words``, ``guided_words``: the
    two moves in words, after "voisit myös" and "tässä opetusjaossa"): why the guided move is the one
    to make, where the engine knows — a discard's reason against the tried card's, gin's deadwood after
    each, the draw's reason, how many cards each play takes out of the hand, a knock against a plain
    discard of the same card — and what to try."""
    rules = deal.rules
    head = f"Sääntöjen mukaan voisit myös {tried_words}"
    tail = f" {TRY_GUIDED}"
    hand = list(deal.hand)
    if isinstance(tried, Discard) and isinstance(expected, Knock) and tried.card == expected.card:
        rest = [c for c in hand if c is not tried.card]
        dw = best_arrangement(rest, rules).deadwood_points
        return (
            f"Sääntöjen mukaan voisit myös poistaa {_name(tried.card, hand, 'gen')} koputtamatta, jolloin jako jatkuu. "
            f"Tässä opetusjaossa koputetaan nyt: poiston jälkeen irtokorttiesi arvo on {count(dw, 'piste', digits=True)}, "
            "joten saat koputtaa, ja jako päättyy. Paina Koputa."
        )
    if isinstance(tried, Discard) and isinstance(expected, Knock):
        dw = best_arrangement([c for c in hand if c is not expected.card], rules).deadwood_points
        return (
            f"{head}, mutta tässä opetusjaossa {guided_words}: sen poiston jälkeen irtokorttiesi arvo on "
            f"{count(dw, 'piste', digits=True)}, joten saat koputtaa.{tail}"
        )
    if isinstance(tried, Discard) and isinstance(expected, (PlayMeld, LayOff, Open)):
        if tried.card in _move_cards(expected) and isinstance(expected, LayOff):
            meld = cards_text(deal.table[expected.target].meld.cards)
            return (
                f"{head}, mutta poisto päättäisi vuorosi. Tässä opetusjaossa se lisätään ensin pöydän "
                f"yhdistelmään ({meld}).{tail}"
            )
        return f"{head}, mutta poisto päättäisi vuorosi, ja tässä opetusjaossa {guided_words} ennen sitä.{tail}"
    if isinstance(tried, Discard) and isinstance(expected, Discard):
        if isinstance(deal, GinDeal):
            mine, guided = deadwood_after(deal, tried.card), deadwood_after(deal, expected.card)
            if guided == mine:
                return (
                    f"{head}: kummankin poiston jälkeen irtokorttiesi arvo on {count(mine, 'piste', digits=True)}. "
                    f"Tässä opetusjaossa {guided_words}, jotta jako etenee ohjeen mukaan.{tail}"
                )
            if guided < mine:
                return (
                    f"{head}, mutta tässä opetusjaossa {guided_words}: sen poiston jälkeen irtokorttiesi arvo on "
                    f"{count(guided, 'piste', digits=True)}, {_name(tried.card, hand, 'gen')} poiston jälkeen "
                    f"{count(mine, 'piste', digits=True)}.{tail}"
                )
        why = discard_reason(expected.card, deal, names)
        partner = next(
            (c for c in hand if c is not tried.card and not c.is_joker and waiting_cards([tried.card, c], rules)),
            None,
        )
        also = ""
        if partner is not None and not isinstance(deal, GinDeal):
            also = f" {card_name(tried.card).capitalize()} taas sopii yhteen {card_name_yours(partner)} kanssa."
        elif next_player_fit(deal, tried.card) is not None and next_player_fit(deal, expected.card) is None:
            also = f" {card_name(tried.card).capitalize()} taas sopii pöydän yhdistelmään, joten seuraava pelaaja voisi ottaa sen."
        return f"{head}, mutta tässä opetusjaossa {guided_words}: {why}.{also}{tail}"
    if isinstance(tried, Draw) and isinstance(expected, Draw) and tried.source == DISCARD and deal.discard:
        top = deal.discard[-1]
        if not deal.stock and not isinstance(deal, GinDeal):
            return (
                f"Sääntöjen mukaan voisit myös ottaa poistopakan kortin, {card_name(top, 'gen')}. Nostopakka on kuitenkin "
                "loppunut, ja tässä opetusjaossa näet nyt, miten poistopakka käännetään uudeksi nostopakaksi. Paina Nosta."
            )
        why = draw_reason(deal, names, card_name(top).capitalize())
        return f"Sääntöjen mukaan voisit myös ottaa poistopakan kortin, mutta tässä opetusjaossa {guided_words}. {why}{tail}"
    if isinstance(tried, (Draw, Pass)) and isinstance(expected, Draw) and expected.source == DISCARD and deal.discard:
        top = deal.discard[-1]
        what = "avokortti" if isinstance(tried, Pass) else "poistopakan päällimmäinen kortti"
        if isinstance(deal, GinDeal):
            now = best_arrangement(hand, rules).deadwood_points
            then = best_discard(hand + [top], [top], rules).deadwood_points
            if then < now:
                return (
                    f"{head}, mutta tässä opetusjaossa otetaan nyt {what}, {card_name(top)}: kun poistat sen jälkeen "
                    f"kortin, irtokorttiesi arvo laskee {count(now, 'piste', 'ela', digits=True)} "
                    f"{count(then, 'piste', 'ill', digits=True)}.{tail}"
                )
        else:
            trial = deal.copy()
            trial.play(expected)
            if any(top in _move_cards(m) for m in trial.legal_moves() if isinstance(m, (Open, PlayMeld, LayOff))):
                return (
                    f"{head}, mutta tässä opetusjaossa otetaan nyt {what}, {card_name(top)}: voit pelata sen heti "
                    f"pöytään.{tail}"
                )
        return f"{head}, mutta tässä opetusjaossa otetaan nyt {what}, {card_name(top)}: se sopii käteesi.{tail}"
    if isinstance(tried, (PlayMeld, LayOff, Open)) and isinstance(expected, (PlayMeld, LayOff, Open)):
        nt, ne = len(_move_cards(tried)), len(_move_cards(expected))
        if ne > nt:
            return (
                f"{head}, mutta tässä opetusjaossa {guided_words}: näin kädestäsi lähtee {count(ne, 'kortti')} "
                f"{count(nt, 'kortti', 'gen')} sijaan.{tail}"
            )
    return f"{head}, mutta tässä opetusjaossa {guided_words}.{tail}"


def _move_cards(move: Any) -> list[Any]:
    """The cards a move plays from the hand (an opening's melds' cards)."""
    return [c for meld in move.melds for c in meld] if isinstance(move, Open) else list(getattr(move, "cards", ()))


def taken_note(deal: Any, moves: Sequence[Any], k: int, card: Any, names: Sequence[str], fitted: bool) -> str:
    """After another player takes the reader's discard ``card`` (``moves[k]``, ``deal`` before it):
    what they did with it, from the moves, and the lesson: "Eero otti poistamasi ruuturouvan ja pelasi
    pöytään ryhmän (…). Poistettu kortti voi auttaa seuraavaa pelaajaa, vaikka se ei sopisi pöytään."
    (``fitted``: the card fitted a table meld, which the guide warned of, so no lesson again)."""
    who = names[deal.turn]
    took = f"{who} otti poistamasi {card_name(card, 'gen')}"
    use = _later_use(moves, k, card)
    if isinstance(deal, GinDeal):
        return f"{took}: poistettu kortti voi auttaa vastustajaa."
    if isinstance(use, PlayMeld):
        meld = Meld.from_cards(list(use.cards), deal.rules)
        took += f" ja pelasi pöytään {noun(meld.kind.finnish, 'gen')} ({cards_text(meld.cards)})"
    elif isinstance(use, Open):
        took += " ja käytti sen avauksessaan"
    elif isinstance(use, LayOff):
        took += " ja lisäsi sen pöytään"
    if fitted:
        return took + "."
    return took + ". Poistettu kortti voi auttaa seuraavaa pelaajaa, vaikka se ei sopisi mihinkään pöydän yhdistelmään."


def _later_use(moves: Sequence[Any], k: int, card: Any) -> Any:
    """The move later in the same turn that plays ``card`` (a taken discard's purpose)."""
    for m in moves[k + 1 :]:
        if isinstance(m, (Discard, Knock)):
            return m if getattr(m, "card", None) == card else None
        cards = [c for meld in m.melds for c in meld] if isinstance(m, Open) else list(getattr(m, "cards", ()))
        if card in cards:
            return m
    return None


def _going_out_plan(deal: Any, moves: Sequence[Any], k: int) -> str:
    """When the turn that ``moves[k]`` starts ends with the reader going out by a discard: " Lopuksi
    poistat viimeisen korttisi, ruutukakkosen, jolloin kätesi tyhjenee ja menet ulos." (the turn's
    plan, said at its draw); else ""."""
    trial = deal.copy()
    seat = deal.turn
    for move in moves[k:]:
        if isinstance(move, Discard):
            last = list(trial.hand)
            trial.play(move)
            if trial.is_over and not trial.hands[seat] and last == [move.card]:
                return (
                    f" Lopuksi poistat viimeisen korttisi, {card_name(move.card, 'gen')}, jolloin kätesi tyhjenee ja "
                    "menet ulos."
                )
            return ""
        trial.play(move)
        if trial.is_over or trial.turn != seat:
            return ""
    return ""


def _use_words(use: Any, deal: Any) -> str:
    """What a taken discard is for, said at the draw (``use``: the move of the same turn that plays
    it; ``deal``: before the draw): "Sillä saat kokoon yhdistelmän 5♠ 5♥ 5♦, jonka pelaat tällä
    vuorolla pöytään."."""
    hand = list(deal.hand) + [deal.discard[-1]]
    if isinstance(use, Open):
        return "Sillä saat avauksen kokoon, ja avaat tällä vuorolla."
    if isinstance(use, LayOff) and use.target < len(deal.table):
        meld = " ".join(faces(deal.table[use.target].meld.cards))
        return f"Sen voi lisätä tällä vuorolla pöydän yhdistelmään {meld}."
    if isinstance(use, PlayMeld):
        meld = Meld.from_cards(list(use.cards), deal.rules)
        return (
            f"Sillä saat kokoon yhdistelmän {' '.join(faces(meld.cards, hand))}, jonka pelaat tällä vuorolla pöytään."
        )
    return "Pelaat sen tällä vuorolla pöytään."


def guide(start: Any, moves: Sequence[Any], seat: int, names: Sequence[str]) -> list[dict]:
    """Per move of ``seat`` in the deal from ``start`` (not changed): ``{"at", "action", "cards",
    "onto", "concept", "text", "rule", "how"}``; ``at`` is the move's index in ``moves``."""
    deal = start.copy()
    rules: RuleSet = deal.rules
    gin = isinstance(deal, GinDeal)
    seen: set[str] = set()
    out: list[dict] = []
    turns = 0

    introduced: list[str] = []

    def values_once(cards: Sequence[Any]) -> str:
        """ " Avauksen pisteissä ässä on …" the first time an opening count values an ace or a joker."""
        note = "" if "avausarvot" in seen else opening_values_note(cards, rules)
        if note:
            seen.add("avausarvot")
        return f" {note}" if note else ""

    def introduce(concept: str, options: Sequence[str] = ()) -> str:
        if concept in seen:
            return ""
        seen.add(concept)
        introduced.append(concept)
        return _rule(concept, rules, options)

    events = 0
    held: list[frozenset] = []  # (gin) the reader's melds in the hand before the turn's draw
    notes: list[str] = []  # what the other players did that the reader's next step shows (an opening, counted)
    thrown: tuple[Any, bool] | None = None  # the reader's last discard on the pile, and whether it fitted the table
    missed: tuple[int, Any, list] | None = None  # another player's discard that fitted the reader's cards
    for k, move in enumerate(moves):
        if deal.turn != seat or deal.is_over:
            if isinstance(move, Open) and not deal.is_over:
                notes.append(_opening_note(deal, move, names))
            if isinstance(move, LayOff) and not deal.is_over and deal.table[move.target].owner == seat:
                notes.append(_onto_yours_note(deal, move, names, "omat" in seen))
                seen.add("omat")
            if thrown is not None and move == Draw(DISCARD) and deal.discard and deal.discard[-1] == thrown[0]:
                notes.append(taken_note(deal, moves, k, thrown[0], names, thrown[1]))
            if isinstance(move, (Discard, Knock)):
                thrown = None
            if isinstance(move, Discard) and not gin and "peitetty" not in seen:
                if missed is not None:  # a card the reader could have used, covered before the reader's turn
                    seen.add("peitetty")
                    notes.append(_covered_note(missed, deal.turn, names))
                    missed = None
                elif deal.hands[deal.turn] != [move.card] and not any(  # (not a going-out discard, and
                    c.code.rstrip("'") == move.card.code.rstrip("'") for c in deal.hands[seat]
                ):  # no twin of a card the reader holds: the meld it shows may be one the reader has)
                    mine = [c for c in deal.hands[seat] if not c.is_joker]
                    found = _meld_with(move.card, mine, rules)
                    missed = (deal.turn, move.card, found) if found is not None else None
            elif isinstance(move, Draw) and move.source == DISCARD:
                missed = None
            deal.play(move)
            continue
        missed = None
        introduced = []
        steps_before: list[dict] = []  # an opening's steps, meld by meld, before its button
        watched: list[str] = []
        turned = any(e.kind == "turn_over" for e in deal.events[events:])
        events = len(deal.events)
        top = deal.discard[-1] if deal.discard else None
        first = isinstance(move, (Draw, Pass)) or (gin and deal.phase is GinPhase.OFFER)
        if first:
            turns += 1
            if gin:  # (the hand's melds before this turn's draw: a meld the turn breaks up is said)
                held = [frozenset(m) for m in best_arrangement(deal.hand, rules).melds]
        lead = _turn_start(turns) + ": " if first else ""
        cards: list[str] = []
        onto = None
        rule = ""
        if isinstance(move, Pass):
            action, concept = "pass", "avokortti"
            text = f"{lead}avokortti on {card_name(top)}. Se ei paranna kättäsi, joten jätä se ottamatta."
            if gin and deal.dealer is not None and deal.dealer != seat and turns == 1:
                text += f" {player_name(names[deal.dealer])} jakoi, joten sinä päätät avokortista ensin."
            how = "Paina Passaa."
            rule = introduce(concept, ["upcard_offer"] if gin else ["upcard"])
        elif isinstance(move, Draw) and move.source == STOCK:
            action, concept = "draw_stock", "nosto"
            # the deal's upcard, still the only card of the pile: the set-up said in the past in the
            # text, not as the draw's rule (where "käännetään" read as the drawn card's fate)
            upcard_now = (
                not gin
                and rules.upcard
                and len(deal.discard) == 1
                and not deal.turnovers
                and not any(isinstance(m, Discard) for m in moves[:k])
            )
            if gin and deal.phase is GinPhase.FORCED:
                text = f"{lead}kumpikaan ei ottanut avokorttia, joten nyt nostetaan nostopakasta."
            elif not deal.stock and not gin:  # this draw turns the discard pile over
                after = deal.copy()
                after.play(move)
                got = [c for c in after.hand if c not in deal.hand]
                bottom = rules.stock_exhausted.startswith("turn_over") and bool(got) and got[0] == deal.discard[0]
                text = (
                    f"{lead}nostopakka on loppunut. Kun painat Nosta, poistopakka käännetään ensin uudeksi "
                    "nostopakaksi, ja saat sen päällimmäisen kortin"
                    + (f", {card_name(got[0], 'gen')}." if got else ".")
                    + (
                        " Se oli poistopakan pohjimmainen kortti"
                        + (", jaon alussa käännetty avokortti" if rules.upcard and not deal.turnovers else "")
                        + ", ja kun pakka käännetään, se tulee päällimmäiseksi."
                        if bottom
                        else ""
                    )
                )
                if after.discard and len(deal.discard) > 1 and after.discard[-1] == deal.discard[-1]:
                    # (the engine kept the last discard out of the turned pile)
                    text += " " + kept_on_turn_over(deal.discard[-1])
            elif top is not None:
                why = draw_reason(deal, names, values=values_once)  # (an opening count's ace and joker, once)
                text = (
                    f"{lead}jaettuaan kortit jakaja käänsi nostopakan päällimmäisen kortin, {card_name(top, 'gen')}, kuvapuoli "
                    f"ylöspäin poistopakan ensimmäiseksi kortiksi. {why} Nosta siis kortti nostopakasta."
                    if upcard_now
                    else f"{lead}poistopakan päällimmäinen kortti on {card_name(top)}. {why} Nosta siis kortti nostopakasta."
                )
            else:
                text = f"{lead}poistopakka on tyhjä, joten nosta kortti nostopakasta."
            if gin and "irtokortit" in seen and "tavoite" not in seen and rules.knock_limit:
                seen.add(
                    "tavoite"
                )  # the deal's aim, once the deadwood has been counted (a short step: the phone's screen)
                text += (
                    f" Tavoite: kun irtokorttiesi arvo on enintään {count(rules.knock_limit, 'piste', digits=True)}, "
                    "voit koputtaa."
                )
            how = "Paina Nosta."
            rule = introduce(concept, ["upcard"] if not gin and not upcard_now else [])
            if not deal.stock and not gin:
                rule = " ".join(x for x in (rule, introduce("kaannetty", ["stock_exhausted", "max_turnovers"])) if x)
        elif isinstance(move, Draw) and move.source == DISCARD:
            action, concept = "draw_discard", "poistopakasta"
            use = _later_use(moves, k, top)
            if gin and deal.phase is GinPhase.OFFER:
                concept = "avokortti"
                now = best_arrangement(deal.hand, rules).deadwood_points
                then = best_discard(list(deal.hand) + [top], [top], rules).deadwood_points
                mates = partners(top, list(deal.hand), rules)[:2]  # (what it fits: more than the points it saves)
                fits = f"se sopii yhteen {join_list([card_name_yours(p) for p in mates])} kanssa, ja " if mates else ""
                text = f"{lead}avokortti on {card_name(top)}. Ota se: {fits}" + (
                    "kun poistat sen jälkeen kortin, irtokorttiesi arvo laskee "
                    f"{count(now, 'piste', 'ela', digits=True)} {count(then, 'piste', 'ill', digits=True)}."
                    if then < now
                    else "se sopii käteesi."
                )
                if deal.dealer is not None and deal.dealer != seat and turns == 1:
                    text += f" {player_name(names[deal.dealer])} jakoi, joten sinä päätät avokortista ensin."
            elif use is not None and not isinstance(use, (Discard, Knock)):
                text = f"{lead}ota poistopakan päällimmäinen kortti, {card_name(top)}. " + _use_words(use, deal)
                if len(deal.hand) == 1:  # the taken card cannot be the last discard (the engine's fact)
                    trial = deal.copy()
                    trial.play(move)
                    if trial.refusal(Discard(top)) is not None:
                        text += (
                            f" Ennen ottamista kädessäsi on vain {_name(deal.hand[0], deal.hand)}. Poistopakasta "
                            "otettua korttia ei saa poistaa samalla vuorolla, joten tällä vuorolla pääset ulos vain "
                            f"pelaamalla {card_name(top, 'gen')} pöytään."
                        )
                text += _going_out_plan(deal, moves, k)
            else:
                text = f"{lead}ota poistopakan päällimmäinen kortti, {card_name(top)}: se parantaa kättäsi."
                if gin:  # by how much: the deadwood now and after this turn's discard
                    now = best_arrangement(deal.hand, rules).deadwood_points
                    then = best_discard(list(deal.hand) + [top], [top], rules).deadwood_points
                    if then < now:
                        text = f"{lead}ota poistopakan päällimmäinen kortti, {card_name(top)}. " + (
                            "Se parantaa kättäsi: kun poistat sen jälkeen kortin, irtokorttiesi arvo laskee "
                            f"{count(now, 'piste', 'ela', digits=True)} {count(then, 'piste', 'ill', digits=True)}."
                        )
            how = "Paina Ota poistopakasta."
            rule = introduce(concept, ["upcard_offer"] if concept == "avokortti" else [])
            taken = introduce("otettu")
            rule = " ".join(x for x in (rule, taken) if x)
        elif isinstance(move, Open):  # built meld by meld: a step per meld, then the button
            action, concept, how = "open", "avaus", "Paina Avaa."
            hand = list(deal.hand)
            after = deal.copy()
            after.play(move)
            made = [tm.meld for tm in after.table[-len(move.melds) :]]
            cards = [c.code for m in made for c in m.cards]
            cards_in = [c for m in move.melds for c in m]
            built: list = []  # the cards of the melds before this one
            said: list[str] = []
            pure_said = False
            for i, m in enumerate(made):
                introduced = []
                kd, options = _meld_concept(m)
                word = m.kind.finnish
                parts = [introduce("avaus", ["opening_points", "opening_pure_run"])] if i == 0 else []
                parts.append(introduce(kd, options))
                text = (
                    f"{ordinal(i + 1).capitalize()} yhdistelmä on {word}: {_names(m.cards, hand)}. "
                    f"Sen pisteet avauksessa: {count_line(m, hand)}."
                )
                for j, c in m.jokers:
                    text += (
                        f" Jokeri esittää {card_name(c, 'part')}, ja avauksen pisteissä se lasketaan sen kortin "
                        "arvoisena."
                    )
                held = [c for c in hand if c.is_joker and c not in built]  # (still in the hand)
                if m.jokers and len(held) > 1 and all(c in cards_in for c in held):
                    # (the page and the engine take any of them: they all go into the opening)
                    text += f" {'Kumpi' if len(held) == 2 else 'Mikä'} tahansa kädessäsi olevista jokereista käy tähän."
                if m.jokers:  # (a joker's value left in the hand belongs to the scoring: said in the closing)
                    said_joker = introduce("jokeri", ["max_jokers_per_meld"])
                    if said_joker:
                        introduced.append(JOKER_VALUE_LATER)
                    parts.append(said_joker)
                if rules.opening_pure_run and m.kind is MeldKind.RUN and not m.jokers and not pure_said:
                    pure_said = True
                    text += " Suorassa ei ole jokeria, joten avaukseen tulee puhdas suora."
                if any(m.stands_for(c).rank == 1 for c in m.cards):
                    text += (
                        f" Ässä on avauksessa {count(ACE_HIGH_POINTS, 'piste', digits=True)} ryhmässä ja suoran "
                        f"yläpäässä ({_run_end(True)}), mutta {count(ACE_LOW_POINTS, 'piste', digits=True)} suoran "
                        f"alapäässä ({_run_end(False)})."
                    )
                    ace_said = applies("ace", rules) and statement("ace", rules) in " ".join(said + parts)
                    parts.append(introduce("assa", [] if ace_said else ["ace"]))
                said += [x for x in parts if x]
                built += list(move.melds[i])
                steps_before.append(
                    {
                        "at": k,
                        "part": i,
                        "action": "open_part",
                        "cards": [c.code for c in m.cards],
                        "onto": None,
                        "concept": "avaus" if i == 0 else kd,
                        "text": text,
                        "rule": " ".join(x for x in parts if x),
                        "how": f"Valitse kortit {join_list(faces(m.cards, hand))}. Paina sitten Lisää avaukseen.",
                        "introduces": introduced,
                        "watched": [],
                    }
                )
            pure = " ja joiden joukossa on jokeriton suora" if rules.opening_pure_run else ""
            steps_before[0]["note"] = (  # (another player's opening, counted, goes before it)
                f"Nyt voit avata: kädessäsi on {count(len(made), 'yhdistelmä')}, joiden arvo on yhteensä vähintään "
                f"{count(rules.opening_points, 'piste', digits=True)}{pure}. Kokoa avaus yhdistelmä kerrallaan: "
                "valitse yhden yhdistelmän kortit ja paina Lisää avaukseen, ja tee sitten sama seuraavalle yhdistelmälle."
            )
            introduced = []
            value = sum(meld_points(m) for m in made)
            pure = ", ja siinä on jokeriton suora" if rules.opening_pure_run else ""
            text = (
                "Avaus on koossa: "
                + (_sum_points([meld_points(m) for m in made]) if len(made) > 1 else count(value, "piste"))
                + ". Se riittää, sillä avaukseen tarvitaan vähintään "
                f"{count(rules.opening_points, 'piste', digits=True)}{pure}. Pelaa avaus pöytään."
            )
            if value != sum(sum(_opening_values(m)) for m in made):  # (the shown sums are the engine's count)
                raise RuntimeError("opening points: the guide's card-by-card sum is not the engine's")
        elif isinstance(move, PlayMeld):
            action = "meld"
            after = deal.copy()
            after.play(move)
            made = [after.table[-1].meld]
            cards = [c.code for m in made for c in m.cards]
            parts = [introduce(*_meld_concept(m)) for m in made]
            concept = _meld_concept(made[0])[0]
            text = f"Pelaa pöytään {made[0].kind.finnish}: {_names(made[0].cards, deal.hand)}."
            drawn = _stock_card(deal, seat)
            if drawn is not None and drawn in made[0].cards:  # (the card the draw's step could not name)
                text = (
                    f"Nostamasi {_name(drawn, deal.hand)} tekee {noun(made[0].kind.finnish, 'ela')} valmiin: pelaa "
                    f"pöytään {_names(made[0].cards, deal.hand)}."
                )
            how = f"Valitse kortit {join_list(faces(made[0].cards, deal.hand))}. Paina sitten Pelaa."
            if rules.melds_per_turn != "any" or _melds_this_turn(moves, k) > 1:  # (said where the move shows it)
                parts.append(introduce("monta", ["melds_per_turn"]))
            if any(c.is_joker for m in made for c in m.cards):
                parts.append(introduce("jokeri", ["max_jokers_per_meld", "joker_points"]))
                for m in made:
                    for j, c in m.jokers:
                        text += f" Jokeri esittää {card_name(c, 'part')}."
            rule = " ".join(x for x in parts if x)
        elif isinstance(move, LayOff):
            action, concept = "lay_off", "lisays"
            cards = [c.code for c in move.cards]
            onto = move.target
            meld = deal.table[move.target].meld
            text = f"Lisää {_names(move.cards, deal.hand)} pöydän yhdistelmään ({cards_text(meld.cards)})."
            drawn = _stock_card(deal, seat)
            if drawn is not None and list(move.cards) == [drawn]:
                text = (
                    f"Nostamasi {_name(drawn, deal.hand)} jatkaa pöydän yhdistelmää ({cards_text(meld.cards)}): lisää "
                    "se siihen."
                )
            if "lisays_miksi" not in seen and not gin:  # once: why a card goes onto the table at all
                seen.add("lisays_miksi")
                text += (
                    " Pöytään lisättyä korttia ei enää lasketa jaon lopussa käteesi jääneisiin kortteihin, ja olet "
                    f"{count(len(move.cards), 'kortti', 'part')} lähempänä ulosmenoa."
                )
            if any(c.is_joker for c in move.cards):  # what the laid-off joker stands for
                after = deal.copy()
                after.play(move)
                for j, c in after.table[move.target].meld.jokers:
                    if j in move.cards:
                        text += f" Siinä jokeri esittää {card_name(c, 'part')}."
            how = (
                f"Valitse {'kortit' if len(move.cards) > 1 else 'kortti'} {join_list(faces(move.cards, deal.hand))}, "
                f"napauta pöydän yhdistelmää {' '.join(faces(meld.cards))} ja paina Lisää."
            )
            own = deal.table[move.target].owner == seat
            melded = any(tm.owner == seat for tm in deal.table)
            # the sentence the move shows: onto another player's meld or the reader's own; the rule of
            # laying off before one's own meld only while the reader has none on the table
            rule = _rule(
                "lisays" if not own else "lisays_oma",
                rules,
                [] if melded and rules.lay_off_before_meld else ["lay_off_before_meld"],
            )
            rule = rule if concept not in seen else ""
            seen.add(concept)
            if rule:
                introduced.append(concept)
        elif isinstance(move, Knock):
            action = "knock"
            cards = [move.card.code]
            rest = list(deal.hand)
            rest.remove(move.card)
            dw = best_arrangement(rest, rules).deadwood_points
            if dw == 0:
                concept = "gin"
                text = (
                    f"Kaikki korttisi ovat yhdistelmissä: koputa poistamalla {_name(move.card, deal.hand)}. Se on gin."
                )
                knocking = introduce("koputus", ["knock_limit"])
                rule = " ".join(x for x in (knocking, introduce(concept, ["gin_bonus"])) if x)
            else:
                concept = "koputus"
                text = (
                    f"Koputa poistamalla {_name(move.card, deal.hand)}: poiston jälkeen irtokorttiesi arvo "
                    f"on {count(dw, 'piste', digits=True)}."
                ) + _knock_spread(deal, move, names[1 - seat])
                if len(names) == 2:  # the risk of a knock that is no gin
                    other = player_name(names[1 - seat])
                    low = "yhtä pieneksi tai pienemmäksi" if rules.undercut_on_tie else "pienemmäksi"
                    text += (
                        f" Koputus on riski: {other} saa ensin liittää irtokorttejaan yhdistelmiisi, ja jos hänen "
                        f"irtokorttiensa arvo jää sitten {low} kuin sinun, hän alittaa sinut ja saa pisteet itse."
                    )
                    if deal.refusal(Discard(move.card)) is None:  # (waiting is a legal choice; short: a phone's step)
                        text += (
                            " Koputtaa ei ole pakko: odottamalla voisit vielä pienentää irtokorttiesi arvoa, mutta "
                            f"silloin {other} voi ehtiä koputtaa ensin."
                        )
                rule = introduce(concept, ["knock_limit"])
            how = f"Valitse poistettava kortti {faces([move.card], deal.hand)[0]} ja paina Koputa."
        elif isinstance(move, Discard):
            action = "discard"
            cards = [move.card.code]
            if len(deal.hand) == 1:
                concept = "ulos"
                text = f"Poista viimeinen korttisi, {card_name(move.card)}: kätesi tyhjenee ja menet ulos."
                rule = introduce(concept, ["final_discard"])
            else:
                concept = "poisto"
                why, by_points, aside = discard_advice(move.card, deal, names)
                text = f"Päätä vuoro poistamalla {_name(move.card, deal.hand)}: {why}."
                # (not while an unopened hand pays the fixed penalty, whatever its cards are worth)
                flat = rules.scoring == "penalty" and deal.opened and not deal.opened[seat]
                if by_points and not gin and "arvo" not in seen and not flat:
                    seen.add("arvo")  # once: why the dearer of two equally useless cards goes
                    text += " " + WHY_POINTS[rules.scoring]
                risk = _discard_risk(move.card, deal, names, "riski" in seen)
                if risk:
                    seen.add("riski")
                    text += " " + risk
                if aside and aside not in seen:  # (the same pair kept, said once)
                    seen.add(aside)
                    text += " " + aside
                rule = introduce(concept)
                if (
                    not gin
                    and rules.opening_points
                    and not deal.opened[seat]
                    and "odota" not in seen
                    and best_opening(list(deal.hand), rules) is None  # (a hand-written script may wait)
                ):
                    seen.add("odota")  # once: why the reader does not open yet
                    text += f" Et voi vielä avata: {opening_shortfall(list(deal.hand), rules, would=False)}."
                    text += values_once(list(deal.hand))
                if gin:  # the melds stay in the hand: say what they are and what the deadwood counts
                    rest = list(deal.hand)
                    rest.remove(move.card)
                    arr = best_arrangement(rest, rules)
                    melds = [Meld.from_cards(list(m), rules) for m in arr.melds]
                    shown = [f"{m.kind.finnish} {' '.join(faces(m.cards))}" for m in melds]
                    text += (
                        f" Kädessäsi on {join_list(shown)}" if shown else " Kädessäsi ei ole vielä yhdistelmiä"
                    ) + f", ja irtokorttiesi arvo on {count(arr.deadwood_points, 'piste', digits=True)}."
                    text = text.replace(" Kädessäsi ", " Poiston jälkeen kädessäsi ", 1)  # (the hand holds it yet)
                    moved = _moved(held, rest, melds, rules, "yksi" not in seen)
                    if moved:
                        seen.add("yksi")
                        text += " " + moved
                    parts = [rule] + [introduce(_meld_concept(m)[0]) for m in melds] + [introduce("irtokortit")]
                    rule = " ".join(x for x in parts if x)
            how = f"Valitse kortti {faces([move.card], deal.hand)[0]} ja paina Poista."
        else:  # (a move the guided deals do not use)
            action, concept, text, how = "", "", "", ""
        if first and rules.decks > 1 and "pakat" not in seen:  # (twin cards: said before the first one shows)
            seen.add("pakat")
            jokers = f" ja {count(rules.jokers, 'jokeri')}" if rules.jokers else ""
            decks = (
                f"Pelissä on {count(rules.decks, 'pakka')}{jokers}, joten jokaista muuta korttia on "
                f"{numeral(rules.decks)}."
                if jokers
                else f"Pelissä on {count(rules.decks, 'pakka')}, joten jokaista korttia on {numeral(rules.decks)}."
            )
            rule = " ".join(x for x in (decks, rule) if x)
        if turned and "kaannetty" not in seen:
            said = introduce("kaannetty", ["stock_exhausted", "max_turnovers"])
            rule = " ".join(
                x for x in ("Nostopakka loppui, ja poistopakasta tehtiin uusi nostopakka.", said, rule) if x
            )
        if "jokeri" not in seen and (sentence := _table_joker(deal, names)):
            watched.append("jokeri")  # (seen on another player's meld, not played by the reader)
            rule = " ".join(
                x for x in (rule, introduce("jokeri", ["max_jokers_per_meld", "joker_points"]), sentence) if x
            )
        if gin and "irtokort" in text and "irtokortit" not in seen:  # (defined where first said)
            rule = " ".join(x for x in (rule, introduce("irtokortit")) if x)
        if isinstance(move, Discard) and not gin:
            thrown = (move.card, fits_table(deal, [move.card]))
        elif isinstance(move, Discard):
            thrown = (move.card, False)
        before = len(deal.hand)
        deal.play(move)
        if not isinstance(move, Discard) and deal.is_over and before and not deal.hand:
            extra = introduce("ulos", ["final_discard"])
            text += " Kätesi tyhjenee, ja menet ulos."
            rule = " ".join(x for x in (rule, extra) if x)
        text = text[:1].upper() + text[1:]
        if any(o["text"] == text for o in out):  # (two decks: a card of the same name again)
            text = f"{_turn_start(turns)} jatkuu. {text}"
        if notes and steps_before:
            steps_before[0]["note"] = " ".join(notes + [steps_before[0]["note"]])
        out += steps_before
        out.append(
            {
                "at": k,
                "action": action,
                "cards": cards,
                "onto": onto,
                "concept": concept,
                "text": text,
                "rule": rule,
                "how": how,
                "introduces": introduced,
                "watched": watched,
                **({"part": len(steps_before)} if steps_before else {}),
                **({"note": " ".join(notes)} if notes and not steps_before else {}),
            }
        )
        notes = []
    return out


def ending_concepts(end: Any, seat: int = 0) -> list[str]:
    """The concepts the finished deal ``end`` shows only in its scoring: gin's lay-offs onto the
    knocker's melds and the undercut; an unopened player's fixed penalty."""
    out = end.outcome
    if out is None:
        return []
    if isinstance(end, GinDeal):
        found = []
        if out.knocker is not None and out.knocker != seat:
            found.append("koputus")
        if out.defender is not None and out.defender.layoffs:
            found.append("liittaminen")
        if score_deal(out, end.rules).kind == "undercut":
            found.append("alitus")
        return found
    opened = getattr(out, "opened", None)
    if end.rules.scoring == "penalty" and opened and not all(opened):
        return ["sakko"]
    return []


def _points(n: int) -> str:
    return count(n, "piste", digits=True)


def _knock_end(end: Any, kind: str) -> tuple | None:
    """A gin deal ended by a knock the engine prices as ``kind`` ("knock", "undercut"): its outcome,
    rules, score, the knocker and the defender; else ``None``."""
    out = end.outcome
    if not isinstance(end, GinDeal) or out is None or out.knocker is None or out.defender is None:
        return None
    score = score_deal(out, end.rules)
    if score.kind != kind:
        return None
    return out, end.rules, score, out.knocker, 1 - out.knocker


def undercut_missed(end: Any, names: Sequence[str], seat: int = 0) -> str:
    """After a knock the defender did not undercut: what would have made it an undercut and what it
    would have given, said to the reader, from the engine's own pricing of the same deal with the
    defender's deadwood worth the knocker's (or, where a tie is no undercut, less); "" otherwise."""
    found = _knock_end(end, "knock")
    if found is None:
        return ""
    out, rules, score, k, d = found
    dead = sorted(out.knocker_deadwood, key=lambda c: rules.card_points(c.rank))
    if not rules.undercut_on_tie:
        dead = dead[:-1]  # (the knocker's deadwood less its highest card: worth less)
    then = score_deal(replace(out, defender=replace(out.defender, deadwood=tuple(dead))), rules)
    if then.kind != "undercut":
        return ""
    hv, value = score.hand_values, then.hand_values[d]
    pts = _points
    gain = (
        f"alituksen lisäpisteet {rules.undercut_bonus} ja irtokorttien arvojen erotuksen {hv[k]} − {value} = "
        f"{hv[k] - value}, yhteensä {pts(then.points[d])}"
    )
    if k == seat:
        other = names[d]
        return (
            f"{other} ei alittanut: hänen irtokorttiensa arvo oli {pts(hv[d])}, sinun {pts(hv[k])}. Jos hänen "
            f"irtokorttiensa arvo olisi ollut {pts(value)}, {other} olisi alittanut ja saanut {gain}, etkä sinä "
            "olisi saanut mitään."
        )
    return (
        f"Et alittanut: irtokorttiesi arvo oli {pts(hv[d])}, {player_name(names[k], 'gen')} {pts(hv[k])}. Jos "
        f"irtokorttiesi arvo olisi ollut {pts(value)}, olisit alittanut ja saanut {gain}, eikä {names[k]} olisi "
        "saanut mitään."
    )


def undercut_made(end: Any, names: Sequence[str], seat: int = 0) -> str:
    """After an undercut: the two deadwood values, and when the defender's lay-offs made it one,
    which cards and what the knocker would have got without them (the engine's pricing of the
    same deal with those cards left in the defender's deadwood); "" when the deal was no undercut."""
    found = _knock_end(end, "undercut")
    if found is None:
        return ""
    out, rules, score, k, d = found
    hv = score.hand_values
    pts = _points
    you = d == seat
    other = player_name(names[k] if you else names[d])
    text = (
        f"Alitit: irtokorttiesi arvo oli {pts(hv[d])}, {player_name(names[k], 'gen')} {pts(hv[k])}."
        if you
        else f"{other} alitti: hänen irtokorttiensa arvo oli {pts(hv[d])}, sinun {pts(hv[k])}."
    )
    diff, bonus, total = hv[k] - hv[d], rules.undercut_bonus, score.points[d]
    if bonus and total == diff + bonus:  # (the engine's total, shown as its parts)
        got = "Sait" if you else f"{other} sai"
        text += (
            f" {got} erotuksesta {count_object(diff, 'piste', digits=True)} ja alituksesta lisäksi "
            f"{count_object(bonus, 'piste', digits=True)}, yhteensä {pts(total)}."
        )
    laid = [c for cs, _ in out.defender.layoffs for c in cs]
    if not laid:
        return text
    kept = replace(out, defender=replace(out.defender, layoffs=(), deadwood=tuple(out.defender.deadwood) + tuple(laid)))
    then = score_deal(kept, rules)
    if then.kind == "undercut":
        return text
    cards = join_list([card_name(c, "gen") for c in laid])
    got = pts(then.points[k])
    if you:
        return (
            f"{text} Alitus syntyi liittämällä: ilman {cards} liittämistä irtokorttiesi arvo olisi ollut "
            f"{pts(then.hand_values[d])}, ja {other} olisi saanut {got}."
        )
    return (
        f"{text} Alitus syntyi liittämällä: ilman {cards} liittämistä hänen irtokorttiensa arvo olisi ollut "
        f"{pts(then.hand_values[d])}, ja sinä olisit saanut {got}."
    )


def rommi_missed(end: Any, names: Sequence[str], seat: int = 0) -> str:
    """After a rummy deal won by going out that was no rommi (the winner had played to the table on
    an earlier turn), where the rule set doubles a rommi: why it was none and what a rommi would have
    given, priced by the engine (the same outcome as a rommi); "" otherwise."""
    out = end.outcome
    rules = end.rules
    if isinstance(end, GinDeal) or out is None or out.winner is None or out.rummy or not rules.rummy_doubling:
        return ""
    now = score_deal(out, rules)
    then = score_deal(replace(out, rummy=True), rules)
    w = out.winner
    if then.points[w] == now.points[w]:
        return ""
    gain = f"{count(then.points[w], 'piste', digits=True)} {count(now.points[w], 'piste', 'gen', digits=True)} sijaan"
    rule = statement("rummy_doubling", rules)  # (what a rommi is: the rule set's own sentence)
    if w == seat:
        return (
            f"Tässä jaossa ei tullut rommia, koska pelasit pöytään jo aiemmilla vuoroilla. {rule} Jos olisit "
            f"tyhjentänyt koko kätesi yhdellä vuorolla, rommista olisit saanut {gain}."
        )
    who = names[w]
    return (
        f"{who} ei saanut rommia, koska hän pelasi pöytään jo aiemmilla vuoroilla. {rule} Jos hän olisi "
        f"tyhjentänyt koko kätensä yhdellä vuorolla, rommista hän olisi saanut {gain}."
    )


def own_concepts(steps: Sequence[dict]) -> list[str]:
    """The concepts met in the reader's own moves (not a joker merely seen on another player's meld)."""
    have = {s["concept"] for s in steps} | {
        c for s in steps for c in s.get("introduces", ()) if c not in s.get("watched", ())
    }
    return [c for c in CONCEPTS if c in have]


def concepts_of(steps: Sequence[dict], ending: Sequence[str] = ()) -> list[str]:
    """The concepts a guided deal introduces (its steps' and ``ending``), in the order of :data:`CONCEPTS`."""
    have = {s["concept"] for s in steps} | {c for s in steps for c in s.get("introduces", ())} | set(ending)
    return [c for c in CONCEPTS if c in have]


#: Gin's scoring, shared by every knock game (the bonuses are the rule set's own sentences).
_KNOCK_SCORING = (
    "Kun joku koputtaa, vastustaja näyttää yhdistelmänsä ja saa liittää irtokorttejaan koputtajan "
    "yhdistelmiin, paitsi ginin jälkeen: gin on koputus, jossa koputtajalle ei jää yhtään irtokorttia. Koputtaja saa pisteiksi irtokorttien arvojen erotuksen; jos vastustajan irtokortit "
    "ovat arvoltaan pienemmät, vastustaja alittaa koputtajan ja saa erotuksen itse."
)


def closing(rules: RuleSet, said: Sequence[str] = ()) -> str:
    """The rule sentences of the deal's scoring (after the last move); ``said``: the concepts the
    steps have introduced (a knock the reader never made gets its limit here)."""
    if rules.style == "knock":
        options = ("undercut_bonus", "undercut_on_tie") + (() if "gin" in said else ("gin_bonus",))
        if "koputus" not in said:
            options = ("knock_limit",) + options
        return " ".join([_KNOCK_SCORING] + [statement(o, rules) for o in options if applies(o, rules)])
    parts = [statement("scoring", rules)] if applies("scoring", rules) else []
    if JOKER_VALUE_LATER in said and applies("joker_points", rules):
        parts.append(statement("joker_points", rules))
    if "assa" in said and applies("ace_points", rules):  # (the opening counted the ace otherwise)
        parts.append(statement("ace_points", rules))
    if rules.scoring == "penalty" and applies("unopened_penalty", rules):
        parts.append(statement("unopened_penalty", rules))
    return " ".join(parts)
