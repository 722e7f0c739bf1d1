"""The guided deal's advice is true and teaches: a discard is never called safe when the next player
may take it for a new meld (and the guide says so when that player does), the draw's reason is the
engine's (a meld the card would make that cannot open yet, a pair without a third card), a legal
other move is told why the guided one is better, gin's deadwood is said as it is after the discard,
the deal's set-up is said in the past at the first draw, refusals match the moment. Under the tests'
own rule sets (tests/fixed_rules.py)."""

from __future__ import annotations

import json

from fixed_rules import FIXED
from rommikirja import deal_type
from rommikirja.app.api import pelaa_handle
from rommikirja.app.opetus import script_of
from rommikirja.app.opetus_discard import WHY_POINTS
from rommikirja.app.opetus_text import guide
from rommikirja.cards import parse_cards, standard_deck
from rommikirja.deal import Discard, Draw, PlayMeld
from rommikirja.gin import Knock
from rommikirja.melds import Meld
from rommikirja.narrate import DEFAULT_NAMES
from rommikirja.options import OPTIONS
from rommikirja.rules import statement


def _position(rules, hands: list[str], stock_top: str, discard: str, table: tuple = (), **kw):
    """A deal from the hands, the stock's top cards (the rest of the deck below them), the discard
    pile and the table's melds (``[(owner, "3S 4S 5S")]``)."""
    mine = [list(parse_cards(h)) for h in hands]
    top = list(parse_cards(stock_top))
    pile = list(parse_cards(discard))
    melds = [(owner, Meld.from_cards(parse_cards(cards), rules)) for owner, cards in table]
    used = {c for h in mine for c in h} | set(top) | set(pile) | {c for _, m in melds for c in m.cards}
    rest = [c for c in standard_deck(rules.decks, rules.jokers) if c not in used]
    if melds:
        kw["table"] = melds
    return deal_type(rules).from_position(rules, mine, stock=top + rest, discard=pile, **kw)


def ask_opetus(rules, script: dict, at: int, move: dict | None = None, part: list | None = None) -> dict:
    """The engine's answer to a guided-deal request (as the page sends it), under ``rules``."""
    req = {"op": "opetus", "rules": rules.as_mapping(), "script": script, "at": at}
    if move is not None:
        req["move"] = move
    if part is not None:
        req["part"] = part
    answer = json.loads(pelaa_handle(json.dumps(req)))
    assert answer["ok"], answer
    return answer["result"]


def _taken_discard_deal():
    """Perusrommi, three players: Aino lays 2♠ 2♦ 2♣ and discards Q♦, which fits no table meld;
    Eero holds Q♥ Q♣, takes it and lays a group; then Aino draws again (K♦ on the pile, K♠ in hand)."""
    rules = FIXED["perusrommi"]
    start = _position(
        rules,
        ["2S 2D 2C QD 5H 9C KS", "QH QC 3S 4D 6C 8H JD", "AS 3H 5C 7C 9D JS KD"],
        "7H 8C 8D 10C",
        "10S",
        dealer=2,
        turn=0,
    )
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    moves = [
        Draw("stock"),
        PlayMeld(tuple(parse_cards("2S 2D 2C"))),
        Discard(c("QD")),
        Draw("discard"),
        PlayMeld(tuple(parse_cards("QH QD QC"))),
        Discard(c("JD")),
        Draw("stock"),
        Discard(c("KD")),
        Draw("stock"),
        Discard(c("9C")),
    ]
    return rules, start, moves


def test_a_discard_is_not_called_safe_and_the_next_step_says_who_took_it():
    rules, start, moves = _taken_discard_deal()
    steps = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))
    discard = next(s for s in steps if s["at"] == 2)
    assert "se on hyvä" not in discard["text"]
    assert "Pöydän yhdistelmiin se ei sovi, joten seuraava pelaaja ei voi lisätä sitä niihin." in discard["text"]
    assert "Hän voi silti ottaa sen poistopakasta" in discard["text"]
    nxt = next(s for s in steps if s["at"] == 8)
    assert nxt["note"].startswith(
        "Eero otti poistamasi ruuturouvan ja pelasi pöytään ryhmän (herttarouva, ruuturouva ja ristirouva). "
        "Poistettu kortti voi auttaa seuraavaa pelaajaa"
    ), nxt
    # the draw's reason: K♦ on the pile makes a pair with the reader's K♠, no meld yet
    assert "ei ole sinulle hyötyä" not in nxt["text"]
    assert (
        "Se sopisi yhteen patakuninkaasi kanssa, mutta yhdistelmään tarvittaisiin vielä herttakuningas tai "
        "ristikuningas." in nxt["text"]
    ), nxt
    # the first draw: the upcard is the deal's set-up, said in the past, not as the draw's rule
    first = steps[0]
    assert "jaettuaan kortit jakaja käänsi nostopakan päällimmäisen kortin, patakympin," in first["text"], first
    assert statement("upcard", rules) not in first["rule"]
    # the reader's other legal moves are told why the guided one is better
    script = script_of(start, moves, list(DEFAULT_NAMES[:3]), 0)
    other = ask_opetus(rules, script, 0, {"draw": "discard"})
    assert other["result"] == "other" and "Patakymppi ei sovi yhdistelmään minkään korttisi kanssa" in other["reason"]
    lay = ask_opetus(rules, script, 2, {"discard": "KS"})  # (after the meld) K♠ instead of Q♦
    assert lay["result"] == "other", lay
    assert lay["reason"].startswith(
        "Sääntöjen mukaan voisit myös poistaa patakuninkaan, mutta tässä opetusjaossa poistetaan nyt ruuturouva: "
    ), lay
    early = ask_opetus(rules, script, 1, {"discard": "QD"})  # a discard before the guided meld ends the turn
    assert "poisto päättäisi vuorosi" in early["reason"], early


