"""Rule sets: every difference between games and house rules as a named option.

A :class:`RuleSet` is a frozen value. Presets are data (one YAML file per game
in ``scenarios/rules/``); the tools read them and call
:meth:`RuleSet.from_mapping`, which checks every option against
:data:`OPTIONS` and says in Finnish what was expected.

>>> rules = RuleSet()                       # neutral defaults (see RuleSet), not a shipped file
>>> rules.hand_size_for(4)
7
>>> rules.with_options(melds_per_turn="one").melds_per_turn
'one'
>>> RuleSet.from_mapping({"ace": "high"})
Traceback (most recent call last):
  ...
rommikirja.rules.RuleSetError: ace: tuntematon arvo ”high”; sallitut: low, high_or_low, round_the_corner
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Callable, Mapping

from .chars import written
from .finnish import count, join_list, number_word

__all__ = ["RuleSet", "RuleSetError", "OPTIONS", "OptionSpec", "statement", "applies", "other_values"]


class RuleSetError(ValueError):
    """An option name or value that the engine does not know."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        self.detail = message
        super().__init__(f"{option}: {message}")


def _always(rules: "RuleSet") -> bool:
    return True


def _rummy(rules: "RuleSet") -> bool:
    return rules.style == "rummy"


def _knock(rules: "RuleSet") -> bool:
    return rules.style == "knock"


def _count(n: int, noun: str) -> str:
    """A count with its noun in agreement (finnish.count): *yksi piste*, *kaksi pistettä*, *15 pistettä*."""
    return count(n, noun)


def _points(n: int) -> str:
    return _count(n, "piste")


def _points_got(n: int) -> str:
    """Points as the object of a zero-person *saa*: *saa yhden pisteen*, *saa 25 pistettä*."""
    return "yhden pisteen" if n == 1 else _points(n)


def _per_value(table: Mapping[str, str]) -> Callable[[Any, "RuleSet"], str]:
    def say(value: Any, rules: "RuleSet") -> str:
        return table[str(value).lower()]
    return say


@dataclass(frozen=True)
class OptionSpec:
    """What an option may hold and what it means, in Finnish, for pages and editors.

    ``choices`` are short Finnish meanings of each value (tables, the editor
    reference); ``says`` renders the rule statement a page prints for the
    option's current value (a full Finnish sentence, numbers in agreement);
    ``applies`` tells whether the option matters at all in a rule set (a knock
    limit means nothing in a game without knocking).
    """

    label: str
    kind: str  # "choice", "bool", "int", "hand_size"
    choices: Mapping[str, str] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    says: Callable[[Any, "RuleSet"], str] | None = None
    applies: Callable[["RuleSet"], bool] = _always


def _hand_sizes(value: Any, rules: "RuleSet") -> str:
    groups: list[tuple[int, list[int]]] = []
    for n, size in value:
        if rules.min_players <= n <= rules.max_players:
            if groups and groups[-1][0] == size:
                groups[-1][1].append(n)
            else:
                groups.append((size, [n]))
    who = "Kumpikin" if rules.max_players == 2 else "Kukin"
    if len(groups) == 1:                    # one hand size for every table (gin): no "when there are …"
        return f"{who} pelaaja saa {_count(groups[0][0], 'kortti')}."
    parts = [(_count(size, "kortti") if i == 0 else _count(size, "kortti").split()[0])
             + f", kun {'pelaajia' if i == 0 else 'heitä'} on "
             + join_list([number_word(n) for n in ns], "tai") for i, (size, ns) in enumerate(groups)]
    # the clauses end in "kun …", so "ja" before the last one takes a comma too
    return f"{who} saa " + ", ".join(parts[:-1]) + ", ja " + parts[-1] + "."


def _target(value: Any, rules: "RuleSet") -> str:
    """The game-end sentence of a game played to ``value`` points (whatever ``game_end`` says).

    ``game_end``, ``target_score`` and ``game_deals`` share one sentence, so the page states
    each of them once: the end condition with its number.
    """
    if rules.style == "rummy" and rules.scoring == "own_hand_minus":
        return f"Peli päättyy, kun jollekulle on kertynyt vähintään {_count(value, 'miinuspiste')}."
    if rules.style == "rummy" and rules.scoring == "penalty":
        return f"Peli päättyy, kun jonkun sakot nousevat yhteensä vähintään {count(value, 'piste', 'ill')}."
    return f"Peli päättyy, kun jonkun yhteispisteet nousevat vähintään {count(value, 'piste', 'ill')}."


