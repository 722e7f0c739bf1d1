"""Finnish numerals: cardinals in every singular case, digits with case endings, ordinals.

Every part of a compound numeral inflects, and the parts are written together
(*viidenkymmenenyhden*); a digit numeral standing alone takes its ending after a colon (*51:n*).
"""

from __future__ import annotations

from .cases import SINGULAR_CASES, singular_forms, singular_index

__all__ = ["numeral", "digits_text", "number_word", "ordinal", "all_numeral_forms"]


#: Numerals 0–10, 100 and 1000: singular case forms (order of :data:`SINGULAR_CASES`).
_NUMERALS: dict[int, tuple[str, ...]] = {
    0: singular_forms("nolla nollan nollaa nollaan nollassa nollasta nollalle nollalla nollalta nollana nollaksi"),
    1: singular_forms("yksi yhden yhtä yhteen yhdessä yhdestä yhdelle yhdellä yhdeltä yhtenä yhdeksi"),
    2: singular_forms("kaksi kahden kahta kahteen kahdessa kahdesta kahdelle kahdella kahdelta kahtena kahdeksi"),
    3: singular_forms("kolme kolmen kolmea kolmeen kolmessa kolmesta kolmelle kolmella kolmelta kolmena kolmeksi"),
    4: singular_forms("neljä neljän neljää neljään neljässä neljästä neljälle neljällä neljältä neljänä neljäksi"),
    5: singular_forms("viisi viiden viittä viiteen viidessä viidestä viidelle viidellä viideltä viitenä viideksi"),
    6: singular_forms("kuusi kuuden kuutta kuuteen kuudessa kuudesta kuudelle kuudella kuudelta kuutena kuudeksi"),
    7: singular_forms(
        "seitsemän seitsemän seitsemää seitsemään seitsemässä seitsemästä seitsemälle seitsemällä",
        "seitsemältä seitsemänä seitsemäksi",
    ),
    8: singular_forms(
        "kahdeksan kahdeksan kahdeksaa kahdeksaan kahdeksassa kahdeksasta kahdeksalle kahdeksalla",
        "kahdeksalta kahdeksana kahdeksaksi",
    ),
    9: singular_forms(
        "yhdeksän yhdeksän yhdeksää yhdeksään yhdeksässä yhdeksästä yhdeksälle yhdeksällä",
        "yhdeksältä yhdeksänä yhdeksäksi",
    ),
    10: singular_forms(
        "kymmenen kymmenen kymmentä kymmeneen kymmenessä kymmenestä kymmenelle kymmenellä",
        "kymmeneltä kymmenenä kymmeneksi",
    ),
    100: singular_forms("sata sadan sataa sataan sadassa sadasta sadalle sadalla sadalta satana sadaksi"),
    1000: singular_forms(
        "tuhat tuhannen tuhatta tuhanteen tuhannessa tuhannesta tuhannelle tuhannella",
        "tuhannelta tuhantena tuhanneksi",
    ),
}


def _numeral_parts(n: int, i: int) -> str:
    """*n* (0 < n < 1 000 000) spelt out in the case with index *i*."""
    nom = i == 0
    if n <= 10:
        return _NUMERALS[n][i]
    if n < 20:
        return _NUMERALS[n - 10][i] + "toista"
    for unit, base in ((1000, 1000), (100, 100), (10, 10)):
        if n >= unit * (2 if unit == 10 else 1):
            mult, rest = divmod(n, unit)
            if unit == 10:
                # 20–99: the multiplier and "kymmenen" share the case; nominative takes "kymmentä"
                head = _NUMERALS[mult][i] + (_NUMERALS[10][2] if nom else _NUMERALS[10][i])
            elif mult == 1:
                head = _NUMERALS[base][i]
            else:
                head = _numeral_parts(mult, i) + (_NUMERALS[base][2] if nom else _NUMERALS[base][i])
            return head + (_numeral_parts(rest, i) if rest else "")
    raise AssertionError(n)  # pragma: no cover


def numeral(n: int, case: str = "nom") -> str:
    """A whole number spelt out in a singular case (``case`` as in :data:`SINGULAR_CASES`).

    Every part of a compound numeral inflects, and the parts are written together.

    >>> numeral(3), numeral(3, "ela"), numeral(7, "ade"), numeral(8, "ill")
    ('kolme', 'kolmesta', 'seitsemällä', 'kahdeksaan')
    >>> numeral(15), numeral(15, "gen"), numeral(20), numeral(20, "part")
    ('viisitoista', 'viidentoista', 'kaksikymmentä', 'kahtakymmentä')
    >>> numeral(51), numeral(51, "gen"), numeral(100, "ess"), numeral(500), numeral(500, "ill")
    ('viisikymmentäyksi', 'viidenkymmenenyhden', 'satana', 'viisisataa', 'viiteensataan')
    >>> numeral(-5)
    'miinus viisi'
    """
    i = singular_index(case)
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"numeral() takes a whole number, not {n!r}")
    if n < 0:
        return "miinus " + numeral(-n, case)
    if n >= 1_000_000:
        raise ValueError(f"numeral() spells numbers below a million, not {n}")
    return _NUMERALS[0][i] if n == 0 else _numeral_parts(n, i)


