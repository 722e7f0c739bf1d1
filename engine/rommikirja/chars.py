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

import unicodedata

__all__ = ["describe", "hidden_char", "written", "HIDDEN"]

_BIDI = {0x200E: "vasemmalta oikealle -merkki", 0x200F: "oikealta vasemmalle -merkki",
         0x061C: "arabian kirjoitussuunnan merkki", 0x202A: "vasemmalta oikealle -upotus",
         0x202B: "oikealta vasemmalle -upotus", 0x202C: "suunnanmuutoksen lopetus",
         0x202D: "vasemmalta oikealle -ohjausmerkki", 0x202E: "oikealta vasemmalle -ohjausmerkki",
         0x2066: "vasemmalta oikealle -eristys", 0x2067: "oikealta vasemmalle -eristys",
         0x2068: "suunnan eristys", 0x2069: "eristyksen lopetus"}
_INVISIBLE = {0x200B: "leveydetön välilyönti", 0x200C: "näkymätön liitoksenestomerkki",
              0x200D: "näkymätön liitosmerkki", 0x2060: "näkymätön sananliitosmerkki",
              0xFEFF: "näkymätön tavujärjestysmerkki (BOM)", 0x00AD: "piilotavuviiva",
              0x180E: "näkymätön mongolian vokaalierotin", 0x2061: "näkymätön funktiomerkki",
              0x2062: "näkymätön kertomerkki", 0x2063: "näkymätön erotin", 0x2064: "näkymätön plusmerkki",
              0x00A0: "sitova välilyönti", 0x202F: "kapea sitova välilyönti", 0x3000: "täysleveä välilyönti",
              0x2028: "rivinerotin", 0x2029: "kappaleenerotin", 0x0085: "rivinvaihtomerkki NEL"}
#: Characters no name or text may hold: bidirectional controls and zero-width characters.
HIDDEN = frozenset(chr(c) for c in (*_BIDI, 0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064,
                                    0xFEFF, 0x00AD, 0x180E))


def hidden_char(text: str) -> str | None:
    """The first bidirectional control or zero-width character in ``text``, or None."""
    if text.isascii():
        return None
    return next((ch for ch in text if ch in HIDDEN), None)


def describe(ch: str) -> str:
    """``U+XXXX (what it is)`` in Finnish."""
    code = ord(ch)
    what = _BIDI.get(code) or _INVISIBLE.get(code)
    if what is None:
        folded = unicodedata.normalize("NFKC", ch)
        looks = f", joka näyttää tavalliselta merkiltä {folded}" if folded != ch and folded.isascii() \
            and folded.isprintable() else ""
        if 0xFF01 <= code <= 0xFF5E:
            what = f"täysleveä merkki{looks}"
        elif unicodedata.category(ch) == "Nd":
            what = f"muun kirjoitusjärjestelmän numero {unicodedata.digit(ch, '?')}"
        elif unicodedata.category(ch) == "No":
            what = f"ylä- tai alaindeksi tai muu numeromerkki{looks}"
        elif unicodedata.category(ch).startswith("L"):
            what = f"muu kuin tavallinen (ASCII-)kirjain{looks}"
        elif unicodedata.category(ch).startswith("Z"):
            what = "erikoisvälilyönti"
        elif unicodedata.category(ch).startswith("C"):
            what = "näkymätön ohjausmerkki"
        else:
            what = f"erikoismerkki{looks}"
    return f"U+{code:04X} ({what})"


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
            return "{" + ", ".join(f"{go(k)}: {go(x)}" for k, x in items[:20]) + (", …" if len(items) > 20 else "") + "}"
        if isinstance(v, (int, float, str)):
            return str(v) if not isinstance(v, int) or v.bit_length() < 200 else "(hyvin suuri luku)"
        return "(tuntematon arvo)"
    text = go(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