def test_rommi51_draw_says_the_meld_the_card_makes_and_why_it_cannot_open():
    rules = FIXED["rommi51"]
    start = _position(
        rules,
        [
            "AS 2S 3S 4D 5D 7H 9C JC KH 8S 10H QD 2H 6C",
            "AH 3H 4H 5S 6S 7S 8H 9H JH QH KC 2C 3C",
            "AD 2D 3D 7D 8D 9D 10D JD KD 4C 5C 7C 8C",
        ],
        "9S 10S",
        "6D",
        dealer=2,
        turn=0,
    )
    moves = [Draw("stock"), Discard(parse_cards("KH")[0])]
    steps = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))
    text = steps[0]["text"]
    assert "ei ole sinulle hyötyä" not in text
    assert (
        "Se tekisi kahdesta kortistasi yhdistelmän 4♦ 5♦ 6♦, mutta avausta et saisi sillä vielä kokoon: "
        "yhdistelmiesi arvo olisi enintään 6 + 15 = 21 pistettä (A♠ 2♠ 3♠ ja 4♦ 5♦ 6♦), ja avaukseen tarvitaan "
        "vähintään 51 pistettä ja jokeriton suora. Avauksen pisteissä ässä on suoran alapäässä 1 piste. Nosta siis "
        "kortti nostopakasta." in text
    ), text
    assert "Jokerikin" not in text  # (no joker in the hand)
    assert "Et voi vielä avata" in steps[1]["text"] and "Avauksen pisteissä" not in steps[1]["text"]  # (said once)
    script = script_of(start, moves, list(DEFAULT_NAMES[:3]), 0)
    other = ask_opetus(rules, script, 0, {"draw": "discard"})
    assert "Ruutukuutonen tekisi kahdesta kortistasi yhdistelmän 4♦ 5♦ 6♦" in other["reason"], other
    # a run chosen for an opening that cannot be made: its points and the minimum, not "saisi koota"
    part = ask_opetus(rules, script, 1, part=[["AS", "2S", "3S"]])
    assert part["result"] == "other", part
    assert "saisi koota" not in part["reason"]
    assert part["reason"].startswith(
        "Suora A♠ 2♠ 3♠ kelpaa yhdistelmäksi, mutta avaukseen tarvitaan vähintään 51 "
        "pistettä ja jokeriton suora, ja valitsemasi yhdistelmä on vain 6 pistettä."
    ), part


def test_rommi51_draw_counts_the_best_melds_and_says_the_joker_serves_one_meld():
    """7♥ on the pile would make 5♥ 🃏 7♥, but the best count keeps the joker in 8♣ 🃏 10♣ (and 5♥
    in its group): the melds behind "enintään 48" are shown with how their ace and joker were counted
    (the deal's first count), that a joker goes into one meld, and that the hand's melds come to 48
    without 7♥ too."""
    rules = FIXED["rommi51"]
    start = _position(
        rules,
        [
            "AS 2S 3S 5S 5H 5D 8C 10C JK 9S KH QD 2H 4D",
            "AH 3H 4H 6S 7S 8H 9H JH QH KC 2C 3C 6D",
            "AD 2D 3D 7D 8D 9D 10D JD KD 4C 5C 7C 8D'",
        ],
        "9D' 10S",
        "7H",
        dealer=2,
        turn=0,
    )
    steps = guide(start, [Draw("stock"), Discard(parse_cards("KH")[0])], 0, list(DEFAULT_NAMES[:3]))
    assert steps[0]["text"].endswith(
        "Se tekisi kahdesta kortistasi yhdistelmän 5♥ 🃏 7♥, mutta avausta et saisi sillä vielä kokoon: "
        "yhdistelmiesi arvo olisi enintään 6 + 15 + 27 = 48 pistettä (A♠ 2♠ 3♠, 5♠ 5♥ 5♦ ja 8♣ 🃏 10♣), ja "
        "avaukseen tarvitaan vähintään 51 pistettä ja jokeriton suora. Avauksen pisteissä ässä on suoran "
        "alapäässä 1 piste ja jokeri lasketaan sen kortin arvoisena, jota se esittää. Jokerikin voi kuulua vain "
        "yhteen yhdistelmään. Ilman "
        "herttaseiskaakin yhdistelmiesi arvo on jo nyt 48 pistettä, joten herttaseiska ei toisi avausta yhtään "
        "lähemmäksi. Nosta siis kortti nostopakasta."  # (the same 48 as the hand's own: 7♥ would gain nothing)
    ), steps[0]["text"]


