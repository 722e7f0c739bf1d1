"""The register of the sources' rule statements and the examples that illustrate them.

``tools/source_statements.txt`` splits every catalogue entry of ``../shared/seed-examples.md`` into
the single rules it states (paraphrased in English) and names, for each, the verified scenarios that
show it, ``text: reason`` for a rule of conduct the pages only state, or ``-`` when nothing shows it
yet. :func:`problems` checks the register against the scenarios; ``python -m tools.source_statements``
prints the figures (and the statements still without an example).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

REGISTER = Path(__file__).resolve().parent / "source_statements.txt"

#: The game of a statement, from its catalogue letter.
GAME_OF = {"P": "perusrommi", "B": "perusrommi", "G": "gin", "R": "rommi51", "F": "rommi"}

_ID = re.compile(r"^([PBGRF])(\d\d|\+)\.(\d+)$")


@dataclass(frozen=True)
class Statement:
    id: str
    line: int
    says: str
    scenarios: tuple[str, ...]  # the verified examples that show it
    text_only: str  # the reason it is only stated, or ""

    @property
    def game(self) -> str:
        return GAME_OF[self.id[0]]

    @property
    def entry(self) -> str:
        """The catalogue id (``P20``), or ``P+`` for a statement the catalogue folds into its text."""
        return self.id.split(".")[0]


def read(path: Path = REGISTER) -> tuple[list[Statement], list[str]]:
    """The statements of the register and the ``path:line: message`` errors of its format."""
    out: list[Statement] = []
    errors: list[str] = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in raw.split("|")]
        if len(parts) != 3 or not _ID.match(parts[0]) or not parts[1] or not parts[2]:
            errors.append(f"{path}:{n}: odotettiin riviä ”TUNNUS | sääntö | esimerkit, text: syy tai -”")
            continue
        sid, says, how = parts
        if how == "-":
            out.append(Statement(sid, n, says, (), ""))
        elif how.startswith("text:"):
            reason = how[len("text:") :].strip()
            if not reason:
                errors.append(f"{path}:{n}: ”text:” tarvitsee syyn (miksi esimerkkiä ei ole)")
            out.append(Statement(sid, n, says, (), reason or "?"))
        else:
            out.append(Statement(sid, n, says, tuple(s.strip() for s in how.split(",") if s.strip()), ""))
    return out, errors


def problems(
    statements: Iterable[Statement], scenarios: Iterable, catalogue: Iterable[str], path: Path = REGISTER
) -> list[str]:
    """What is wrong: a named scenario that does not exist or belongs to another game, a statement
    id given twice, a catalogue entry with no statement."""
    by_id = {sc.id: sc for sc in scenarios}
    out: list[str] = []
    seen: set[str] = set()
    statements = list(statements)
    for st in statements:
        if st.id in seen:
            out.append(f"{path}:{st.line}: tunnus {st.id} on jo käytössä")
        seen.add(st.id)
        for name in st.scenarios:
            sc = by_id.get(name)
            if sc is None:
                out.append(f"{path}:{st.line}: esimerkkiä ”{name}” ei ole")
            elif sc.game != st.game and sc.source != st.entry:  # a comparison box (f03-vertailu) may be another game's
                out.append(f"{path}:{st.line}: esimerkki ”{name}” on pelistä {sc.game}, sääntö pelistä {st.game}")
    entries = {st.entry for st in statements}
    for entry in sorted(set(catalogue) - entries):
        out.append(f"{path}: luettelon kohdalle {entry} ei ole yhtään sääntöä")
    return out


def figures(statements: Iterable[Statement]) -> tuple[int, int, int]:
    """(illustrated by an example, stated in text only, total)."""
    statements = list(statements)
    shown = sum(1 for st in statements if st.scenarios)
    text = sum(1 for st in statements if st.text_only)
    return shown, text, len(statements)


def catalogue_ids() -> set[str]:
    """The catalogue entries of ../shared/seed-examples.md (P01–P25, B01–B09, G01–G15, R01–R09, F01–F10)."""
    return (
        {f"P{i:02d}" for i in range(1, 26)}
        | {f"B{i:02d}" for i in range(1, 10)}
        | {f"G{i:02d}" for i in range(1, 16)}
        | {f"R{i:02d}" for i in range(1, 10)}
        | {f"F{i:02d}" for i in range(1, 11)}
    )


def main() -> int:
    from .verify import verify

    statements, errors = read()
    scenarios, failed = verify()
    errors += problems(statements, scenarios, catalogue_ids())
    shown, text, total = figures(statements)
    print(
        f"{shown}/{total} lähteiden säännöstä on havainnollistettu tarkistetulla esimerkillä, "
        f"{text} on vain tekstinä (käytössääntöjä), {total - shown - text} ilman esimerkkiä."
    )
    for st in statements:
        if not st.scenarios:
            print(f"  {st.id}: {st.says}" + (f" (teksti: {st.text_only})" if st.text_only else " (ei esimerkkiä)"))
    for e in errors:
        print(e, file=sys.stderr)
    if failed:
        print(f"{len(failed)} skenaariota ei täsmää (python -m tools.verify)", file=sys.stderr)
    return 1 if errors or failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
