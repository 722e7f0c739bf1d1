"""What every practice kind shares: the question's player names, cards as author codes, the
rule set from a question, and numbers and points as the page prints them."""

from __future__ import annotations

from typing import Sequence

from ...cards import Card, parse_card
from ...finnish import noun
from ...rules import RuleSet


__all__ = ["NAMES", "card_codes", "cards_of_codes", "rules_of", "num_text", "points_text", "lower_first"]


NAMES = ("Aino", "Eero", "Kaisa", "Olli")


def card_codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def cards_of_codes(codes: Sequence[str]) -> list[Card]:
    return [parse_card(c) for c in codes]


def rules_of(data: dict) -> RuleSet:
    return RuleSet.from_mapping({k: v for k, v in (data or {}).items()})


def num_text(n: int) -> str:
    """A number as printed on the page: a real minus sign for negatives."""
    return str(n).replace("-", "−")


def points_text(n: int, prefix: str = "") -> str:
    """Points as printed on the page: digits, a real minus sign, *piste* in agreement;
    ``prefix`` makes a compound (*sakkopiste*, *miinuspiste*).

    >>> points_text(1), points_text(15), points_text(-1), points_text(1, "sakko"), points_text(100, "sakko"), points_text(0, "miinus")
    ('1 piste', '15 pistettä', '−1 piste', '1 sakkopiste', '100 sakkopistettä', '0 miinuspistettä')
    """
    return f"{num_text(n)} {prefix}{noun('piste', 'nom' if abs(n) == 1 else 'part')}"


def lower_first(sentence: str) -> str:
    """A sentence continued after a colon: its first letter in lower case (not an abbreviation's).

    >>> lower_first("Suorasta puuttuu kortti."), lower_first("JK ei käy.")
    ('suorasta puuttuu kortti.', 'JK ei käy.')
    """
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence
