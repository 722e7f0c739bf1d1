"""Characters a reader cannot see or tell apart, named in Finnish for error messages.

Card codes are ASCII (plus the four suit symbols and the joker's); names and texts may not
hold bidirectional controls or zero-width characters (they hide or reorder what an editor
shows). :func:`describe` names a character by its code point and what it is.

>>> describe("\\u202e")
'U+202E (oikealta vasemmalle -ohjausmerkki)'
>>> describe("\\uff16")
'U+FF16 (täysleveä merkki, joka näyttää tavalliselta merkiltä 6)'
>>> hidden_char("Ai\\u200bno")
'\\u200b'
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "describe",
    "hidden_char",
    "combining_run",
    "identity_problem",
    "skeleton",
    "written",
    "HIDDEN",
    "MAX_COMBINING",
]

_BIDI = {
    0x200E: "vasemmalta oikealle -merkki",
    0x200F: "oikealta vasemmalle -merkki",
    0x061C: "arabian kirjoitussuunnan merkki",
    0x202A: "vasemmalta oikealle -upotus",
    0x202B: "oikealta vasemmalle -upotus",
    0x202C: "suunnanmuutoksen lopetus",
    0x202D: "vasemmalta oikealle -ohjausmerkki",
    0x202E: "oikealta vasemmalle -ohjausmerkki",
    0x2066: "vasemmalta oikealle -eristys",
    0x2067: "oikealta vasemmalle -eristys",
    0x2068: "suunnan eristys",
    0x2069: "eristyksen lopetus",
}
_INVISIBLE = {
    0x200B: "leveydetön välilyönti",
    0x200C: "näkymätön liitoksenestomerkki",
    0x200D: "näkymätön liitosmerkki",
    0x2060: "näkymätön sananliitosmerkki",
    0xFEFF: "näkymätön tavujärjestysmerkki (BOM)",
    0x00AD: "piilotavuviiva",
    0x180E: "näkymätön mongolian vokaalierotin",
    0x2061: "näkymätön funktiomerkki",
    0x2062: "näkymätön kertomerkki",
    0x2063: "näkymätön erotin",
    0x2064: "näkymätön plusmerkki",
    0x00A0: "sitova välilyönti",
    0x202F: "kapea sitova välilyönti",
    0x3000: "täysleveä välilyönti",
    0x2028: "rivinerotin",
    0x2029: "kappaleenerotin",
    0x0085: "rivinvaihtomerkki NEL",
}
#: Every Default_Ignorable_Code_Point of Unicode 15.1 (DerivedCoreProperties.txt; Python's
#: unicodedata lacks the property), with the blank braille pattern U+2800, a visible-width blank:
#: (first, last, Finnish description or None for :data:`_BIDI`/:data:`_INVISIBLE`'s own).
#: Variation selectors are refused everywhere, also right after a suit symbol (a phone's ♥️ is
#: U+2665 U+FE0F): card codes are ASCII or the bare symbols ♠♥♦♣, so the selector would only
#: be refused later as an odd character of a card; the message says to drop it.
_IGNORABLE: tuple[tuple[int, int, str | None], ...] = (
    (0x00AD, 0x00AD, None),
    (0x034F, 0x034F, "näkymätön yhdistymisen estäjä CGJ"),
    (0x061C, 0x061C, None),
    (0x115F, 0x1160, "näkymätön hangul-täytemerkki"),
    (0x17B4, 0x17B5, "näkymätön khmerin vokaalimerkki"),
    (0x180B, 0x180D, "näkymätön mongolian muunnelmavalitsin"),
    (0x180E, 0x180E, None),
    (0x180F, 0x180F, "näkymätön mongolian muunnelmavalitsin"),
    (0x200B, 0x200F, None),
    (0x202A, 0x202E, None),
    (0x2060, 0x2064, None),
    (0x2065, 0x206F, "näkymätön muotoilumerkki"),
    (0x2066, 0x2069, None),
    (0x2800, 0x2800, "tyhjä pistekirjoitusmerkki"),
    (0x3164, 0x3164, "näkymätön hangul-täytemerkki"),
    (0xFE00, 0xFE0F, "näkymätön muunnelmavalitsin; maan merkin perään sitä ei kirjoiteta, 7♥ tai 7H riittää"),
    (0xFEFF, 0xFEFF, None),
    (0xFFA0, 0xFFA0, "näkymätön puolileveä hangul-täytemerkki"),
    (0xFFF0, 0xFFF8, "varattu näkymätön merkki"),
    (0x1BCA0, 0x1BCA3, "näkymätön pikakirjoituksen muotoilumerkki"),
    (0x1D173, 0x1D17A, "näkymätön nuottikirjoituksen muotoilumerkki"),
    (0xE0000, 0xE0FFF, "näkymätön tag-merkki tai muunnelmavalitsin"),
)
_HIDDEN_RE = re.compile("[" + "".join(f"\\U{a:08X}-\\U{b:08X}" for a, b, _ in _IGNORABLE) + "]")
#: Characters no name or text may hold: bidirectional controls, zero-width and other
#: default-ignorable characters, and blank fillers (the large ranges are matched by a pattern).
HIDDEN = frozenset(chr(c) for a, b, _ in _IGNORABLE if b - a < 64 for c in range(a, b + 1))
#: More combining marks than this in a row stack into a smear that hides what is under it.
MAX_COMBINING = 2
_NON_ASCII_RUN = re.compile(f"[^\\x00-\\x7f]{{{MAX_COMBINING + 1},}}")


def hidden_char(text: str) -> str | None:
    """The first bidirectional control, zero-width or other default-ignorable character or blank
    filler in ``text``, or None."""
    if text.isascii():
        return None
    m = _HIDDEN_RE.search(text)
    return m.group() if m else None


def combining_run(text: str) -> int | None:
    """Where a run of more than :data:`MAX_COMBINING` combining marks starts in ``text``, or None.

    >>> combining_run("Kerho" + "\u0336" * 3), combining_run("Ääkköset"), combining_run("e\u0301\u0302")
    (5, None, None)
    """
    if text.isascii():
        return None
    for m in _NON_ASCII_RUN.finditer(text):
        run = 0
        for i, ch in enumerate(m.group()):
            run = run + 1 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me") else 0
            if run > MAX_COMBINING:
                return m.start() + i - MAX_COMBINING
    return None


def describe(ch: str) -> str:
    """``U+XXXX (what it is)`` in Finnish."""
    code = ord(ch)
    what = _BIDI.get(code) or _INVISIBLE.get(code) or next((w for a, b, w in _IGNORABLE if a <= code <= b and w), None)
    if what is None and (unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me")):
        what = "yhdistyvä merkki"
    if what is None:
        folded = unicodedata.normalize("NFKC", ch)
        looks = (
            f", joka näyttää tavalliselta merkiltä {folded}"
            if folded != ch and folded.isascii() and folded.isprintable()
            else ""
        )
        if 0xFF01 <= code <= 0xFF5E:
            what = f"täysleveä merkki{looks}"
        elif unicodedata.category(ch) == "Nd":
            what = f"muun kirjoitusjärjestelmän numero {unicodedata.digit(ch, '?')}"
        elif unicodedata.category(ch) == "No":
            what = f"ylä- tai alaindeksi tai muu numeromerkki{looks}"
        elif unicodedata.category(ch).startswith("L") and _script(ch) in _SCRIPTS:
            what = f"{_SCRIPTS[_script(ch)]} kirjain{looks}"
        elif unicodedata.category(ch).startswith("L"):
            what = f"muu kuin tavallinen (ASCII-)kirjain{looks}"
        elif unicodedata.category(ch).startswith("Z"):
            what = "erikoisvälilyönti"
        elif unicodedata.category(ch).startswith("C"):
            what = "näkymätön ohjausmerkki"
        else:
            what = f"erikoismerkki{looks}"
    return f"U+{code:04X} ({what})"


_SCRIPTS = {
    "CYRILLIC": "kyrillinen",
    "GREEK": "kreikkalainen",
    "ARMENIAN": "armenialainen",
    "HEBREW": "heprealainen",
    "ARABIC": "arabialainen",
    "CHEROKEE": "cherokeen",
    "COPTIC": "koptilainen",
    "MATHEMATICAL": "matemaattinen",
    "FULLWIDTH": "täysleveä",
}


def _script(ch: str) -> str:
    return unicodedata.name(ch, "?").split(" ", 1)[0]


def skeleton(text: str) -> str:
    """What a name or title looks like, for finding two that a reader cannot tell apart:
    compatibility-normalised (NFKC) and case-folded.

    >>> skeleton("Perusrommi") == skeleton("PERUSROMMI") == skeleton("Ｐerusrommi")
    True
    """
    return unicodedata.normalize("NFKC", text).casefold().translate(_LATIN_LOOKS)


#: Latin letters a reader takes for another (dotless ı, kra ĸ, dotless ȷ): folded in :func:`skeleton`.
_LATIN_LOOKS = str.maketrans({"ı": "i", "ĸ": "k", "ȷ": "j"})
#: Where the Latin letters of names and titles may come from: Basic Latin, Latin-1, Latin
#: Extended-A and -B, Latin Extended Additional (not IPA letters ɑ ɡ ʀ or small capitals ᴀ ʙ,
#: which look like other letters).
_LATIN_BLOCKS = ((0x00, 0x24F), (0x1E00, 0x1EFF))


def identity_problem(text: str) -> str | None:
    """Why ``text`` cannot be a player's name or a title, in Finnish, or None: its letters must
    be Latin (Finnish åäö and other Latin letters with diacritics are fine), its digits ASCII,
    and nothing in it a compatibility variant of another character (NFKC-stable: no fullwidth,
    mathematical, superscript or Roman-numeral look-alikes, no long s or Kelvin sign).

    >>> identity_problem("Äijä-Pekka"), identity_problem("Aiнo")
    (None, 'merkki U+043D (kyrillinen kirjain) ei ole latinalainen kirjain; kirjoita nimet ja otsikot latinalaisin kirjaimin')
    >>> identity_problem("K\u212aalle")
    'merkki U+212A (muu kuin tavallinen (ASCII-)kirjain, joka näyttää tavalliselta merkiltä K) on toisen merkin muunnelma; kirjoita tilalle K'
    """
    if text.isascii():
        return None
    for ch in text:
        cat = unicodedata.category(ch)
        if ch.isascii() or cat[0] not in "LNM":
            continue  # punctuation, symbols and spaces (… – ”) are their own characters
        folded = unicodedata.normalize("NFKC", ch)
        if folded != ch:
            instead = (
                f"; kirjoita tilalle {folded}"
                if folded.isprintable() and len(folded) <= 4
                else "; kirjoita tavallinen merkki"
            )
            return f"merkki {describe(ch)} on toisen merkin muunnelma{instead}"
        if cat[0] == "N":
            return f"merkki {describe(ch)} ei ole tavallinen numero; kirjoita numerot 0–9"
        if cat[0] == "L" and _script(ch) != "LATIN":
            return (
                f"merkki {describe(ch)} ei ole latinalainen kirjain; kirjoita nimet ja otsikot latinalaisin kirjaimin"
            )
        if cat[0] == "L" and not any(a <= ord(ch) <= b for a, b in _LATIN_BLOCKS):
            return (
                f"merkki {describe(ch)} on foneettinen tai harvinainen latinalainen kirjain, joka näyttää "
                "tavalliselta; kirjoita tavallinen kirjain"
            )
        if cat[0] == "M" and not 0x300 <= ord(ch) <= 0x36F:
            return f"merkki {describe(ch)} ei ole latinalaisen kirjaimen tarkke"
    if unicodedata.normalize("NFC", text) != text:
        mark = next((ch for ch in text if unicodedata.category(ch)[0] == "M"), text[0])
        return (
            f"merkki {describe(mark)} on erillinen tarkke; kirjoita kirjain tarkkeineen yhtenä merkkinä "
            f"({unicodedata.normalize('NFC', text)[:40]})"
        )
    return None


def written(value: object, limit: int = 60) -> str:
    """A value from a YAML or JSON file as its author would write it (never a Python repr),
    at most ``limit`` characters.

    >>> written(["perusrommi"]), written({"low": True}), written(None), written(False), written("7H")
    ('[perusrommi]', '{low: true}', 'tyhjä arvo', 'false', '7H')
    """

    def go(v: object) -> str:
        if v is None:
            return "tyhjä arvo"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(go(x) for x in list(v)[:20]) + (", …" if len(v) > 20 else "") + "]"
        if isinstance(v, dict):
            items = list(v.items())
            return (
                "{" + ", ".join(f"{go(k)}: {go(x)}" for k, x in items[:20]) + (", …" if len(items) > 20 else "") + "}"
            )
        if isinstance(v, (int, float, str)):
            return str(v) if not isinstance(v, int) or v.bit_length() < 200 else "(hyvin suuri luku)"
        return "(tuntematon arvo)"

    text = go(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
