"""The practice kinds' registry: one :class:`PracticeKind` per kind, each registered by its own
module (``register``), holding everything the kind is: how a question is made, solved, checked and
shown, the fields a question and an answer sent back by the page must have, and its input control.

A new kind is one module of this package that calls :func:`register`: :func:`load_kinds` imports
every module here but the shared ones (:data:`SHARED`), in name order."""

from __future__ import annotations

import importlib
import pkgutil
import random
from dataclasses import dataclass
from typing import Any, Callable

from ...rules import RuleSet

__all__ = ["CONTROLS", "KINDS", "SHARED", "PracticeKind", "register", "load_kinds", "applicable"]

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
    - ``control``: one of :data:`CONTROLS`;
    - ``title``: the widget's Finnish heading on a page that shows every kind that applies;
    - ``applies(rules) -> bool``: whether the kind fits the rule set (a page asks
      :func:`applicable`); a kind that says nothing fits every rule set.
    """

    name: str
    make: Callable[[random.Random, RuleSet], dict]
    solve: Callable[[dict, RuleSet], dict]
    check: Callable[[dict, Any, RuleSet, dict], tuple[bool, str]]
    show: Callable[[dict, RuleSet], tuple[str, list, dict]]
    question_fields: tuple = ()
    answer_fields: tuple = ()
    control: str = "number"
    title: str = ""
    applies: Callable[[RuleSet], bool] = lambda rules: True

    def __post_init__(self) -> None:
        if self.control not in CONTROLS:
            raise ValueError(f"unknown input control {self.control!r}")


#: every practice kind by name, in the order registered
KINDS: dict[str, PracticeKind] = {}


def register(kind: PracticeKind) -> PracticeKind:
    """Add ``kind`` to :data:`KINDS` (again under the same name: replaced); returns it."""
    KINDS[kind.name] = kind
    return kind


#: the package's modules that are not kinds
SHARED = frozenset({"api", "explain", "fields", "kinds", "kit"})


def load_kinds() -> dict[str, PracticeKind]:
    """Import every kind module of this package (each registers its kind); returns :data:`KINDS`."""
    package = __name__.rpartition(".")[0]
    path = importlib.import_module(package).__path__
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        if info.name not in SHARED and not info.name.startswith("_"):
            importlib.import_module(f"{package}.{info.name}")
    return KINDS


def applicable(rules: RuleSet) -> list[str]:
    """The names of the kinds that fit ``rules``, in name order (:func:`load_kinds` first)."""
    return [name for name, kind in sorted(load_kinds().items()) if kind.applies(rules)]
