"""Practice questions for the reader, and the checking of answers, as plain JSON-able data.

The same functions run at build time (to print each widget's worked answer into the
page) and in the reader's browser through Pyodide (to check the reader's answer), so
the page and the check can never disagree. A question is made from a kind, a seed and
a rule set; cards travel as author codes (``"7H"``).

>>> q = question("kelpaako", 3, {"name": "perusrommi"})
>>> sorted(q) == ["cards", "kind", "labels", "rules", "seed"]
True
>>> r = check(q, {"valid": solution(q)["valid"]})
>>> r["correct"]
True
>>> handle('{"op": "question", "kind": "pisteet", "seed": 1, "rules": {}}')[:10]
'{"ok": tru'
"""
from __future__ import annotations

import json
import random
from typing import Any, Callable, Sequence

from .cards import Card, parse_card, sort_cards, standard_deck
from .deal import EndReason, Outcome
from .finnish import capitalize, card_name, cards_text, join_list, noun
from .knock import GinOutcome, defender_best, knock_result
from .melds import Meld, MeldKind, check_meld
from .opening import best_opening, melds_using_all
from .rules import OPTIONS, RuleSet
from .scoring import hand_value, score_deal
from .solver import best_arrangement

__all__ = ["KINDS", "question", "check", "solution", "handle", "use_club_names"]

NAMES = ("Aino", "Eero", "Kaisa", "Olli")


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def _cards(codes: Sequence[str]) -> list[Card]:
    return [parse_card(c) for c in codes]


def _rules(data: dict) -> RuleSet:
    return RuleSet.from_mapping({k: v for k, v in (data or {}).items()})


def _num(n: int) -> str:
    """A number as printed on the page: a real minus sign for negatives."""
    return str(n).replace("-", "−")


_cap = capitalize


def _pts(n: int, prefix: str = "") -> str:
    """Points as printed on the page: digits, a real minus sign, *piste* in agreement;
    ``prefix`` makes a compound (*sakkopiste*, *miinuspiste*).

    >>> _pts(1), _pts(15), _pts(-1), _pts(1, "sakko"), _pts(100, "sakko"), _pts(0, "miinus")
    ('1 piste', '15 pistettä', '−1 piste', '1 sakkopiste', '100 sakkopistettä', '0 miinuspistettä')
    """
    return f"{_num(n)} {prefix}{noun('piste', 'nom' if abs(n) == 1 else 'part')}"



def _sum_text(cards: Sequence[Card], rules: RuleSet) -> str:
    values = [rules.card_points(c.rank) for c in cards]
    total = sum(values)
    return f"{' + '.join(map(str, values))} = {total}" if len(values) > 1 else str(total)

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
        hands.append(_codes(deck[:n]))
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
    hands = tuple(tuple(_cards(h)) for h in q["hands"])
    return Outcome(EndReason.WENT_OUT, q["winner"], hands, bool(q.get("rummy", False)), 0,
                   tuple(q.get("opened", ())))


