"""The score explanation (rommikirja.explain): one function for the example boxes, practice and
Pelaa; its sums add up and every surface names the same result. Uses the tests' own rule sets."""

import random
import re

import pytest
from fixed_rules import FIXED

from rommikirja.cards import parse_cards, sort_cards, standard_deck
from rommikirja.finnish import card_name, player_name
from rommikirja.explain import Cards, Line, Melds, Strong, score_lines
from rommikirja.knock import GinOutcome
from rommikirja.moves import EndReason, Outcome
from rommikirja.scoring import score_deal
from tools.cardfaces import line_html

NAMES = ["Aino", "Eero", "Kaisa", "Olli"]


def _rummy_outcomes(rules, rng, n=60):
    deck = standard_deck(rules.decks, rules.jokers)
    for _ in range(n):
        rng.shuffle(deck)
        players = rng.choice([2, 3, 4])
        reason = rng.choice([EndReason.WENT_OUT, EndReason.WENT_OUT, EndReason.BLOCKED])
        winner = rng.randrange(players)
        hands, at = [], 0
        for p in range(players):
            k = 0 if p == winner and reason is EndReason.WENT_OUT else rng.randint(1, 5)
            hands.append(tuple(deck[at : at + k]))
            at += k
        if reason is EndReason.BLOCKED:  # the lowest hand wins a blocked deal; a tie: nobody
            values = [sum(rules.card_points(c.rank) for c in h) for h in hands]
            winner = values.index(min(values)) if values.count(min(values)) == 1 else None
        opened = tuple(p == winner or rng.random() < 0.7 for p in range(players)) if rules.scoring == "penalty" else ()
        rummy = reason is EndReason.WENT_OUT and rng.random() < 0.4  # (only who went out can have rummy)
        yield Outcome(reason, winner, tuple(hands), rummy, rng.randrange(players), opened)


def _sums(text):
    """Every ``a + b = c`` and ``a − b = c`` chain in a text, as (terms with signs, result)."""
    for m in re.finditer(r"(\d+(?: [+−] \d+)+) = \**(\d+)", text):
        terms = m.group(1).split(" ")
        total = int(terms[0])
        for op, value in zip(terms[1::2], terms[2::2]):
            total += int(value) if op == "+" else -int(value)
        yield total, int(m.group(2))


@pytest.mark.parametrize("game", ["perusrommi", "rommi", "rommi51"])
def test_every_sum_in_the_rummy_explanations_adds_up_and_every_view_names_the_result(game):
    rules = FIXED[game]
    for out in _rummy_outcomes(rules, random.Random(game)):
        score = score_deal(out, rules)
        names = NAMES[: out.players]
        page = [line.text for line in score_lines(out, score, rules, names)]
        pelaa = [line.text for line in score_lines(out, score, rules, names, view="pelaa")]
        for text in page + pelaa:
            for total, shown in _sums(text):
                assert total == shown, text
        if score.scorer is not None and rules.scoring == "winner_takes":
            won = f"{score.points[score.scorer]} pistettä"
            assert won in page[-1] and won in pelaa[-1], (page, pelaa)
            practice = score_lines(out, score, rules, names, view="practice")
            assert str(score.points[score.scorer]) in practice[-1].text
        for i in range(out.players):  # each loser's (or every) hand value is on the page
            if i != score.scorer and out.hands[i]:
                assert any(
                    line.startswith((f"- {player_name(names[i], 'gen')} käteen jäi ", f"- {names[i]}: ei avannut"))
                    and str(score.hand_values[i]) in line
                    for line in page
                ), (
                    i,
                    page,
                )
        if rules.scoring == "own_hand_minus" and score.kind == "went_out":  # the empty hand's nought, said
            gone = f"- {player_name(names[out.winner], 'gen')} käteen ei jäänyt kortteja: 0 miinuspistettä"
            assert gone in page, page
        if rules.scoring != "winner_takes":
            for ask in range(out.players):
                if ask == out.winner:
                    continue
                (line,) = score_lines(out, score, rules, names, view="practice", ask=ask)
                assert str(abs(score.points[ask])) in line.text.replace("−", "")


def _gin_outcomes(rules, rng, n=80):
    from rommikirja.knock import defender_best
    from rommikirja.solver import best_arrangement

    # an undercut (the defender's deadwood under the knocker's), then random knocks and gins
    knocker, defender = parse_cards("2S 3S 4S 5H 6H 7H 9D 9C 9H 8C"), parse_cards("KS KH KD QS QH QC JS JH JD AC")
    arr = best_arrangement(knocker, rules)
    yield GinOutcome(
        "knock",
        0,
        (tuple(knocker), tuple(defender)),
        arr.melds,
        arr.deadwood,
        defender_best(defender, arr.melds, rules, lay_off=True),
        1,
    )
    deck = standard_deck()
    made = 0
    while made < n:
        rng.shuffle(deck)
        arr = best_arrangement(deck[:10], rules)
        if arr.deadwood_points > rules.knock_limit:
            continue
        gin = not arr.deadwood
        d = defender_best(deck[10:20], arr.melds, rules, lay_off=not gin)
        made += 1
        yield GinOutcome(
            "gin" if gin else "knock", 0, (tuple(deck[:10]), tuple(deck[10:20])), arr.melds, arr.deadwood, d, 1
        )