def test_a_meld_or_lay_off_of_the_card_drawn_from_the_stock_names_it():
    """The draw's step cannot name a card from the stock; the next step that plays it says it did
    the work. A meld of cards held before the draw is asked for plainly."""
    rules = FIXED["perusrommi"]
    hands = ["2S 2D QD 5H 9C KS 7D", "QH QC 3S 4D 6C 8H JD", "AS 3H 5C 7C 9D JS KD"]
    start = _position(rules, hands, "2C 8C", "10S", dealer=2, turn=0)
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    moves = [Draw("stock"), PlayMeld(tuple(parse_cards("2S 2D 2C"))), Discard(c("QD"))]
    meld = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))[1]
    assert meld["text"] == (
        "Nostamasi ristikakkonen tekee ryhmästä valmiin: pelaa pöytään patakakkonen, ruutukakkonen ja ristikakkonen."
    ), meld
    held = _position(rules, ["2S 2D 2C QD 5H 9C KS", *hands[1:]], "8C 7D", "10S", dealer=2, turn=0)
    meld = guide(held, moves, 0, list(DEFAULT_NAMES[:3]))[1]
    assert meld["text"] == "Pelaa pöytään ryhmä: patakakkonen, ruutukakkonen ja ristikakkonen.", meld
    # a lay-off of the drawn card (classic rommi: before one's own meld too)
    from rommikirja.deal import LayOff

    rommi = FIXED["rommi"]
    hands = ["2S 4D 9H KS QD 5H 3C", "3S 4C 5C 8H JD AH 10S", "AS 3H 7D 9D JS KD 2H"]
    start = _position(rommi, hands, "6C 8D", "10D", table=[(1, "7C 8C 9C")], dealer=2, turn=0)
    moves = [Draw("stock"), LayOff((c("6C"),), 0), Discard(c("KS"))]
    lay = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))[1]
    assert lay["text"] == (
        "Nostamasi ristikuutonen jatkaa pöydän yhdistelmää (ristiseiska, ristikasi ja ristiysi): lisää se siihen. "
        "Pöytään lisättyä korttia ei enää lasketa jaon lopussa käteesi jääneisiin kortteihin, ja olet yhtä korttia "
        "lähempänä ulosmenoa."  # (why lay off at all: said at the deal's first lay-off only)
    ), lay
    # a second lay-off (5♣, onto the same run) is asked for plainly
    moves += [Draw("stock"), Discard(c("JD")), Draw("stock"), Discard(c("2H")), Draw("stock"), LayOff((c("5C"),), 0)]
    hands = ["2S 4D 9H KS QD 5H 5C", "3S 4C 8H JD AH 10S 3C", "AS 3H 7D 9D JS KD 2H"]
    start = _position(rommi, hands, "6C 8D 10H 2D", "10D", table=[(1, "7C 8C 9C")], dealer=2, turn=0)
    steps = [s for s in guide(start, moves, 0, list(DEFAULT_NAMES[:3])) if s["action"] == "lay_off"]
    assert [s["text"].count("lähempänä ulosmenoa") for s in steps] == [1, 0], steps


def test_a_gin_discard_says_which_meld_the_turn_broke_up_and_why():
    """9♥ from the stock: 7♥ 8♥ 9♥ leaves less deadwood than the group 7♠ 7♥ 7♣, so 7♥ moves and
    the group is gone; the step says so, the first time that a card belongs to one meld only, and
    what keeping the group would have left (how the better grouping is found)."""
    rules = FIXED["gin"]
    start = _position(
        rules,
        ["7S 7H 7C 8H KD QS JC 2D 4S 6D", "2H 6H 10H QH 3S 5S 9S JS AD 3C"],
        "9H 5C AC",
        "KS",
        dealer=1,
        turn=0,
        phase="draw",
    )
    steps = guide(start, [Draw("stock"), Discard(parse_cards("KD")[0])], 0, list(DEFAULT_NAMES[:2]))
    assert steps[1]["text"].endswith(
        "Herttaseiska on nyt suorassa, joten ryhmää 7♠ 7♥ 7♣ ei enää lasketa: sama kortti voi kuulua vain yhteen "
        "yhdistelmään. Kortit pysyvät kädessäsi koko jaon ajan, joten niiden jaottelu yhdistelmiin voi muuttua "
        "joka vuorolla; tässä ne jaetaan aina niin, että irtokorttiesi arvo jää pienimmäksi. Jos pitäisit ryhmän, "
        "irtokorttiesi arvo olisi 49 pistettä."
    ), steps[1]["text"]  # (kept: 8♥ 9♥ Q♠ J♣ 2♦ 4♠ 6♦ = 49; the run leaves 46)
    assert "irtokorttiesi arvo on 46 pistettä" in steps[1]["text"], steps[1]["text"]
    assert "ei enää lasketa" not in steps[0]["text"]


def _gin_knock():
    rules = FIXED["gin"]
    start = _position(
        rules,
        ["3H 4H 5H 7S 7D 7C AS 2C 4D KD", "2H 6H 8H 10H QH 3S 5S 9S JS 6D"],
        "9C 5C AC",
        "QS",
        dealer=1,
        turn=0,
        phase="draw",
    )
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    moves = [Draw("stock"), Discard(c("KD")), Draw("stock"), Discard(c("5C")), Draw("stock"), Knock(c("9C"))]
    return rules, start, moves


def test_gin_deadwood_is_said_after_the_discard_and_a_plain_discard_is_told_from_the_knock():
    rules, start, moves = _gin_knock()
    names = list(DEFAULT_NAMES[:2])
    steps = guide(start, moves, 0, names)
    discard = next(s for s in steps if s["action"] == "discard")
    assert " Poiston jälkeen kädessäsi on " in discard["text"], discard
    knock = next(s for s in steps if s["action"] == "knock")
    assert knock["text"].startswith("Koputa poistamalla ristiysi: poiston jälkeen irtokorttiesi arvo on 8 pistettä"), (
        knock
    )
    # knocking is a choice (the same discard without it is legal): said, with what waiting costs and gains
    assert knock["text"].endswith(
        "Koputtaa ei ole pakko: odottamalla voisit vielä pienentää irtokorttiesi arvoa, mutta silloin Eero voi ehtiä "
        "koputtaa ensin."
    ), knock
    script = script_of(start, moves, names, 0)
    at = knock["at"]
    plain = ask_opetus(rules, script, at, {"discard": "9C"})
    assert plain["result"] == "other" and plain["reason"].count("ristiysi") == 1, plain
    assert "koputtamatta, jolloin jako jatkuu" in plain["reason"] and "jako päättyy" in plain["reason"], plain
    # a pass after the draw: the refusal says the turn ends in a discard or a knock, not "on nostettava"
    refused = ask_opetus(rules, script, at, {"pass": True})
    assert refused["result"] == "refused" and "nostettava" not in refused["reason"], refused
    assert "poistoon tai koputukseen" in refused["reason"], refused


