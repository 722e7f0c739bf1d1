"""Claims: typed prose that states one value of a rule option (:data:`CLAIMS`, short phrase
patterns kept beside the options). :mod:`tools.statements` flips an option, re-renders the pages
and checks that no claim of the old value remains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from rommikirja import RuleSet

__all__ = ["CLAIMS", "NO_CLAIMS", "Claim", "claims"]


@dataclass(frozen=True)
class Claim:
    """A sentence that states one value of an option: it matches ``says``, and ``about`` (the
    option's subject) if given, and not ``unless`` (a negation or a contrast). Case-insensitive."""

    says: str
    about: str = ""
    unless: str = ""

    def matches(self, sentence: str) -> bool:
        return (
            bool(re.search(self.says, sentence, re.I))
            and (not self.about or bool(re.search(self.about, sentence, re.I)))
            and not (self.unless and re.search(self.unless, sentence, re.I))
        )


_NEG = r"\bei\b|\beikä\b|\bmuttei\b|\bilman\b"
_DEALT = r"kortte|kortti|jaetaan"  # "7 (3–4 pelaajaa)" is a hand size, not the players' range


def _counted(n: int, *nouns: str) -> str:
    """A regex of *n* counted with any of ``nouns`` in every case, in digits and in words
    (*15 pistettä*, *viidentoista pisteen*, *yksi piste*), from :mod:`rommikirja.finnish`."""
    from rommikirja.finnish import SINGULAR_CASES, count

    phrases = {count(n, w, c, digits=d) for w in nouns for c in SINGULAR_CASES for d in (True, False)}
    return r"(?<![\w−-])(?:" + "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True)) + r")(?!\w)"


def _number(n: int) -> str:
    """A regex of *n* alone, in digits or spelt out in any case (*neljä*, *neljällä*)."""
    from rommikirja.finnish import SINGULAR_CASES, numeral

    words = {numeral(n, c) for c in SINGULAR_CASES} | {str(n)}
    return r"(?<![\w−-])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?!\w)"


def _points(about: str, *nouns: str) -> Callable[[Any, RuleSet], list[Claim]]:
    nouns = nouns or ("piste",)
    return lambda v, r: [Claim(_counted(v, *nouns), about)]


def _values(table: dict[Any, list[Claim]]) -> Callable[[Any, RuleSet], list[Claim]]:
    return lambda v, r: table.get(v, [])


def _zero_or(zero: list[Claim], other: Callable[[Any, RuleSet], list[Claim]]) -> Callable[[Any, RuleSet], list[Claim]]:
    return lambda v, r: zero if v == 0 else other(v, r)


