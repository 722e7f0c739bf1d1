"""Counted nouns: the nouns the pages count, and a number agreeing with its noun.

Nominative and partitive: the noun in the partitive after any number but one; every other
case: numeral and noun in the same case (*seitsemällä kortilla*, *viidentoista pisteen*).
"""

from __future__ import annotations

from .card_words import JOKER_WORDS, RANK_WORDS
from .cases import singular_forms, singular_index
from .numerals import digits_text, numeral

__all__ = ["NOUN_FORMS", "noun", "count", "count_object"]


#: Nouns the pages count: singular forms in the order of :data:`SINGULAR_CASES`, then the
#: plural nominative and partitive.
NOUN_FORMS: dict[str, tuple[str, ...]] = {
    "piste": singular_forms(
        "piste pisteen pistettä pisteeseen pisteessä pisteestä pisteelle pisteellä", "pisteeltä pisteenä pisteeksi"
    ),
    "miinuspiste": singular_forms(
        "miinuspiste miinuspisteen miinuspistettä miinuspisteeseen miinuspisteessä",
        "miinuspisteestä miinuspisteelle miinuspisteellä miinuspisteeltä",
        "miinuspisteenä miinuspisteeksi",
    ),
    "sakkopiste": singular_forms(
        "sakkopiste sakkopisteen sakkopistettä sakkopisteeseen sakkopisteessä",
        "sakkopisteestä sakkopisteelle sakkopisteellä sakkopisteeltä sakkopisteenä",
        "sakkopisteeksi",
    ),
    "kortti": singular_forms(
        "kortti kortin korttia korttiin kortissa kortista kortille kortilla kortilta", "korttina kortiksi"
    ),
    "pelaaja": singular_forms(
        "pelaaja pelaajan pelaajaa pelaajaan pelaajassa pelaajasta pelaajalle",
        "pelaajalla pelaajalta pelaajana pelaajaksi",
    ),
    "jako": singular_forms("jako jaon jakoa jakoon jaossa jaosta jaolle jaolla jaolta jakona jaoksi"),
    "kierros": singular_forms(
        "kierros kierroksen kierrosta kierrokseen kierroksessa kierroksesta",
        "kierrokselle kierroksella kierrokselta kierroksena kierrokseksi",
    ),
    "vuoro": singular_forms(
        "vuoro vuoron vuoroa vuoroon vuorossa vuorosta vuorolle vuorolla vuorolta", "vuorona vuoroksi"
    ),
    "peli": singular_forms("peli pelin peliä peliin pelissä pelistä pelille pelillä peliltä pelinä peliksi"),
    "pakka": singular_forms("pakka pakan pakkaa pakkaan pakassa pakasta pakalle pakalla pakalta pakkana", "pakaksi"),
    "yhdistelmä": singular_forms(
        "yhdistelmä yhdistelmän yhdistelmää yhdistelmään yhdistelmässä",
        "yhdistelmästä yhdistelmälle yhdistelmällä yhdistelmältä yhdistelmänä",
        "yhdistelmäksi",
    ),
    "suora": singular_forms(
        "suora suoran suoraa suoraan suorassa suorasta suoralle suoralla suoralta", "suorana suoraksi"
    ),
    "ryhmä": singular_forms(
        "ryhmä ryhmän ryhmää ryhmään ryhmässä ryhmästä ryhmälle ryhmällä ryhmältä", "ryhmänä ryhmäksi"
    ),
    "jokeri": singular_forms(*JOKER_WORDS[:11]),
    "ässä": singular_forms(*RANK_WORDS[1][:11]),
    "kerta": singular_forms(
        "kerta kerran kertaa kertaan kerrassa kerrasta kerralle kerralla kerralta", "kertana kerraksi"
    ),
    "nosto": singular_forms(
        "nosto noston nostoa nostoon nostossa nostosta nostolle nostolla nostolta", "nostona nostoksi"
    ),
    "siirto": singular_forms(
        "siirto siirron siirtoa siirtoon siirrossa siirrosta siirrolle siirrolla", "siirrolta siirtona siirroksi"
    ),
    "vaihe": singular_forms(
        "vaihe vaiheen vaihetta vaiheeseen vaiheessa vaiheesta vaiheelle vaiheella", "vaiheelta vaiheena vaiheeksi"
    ),
    "avaus": singular_forms(
        "avaus avauksen avausta avaukseen avauksessa avauksesta avaukselle avauksella",
        "avaukselta avauksena avaukseksi",
    ),
    "irtokortti": singular_forms(
        "irtokortti irtokortin irtokorttia irtokorttiin irtokortissa irtokortista",
        "irtokortille irtokortilla irtokortilta irtokorttina irtokortiksi",
    ),
    "käsi": singular_forms("käsi käden kättä käteen kädessä kädestä kädelle kädellä kädeltä kätenä", "kädeksi"),
    "voitto": singular_forms(
        "voitto voiton voittoa voittoon voitossa voitosta voitolle voitolla voitolta", "voittona voitoksi"
    ),
    # the files an editor checks (tools.verify's summary)
    "skenaario": singular_forms(
        "skenaario skenaarion skenaariota skenaarioon skenaariossa skenaariosta",
        "skenaariolle skenaariolla skenaariolta skenaariona skenaarioksi",
    ),
    "tiedosto": singular_forms(
        "tiedosto tiedoston tiedostoa tiedostoon tiedostossa tiedostosta",
        "tiedostolle tiedostolla tiedostolta tiedostona tiedostoksi",
    ),
    "sääntötiedosto": singular_forms(
        "sääntötiedosto sääntötiedoston sääntötiedostoa sääntötiedostoon sääntötiedostossa",
        "sääntötiedostosta sääntötiedostolle sääntötiedostolla sääntötiedostolta sääntötiedostona sääntötiedostoksi",
    ),
    "muistiinpanotiedosto": singular_forms(
        "muistiinpanotiedosto muistiinpanotiedoston muistiinpanotiedostoa muistiinpanotiedostoon",
        "muistiinpanotiedostossa muistiinpanotiedostosta muistiinpanotiedostolle muistiinpanotiedostolla",
        "muistiinpanotiedostolta muistiinpanotiedostona muistiinpanotiedostoksi",
    ),
}