def test_the_upcard_taken_is_said_to_fit_the_cards_it_fits_not_only_the_points_it_saves():
    """Gin: 8♦ turned up fits Aino's 8♥ (a group to be) and 10♦ (a run to be): the guide names both."""
    rules = FIXED["gin"]
    hands = ["8H 10D JD 7S 7H 7C 2C 4S KS QC", "2H 6H 9H 10H QH 3S 5S 9S JS 6D"]
    start = _position(rules, hands, "5C AC", "8D", dealer=1, turn=0, phase="offer")
    moves = [Draw("discard"), Discard(parse_cards("JD")[0])]
    first = guide(start, moves, 0, list(DEFAULT_NAMES[:2]))[0]
    assert first["concept"] == "avokortti", first
    assert "Ota se: se sopii yhteen herttakasisi ja ruutukympisi kanssa, ja kun poistat" in first["text"], first


def test_a_knock_says_what_it_lays_down_and_why_when_that_is_not_the_hands_grouping():
    """Two spreads leave 8 points (2♠ 3♠ 4♠ + 3♥ 4♥ 5♥, or 3♠ 3♦ 3♣ + 3♥ 4♥ 5♥); the defender
    holds A♠ and 5♠, which go onto the spade run: the knock lays down the threes, and the guide
    says so, and why it differs from the hand's grouping (by the unseen cards that go onto each); a
    knock with one spread says the spread only."""
    rules = FIXED["gin"]
    names = list(DEFAULT_NAMES[:2])
    c = lambda s: parse_cards(s)[0]  # noqa: E731

    def knock_text(hand: str, defender: str, top: str, card: str) -> str:
        start = _position(rules, [hand, defender], top, "KD", dealer=1, turn=0, phase="draw")
        steps = guide(start, [Draw("stock"), Knock(c(card))], 0, names)
        return next(s for s in steps if s["action"] == "knock")["text"]

    text = knock_text("2S 3S AH 3H 4H 5H 3D AC 3C 7D", "AS 5S 6H 6C 7C 8C 10C JC QC KC", "4S", "7D")
    assert " Koputtaessasi levität pöytään ryhmän 3♠ 3♦ 3♣ ja suoran 3♥ 4♥ 5♥; irtokorteiksi jäävät " in text, text
    # why, by what the reader sees (A♠ and 5♠ are unseen; the fourth three is in the reader's run),
    # not by the defender's hidden hand
    assert (
        " Koputtaja saa itse päättää, miten hän levittää kätensä yhdistelmiksi. Saman irtokorttien arvon saisit "
        "myös levittämällä suoran 2♠ 3♠ 4♠, mutta siihen Eero voisi liittää pataässän tai pataviitosen, kun taas "
        "ryhmään 3♠ 3♦ 3♣ ei voi liittää yhtään korttia."
    ) in text, text
    # one way to spread: the lay-down is said, the difference is not
    text = knock_text("3H 4H 5H 7S 7D 7C AS 2C 4D KS", "2H 6H 8H 10H QH 3S 5S 9S JS 6D", "2D", "KS")
    assert (
        " Koputtaessasi levität pöytään ryhmän 7♠ 7♦ 7♣ ja suoran 3♥ 4♥ 5♥; irtokorteiksi jäävät A♠ 2♦ 4♦ 2♣." in text
    ), text
    assert "päättää" not in text and "saisit" not in text, text


def test_a_gin_discard_among_equal_deadwood_says_what_sets_it_apart():
    """After drawing A♠, discarding J♦, 10♣ or 10♠ leaves the same 23 points of deadwood; the guided
    reader discards J♦, the one that fits no other card (10♣ and 10♠ pair), and the guide says both;
    when no card ties, only the least deadwood is said."""
    from rommikirja.app.opetus_discard import teaching_discard

    rules = FIXED["gin"]
    names = list(DEFAULT_NAMES[:2])
    start = _position(
        rules,
        ["3H 4H 5H 7S 7D 7C JD 10C 10S 2C", "2H 6H 8H 10H QH 3S 5S 9S JS 6D"],
        "AS",
        "KD",
        dealer=1,
        turn=0,
        phase="draw",
    )
    deal = start.copy()
    deal.play(Draw("stock"))
    jack = parse_cards("JD")[0]
    assert teaching_discard(deal) == jack
    text = next(s for s in guide(start, [Draw("stock"), Discard(jack)], 0, names) if s["action"] == "discard")["text"]
    assert text.startswith(
        "Päätä vuoro poistamalla ruutujätkä: sen poisto jättää irtokorttiesi arvon mahdollisimman pieneksi (yhtä pieneksi "
        "sen jättäisi myös ristikympin tai patakympin poisto). Näistä korteista ruutujätkä ei sovi yhdistelmään "
        "minkään muun korttisi kanssa, kun taas muut sopivat yhteen jonkin muun korttisi kanssa."
    ), text
    assert "irtokorttiesi arvo on 23 pistettä" in text, text
    start = _position(  # 10♣ and 10♠ make a group with 10♦: K♦ alone is the least deadwood's discard
        rules,
        ["3H 4H 5H 7S 7D 7C 10D 10C 10S 2C", "2H 6H 8H 10H QH 3S 5S 9S JS 6D"],
        "KD",
        "QD",
        dealer=1,
        turn=0,
        phase="draw",
    )
    king = parse_cards("KD")[0]
    text = next(s for s in guide(start, [Draw("stock"), Discard(king)], 0, names) if s["action"] == "discard")["text"]
    assert text.startswith(
        "Päätä vuoro poistamalla ruutukuningas: sen poisto jättää irtokorttiesi arvon mahdollisimman pieneksi. "
    ), text