def _deals(value: Any, rules: "RuleSet") -> str:
    """The game-end sentence of a game of ``value`` deals (whatever ``game_end`` says)."""
    return f"Peli päättyy {count(value, 'jako', 'gen')} jälkeen, ellei toisin sovita."


def _game_end(value: Any, rules: "RuleSet") -> str:
    return _target(rules.target_score, rules) if value == "target" else _deals(rules.game_deals, rules)


def _players(rules: "RuleSet") -> str:
    """One sentence for ``min_players`` and ``max_players`` together.

    >>> _players(RuleSet(min_players=2, max_players=6)), _players(RuleSet(min_players=2, max_players=2))
    ('Pelaajia voi olla kahdesta kuuteen.', 'Pelaajia on kaksi.')
    """
    if rules.min_players == rules.max_players:
        return f"Pelaajia on {number_word(rules.min_players)}."
    return (f"Pelaajia voi olla {number_word(rules.min_players, 'ela')} "
            f"{number_word(rules.max_players, 'ill')}.")


def _turnovers(value: Any, rules: "RuleSet") -> str:
    if value == 0:
        return "Poistopakan saa kääntää kuinka monta kertaa tahansa."
    times = "kerran" if value == 1 else f"{number_word(value)} kertaa"
    return (f"Poistopakan saa kääntää enintään {times}; kun nostopakka sen "
            "jälkeen loppuu, jako päättyy kuten blokkirommissa.")


