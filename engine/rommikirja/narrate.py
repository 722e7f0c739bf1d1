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

from typing import Sequence

from .deal import STOCK, Claim, Open, Discard, Draw, Event, LayOff, MisDraw, Move, PlayMeld, RejectExposed
from .finnish import card_name, cards_text, join_list, number_word
from .deal import Pass
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
    return join_list([card_name(c, case) + (f" {card_name(stands[c], 'ess')}" if c in stands else "")
                      for c in cards])


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
        return "ottaa poistopakan päällimmäistä korttia" if negative else \
            "ottaa poistopakan päällimmäisen kortin"
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


def narrate_event(event: Event, names: Sequence[str], table_texts: Sequence[str] = (),
                  style: str = "rummy") -> str:
    """One event of a deal as a Finnish sentence; ``style`` is the rule set's deal style.

    A pass is two different things: in gin (``style="knock"``) a player *passaa* the upcard (the
    glossary's word, gin only); in a rummy game whose stock has been used up, a player skips the
    last turn.

    >>> narrate_event(Event(1, "pass"), ["Aino", "Eero"], style="knock")
    'Eero passaa eikä ota avokorttia.'
    >>> narrate_event(Event(1, "pass"), ["Aino", "Eero"])
    'Eero ohittaa viimeisen vuoronsa eikä ota poistopakan korttia.'
    """
    who = names[event.player]
    cards = event.cards
    kind = event.kind
    if kind == "draw_stock":
        return f"{who} nostaa nostopakasta {card_name(cards[0], 'gen')}."
    if kind == "draw_discard":
        return f"{who} ottaa poistopakan päältä {card_name(cards[0], 'gen')}."
    if kind == "turn_over":
        return (f"Nostopakka on lopussa, joten {who} kääntää poistopakan sekoittamatta uudeksi "
                f"nostopakaksi; sen päällimmäisenä on nyt {card_name(cards[0])}.")
    if kind == "meld":
        # the cards after a colon: a nominative list cannot follow the object "suoran" directly
        return f"{who} pelaa pöytään {_meld_word(cards, event.jokers)}: {_with_jokers(cards, event.jokers)}."
    if kind == "lay_off":
        target = (table_texts[event.target] if event.target is not None
                  and 0 <= event.target < len(table_texts) else None)
        where = f" yhdistelmään ({target})" if target else " pöydän yhdistelmään"
        return f"{who} lisää {_with_jokers(cards, event.jokers, 'gen')}{where}."
    if kind == "discard":
        return f"{who} poistaa {card_name(cards[0], 'gen')}."
    if kind == "out":
        return f"{who} on mennyt ulos: käsi on tyhjä, ja jako päättyy."
    if kind == "pass":
        if style == "knock":
            return f"{who} passaa eikä ota avokorttia."
        return f"{who} ohittaa viimeisen vuoronsa eikä ota poistopakan korttia."
    if kind == "opened":
        return f"{who} on avannut: avauksen yhdistelmät ovat yhteensä {event.target} pistettä."
    if kind == "claim":
        return f"{who} huutaa ”rommi!” ja ottaa poistopakasta {card_name(cards[0], 'gen')} käteensä."
    if kind == "misdraw":
        return (f"{who} nostaa väärällä vuorolla nostopakasta {card_name(cards[0], 'gen')}; kortti "
                "palautetaan näkyviin nostopakan päälle.")
    if kind == "reject_exposed":
        return (f"{who} laittaa paljastetun {card_name(cards[0], 'gen')} poistopakkaan ja nostaa "
                f"seuraavan kortin, {card_name(cards[1], 'gen')}.")
    if kind == "stock_used":
        return "Nostopakka on käyty kerran läpi ja jokainen on saanut viimeisen vuoronsa: jako päättyy."
    if kind == "knock":
        return f"{who} poistaa {card_name(cards[0], 'gen')} kuvapuoli alaspäin ja koputtaa."
    if kind == "gin":
        return f"{who} poistaa {card_name(cards[0], 'gen')} kuvapuoli alaspäin: gin!"
    if kind == "void":
        left = number_word(event.target or 0)
        return (f"Vuoro päättyi ilman koputusta, ja nostopakassa on enää {left} korttia: jako "
                "mitätöidään ja jaetaan uudelleen.")
    if kind == "blocked":
        return "Nostopakka on lopussa eikä poistopakkaa käännetä, joten jako päättyy."
    return f"{who}: {kind}"