def test_a_lay_off_refusal_names_the_groups_rank_in_the_plural():
    rules = FIXED["perusrommi"]
    meld = Meld.from_cards(parse_cards("5H 5D 5C"), rules)
    assert meld._mismatch(parse_cards("QS")) == "patarouva ei ole samanarvoinen kuin ryhmän kortit (viitosia)"


def test_a_deal_won_without_a_rommi_says_what_a_rommi_would_have_given():
    """Perusrommi doubles a rommi: Aino goes out on her second turn after a meld on her first, so no
    rommi; the ending says why and the doubled points, priced by the engine; a real rommi says nothing."""
    import re

    from rommikirja.app.opetus_text import rommi_missed
    from rommikirja.scoring import score_deal

    rules = FIXED["perusrommi"]
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    start = _position(
        rules,
        ["2S 2D 2C 5H 6H 7H KS", "QH QC 3S 4D 6C 8D JD", "AS 3H 5C 7C 9D JS KD"],
        "9C 4C 10D 8H",
        "10S",
        dealer=2,
        turn=0,
    )
    moves = [
        Draw("stock"),
        PlayMeld(tuple(parse_cards("2S 2D 2C"))),
        Discard(c("KS")),
        Draw("stock"),
        Discard(c("4C")),
        Draw("stock"),
        Discard(c("10D")),
        Draw("stock"),
        PlayMeld(tuple(parse_cards("5H 6H 7H 8H"))),
        Discard(c("9C")),
    ]
    end = start.copy()
    for m in moves:
        end.play(m)
    assert end.is_over and not end.outcome.rummy
    said = rommi_missed(end, list(DEFAULT_NAMES[:3]), 0)
    assert said.startswith(
        "Tässä jaossa ei tullut rommia, koska pelasit pöytään jo aiemmilla vuoroilla. "
        + statement("rummy_doubling", rules)
        + " "
    ), said  # (what a rommi is: the rule set's sentence)
    got = re.search(r"rommista olisit saanut (\d+) pistettä (\d+) pisteen sijaan\.$", said)
    assert got and int(got[2]) == score_deal(end.outcome, rules).points[0] and int(got[1]) == 2 * int(got[2]), said
    assert rommi_missed(end, list(DEFAULT_NAMES[:3]), 1).startswith("Aino ei saanut rommia, koska hän pelasi")
    # no doubling in the rules: nothing to say
    from types import SimpleNamespace

    plain = SimpleNamespace(outcome=end.outcome, rules=FIXED["rommi"])
    assert not FIXED["rommi"].rummy_doubling and rommi_missed(plain, list(DEFAULT_NAMES[:3]), 0) == ""


def test_taking_the_discard_with_one_card_left_says_the_taken_card_cannot_be_the_last():
    from rommikirja.deal import LayOff

    rules = FIXED["perusrommi"]
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    table = [(1, Meld.from_cards(parse_cards("AS AD AC"), rules))]
    mine = [list(parse_cards(h)) for h in ("2H", "3S 4D 6C 8D", "5C 7C 9D JS")]
    pile = [c("KD"), c("AH")]
    used = {x for h in mine for x in h} | set(pile) | {x for x in table[0][1].cards}
    rest = [x for x in standard_deck(rules.decks, rules.jokers) if x not in used]
    start = deal_type(rules).from_position(rules, mine, stock=rest, discard=pile, table=table, dealer=2, turn=0)
    moves = [Draw("discard"), LayOff((c("AH"),), 0), Discard(c("2H"))]
    steps = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))
    assert (
        "Ennen ottamista kädessäsi on vain herttakakkonen. Poistopakasta otettua korttia ei saa poistaa samalla "
        "vuorolla, joten tällä vuorolla pääset ulos vain pelaamalla herttaässän pöytään."
    ) in steps[0]["text"], steps[0]
    # the turn's plan, said at its draw: the discard after the lay-off empties the hand
    assert steps[0]["text"].endswith(
        "Lopuksi poistat viimeisen korttisi, herttakakkosen, jolloin kätesi tyhjenee ja menet ulos."
    ), steps[0]


def test_another_players_lay_off_onto_the_readers_meld_is_told_at_the_readers_next_step():
    """Aino lays 4♥ 5♥ 6♥ down; Eero lays 7♥ onto it, and later 8♥; Aino's next step says so each
    time, with the rule the first time only."""
    rules = FIXED["perusrommi"]
    names = list(DEFAULT_NAMES[:2])
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    start = _position(
        rules,
        ["4H 5H 6H KC 9D 2S 3D", "7H 8H 8S 8D QS JC 5C"],
        "2D 10D 4S 9C 6C",
        "",
        dealer=1,
        turn=0,
    )
    from rommikirja.deal import LayOff

    run = PlayMeld(tuple(parse_cards("4H 5H 6H")))
    moves = [Draw("stock"), run, Discard(c("KC"))]
    moves += [Draw("stock"), LayOff((c("7H"),), 0), Discard(c("QS"))]
    moves += [Draw("stock"), Discard(c("9D"))]
    moves += [Draw("stock"), LayOff((c("8H"),), 0), Discard(c("JC"))]
    moves += [Draw("stock")]
    steps = guide(start, moves, 0, names)
    notes = [s.get("note", "") for s in steps]
    told = [n for n in notes if "yhdistelmääsi" in n]
    assert told[0] == (
        "Eero lisäsi herttaseiskan yhdistelmääsi (4♥ 5♥ 6♥). Kortin, joka jatkaa pöydän yhdistelmää, saa lisätä "
        "siihen, olipa yhdistelmä oma tai jonkun muun."
    ), notes
    assert told[1] == "Eero lisäsi herttakasin yhdistelmääsi (4♥ 5♥ 6♥ 7♥).", notes