#: Every option a rule set has, with its Finnish description and rule statement.
OPTIONS: dict[str, OptionSpec] = {
    "style": OptionSpec("Pelityyppi", "choice", {
        "rummy": "yhdistelmät pelataan pöytään kesken jaon; tyhjä käsi voittaa",
        "knock": "yhdistelmät pysyvät kädessä; jako päättyy koputukseen tai giniin (kaksi pelaajaa, "
                 "yksi pakka ilman jokereita, ässä pieni)"},
        says=_per_value({
            "rummy": "Yhdistelmät pelataan pöytään jo kesken jaon, ja jaon voittaa se, jonka käsi "
                     "tyhjenee ensimmäisenä.",
            "knock": "Yhdistelmät pysyvät kädessä koko jaon ajan; jako päättyy, kun joku koputtaa tai "
                     "saa ginin."})),
    "decks": OptionSpec("Korttipakkoja", "int", minimum=1, maximum=2,
                        says=lambda v, r: "Pelataan yhdellä tavallisella 52 kortin pakalla." if v == 1
                        else f"Pelataan {number_word(v, 'ade')} tavallisella 52 kortin pakalla."),
    "jokers": OptionSpec("Jokereita", "int", minimum=0, maximum=4,
                         says=lambda v, r: "Jokereita ei käytetä." if v == 0
                         else f"Kortteja on yhteensä {52 * r.decks + v}, sillä "
                         f"{'pakkaan' if r.decks == 1 else 'pakkoihin'} lisätään {_count(v, 'jokeri')}."),
    "max_jokers_per_meld": OptionSpec(
        "Jokereita yhdessä yhdistelmässä enintään", "int", minimum=0, maximum=4,
        says=lambda v, r: "Jokeria ei saa käyttää yhdistelmissä." if v == 0
        else f"Yhdessä yhdistelmässä saa olla enintään {_count(v, 'jokeri')}.",
        applies=lambda r: r.jokers > 0),
    "joker_points": OptionSpec(
        "Käteen jääneen jokerin pisteet", "int", minimum=0, maximum=100,
        says=lambda v, r: f"Käteen jääneen jokerin arvo on {_points(v)}.",
        applies=lambda r: r.jokers > 0),
    "opening_points": OptionSpec(
        "Avauksen vähimmäispisteet (0 = ei avausehtoa)", "int", minimum=0, maximum=200,
        says=lambda v, r: "Yhdistelmiä saa pelata pöytään heti ensimmäisellä vuorolla, eikä "
        "ensimmäisille yhdistelmille ole pistevaatimusta." if v == 0 else "Ensimmäisellä kerralla pöytään pelattavien yhdistelmien "
        f"yhteisarvon on oltava vähintään {_points(v)} (avaus).",
        applies=_rummy),
    "opening_pure_run": OptionSpec(
        "Avauksessa puhdas suora", "bool", {
            "true": "avaukseen on kuuluttava vähintään yksi suora ilman jokeria", "false": "ei vaadita"},
        says=_per_value({
            "true": "Avaukseen on kuuluttava ainakin yksi suora, jossa ei ole jokeria.",
            "false": "Avaukseen ei tarvita jokeritonta suoraa."}),
        applies=lambda r: r.style == "rummy" and r.opening_points > 0),
    "unopened_penalty": OptionSpec(
        "Avaamatta jääneen sakko", "int", minimum=0, maximum=1000,
        says=lambda v, r: f"Jos pelaaja ei ole avannut jaon päättyessä, hänen sakkonsa on {_points(v)}.",
        applies=lambda r: r.style == "rummy" and r.scoring == "penalty"),
    "min_players": OptionSpec("Pelaajia vähintään", "int", minimum=2, maximum=6,
                              says=lambda v, r: _players(r)),
    "max_players": OptionSpec("Pelaajia enintään", "int", minimum=2, maximum=6,
                              says=lambda v, r: _players(r)),
    "hand_size": OptionSpec("Jaettavat kortit pelaajamäärän mukaan", "hand_size", says=_hand_sizes),
    "upcard": OptionSpec("Avokortti", "bool", {
        "true": "nostopakan päällimmäinen käännetään poistopakan ensimmäiseksi kortiksi",
        "false": "poistopakka on aluksi tyhjä"},
        says=_per_value({
            "true": "Nostopakan päällimmäinen kortti käännetään kuvapuoli ylöspäin poistopakan "
                    "ensimmäiseksi kortiksi.",
            "false": "Poistopakka on aluksi tyhjä, joten aloittaja nostaa nostopakasta."})),
    "melds_per_turn": OptionSpec("Uusia yhdistelmiä vuorossa", "choice", {
        "any": "niin monta kuin haluaa", "one": "enintään yksi"},
        says=lambda v, r: ("Vuorollaan saa pelata pöytään enintään yhden uuden yhdistelmän." if v == "one"
                           else "Avannut pelaaja saa samalla vuorolla pelata pöytään useita uusia "
                           "yhdistelmiä." if r.opening_points else
                           "Samalla vuorolla saa pelata pöytään useita uusia yhdistelmiä."),
        applies=_rummy),
    "lay_off_before_meld": OptionSpec("Lisääminen ennen omaa yhdistelmää", "bool", {
        "true": "sallittu", "false": "vasta kun on itse pelannut yhdistelmän pöytään"},
        says=_per_value({
            "true": "Pöydän yhdistelmiin saa lisätä kortteja jo ennen kuin on pelannut oman "
                    "yhdistelmän.",
            "false": "Pöydän yhdistelmiin saa lisätä kortteja vasta sitten, kun on itse pelannut "
                     "pöytään yhdistelmän."}),
        # with an opening the first melds go down together, so no lay-off can come before them
        applies=lambda r: r.style == "rummy" and r.opening_points == 0),
    "final_discard": OptionSpec("Loppupoisto", "choice", {
        "optional": "ulos saa mennä ilman poistoa",
        "required": "viimeinen kortti on aina poistettava"},
        says=_per_value({
            "optional": "Viimeistä korttia ei ole pakko poistaa.",
            "required": "Viimeinen kortti on aina poistettava: kättä ei voi tyhjentää pelaamalla "
                        "kaikkia kortteja pöytään."}),
        applies=_rummy),
    "ace": OptionSpec("Ässä suorassa", "choice", {
        "low": "vain pieni (A-2-3)",
        "high_or_low": "pieni tai suuri (A-2-3 tai Q-K-A), ei kulman ympäri",
        "round_the_corner": "suora saa kiertää kulman ympäri, kuten K-A-2"},
        says=_per_value({
            "low": "Ässä on suorassa aina pieni: se käy vain kakkosen alapuolelle.",
            "high_or_low": "Ässä käy suoran kumpaan tahansa päähän (A-2-3 tai Q-K-A), mutta ei "
                           "keskelle: K-A-2 ei ole suora.",
            "round_the_corner": "Suora saa kiertää kulman ympäri: ässä voi olla kuninkaan ja kakkosen "
                                "välissä (K-A-2)."})),
    "ace_points": OptionSpec("Ässän pisteet", "int", minimum=1, maximum=20,
                             says=lambda v, r: f"Ässä on irtokorttina {count(v, 'piste', 'gen')} arvoinen."
                             if r.style == "knock" else f"Käteen jääneen ässän arvo on {_points(v)}."),
    "stock_exhausted": OptionSpec("Kun nostopakka loppuu", "choice", {
        "turn_over": "poistopakka käännetään sekoittamatta uudeksi nostopakaksi",
        "turn_over_keep_top": "poistopakka käännetään uudeksi nostopakaksi, mutta viimeksi poistettu "
                              "kortti jää uuden poistopakan pohjalle",
        "block": "poistopakkaa ei käännetä uudeksi nostopakaksi: jako päättyy (blokkirommi)",
        "last_round": "jako päättyy, kun nostopakka on käyty kerran läpi ja muut kuin viimeisen kortin "
                      "nostanut ovat vielä saaneet ottaa poistopakan päällimmäisen kortin"},
        says=_per_value({
            "turn_over": "Kun nostopakka loppuu, poistopakka käännetään sekoittamatta uudeksi "
                         "nostopakaksi.",
            "turn_over_keep_top": "Kun nostopakka loppuu, poistopakka käännetään uudeksi nostopakaksi, "
                                  "mutta viimeksi poistettu kortti jää aloittamaan uuden poistopakan.",
            "block": "Kun nostopakka loppuu, poistopakkaa ei käännetä, vaan jako päättyy "
                     "(blokkirommi).",
            "last_round": "Kun nostopakka loppuu, jokainen muu kuin viimeisen kortin nostanut pelaaja saa "
                          "vielä yhden vuoron, jossa hän voi ottaa poistopakan päällimmäisen kortin, ja "
                          "sitten jako päättyy."}),
        applies=_rummy),
    "max_turnovers": OptionSpec(
        "Poistopakan kääntökerrat", "int", minimum=0, maximum=100, says=_turnovers,
        applies=lambda r: r.style == "rummy" and r.stock_exhausted in ("turn_over", "turn_over_keep_top")),
    "scoring": OptionSpec("Pisteytys", "choice", {
        "winner_takes": "voittaja saa muiden käsiin jääneiden korttien arvon",
        "own_hand_minus": "jokainen saa omista käteen jääneistä korteistaan miinuspisteitä",
        "penalty": "käteen jääneistä korteista sakkoa; avaamatta jäänyt saa kiinteän sakon"},
        says=_per_value({
            "winner_takes": "Jaon voittaja saa pisteikseen muiden pelaajien käteen jääneiden korttien "
                            "arvon.",
            "own_hand_minus": "Jokainen saa miinuspisteiksi omaan käteensä jääneiden korttien arvon.",
            "penalty": "Jokainen saa sakoksi omaan käteensä jääneiden korttien arvon; avaamatta "
                       "jäänyt saa kiinteän sakon."}),
        applies=_rummy),
    "first_dealer": OptionSpec("Ensimmäinen jakaja", "choice", {
        "agreed": "sovitaan tai arvotaan", "lowest_card": "pienimmän kortin nostanut"},
        says=_per_value({
            "agreed": "Ensimmäinen jakaja sovitaan tai arvotaan.",
            "lowest_card": "Ensimmäiseksi jakajaksi tulee se, joka nostaa pakasta pienimmän kortin."})),
    "rommi_claim": OptionSpec("Rommihuuto", "bool", {
        "true": "poistopakkaan pantu, pöydän yhdistelmään sopiva kortti on ensimmäisen huutajan",
        "false": "ei käytössä"},
        says=_per_value({
            "true": "Jos joku poistaa kortin, joka sopisi pöydän yhdistelmään, ensimmäisenä ”rommi” "
                    "huutanut saa kortin.",
            "false": "Poistettua korttia ei saa napata huutamalla ”rommi”, vaikka se sopisi pöydän "
                     "yhdistelmään."}),
        applies=_rummy),
    "rummy_doubling": OptionSpec("Rommi (koko käsi kerralla)", "bool", {
        "true": "pisteet kaksinkertaistuvat", "false": "ei lisäpisteitä"},
        says=lambda v, r: ("Jos voittaja tyhjentää koko kätensä yhdellä vuorolla eikä ole aiemmilla "
                           "vuoroilla pelannut tai lisännyt pöytään mitään, hänen pisteensä "
                           "kaksinkertaistuvat (rommi)."
                           + (" Viimeisen kortin saa silloinkin poistaa." if r.final_discard == "optional"
                              else "")) if v else
        "Koko käden tyhjentäminen yhdellä vuorolla ei tuo lisäpisteitä.",
        applies=lambda r: r.style == "rummy" and r.scoring == "winner_takes"),
    "next_dealer_two_players": OptionSpec("Seuraava jakaja kaksinpelissä", "choice", {
        "winner": "jaon voittaja", "left": "jakajaksi vuorotellen kumpikin"},
        says=lambda v, r: {          # a two-player game (gin) needs no "Kaksinpelissä"
            "winner": "Seuraavan jaon jakaa edellisen jaon voittaja.",
            "left": "Jakajaksi tulee vuorotellen kumpikin pelaaja."}[v] if r.max_players == 2 else {
            "winner": "Kaksinpelissä seuraavan jaon jakaa kuitenkin edellisen jaon voittaja.",
            "left": "Kun jako on pelattu, jakovuoro siirtyy vasemmalle, joten kaksinpelissä jakajaksi "
                    "tulee vuorotellen kumpikin pelaaja."}[v],
        applies=lambda r: r.min_players <= 2),
    "upcard_offer": OptionSpec("Ensimmäinen avokortti", "bool", {
        "true": "jakajan vastustaja ja sitten jakaja saavat ottaa sen tai passata",
        "false": "aloittaja nostaa tavalliseen tapaan"},
        says=_per_value({
            "true": "Jaon alussa käännetyn kortin (avokortin) saa ottaa ensin jakajan vastustaja ja "
                    "sitten jakaja. Jos kumpikaan ei ota sitä, jakajan vastustaja aloittaa nostamalla "
                    "nostopakasta.",
            "false": "Jaon alussa käännettyä korttia ei tarjota erikseen: jakajan vastustaja aloittaa "
                     "tavalliseen tapaan."}),
        applies=lambda r: r.style == "knock" and r.upcard),
    "knock_limit": OptionSpec(
        "Koputusraja (irtokorttipisteitä enintään)", "int", minimum=0, maximum=50,
        says=lambda v, r: "Koputtaa saa vain, kun kädessä ei ole irtokortteja." if v == 0
        else f"Koputtaa saa, kun irtokorttien arvo on enintään {_points(v)}.",
        applies=_knock),
    "gin_bonus": OptionSpec(
        "Ginin lisäpisteet", "int", minimum=0, maximum=100,
        says=lambda v, r: "Ginistä ei saa lisäpisteitä." if v == 0
        else f"Ginistä saa lisäksi {_points_got(v)}.", applies=_knock),
    "undercut_bonus": OptionSpec(
        "Alituksen lisäpisteet", "int", minimum=0, maximum=100,
        says=lambda v, r: "Alituksesta ei saa lisäpisteitä." if v == 0
        else f"Alituksesta saa lisäksi {_points_got(v)}.", applies=_knock),
    "undercut_on_tie": OptionSpec("Tasapisteet koputuksessa", "bool", {
        "true": "vastustaja alittaa (tasapeli riittää)", "false": "vain pienempi summa alittaa"},
        says=_per_value({
            "true": "Alitus on myös silloin, kun irtokorttipisteitä on yhtä paljon.",
            "false": "Tasapisteet eivät ole alitus."}),
        applies=_knock),
    "void_stock": OptionSpec(
        "Jako mitätöityy, kun nostopakassa on kortteja enintään", "int", minimum=0, maximum=10,
        says=lambda v, r: "Jos vuorossa ollut pelaaja nostaa nostopakan viimeisen kortin eikä koputa, "
        "jako mitätöityy." if v == 0
        else f"Jos nostopakkaan jää vuoron päätyttyä enää {_count(v, 'kortti')} eikä vuorossa ollut "
        "pelaaja koputtanut, jako mitätöityy.", applies=_knock),
    "game_end": OptionSpec("Peli päättyy", "choice", {
        "deals": "sovitun jakomäärän jälkeen", "target": "kun joku saavuttaa pisterajan"},
        says=_game_end),
    "game_deals": OptionSpec("Jakojen määrä", "int", minimum=1, maximum=1000, says=_deals,
                             applies=lambda r: r.game_end == "deals"),
    "target_score": OptionSpec("Pisteraja", "int", minimum=1, maximum=100000, says=_target,
                               applies=lambda r: r.game_end == "target"),
    "deadlock": OptionSpec("Jumiin jäänyt jako", "choice", {
        "play_on": "jako jatkuu silloinkin, kun kukaan ei enää voi päästä ulos",
        "score_hands": "kun nostopakka loppuu eikä kukaan voi enää päästä ulos, jako päättyy, ja "
                       "käsiin jääneet kortit lasketaan",
        "void": "kun nostopakka loppuu eikä kukaan voi enää päästä ulos, jako mitätöidään ja jaetaan "
                "uudelleen"},
        says=lambda v, r: _deadlock(v, r),
        applies=lambda r: r.style == "rummy" and r.stock_exhausted in ("turn_over", "turn_over_keep_top")),
}


