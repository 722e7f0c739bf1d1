"""Rule sets: every difference between games and house rules as a named option.

A :class:`RuleSet` is a frozen value. Presets are data (one YAML file per game
in ``scenarios/rules/``); the tools read them and call
:meth:`RuleSet.from_mapping`, which checks every option against
:data:`OPTIONS` and says in Finnish what was expected.

>>> rules = RuleSet()                       # the defaults are perusrommi's
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
from typing import Any, Mapping

__all__ = ["RuleSet", "RuleSetError", "OPTIONS", "OptionSpec"]


class RuleSetError(ValueError):
    """An option name or value that the engine does not know."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        self.detail = message
        super().__init__(f"{option}: {message}")


@dataclass(frozen=True)
class OptionSpec:
    """What an option may hold and what it means, in Finnish, for pages and editors."""

    label: str
    kind: str  # "choice", "bool", "int", "hand_size"
    choices: Mapping[str, str] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None


#: Every option a rule set has, with its Finnish description.
OPTIONS: dict[str, OptionSpec] = {
    "style": OptionSpec("Pelityyppi", "choice", {
        "rummy": "yhdistelmät pelataan pöytään kesken jaon; tyhjä käsi voittaa",
        "knock": "yhdistelmät pysyvät kädessä; jako päättyy koputukseen tai giniin"}),
    "decks": OptionSpec("Korttipakkoja", "int", minimum=1, maximum=2),
    "jokers": OptionSpec("Jokereita", "int", minimum=0, maximum=4),
    "max_jokers_per_meld": OptionSpec("Jokereita yhdessä yhdistelmässä enintään", "int", minimum=0,
                                      maximum=4),
    "joker_points": OptionSpec("Käteen jääneen jokerin pisteet", "int", minimum=0, maximum=100),
    "opening_points": OptionSpec("Avauksen vähimmäispisteet (0 = ei avausehtoa)", "int", minimum=0,
                                 maximum=200),
    "opening_pure_run": OptionSpec("Avauksessa puhdas suora", "bool", {
        "true": "avaukseen on kuuluttava vähintään yksi suora ilman jokeria", "false": "ei vaadita"}),
    "unopened_penalty": OptionSpec("Avaamatta jääneen sakko", "int", minimum=0, maximum=1000),
    "min_players": OptionSpec("Pelaajia vähintään", "int", minimum=2, maximum=6),
    "max_players": OptionSpec("Pelaajia enintään", "int", minimum=2, maximum=6),
    "hand_size": OptionSpec("Jaettavat kortit pelaajamäärän mukaan", "hand_size"),
    "upcard": OptionSpec("Aloituskortti", "bool", {
        "true": "nostopakan päällimmäinen käännetään poistopakan ensimmäiseksi kortiksi",
        "false": "poistopakka on aluksi tyhjä"}),
    "melds_per_turn": OptionSpec("Uusia yhdistelmiä vuorossa", "choice", {
        "any": "niin monta kuin haluaa", "one": "enintään yksi"}),
    "lay_off_before_meld": OptionSpec("Lisääminen ennen omaa yhdistelmää", "bool", {
        "true": "sallittu", "false": "vasta kun on itse pelannut yhdistelmän pöytään"}),
    "final_discard": OptionSpec("Loppupoisto", "choice", {
        "optional": "ulos saa mennä ilman poistoa",
        "required": "viimeinen kortti on aina poistettava"}),
    "ace": OptionSpec("Ässä suorassa", "choice", {
        "low": "vain pieni (A-2-3)",
        "high_or_low": "pieni tai suuri (A-2-3 tai Q-K-A), ei kulman ympäri",
        "round_the_corner": "suora saa kiertää kulman ympäri, kuten K-A-2"}),
    "ace_points": OptionSpec("Ässän pisteet", "int", minimum=1, maximum=20),
    "stock_exhausted": OptionSpec("Kun nostopakka loppuu", "choice", {
        "turn_over": "poistopakka käännetään sekoittamatta uudeksi nostopakaksi",
        "turn_over_keep_top": "poistopakka käännetään uudeksi nostopakaksi, mutta viimeksi poistettu "
                              "kortti jää uuden poistopakan pohjalle",
        "block": "poistopakkaa ei käytetä uudelleen: jako päättyy (blokkirommi)",
        "last_round": "jako päättyy, kun nostopakka on käyty kerran läpi ja jokainen on vielä saanut "
                      "ottaa poistopakan päällimmäisen kortin"}),
    "max_turnovers": OptionSpec("Poistopakan kääntökerrat", "int", minimum=0, maximum=100),
    "scoring": OptionSpec("Pisteytys", "choice", {
        "winner_takes": "voittaja saa muiden käsiin jääneiden korttien arvon",
        "own_hand_minus": "jokainen saa omista käteen jääneistä korteistaan miinuspisteitä",
        "penalty": "käteen jääneistä korteista sakkoa; avaamatta jäänyt saa kiinteän sakon"}),
    "first_dealer": OptionSpec("Ensimmäinen jakaja", "choice", {
        "agreed": "sovitaan tai arvotaan", "lowest_card": "pienimmän kortin nostanut"}),
    "rommi_claim": OptionSpec("Rommihuuto", "bool", {
        "true": "poistopakkaan pantu, pöydän yhdistelmään sopiva kortti on ensimmäisen huutajan",
        "false": "ei käytössä"}),
    "rummy_doubling": OptionSpec("Rommi (koko käsi kerralla)", "bool", {
        "true": "pisteet kaksinkertaistuvat", "false": "ei lisäpisteitä"}),
    "next_dealer_two_players": OptionSpec("Seuraava jakaja kaksinpelissä", "choice", {
        "winner": "jaon voittaja", "left": "vuoro siirtyy vasemmalle"}),
    "upcard_offer": OptionSpec("Ensimmäinen avokortti", "bool", {
        "true": "jakajan vastustaja ja sitten jakaja saavat ottaa sen tai passata",
        "false": "aloittaja nostaa tavalliseen tapaan"}),
    "knock_limit": OptionSpec("Koputusraja (irtokorttipisteitä enintään)", "int", minimum=0, maximum=50),
    "gin_bonus": OptionSpec("Ginin lisäpisteet", "int", minimum=0, maximum=100),
    "undercut_bonus": OptionSpec("Alituksen lisäpisteet", "int", minimum=0, maximum=100),
    "undercut_on_tie": OptionSpec("Tasapisteet koputuksessa", "bool", {
        "true": "vastustaja alittaa (tasapeli riittää)", "false": "vain pienempi summa alittaa"}),
    "void_stock": OptionSpec("Jako mitätöityy, kun nostopakassa on kortteja enintään", "int",
                             minimum=0, maximum=10),
    "game_end": OptionSpec("Peli päättyy", "choice", {
        "deals": "sovitun jakomäärän jälkeen", "target": "kun joku saavuttaa tavoitepisteet"}),
    "game_deals": OptionSpec("Jakojen määrä", "int", minimum=1, maximum=1000),
    "target_score": OptionSpec("Tavoitepisteet", "int", minimum=1, maximum=100000),
}