def test_gin_explanations_add_up_and_agree_across_the_views():
    rules = FIXED["gin"]
    kinds = set()
    for out in _gin_outcomes(rules, random.Random(7)):
        score = score_deal(out, rules)
        kinds.add(score.kind)
        won = score.points[score.scorer]
        page = score_lines(out, score, rules, NAMES[:2])
        knock = score_lines(out, score, rules, NAMES[:2], view="knock")
        pelaa = score_lines(out, score, rules, NAMES[:2], view="pelaa")
        for line in page + knock + pelaa:
            for total, shown in _sums(line.text):
                assert total == shown, line.text
        assert page[-1].parts[-2] == Strong(f"{won} pistettä" if won != 1 else "1 piste")
        assert knock[-1].text == page[-1].text  # (practice's knock: each term named, as on the page)
        hv = score.hand_values
        if score.kind == "undercut":  # each term named: the bonus and the deadwoods' difference
            assert page[-1].text == (
                f"Alitus: {NAMES[1]} saa alituksen lisäpisteet {rules.undercut_bonus} ja irtokorttien arvojen "
                f"erotuksen {hv[0]} − {hv[1]} = {hv[0] - hv[1]}, yhteensä {won} pistettä."
            ), page[-1].text
        # deadwood as a hand's sum: the cards in the hand's order joined by "+", then their values
        for dw, total in ((out.knocker_deadwood, hv[0]), (out.defender.deadwood, hv[1])):
            if dw:
                shown = sort_cards(dw)
                want = (
                    "irtokortit "
                    + " + ".join(card_name(c) for c in shown)
                    + " = "
                    + "".join(f"{rules.card_points(c.rank)} + " for c in shown[:-1])
                    + f"{rules.card_points(shown[-1].rank)}"
                )
                assert any(want in line.text for line in page[:2]), (want, [ln.text for ln in page])
                assert any(want in line.text for line in knock[:2]), (want, [ln.text for ln in knock])
        assert f"{won}" in pelaa[0].text
        # the page draws every card of the defender's lay-offs; plain text names them
        laid = [c for cs, _ in out.defender.layoffs for c in cs]
        drawn = [c for line in page for part in line.parts if isinstance(part, Cards) for c in part.cards]
        assert all(c in drawn for c in laid)
    assert kinds >= {"knock", "undercut", "gin"}


def test_a_void_deal_is_explained_without_points():
    rules = FIXED["gin"]
    out = GinOutcome("void", None, ((), ()), dealer=1)
    score = score_deal(out, rules)
    (page,) = score_lines(out, score, rules, NAMES[:2])
    assert page.text == "Jako mitätöidään: kukaan ei saa pisteitä, ja sama jakaja (Eero) jakaa uudelleen."
    (pelaa,) = score_lines(out, score, rules, NAMES[:2], view="pelaa")
    assert "kukaan ei saa pisteitä" in pelaa.text


def test_a_page_line_draws_cards_and_melds_escapes_text_and_sets_the_result_in_bold():
    cards = tuple(parse_cards("7H 8H"))
    line = Line(
        (
            "<b>Aino</b>: ",
            Cards(cards),
            " ja ",
            Melds((tuple(parse_cards("2S 3S 4S")),)),
            " = ",
            Strong("15 pistettä"),
            " ",
            Cards(()),
        )
    )
    html = str(line_html(line))
    assert html.startswith("&lt;b&gt;Aino&lt;/b&gt;: <span class=\"kortit\">")
    assert html.count('class="kortti') == 5 and 'class="kortit yhdistelma"' in html
    assert html.endswith(" = **15 pistettä** –")
    assert (
        line.text == "<b>Aino</b>: herttaseiska ja herttakasi ja patakakkonen, patakolmonen ja patanelonen "
        "= 15 pistettä –"
    )


def test_an_unknown_view_is_refused():
    rules = FIXED["perusrommi"]
    out = Outcome(EndReason.WENT_OUT, 0, ((), tuple(parse_cards("5S"))), False, 1)
    with pytest.raises(ValueError):
        score_lines(out, score_deal(out, rules), rules, NAMES[:2], view="kirja")


@pytest.mark.parametrize("game", ["perusrommi", "rommi51"])
def test_a_hands_line_names_its_cards_in_the_hands_order_each_with_its_value(game):
    """ "- Eeron käteen jäi pataviitonen + herttakuningas: 5 + 10 = 15 pistettä": what was left in
    the hand (not what Eero earns), the cards in the order the hand (and the score table) shows
    them, joined by "+" as their values are, the values in the same order; one card alone:
    "- Eeron käteen jäi herttakuningas: 10 pistettä". On a page: faces joined the same way. A
    deal won by going out says first whose points the hands' cards are."""
    from rommikirja.cards import sort_cards
    from rommikirja.finnish import card_name

    rules = FIXED[game]
    rng = random.Random(7)
    seen = 0
    for out in _rummy_outcomes(rules, rng):
        score = score_deal(out, rules)
        lines = score_lines(out, score, rules, NAMES)
        for i, hand in enumerate(out.hands):
            head = f"- {player_name(NAMES[i], 'gen')} käteen jäi "
            line = next((ln for ln in lines if ln.text.startswith(head) and hand), None)
            if line is None or "ei avannut" in line.text:
                continue
            shown = sort_cards(hand)
            names = " + ".join(card_name(c) for c in shown)
            values = " + ".join(str(rules.card_points(c.rank)) for c in shown)
            total = str(score.hand_values[i])
            want = f"{head}{names}: " + (f"{values} = {total} " if len(shown) > 1 else f"{total} ")
            assert line.text.startswith(want), (line.text, want)
            page = str(line_html(line))
            assert page.count(" + ") == 2 * (len(shown) - 1) and page.count('class="kortit"') == len(shown), page
            seen += 1
        if score.kind == "went_out" and rules.scoring == "winner_takes":
            w = out.winner
            assert lines[2].text == f"{NAMES[w]} saa pisteikseen muiden käsiin jääneiden korttien arvon:", lines
    assert seen > 20
