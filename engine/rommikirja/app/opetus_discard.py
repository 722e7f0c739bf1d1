"""The guided deal's discard: the card its reader discards (:func:`teaching_discard`) and the reason
the guide gives (:func:`discard_reason`), both from one ranking (:func:`discard_rank`), so that the
reason names what sets the card apart from the reader's other cards, and is true.

The ranking, best discard first: a card that fits no other card of the hand (no card makes a meld
with it with one card more), then one that pairs with fewest cards, then the highest in points; a
card that already makes a meld with two others of the hand, and a joker, last. Rummy: among the
discards the next player could not take from the pile and lay off at once (:func:`next_player_fit`),
when any; gin: among the discards that leave the least deadwood.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..deal import DISCARD, Discard, Draw, LayOff
from ..finnish import card_name, card_name_yours, count, join_list, noun, player_name
from ..gin import GinDeal
from ..melds import as_meld, waiting_cards
from ..rules import RuleSet, applies
from ..solver import best_arrangement

__all__ = [
    "teaching_discard",
    "discard_advice",
    "discard_reason",
    "WHY_POINTS",
    "discard_rank",
    "next_player_fit",
    "meld_with",
    "deadwood_after",
    "partners",
    "still_to_come",
]


def meld_with(card: Any, hand: Sequence[Any], rules: RuleSet) -> list[Any] | None:
    """Two cards of ``hand`` that make a meld with ``card`` (natural cards first), or None."""
    pairs = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]]
    pairs.sort(key=lambda ab: ab[0].is_joker + ab[1].is_joker)
    for a, b in pairs:
        meld = as_meld((a, b, card), rules)
        if meld is not None:
            return list(meld.cards)
    return None


def _copies_out(card: Any, deal: Any) -> tuple[int, int, int]:
    """How many copies of ``card`` the reader sees out of play: in their hand, in a table meld, in
    the discard pile. A joker in a meld stands for a card; it is not one."""
    key = (card.rank, card.suit)
    laid = [c for tm in getattr(deal, "table", ()) for c in tm.meld.cards if not c.is_joker]
    return tuple(sum((c.rank, c.suit) == key for c in cards) for cards in (deal.hand, laid, deal.discard))


def still_to_come(cards: Sequence[Any], deal: Any) -> tuple[list[Any], str]:
    """Of ``cards`` (the ones a pair waits for) those of which some copy may still come, and a note
    on the rest that the reader can see are out of play ("" when none is): "ristijätkä on jo pöydän
    yhdistelmässä", "ruutunelonen on poistopakassa" (and, where the rule set turns the pile into a
    new stock, that it comes back only then). A card whose copies the reader holds is left unsaid."""
    come, laid, piled = [], [], []
    for c in cards:
        held, on_table, in_pile = _copies_out(c, deal)
        if held + on_table + in_pile < deal.rules.decks:
            come.append(c)
        elif in_pile:
            piled.append(c)
        elif on_table:
            laid.append(c)
    notes = []
    if laid:
        notes.append(f"{join_list([card_name(c) for c in laid])} {_is(laid)} jo pöydän yhdistelmässä")
    if piled:
        rules = deal.rules  # (the pile turns where its number of turns is an option: max_turnovers)
        more = applies("max_turnovers", rules) and (rules.max_turnovers == 0 or deal.turnovers < rules.max_turnovers)
        back = (
            f", josta {'se voi' if len(piled) == 1 else 'ne voivat'} palata peliin vasta, kun poistopakka käännetään "
            "uudeksi nostopakaksi"
            if more
            else ""
        )
        notes.append(f"{join_list([card_name(c) for c in piled])} {_is(piled)} poistopakassa{back}")
    return come, "; ".join(notes)


def _is(cards: Sequence[Any]) -> str:
    return "on" if len(cards) == 1 else "ovat"


def partners(card: Any, hand: Sequence[Any], rules: RuleSet) -> list[Any]:
    """The other natural cards of ``hand`` that make a meld with ``card`` and one card more (a joker
    would go with any card, so it tells no card apart)."""
    return [c for c in hand if c != card and not c.is_joker and waiting_cards([card, c], rules)]


def next_player_fit(deal: Any, card: Any) -> tuple[int, LayOff] | None:
    """Whether the next player could take ``card`` from the discard pile, were it discarded now, and
    lay it off at once (the engine plays it out): (that player's seat, the lay-off), or None. Gin
    has no table melds, so never. The guide warns of such a discard; the guided deal's reader
    avoids one while a safe discard is left (:func:`teaching_discard`)."""
    if not deal.table or isinstance(deal, GinDeal):
        return None
    trial = deal.copy()
    trial.play(Discard(card))
    if trial.is_over or trial.turn == deal.turn or not trial.is_legal(Draw(DISCARD)):
        return None
    nxt = trial.turn
    trial.play(Draw(DISCARD))
    fit = next((m for m in trial.legal_moves() if isinstance(m, LayOff) and card in m.cards), None)
    return None if fit is None else (nxt, fit)


def discard_rank(card: Any, hand: Sequence[Any], rules: RuleSet) -> tuple:
    """The card's place as a discard, smaller first (see the module's text)."""
    rest = [c for c in hand if c != card and not c.is_joker]
    in_meld = not card.is_joker and meld_with(card, rest, rules) is not None
    return (card.is_joker, in_meld, len(partners(card, hand, rules)), -rules.card_points(card.rank))


def deadwood_after(deal: Any, card: Any) -> int:
    """The hand's least deadwood once ``card`` is discarded (gin)."""
    return best_arrangement([c for c in deal.hand if c != card], deal.rules).deadwood_points


