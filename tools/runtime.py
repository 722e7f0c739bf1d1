"""Package the browser runtime into docs/: self-hosted Pyodide, the engine wheel, widget data.

``python -m tools.runtime`` (also run by ``python -m tools.build``):

- copies Pyodide's core files from ``node_modules/pyodide`` (``npm ci`` installs the pinned
  version) into ``docs/pyodide/``, each copy checked by size and SHA-256;
- builds the engine as a pure, reproducible ``py3-none-any`` wheel (:mod:`tools.wheel`) into
  ``docs/pyodide/``, only when the engine's sources changed;
- writes ``docs/data/runtime.json`` (file names), ``docs/data/rules.json`` (every preset) and
  ``docs/data/names.json`` (the club's own player names from ``scenarios/nimet.yaml`` with their
  case forms, which moottori.js registers in the page's engine at each start), so the browser
  never reads YAML.

Everything is published in one transaction (:mod:`tools.publish`). Everything it writes is
git-ignored and rebuilt; nothing is fetched from the network.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from . import publish as pub
from .scenario import load_names, load_rulesets
from .templating import ROOT
from .wheel import build_wheel_bytes, source_hash, wheel_name

PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
DOCS = ROOT / "docs"
SCOPE_DIRS = ("pyodide/", "data/")


class RuntimeError_(Exception):
    pass


def pyodide_version(src: Path = PYODIDE_SRC) -> str:
    meta = json.loads((src / "package.json").read_text(encoding="utf-8"))
    return meta["version"]


def in_scope(rel: str) -> bool:
    """The files this module owns in docs/."""
    return rel.startswith(SCOPE_DIRS)


def _wheel(docs: Path) -> tuple[str, bytes, str]:
    """(name, bytes, source hash): the published wheel reused when the engine did not change."""
    digest = source_hash()
    name = wheel_name()
    try:
        current = json.loads((docs / "data" / "runtime.json").read_text(encoding="utf-8"))
        published = docs / "pyodide" / name
        meta = pub.read_manifest(docs).get(f"pyodide/{name}", {})
        if current.get("engine") == digest and current.get("wheel") == name and published.is_file():
            data = published.read_bytes()
            if pub.sha256_bytes(data) == meta.get("sha256"):
                return name, data, digest
    except (OSError, ValueError, AttributeError):
        pass
    name, data = build_wheel_bytes()
    return name, data, digest


def names_json(path: Path | None = None) -> bytes:
    """The club's names (default ``scenarios/nimet.yaml``) as the page's engine takes them:
    ``{"names": {name: [its singular forms, nominative first]}}``."""
    table = load_names(path)
    return json.dumps({"names": {n: list(f) for n, f in table.items()}}, ensure_ascii=False,
                      sort_keys=True).encode()


def runtime_outputs(docs: Path = DOCS, src: Path = PYODIDE_SRC) -> dict[str, pub.Output]:
    """Everything the runtime puts into docs/, keyed by path under docs/."""
    missing = [f for f in PYODIDE_FILES if not (src / f).is_file()]
    if missing:
        raise RuntimeError_(f"Pyodide puuttuu ({', '.join(missing)}): aja ensin `npm ci`.")
    out = {f"pyodide/{name}": pub.Output(source=src / name) for name in PYODIDE_FILES}
    name, data, digest = _wheel(docs)
    out[f"pyodide/{name}"] = pub.Output(data=data)
    rules = {n: r.as_mapping() for n, r in load_rulesets().items()}
    out["data/rules.json"] = pub.Output(data=json.dumps(rules, ensure_ascii=False, indent=1).encode())
    out["data/names.json"] = pub.Output(data=names_json())
    out["data/runtime.json"] = pub.Output(data=json.dumps({"pyodide": pyodide_version(src), "wheel": name,
                                                           "engine": digest}).encode())
    return out


def main(docs: Path = DOCS) -> int:
    try:
        with pub.locked(docs):
            outputs = runtime_outputs(docs)
            pub.publish(docs, outputs, scope=in_scope)
    except (RuntimeError_, pub.PublishError) as err:
        print(err, file=sys.stderr)
        return 1
    wheel = next(Path(rel).name for rel in outputs if rel.endswith(".whl"))
    print(f"Pyodide {pyodide_version()} ja {wheel} kopioitu hakemistoon docs/pyodide/.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
