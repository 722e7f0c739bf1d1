"""Finnish sentences for what happens in a deal: events, attempted moves, outcomes.

Pages, the verifier and (later) the practice widgets narrate deals with these
functions, so a move is described the same way everywhere.

>>> from rommikirja.cards import parse_cards
>>> from rommikirja.deal import Event, Draw, STOCK
>>> narrate_event(Event(0, "meld", parse_cards("7H 8H 9H")), ["Aino", "Eero"])
'Aino pelaa pöytään suoran: herttaseiska, herttakasi ja herttaysi.'
>>> describe_move(Draw(STOCK))
'nostaa nostopakasta'
"""

from __future__ import annotations

from typing import Callable, Sequence

from .deal import STOCK, Claim, Open, Discard, Draw, Event, LayOff, MisDraw, Move, PlayMeld, RejectExposed
from .finnish import card_name, cards_text, count, join_list
from .deal import Pass
from .moves import EventKind
from .gin import Knock

__all__ = ["narrate_event", "describe_move", "DEFAULT_NAMES"]

#: Player names used when a scenario names none (seat order from the first player).
DEFAULT_NAMES: tuple[str, ...] = ("Aino", "Eero", "Kaisa", "Olli", "Liisa", "Matti")


def _meld_word(cards: Sequence, jokers: Sequence = ()) -> str:
    stands = dict(jokers)
    faces = [stands.get(c, c) for c in cards if not c.is_joker or c in stands]
    return "ryhmän" if len({c.rank for c in faces}) == 1 else "suoran"


def _with_jokers(cards: Sequence, jokers: Sequence, case: str = "nom") -> str:
    """Cards as a list in which each joker says what it stands for (*jokeri herttaässänä*).

    >>> from rommikirja.cards import parse_cards
    >>> jk, ace = parse_cards("JK AH")
    >>> _with_jokers(parse_cards("JK 2H 3H"), [(jk, ace)])
    'jokeri herttaässänä, herttakakkonen ja herttakolmonen'
    """
    if not jokers:
        return cards_text(cards, case)
    stands = dict(jokers)
    return join_list([card_name(c, case) + (f" {card_name(stands[c], 'ess')}" if c in stands else "") for c in cards])


def describe_move(move: Move, table_texts: Sequence[str] = (), negative: bool = False) -> str:
    """A move as a verb phrase without its subject, e.g. *poistaa patakasin*.

    With ``negative`` the phrase fits after *ei voi*: infinitive verb and a
    partitive object (*ei voi poistaa patakasia*). ``table_texts`` are the
    table melds as text, to name a lay-off's target.

    >>> from rommikirja.cards import parse_card, parse_cards
    >>> describe_move(Discard(parse_card("8S")))
    'poistaa patakasin'
    >>> describe_move(LayOff(parse_cards("10D"), 0), ["ruutukuutonen, ruutuseiska ja ruutukasi"], True)
    'lisätä ruutukymppiä yhdistelmään (ruutukuutonen, ruutuseiska ja ruutukasi)'
    """
    obj = "part" if negative else "gen"
    if isinstance(move, Draw):
        if move.source == STOCK:
            return "nostaa nostopakasta"
        return "ottaa poistopakan päällimmäistä korttia" if negative else "ottaa poistopakan päällimmäisen kortin"
    if isinstance(move, Discard):
        return f"poistaa {card_name(move.card, obj)}"
    if isinstance(move, PlayMeld):
        verb = "pelata" if negative else "pelaa"
        noun = "yhdistelmää" if negative else "yhdistelmän"
        return f"{verb} pöytään {noun} ({cards_text(move.cards)})"
    if isinstance(move, Pass):
        return "passata" if negative else "passaa"
    if isinstance(move, Open):
        verb = "avata" if negative else "avaa"
        return f"{verb} yhdistelmillä " + join_list([f"({cards_text(m)})" for m in move.melds])
    if isinstance(move, Claim):
        return "huutaa ”rommi!”"
    if isinstance(move, MisDraw):
        return "nostaa väärällä vuorolla"
    if isinstance(move, RejectExposed):
        return "hylätä paljastettua korttia" if negative else "hylkää paljastetun kortin"
    if isinstance(move, Knock):
        return f"koputtaa poistamalla {card_name(move.card, 'gen')}"
    if isinstance(move, LayOff):
        target = table_texts[move.target] if 0 <= move.target < len(table_texts) else None
        where = f"yhdistelmään ({target})" if target else "pöydän yhdistelmään"
        verb = "lisätä" if negative else "lisää"
        return f"{verb} {cards_text(move.cards, obj)} {where}"
    return str(move)