def _legal(deal: Any) -> list[Any]:
    return [m.card for m in deal.legal_moves() if isinstance(m, Discard)]


def _options(deal: Any) -> list[Any]:
    """The discards the reader chooses among (see the module's text)."""
    legal = _legal(deal)
    if isinstance(deal, GinDeal):
        after = {c: deadwood_after(deal, c) for c in legal}
        least = min(after.values())
        return [c for c in legal if after[c] == least]
    return [c for c in legal if next_player_fit(deal, c) is None] or legal


def _choice(deal: Any, options: Sequence[Any]) -> Any:
    return min(options, key=lambda c: (discard_rank(c, deal.hand, deal.rules), c.sort_key))


def teaching_discard(deal: Any) -> Any:
    """The card the guided deal's reader discards now."""
    return _choice(deal, _options(deal))


def _dearest(card: Any, same: Sequence[Any], deal: Any, kind: str) -> str:
    """ ", ja se on arvokkain niistä korteistasi, jotka eivät sovi yhteen minkään kanssa (10 pistettä)":
    ``card`` against the discards that rank as it but for points (``same``; ``kind``: the relative
    clause that says what they share); "" when none is worth less (nothing sets it apart). The claim
    is on every card of the hand that ranks so, a discard the next player could use included: one
    worth as much makes it "yksi arvokkaimmista", one worth more leaves it unsaid."""
    hand, rules = deal.hand, deal.rules
    mine = rules.card_points(card.rank)
    if not any(rules.card_points(c.rank) < mine for c in same):
        return ""
    rank = discard_rank(card, hand, rules)[:3]
    kin = [c for c in hand if c != card and not c.is_joker and discard_rank(c, hand, rules)[:3] == rank]
    if any(rules.card_points(c.rank) > mine for c in kin):
        return ""
    top = "arvokkain" if all(rules.card_points(c.rank) < mine for c in kin) else "yksi arvokkaimmista"
    return f", ja se on {top} niistä korteistasi, {kind} ({count(mine, 'piste', digits=True)})"


def _distinction(card: Any, others: Sequence[Any], deal: Any) -> tuple[str, bool, list[Any]]:
    """What sets ``card``, the best-ranked of ``card`` and ``others``, apart from them; whether its
    points decided it; the others that rank exactly as it (as good a discard). A claim on "every
    other card" is checked against the whole hand."""
    hand, rules = deal.hand, deal.rules
    gin_hand = isinstance(deal, GinDeal)  # (gin's text is reworded by the caller: no aside inside)
    rank = discard_rank(card, hand, rules)
    equal = [c for c in others if discard_rank(c, hand, rules) == rank]
    if rank[0] or rank[1]:
        return "siitä on kädessäsi vähiten hyötyä", False, []
    same = [c for c in others if discard_rank(c, hand, rules)[:3] == rank[:3]]
    mates = partners(card, hand, rules)
    if not mates:
        alone = (
            "jotka sopivat yhteen vain jokerin kanssa"
            if any(c.is_joker for c in hand)
            else "jotka eivät sovi yhteen minkään kanssa"
        )
        dear = _dearest(card, same, deal, alone)
        return _no_fit(hand) + dear, bool(dear), equal
    text = _only_with(mates, hand)
    if same and not gin_hand and all(discard_rank(c, hand, rules)[1:3] != (False, 0) for c in hand if not c.is_joker):
        text += " (jokainen korttisi sopii yhteen ainakin yhden toisen kanssa)"  # (no lone card to discard instead)
    if same:
        dear = _dearest(card, same, deal, f"jotka sopivat yhteen vain {count(len(mates), 'kortti', 'gen')} kanssa")
        return text + dear, bool(dear), equal
    rest = [discard_rank(c, hand, rules) for c in hand if c != card]
    if all(r[1] or r[2] > rank[2] for r in rest):
        more = (
            "joko sopii useamman kortin kanssa tai kuuluu jo yhdistelmään"
            if any(r[1] for r in rest)
            else "sopii useamman kortin kanssa"
        )
        text += f", ja jokainen muu korttisi {more}"
    return text, False, equal


