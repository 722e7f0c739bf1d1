"""Generated editor aids: JSON Schemas and the editor's reference, from the engine and templates.

``python -m tools.schema`` rewrites

* ``scenarios/scenario.schema.json`` — only its generated parts: ``options`` (every
  option with its value type, allowed values and Finnish meaning), ``game`` (the
  presets) and ``section`` (per game, the sections its page shows); the rest of the
  schema (moves, steps) is kept as written;
* ``scenarios/rules.schema.json`` — a rule file: ``name``, ``title``, ``base`` and
  the options;
* ``scenarios/names.schema.json`` — the club's player names file ``scenarios/nimet.yaml``
  (every case key the ``player`` filter takes, with its ending);
* ``scenarios/words.schema.json`` — the club's word list ``scenarios/sanat.yaml``;
* ``scenarios/sources.schema.json`` — ``scenarios/lahdesaannot.yaml``, the rule sets the
  sources describe (:mod:`tools.credit`);
* ``scenarios/README.md`` — the reference for rule editors: every option with its
  values and Finnish meaning, the sections of each page, and the variables and
  filters a scenario's ``text`` may use.

The schemas are made by :mod:`tools.json_schemas`, the reference by :mod:`tools.reference`
(with the Finnish help of :mod:`tools.editor_help`); this module gathers what they need and
writes them. ``python -m tools.build --accept`` runs it too, and a test fails when a committed
file differs from what this module generates, so none of them can drift.
Editors: ``.vscode/settings.json`` (``yaml.schemas``) maps each schema to its files by path:
rule files (``scenarios/rules/*.yaml``) to the rules schema, the other files of a game's folder to
the scenario schema, ``scenarios/nimet.yaml`` to the names schema (and so on); a new file needs no
``# yaml-language-server: $schema=`` line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .credit import SOURCE_GAME
from .json_schemas import names_schema, rules_schema, scenario_schema, sources_schema
from .reference import reference

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_SCHEMA = ROOT / "scenarios" / "scenario.schema.json"
RULES_SCHEMA = ROOT / "scenarios" / "rules.schema.json"
NAMES_SCHEMA = ROOT / "scenarios" / "names.schema.json"
WORDS_SCHEMA = ROOT / "scenarios" / "words.schema.json"
SOURCES_SCHEMA = ROOT / "scenarios" / "sources.schema.json"
REFERENCE = ROOT / "scenarios" / "README.md"


def games_and_sections(rules_dir: Path | None = None, pages_dir: Path | None = None) -> dict[str, list[str]]:
    """Every preset → the sections its page shows (the schema's ``section`` and the reference's table)."""
    from . import presets

    rules_dir = rules_dir or presets.RULES_DIR
    pages_dir = pages_dir or presets.PAGES
    from .scenario import load_rulesets

    meta = presets.preset_meta(rules_dir)
    rulesets = load_rulesets(rules_dir)
    return {name: presets.valid_sections(name, pages_dir, rulesets.get(name)) for name in sorted(meta)}


def generated(root_scenario_schema: Path = SCENARIO_SCHEMA) -> dict[Path, str]:
    """Every generated file's path and text."""
    from . import notes, spelling

    games = games_and_sections()
    base = json.loads(root_scenario_schema.read_text(encoding="utf-8"))
    sources = sorted(set(SOURCE_GAME.values()))
    return {
        SCENARIO_SCHEMA: json.dumps(scenario_schema(base, games), ensure_ascii=False, indent=2) + "\n",
        RULES_SCHEMA: json.dumps(rules_schema(list(games)), ensure_ascii=False, indent=2) + "\n",
        NAMES_SCHEMA: json.dumps(names_schema(), ensure_ascii=False, indent=2) + "\n",
        WORDS_SCHEMA: json.dumps(spelling.words_schema(), ensure_ascii=False, indent=2) + "\n",
        SOURCES_SCHEMA: json.dumps(sources_schema(sources), ensure_ascii=False, indent=2) + "\n",
        notes.SCHEMA_FILE: json.dumps(notes.notes_schema(), ensure_ascii=False, indent=2) + "\n",
        REFERENCE: reference(games),
    }


def write() -> list[Path]:
    """Write the generated files that changed; return them."""
    changed = []
    for path, text in generated().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        print("käyttö: python -m tools.schema   (kirjoittaa skeemat ja scenarios/README.md uudelleen)")
        return 0 if args in (["-h"], ["--help"]) else 2
    for path in write():
        print(f"kirjoitettu {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
