"""Package the browser runtime into docs/: self-hosted Pyodide, the engine wheel, widget data.

``python -m tools.runtime`` (also run by ``python -m tools.build``):

- copies Pyodide's core files from ``node_modules/pyodide`` (``npm ci`` installs the pinned
  version) into ``docs/pyodide/``, each copy checked by size and SHA-256; its standard library
  ``python_stdlib.zip`` trimmed to what the engine imports, compiled, stored uncompressed
  (:mod:`tools.stdlib`);
  its package list ``pyodide-lock.json`` without the packages (the site loads none: Pyodide reads
  the file at every start, 119 kB for nothing);
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
import zipfile
from pathlib import Path

from . import publish as pub
from .scenario import load_names, load_rulesets
from .templating import ROOT
from .stdlib import CompileError, shipped
from .wheel import build_wheel_bytes, source_hash

PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
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


def hashed_wheel_name(data: bytes) -> str:
    return f"rommikirja-{pub.sha256_bytes(data)[:12]}.whl"


def _published(docs: Path) -> dict:
    """The pointer the last committed build wrote (call after recovery), or {}."""
    try:
        current = json.loads((docs / "data" / "runtime.json").read_text(encoding="utf-8"))
        return current if isinstance(current, dict) else {}
    except (OSError, ValueError):
        return {}


def _verified(docs: Path, name: object) -> bytes | None:
    """The bytes of a published wheel when they are what the manifest and its name say."""
    if not isinstance(name, str) or "/" in name or not name.endswith(".whl"):
        return None
    path = docs / "pyodide" / name
    try:
        data = path.read_bytes()
    except OSError:
        return None
    meta = pub.read_manifest(docs).get(f"pyodide/{name}", {})
    if pub.sha256_bytes(data) != meta.get("sha256") or hashed_wheel_name(data) != name:
        return None
    return data


def _wheel(docs: Path) -> tuple[str, bytes, str]:
    """(name, bytes, source hash): the published wheel reused when the engine did not change.

    Reads ``docs/`` only after recovery (the callers hold the lock and have recovered)."""
    digest = source_hash()
    current = _published(docs)
    if current.get("engine") == digest:
        data = _verified(docs, current.get("wheel"))
        if data is not None:
            return current["wheel"], data, digest
    _, data = build_wheel_bytes()
    return hashed_wheel_name(data), data, digest


def lock_without_packages(path: Path) -> bytes:
    """Pyodide's lock file with its ``info`` (the platform and Python version it checks) and no
    packages: the engine is a wheel unpacked by hand, and no page loads a Pyodide package."""
    data = path.read_bytes()
    try:
        lock = json.loads(data)
    except ValueError:
        return data  # (not a lock file Pyodide wrote: shipped as it is)
    if not isinstance(lock, dict):
        return data
    return json.dumps({**lock, "packages": {}}, sort_keys=True).encode()


def names_json(path: Path | None = None) -> bytes:
    """The club's names (default ``scenarios/nimet.yaml``) as the page's engine takes them:
    ``{"names": {name: [its singular forms, nominative first]}}``."""
    table = load_names(path)
    return json.dumps({"names": {n: list(f) for n, f in table.items()}}, ensure_ascii=False, sort_keys=True).encode()


def runtime_outputs(docs: Path = DOCS, src: Path = PYODIDE_SRC) -> dict[str, pub.Output]:
    """Everything the runtime puts into docs/, keyed by path under docs/.

    Call with the lock held and ``docs/`` recovered (:func:`tools.publish.recover`)."""
    missing = [f for f in PYODIDE_FILES if not (src / f).is_file()]
    if missing:
        raise RuntimeError_(f"Pyodide puuttuu ({', '.join(missing)}): aja ensin `npm ci`.")
    out = {f"pyodide/{name}": pub.Output(source=src / name) for name in PYODIDE_FILES}
    if zipfile.is_zipfile(src / "python_stdlib.zip"):  # (else shipped as it is)
        try:
            out["pyodide/python_stdlib.zip"] = pub.Output(data=shipped(src / "python_stdlib.zip"))
        except CompileError as err:
            raise RuntimeError_(str(err)) from None
    out["pyodide/pyodide-lock.json"] = pub.Output(data=lock_without_packages(src / "pyodide-lock.json"))
    name, data, digest = _wheel(docs)
    out[f"pyodide/{name}"] = pub.Output(data=data)
    files = {rel: {"size": o.size(), "sha256": o.digest()} for rel, o in sorted(out.items())}
    # the last other wheel is kept (pages of the build before may still start it); older go
    current = _published(docs)
    previous = current.get("wheel") if current.get("wheel") != name else current.get("previous")
    kept = _verified(docs, previous) if previous != name else None
    if kept is not None:
        out[f"pyodide/{previous}"] = pub.Output(data=kept)
    rules = {n: r.as_mapping() for n, r in load_rulesets().items()}
    out["data/rules.json"] = pub.Output(data=json.dumps(rules, ensure_ascii=False, indent=1).encode())
    out["data/names.json"] = pub.Output(data=names_json())
    out["data/runtime.json"] = pub.Output(
        data=json.dumps(
            {
                "pyodide": pyodide_version(src),
                "wheel": name,
                "engine": digest,
                "files": files,
                **({"previous": previous} if kept else {}),
            },
            indent=1,
        ).encode()
    )
    return out


def main(docs: Path = DOCS) -> int:
    try:
        with pub.locked(docs):
            pub.recover(docs)  # before anything here reads docs/
            outputs = runtime_outputs(docs)
            pub.publish(docs, outputs, scope=in_scope)
    except (RuntimeError_, pub.PublishError) as err:
        print(err, file=sys.stderr)
        return 1
    wheel = json.loads(outputs["data/runtime.json"].data)["wheel"]
    print(f"Pyodide {pyodide_version()} ja {wheel} kopioitu hakemistoon docs/pyodide/.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