def test_a_taken_discard_says_what_it_completes_on_this_turn():
    """Aino takes 5♦ from the pile for 5♠ 5♥: the step names the meld it completes and that it goes
    down on this turn (not "soon")."""
    rules = FIXED["perusrommi"]
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    start = _position(rules, ["5S 5H KC 9D 2S 3D 8H", "7H 8C 8S 8D QS JC 4C"], "2D", "5D", dealer=1, turn=0)
    moves = [Draw("discard"), PlayMeld(tuple(parse_cards("5S 5H 5D"))), Discard(c("KC"))]
    step = guide(start, moves, 0, list(DEFAULT_NAMES[:2]))[0]
    assert step["action"] == "draw_discard", step
    assert step["text"].endswith(
        "ota poistopakan päällimmäinen kortti, ruutuviitonen. Sillä saat kokoon yhdistelmän 5♠ 5♥ 5♦, jonka "
        "pelaat tällä vuorolla pöytään."
    ), step  # (and no plan of going out: cards stay in the hand)


def test_the_dearer_cards_kept_are_loose_ones_and_what_they_wait_for_is_not_in_the_hand():
    """Aino discards the lone 7♣; of her dearer cards 9♠ 10♠ J♠ already make a run, so the guide
    names only the loose pair K♥ Q♥ and the heart it waits for."""
    rules = FIXED["perusrommi"]
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    start = _position(rules, ["9S 10S JS KH QH 2D 4C", "7H 8C 8S 8D QS JC 5C"], "7C", "", dealer=1, turn=0)
    moves = [Draw("stock"), Discard(c("7C"))]
    text = next(s for s in guide(start, moves, 0, list(DEFAULT_NAMES[:2])) if s["action"] == "discard")["text"]
    kept = text.split("Arvokkaammatkin kortit kannattaa pitää, jos ne voivat vielä päästä yhdistelmään: ", 1)[1]
    assert kept.startswith("herttakuningas ja herttarouva odottavat herttajätkää"), text
    assert "pata" not in kept, text
    # only 9♥ of the pair 9♥ 7♥ is dearer than the discarded 8♣: it alone is called dearer
    start = _position(rules, ["9H 7H 8C 2S 3D 4C 5S", "7C 8H 8S 8D QS JC 5C"], "2H", "", dealer=1, turn=0)
    steps = guide(start, [Draw("stock"), Discard(c("8C"))], 0, list(DEFAULT_NAMES[:2]))
    text = next(s for s in steps if s["action"] == "discard")["text"]
    assert text.startswith("Päätä vuoro poistamalla ristikasi: se ei sovi"), text  # (the ranking's own choice)
    assert (
        "Arvokkaampi herttaysi kannattaa pitää, jos se voi vielä päästä yhdistelmään: se ja herttaseiska "
        "odottavat herttakasia." in text
    ), text


def test_a_discard_that_fitted_the_readers_cards_and_was_covered_is_explained_once():
    """Eero discards K♣, which would make K♥ K♦ K♣ with Aino's kings, and Kaisa discards on top of it
    before Aino's turn: Aino's next step says why she cannot take it (only the top card, and only on
    one's own turn); a later covered card is not told again."""
    rules = FIXED["rommi"]
    start = _position(
        rules,
        ["KH KD 3S 7D 9H 2C", "KC 4H 8S 9D 5C QS", "6H 10C AD 4S 8D 2H"],
        "9C 10H 3D 5S 7S JH",
        "6C",
        dealer=2,
        turn=0,
    )
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    turn = lambda out: [Draw("stock"), Discard(c(out))]  # noqa: E731
    # (Aino draws 9♣ and keeps it: Eero's 9♦ on her second round would make 9♥ 9♦ 9♣, covered too)
    moves = [*turn("2C"), *turn("KC"), *turn("AD"), *turn("7D"), *turn("9D"), *turn("6H"), Draw("stock")]
    steps = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))
    told = [s for s in steps if "poisti sen päälle" in s.get("note", "")]
    assert [s["at"] for s in told] == [6], [(s["at"], s.get("note")) for s in steps]
    assert told[0]["note"] == (
        "Eero poisti ristikuninkaan, josta olisi tullut korttiesi kanssa yhdistelmä K♥ K♦ K♣, mutta Kaisa poisti "
        "sen päälle toisen kortin. Poistopakasta saa ottaa vain päällimmäisen kortin, ja vain omalla vuorollaan."
    )


