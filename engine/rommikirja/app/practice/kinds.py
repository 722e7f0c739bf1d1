"""The practice kinds' registry: one :class:`PracticeKind` per kind, each registered by its own
module (``register``), holding everything the kind is: how a question is made, solved, checked and
shown, the fields a question and an answer sent back by the page must have, and its input control.

A new kind is one module that calls :func:`register` (imported in :mod:`.api`, or by a test)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from ...rules import RuleSet

__all__ = ["CONTROLS", "KINDS", "PracticeKind", "register"]

#: the generic input controls the page knows (``docs/assets/harjoitus.js`` ``INPUTS``)
CONTROLS = ("number", "yesno", "pick", "order", "melds")


@dataclass(frozen=True)
class PracticeKind:
    """One kind of practice question.

    - ``make(rng, rules) -> question`` (facts only: cards as codes, player names, indexes);
    - ``solve(q, rules) -> solution`` (the expected answer and Finnish ``lines``);
    - ``check(q, answer, rules, solution) -> (correct, Finnish message)``;
    - ``show(q, rules) -> (prompt, blocks, input)``: the Finnish question, the blocks the page
      shows (``{"text", "strong", "cards", "css", "after", "prompt", "static"}`` or
      ``{"items": [block, …]}``) and the input control's settings;
    - ``question_fields`` / ``answer_fields``: the field specs a question or an answer coming
      back from the page is read with (:mod:`.fields`);
    - ``control``: one of :data:`CONTROLS`.
    """

    name: str
    make: Callable[[random.Random, RuleSet], dict]
    solve: Callable[[dict, RuleSet], dict]
    check: Callable[[dict, Any, RuleSet, dict], tuple[bool, str]]
    show: Callable[[dict, RuleSet], tuple[str, list, dict]]
    question_fields: tuple = ()
    answer_fields: tuple = ()
    control: str = "number"

    def __post_init__(self) -> None:
        if self.control not in CONTROLS:
            raise ValueError(f"unknown input control {self.control!r}")


#: every practice kind by name, in the order registered
KINDS: dict[str, PracticeKind] = {}


def register(kind: PracticeKind) -> PracticeKind:
    """Add ``kind`` to :data:`KINDS` (again under the same name: replaced); returns it."""
    KINDS[kind.name] = kind
    return kind