def _deadlock(value: Any, rules: "RuleSet") -> str:
    """The deadlock rule (:mod:`rommikirja.deadlock`) as a table applies it when the stock runs out."""
    if value == "play_on":
        return "Jakoa ei päätetä silloinkaan, kun kukaan ei enää voi päästä ulos" + (
            "." if rules.max_turnovers == 0 else ", vaan se jatkuu, kunnes poistopakkaa ei enää saa kääntää.")
    if rules.final_discard == "required":
        most = "enintään kaksi korttia (uuteen yhdistelmään tarvitaan kolme korttia ja lisäksi poistettava kortti)"
    else:
        most = "enintään yksi kortti (uuteen yhdistelmään tarvitaan kolme korttia)"
    when = ("Kun nostopakka loppuu, katsotaan, voiko kukaan enää päästä ulos. Kukaan ei voi, jos yhtäkään "
            "käsissä, nostopakassa tai poistopakassa olevaa korttia ei voi lisätä pöydän yhdistelmiin eikä "
            "kukaan voi pelata uutta yhdistelmää: näistä korteista ei saa koottua yhtään yhdistelmää, tai "
            f"jokaisella on ennen nostoaan kädessä {most}. ")
    if value == "void":
        return when + ("Silloin jako mitätöidään: kukaan ei saa pisteitä, ja sama jakaja jakaa "
                       "uudelleen.")
    if rules.scoring == "own_hand_minus":
        then = "Silloin jako päättyy heti, ja jokainen saa miinuspisteiksi omaan käteensä jääneiden korttien arvon."
    elif rules.scoring == "penalty":
        then = ("Silloin jako päättyy heti: pienimmän käden pitäjä ei saa sakkoa, muut saavat sakoksi "
                "käteensä jääneiden korttien arvon, ja avaamatta jäänyt saa kiinteän sakon; jos pienimpiä "
                "käsiä on kaksi yhtä suurta, sakon saavat kaikki.")
    else:
        then = ("Silloin jako päättyy heti: pienimmän käden pitäjä voittaa ja saa erotuksen jokaiseen muuhun "
                "käteen; jos pienimpiä käsiä on kaksi yhtä suurta, kukaan ei saa pisteitä.")
    return when + then