def digits_text(n: int, case: str = "nom", alone: bool = True) -> str:
    """*n* in digits (with a real minus sign); standing *alone* it carries the case ending.

    Before the noun it counts, a digit numeral takes no ending (*15 pisteellä*):
    pass ``alone=False``.

    >>> digits_text(51, "gen"), digits_text(7, "part"), digits_text(3, "part"), digits_text(20, "ill")
    ('51:n', '7:ää', '3:a', '20:een')
    >>> digits_text(15, "ade"), digits_text(15, "ade", alone=False), digits_text(-46)
    ('15:llä', '15', '−46')
    >>> digits_text(112, "ela"), digits_text(100, "part"), digits_text(6, "part")
    ('112:sta', '100:aa', '6:ta')
    """
    i = singular_index(case)
    text = str(n).replace("-", "−")
    if i == 0 or not alone:
        return text
    teen = abs(n) % 100
    word = numeral(teen - 10 if 11 <= teen <= 19 else abs(n), case)  # 15:llä as in viidellätoista
    key = SINGULAR_CASES[i]
    if key == "gen":
        ending = "n"
    elif key == "part":
        ending = word[-2:] if word[-2:] in ("ta", "tä") or word[-1] == word[-2] else word[-1:]
    elif key == "ess":
        ending = word[-2:]
    else:  # ill (-een, -aan, -ään), ine, ela, all, ade, abl, tra: three letters
        ending = word[-3:]
    return f"{text}:{ending}"


def number_word(n: int, case: str = "nom") -> str:
    """Small numbers (0–10) as words in the given case, larger ones as digits.

    >>> number_word(3), number_word(12), number_word(7, "ade"), number_word(12, "ade")
    ('kolme', '12', 'seitsemällä', '12:lla')
    """
    if 0 <= n <= 10:
        return numeral(n, case)
    return digits_text(n, case)


def _ordinal_s(stem: str, a: str) -> tuple[str, ...]:
    """An ordinal in -s (*kolmas*, stem *kolma*): kolmannen, kolmatta, kolmanteen, …"""
    e = "e"
    return (
        stem + "s",
        stem + "nnen",
        stem + "tt" + a,
        stem + "nte" + e + "n",
        stem + "nness" + a,
        stem + "nnest" + a,
        stem + "nnelle",
        stem + "nnell" + a,
        stem + "nnelt" + a,
        stem + "nten" + a,
        stem + "nneksi",
    )


#: Ordinals 1–10 in the singular cases (order of :data:`SINGULAR_CASES`).
_ORDINALS: dict[int, tuple[str, ...]] = {
    1: singular_forms(
        "ensimmäinen ensimmäisen ensimmäistä ensimmäiseen ensimmäisessä ensimmäisestä",
        "ensimmäiselle ensimmäisellä ensimmäiseltä ensimmäisenä ensimmäiseksi",
    ),
    2: singular_forms("toinen toisen toista toiseen toisessa toisesta toiselle toisella toiselta toisena toiseksi"),
    3: _ordinal_s("kolma", "a"),
    4: _ordinal_s("neljä", "ä"),
    5: _ordinal_s("viide", "ä"),
    6: _ordinal_s("kuude", "a"),
    7: _ordinal_s("seitsemä", "ä"),
    8: _ordinal_s("kahdeksa", "a"),
    9: _ordinal_s("yhdeksä", "ä"),
    10: _ordinal_s("kymmene", "ä"),
}


def ordinal(n: int, case: str = "nom") -> str:
    """*n*-th as a word (1–10) in a singular case; larger ones as digits with a full stop.

    >>> ordinal(1), ordinal(2, "ade"), ordinal(3, "gen"), ordinal(4, "ade"), ordinal(12)
    ('ensimmäinen', 'toisella', 'kolmannen', 'neljännellä', '12.')
    """
    i = singular_index(case)
    if n in _ORDINALS:
        return _ORDINALS[n][i]
    return f"{n}."


def all_numeral_forms(limit: int = 100) -> set[str]:
    """Every case form of the numerals 0…*limit* (the spelling test checks them)."""
    return {numeral(n, c) for n in range(limit + 1) for c in SINGULAR_CASES}
