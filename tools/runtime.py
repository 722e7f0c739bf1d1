"""Package the browser runtime into docs/: self-hosted Pyodide, the engine wheel, widget data.

``python -m tools.runtime`` (also run by ``python -m tools.build``):

- copies Pyodide's core files from ``node_modules/pyodide`` (``npm ci`` installs the pinned
  version) into ``docs/pyodide/``;
- builds the engine as a pure ``py3-none-any`` wheel into ``docs/pyodide/``;
- writes ``docs/data/runtime.json`` (file names) and ``docs/data/rules.json`` (every preset, so
  the browser never reads YAML).

Everything it writes is git-ignored and rebuilt; nothing is fetched from the network.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .scenario import load_rulesets
from .templating import ROOT

PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
OUT = ROOT / "docs" / "pyodide"
DATA = ROOT / "docs" / "data"


class RuntimeError_(Exception):
    pass


def pyodide_version() -> str:
    meta = json.loads((PYODIDE_SRC / "package.json").read_text(encoding="utf-8"))
    return meta["version"]


def build_wheel(dest: Path) -> Path:
    """The engine as a pure wheel (standard library only, so it loads in Pyodide as is)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                               "-q", "-w", tmp, str(ROOT)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError_(f"moottorin wheel-paketin rakentaminen epäonnistui:\n{proc.stderr}")
        wheels = list(Path(tmp).glob("rommikirja-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise RuntimeError_("odotettiin yhtä py3-none-any-wheeliä, saatiin "
                                + ", ".join(p.name for p in Path(tmp).iterdir()))
        for old in dest.glob("rommikirja-*.whl"):
            old.unlink()
        target = dest / wheels[0].name
        shutil.copy2(wheels[0], target)
        return target


def main() -> int:
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_SRC / f).exists()]
    if missing:
        print(f"Pyodide puuttuu ({', '.join(missing)}): aja ensin `npm ci`.", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    DATA.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        src, dst = PYODIDE_SRC / name, OUT / name
        if not dst.exists() or dst.stat().st_size != src.stat().st_size or dst.stat().st_mtime < src.stat().st_mtime:
            shutil.copy2(src, dst)
    try:
        wheel = build_wheel(OUT)
    except RuntimeError_ as err:
        print(err, file=sys.stderr)
        return 1
    rules = {name: r.as_mapping() for name, r in load_rulesets().items()}
    (DATA / "rules.json").write_text(json.dumps(rules, ensure_ascii=False, indent=1), encoding="utf-8")
    (DATA / "runtime.json").write_text(json.dumps({"pyodide": pyodide_version(), "wheel": wheel.name}),
                                      encoding="utf-8")
    print(f"Pyodide {pyodide_version()} ja {wheel.name} kopioitu hakemistoon docs/pyodide/.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
