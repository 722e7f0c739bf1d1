"""Finnish case keys, and the tuples of case forms every inflecting word is written as.

A word's forms are a tuple in the order of :data:`CASES` (rank and suit words, which also
have plurals) or of :data:`SINGULAR_CASES` (numerals, counted nouns, players' names).

>>> case_index("part"), case_index("par"), singular_index("tra")
(2, 2, 10)
>>> singular_forms("jako jaon jakoa jakoon jaossa jaosta jaolle jaolla jaolta jakona jaoksi")[7]
'jaolla'
"""

from __future__ import annotations

__all__ = ["CASES", "SINGULAR_CASES", "case_index", "singular_index", "case_forms", "singular_forms"]

#: Case keys: singular nominative, genitive, partitive, illative, inessive,
#: elative, allative, adessive, ablative, essive, translative; plural
#: nominative, genitive, partitive.
CASES: tuple[str, ...] = tuple("nom gen part ill ine ela all ade abl ess tra pl_nom pl_gen pl_part".split())


#: Short alternative spellings of case keys ("par" for "part").
_CASE_ALIASES = {"par": "part"}


def case_index(case: str) -> int:
    """The place of ``case`` (a key of :data:`CASES` or an alias) in a tuple of forms."""
    try:
        return CASES.index(_CASE_ALIASES.get(case, case))
    except ValueError:
        raise ValueError(f"unknown case {case!r}; expected one of {', '.join(CASES)}") from None


#: The singular cases, in the order of :data:`CASES` (numerals, nouns and names have these).
SINGULAR_CASES: tuple[str, ...] = CASES[:11]


def singular_index(case: str) -> int:
    """:func:`case_index` of a singular case; a plural one is a ValueError."""
    i = case_index(case)
    if i >= len(SINGULAR_CASES):
        raise ValueError(
            f"numerals, nouns and names take a singular case, not {case!r}; expected one of {', '.join(SINGULAR_CASES)}"
        )
    return i


def case_forms(*words: str) -> tuple[str, ...]:
    """A word's fourteen forms (:data:`CASES`) given as space-separated strings."""
    out = tuple(" ".join(words).split())
    assert len(out) == len(CASES), out
    return out


def singular_forms(*words: str) -> tuple[str, ...]:
    """A word's eleven singular forms given as one space-separated string."""
    out = tuple(" ".join(words).split())
    assert len(out) == len(SINGULAR_CASES), out
    return out
