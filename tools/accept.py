"""``python -m tools.build --accept [SCENARIO …]``: take the engine's values into failing expectations.

Every failing expectation is reported as ``file:line: key: odotettiin X, moottori antoi Y``
(:func:`tools.scenario.context.compare`). For the scenarios named (ids such as
``p21-pisteet`` or paths; all failing ones when none is named) this rewrites exactly
that line: the value after ``key:`` becomes ``Y`` written as the file wrote it (a list
in seat order stays a list), the line's comment stays, every other line is untouched.
A value written as a block over several lines becomes one flow line. Failures of
another form (a move the engine refuses, a position it cannot reach) are listed for the
editor to fix by hand, and then nothing else in that file is rewritten either. The
generated sample deals (``z-*.yaml``) are played again under the current rules instead
(:func:`regenerate_sample_deals`). When every scenario then holds, the snapshots in
``tests/snapshots`` are
refreshed (:mod:`tools.pagediff`), so ``git diff`` shows the whole change for review.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Sequence

import yaml

from .yamlsrc import SourceError

ROOT = Path(__file__).resolve().parent.parent
_FAILURE = re.compile(r"^(?P<key>\w+): odotettiin (?P<want>.*), moottori antoi (?P<got>.*)$", re.S)
_PLAIN = re.compile(r"^[A-Za-z0-9ÅÄÖåäö_][A-Za-z0-9ÅÄÖåäö_ .-]*$")
#: The note tools.scenario.load writes after a derailed move (see ``_derailed``).
DERAILED_NOTE = re.compile(r"^rivin \d+ siirto .*joten jako ei enää ole skenaarion kuvaama")
_YAML_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def flow(value: Any) -> str:
    """A value as one line of YAML flow style, the way scenario files write it.

    >>> flow({"Aino": 36, "Eero": 0}), flow([["7H", "8H"], []]), flow(None), flow(True)
    ('{Aino: 36, Eero: 0}', '[[7H, 8H], []]', 'null', 'true')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in value.items()) + "}"
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _YAML_WORDS and text.strip() == text:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _engine_value(got: str) -> Any:
    if got == "ei kukaan":
        return None
    return yaml.safe_load(f"v: {got}")["v"]


def _split_comment(text: str) -> tuple[str, str]:
    """Value text and its trailing ``# comment`` (a # inside quotes or flow brackets is not one)."""
    depth, quote = 0, ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "#" and depth <= 0 and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip(), text[i:]
    return text.rstrip(), ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def rewrite(lines: list[str], lineno: int, key: str, got: Any, names: Sequence[str]) -> bool:
    """Put ``got`` as the value of ``key`` on line ``lineno`` (1-based); False if the line is not it."""
    idx = lineno - 1
    if not 0 <= idx < len(lines):
        return False
    m = re.match(r"^(?P<prefix>\s*(?:-\s+)?)" + re.escape(key) + r"(?P<sep>\s*:)(?P<rest>.*)$", lines[idx])
    if not m:
        return False
    column = len(m.group("prefix"))
    value_text, comment = _split_comment(m.group("rest"))
    end = idx + 1
    while (
        end < len(lines)
        and lines[end].strip()
        and (
            _indent(lines[end]) > column
            or not value_text.strip()
            and lines[end].lstrip().startswith("- ")
            and _indent(lines[end]) >= column
        )
    ):
        end += 1
    block = [" " * column + lines[idx][column:]] + lines[idx + 1 : end]
    try:
        old = yaml.safe_load("\n".join(line[column:] if line[:column].strip() == "" else line for line in block)).get(
            key
        )
    except (yaml.YAMLError, AttributeError):
        old = None
    new = got
    if isinstance(new, dict) and isinstance(old, list) and len(old) == len(names):
        new = list(old)
        for name, v in got.items():
            if name in names:
                new[list(names).index(name)] = v
    elif isinstance(new, dict) and isinstance(old, dict):
        new = {**old, **got}
    text = f"{m.group('prefix')}{key}: {flow(new)}" + (f"  {comment}" if comment else "")
    lines[idx:end] = [text]
    return True