def test_a_discard_with_a_partner_says_when_no_card_of_the_hand_is_lone():
    """Every card of Aino's hand has a partner (Q♠ Q♦, 5♥ 6♥, 9♣ 9♦, 2♠ 2♣): the queen goes, and
    the step says there was no lone card to discard instead; with a lone card in the hand (kept
    back because the next player could lay it off) it does not."""
    rules = FIXED["perusrommi"]
    others = ["AH 3H 4C 8S JD KC 7C", "AS 3D 5C 7D 10D JS KD"]
    moves = [Draw("stock"), Discard(parse_cards("QS")[0])]
    start = _position(rules, ["QS QD 5H 6H 9C 9D 2S", *others], "2C 8H", "10S", dealer=2, turn=0)
    text = guide(start, moves, 0, list(DEFAULT_NAMES[:3]))[1]["text"]
    assert text.startswith(
        "Päätä vuoro poistamalla patarouva: se sopii yhteen vain ruuturouvasi kanssa (jokainen korttisi sopii "
        "yhteen ainakin yhden toisen kanssa), ja se on yksi arvokkaimmista niistä korteistasi, jotka sopivat "
        "yhteen vain yhden kortin kanssa (10 pistettä). Yhtä hyvä poisto olisi myös ruuturouva."
    ), text
    # the lone 2♠ fits Eero's 3♠ 4♠ 5♠, so the queen still goes, but a lone card was in the hand
    hand = ["QS QD 5H 6H 9C 9D 2S", *others]
    lone = _position(rules, hand, "8H", "10S", table=[(1, "3S 4S 5S")], dealer=2, turn=0)
    text = guide(lone, moves, 0, list(DEFAULT_NAMES[:3]))[1]["text"]
    assert "yksi arvokkaimmista" in text and "jokainen korttisi" not in text, text
    assert "Patakakkonen olisi muuten parempi poistettava" in text, text


def test_the_card_a_pair_waits_for_is_not_one_laid_in_a_table_meld():
    """Q♦ on the pile pairs with Aino's Q♠; Q♣ is in Eero's run J♣ Q♣ K♣ (one deck: it stays there),
    so only Q♥ is named as the card still missing."""
    rules = FIXED["perusrommi"]
    hands = ["QS 4D 7H 9C 2S 5H 8D", "3S 4C 6C 8H JD AH 10S", "AS 3H 5C 7C 9D JS KD"]
    start = _position(rules, hands, "2D", "QD", table=[(1, "JC QC KC")], dealer=2, turn=0)
    text = guide(start, [Draw("stock"), Discard(parse_cards("4D")[0])], 0, list(DEFAULT_NAMES[:3]))[0]["text"]
    assert (
        "Se sopisi yhteen patarouvasi kanssa, mutta yhdistelmään tarvittaisiin vielä herttarouva (ristirouva on jo "
        "pöydän yhdistelmässä)." in text
    ), text


def test_a_card_out_of_play_is_said_where_it_is_and_when_a_piled_one_comes_back():
    """One deck. Q♦ on the pile pairs with Aino's Q♠; Q♥ lies below it in the pile, so only Q♣ is
    named as the card to come, and Q♥ is said to be in the pile, back only when the pile is turned
    over (these rules turn it; block rules do not, and then that is not said); with Q♣ in Eero's
    run nothing can come, and both are said. A kept pair that waits only for a card in the pile is
    not given as a reason to keep it; K♥ K♠ wait for K♣, and K♦ is in the pile."""
    rules = FIXED["perusrommi"]
    assert rules.stock_exhausted == "turn_over"
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    hands = ["QS 4D 7H 9C 2S 5H 8D", "3S 4C 6C 8H JD AH 10S", "AS 3H 5C 7C 9D JS KD"]
    moves = [Draw("stock"), Discard(c("4D"))]
    names = list(DEFAULT_NAMES[:3])
    back = ", josta se voi palata peliin vasta, kun poistopakka käännetään uudeksi nostopakaksi"
    text = guide(_position(rules, hands, "2D", "QH QD", dealer=2, turn=0), moves, 0, names)[0]["text"]
    assert f"tarvittaisiin vielä ristirouva (herttarouva on poistopakassa{back})." in text, text
    block = rules.with_options(stock_exhausted="block")
    text = guide(_position(block, hands, "2D", "QH QD", dealer=2, turn=0), moves, 0, names)[0]["text"]
    assert "tarvittaisiin vielä ristirouva (herttarouva on poistopakassa)." in text, text
    start = _position(rules, hands, "2D", "QH QD", table=[(1, "JC QC KC")], dealer=2, turn=0)
    text = guide(start, moves, 0, names)[0]["text"]
    assert (
        "tarvittaisiin vielä kortti, joka ei ole nyt saatavilla: ristirouva on jo pöydän yhdistelmässä; "
        f"herttarouva on poistopakassa{back}."
    ) in text, text

    two = ["7H 8C 8S 8D QS JC 5C"]
    discard = (
        lambda start: next(  # noqa: E731
            s for s in guide(start, moves[:1] + [Discard(c("7C"))], 0, names[:2]) if s["action"] == "discard"
        )
    )
    text = discard(_position(rules, ["9S 10S JS KH QH 2D 4C", *two], "7C", "JH", dealer=1, turn=0))["text"]
    assert "herttajätkä" not in text, text  # (K♥ Q♥ wait for no card that can still come: not a reason to keep them)
    text = discard(_position(rules, ["9S 10S JS KH KS 2D 4C", *two], "7C", "KD", dealer=1, turn=0))["text"]
    assert f"odottavat ristikuningasta (ruutukuningas on poistopakassa{back})." in text, text


