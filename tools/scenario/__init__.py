"""Scenario files: parse, run through the engine, and check what must follow.

A scenario is one worked example (see ``scenarios/README.md`` for the format).
Every problem — bad YAML, an unknown card or option, a missing field, an
expectation the engine does not meet — becomes a :class:`SourceError` naming
the file and line; nothing here lets a traceback reach the rule editor.

The package is one pipeline (:mod:`.load`) over small parts:

- :mod:`.model` — :class:`Scenario`, :class:`Step`, :class:`Snapshot`;
- :mod:`.context` — :class:`Ctx` (values → engine values, ``file:line`` errors) and
  :func:`compare`, which writes every "odotettiin …, moottori antoi …";
- :mod:`.rulesets` — presets from ``scenarios/rules/``;
- :mod:`.names` — the club's player names from ``scenarios/nimet.yaml``;
- :mod:`.setup` — the ``setup:`` position;
- :mod:`.moves` — move steps (read by the engine's step codec, :mod:`rommikirja.steps`);
- :mod:`.expect` — ``expect:`` keys (:data:`EXPECTS`);
- :mod:`.steps` — stand-alone step kinds (:data:`STEP_KINDS`: check, deal, opening, cut,
  arrange, waits).
"""

from __future__ import annotations

from ..yamlsrc import LDict, LList, SourceError
from .context import Ctx, compare, fmt
from .expect import EXPECT_KEYS, EXPECTS, Expectation, run_expect
from .load import TOP_KEYS, finish, load_scenario, play, read_header, scenario_paths
from .model import NAMES_FILE, RULES_DIR, ROOT, SCENARIO_DIR, Scenario, Snapshot, Step, rel_path
from .moves import MOVE_KEYS, STEP_EXTRA, in_legal, parse_move, play_move
from .names import load_names, read_names
from .rulesets import load_rulesets, rules_from
from .setup import SETUP_KEYS, read_setup
from .steps import STEP_KINDS, StepKind, step_kind

__all__ = [
    "Ctx",
    "EXPECTS",
    "EXPECT_KEYS",
    "Expectation",
    "LDict",
    "LList",
    "MOVE_KEYS",
    "NAMES_FILE",
    "ROOT",
    "RULES_DIR",
    "SCENARIO_DIR",
    "SETUP_KEYS",
    "STEP_EXTRA",
    "STEP_KINDS",
    "Scenario",
    "Snapshot",
    "SourceError",
    "Step",
    "StepKind",
    "TOP_KEYS",
    "compare",
    "finish",
    "fmt",
    "in_legal",
    "load_names",
    "load_rulesets",
    "load_scenario",
    "parse_move",
    "play",
    "play_move",
    "read_header",
    "read_names",
    "read_setup",
    "rel_path",
    "rules_from",
    "run_expect",
    "scenario_paths",
    "step_kind",
]
