"""The Pelaa page's knock in gin: the ways the reader may spread the hand, best first (``op:
knock_options``, answered through :mod:`rommikirja.app.api`).

The reader names the card to knock with (``{"knock": "7H"}``, as the move would); the engine
answers with every distinct arrangement of the rest of the hand within the knock limit
(:func:`rommikirja.knock.knock_options`), each priced against the defender's best melds and
lay-offs, in Finnish: the deadwood, what the deal would give and what choosing it costs
compared with the best. Each option carries the step the page sends back as its move
(``{"knock": "7H", "melds": [...]}``); the engine checks that move again like any other.

Only the reader's own cards are named: what the defender holds shows only as the price of each
arrangement (how many cards they could lay off, the points), the facts the knock itself reveals.

>>> import json
>>> from rommikirja.app.api import pelaa_handle as handle
>>> new = json.loads(handle(json.dumps({"op": "new", "rules": {"name": "perusrommi"}, "seed": "7"})))
>>> state = new["result"]["state"]
>>> json.loads(handle(json.dumps({"op": "knock_options", "state": state, "move": {"knock": "AS"}})))["error"]
'Levityksen voi valita vain gin-rommin koputuksessa.'
"""

from __future__ import annotations

from typing import Any

from ..cards import parse_card, sort_cards
from ..errors import IllegalMove
from ..finnish import card_name, count, count_object
from ..gin import GinDeal, Knock
from ..knock import KnockOption, knock_options
from ..rules import RuleSet
from .links import check_links
from .pelaa import _game, _refusal
from .pelaa_replay import Game
from .pelaa_state import PlayError, read_move, step_of

__all__ = ["knock_choices", "option_texts"]


def _points(cards, rules: RuleSet) -> int:
    return sum(rules.card_points(c.rank) for c in cards)


def option_texts(option: KnockOption, best: int, rules: RuleSet, defender: str) -> tuple[str, str]:
    """(what the deal gives, what choosing the option costs) in Finnish, for the knocker
    addressed as *sinä*; ``best`` is the best option's points to the knocker.

    >>> from rommikirja.cards import parse_cards
    >>> from rommikirja.knock import knock_options
    >>> opts = knock_options(parse_cards("AC 4S 3S 7C 5S 4C 6C 5C 5D 8C"),
    ...                      parse_cards("2C 3C 3H 8S JS 10S AD QS 4H AH"), RuleSet())
    >>> option_texts(opts[0], opts[0].value, RuleSet(), "Eero")
    ('Eero ei voi liittää yhdistelmiisi mitään. Koputus onnistuu: saat 12 pistettä.', 'Tämä on paras levitys.')
    >>> option_texts(opts[1], opts[0].value, RuleSet(), "Eero")[1]
    'Parhaaseen levitykseen verrattuna tämä maksaa sinulle 1 pisteen.'
    >>> from rommikirja.knock import DefenderResult, KnockOption, ResultKind
    >>> under = KnockOption((), (), DefenderResult((), (), ()), 1, 27, ResultKind.UNDERCUT)
    >>> option_texts(under, 12, RuleSet(), "Eero")
    ('Eero ei voi liittää yhdistelmiisi mitään, mutta alittaa sinut silti: hän saa 27 pistettä.', 'Parhaaseen levitykseen verrattuna tämä maksaa sinulle 39 pistettä.')
    """
    laid = [c for cards, _ in option.answer.layoffs for c in cards]
    won = count(option.points, "piste", digits=True)
    if option.kind == "gin":
        result = f"Gin: saat {won}."
    elif option.scorer == 0:
        lay = (
            f"{defender} voi liittää yhdistelmiisi {count_object(len(laid), 'kortti', digits=None)}."
            if laid
            else f"{defender} ei voi liittää yhdistelmiisi mitään."
        )
        result = f"{lay} Koputus onnistuu: saat {won}."
    elif laid:
        result = f"{defender} voi liittää yhdistelmiisi {count_object(len(laid), 'kortti', digits=None)} ja alittaa sinut: hän saa {won}."
    else:
        result = f"{defender} ei voi liittää yhdistelmiisi mitään, mutta alittaa sinut silti: hän saa {won}."
    cost = best - option.value
    if cost == 0:
        return result, "Tämä on paras levitys."
    return result, f"Parhaaseen levitykseen verrattuna tämä maksaa sinulle {count_object(cost, 'piste', digits=True)}."


def knock_choices(g: Game, step: Any) -> dict:
    """The answer to ``knock_options``: ``{"card", "options": [...], "labels"}``, or
    ``{"refused": …}`` (as a refused move) when the knock itself is not legal."""
    deal = g.deal
    if not isinstance(deal, GinDeal):
        raise PlayError("Levityksen voi valita vain gin-rommin koputuksessa.")
    if deal.is_over:
        raise PlayError("Jako on jo päättynyt; aloita seuraava jako.")
    move = read_move(step, g.rules, g.names)
    if not isinstance(move, Knock) or move.melds is not None:
        raise PlayError('Kerro levitystä varten vain kortti, jonka poistat koputtaessasi, esimerkiksi {"knock": "7H"}.')
    refusal = deal.refusal(move)
    if refusal is not None:
        raise refusal
    rules = g.rules
    rest = [c for c in deal.hands[deal.turn] if c != move.card]
    options = knock_options(rest, deal.hands[1 - deal.turn], rules)
    best = options[0].value
    out = []
    codes = {move.card.code}
    for i, option in enumerate(options):
        melds = [[c.code for c in m] for m in option.melds]
        dead = [c.code for c in sort_cards(option.deadwood)]
        codes |= {c for m in melds for c in m} | set(dead)
        result, cost = option_texts(option, best, rules, g.names[1 - deal.turn])
        out.append(
            {
                "step": step_of(Knock(move.card, option.melds), g.names),
                "melds": melds,
                "deadwood": dead,
                "deadwood_points": _points(option.deadwood, rules),
                "deadwood_text": (
                    f"Irtokorttien arvo on {count(_points(option.deadwood, rules), 'piste', digits=True)}."
                    if option.deadwood
                    else "Kaikki kortit ovat yhdistelmissä."
                ),
                "kind": str(option.kind.value),
                "points": option.points,
                "scorer": g.names[deal.turn if option.scorer == 0 else 1 - deal.turn],
                "cost": best - option.value,
                "result": result,
                "cost_text": cost,
                "best": i == 0,
            }
        )
    return {
        "card": move.card.code,
        "intro": (
            f"Koputat poistamalla {card_name(move.card, 'gen')}. Valitse, miten levität muut korttisi; "
            "ensimmäisenä on paras levitys."
        ),
        "options": out,
        "labels": {c: card_name(parse_card(c)) for c in sorted(codes)},
    }


def op_knock_options(req: dict) -> dict:
    """``knock_options``: the state, ``move`` (the knock's card as a step) and maybe ``links``."""
    links = check_links(req.get("links"))
    g = _game(req)
    try:
        return knock_choices(g, req.get("move"))
    except IllegalMove as err:
        return {"refused": _refusal(g, err, links)}