def _kept(card: Any, deal: Any) -> str:
    """Why the hand's dearer natural cards stay, when some do: the dearest pair they make and the
    cards that would complete it: "Arvokkaampia kortteja kannattaa pitää: pataysi ja patajätkä
    odottavat patakymppiä."; a pair that makes a meld with a joker of the hand is said to be in one
    ("… muodostavat jokerin kanssa suoran."); when only one card of the pair is dearer than the
    discard, that card alone is called dearer ("Arvokkaampi ristikymppi kannattaa pitää …"); a card
    of which no copy can come is not waited for, and one out of play is said where it is
    (:func:`still_to_come`) ("" when there is none)."""
    hand, rules = deal.hand, deal.rules
    mine = rules.card_points(card.rank)
    pairs: list[tuple[Any, Any]] = []
    loose = [c for c in hand if c != card and not c.is_joker and not discard_rank(c, hand, rules)[1]]
    for d in sorted(loose, key=lambda c: -rules.card_points(c.rank)):  # (cards not yet in a meld of the hand)
        if rules.card_points(d.rank) <= mine:
            continue
        for p in partners(d, hand, rules):
            if p in loose and all({d, p} != {a, b} for a, b in pairs):
                pairs.append((d, p))
    joker = next((c for c in hand if c.is_joker and c != card), None)
    for a, b in pairs:
        # both dearer than the discard: "arvokkaammatkin kortit"; else only the first (its partner
        # is worth the discard or less): "arvokkaampi ristikymppi"
        both = rules.card_points(b.rank) > mine
        meld = as_meld((a, b, joker), rules) if joker is not None else None
        if meld is not None:  # (the joker already stands in)
            kind = noun(meld.kind.finnish, "gen")
            if both:
                return (
                    "Arvokkaammatkin kortit kannattaa pitää, koska ne ovat jo yhdistelmässä: "
                    f"{card_name(a)} ja {card_name(b)} muodostavat jokerin kanssa {kind}."
                )
            return (
                f"Arvokkaampi {card_name(a)} kannattaa pitää, koska se on jo yhdistelmässä: se muodostaa "
                f"{card_name(b, 'gen')} ja jokerin kanssa {kind}."
            )
        wait, out = still_to_come(waiting_cards([a, b], rules), deal)
        if wait:
            names = join_list([card_name(c, "part") for c in wait], "tai")
            note = f" ({out})" if out else ""
            if both:
                return (
                    "Arvokkaammatkin kortit kannattaa pitää, jos ne voivat vielä päästä yhdistelmään: "
                    f"{card_name(a)} ja {card_name(b)} odottavat {names}{note}."
                )
            return (
                f"Arvokkaampi {card_name(a)} kannattaa pitää, jos se voi vielä päästä yhdistelmään: se ja "
                f"{card_name(b)} odottavat {names}{note}."
            )
    return ""


def _as_good(equal: Sequence[Any], hand: Sequence[Any]) -> str:
    """ ". Yhtä hyvä poisto olisi herttarouva" for the cards that rank exactly as the discard."""
    if not equal:
        return ""
    names = [card_name(c) for c in equal] if len(equal) <= 2 else []
    if not names:
        return ". Yhtä hyviä poistoja olisi muitakin"
    return f". Yhtä hyvä poisto olisi myös {join_list(names, 'tai')}"


#: Why a valuable card goes first, by the rule set's scoring (said once in a guided deal): one entry
#: for each value of the ``scoring`` option (tests/test_opetus_advice.py holds the two equal).
WHY_POINTS = {
    "winner_takes": "Arvokas kortti kannattaa poistaa ensin: jos joku muu menee ulos, hän saa pisteikseen käteesi jääneiden korttien arvon.",
    "own_hand_minus": "Arvokas kortti kannattaa poistaa ensin, koska jaon lopussa saat miinuspisteiksi käteesi jääneiden korttien arvon.",
    "penalty": "Arvokas kortti kannattaa poistaa ensin, koska jaon lopussa saat sakoksi käteesi jääneiden korttien arvon.",
}