def applies(option: str, rules: "RuleSet") -> bool:
    """Whether ``option`` matters in ``rules`` (a knock limit does not in perusrommi).

    >>> applies("knock_limit", RuleSet()), applies("rummy_doubling", RuleSet())
    (False, True)
    """
    return _spec(option).applies(rules)


def statement(option: str, rules: "RuleSet") -> str:
    """The Finnish rule sentence for the current value of ``option`` in ``rules``.

    Pages print these instead of typed prose, so a changed option changes the page.

    >>> statement("ace_points", RuleSet())
    'Käteen jääneen ässän arvo on yksi piste.'
    >>> statement("ace_points", RuleSet(ace_points=15))
    'Käteen jääneen ässän arvo on 15 pistettä.'
    >>> statement("rummy_doubling", RuleSet(rummy_doubling=False))
    'Koko käden tyhjentäminen yhdellä vuorolla ei tuo lisäpisteitä.'
    """
    spec = _spec(option)
    assert spec.says is not None, option
    return spec.says(getattr(rules, option), rules)


def _spec(option: str) -> OptionSpec:
    spec = OPTIONS.get(option)
    if spec is None:
        raise RuleSetError(str(option), f"tuntematon sääntö; tunnetut: {', '.join(sorted(OPTIONS))}")
    return spec


