"""Practice kinds of the rummy games: points, is it a meld, lay it off, the end of the stock, the
opening (Rommi 51)."""
from __future__ import annotations

import random
from typing import Any

from .cards import Card, parse_card, sort_cards, standard_deck
from .deal import EndReason, Outcome
from .finnish import capitalize, card_name, cards_text
from .melds import Meld, MeldKind, check_meld
from .opening import best_opening, melds_using_all
from .rules import OPTIONS, RuleSet
from .scoring import score_deal

from .practice_kit import (NAMES, PracticeKind, card_codes, card_sum_text, cards_of_codes, num_text,
                           points_text)


# -- 1. Pisteet ---------------------------------------------------------------------------------

def _q_pisteet(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck(rules.decks, rules.jokers)
    rng.shuffle(deck)
    players = rng.choice([2, 3, 3, 4]) if rules.max_players >= 4 else 2
    winner = rng.randrange(players)
    # only under penalty scoring does not having opened change the score; a player who never
    # opened has melded nothing and still holds a whole hand, as at the end of a real deal
    penalty = rules.scoring == "penalty"
    opened = [p == winner or not penalty or rng.random() < 0.75 for p in range(players)]
    hands: list[list[str]] = []
    for p in range(players):
        n = 0 if p == winner else rng.randint(1, 5) if opened[p] else rules.hand_size_for(players)
        hands.append(card_codes(deck[:n]))
        del deck[:n]
    q: dict[str, Any] = {"players": list(NAMES[:players]), "winner": winner, "hands": hands}
    if rules.scoring == "winner_takes":
        q["rummy"] = rules.rummy_doubling and rng.random() < 0.35
        q["ask"] = winner
    else:
        if penalty:
            q["opened"] = opened
        q["ask"] = rng.choice([p for p in range(players) if p != winner])
    return q


def _pisteet_outcome(q: dict) -> Outcome:
    hands = tuple(tuple(cards_of_codes(h)) for h in q["hands"])
    return Outcome(EndReason.WENT_OUT, q["winner"], hands, bool(q.get("rummy", False)), 0,
                   tuple(q.get("opened", ())))


def _s_pisteet(q: dict, rules: RuleSet) -> dict:
    score = score_deal(_pisteet_outcome(q), rules)
    names = q["players"]
    lines = []
    if rules.scoring == "winner_takes":
        for p, h in enumerate(q["hands"]):
            if p != q["winner"]:
                lines.append(f"{names[p]}: {card_sum_text(cards_of_codes(h), rules)}.")
        text = f"{names[q['winner']]} saa {points_text(score.base)}"
        if score.doubled:
            text += f", rommista kaksinkertaisena {score.points[q['winner']]}"
        lines.append(text + ".")
        return {"points": score.points[q["ask"]], "lines": lines}
    p = q["ask"]
    if rules.scoring == "penalty" and not q.get("opened", [True] * len(names))[p]:
        lines.append(f"{names[p]} ei avannut, joten sakko on käden korteista riippumatta "
                     f"{points_text(rules.unopened_penalty)}.")
    else:
        lines.append(f"{names[p]}: {card_sum_text(cards_of_codes(q['hands'][p]), rules)}.")
    return {"points": score.points[p], "lines": lines}


def _c_pisteet(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    try:
        given = int(str(answer.get("points", "")).strip().replace("−", "-"))
    except ValueError:
        return False, "Kirjoita vastaukseksi kokonaisluku."
    want = sol["points"]
    # penalty and minus points are asked as a count ("Montako sakkopistettä…?"): typed with or
    # without the sign
    correct = given == want or (want < 0 and given == -want)
    prefix = {"penalty": "sakko", "own_hand_minus": "miinus"}.get(rules.scoring, "")
    shown = points_text(abs(want) if prefix else want, prefix)
    if correct:
        return True, f"Oikein: {shown}. " + " ".join(sol["lines"])
    # the first wrong answer teaches how to count, the answer itself stays behind "Näytä ratkaisu"
    size = abs(given) > abs(want)
    return False, (f"Väärin: {num_text(given)} on liian {'suuri' if size else 'pieni'} vastaus. "
                   + _pisteet_hint(q, rules))


def _pisteet_hint(q: dict, rules: RuleSet) -> str:
    """How this score is counted, without the sum: whose cards count and what for."""
    names = q["players"]
    if rules.scoring == "winner_takes":
        text = f"Vihje: {names[q['winner']]} saa pisteet kaikista muiden käsiin jääneistä korteista"
        if q.get("rummy"):      # the house rule (a checkbox in the widget) may switch the doubling off
            text += (", ja rommista ne kaksinkertaistuvat" if rules.rummy_doubling
                     else "; rommi ei näillä säännöillä kaksinkertaista pisteitä")
        return text + "."
    p = q["ask"]
    if rules.scoring == "penalty" and not q.get("opened", [True] * len(names))[p]:
        return f"Vihje: {names[p]} ei avannut, eikä avaamatta jääneen sakko riipu käden korteista."
    kind = "sakoksi" if rules.scoring == "penalty" else "miinuspisteiksi"
    return f"Vihje: {names[p]} saa {kind} käteensä jääneiden korttien yhteisarvon."


# -- 2. Kelpaako yhdistelmä ---------------------------------------------------------------------

def _q_kelpaako(rng: random.Random, rules: RuleSet) -> dict:
    deck = [c for c in standard_deck() if c.deck == 0]
    suit = rng.choice(deck).suit
    other = rng.choice([c.suit for c in deck if c.suit is not suit])
    start = rng.randint(1, 10)

    def card(rank: int, s=suit) -> Card:
        return next(c for c in deck if c.rank == (rank - 1) % 13 + 1 and c.suit is s)
    rank = rng.randint(1, 13)
    suits = rng.sample([c.suit for c in deck if c.rank == 1], 4)
    shapes = ["run", "run", "wrong_suit", "gap", "group", "group", "stranger", "high_ace", "corner", "pair"]
    if rules.jokers:
        shapes += ["joker_run", "joker_group", "two_jokers", "twin_suits"]
    shape = rng.choice(shapes)
    if shape == "run":
        cards = [card(r) for r in range(start, start + rng.randint(3, 4))]
    elif shape == "wrong_suit":
        cards = [card(start), card(start + 1, other), card(start + 2)]
    elif shape == "gap":
        cards = [card(start), card(start + 1), card(start + 3)]
    elif shape == "group":
        cards = [card(rank, s) for s in suits[:rng.randint(3, 4)]]
    elif shape == "stranger":
        cards = [card(rank, s) for s in suits[:2]] + [card(rank % 13 + 1, suits[2])]
    elif shape == "high_ace":
        cards = [card(12), card(13), card(1)]
    elif shape == "corner":
        cards = [card(13), card(1), card(2)]
    elif shape == "joker_run":
        cards = [card(start), card(start + 2), Card(0, None, 0)]
    elif shape == "joker_group":
        cards = [card(rank, s) for s in suits[:2]] + [Card(0, None, 1)]
    elif shape == "two_jokers":
        cards = [card(start), Card(0, None, 0), Card(0, None, 1), card(start + 3)]
    elif shape == "twin_suits":
        first = card(rank, suits[0])
        cards = [first, Card(first.rank, first.suit, 1), card(rank, suits[1])]
    else:
        cards = [card(rank, s) for s in suits[:2]]
    rng.shuffle(cards)
    return {"cards": card_codes(cards)}


def _s_kelpaako(q: dict, rules: RuleSet) -> dict:
    cards = cards_of_codes(q["cards"])
    err = check_meld(cards, rules)
    if err is None:
        meld = Meld.from_cards(cards, rules)
        return {"valid": True, "lines": [f"Kelpaa: {meld.kind.finnish} {meld.text}."]}
    return {"valid": False, "lines": [f"Ei kelpaa yhdistelmäksi. {err.message}"]}


def _c_kelpaako(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    given = bool(answer.get("valid"))
    ok = given == sol["valid"]
    return ok, ("Oikein. " if ok else "Väärin. ") + " ".join(sol["lines"])


# -- 3. Lisää pöytään ---------------------------------------------------------------------------

def _q_lisaa(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    rng.shuffle(deck)
    table: list[list[str]] = []
    used: set[Card] = set()
    for _ in range(rng.randint(2, 3)):
        for _attempt in range(50):
            c = rng.choice(deck)
            if rng.random() < 0.5:
                cards = [x for x in deck if x.suit is c.suit and c.rank <= x.rank < c.rank + 3]
            else:
                cards = [x for x in deck if x.rank == c.rank][:3]
            if len(cards) == 3 and not used & set(cards) and check_meld(cards, rules) is None:
                used |= set(cards)
                table.append(card_codes(Meld.from_cards(cards, rules).cards))
                break
    rest = [c for c in deck if c not in used]
    # a hand that has a fair chance of fitting cards
    near = [c for c in rest if any(Meld.from_cards(cards_of_codes(m), rules).kind is MeldKind.GROUP
                                   and c.rank == cards_of_codes(m)[0].rank
                                   or c.suit is cards_of_codes(m)[0].suit and abs(c.rank - cards_of_codes(m)[0].rank) <= 4
                                   for m in table)]
    hand = list(dict.fromkeys(rng.sample(near, min(len(near), rng.randint(2, 3))) + rng.sample(rest, 3)))
    # a hand some real deal leaves beside this table: the deal size less three cards for each
    # meld of the table the reader put down (the others' melds cost the reader nothing)
    fits = sorted({n - 3 * k for n in _deal_sizes(rules) for k in range(len(table) + 1)} & set(range(3, 8)))
    if fits and len(hand) not in fits:
        want = min(fits, key=lambda n: (abs(n - len(hand)), n))
        spare = [c for c in rest if c not in hand]
        hand = hand[:want] + rng.sample(spare, max(0, want - len(hand)))
    return {"table": table, "hand": card_codes(sort_cards(hand))}


def _deal_sizes(rules: RuleSet) -> set[int]:
    """The hand sizes dealt under ``rules`` (one per number of players)."""
    sizes = set()
    for n in range(rules.min_players, rules.max_players + 1):
        try:
            sizes.add(rules.hand_size_for(n))
        except Exception:           # a player count the rule set deals no hand for
            continue
    return sizes


def _s_lisaa(q: dict, rules: RuleSet) -> dict:
    melds = [Meld.from_cards(cards_of_codes(m), rules) for m in q["table"]]
    fits, lines = [], []
    for c in cards_of_codes(q["hand"]):
        targets = []
        for m in melds:
            try:
                m.extended((c,), rules)
                targets.append(m)
            except ValueError:
                pass
        if targets:
            fits.append(c.code)
            lines.append(f"{capitalize(card_name(c))} sopii yhdistelmään ({targets[0].text}).")
    if not fits:
        lines.append("Mikään kädessä oleva kortti ei sovi yksinään pöydän yhdistelmiin.")
    return {"cards": fits, "lines": lines}


def _c_lisaa(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    given = set(answer.get("cards", []))
    want = set(sol["cards"])
    if given == want:
        return True, "Oikein. " + " ".join(sol["lines"])
    parts = []
    order = {c: i for i, c in enumerate(q["hand"])}         # listed in the hand's order
    extra = [parse_card(c) for c in sorted(given - want, key=lambda c: order.get(c, len(order)))]
    missing = [parse_card(c) for c in sorted(want - given, key=lambda c: order.get(c, len(order)))]
    if extra:
        parts.append(f"{capitalize(cards_text(extra))} {'ei sovi' if len(extra) == 1 else 'eivät sovi'} "
                     "mihinkään pöydän yhdistelmään.")
    if missing:      # not named: finding them is the exercise ("Näytä ratkaisu" names them)
        parts.append("Yksi sopiva kortti jäi vielä valitsematta." if len(missing) == 1
                     else f"Sopivia kortteja jäi vielä valitsematta {num_text(len(missing))}.")
    return False, "Väärin. " + " ".join(parts)


# -- 6. Nostopakka loppuu -----------------------------------------------------------------------

def _q_nostopakka(rng: random.Random, rules: RuleSet) -> dict:
    pile = rng.sample(standard_deck(), rng.randint(3, 5))
    # the whole pile when the stock runs out is every card not in the hands (here of the fewest
    # players); the question shows its bottom cards and its top card
    n = max(2, rules.min_players)
    try:
        size = len(standard_deck(rules.decks, rules.jokers)) - n * rules.hand_size_for(n)
    except Exception:               # no deal for that many players: the listed cards only
        size = len(pile)
    return {"discard": card_codes(pile), "discard_size": max(size, len(pile)),
            "rule": OPTIONS["stock_exhausted"].choices[rules.stock_exhausted]}


def _s_nostopakka(q: dict, rules: RuleSet) -> dict:
    pile = cards_of_codes(q["discard"])
    if rules.stock_exhausted == "turn_over_keep_top":
        order = pile[:-1]
        lines = [f"Viimeksi poistettu {card_name(pile[-1])} jää uuden poistopakan pohjalle; muut "
                 f"käännetään, joten ensimmäisenä nostetaan pohjimmainen, {card_name(pile[0])}."]
    elif rules.stock_exhausted not in ("turn_over", "turn_over_keep_top"):
        # the pile is not turned over in this game: no new stock, the deal ends
        order = []
        lines = ["Tässä pelissä poistopakkaa ei käännetä uudeksi nostopakaksi, joten siitä ei nosteta "
                 "enää yhtään korttia: jako päättyy."]
    else:
        order = pile
        lines = [f"Koko pino käännetään, joten ensimmäisenä nostetaan pohjimmainen, "
                 f"{card_name(pile[0])}, ja viimeisenä viimeksi poistettu {card_name(pile[-1])}."]
    return {"order": card_codes(order), "lines": lines}


def _c_nostopakka(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    given = list(answer.get("order", []))
    if given == sol["order"]:
        return True, "Oikein. " + " ".join(sol["lines"])
    if not sol["order"]:
        return False, "Väärin. " + " ".join(sol["lines"])
    if not given:
        return False, ("Väärin: poistopakka käännetään uudeksi nostopakaksi, joten siitä nostetaan kortteja. "
                       "Valitse ne siinä järjestyksessä, jossa ne nostetaan.")
    if given[0] != sol["order"][0]:
        return False, ("Väärin: ensimmäisenä nostettava kortti ei ole oikea. Vihje: mieti, mikä kortti on "
                       "päällimmäisenä, kun poistopakka on käännetty.")
    return False, ("Väärin: ensimmäinen kortti on oikein, mutta järjestys ei. Vihje: käännetyssä pakassa "
                   "korttien järjestys on päinvastainen kuin poistopakassa.")


# -- 7. Avaus (Rommi 51) ------------------------------------------------------------------------

def _q_avaus(rng: random.Random, rules: RuleSet) -> dict:
    for _ in range(60):
        q = _q_avaus_try(rng, rules)
        if len(set(q["hand"])) == len(q["hand"]) and best_opening(cards_of_codes(q["hand"]), rules) is not None:
            return q
    return q


def _q_avaus_try(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck(rules.decks, rules.jokers)
    naturals = [c for c in deck if not c.is_joker]
    jokers = [c for c in deck if c.is_joker]
    suit = rng.choice(naturals).suit
    lo = rng.randint(1, 8)
    pool = [c for c in naturals if c.suit is suit and lo <= c.rank < lo + 6] + \
        [c for c in naturals if c.rank in (lo + 2, 12, 13)]
    pool = list(dict.fromkeys(pool))        # each physical card once
    hand = rng.sample(pool, 9)
    while len(hand) < 13:
        c = rng.choice(naturals)
        if c not in hand:
            hand.append(c)
    # a joker when the rules have them (a club may play without: then one more natural card)
    hand.append(jokers[0] if jokers else next(c for c in naturals if c not in hand))
    return {"hand": card_codes(sort_cards(hand))}


def _s_avaus(q: dict, rules: RuleSet) -> dict:
    o = best_opening(cards_of_codes(q["hand"]), rules)
    if o is None:
        return {"can_open": False, "lines": ["Tällä kädellä ei voi vielä avata."]}
    return {"can_open": True, "cards": card_codes(o.cards), "points": o.points, "melds": len(o.melds),
            "lines": [f"Paras avaus: {'; '.join(m.text for m in o.melds)} – {points_text(o.points)}."]}


def _c_avaus(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    chosen = cards_of_codes(answer.get("cards", []))
    if not chosen:
        return False, "Valitse avaukseen kuuluvat kortit."
    hand = list(cards_of_codes(q["hand"]))
    for c in chosen:                # only the hand's own cards, each once (nor a search over others)
        if c not in hand:
            return False, "Valitse avaukseen vain kädessä olevia kortteja, kukin kerran."
        hand.remove(c)
    if len(chosen) >= len(q["hand"]) and rules.final_discard == "required":
        return False, ("Yksi kortti on jätettävä käteen, koska tässä pelissä vuoro päättyy aina poistoon, "
                       "myös ulos mentäessä.")
    got = melds_using_all(chosen, rules)
    if got is None:
        plain = melds_using_all(chosen, rules.with_options(opening_pure_run=False))
        if plain is not None and rules.opening_pure_run:
            return False, "Valitut kortit muodostavat yhdistelmiä, mutta avaukseen tarvitaan puhdas suora."
        return False, ("Valittuja kortteja ei saa jaettua kokonaan yhdistelmiksi: jokaisen valitun kortin "
                       "pitää kuulua johonkin avauksen yhdistelmään. " + _avaus_hint(sol))
    melds, points = got.melds, got.points
    text = "; ".join(m.text for m in melds)
    if points < rules.opening_points:
        lead = f"Yhdistelmät ({text}) ovat yhteensä" if len(melds) > 1 else f"Yhdistelmä ({text}) on"
        return False, (f"{lead} {points_text(points)}; avaukseen tarvitaan "
                       f"vähintään {points_text(rules.opening_points)}. " + _avaus_hint(sol))
    return True, f"Avaus käy: {text} – {points_text(points)}."


def _avaus_hint(sol: dict) -> str:
    """A hint that does not give the answer away: how big the best opening is, not its cards."""
    if not sol["can_open"]:
        return "Tällä kädellä ei voi vielä avata."
    melds = sol["melds"]
    return (f"Vihje: paras avaus on {points_text(sol['points'])} ja siinä on "
            f"{melds} {'yhdistelmä' if melds == 1 else 'yhdistelmää'}.")


#: the rummy games' kinds (Rommi 51's opening included)
PISTEET = PracticeKind("pisteet", _q_pisteet, _s_pisteet, _c_pisteet)
KELPAAKO = PracticeKind("kelpaako", _q_kelpaako, _s_kelpaako, _c_kelpaako)
LISAA = PracticeKind("lisaa", _q_lisaa, _s_lisaa, _c_lisaa)
NOSTOPAKKA = PracticeKind("nostopakka", _q_nostopakka, _s_nostopakka, _c_nostopakka)
AVAUS = PracticeKind("avaus", _q_avaus, _s_avaus, _c_avaus)
