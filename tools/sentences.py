"""Sentences are checked, not only numbers: arithmetic in rendered text must hold.

Every equation or comparison a page states between plain numbers
("11 + 20 + 10 + 5 = 46", "52 − 2 × 10 − 1 = 31", "30 < 51") is evaluated here;
a false one is an error naming the file and line. Templates should not type such
sentences at all but build them with the helpers below from engine facts:

>>> sum_text([11, 20, 10, 5])
'11 + 20 + 10 + 5 = 46'
>>> sum_text([25, 18, -7])
'25 + 18 − 7 = 36'
>>> difference_text(18, 7), product_text(3, 20)
('18 − 7 = 11', '3 × 20 = 60')
>>> check_arithmetic("Sakkoa tulee 11 + 20 + 10 + 5 = −46 pistettä.")
[(1, '11 + 20 + 10 + 5 = −46 ei pidä paikkaansa: vasen puoli on 46')]
>>> check_arithmetic("Kortteja jää 52 − 2 × 10\\n    − 1 = 31, ja 30 < 51.")
[]

:func:`check_phrasing` refuses two machine-like habits: *Aino-pelaajalle* for
*Ainolle*, and a score said twice in a row.

Numbers joined by a hyphen without spaces (*2-3-4*, a run) or an en dash (*2–3*,
a range) are not arithmetic; a minus is *−* or a hyphen between spaces.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Sequence

from rommikirja.finnish import SINGULAR_CASES as SINGULAR

from .yamlsrc import SourceError, load

__all__ = [
    "sum_text",
    "difference_text",
    "product_text",
    "compare_text",
    "check_phrasing",
    "check_arithmetic",
    "check_player_names",
]

MINUS = "−"


def _signed(n: int) -> str:
    return str(n).replace("-", MINUS)


def sum_text(values: Iterable[int], total: int | None = None) -> str:
    """``a + b + c = total`` from the values (negative ones are subtracted).

    ``total``, when given, must equal the sum (a template passing the engine's
    total gets an error instead of a false sentence).

    >>> sum_text([7]), sum_text([]), sum_text([-3, 5])
    ('7', '0', '−3 + 5 = 2')
    >>> sum_text([1, 2], total=4)
    Traceback (most recent call last):
    ...
    ValueError: sum_text: 1 + 2 on 3, ei 4
    """
    values = [_as_int(v, "sum_text") for v in values]
    result = sum(values)
    if total is not None and _as_int(total, "sum_text") != result:
        raise ValueError(f"sum_text: {' + '.join(map(str, values))} on {result}, ei {total}")
    if len(values) <= 1:
        return _signed(result)
    parts = [_signed(values[0])]
    for v in values[1:]:
        parts.append(f"− {-v}" if v < 0 else f"+ {v}")
    return f"{' '.join(parts)} = {_signed(result)}"


def difference_text(a: int, b: int) -> str:
    """``a − b = c``."""
    a, b = _as_int(a, "difference_text"), _as_int(b, "difference_text")
    return f"{_signed(a)} {MINUS} {_signed(b)} = {_signed(a - b)}"


def product_text(a: int, b: int) -> str:
    """``a × b = c``."""
    a, b = _as_int(a, "product_text"), _as_int(b, "product_text")
    return f"{_signed(a)} × {_signed(b)} = {_signed(a * b)}"


def compare_text(a: int, b: int) -> str:
    """``a < b``, ``a = b`` or ``a > b``: a comparison that is true by construction.

    >>> compare_text(30, 51), compare_text(51, 51), compare_text(-5, -9)
    ('30 < 51', '51 = 51', '−5 > −9')
    """
    a, b = _as_int(a, "compare_text"), _as_int(b, "compare_text")
    sign = "<" if a < b else ">" if a > b else "="
    return f"{_signed(a)} {sign} {_signed(b)}"


def _as_int(v: Any, who: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{who}: odotettiin kokonaislukua, saatiin {v!r}")
    return v


# ---------------------------------------------------------------------------------------------
# checking rendered text

_TAG = re.compile(r"</?[A-Za-z][^<>]*>|\*\*|&nbsp;|&#8239;")
_TOKEN = re.compile(
    r"""
    (?P<num>\d+)
  | (?P<op>[+−×·]|(?<=\s)-(?=\s))
  | (?P<lp>\()
  | (?P<rp>\))
  | (?P<rel>=|<|>|≤|≥)
  | (?P<other>[^\d+−×·()=<>≤≥\s-]+|\S)