@dataclass(frozen=True)
class RuleSet:
    """The rules of one game with its house rules.

    The defaults are those of perusrommi (Bicycle basic rummy).
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

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player with ``players`` at the table."""
        for n, size in self.hand_size:
            if n == players:
                return size
        raise RuleSetError("hand_size", f"pelaajamäärälle {players} ei ole jakokokoa")

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
            spec = OPTIONS.get(key)
            if spec is None:
                known = ", ".join(sorted(OPTIONS))
                raise RuleSetError(str(key), f"tuntematon sääntö; tunnetut: {known}")
            changes[key] = _check_value(key, spec, value)
        result = replace(base, **changes)
        if result.min_players > result.max_players:
            raise RuleSetError("min_players", "vähimmäismäärä on suurempi kuin enimmäismäärä")
        for n in range(result.min_players, result.max_players + 1):
            result.hand_size_for(n)
        return result


def _check_value(key: str, spec: OptionSpec, value: Any) -> Any:
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise RuleSetError(key, f"odotettiin true tai false, saatiin ”{value}”")
        return value
    if spec.kind == "choice":
        if not isinstance(value, str) or value not in spec.choices:
            allowed = ", ".join(spec.choices)
            raise RuleSetError(key, f"tuntematon arvo ”{value}”; sallitut: {allowed}")
        return value
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError(key, f"odotettiin kokonaislukua, saatiin ”{value}”")
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