def noun(word: str, case: str = "nom") -> str:
    """A counted noun of :data:`NOUN_FORMS` in a singular case.

    >>> noun("kortti", "ade"), noun("jako", "ela"), noun("kierros", "gen")
    ('kortilla', 'jaosta', 'kierroksen')
    """
    try:
        forms = NOUN_FORMS[word]
    except KeyError:
        raise ValueError(f"no case forms for the noun {word!r}; known nouns: {', '.join(sorted(NOUN_FORMS))}") from None
    return forms[singular_index(case)]


def count(n: int, word: str, case: str = "nom", digits: bool | None = None) -> str:
    """*n* and the noun *word* in agreement: a counted noun phrase in a singular case.

    Nominative: *yksi piste*, otherwise the noun in the partitive (*15 pistettä*);
    partitive: both in the partitive (*yhtä pistettä*, *kolmea pistettä*); every
    other case: both in that case (*seitsemällä kortilla*, *viidentoista pisteen*).
    ``digits`` chooses digits (True) or words (False); by default 0–10 are words
    and larger numbers digits. Digits before the noun take no ending.

    >>> count(1, "piste"), count(15, "piste"), count(0, "piste"), count(-46, "piste")
    ('yksi piste', '15 pistettä', 'nolla pistettä', '−46 pistettä')
    >>> count(7, "kortti", "ade"), count(8, "kortti", "ill"), count(3, "jako", "ela")
    ('seitsemällä kortilla', 'kahdeksaan korttiin', 'kolmesta jaosta')
    >>> count(4, "kortti", "gen"), count(15, "piste", "gen", digits=False), count(51, "piste", "gen")
    ('neljän kortin', 'viidentoista pisteen', '51 pisteen')
    >>> count(3, "piste", "part"), count(2, "pelaaja", "all", digits=True)
    ('kolmea pistettä', '2 pelaajalle')
    """
    i = singular_index(case)
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"count() takes a whole number, not {n!r}")
    words = (0 <= n <= 10) if digits is None else not digits
    number = numeral(n, case) if words else digits_text(n, case, alone=False)
    noun_case = case
    if i == 0:
        noun_case = "nom" if n == 1 else "part"
    return f"{number} {noun(word, noun_case)}"


def count_object(n: int, word: str, digits: bool | None = None) -> str:
    """A counted total object of an active verb (the accusative): *one* takes the genitive, other
    numerals the nominative with the noun in the partitive ("Eero sai yhden pisteen", "… 25 pistettä").

    >>> count_object(1, "piste", digits=True), count_object(25, "piste"), count_object(2, "kortti")
    ('1 pisteen', '25 pistettä', 'kaksi korttia')
    """
    return count(n, word, "gen" if n == 1 else "nom", digits=digits)