def _s_pisteet(q: dict, rules: RuleSet) -> dict:
    score = score_deal(_pisteet_outcome(q), rules)
    names = q["players"]
    lines = []
    if rules.scoring == "winner_takes":
        for p, h in enumerate(q["hands"]):
            if p != q["winner"]:
                lines.append(f"{names[p]}: {_sum_text(_cards(h), rules)}.")
        text = f"{names[q['winner']]} saa {_pts(score.base)}"
        if score.doubled:
            text += f", rommista kaksinkertaisena {score.points[q['winner']]}"
        lines.append(text + ".")
        return {"points": score.points[q["ask"]], "lines": lines}
    p = q["ask"]
    if rules.scoring == "penalty" and not q.get("opened", [True] * len(names))[p]:
        lines.append(f"{names[p]} ei avannut, joten sakko on käden korteista riippumatta "
                     f"{_pts(rules.unopened_penalty)}.")
    else:
        lines.append(f"{names[p]}: {_sum_text(_cards(q['hands'][p]), rules)}.")
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
    shown = _pts(abs(want) if prefix else want, prefix)
    if correct:
        return True, f"Oikein: {shown}. " + " ".join(sol["lines"])
    # the first wrong answer teaches how to count, the answer itself stays behind "Näytä ratkaisu"
    size = abs(given) > abs(want)
    return False, (f"Väärin: {_num(given)} on liian {'suuri' if size else 'pieni'} vastaus. "
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
    return {"cards": _codes(cards)}


def _s_kelpaako(q: dict, rules: RuleSet) -> dict:
    cards = _cards(q["cards"])
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
                table.append(_codes(Meld.from_cards(cards, rules).cards))
                break
    rest = [c for c in deck if c not in used]
    # a hand that has a fair chance of fitting cards
    near = [c for c in rest if any(Meld.from_cards(_cards(m), rules).kind is MeldKind.GROUP
                                   and c.rank == _cards(m)[0].rank
                                   or c.suit is _cards(m)[0].suit and abs(c.rank - _cards(m)[0].rank) <= 4
                                   for m in table)]
    hand = rng.sample(near, min(len(near), rng.randint(2, 3))) + rng.sample(rest, 3)
    hand = sort_cards(dict.fromkeys(hand))
    return {"table": table, "hand": _codes(hand)}


def _s_lisaa(q: dict, rules: RuleSet) -> dict:
    melds = [Meld.from_cards(_cards(m), rules) for m in q["table"]]
    fits, lines = [], []
    for c in _cards(q["hand"]):
        targets = []
        for m in melds:
            try:
                m.extended((c,), rules)
                targets.append(m)
            except ValueError:
                pass
        if targets:
            fits.append(c.code)
            lines.append(f"{_cap(card_name(c))} sopii yhdistelmään ({targets[0].text}).")
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
        parts.append(f"{_cap(cards_text(extra))} {'ei sovi' if len(extra) == 1 else 'eivät sovi'} "
                     "mihinkään pöydän yhdistelmään.")
    if missing:      # not named: finding them is the exercise ("Näytä ratkaisu" names them)
        parts.append("Yksi sopiva kortti jäi vielä valitsematta." if len(missing) == 1
                     else f"Sopivia kortteja jäi vielä valitsematta {_num(len(missing))}.")
    return False, "Väärin. " + " ".join(parts)


# -- 4. Järjestä käsi (gin) ---------------------------------------------------------------------

def _q_jarjesta(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    for _ in range(200):
        rng.shuffle(deck)
        hand = deck[:10]
        if best_arrangement(hand, rules).deadwood_points <= 30:
            break
    return {"hand": _codes(sort_cards(hand))}


def _s_jarjesta(q: dict, rules: RuleSet) -> dict:
    arr = best_arrangement(_cards(q["hand"]), rules)
    melds = [sort_cards(m) for m in arr.melds]
    if melds:       # each meld named, then what is left over
        lines = [f"{'Yhdistelmä' if len(melds) == 1 else 'Yhdistelmät'}: {'; '.join(cards_text(m) for m in melds)}."]
    else:
        lines = ["Kädestä ei saa yhtään yhdistelmää."]
    lines.append(f"Irtokortit: {cards_text(arr.deadwood)}, yhteensä {_pts(arr.deadwood_points)}."
                 if arr.deadwood else "Irtokortteja ei jää: gin!")
    return {"melds": [_codes(m) for m in melds], "deadwood": arr.deadwood_points, "lines": lines}


def _c_jarjesta(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    hand = _cards(q["hand"])
    used: list[Card] = []
    for codes in answer.get("melds", []):
        cards = _cards(codes)
        err = check_meld(cards, rules)
        if err is not None:
            return False, f"{_cap(cards_text(cards))}: {_lower_first(err.message)}"
        used += cards
    if any(c not in hand for c in used) or len(set(used)) != len(used):
        return False, "Sama kortti on kahdessa yhdistelmässä tai kortti ei ole kädessä."
    dead = [c for c in hand if c not in used]
    points = hand_value(dead, rules)
    status = ("gin" if points == 0 else "koputus käy" if points <= rules.knock_limit
              else "koputus ei vielä käy")
    text = f"Irtokortteja {_pts(points)}: {status}."
    if points == sol["deadwood"]:
        return True, text + " Parempaa järjestystä ei ole."
    return False, text + f" Paras järjestys jättää vain {_pts(sol['deadwood'])} – kokeile toisin."


def _lower_first(sentence: str) -> str:
    """A sentence continued after a colon: its first letter in lower case (not an abbreviation's).

    >>> _lower_first("Suorasta puuttuu kortti."), _lower_first("JK ei käy.")
    ('suorasta puuttuu kortti.', 'JK ei käy.')
    """
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence


# -- 5. Koputuksen tulos (gin) ------------------------------------------------------------------

def _q_koputus(rng: random.Random, rules: RuleSet) -> dict:
    deck = standard_deck()
    for _ in range(2000):
        rng.shuffle(deck)
        knocker = best_arrangement(deck[:10], rules)
        if knocker.deadwood_points <= rules.knock_limit:
            break
    return {"knocker": _codes(sort_cards(deck[:10])), "defender": _codes(sort_cards(deck[10:20])),
            "players": ["Aino", "Eero"]}


def _s_koputus(q: dict, rules: RuleSet) -> dict:
    k_arr = best_arrangement(_cards(q["knocker"]), rules)
    gin = not k_arr.deadwood
    d = defender_best(_cards(q["defender"]), k_arr.melds, rules, lay_off=not gin)
    out = GinOutcome("gin" if gin else "knock", 0, (tuple(_cards(q["knocker"])), tuple(_cards(q["defender"]))),
                     k_arr.melds, k_arr.deadwood, d)
    scorer, points, kind = knock_result(out, rules)
    kd, dd = k_arr.deadwood_points, hand_value(d.deadwood, rules)
    names = q["players"]
    lines = [f"{names[0]}: irtokortit {_pts(kd)}.",
             f"{names[1]}: " + (f"liittää {join_list([cards_text(cs, 'gen') for cs, _ in d.layoffs])}; "
                                if d.layoffs else "") + f"irtokortit {_pts(dd)}."]
    if kind == "gin":
        lines.append(f"Gin: {names[0]} saa {rules.gin_bonus} + {dd} = {points}.")
    elif kind == "undercut":
        lines.append(f"Alitus: {names[1]} saa {rules.undercut_bonus} + {kd} − {dd} = {points}.")
    else:
        lines.append(f"{names[0]} saa {dd} − {kd} = {points}.")
    return {"scorer": "knocker" if scorer == 0 else "defender", "points": points, "kind": kind,
            "knocker_deadwood": kd, "lines": lines}


def _c_koputus(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    try:
        pts = int(str(answer.get("points", "")).strip())
    except ValueError:
        return False, "Valitse pisteiden saaja ja kirjoita pisteet kokonaislukuna."
    if answer.get("scorer") not in ("knocker", "defender"):
        return False, "Valitse ensin, kuka saa pisteet."
    ok_who = answer.get("scorer") == sol["scorer"]
    ok = ok_who and pts == sol["points"]
    if ok:
        return True, "Oikein. " + " ".join(sol["lines"])
    # the first wrong answer gives a way to count, not the result ("Näytä ratkaisu" shows it)
    kd = sol["knocker_deadwood"]
    hint = ("Vihje: koputtajan kaikki kortit ovat yhdistelmissä (gin), joten puolustaja ei saa liittää "
            f"kortteja. Laske hänen irtokorttipisteensä ja lisää ginin lisäpisteet ({_num(rules.gin_bonus)})."
            if sol["kind"] == "gin" else f"Vihje: koputtajalla on irtokorttipisteitä {_num(kd)}. " + (
               "Laske, paljonko puolustajalle jää irtokorttipisteitä, kun hän on liittänyt kortteja koputtajan "
               "yhdistelmiin, ja vertaa niitä koputtajan irtokorttipisteisiin."))
    if not ok_who:
        return False, f"Väärin: pisteitä ei saa {q['players'][0 if answer['scorer'] == 'knocker' else 1]}. " + hint
    return False, "Väärin: pisteiden saaja on oikein, mutta pistemäärä ei. " + hint


# -- 6. Nostopakka loppuu -----------------------------------------------------------------------

def _q_nostopakka(rng: random.Random, rules: RuleSet) -> dict:
    pile = rng.sample(standard_deck(), rng.randint(3, 5))
    return {"discard": _codes(pile), "rule": OPTIONS["stock_exhausted"].choices[rules.stock_exhausted]}


def _s_nostopakka(q: dict, rules: RuleSet) -> dict:
    pile = _cards(q["discard"])
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
    return {"order": _codes(order), "lines": lines}


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
        if len(set(q["hand"])) == len(q["hand"]) and best_opening(_cards(q["hand"]), rules) is not None:
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
    return {"hand": _codes(sort_cards(hand))}


def _s_avaus(q: dict, rules: RuleSet) -> dict:
    o = best_opening(_cards(q["hand"]), rules)
    if o is None:
        return {"can_open": False, "lines": ["Tällä kädellä ei voi vielä avata."]}
    return {"can_open": True, "cards": _codes(o.cards), "points": o.points, "melds": len(o.melds),
            "lines": [f"Paras avaus: {'; '.join(m.text for m in o.melds)} – {_pts(o.points)}."]}


def _c_avaus(q: dict, answer: Any, rules: RuleSet, sol: dict) -> tuple[bool, str]:
    chosen = _cards(answer.get("cards", []))
    if not chosen:
        return False, "Valitse avaukseen kuuluvat kortit."
    hand = list(_cards(q["hand"]))
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
        return False, (f"{lead} {_pts(points)}; avaukseen tarvitaan "
                       f"vähintään {_pts(rules.opening_points)}. " + _avaus_hint(sol))
    return True, f"Avaus käy: {text} – {_pts(points)}."


def _avaus_hint(sol: dict) -> str:
    """A hint that does not give the answer away: how big the best opening is, not its cards."""
    if not sol["can_open"]:
        return "Tällä kädellä ei voi vielä avata."
    melds = sol["melds"]
    return (f"Vihje: paras avaus on {_pts(sol['points'])} ja siinä on "
            f"{melds} {'yhdistelmä' if melds == 1 else 'yhdistelmää'}.")


KINDS: dict[str, tuple[Callable, Callable, Callable]] = {
    "pisteet": (_q_pisteet, _s_pisteet, _c_pisteet),
    "kelpaako": (_q_kelpaako, _s_kelpaako, _c_kelpaako),
    "lisaa": (_q_lisaa, _s_lisaa, _c_lisaa),
    "jarjesta": (_q_jarjesta, _s_jarjesta, _c_jarjesta),
    "koputus": (_q_koputus, _s_koputus, _c_koputus),
    "nostopakka": (_q_nostopakka, _s_nostopakka, _c_nostopakka),
    "avaus": (_q_avaus, _s_avaus, _c_avaus),
}


def question(kind: str, seed: int, rules: dict) -> dict:
    """A practice question of ``kind`` for ``seed`` (the same seed always gives the same question)."""
    make = KINDS[kind][0]
    q = make(random.Random(f"{kind}:{seed}"), _rules(rules))
    q.update(kind=kind, seed=seed, rules=rules)
    q["labels"] = {code: card_name(parse_card(code)) for code in sorted(_all_codes(q))}
    return q


def _all_codes(value: Any) -> set[str]:
    """Every card code inside a question, for the page's Finnish card labels."""
    if isinstance(value, str):
        try:
            parse_card(value)
        except ValueError:
            return set()
        return {value}
    if isinstance(value, dict):
        return {c for k, v in value.items() if k not in ("rules", "players", "kind") for c in _all_codes(v)}
    if isinstance(value, (list, tuple)):
        return {c for v in value for c in _all_codes(v)}
    return set()


def solution(q: dict) -> dict:
    """The worked answer: the expected answer and Finnish lines explaining it."""
    return KINDS[q["kind"]][1](q, _rules(q["rules"]))


def check(q: dict, answer: dict) -> dict:
    """Check the reader's answer: ``{"correct": bool, "message": Finnish explanation}``."""
    rules = _rules(q["rules"])
    sol = KINDS[q["kind"]][1](q, rules)
    correct, message = KINDS[q["kind"]][2](q, answer or {}, rules, sol)
    return {"correct": correct, "message": message}


def use_club_names(table: dict) -> int:
    """Register the club's own player names (the build's ``data/names.json``) in this engine, so
    that narration in the browser declines them as the pages do; returns how many there are.

    >>> from rommikirja.finnish import club_names, player_name, set_club_names
    >>> saved = club_names()
    >>> use_club_names({"Kalle": "Kalle Kallen Kallea Kalleen Kallessa Kallesta Kallelle Kallella "
    ...                          "Kallelta Kallena Kalleksi".split()})
    1
    >>> player_name("Kalle", "gen")
    'Kallen'
    >>> _ = set_club_names(saved)
    """
    from .finnish import set_club_names
    from .requests import RequestError
    try:
        set_club_names(table)
    except ValueError:
        raise RequestError("Kerhon nimissä on valmiin nimen kanssa ristiriitaisia taivutusmuotoja.") from None
    return len(table)


def handle(request: str) -> str:
    """The browser's single entry point: a JSON request in, a JSON reply out, never an exception.

    The reply is ``{"ok": true, "result": …}`` or ``{"ok": false, "error": <Finnish sentence>}``;
    requests are checked field by field first (:mod:`rommikirja.requests`).

    >>> json.loads(handle('{"op": "check"}'))["error"]
    'Kysymyksen (question) pitää olla JSON-olio.'
    """
    from .opening import SearchLimit, work_budget
    from .requests import LIMITS, RequestError, read_request
    try:
        req = read_request(request)
        with work_budget(LIMITS["opening_work"]):      # every opening search of this request
            if req.op == "question":
                q = question(req.kind, req.seed, req.rules)
                result: Any = {"question": q, "solution": solution(q)}
            elif req.op == "check":
                result = check(req.question, req.answer)
            elif req.op == "names":
                result = {"names": use_club_names(req.names)}
            else:
                result = solution(req.question)
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except SearchLimit:
        return json.dumps({"ok": False, "error": "Avauksen etsiminen näistä korteista vaatisi liikaa työtä; "
                                                 "valitse vähemmän kortteja."}, ensure_ascii=False)
    except RequestError as err:
        return json.dumps({"ok": False, "error": str(err)}, ensure_ascii=False)
    except RecursionError:
        return json.dumps({"ok": False, "error": "Pyyntö on liian syvästi sisäkkäinen."}, ensure_ascii=False)
    except Exception:  # a bug in the engine: a Finnish sentence for the reader, never Python text
        return json.dumps({"ok": False, "error": "Tätä harjoitusta ei voitu muodostaa tai "
                                                 "tarkistaa näillä tiedoilla."}, ensure_ascii=False)
