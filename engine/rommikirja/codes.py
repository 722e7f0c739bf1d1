"""Closed sets of the engine as enums: why a move is refused (:class:`Refusal`), where the rules
book explains it (:class:`Topic`) and how a deal ended (:class:`ResultKind`).

Each :class:`Refusal` member carries its one-line Finnish meaning (``help``, what the editor's
reference shows beside the code) and its ``topic`` (which section of a game's page explains the
rule: Pelaa links a refusal there). The members are of a :class:`~enum.StrEnum`: each equals its
string value, so codes reach JSON and the browser unchanged, and ``err.code == "must_draw"``
holds whichever the engine raised.

The engine raises refusals by their members, bound to module names here
(``IllegalMove(MUST_DRAW, …)`` after ``from .codes import MUST_DRAW``): move generation makes and
drops refusals by the thousand, and such a name costs what a string literal costs, where the
class attribute ``Refusal.MUST_DRAW`` costs about 80 ns on CPython 3.11. A misspelt code fails at
import. ``tests/test_codes.py`` scans the engine's source and fails when a code is written there
as a string, or a member has no help or topic.

>>> Refusal("knock_over_limit").topic, Refusal.KNOCK_OVER_LIMIT == "knock_over_limit"
(<Topic.KNOCK: 'knock'>, True)
>>> Refusal.DRAW_TWICE.help
'pelaaja on jo nostanut tällä vuorolla'
>>> refusal_topic("bad_move"), refusal_topic("taikatemppu")
(<Topic.TURN: 'turn'>, <Topic.TURN: 'turn'>)
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Topic", "Refusal", "ResultKind", "refusal_topic", "scenario_refusals"]  # (and every member's name, below)


class Topic(StrEnum):
    """The part of a game's rules a refusal is about (a page section per game says where)."""

    TURN = "turn"  # the turn: drawing, discarding, whose move
    MELD = "meld"  # new melds and what makes one
    LAY_OFF = "lay_off"  # laying cards off onto the table
    OPENING = "opening"  # Rommi 51's opening
    JOKER = "joker"  # jokers
    OUT = "out"  # going out, the end of a deal
    STOCK = "stock"  # when the stock runs out
    KNOCK = "knock"  # gin: knocking
    OFFER = "offer"  # gin: the first upcard