def test_a_covered_twin_of_a_card_the_reader_holds_is_not_called_a_missed_meld():
    """Rommi 51, two decks: Eero's 2♠ (the other deck's) would only repeat the group 2♠ 2♥ 2♦ that
    Aino holds, so its being covered is not told; without her own 2♠ it is."""
    rules = FIXED["rommi51"]
    c = lambda s: parse_cards(s)[0]  # noqa: E731
    others = ["2S' 4C 6C 8H JD AH 10S 3D 5C 7D 9D JS KD", "AS 3H 5H 7S 9C QH 4S 6S 8C 10C QC KC AC"]
    moves = [Draw("stock"), Discard(c("KS")), Draw("stock"), Discard(c("2S'")), Draw("stock"), Discard(c("QC"))]
    moves.append(Draw("stock"))
    for own, told in (("2S", False), ("9S", True)):
        hand = f"{own} 2H 2D 7C 9H KS QS JC 4H 6D 8S 10H 3C 5D"
        start = _position(rules, [hand, *others], "JH 10D 8D 7H", "", dealer=2, turn=0)
        notes = [s.get("note", "") for s in guide(start, moves, 0, list(DEFAULT_NAMES[:3]))]
        assert any("poisti sen päälle" in n for n in notes) is told, (own, notes)


def test_a_pair_the_joker_completes_is_said_to_be_in_a_meld_and_a_hand_that_could_open_is_not_told_it_cannot():
    """Rommi 51: Aino keeps 10♣ (and 8♣), which make a run with her joker (not "waiting" for 9♣), and
    discards the lone 9♠. After drawing 4♦ her hand could open (A♠ 2♠ 3♠ + 3♦ 4♦ 5♦ 6♦ + 8♣ 🃏 10♣
    = 51), so this hand-written discard is not explained by "you cannot open yet"; drawing K♦
    instead, she cannot, and the step says why."""
    rules = FIXED["rommi51"]
    hands = ["AS 2S 3S 5S 5H 5D 8C 10C JK 9S 2H 4H 6D 3D", "AH 3H 6H 5C 6S 7S 8H 9H JH QH KC 2C 3C 4S"]
    names = list(DEFAULT_NAMES[:2])
    could = _position(rules, hands, "4D", "", dealer=1, turn=0)
    text = guide(could, [Draw("stock"), Discard(parse_cards("9S")[0])], 0, names)[1]["text"]
    # (10♣ is dearer than 9♠, 8♣ is not: only the ten is called dearer)
    assert (
        "Arvokkaampi ristikymppi kannattaa pitää, koska se on jo yhdistelmässä: se muodostaa ristikasin ja jokerin "
        "kanssa suoran." in text
    ), text
    assert "odottavat" not in text and "Et voi vielä avata" not in text, text
    cannot = _position(rules, hands, "KD", "", dealer=1, turn=0)
    text = guide(cannot, [Draw("stock"), Discard(parse_cards("KD")[0])], 0, names)[1]["text"]
    assert "Et voi vielä avata: yhdistelmiesi arvo on enintään 6 + 15 + 27 = 48 pistettä" in text, text
    # K♦ goes as the dearest lone card, but an unopened hand pays the fixed 100 whatever it holds:
    # the card-value reason to discard it first would be untrue now
    assert "ja se on arvokkain" in text and "Arvokas kortti kannattaa poistaa ensin" not in text, text
    pays = rules.with_options(scoring="own_hand_minus")
    text = guide(
        _position(pays, hands, "KD", "", dealer=1, turn=0), [Draw("stock"), Discard(parse_cards("KD")[0])], 0, names
    )[1]["text"]
    assert WHY_POINTS["own_hand_minus"] in text, text


def test_every_scoring_has_its_reason_to_discard_a_dear_card_first():
    """The guided deal says once why the dearer of two useless cards goes (WHY_POINTS, by the rule
    set's scoring): a scoring added to the option without its reason would leave a page without it."""
    assert set(WHY_POINTS) == set(OPTIONS["scoring"].choices)
    assert all(text.startswith("Arvokas kortti kannattaa poistaa ensin") for text in WHY_POINTS.values())


def test_the_dearest_claim_counts_a_card_kept_back_for_the_next_players_sake():
    """Aino's lone K♠ and Q♥ are worth 10 each; Q♥ would go onto Eero's run 9♥ 10♥ J♥, so the guide
    discards K♠, and calls it one of the dearest lone cards (not the dearest: Q♥ is worth as much)."""
    rules = FIXED["perusrommi"]
    hands = ["KS QH 3D 5C 6C 8S 2H", "3S 4C 6H 8H JD AH 10S", "AS 3H 7D 9D JS KD 2C"]
    start = _position(rules, hands, "4D", "7C", table=[(1, "9H 10H JH")], dealer=2, turn=0)
    steps = guide(start, [Draw("stock"), Discard(parse_cards("KS")[0])], 0, list(DEFAULT_NAMES[:3]))
    text = steps[1]["text"]
    assert text.startswith("Päätä vuoro poistamalla patakuningas:"), text
    assert (
        "ja se on yksi arvokkaimmista niistä korteistasi, jotka eivät sovi yhteen minkään kanssa (10 pistettä)" in text
    )
    assert "se on arvokkain" not in text, text


def test_the_lay_off_rule_says_an_opening_comes_first_where_the_rules_ask_for_one():
    """Rommi 51 (an opening of 51): laying off waits for one's own opening, as the engine refuses it
    before (NOT_OPENED); perusrommi asks for no opening, and its sentence does not say so."""
    from rommikirja.app.opetus_text import _rule

    first = "Ennen omaa avausta pöydän yhdistelmiin ei saa lisätä kortteja."
    assert first in _rule("lisays", FIXED["rommi51"]) and first in _rule("lisays_oma", FIXED["rommi51"])
    assert first not in _rule("lisays", FIXED["perusrommi"])
    assert first not in _rule("lisays", FIXED["rommi51"].with_options(opening_points=0))