def other_values(option: str, rules: "RuleSet") -> list[Any]:
    """Values ``option`` could take instead of its current one (for tests and the editor reference).

    Choices and booleans give every other value; numbers give a limit and a neighbour.
    """
    spec = _spec(option)
    current = getattr(rules, option)
    if spec.kind == "bool":
        return [not current]
    if spec.kind == "choice":
        return [c for c in spec.choices if c != current]
    if spec.kind == "int":
        lo, hi = spec.minimum or 0, spec.maximum if spec.maximum is not None else current + 10
        cands = [lo if current != lo else hi, current + 1 if current < hi else current - 1]
        return sorted({c for c in cands if c != current and lo <= c <= hi})
    return [{n: (s - 1 if s > 1 else s + 1) for n, s in current}]


@dataclass(frozen=True)
class RuleSet:
    """The rules of one game with its house rules.

    The defaults are the engine's neutral reference rules (Bicycle basic rummy as
    first written down). They are *not* a copy of ``scenarios/rules/perusrommi.yaml``:
    the shipped presets are a club's data and may change to any legal value, so
    tools always start from a preset file and tests use their own fixed rule sets.
    """

    name: str = "perusrommi"
    style: str = "rummy"
    decks: int = 1
    jokers: int = 0
    max_jokers_per_meld: int = 1
    joker_points: int = 20
    opening_points: int = 0
    opening_pure_run: bool = False
    unopened_penalty: int = 100
    min_players: int = 2
    max_players: int = 6
    hand_size: tuple[tuple[int, int], ...] = ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6))
    upcard: bool = True
    melds_per_turn: str = "any"
    lay_off_before_meld: bool = True
    final_discard: str = "optional"
    ace: str = "low"
    ace_points: int = 1
    stock_exhausted: str = "turn_over"
    #: How many times the discard pile may be turned into a new stock (0 = no limit).
    #: When the stock runs out after the last allowed turn, the deal ends as under "block".
    max_turnovers: int = 0
    scoring: str = "winner_takes"
    first_dealer: str = "agreed"
    rommi_claim: bool = False
    rummy_doubling: bool = True
    next_dealer_two_players: str = "winner"
    upcard_offer: bool = False
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    void_stock: int = 2
    game_end: str = "deals"
    game_deals: int = 4
    target_score: int = 500
    #: What ends a deal that can provably no longer end (:mod:`rommikirja.deadlock`), checked
    #: when the stock runs out: "play_on" (nothing: ``max_turnovers`` is the only limit),
    #: "score_hands" (ended and scored as a blocked deal) or "void" (no score, dealt again).
    deadlock: str = "play_on"

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player with ``players`` at the table."""
        for n, size in self.hand_size:
            if n == players:
                return size
        raise RuleSetError("hand_size", f"pelaajamäärälle {players} ei ole jakokokoa")

    def must_open(self, opened: bool) -> bool:
        """Whether a player who has (``opened``) or has not yet opened must still make an
        opening before any other meld or lay-off (Rommi 51's ``opening_points``).

        >>> RuleSet(opening_points=51).must_open(False), RuleSet(opening_points=51).must_open(True)
        (True, False)
        >>> RuleSet().must_open(False)
        False
        """
        return self.opening_points > 0 and not opened

    def card_points(self, rank: int) -> int:
        """What a card left in hand is worth: ace per option, J/Q/K 10, others face value.

        >>> RuleSet().card_points(1), RuleSet().card_points(12), RuleSet(ace_points=15).card_points(1)
        (1, 10, 15)
        """
        if rank == 0:
            return self.joker_points
        if rank == 1:
            return self.ace_points
        return 10 if rank >= 10 else rank

    def statement(self, option: str) -> str:
        """The Finnish rule sentence of one option's current value (see :func:`statement`)."""
        return statement(option, self)

    def with_options(self, **options: Any) -> "RuleSet":
        """A copy with some options changed (validated)."""
        return RuleSet.from_mapping(options, base=self)

    def as_mapping(self) -> dict[str, Any]:
        """The options as plain data (for JSON and YAML)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = {n: s for n, s in value} if f.name == "hand_size" else value
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], base: "RuleSet | None" = None) -> "RuleSet":
        """Build a rule set from plain data, checking every option.

        Unknown options and wrong values raise :class:`RuleSetError` naming the
        option and what was expected.
        """
        base = base or cls()
        if not isinstance(data, Mapping):
            raise RuleSetError("säännöt", "odotettiin avain–arvo-luetteloa")
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key == "name":
                if not isinstance(value, str) or not value:
                    raise RuleSetError("name", "odotettiin pelin nimeä tekstinä")
                changes["name"] = value
                continue
            if key == "title":      # the page heading of a preset: data for the tools, not a rule
                if not isinstance(value, str) or not value.strip():
                    raise RuleSetError("title", "odotettiin sivun otsikkoa tekstinä")
                continue
            spec = OPTIONS.get(key)
            if spec is None:
                known = ", ".join(sorted(OPTIONS))
                raise RuleSetError(str(key), f"tuntematon sääntö; tunnetut: {known}")
            changes[key] = _check_value(key, spec, value)
        result = replace(base, **changes)
        if result.min_players > result.max_players:
            raise RuleSetError("min_players", "vähimmäismäärä on suurempi kuin enimmäismäärä")
        if result.style == "knock":
            for key, value in _KNOCK_FIXED.items():
                if getattr(result, key) != value:
                    raise RuleSetError(key, f"koputuspelissä (style: knock) arvon on oltava {value}, "
                                            f"saatiin {getattr(result, key)}: gin-rommia pelataan kahdestaan "
                                            "yhdellä pakalla ilman jokereita, ja ässä on suorassa pieni")
        for n in range(result.min_players, result.max_players + 1):
            result.hand_size_for(n)
        return result


#: What the knock engine (GinDeal and its one-deck solver) plays; a knock rule set must keep these.
_KNOCK_FIXED: dict[str, Any] = {"decks": 1, "jokers": 0, "min_players": 2, "max_players": 2, "ace": "low"}


def _check_value(key: str, spec: OptionSpec, value: Any) -> Any:
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise RuleSetError(key, f"odotettiin true tai false, saatiin ”{written(value)}”")
        return value
    if spec.kind == "choice":
        if not isinstance(value, str) or value not in spec.choices:
            allowed = ", ".join(spec.choices)
            raise RuleSetError(key, f"tuntematon arvo ”{written(value)}”; sallitut: {allowed}")
        return value
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(key, f"odotettiin kokonaislukua, saatiin ”{written(value)}”")
        if spec.minimum is not None and value < spec.minimum or \
                spec.maximum is not None and value > spec.maximum:
            raise RuleSetError(key, f"odotettiin lukua väliltä {spec.minimum}–{spec.maximum}, "
                                    f"saatiin {value}")
        return value
    if spec.kind == "hand_size":
        if not isinstance(value, Mapping) or not value:
            raise RuleSetError(key, "odotettiin pelaajamäärä: korttimäärä -pareja, esim. {2: 10, 3: 7}")
        pairs = []
        for n, size in value.items():
            if isinstance(n, str) and n.isdigit():
                n = int(n)
            if not isinstance(n, int) or not isinstance(size, int) or isinstance(size, bool) \
                    or not 2 <= n <= 6 or not 1 <= size <= 20:
                raise RuleSetError(key, f"virheellinen pari {n}: {size}; odotettiin pelaajia 2–6 "
                                        "ja kortteja 1–20")
            pairs.append((n, size))
        return tuple(sorted(pairs))
    raise AssertionError(spec.kind)  # pragma: no cover