def narrate_event(event: Event, names: Sequence[str], table_texts: Sequence[str] = (), style: str = "rummy") -> str:
    """One event of a deal as a Finnish sentence; ``style`` is the rule set's deal style.

    A pass is two different things: in gin (``style="knock"``) a player *passaa* the upcard (the
    glossary's word, gin only); in a rummy game whose stock has been used up, a player skips the
    last turn.

    >>> narrate_event(Event(1, "pass"), ["Aino", "Eero"], style="knock")
    'Eero passaa eikä ota avokorttia.'
    >>> narrate_event(Event(1, "pass"), ["Aino", "Eero"])
    'Eero ohittaa viimeisen vuoronsa eikä ota poistopakan korttia.'
    """
    return NARRATION[event.kind](names[event.player], event, table_texts, style)


def _lay_off(who: str, e: Event, table_texts: Sequence[str], style: str) -> str:
    target = table_texts[e.target] if e.target is not None and 0 <= e.target < len(table_texts) else None
    where = f" yhdistelmään ({target})" if target else " pöydän yhdistelmään"
    return f"{who} lisää {_with_jokers(e.cards, e.jokers, 'gen')}{where}."


def _pass(who: str, e: Event, table_texts: Sequence[str], style: str) -> str:
    if style == "knock":
        return f"{who} passaa eikä ota avokorttia."
    return f"{who} ohittaa viimeisen vuoronsa eikä ota poistopakan korttia."


K = EventKind
#: every event kind's Finnish sentence: ``(who, event, table_texts, style) -> str``; the event
#: kinds are a closed set and a test keeps this table complete
NARRATION: dict[EventKind, Callable[[str, Event, Sequence[str], str], str]] = {
    K.DRAW_STOCK: lambda who, e, t, s: f"{who} nostaa nostopakasta {card_name(e.cards[0], 'gen')}.",
    K.DRAW_DISCARD: lambda who, e, t, s: f"{who} ottaa poistopakan päältä {card_name(e.cards[0], 'gen')}.",
    K.TURN_OVER: lambda who, e, t, s: (
        f"Nostopakka on lopussa, joten {who} kääntää poistopakan sekoittamatta uudeksi "
        f"nostopakaksi; sen päällimmäisenä on nyt {card_name(e.cards[0])}."
    ),
    # the cards after a colon: a nominative list cannot follow the object "suoran" directly
    K.MELD: lambda who, e, t, s: (
        f"{who} pelaa pöytään {_meld_word(e.cards, e.jokers)}: {_with_jokers(e.cards, e.jokers)}."
    ),
    K.LAY_OFF: _lay_off,
    K.DISCARD: lambda who, e, t, s: f"{who} poistaa {card_name(e.cards[0], 'gen')}.",
    K.OUT: lambda who, e, t, s: f"{who} on mennyt ulos: käsi on tyhjä, ja jako päättyy.",
    K.PASS: _pass,
    K.OPENED: lambda who, e, t, s: f"{who} on avannut: avauksen yhdistelmät ovat yhteensä {e.target} pistettä.",
    K.CLAIM: lambda who, e, t, s: (
        f"{who} huutaa ”rommi!” ja ottaa poistopakasta {card_name(e.cards[0], 'gen')} käteensä."
    ),
    K.MISDRAW: lambda who, e, t, s: (
        f"{who} nostaa väärällä vuorolla nostopakasta {card_name(e.cards[0], 'gen')}; kortti "
        "palautetaan näkyviin nostopakan päälle."
    ),
    K.REJECT_EXPOSED: lambda who, e, t, s: (
        f"{who} laittaa paljastetun {card_name(e.cards[0], 'gen')} poistopakkaan ja nostaa "
        f"seuraavan kortin, {card_name(e.cards[1], 'gen')}."
    ),
    K.STOCK_USED: lambda who, e, t, s: (
        "Nostopakka on käyty kerran läpi, ja muut kuin viimeisen kortin nostanut ovat saaneet vielä yhden vuoron: jako päättyy."
    ),
    K.KNOCK: lambda who, e, t, s: f"{who} poistaa {card_name(e.cards[0], 'gen')} kuvapuoli alaspäin ja koputtaa.",
    K.GIN: lambda who, e, t, s: f"{who} poistaa {card_name(e.cards[0], 'gen')} kuvapuoli alaspäin: gin!",
    K.VOID: lambda who, e, t, s: (
        f"Vuoro päättyi ilman koputusta, ja nostopakassa on enää {count(e.target or 0, 'kortti')}: "
        "jako mitätöidään, ja kortit jaetaan uudelleen."
    ),
    K.BLOCKED: lambda who, e, t, s: "Nostopakka on lopussa eikä poistopakkaa käännetä, joten jako päättyy.",
    K.DEADLOCK: lambda who, e, t, s: (
        "Nostopakka on lopussa, eikä kukaan voi enää päästä ulos: yhtäkään pelissä olevaa korttia ei voi "
        "lisätä pöytään eikä uutta yhdistelmää voi syntyä, joten jako päättyy."
    ),
}
del K