class Refusal(StrEnum):
    """Every code the engine refuses a move (or a setup) with: ``Refusal(code).help`` and ``.topic``."""

    help: str
    topic: Topic
    scenario: bool

    def __new__(cls, value: str, topic: Topic, help: str, scenario: bool = True) -> "Refusal":
        member = str.__new__(cls, value)
        member._value_ = value
        member.topic = topic
        member.help = help
        member.scenario = scenario  # False: only Pelaa's requests meet it, never a scenario's step
        return member

    # turn order and drawing
    MUST_DRAW = "must_draw", Topic.TURN, "vuoro alkaa nostolla, eikä pelaaja ole vielä nostanut"
    MUST_DRAW_ONE_CARD = (
        "must_draw_one_card",
        Topic.TURN,
        "vuoro alkaa nostolla silloinkin, kun kädessä on vain yksi kortti",
    )
    DRAW_TWICE = "draw_twice", Topic.TURN, "pelaaja on jo nostanut tällä vuorolla"
    UNKNOWN_SOURCE = ("unknown_source", Topic.TURN, "nostaa voi vain nostopakasta (stock) tai poistopakasta (discard)")
    DISCARD_EMPTY = "discard_empty", Topic.TURN, "poistopakka on tyhjä"
    STOCK_EMPTY = "stock_empty", Topic.STOCK, "nostopakka ja poistopakka ovat molemmat tyhjiä"
    STOCK_USED = (
        "stock_used",
        Topic.STOCK,
        "nostopakka on käyty läpi: vain poistopakan päällimmäinen kortti tai vuoron ohitus",
    )
    DEAL_OVER = "deal_over", Topic.TURN, "jako on jo päättynyt"
    UNKNOWN_MOVE = "unknown_move", Topic.TURN, "tässä pelissä ei ole sellaista siirtoa"
    MALFORMED_MOVE = "malformed_move", Topic.TURN, "siirto on vajaa tai väärin muodostettu"
    IRREGULAR = "irregular", Topic.TURN, "nosto väärällä vuorolla on sääntörikkomus"
    # discarding
    DISCARD_TAKEN_CARD = (
        "discard_taken_card",
        Topic.TURN,
        "poistopakasta otettua korttia ei saa poistaa samalla vuorolla",
    )
    STUCK_WITH_TAKEN_CARD = (
        "stuck_with_taken_card",
        Topic.TURN,
        "käteen jäisi vain poistopakasta otettu kortti, jota ei saa poistaa",
    )
    FINAL_DISCARD_REQUIRED = (
        "final_discard_required",
        Topic.OUT,
        "ulos mennään poistamalla viimeinen kortti (final_discard: required)",
    )
    NOT_IN_HAND = "not_in_hand", Topic.TURN, "kortti ei ole pelaajan kädessä"
    # melds and lay-offs
    LAY_OFF_BEFORE_MELD = (
        "lay_off_before_meld",
        Topic.LAY_OFF,
        "kortteja saa lisätä pöytään vasta oman yhdistelmän jälkeen",
    )
    ONE_MELD_PER_TURN = "one_meld_per_turn", Topic.MELD, "vain yksi uusi yhdistelmä vuorossa (melds_per_turn: one)"
    NO_SUCH_MELD = "no_such_meld", Topic.LAY_OFF, "pöydällä ei ole yhdistelmää, jonka numero onto: kertoo"
    NO_CARDS = "no_cards", Topic.TURN, "siirrossa ei ole yhtään korttia"
    NOT_EXTENDING = "not_extending", Topic.LAY_OFF, "lisättävä kortti ei jatka pöydän yhdistelmää"
    JOKER_IN_PLACE = (
        "joker_in_place",
        Topic.JOKER,
        "kortti, jonka paikalla jokeri jo on, ei käy: jokeria ei vaihdeta pois",
    )
    JOKER_READING = (
        "joker_reading",
        Topic.TURN,
        "jokerin merkityksen (jokers:) voi antaa vain siirron omalle jokerille, kullekin kerran",
    )
    TOO_SHORT = "too_short", Topic.MELD, "yhdistelmässä on alle kolme korttia"
    MIXED = "mixed", Topic.MELD, "kortit eivät ole samanarvoisia eivätkä samaa maata"
    MIXED_SUITS = "mixed_suits", Topic.MELD, "suoran kortit eivät ole samaa maata"
    GAP = "gap", Topic.MELD, "suorasta puuttuu kortti välistä"
    DUPLICATE_RANK = "duplicate_rank", Topic.MELD, "suorassa on sama arvo kahdesti"
    DUPLICATE = "duplicate", Topic.MELD, "sama kortti on yhdistelmässä kahdesti"
    GROUP_SAME_SUIT = "group_same_suit", Topic.MELD, "ryhmässä on kaksi saman maan korttia"
    GROUP_TOO_BIG = "group_too_big", Topic.MELD, "ryhmässä on yli neljä korttia"
    ACE_HIGH = "ace_high", Topic.MELD, "ässä on pieni (ace: low) eikä käy kuninkaan yläpuolelle"
    WRAP = "wrap", Topic.MELD, "suora ei saa kiertää kulman ympäri (K-A-2)"
    TOO_MANY_JOKERS = "too_many_jokers", Topic.JOKER, "yhdistelmässä on enemmän jokereita kuin säännöt sallivat"
    TOO_FEW_NATURALS = ("too_few_naturals", Topic.JOKER, "jokerin lisäksi tarvitaan vähintään kaksi tavallista korttia")
    # opening (Rommi 51, classic rommi)
    NOT_OPENED = "not_opened", Topic.OPENING, "pelaaja ei ole vielä avannut: pöytään vain koko avaus"
    ALREADY_OPENED = "already_opened", Topic.OPENING, "pelaaja on jo avannut"
    OPENING_TOO_LOW = "opening_too_low", Topic.OPENING, "avauksen yhdistelmien pisteet eivät riitä"
    NO_PURE_RUN = "no_pure_run", Topic.OPENING, "avauksessa on oltava puhdas suora ilman jokeria"
    NO_OPENING = "no_opening", Topic.MELD, "tässä pelissä ei ole erillistä avausta"
    # rummy call, misdraw and exposed card (classic rommi)
    NO_CLAIM = "no_claim", Topic.TURN, "”rommi!” ei käy: juuri poistettu kortti ei sovi pöydän yhdistelmään"
    NO_MISDRAW = "no_misdraw", Topic.TURN, "nostopakasta ei voi nyt nostaa väärällä vuorolla"
    EXPOSED_CARD = (
        "exposed_card",
        Topic.TURN,
        "väärällä vuorolla paljastettu kortti on ensin otettava tai laitettava poistopakkaan",
    )
    NOTHING_EXPOSED = "nothing_exposed", Topic.TURN, "nostopakassa ei ole paljastettua korttia"
    OWN_TURN = "own_turn", Topic.TURN, "pelaaja on itse vuorossa ja nostaa tavalliseen tapaan"
    # gin
    KNOCK_OVER_LIMIT = "knock_over_limit", Topic.KNOCK, "koputtaessa irtokortteja jäisi enemmän kuin raja sallii"
    BAD_MELDS = "bad_melds", Topic.TURN, "koputuksen yhdistelmät (melds:) annetaan korttiluetteloina"
    NOT_A_CARD = "not_a_card", Topic.TURN, "siirrossa on jotain, mikä ei ole kortti"
    NO_PASS = "no_pass", Topic.TURN, "passata saa vain jaon ensimmäisen avokortin kohdalla"
    OFFER_STOCK = (
        "offer_stock",
        Topic.OFFER,
        "avokortista päätetään ensin; nostopakasta vasta, kun molemmat ovat passanneet",
    )
    FORCED_STOCK = "forced_stock", Topic.OFFER, "molemmat passasivat: nyt nostetaan nostopakasta"
    NOT_IN_GIN = "not_in_gin", Topic.TURN, "gin-rommissa ei pelata pöytään eikä avata"
    TABLE = "table", Topic.TURN, "gin-rommissa yhdistelmiä ei pelata pöytään kesken jaon"
    # a setup the engine cannot start from (reported at setup:, not with refused:)
    PLAYERS = "players", Topic.TURN, "asetelma: pelaajamäärä ei sovi peliin"
    DEALER = "dealer", Topic.TURN, "asetelma: jakaja ei ole pelaaja"
    DUPLICATE_CARD = "duplicate_card", Topic.TURN, "asetelma: sama kortti on kahdessa paikassa"
    NO_SUCH_CARD = "no_such_card", Topic.TURN, "asetelma tai siirto: korttia ei ole tämän pelin pakassa"
    RULES = "rules", Topic.TURN, "asetelma: säännöt eivät sovi peliin (gin-rommi: yksi pakka, ei jokereita)"
    PHASE = "phase", Topic.TURN, "asetelma: tuntematon vaihe (phase:)"
    # Pelaa's own requests (never a scenario's step: the reference does not list them)
    NOT_MELDS = (
        "not_melds",
        Topic.OPENING,
        "Pelaa: valitut kortit eivät jakaudu kelvollisiksi avauksen yhdistelmiksi",
        False,
    )
    BAD_MOVE = "bad_move", Topic.TURN, "Pelaa: pyyntö ei ole siirto, jonka peli tuntee", False


