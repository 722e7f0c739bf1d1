"""Words into Finnish prose: a capital to start a sentence, and lists with *ja* or *tai*."""

from __future__ import annotations

from typing import Sequence

__all__ = ["capitalize", "join_list"]


def capitalize(text: str) -> str:
    """The text with its first letter in upper case (card names start sentences).

    >>> capitalize("herttaseiska nostettiin")
    'Herttaseiska nostettiin'
    """
    return text[:1].upper() + text[1:]


def join_list(words: Sequence[str], conjunction: str = "ja") -> str:
    """Join words the Finnish way: commas, and *ja* (or *tai*) before the last.

    >>> join_list(["a"]), join_list(["a", "b"]), join_list(["a", "b", "c"], "tai")
    ('a', 'a ja b', 'a, b tai c')
    """
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]
