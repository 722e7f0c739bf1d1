"""What a played scenario is made of: plain values the pages and checks read."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rommikirja import Card, Deal, IllegalMove, Meld, Move, RuleSet
from rommikirja.deal import Outcome
from rommikirja.scoring import DealScore

from ..yamlsrc import SourceError
from ..paths import ROOT, rel_path  # noqa: F401  (rel_path: re-exported for the scenario tools)

SCENARIO_DIR = ROOT / "scenarios"
RULES_DIR = SCENARIO_DIR / "rules"
#: The club's own player names and their case forms (:mod:`.names`).
NAMES_FILE = SCENARIO_DIR / "nimet.yaml"
#: The club's search words (:mod:`tools.search_words`); not a scenario.
SEARCH_WORDS_FILE = SCENARIO_DIR / "hakusanat.yaml"
#: The club's words the speller does not know (:mod:`tools.spelling`); not a scenario.
CLUB_WORDS_FILE = SCENARIO_DIR / "sanat.yaml"
#: The rule sets the traditional sources describe (:mod:`tools.credit`); not a scenario, not a club's file.
SOURCE_RULES_FILE = SCENARIO_DIR / "lahdesaannot.yaml"


@dataclass(frozen=True)
class Snapshot:
    """A position as plain values: hands, stock (top first), discard (bottom first), table."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    table: tuple[tuple[int, Meld], ...]  # a Meld iterates over its cards
    turn: int
    dealer: int

    @classmethod
    def of(cls, deal: Deal) -> "Snapshot":
        return cls(
            tuple(map(tuple, deal.hands)),
            tuple(reversed(deal.stock)),
            tuple(deal.discard),
            tuple([(tm.owner, tm.meld) for tm in deal.table]),
            deal.turn,
            deal.dealer,
        )


@dataclass
class Step:
    """One step of a scenario and what the engine made of it."""

    line: int
    kind: str  # "move", "expect", or a kind of :data:`STEP_KINDS`
    player: int | None = None
    move: Move | None = None
    refused: IllegalMove | None = None
    sentences: list[str] = field(default_factory=list)
    cards: tuple[Card, ...] = ()  # for "check"
    valid: bool | None = None
    meld: Meld | None = None
    options: dict = field(default_factory=dict)  # for "expect": rule overrides used for pricing
    score: DealScore | None = None
    after: Snapshot | None = None
    facts: dict = field(default_factory=dict)  # for "deal" and "waits" steps
    #: a move that did not go as the scenario says (refused though it should play, or played
    #: though it should be refused): from here on the deal is not the one the scenario describes
    derailed: bool = False


@dataclass
class Scenario:
    """A parsed and played scenario."""

    path: Path
    id: str
    source: str
    game: str
    title: str
    section: str
    order: int
    rules: RuleSet
    options: dict
    names: list[str]
    text: str
    text_line: int
    initial: Snapshot | None = None
    final: Snapshot | None = None
    steps: list[Step] = field(default_factory=list)
    outcome: Outcome | None = None
    score: DealScore | None = None
    totals_before: tuple[int, ...] = ()
    deals_played: int = 0
    totals_after: tuple[int, ...] = ()
    next_dealer: int | None = None
    failures: list[SourceError] = field(default_factory=list)
    #: remarks that fail nothing (an option set to a value that has no effect in the game)
    notes: list[SourceError] = field(default_factory=list)
    #: the line of the move after which the moves and expectations were not checked (its
    #: :attr:`Step.derailed`); None when every step was played
    derailed_at: int | None = None
    deal: Deal | None = None
    #: the setup's stock and discard pile: listed cards and sizes (:class:`.piles.Piles`)
    piles: Any = None
    compiled: Any = field(default=None, repr=False, compare=False)  # the text's compiled template
    data: Any = field(default=None, repr=False, compare=False)  # the file as loaded (LDict), read-only

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def rel(self) -> str:
        """The file's path relative to the project (worked out once per path)."""
        cached = self.__dict__.get("_rel")
        if cached is None or cached[0] is not self.path:
            cached = self.__dict__["_rel"] = (self.path, rel_path(self.path))
        return cached[1]

    def steps_of(self, kind: str) -> list[Step]:
        """The steps of one kind, in order."""
        return [s for s in self.steps if s.kind == kind]

    # shorthands the page templates use
    @property
    def refusals(self) -> list[Step]:
        return [s for s in self.steps if s.refused is not None]

    @property
    def checks(self) -> list[Step]:
        return self.steps_of("check")

    @property
    def deals(self) -> list[Step]:
        return self.steps_of("deal")

    @property
    def openings(self) -> list[Step]:
        return self.steps_of("opening")

    @property
    def cuts(self) -> list[Step]:
        return self.steps_of("cut")

    @property
    def arranges(self) -> list[Step]:
        return self.steps_of("arrange")

    @property
    def waits(self) -> list[Step]:
        return self.steps_of("waits")

    @property
    def priced(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "expect" and s.score is not None]