# Every member under its own module name, for the engine's hot paths: ``IllegalMove(MUST_DRAW, …)``.
# A plain module global costs what a literal costs, where ``Refusal.MUST_DRAW`` (an Enum class
# attribute) costs about 80 ns on CPython 3.11; a misspelt name fails at import, unlike a literal.
# (``tests/test_codes.py`` checks that every member has its name here and that the engine raises
# no code written as a string.)
MUST_DRAW = Refusal.MUST_DRAW
MUST_DRAW_ONE_CARD = Refusal.MUST_DRAW_ONE_CARD
DRAW_TWICE = Refusal.DRAW_TWICE
UNKNOWN_SOURCE = Refusal.UNKNOWN_SOURCE
DISCARD_EMPTY = Refusal.DISCARD_EMPTY
STOCK_EMPTY = Refusal.STOCK_EMPTY
STOCK_USED = Refusal.STOCK_USED
DEAL_OVER = Refusal.DEAL_OVER
UNKNOWN_MOVE = Refusal.UNKNOWN_MOVE
MALFORMED_MOVE = Refusal.MALFORMED_MOVE
IRREGULAR = Refusal.IRREGULAR
DISCARD_TAKEN_CARD = Refusal.DISCARD_TAKEN_CARD
STUCK_WITH_TAKEN_CARD = Refusal.STUCK_WITH_TAKEN_CARD
FINAL_DISCARD_REQUIRED = Refusal.FINAL_DISCARD_REQUIRED
NOT_IN_HAND = Refusal.NOT_IN_HAND
LAY_OFF_BEFORE_MELD = Refusal.LAY_OFF_BEFORE_MELD
ONE_MELD_PER_TURN = Refusal.ONE_MELD_PER_TURN
NO_SUCH_MELD = Refusal.NO_SUCH_MELD
NO_CARDS = Refusal.NO_CARDS
NOT_EXTENDING = Refusal.NOT_EXTENDING
JOKER_IN_PLACE = Refusal.JOKER_IN_PLACE
JOKER_READING = Refusal.JOKER_READING
TOO_SHORT = Refusal.TOO_SHORT
MIXED = Refusal.MIXED
MIXED_SUITS = Refusal.MIXED_SUITS
GAP = Refusal.GAP
DUPLICATE_RANK = Refusal.DUPLICATE_RANK
DUPLICATE = Refusal.DUPLICATE
GROUP_SAME_SUIT = Refusal.GROUP_SAME_SUIT
GROUP_TOO_BIG = Refusal.GROUP_TOO_BIG
ACE_HIGH = Refusal.ACE_HIGH
WRAP = Refusal.WRAP
TOO_MANY_JOKERS = Refusal.TOO_MANY_JOKERS
TOO_FEW_NATURALS = Refusal.TOO_FEW_NATURALS
NOT_OPENED = Refusal.NOT_OPENED
ALREADY_OPENED = Refusal.ALREADY_OPENED
OPENING_TOO_LOW = Refusal.OPENING_TOO_LOW
NO_PURE_RUN = Refusal.NO_PURE_RUN
NO_OPENING = Refusal.NO_OPENING
NO_CLAIM = Refusal.NO_CLAIM
NO_MISDRAW = Refusal.NO_MISDRAW
EXPOSED_CARD = Refusal.EXPOSED_CARD
NOTHING_EXPOSED = Refusal.NOTHING_EXPOSED
OWN_TURN = Refusal.OWN_TURN
KNOCK_OVER_LIMIT = Refusal.KNOCK_OVER_LIMIT
BAD_MELDS = Refusal.BAD_MELDS
NOT_A_CARD = Refusal.NOT_A_CARD
NO_PASS = Refusal.NO_PASS
OFFER_STOCK = Refusal.OFFER_STOCK
FORCED_STOCK = Refusal.FORCED_STOCK
NOT_IN_GIN = Refusal.NOT_IN_GIN
TABLE = Refusal.TABLE
PLAYERS = Refusal.PLAYERS
DEALER = Refusal.DEALER
DUPLICATE_CARD = Refusal.DUPLICATE_CARD
NO_SUCH_CARD = Refusal.NO_SUCH_CARD
RULES = Refusal.RULES
PHASE = Refusal.PHASE
NOT_MELDS = Refusal.NOT_MELDS
BAD_MOVE = Refusal.BAD_MOVE
__all__ += [m.name for m in Refusal]


