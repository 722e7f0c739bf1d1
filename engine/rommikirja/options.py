"""Every rule option, in one table: its Finnish label, what it may hold, its statement and when it applies.

One entry per option, in the order pages, tables and the editor reference list them. The
frozen :class:`~rommikirja.rules.RuleSet` has one field per entry and checks every value
against it (:meth:`~rommikirja.rules.RuleSet.from_mapping`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .finnish import count, number_word
from .option_spec import (
    OptionSpec,
    Rules,
    deadlock_sentence,
    deals_sentence,
    game_end_sentence,
    hand_size_sentence,
    players_sentence,
    target_sentence,
    turnovers_sentence,
)

__all__ = ["OPTIONS"]


def _rummy(rules: Rules) -> bool:
    return rules.style == "rummy"


def _knock(rules: Rules) -> bool:
    return rules.style == "knock"


def _count(n: int, noun: str) -> str:
    """A count with its noun in agreement (finnish.count): *yksi piste*, *kaksi pistettä*, *15 pistettä*."""
    return count(n, noun)


def _points(n: int) -> str:
    return _count(n, "piste")


def _points_got(n: int) -> str:
    """Points as the object of a zero-person *saa*: *saa yhden pisteen*, *saa 25 pistettä*."""
    return "yhden pisteen" if n == 1 else _points(n)


def _per_value(table: Mapping[str, str]) -> Callable[[Any, Rules], str]:
    def say(value: Any, rules: Rules) -> str:
        return table[str(value).lower()]

    return say


#: Every option a rule set has, with its Finnish description and rule statement.
OPTIONS: dict[str, OptionSpec] = {
    "style": OptionSpec(
        "Pelityyppi",
        "choice",
        {
            "rummy": "yhdistelmät pelataan pöytään kesken jaon; tyhjä käsi voittaa",
            "knock": "yhdistelmät pysyvät kädessä; jako päättyy koputukseen tai giniin (kaksi pelaajaa, "
            "yksi pakka ilman jokereita, ässä pieni)",
        },
        says=_per_value(
            {
                "rummy": "Yhdistelmät pelataan pöytään jo kesken jaon, ja jaon voittaa se, jonka käsi "
                "tyhjenee ensimmäisenä.",
                "knock": "Yhdistelmät pysyvät kädessä koko jaon ajan; jako päättyy, kun joku koputtaa tai saa ginin.",
            }
        ),
    ),
    "decks": OptionSpec(
        "Korttipakkoja",
        "int",
        minimum=1,
        maximum=2,
        says=lambda v, r: (
            "Pelataan yhdellä tavallisella 52 kortin pakalla."
            if v == 1
            else f"Pelataan {number_word(v, 'ade')} tavallisella 52 kortin pakalla."
        ),
    ),
    "jokers": OptionSpec(
        "Jokereita",
        "int",
        minimum=0,
        maximum=4,
        says=lambda v, r: (
            "Jokereita ei käytetä."
            if v == 0
            else f"Kortteja on yhteensä {52 * r.decks + v}, sillä "
            f"{'pakkaan' if r.decks == 1 else 'pakkoihin'} lisätään {_count(v, 'jokeri')}."
        ),
    ),
    "max_jokers_per_meld": OptionSpec(
        "Jokereita yhdessä yhdistelmässä enintään",
        "int",
        minimum=0,
        maximum=4,
        says=lambda v, r: (
            "Jokeria ei saa käyttää yhdistelmissä."
            if v == 0
            else f"Yhdessä yhdistelmässä saa olla enintään {_count(v, 'jokeri')}."
        ),
        applies=lambda r: r.jokers > 0,
    ),
    "joker_points": OptionSpec(
        "Käteen jääneen jokerin pisteet",
        "int",
        minimum=0,
        maximum=100,
        says=lambda v, r: f"Käteen jääneen jokerin arvo on {_points(v)}.",
        applies=lambda r: r.jokers > 0,
    ),
    "opening_points": OptionSpec(
        "Avauksen vähimmäispisteet (0 = ei avausehtoa)",
        "int",
        minimum=0,
        maximum=200,
        says=lambda v, r: (
            "Yhdistelmiä saa pelata pöytään heti ensimmäisellä vuorolla, eikä "
            "ensimmäisille yhdistelmille ole pistevaatimusta."
            if v == 0
            else "Ensimmäisellä kerralla pöytään pelattavien yhdistelmien "
            f"yhteisarvon on oltava vähintään {_points(v)} (avaus)."
        ),
        applies=_rummy,
    ),
    "opening_pure_run": OptionSpec(
        "Avauksessa puhdas suora",
        "bool",
        {"true": "avaukseen on kuuluttava vähintään yksi suora ilman jokeria", "false": "ei vaadita"},
        says=_per_value(
            {
                "true": "Avaukseen on kuuluttava ainakin yksi suora, jossa ei ole jokeria.",
                "false": "Avaukseen ei tarvita jokeritonta suoraa.",
            }
        ),
        applies=lambda r: r.style == "rummy" and r.opening_points > 0,
    ),
    "unopened_penalty": OptionSpec(
        "Avaamatta jääneen sakko",
        "int",
        minimum=0,
        maximum=1000,
        # rommikirja.scoring: an unopened player pays exactly this, whatever is left in hand
        says=lambda v, r: (
            "Jos pelaaja ei ole avannut jaon päättyessä, "
            f"hänen sakkonsa on {_points(v)}, eikä hänen käteensä jääneitä kortteja lasketa."
        ),
        applies=lambda r: r.style == "rummy" and r.scoring == "penalty",
    ),
    "min_players": OptionSpec("Pelaajia vähintään", "int", minimum=2, maximum=6, says=lambda v, r: players_sentence(r)),
    "max_players": OptionSpec("Pelaajia enintään", "int", minimum=2, maximum=6, says=lambda v, r: players_sentence(r)),
    "hand_size": OptionSpec("Jaettavat kortit pelaajamäärän mukaan", "hand_size", says=hand_size_sentence),
    "upcard": OptionSpec(
        "Avokortti",
        "bool",
        {
            "true": "nostopakan päällimmäinen käännetään poistopakan ensimmäiseksi kortiksi",
            "false": "poistopakka on aluksi tyhjä",
        },
        says=_per_value(
            {
                "true": "Nostopakan päällimmäinen kortti käännetään kuvapuoli ylöspäin poistopakan "
                "ensimmäiseksi kortiksi.",
                "false": "Poistopakka on aluksi tyhjä, joten aloittaja nostaa nostopakasta.",
            }
        ),
    ),
    "melds_per_turn": OptionSpec(
        "Uusia yhdistelmiä vuorossa",
        "choice",
        {"any": "niin monta kuin haluaa", "one": "enintään yksi"},
        says=lambda v, r: (
            "Vuorollaan saa pelata pöytään enintään yhden uuden yhdistelmän."
            if v == "one"
            else "Avannut pelaaja saa samalla vuorolla pelata pöytään useita uusia yhdistelmiä."
            if r.opening_points
            else "Samalla vuorolla saa pelata pöytään useita uusia yhdistelmiä."
        ),
        applies=_rummy,
    ),
    "lay_off_before_meld": OptionSpec(
        "Lisääminen ennen omaa yhdistelmää",
        "bool",
        {"true": "sallittu", "false": "vasta kun on itse pelannut yhdistelmän pöytään"},
        says=_per_value(
            {
                "true": "Pöydän yhdistelmiin saa lisätä kortteja jo ennen kuin on pelannut oman yhdistelmän.",
                "false": "Pöydän yhdistelmiin saa lisätä kortteja vasta sitten, kun on itse pelannut "
                "pöytään yhdistelmän.",
            }
        ),
        # with an opening the first melds go down together, so no lay-off can come before them
        applies=lambda r: r.style == "rummy" and r.opening_points == 0,
    ),
    "final_discard": OptionSpec(
        "Loppupoisto",
        "choice",
        {"optional": "ulos saa mennä ilman poistoa", "required": "viimeinen kortti on aina poistettava"},
        says=_per_value(
            {
                "optional": "Viimeistä korttia ei ole pakko poistaa: ulos saa mennä myös pelaamalla viimeisenkin "
                "kortin pöytään.",
                "required": "Viimeinen kortti on aina poistettava: kättä ei voi tyhjentää pelaamalla "
                "kaikkia kortteja pöytään.",
            }
        ),
        applies=_rummy,
    ),
    "ace": OptionSpec(
        "Ässä suorassa",
        "choice",
        {
            "low": "vain pieni (A-2-3)",
            "high_or_low": "pieni tai suuri (A-2-3 tai Q-K-A), ei kulman ympäri",
            "round_the_corner": "suora saa kiertää kulman ympäri, kuten K-A-2",
        },
        says=_per_value(
            {
                "low": "Ässä on suorassa aina pieni: se käy vain kakkosen alapuolelle.",
                "high_or_low": "Ässä käy suoran kumpaan tahansa päähän (A-2-3 tai Q-K-A), mutta ei "
                "keskelle: K-A-2 ei ole suora.",
                "round_the_corner": "Suora saa kiertää kulman ympäri: ässä voi olla kuninkaan ja kakkosen "
                "välissä (K-A-2).",
            }
        ),
    ),
    "ace_points": OptionSpec(
        "Ässän pisteet",
        "int",
        minimum=1,
        maximum=20,
        says=lambda v, r: (
            f"Ässä on irtokorttina {count(v, 'piste', 'gen')} arvoinen."
            if r.style == "knock"
            else f"Käteen jääneen ässän arvo on {_points(v)}."
        ),
    ),
    "stock_exhausted": OptionSpec(
        "Kun nostopakka loppuu",
        "choice",
        {
            "turn_over": "poistopakka käännetään sekoittamatta uudeksi nostopakaksi",
            "turn_over_keep_top": "poistopakka käännetään uudeksi nostopakaksi, mutta viimeksi poistettu "
            "kortti jää uuden poistopakan pohjalle",
            "block": "poistopakkaa ei käännetä uudeksi nostopakaksi: jako päättyy (blokkirommi)",
            "last_round": "jako päättyy, kun nostopakka on käyty kerran läpi ja muut kuin viimeisen kortin "
            "nostanut ovat vielä saaneet ottaa poistopakan päällimmäisen kortin",
        },
        says=_per_value(
            {
                "turn_over": "Kun nostopakka loppuu, poistopakka käännetään sekoittamatta uudeksi nostopakaksi.",
                "turn_over_keep_top": "Kun nostopakka loppuu, poistopakka käännetään uudeksi nostopakaksi, "
                "mutta viimeksi poistettu kortti jää aloittamaan uuden poistopakan.",
                "block": "Kun nostopakka loppuu, poistopakkaa ei käännetä, vaan jako päättyy (blokkirommi).",
                "last_round": "Kun nostopakka loppuu, jokainen muu kuin viimeisen kortin nostanut pelaaja saa "
                "vielä yhden vuoron, jossa hän voi ottaa poistopakan päällimmäisen kortin, ja "
                "sitten jako päättyy.",
            }
        ),
        applies=_rummy,
    ),
    "max_turnovers": OptionSpec(
        "Poistopakan kääntökerrat",
        "int",
        minimum=0,
        maximum=100,
        says=turnovers_sentence,
        applies=lambda r: r.style == "rummy" and r.stock_exhausted in ("turn_over", "turn_over_keep_top"),
    ),
    "scoring": OptionSpec(
        "Pisteytys",
        "choice",
        {
            "winner_takes": "voittaja saa muiden käsiin jääneiden korttien arvon",
            "own_hand_minus": "jokainen saa miinuspisteiksi omaan käteensä jääneiden korttien arvon",
            "penalty": "käteen jääneistä korteista sakkoa; avaamatta jäänyt saa kiinteän sakon",
        },
        says=_per_value(
            {
                "winner_takes": "Jaon voittaja saa pisteikseen muiden pelaajien käteen jääneiden korttien arvon.",
                "own_hand_minus": "Jokainen saa miinuspisteiksi omaan käteensä jääneiden korttien arvon.",
                "penalty": "Jokainen saa sakoksi omaan käteensä jääneiden korttien arvon.",
            }
        ),
        applies=_rummy,
    ),
    "first_dealer": OptionSpec(
        "Ensimmäinen jakaja",
        "choice",
        {"agreed": "sovitaan tai arvotaan", "lowest_card": "pienimmän kortin nostanut"},
        says=_per_value(
            {
                "agreed": "Ensimmäinen jakaja sovitaan tai arvotaan.",
                "lowest_card": "Ensimmäiseksi jakajaksi tulee se, joka nostaa pakasta pienimmän kortin.",
            }
        ),
    ),
    "rommi_claim": OptionSpec(
        "Rommihuuto",
        "bool",
        {
            "true": "poistopakkaan pantu, pöydän yhdistelmään sopiva kortti on ensimmäisen huutajan",
            "false": "ei käytössä",
        },
        says=_per_value(
            {
                "true": "Jos joku poistaa kortin, joka sopisi pöydän yhdistelmään, ensimmäisenä ”rommi” "
                "huutanut saa kortin.",
                "false": "Poistettua korttia ei saa napata huutamalla ”rommi”, vaikka se sopisi pöydän yhdistelmään.",
            }
        ),
        applies=_rummy,
    ),
    "rummy_doubling": OptionSpec(
        "Rommi (koko käsi kerralla)",
        "bool",
        {"true": "pisteet kaksinkertaistuvat", "false": "ei lisäpisteitä"},
        says=lambda v, r: (
            (
                "Jos voittaja tyhjentää koko kätensä yhdellä vuorolla eikä ole aiemmilla "
                "vuoroilla pelannut tai lisännyt pöytään mitään, hänen pisteensä "
                "kaksinkertaistuvat (rommi)."
                + (" Viimeisen kortin saa silloinkin poistaa." if r.final_discard == "optional" else "")
            )
            if v
            else "Koko käden tyhjentäminen yhdellä vuorolla ei tuo lisäpisteitä."
        ),
        applies=lambda r: r.style == "rummy" and r.scoring == "winner_takes",
    ),
    "next_dealer_two_players": OptionSpec(
        "Seuraava jakaja kaksinpelissä",
        "choice",
        {"winner": "jaon voittaja", "left": "jakajaksi vuorotellen kumpikin"},
        says=lambda v, r: (
            {  # a two-player game (gin) needs no "Kaksinpelissä"
                "winner": "Seuraavan jaon jakaa edellisen jaon voittaja.",
                "left": "Jakajaksi tulee vuorotellen kumpikin pelaaja.",
            }[v]
            if r.max_players == 2
            else {
                "winner": "Kaksinpelissä seuraavan jaon jakaa kuitenkin edellisen jaon voittaja.",
                "left": "Kun jako on pelattu, jakovuoro siirtyy vasemmalle, joten kaksinpelissä jakajaksi "
                "tulee vuorotellen kumpikin pelaaja.",
            }[v]
        ),
        applies=lambda r: r.min_players <= 2,
    ),
    "upcard_offer": OptionSpec(
        "Ensimmäinen avokortti",
        "bool",
        {
            "true": "jakajan vastustaja ja sitten jakaja saavat ottaa sen tai passata",
            "false": "aloittaja nostaa tavalliseen tapaan",
        },
        says=_per_value(
            {
                "true": "Jaon alussa käännetyn kortin (avokortin) saa ottaa ensin jakajan vastustaja ja "
                "sitten jakaja. Jos kumpikaan ei ota sitä, jakajan vastustaja aloittaa nostamalla "
                "nostopakasta.",
                "false": "Jaon alussa käännettyä korttia ei tarjota erikseen: jakajan vastustaja aloittaa "
                "tavalliseen tapaan.",
            }
        ),
        applies=lambda r: r.style == "knock" and r.upcard,
    ),
    "knock_limit": OptionSpec(
        "Koputusraja (irtokorttipisteitä enintään)",
        "int",
        minimum=0,
        maximum=50,
        says=lambda v, r: (
            "Koputtaa saa vain, kun kädessä ei ole irtokortteja."
            if v == 0
            else f"Koputtaa saa, kun irtokorttien arvo on enintään {_points(v)}."
        ),
        applies=_knock,
    ),
    "gin_bonus": OptionSpec(
        "Ginin lisäpisteet",
        "int",
        minimum=0,
        maximum=100,
        says=lambda v, r: "Ginistä ei saa lisäpisteitä." if v == 0 else f"Ginistä saa lisäksi {_points_got(v)}.",
        applies=_knock,
    ),
    "undercut_bonus": OptionSpec(
        "Alituksen lisäpisteet",
        "int",
        minimum=0,
        maximum=100,
        says=lambda v, r: (
            "Alituksesta ei saa lisäpisteitä." if v == 0 else f"Alituksesta saa lisäksi {_points_got(v)}."
        ),
        applies=_knock,
    ),
    "undercut_on_tie": OptionSpec(
        "Tasapisteet koputuksessa",
        "bool",
        {"true": "vastustaja alittaa (tasapeli riittää)", "false": "vain pienempi summa alittaa"},
        says=_per_value(
            {
                "true": "Alitus on myös silloin, kun irtokorttipisteitä on yhtä paljon.",
                "false": "Tasapisteet eivät ole alitus.",
            }
        ),
        applies=_knock,
    ),
    "void_stock": OptionSpec(
        "Jako mitätöityy, kun nostopakassa on kortteja enintään",
        "int",
        minimum=0,
        maximum=10,
        says=lambda v, r: (
            "Jos vuorossa ollut pelaaja nostaa nostopakan viimeisen kortin eikä koputa, jako mitätöityy."
            if v == 0
            else f"Jos nostopakkaan jää vuoron päätyttyä enää {_count(v, 'kortti')} eikä vuorossa ollut "
            "pelaaja koputtanut, jako mitätöityy."
        ),
        applies=_knock,
    ),
    "game_end": OptionSpec(
        "Peli päättyy",
        "choice",
        {"deals": "sovitun jakomäärän jälkeen", "target": "kun joku saavuttaa pisterajan"},
        says=game_end_sentence,
    ),
    "game_deals": OptionSpec(
        "Jakojen määrä", "int", minimum=1, maximum=1000, says=deals_sentence, applies=lambda r: r.game_end == "deals"
    ),
    "target_score": OptionSpec(
        "Pisteraja", "int", minimum=1, maximum=100000, says=target_sentence, applies=lambda r: r.game_end == "target"
    ),
    "deadlock": OptionSpec(
        "Jumiin jäänyt jako",
        "choice",
        {
            "play_on": "jako jatkuu silloinkin, kun kukaan ei enää voi päästä ulos",
            "score_hands": "kun nostopakka loppuu eikä kukaan voi enää päästä ulos, jako päättyy, ja "
            "käsiin jääneet kortit lasketaan",
            "void": "kun nostopakka loppuu eikä kukaan voi enää päästä ulos, jako mitätöidään ja jaetaan uudelleen",
        },
        says=deadlock_sentence,
        applies=lambda r: r.style == "rummy" and r.stock_exhausted in ("turn_over", "turn_over_keep_top"),
    ),
}
