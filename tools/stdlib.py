"""The browser's Python standard library, trimmed to what the engine and the page's worker import.

Pyodide's ``python_stdlib.zip`` (9.6 MB of sources, deflated: 2.6 MB that no server can compress
further) holds the whole standard library; the engine imports a small part of it. The build ships
``python_stdlib.zip`` with only the modules listed in ``tools/stdlib_keep.txt``, each file
*stored* (not deflated), so that the precompressed ``.br`` copy (``tools.offline``) compresses the
whole archive at once.

``python -m tools.stdlib --trace`` finds the list by running the engine under the stock Pyodide
(node): it imports every module the engine's wheel contains (whatever they are named), runs the
seeded parity workload (``tests/parity_snippet.py``: practice, deals, the computer players) and
the worker's own start-up lines, and writes the standard-library modules then in ``sys.modules``.
``tests/test_parity.py`` runs the same workload under the trimmed archive, and
``tests/test_stdlib.py`` fails when a module the engine imports (under CPython) is not kept.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from .templating import ROOT

STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
KEEP = Path(__file__).with_name("stdlib_keep.txt")
#: kept whatever the trace says: what Python itself needs to start and to report an error
ALWAYS = {
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.latin_1",
    "encodings.ascii",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
    "site",
    "_sitebuiltins",
    "traceback",
    "linecache",
    "tokenize",
    "token",
    "textwrap",
    "_colorize",
    "codeop",
    "ast",
    "_ast_unparse",
    "warnings",
    "_py_warnings",
    "tempfile",
    "shutil",
    "random",
    "bisect",
}
DATE = (2020, 1, 1, 0, 0, 0)

TRACE_JS = r"""
import { readFileSync } from "node:fs";
const [pyodideDir, wheel, snippet, rulesJson, script] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
pyodide.globals.set("RULES_JSON", readFileSync(rulesJson, "utf8"));
pyodide.globals.set("SNIPPET", readFileSync(snippet, "utf8"));
process.stdout.write(pyodide.runPython(readFileSync(script, "utf8")));
"""

TRACE_PY = r"""
import json, sys, zipfile, importlib
before = set(sys.modules)
# every module of the wheel, whatever it is named (subpackages included)
import rommikirja, os
root = os.path.dirname(rommikirja.__file__)
for folder, _, files in os.walk(root):
    for f in files:
        if f.endswith(".py"):
            rel = os.path.relpath(os.path.join(folder, f), os.path.dirname(root))[:-3].replace(os.sep, ".")
            importlib.import_module(rel[: -len(".__init__")] if rel.endswith(".__init__") else rel)
# the worker's start-up lines (rommi-worker.js; where the modules are today) and a seeded
# workload (lazy imports)
for _entry in ("rommikirja.practice", "rommikirja.play", "rommikirja.app.practice", "rommikirja.app.play"):
    try:
        importlib.import_module(_entry).handle
    except (ImportError, AttributeError):
        pass
exec(compile(SNIPPET, "parity_snippet", "exec"), globals())
results(200, json.loads(RULES_JSON))
json.dumps(sorted(sys.modules))
"""


def trace(n_check: bool = True) -> list[str]:
    """The standard-library modules the engine needs under the stock Pyodide (node)."""
    from .wheel import build_wheel_bytes

    stock = zipfile.ZipFile(STOCK)
    stdlib = {_module(name) for name in stock.namelist() if name.endswith(".py")}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "trace.mjs").write_text(TRACE_JS, encoding="utf-8")
        (tmp / "trace.py").write_text(TRACE_PY, encoding="utf-8")
        (tmp / "engine.whl").write_bytes(build_wheel_bytes()[1])
        rules = ROOT / "docs" / "data" / "rules.json"
        proc = subprocess.run(
            [
                "node",
                str(tmp / "trace.mjs"),
                str(STOCK.parent),
                str(tmp / "engine.whl"),
                str(ROOT / "tests" / "parity_snippet.py"),
                str(rules),
                str(tmp / "trace.py"),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    loaded = json.loads(proc.stdout)
    return sorted(m for m in loaded if m in stdlib)


def _module(name: str) -> str:
    """The module a file of the archive is: ``json/decoder.py`` → ``json.decoder``."""
    mod = name[:-3].replace("/", ".")
    return mod[: -len(".__init__")] if mod.endswith(".__init__") else mod


def keep_list(path: Path = KEEP) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")} | ALWAYS


def trimmed(stock: Path = STOCK, keep: set[str] | None = None) -> bytes:
    """The stock archive with only the kept modules (and every package's ``__init__`` above them),
    each stored uncompressed, in a reproducible order and date."""
    keep = keep_list() if keep is None else keep
    wanted = set(keep)
    for mod in keep:
        parts = mod.split(".")
        wanted.update(".".join(parts[:i]) for i in range(1, len(parts)))
    out = io.BytesIO()
    with zipfile.ZipFile(stock) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
        for info in sorted(src.infolist(), key=lambda i: i.filename):
            name = info.filename
            if name.endswith("/") or (name.endswith(".py") and _module(name) not in wanted):
                continue
            if not name.endswith(".py") and "/" in name and name.split("/")[0] not in wanted:
                continue  # a package's data file goes with its package
            dst.writestr(zipfile.ZipInfo(name, DATE), src.read(name))
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--trace" not in argv:
        print(__doc__.splitlines()[0])
        return 0
    mods = trace()
    KEEP.write_text(
        "# GENERATED by python -m tools.stdlib --trace: the standard-library modules the engine\n"
        "# imports under Pyodide (tools/stdlib.py adds a few Python itself needs)\n" + "\n".join(mods) + "\n",
        encoding="utf-8",
    )
    data = trimmed()
    print(
        f"{len(mods)} moduulia; python_stdlib.zip {STOCK.stat().st_size} → {len(data)} tavua (tallennettu pakkaamatta)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