def refusal_topic(code: str) -> Topic:
    """The topic of a refusal code (:attr:`Topic.TURN` for a code the engine does not know)."""
    member = Refusal._value2member_map_.get(code)
    return member.topic if member is not None else Topic.TURN


def scenario_refusals() -> list[Refusal]:
    """The codes a scenario step may name in ``refused:`` (or meet at ``setup:``), in the reference's order."""
    return [r for r in Refusal if r.scenario]


class ResultKind(StrEnum):
    """How a deal ended, as priced (``DealScore.kind``; ``GinOutcome.kind`` is one of the gin ones)."""

    help: str

    def __new__(cls, value: str, help: str) -> "ResultKind":
        member = str.__new__(cls, value)
        member._value_ = value
        member.help = help
        return member

    WENT_OUT = "went_out", "pelaaja meni ulos"
    BLOCKED = "blocked", "jako jumittui (nostopakka loppui, eikä jakoa voi jatkaa)"
    DEADLOCK = "deadlock", "jako jäi jumiin: kukaan ei voi enää päästä ulos (deadlock: score_hands)"
    KNOCK = "knock", "gin: koputus"
    GIN = "gin", "gin: koputus ilman irtokortteja"
    UNDERCUT = "undercut", "gin: puolustaja alitti koputtajan"
    VOID = "void", "gin: jako mitätöityi (nostopakka loppui)"