def _no_fit(hand: Sequence[Any]) -> str:
    """ "se ei sovi yhdistelmään minkään muun korttisi kanssa", a joker of the hand excepted first."""
    if any(c.is_joker for c in hand):
        return "jokeria lukuun ottamatta se ei sovi yhdistelmään minkään muun korttisi kanssa"
    return "se ei sovi yhdistelmään minkään muun korttisi kanssa"


def _only_with(mates: Sequence[Any], hand: Sequence[Any]) -> str:
    """ "se sopii yhteen vain herttakasisi ja ruutuysisi kanssa, eikä niistä vielä tule yhdistelmää",
    a joker of the hand excepted first (as :func:`_no_fit` says it)."""
    text = f"se sopii yhteen vain {join_list([card_name_yours(c) for c in mates])} kanssa"
    if any(c.is_joker for c in hand):
        text = "jokeria lukuun ottamatta " + text
    return text + (", eikä niistä vielä tule yhdistelmää" if len(mates) > 1 else "")


def _plain(card: Any, deal: Any) -> str:
    """The facts of a discard the ranking would not choose (a hand-written tutorial's): no comparison."""
    hand, rules = deal.hand, deal.rules
    if card.is_joker:
        return "tässä opetusjaossa se poistetaan nyt"
    mates = partners(card, hand, rules)
    if not mates:
        return _no_fit(hand)
    if meld_with(card, [c for c in hand if c != card and not c.is_joker], rules) is None:
        return _only_with(mates, hand)
    return "tässä opetusjaossa se poistetaan nyt"


def discard_advice(card: Any, deal: Any, names: Sequence[str] = ()) -> tuple[str, bool, str]:
    """Why the guide discards ``card`` now (after "poistamalla kortin:"), true by the engine, and
    whether the card's points decided it: for the ranking's choice, what sets it apart from the
    other discards (gin: of those that leave the least deadwood); and an aside for the step's end,
    or "": why dearer cards stay (:func:`_kept`), and that a better-ranked card is kept because the
    next player could lay it off (``names``: the players' names)."""
    options = _options(deal)
    if not any(c == card for c in options) or _choice(deal, options) != card:
        return _plain(card, deal), False, ""
    others = [c for c in options if c != card]
    gin = isinstance(deal, GinDeal)
    if gin and not others:
        return "sen poisto jättää irtokorttiesi arvon mahdollisimman pieneksi", False, ""
    text, by_points, equal = _distinction(card, others, deal)
    if gin:  # of the discards that leave the least deadwood: what sets this one apart, if anything
        also = join_list([card_name(c, "gen") for c in others], "tai") if len(others) <= 3 else "usean muunkin kortin"
        least = f"sen poisto jättää irtokorttiesi arvon mahdollisimman pieneksi (yhtä pieneksi sen jättäisi myös {also} poisto)"
        if len(equal) == len(others) or not text.startswith("se "):
            return least, False, ""
        these = "Näistä kahdesta" if len(others) == 1 else "Näistä korteista"
        text = f"{least}. {these} {card_name(card)} {text[3:]}"
        mine = discard_rank(card, deal.hand, deal.rules)[2]
        more = [c for c in others if discard_rank(c, deal.hand, deal.rules)[2] > mine]
        if more and len(more) == len(others) and ", ja jokainen muu" not in text:
            if mine == 0:
                text += (
                    f", kun taas {card_name(more[0])} sopii yhteen jonkin muun korttisi kanssa"
                    if len(more) == 1
                    else ", kun taas muut sopivat yhteen jonkin muun korttisi kanssa"
                )
            else:
                text += (
                    f"; {card_name(more[0])} taas sopii useamman kortin kanssa"
                    if len(more) == 1
                    else "; muut taas sopivat useamman kortin kanssa"
                )
        return text, by_points, ""
    text += _as_good(equal, deal.hand)
    risky = [c for c in _legal(deal) if c not in options]
    better = [c for c in risky if discard_rank(c, deal.hand, deal.rules) < discard_rank(card, deal.hand, deal.rules)]
    aside = ""
    if better and names:
        fit = next_player_fit(deal, better[0])
        who = player_name(names[fit[0]]) if fit is not None else "seuraava pelaaja"
        aside = (
            f"{card_name(better[0]).capitalize()} olisi muuten parempi poistettava, mutta se sopii pöydän "
            f"yhdistelmään, joten {who} voisi ottaa sen poistopakasta ja lisätä sen pöytään."
        )
    kept = _kept(card, deal)
    return text, by_points, " ".join(x for x in (kept, aside) if x)


def discard_reason(card: Any, deal: Any, names: Sequence[str] = ()) -> str:
    """The reason of :func:`discard_advice`."""
    return discard_advice(card, deal, names)[0]