""",
    re.X | re.S,
)
# Runs of other characters are one token (they only ever end an expression), and white space
# is no token at all (finditer skips it): the same tokens as one per character, fewer of them.
_REL = {
    "=": lambda a, b: a == b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "≤": lambda a, b: a <= b,
    "≥": lambda a, b: a >= b,
}
_REL_WORD = {
    "=": "vasen puoli on",
    "<": "vasen puoli ei ole pienempi:",
    ">": "vasen puoli ei ole suurempi:",
    "≤": "vasen puoli on suurempi:",
    "≥": "vasen puoli on pienempi:",
}


#: Limits for untrusted text: longer expressions or numbers are refused, not evaluated.
_MAX_TOKENS = 200
_MAX_DIGITS = 12


_NOT_NEWLINE = re.compile(r"[^\n]")


def _blank(m: re.Match) -> str:
    tag = m.group(0)
    return _NOT_NEWLINE.sub(" ", tag) if "\n" in tag else " " * len(tag)


def clean_text(text: str) -> str:
    """``text`` with markup blanked out (same length and lines)."""
    return _TAG.sub(_blank, text)


def _tokens(text: str, start: int = 0, end: int | None = None) -> list[tuple[str, str, int]]:
    """The tokens of ``text[start:end]`` (positions in ``text``)."""
    found = _TOKEN.finditer(text, start) if end is None else _TOKEN.finditer(text, start, end)
    return [(m.lastgroup, m.group(0), m.start()) for m in found]


#: A run of characters that may belong to an expression (numbers, operators, parentheses,
#: white space): every other character is an "other" token or a relation, which ends one.
_EXPR_RUN = re.compile(r"[\d+−×·()\s-]+")


def _relation_windows(clean: str) -> Iterator[tuple[list[tuple[str, str, int]], int]]:
    """For each relation in ``clean``: the tokens around it that :func:`arithmetic_problems` reads, and its index.

    The tokens are those of the whole text, cut to the expression runs just before and just after
    the relation: a token next to such a run is an "other" word or a relation, so the left side
    stops at the cut as it would at that token, and the right side finds its number within the
    run or not at all. Texts are long and relations few: only these windows are tokenised.
    """
    rels = [m.start() for m in _RELATIONS.finditer(clean)]
    if not rels:
        return
    runs = {m.start(): m.end() for m in _EXPR_RUN.finditer(clean)}
    ends = {e: b for b, e in runs.items()}
    for at in rels:
        left = _tokens(clean, ends[at], at) if at in ends else []
        right_end = runs.get(at + 1)
        right = _tokens(clean, at + 1, right_end) if right_end is not None else []
        yield left + [("rel", clean[at], at)] + right, len(left)


class _Unparsable(Exception):
    pass


def _evaluate(tokens: Sequence[tuple[str, str, int]]) -> int:
    """Evaluate numbers with + − × · and parentheses (× before + and −)."""
    pos = 0

    def peek() -> tuple[str, str] | None:
        return tokens[pos][:2] if pos < len(tokens) else None

    def factor() -> int:
        nonlocal pos
        tok = peek()
        if tok is None:
            raise _Unparsable
        if tok[0] == "op" and tok[1] in ("−", "-", "+"):
            pos += 1
            value = factor()
            return -value if tok[1] != "+" else value
        if tok[0] == "num":
            pos += 1
            return int(tok[1])
        if tok[0] == "lp":
            pos += 1
            value = expr()
            if peek() is None or peek()[0] != "rp":
                raise _Unparsable
            pos += 1
            return value
        raise _Unparsable

    def term() -> int:
        nonlocal pos
        value = factor()
        while peek() is not None and peek() in (("op", "×"), ("op", "·")):
            pos += 1
            value *= factor()
        return value

    def expr() -> int:
        nonlocal pos
        value = term()
        while peek() is not None and peek()[0] == "op" and peek()[1] in ("+", "−", "-"):
            op = peek()[1]
            pos += 1
            rhs = term()
            value = value + rhs if op == "+" else value - rhs
        return value

    value = expr()
    if pos != len(tokens):
        raise _Unparsable
    return value


def _decimal_neighbour(text: str, start: int, end: int) -> bool:
    """True when the number at text[start:end] is part of a decimal or a longer code (1,5 / 2.3)."""
    before = text[max(0, start - 2) : start]
    after = text[end : end + 2]
    return bool(
        re.fullmatch(r"\d[,.:]", before)
        or re.fullmatch(r"[,.:]\d", after)
        or (before[-1:] and before[-1] in "-–—/")
        or (after[:1] and after[0] in "-–—/%")
    )


def check_arithmetic(text: str) -> list[tuple[int, str]]:
    """Every false equation or comparison between numbers in ``text``: (line, Finnish message).

    Markup (HTML tags, ``**``) is ignored; an expression may run over several lines.
    """
    return arithmetic_problems(clean_text(text))


_RELATIONS = re.compile(r"[=<>≤≥]")


def arithmetic_problems(clean: str) -> list[tuple[int, str]]:
    """:func:`check_arithmetic` of text whose markup is already blanked out."""
    problems: list[tuple[int, str]] = []
    arith = {"num", "op", "lp", "rp"}
    for toks, i in _relation_windows(clean):
        kind, value, at = toks[i]
        # the left side: the longest run of arithmetic tokens just before the relation
        j = i
        while j > 0 and toks[j - 1][0] in arith:
            j -= 1
        left = list(toks[j:i])
        # drop unbalanced leading ")" and "(" left over from surrounding prose
        while left and (
            left[0][0] == "rp"
            or (left[0][0] == "lp" and sum(t[0] == "lp" for t in left) > sum(t[0] == "rp" for t in left))
        ):
            left.pop(0)
        # the right side: an optionally signed number, or a parenthesised expression
        k = i + 1
        if k < len(toks) and toks[k][0] == "op" and toks[k][1] in ("−", "-"):
            k += 1
        if k >= len(toks) or toks[k][0] != "num":
            continue
        right = toks[i + 1 : k + 1]
        if not any(t[0] == "num" for t in left):
            continue
        if value == "=" and not any(t[0] == "op" for t in left):
            continue  # "Aino = 12" and the like: nothing is computed
        if k + 1 < len(toks) and toks[k + 1][0] == "op" and toks[k + 1][1] in ("×", "·"):
            continue  # "= 3 × 20": the right side is an expression; skip
        nums = [t for t in left + right if t[0] == "num"]
        if any(_decimal_neighbour(clean, t[2], t[2] + len(t[1])) for t in nums):
            continue
        if len(left) > _MAX_TOKENS or any(len(t[1]) > _MAX_DIGITS for t in nums):
            problems.append(
                (clean.count("\n", 0, left[0][2]) + 1, "laskutoimitus on liian pitkä tarkistettavaksi; jaa se osiin")
            )
            continue
        try:
            lhs = _evaluate(left)
            rhs = _evaluate(right)
        except _Unparsable:
            continue
        if not _REL[value](lhs, rhs):
            start = left[0][2]
            end = right[-1][2] + len(right[-1][1])
            shown = " ".join(clean[start:end].split())
            line = clean.count("\n", 0, start) + 1
            problems.append((line, f"{shown} ei pidä paikkaansa: {_REL_WORD[value]} {_signed(lhs)}"))
    return problems


_NAME_PLAYER = re.compile(r"\b([A-ZÅÄÖ][a-zåäö]+)-pelaaja(\w*)")
_SAID_TWICE = re.compile(r"([−-]?\d+) (pistettä|piste|pisteen)\W{1,40}\1 \2\b")


def check_phrasing(text: str) -> list[tuple[int, str]]:
    """Machine-like phrasing the pages must not have: (line, Finnish message).

    A name glued to *pelaaja* instead of inflected (*Aino-pelaajalle* → *Ainolle*), and a
    score said twice in a row (*36 pistettä: 36 pistettä*).

    >>> check_phrasing("sama jako tuottaa Aino-pelaajalle 12 pistettä")
    [(1, 'Aino-pelaajalle: taivuta nimi ({{ nimi | player("all") }} → Ainolle)')]
    >>> check_phrasing("Aino saa 36 pistettä: **36 pistettä**.")
    [(1, 'sama pistemäärä kahdesti peräkkäin: 36 pistettä')]
    >>> check_phrasing("Ainolle 36 pistettä, Eerolle 12 pistettä.")
    []
    """
    return phrasing_problems(clean_text(text))


_ENDINGS = {
    "n": "gen",
    "lle": "all",
    "lla": "ade",
    "lta": "abl",
    "a": "part",
    "ksi": "tra",
    "na": "ess",
    "ssa": "ine",
    "sta": "ela",
    "an": "ill",
}


def phrasing_problems(clean: str) -> list[tuple[int, str]]:
    """:func:`check_phrasing` of text whose markup is already blanked out."""
    from rommikirja.finnish import name_forms

    out = []
    endings = _ENDINGS
    for m in _NAME_PLAYER.finditer(clean) if "-pelaaja" in clean else ():
        name, ending = m.group(1), m.group(2)
        case = endings.get(ending, "nom")
        forms = name_forms(name)
        hint = forms[SINGULAR.index(case)] if forms else name
        out.append(
            (
                clean.count("\n", 0, m.start()) + 1,
                f"{m.group(0)}: taivuta nimi ({{{{ nimi | player(\"{case}\") }}}} → {hint})",
            )
        )
    for m in _SAID_TWICE.finditer(clean) if "piste" in clean else ():
        out.append(
            (clean.count("\n", 0, m.start()) + 1, f"sama pistemäärä kahdesti peräkkäin: {m.group(1)} {m.group(2)}")
        )
    return out


# ---------------------------------------------------------------------------------------------
# scenarios


def check_player_names(sc: Any) -> list[SourceError]:
    """Every player name in a scenario needs its case forms (built in, or ``scenarios/nimet.yaml``)."""
    from rommikirja.finnish import name_forms

    missing = [n for n in sc.names if name_forms(n) is None]
    if not missing:
        return []
    line = 1
    try:
        data = load(sc.path)
        line = data.line_of("players") if "players" in data else data.line
    except Exception:  # the file loaded once already; a line number is all we want here
        pass
    return [
        SourceError(
            sc.rel,
            line,
            f"players: nimelle ”{n}” ei ole taivutusmuotoja (Ainon, Ainolle …); "
            "lisää ne tiedostoon scenarios/nimet.yaml "
            "(ohje tiedoston alussa) tai käytä tunnettua nimeä",
        )
        for n in missing
    ]
