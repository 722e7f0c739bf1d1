"""The refusal codes a scenario step may name in ``refused:``, read from the engine's source.

The engine refuses a move by raising :class:`rommikirja.IllegalMove` (or its subclass
``InvalidMeld``; ``melds._Reason`` makes one) with a code as the first argument. This module
finds every such code in ``engine/rommikirja/*.py`` (the modules of the Pelaa game's
requests excepted: no scenario step reaches them), so the editor's reference
(``scenarios/README.md``, :mod:`tools.schema`) lists exactly the codes the engine uses;
:data:`REFUSAL_HELP` gives each a one-line Finnish meaning, and a test fails when a code
is added to or removed from the engine without this table following.
"""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine" / "rommikirja"
#: Modules whose refusals answer the Pelaa page's requests, never a scenario's move.
NOT_SCENARIO = {"play.py", "requests.py", "practice.py", "computer.py"}
_MAKERS = {"IllegalMove", "InvalidMeld", "_Reason"}

#: code → what it means, in Finnish. Grouped as the reference shows them.
REFUSAL_HELP: dict[str, str] = {
    # turn order and drawing
    "must_draw": "vuoro alkaa nostolla, eikä pelaaja ole vielä nostanut",
    "must_draw_one_card": "vuoro alkaa nostolla silloinkin, kun kädessä on vain yksi kortti",
    "draw_twice": "pelaaja on jo nostanut tällä vuorolla",
    "unknown_source": "nostaa voi vain nostopakasta (stock) tai poistopakasta (discard)",
    "discard_empty": "poistopakka on tyhjä",
    "stock_empty": "nostopakka ja poistopakka ovat molemmat tyhjiä",
    "stock_used": "nostopakka on käyty läpi: vain poistopakan päällimmäinen kortti tai vuoron ohitus",
    "deal_over": "jako on jo päättynyt",
    "unknown_move": "tässä pelissä ei ole sellaista siirtoa",
    "malformed_move": "siirto on vajaa tai väärin muodostettu",
    "irregular": "nosto väärällä vuorolla on sääntörikkomus",
    # discarding
    "discard_taken_card": "poistopakasta otettua korttia ei saa poistaa samalla vuorolla",
    "stuck_with_taken_card": "käteen jäisi vain poistopakasta otettu kortti, jota ei saa poistaa",
    "final_discard_required": "ulos mennään poistamalla viimeinen kortti (final_discard: required)",
    "not_in_hand": "kortti ei ole pelaajan kädessä",
    # melds and lay-offs
    "lay_off_before_meld": "kortteja saa lisätä pöytään vasta oman yhdistelmän jälkeen",
    "one_meld_per_turn": "vain yksi uusi yhdistelmä vuorossa (melds_per_turn: one)",
    "no_such_meld": "pöydällä ei ole yhdistelmää, jonka numero onto: kertoo",
    "no_cards": "siirrossa ei ole yhtään korttia",
    "not_extending": "lisättävä kortti ei jatka pöydän yhdistelmää",
    "joker_in_place": "kortti, jonka paikalla jokeri jo on, ei käy: jokeria ei vaihdeta pois",
    "joker_reading": "jokerin merkityksen (jokers:) voi antaa vain siirron omalle jokerille, kullekin kerran",
    "too_short": "yhdistelmässä on alle kolme korttia",
    "mixed": "kortit eivät ole samanarvoisia eivätkä samaa maata",
    "mixed_suits": "suoran kortit eivät ole samaa maata",
    "gap": "suorasta puuttuu kortti välistä",
    "duplicate_rank": "suorassa on sama arvo kahdesti",
    "duplicate": "sama kortti on yhdistelmässä kahdesti",
    "group_same_suit": "ryhmässä on kaksi samaa maata",
    "group_too_big": "ryhmässä on yli neljä korttia",
    "ace_high": "ässä on pieni (ace: low) eikä käy kuninkaan yläpuolelle",
    "wrap": "suora ei saa kiertää kulman ympäri (K-A-2)",
    "too_many_jokers": "yhdistelmässä on enemmän jokereita kuin säännöt sallivat",
    "too_few_naturals": "jokerin lisäksi tarvitaan vähintään kaksi tavallista korttia",
    # opening (Rommi 51, classic rommi)
    "not_opened": "pelaaja ei ole vielä avannut: pöytään vain koko avaus",
    "already_opened": "pelaaja on jo avannut",
    "opening_too_low": "avauksen yhdistelmien pisteet eivät riitä",
    "no_pure_run": "avauksessa on oltava puhdas suora ilman jokeria",
    "no_opening": "tässä pelissä ei ole erillistä avausta",
    # rummy call, misdraw and exposed card (classic rommi)
    "no_claim": "”rommi!” ei käy: juuri poistettu kortti ei sovi pöydän yhdistelmään",
    "no_misdraw": "nostopakasta ei voi nyt nostaa väärällä vuorolla",
    "exposed_card": "väärällä vuorolla paljastettu kortti on ensin otettava tai laitettava poistopakkaan",
    "nothing_exposed": "nostopakassa ei ole paljastettua korttia",
    "own_turn": "pelaaja on itse vuorossa ja nostaa tavalliseen tapaan",
    # gin
    "knock_over_limit": "koputtaessa irtokortteja jäisi enemmän kuin raja sallii",
    "bad_melds": "koputuksen yhdistelmät (melds:) annetaan korttiluetteloina",
    "not_a_card": "siirrossa on jotain, mikä ei ole kortti",
    "no_pass": "passata saa vain jaon ensimmäisen avokortin kohdalla",
    "offer_stock": "avokortista päätetään ensin; nostopakasta vasta, kun molemmat ovat passanneet",
    "forced_stock": "molemmat passasivat: nyt nostetaan nostopakasta",
    "not_in_gin": "gin-rommissa ei pelata pöytään eikä avata",
    "table": "gin-rommissa yhdistelmiä ei pelata pöytään kesken jaon",
    # a setup the engine cannot start from (reported at setup:, not with refused:)
    "players": "asetelma: pelaajamäärä ei sovi peliin",
    "dealer": "asetelma: jakaja ei ole pelaaja",
    "duplicate_card": "asetelma: sama kortti on kahdessa paikassa",
    "no_such_card": "asetelma tai siirto: korttia ei ole tämän pelin pakassa",
    "rules": "asetelma: säännöt eivät sovi peliin (gin-rommi: yksi pakka, ei jokereita)",
    "phase": "asetelma: tuntematon vaihe (phase:)",
}


def engine_codes(engine: Path = ENGINE) -> dict[str, str]:
    """Every refusal code in the engine's source → the module that first uses it."""
    found: dict[str, str] = {}
    for path in sorted(engine.glob("*.py")):
        if path.name in NOT_SCENARIO:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in _MAKERS and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.setdefault(node.args[0].value, path.name)
    return found