def _chosen(err: SourceError, names: Sequence[str]) -> bool:
    if not names:
        return True
    p = Path(err.path)
    return any(n in (p.stem, p.name, err.path, str(p)) or Path(n).resolve() == (ROOT / p).resolve() for n in names)


def regenerate_sample_deals(out=sys.stdout) -> bool:
    """Replay the generated sample deals (``z-*.yaml``) under today's rules; False if that fails.

    Those files are the engine's own deals, so accepting the engine's values means playing
    them again: a rule change can make their old moves illegal, which no expectation edit
    could mend.
    """
    from . import sample_deal

    try:
        files = sample_deal.generate()
    except Exception as err:  # a rule set under which the sample policy cannot finish
        print(f"Esimerkkijakoja ei voi pelata uudelleen näillä säännöillä: {err}", file=out)
        return False
    stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    if stale or sample_deal.leftovers(files):
        removed = sample_deal.write(files)
        if stale:
            print(
                f"{len(stale)} esimerkkijakoa pelattiin uudelleen nykyisillä säännöillä (tools/sample_deal.py).",
                file=out,
            )
        for old in removed:
            print(f"{old.relative_to(sample_deal.ROOT)}: poistettu; generaattori ei enää tee sitä", file=out)
    return True


def accept(names: Sequence[str], out=sys.stdout) -> int:
    """Write the engine's values into the failing expectations of ``names``; see the module doc."""
    from . import pagediff
    from .verify import verify

    if not names or any(Path(n).name.startswith("z-") for n in names):
        if not regenerate_sample_deals(out):
            return 1
    scenarios, errors = verify()
    by_path = {sc.rel: sc for sc in scenarios}
    unknown = [
        n
        for n in names
        if not any(n in (sc.id, sc.rel, sc.path.name) or Path(n).resolve() == sc.path.resolve() for sc in scenarios)
    ]
    if unknown:
        print(f"tuntematon skenaario: {', '.join(unknown)}", file=out)
        return 2
    chosen = [e for e in errors if _chosen(e, names)]
    manual: list[SourceError] = []
    files: dict[str, list[SourceError]] = {}
    for err in chosen:
        files.setdefault(err.path, []).append(err)
    for rel, errs in files.items():
        path = ROOT / rel if not Path(rel).is_absolute() else Path(rel)
        sc = by_path.get(rel)
        lines = path.read_text(encoding="utf-8").split("\n")
        changed = 0
        if any(not _FAILURE.match(e.message) for e in errs):
            # a position the engine cannot reach or a move it refuses: the file's other values
            # would be taken from a broken example, so the editor mends it first
            manual.extend(errs)
            continue
        for err in sorted(errs, key=lambda e: -(e.line or 0)):
            m = _FAILURE.match(err.message)
            try:
                ok = bool(
                    m
                    and err.line
                    and sc is not None
                    and rewrite(lines, err.line, m.group("key"), _engine_value(m.group("got")), sc.names)
                )
            except yaml.YAMLError:
                ok = False
            if ok:
                changed += 1
                print(f"{err.path}:{err.line}: {m.group('key')} ← {m.group('got')}", file=out)
            else:
                manual.append(err)
        if changed:
            path.write_text("\n".join(lines), encoding="utf-8")
    for err in manual:  # the note on lines left unchecked after a derailed move is no error of its own
        print(f"{err}" if DERAILED_NOTE.search(err.message) else f"{err}  ← korjaa käsin", file=out)
    scenarios, errors = verify()
    if errors:
        print(f"{len({e.path for e in errors})} skenaariota ei vielä täsmää; tilannekuvia ei päivitetty.", file=out)
        return 1
    _, _, facts, pages, build_error = pagediff.current_state()
    if build_error:
        print(f"Sivuja ei voi rakentaa: {build_error}", file=out)
        return 1
    pagediff.write_snapshots(facts, pages)
    from . import schema  # a new game, section or option reaches the editor's schema

    for path in schema.write():
        print(f"päivitetty {path.relative_to(ROOT)}", file=out)
    print(
        f"Kaikki skenaariot täsmäävät; tilannekuvat päivitetty ({pagediff.SNAPSHOTS.relative_to(ROOT)}/). "
        "Tarkista muutokset: git diff",
        file=out,
    )
    return 0
