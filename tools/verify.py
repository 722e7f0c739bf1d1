"""Verify scenarios: ``python -m tools.verify [PATH ...]`` (default: all of scenarios/).

Exit 0 when every scenario holds; otherwise exit 1 and print, for each failure,
``file:line: what was expected against what the engine gave``.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from .scenario import Scenario, SourceError, load_rulesets, load_scenario, scenario_paths
from .reachable import allowed_truth_checks, known_failures
from .templating import check_template


def verify(paths: Sequence[str | Path] = ()) -> tuple[list[Scenario], list[SourceError]]:
    """Load, play and check scenarios; return those that loaded and every error found."""
    errors: list[SourceError] = []
    try:
        rulesets = load_rulesets()
    except SourceError as err:
        return [], [err]
    scenarios: list[Scenario] = []
    known = known_failures()
    files = scenario_paths(paths)
    for path in files:
        if not path.exists():
            errors.append(SourceError(path, None, "tiedostoa ei ole"))
            continue
        try:
            sc = load_scenario(path, rulesets)
        except SourceError as err:
            errors.append(err)
            continue
        except Exception as err:  # a bug in the tools or engine: still name the file, no traceback
            errors.append(SourceError(path, None, f"sisäinen virhe tarkistuksessa ({type(err).__name__}: "
                                                  f"{err}); tämä on Rommikirjan vika, ei tiedoston"))
            continue
        errors.extend(sc.failures)
        errors.extend(check_template(sc))
        errors.extend(allowed_truth_checks(sc, known))      # reachable positions, true sentences
        scenarios.append(sc)
    seen: dict[str, Scenario] = {}
    for sc in scenarios:
        if sc.id in seen:
            errors.append(SourceError(sc.rel, 1, f"tunniste {sc.id} on jo käytössä: {seen[sc.id].rel}"))
        seen[sc.id] = sc
    return scenarios, errors


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print(__doc__.strip())
        return 0
    scenarios, errors = verify(args)
    for err in errors:
        print(err, file=sys.stderr)
    total = len(scenario_paths(args))
    if errors:
        bad = len({e.path for e in errors})
        print(f"{bad} / {total} skenaariota ei täsmää.", file=sys.stderr)
        return 1
    print(f"Kaikki {total} skenaariota täsmäävät.")
    known = known_failures()
    if known:
        print(f"Huom: {len(known)} skenaariota on väliaikaisella poikkeuslistalla "
              "(tools/known_unreachable.txt); niiden asetelmia ja lauseita ei ole vielä tarkistettu.",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