#: Option → the claims a page stating a value makes: short phrase patterns that only a page
#: stating that value would contain. When an option is flipped, no claim of its old value may
#: remain in the page's visible text (outside example boxes and ``muunnelma`` passages).
#: A test checks each value's claims recognise its own rule sentence and no other value's.
CLAIMS: dict[str, Callable[[Any, RuleSet], list[Claim]]] = {
    "style": _values(
        {"rummy": [Claim(r"yhdistelmät pelataan pöytään")], "knock": [Claim(r"yhdistelmät pysyvät kädessä")]}
    ),
    "decks": _values(
        {
            1: [Claim(r"yhdellä (tavallisella )?(52 kortin )?pakalla|\byksi (tavallinen )?(52 kortin )?pakka\b")],
            2: [Claim(r"kahdella (tavallisella )?(52 kortin )?pakalla|\bkaksi (tavallista )?pakkaa\b|104 korti")],
        }
    ),
    "jokers": _zero_or(
        [Claim(r"jokereita ei käytetä|ilman jokereita")],
        lambda v, r: [Claim(_counted(v, "jokeri"), r"pakka|lisätään|mukana|käytetään")],
    ),
    "max_jokers_per_meld": _zero_or(
        [Claim(r"jokeria ei saa käyttää yhdistelm")],
        lambda v, r: [
            Claim(
                _counted(v, "jokeri"),
                r"yhdistelmä(ssä|än)\b.*(enintään|korkeintaan)|"
                r"(enintään|korkeintaan).*yhdistelmä(ssä|än)\b",
            )
        ],
    ),
    "joker_points": _points(r"jokeri"),
    "opening_points": _zero_or(
        [Claim(r"avausehtoa ei ole|ensimmäisille yhdistelmille ole pistevaatimusta")],
        _points(r"avau|avaa|avata|avanne"),
    ),
    "opening_pure_run": _values(
        {
            True: [Claim(r"(jokeriton|puhdas) suora|suora, jossa ei ole jokeria", r"avau|avaa", r"ei tarvita")],
            False: [Claim(r"ei tarvita (jokeritonta|puhdasta) suoraa")],
        }
    ),
    "unopened_penalty": _points(r"avaa|avann|avaamat", "piste", "sakkopiste", "miinuspiste"),
    "min_players": lambda v, r: [
        Claim(
            rf"(vähintään|ainakin) {_number(v)}|(?<![\d–-]){v}\s*[–-]\s*\d+(?!\d)|"
            rf"pelaajia on {_number(v)}(?!\s*[–-])|voi olla {_number(v)} \w+",
            r"pelaaj",
            _DEALT,
        )
    ],
    "max_players": lambda v, r: [
        Claim(
            rf"(enintään|korkeintaan) {_number(v)}|\d+\s*[–-]\s*{v}(?![\d–-])|"
            rf"pelaajia on {_number(v)}(?!\s*[–-])|voi olla \w+ {_number(v)}",
            r"pelaaj",
            _DEALT,
        )
    ],
    "upcard": _values(
        {
            True: [Claim(r"käännetään kuvapuoli ylöspäin|käännetään poistopakan ensimmäiseksi")],
            False: [Claim(r"poistopakka on (jaon jälkeen |aluksi )?tyhjä")],
        }
    ),
    "melds_per_turn": _values(
        {
            "any": [Claim(r"(useita|monta) (uusia |uutta )?yhdistelmi?ä", r"vuoro", r"enintään yhden")],
            "one": [Claim(r"(enintään|vain|korkeintaan) yhden (uuden )?yhdistelmän")],
        }
    ),
    "lay_off_before_meld": _values(
        {
            True: [Claim(r"jo ennen kuin (on )?(itse )?pelannut", r"lisä")],
            False: [Claim(r"vasta (sitten, )?kun (on )?(itse )?pelannut", r"lisä")],
        }
    ),
    "final_discard": _values(
        {
            "optional": [
                Claim(r"ulos saa mennä (myös )?ilman (lopput?)?poistoa|viimeistä korttia ei ole pakko poistaa")
            ],
            "required": [Claim(r"ulos mennään aina poistamalla|viimeinen kortti on aina poistettava")],
        }
    ),
    "ace": _values(
        {
            "low": [Claim(r"ässä on (suorassa )?aina pieni|ässä käy vain kakkosen alapuolelle|ässä on aina alin")],
            "high_or_low": [
                Claim(
                    r"ässä käy suoran kumpaan tahansa päähän|ässä (käy|voi olla) .{0,60}"
                    r"kuninkaan yläpuolelle"
                )
            ],
            "round_the_corner": [Claim(r"suora saa kiertää kulman ympäri|kiertää kulman ympäri", "", _NEG)],
        }
    ),
    "ace_points": _points(r"ässä|ässän|ässien"),
    "stock_exhausted": _values(
        {
            "turn_over": [Claim(r"käännetään sekoittamatta uudeksi nostopakaksi", "", r"viimeksi poistettu|" + _NEG)],
            "turn_over_keep_top": [Claim(r"viimeksi poistettu kortti jää")],
            "block": [Claim(r"poistopakkaa ei (käännetä|käytetä uudelleen)")],
            "last_round": [Claim(r"(jokainen|kukin)( muu)? .{0,50}saa vielä (kerran |yhden vuoron)")],
        }
    ),
    "max_turnovers": _zero_or(
        [Claim(r"kuinka monta kertaa tahansa", r"kään")],
        lambda v, r: [Claim(r"enintään kerran|vain kerran" if v == 1 else rf"enintään {_number(v)} kertaa", r"kään")],
    ),
    "scoring": _values(
        {
            "winner_takes": [Claim(r"voittaja saa (pisteikseen )?muiden")],
            "own_hand_minus": [Claim(r"saa miinuspisteiksi omaan")],
            "penalty": [Claim(r"saa sakoksi omaan|kiinteän sakon")],
        }
    ),
    "first_dealer": _values(
        {
            "agreed": [Claim(r"jakaja sovitaan|sovitaan tai arvotaan")],
            "lowest_card": [Claim(r"pienimmän kortin", r"jaka")],
        }
    ),
    "rommi_claim": _values(
        {
            True: [Claim(r"”?rommi”? huutanut saa|huutaa ”?rommi", "", _NEG)],
            False: [Claim(r"rommihuutoa ei käytetä|ei saa napata huutamalla")],
        }
    ),
    "rummy_doubling": _values(
        {
            True: [
                Claim(
                    r"kaksinkertai|tupla",
                    r"rommi|koko kätensä|koko käden",
                    r"\b(ei|eikä|eivät|muttei) (\w+ )?(kaksinkertai|tupla)",
                )
            ],
            False: [Claim(r"ei tuo lisäpisteitä|ei kaksinkertaista|ei tuplaa", r"rommi|koko kätensä|koko käden")],
        }
    ),
    "next_dealer_two_players": _values(
        {
            "winner": [Claim(r"jakaa (kuitenkin )?edellisen jaon voittaja|edellisen jaon voittaja jakaa")],
            "left": [
                Claim(
                    r"kaksinpelissä[^.]{0,40}(vuorotellen|vasemmalle)|(vuorotellen|vasemmalle)[^.]{0,40}"
                    r"kaksinpeli|jakajaksi tulee vuorotellen",
                    "",
                    r"mutta kaksinpeli",
                )
            ],
        }
    ),
    "upcard_offer": _values(
        {
            True: [Claim(r"avokortin\)? saa ottaa ensin")],
            False: [Claim(r"avokorttia ei tarjota|käännettyä korttia ei tarjota")],
        }
    ),
    "knock_limit": _zero_or(
        [Claim(r"kun kädessä ei ole irtokortteja", r"koput")],
        lambda v, r: [Claim(_counted(v, "piste") + rf"|enintään {_number(v)}", r"koput")],
    ),
    "gin_bonus": _zero_or([Claim(r"ginistä ei saa lisäpisteitä")], _points(r"\bgin")),
    "undercut_bonus": _zero_or([Claim(r"alituksesta ei saa lisäpisteitä")], _points(r"alitu|alitta")),
    "undercut_on_tie": _values(
        {
            True: [
                Claim(
                    r"yhtä suuri.{0,60}alittaa|tasapisteillä.{0,40}alitta|tasapeli riittää|"
                    r"alitus on myös silloin, kun"
                )
            ],
            False: [Claim(r"alittaa vain, jos|vain pienempi|tasapisteet eivät ole alitus")],
        }
    ),
    "void_stock": _zero_or(
        [Claim(r"nostopakka loppuu.{0,60}mitätöityy|nostopakan viimeisen kortin eikä koputa")],
        lambda v, r: [Claim(_counted(v, "kortti"), r"mitätöi")],
    ),
    "game_end": _values(
        {
            "deals": [Claim(r"sovitun jakomäärän jälkeen|peli päättyy \S+ jaon jälkeen")],
            "target": [Claim(r"saavuttaa (tavoitepisteet|pisterajan)|pisteraja on|peli päättyy, kun")],
        }
    ),
    "deadlock": _values(
        {
            "play_on": [Claim(r"jakoa ei päätetä silloinkaan, kun kukaan ei enää voi päästä ulos")],
            "score_hands": [Claim(r"jumiin jäänyt jako päättyy heti")],
            "void": [Claim(r"jumiin jäänyt jako mitätöidään")],
        }
    ),
    "game_deals": lambda v, r: [Claim(_counted(v, "jako"), r"peli|kuuluu|pelataan")],
    "target_score": lambda v, r: [
        Claim(
            _counted(v, "piste", "miinuspiste", "sakkopiste") + rf"|\b{v}\b",
            r"tavoite|peli päättyy|saavuttaa|kertyy|kertynyt",
        )
    ],
}

#: Options without claims, and why (every option is in CLAIMS or here; a test checks).
NO_CLAIMS: dict[str, str] = {
    "hand_size": "jakomäärät ovat luvutaulukko pelaajamäärän mukaan; samat luvut toistuvat muualla",
}


def claims(option: str, value: Any, rules: RuleSet) -> list[Claim]:
    """The claims a page stating ``option = value`` makes (empty for :data:`NO_CLAIMS`)."""
    make = CLAIMS.get(option)
    return make(value, rules) if make else []
