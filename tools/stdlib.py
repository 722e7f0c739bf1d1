"""The browser's Python standard library, trimmed to what the engine and the page's worker import.

Pyodide's ``python_stdlib.zip`` (9.6 MB of sources, deflated: 2.6 MB that no server can compress
further) holds the whole standard library; the engine imports a small part of it. The build ships
``python_stdlib.zip`` with only the modules listed in ``tools/stdlib_keep.txt``, each file
*stored* (not deflated), so that the precompressed ``.br`` copy (``tools.offline``) compresses the
whole archive at once.

The archive the site ships (:func:`shipped`) holds each module *compiled* (``.pyc`` only, made by
the same Pyodide in node: :func:`compiled`): Pyodide's start imports some 150 modules, and
compiling their sources was most of a cold start (2–6 s of 3–7 under load). Each is compiled
without docstrings (``optimize=2``) and with a line table that gives every instruction its
function's first line (tracebacks work; the line is the ``def``'s), so that it weighs what the
sources did (brotli: 0.57 MB either way). The result is cached by its input under
``node_modules/.cache/rommikirja-stdlib/``.

``python -m tools.stdlib --trace`` finds the list by running the engine under the stock Pyodide
(node): it imports every module the engine's wheel contains (whatever they are named), runs the
seeded parity workload (``tests/parity_snippet.py``: practice, deals, the computer players) and
the worker's own start-up lines, and writes the standard-library modules then in ``sys.modules``.
``tests/test_parity.py`` runs the same workload under the trimmed archive, and
``tests/test_stdlib.py`` fails when a module the engine imports (under CPython) is not kept.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
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
    """The module a file of the archive is: ``json/decoder.py`` (or ``.pyc``) → ``json.decoder``."""
    mod = name[: -len(".pyc") if name.endswith(".pyc") else -len(".py")].replace("/", ".")
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


CACHE = ROOT / "node_modules" / ".cache" / "rommikirja-stdlib"
COMPILE_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
const [pyodideDir, source, script, target] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(source)));
pyodide.runPython(readFileSync(script, "utf8"));
writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
"""
#: run under Pyodide: every ``.py`` of /tmp/in.zip compiled into /tmp/out.zip (see the module doc)
COMPILE_PY = r"""
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def flat(code):
    # every instruction on the function's first line: 2 bytes per 8 code units ("no column
    # info, line delta 0"), where the real table with columns took most of a .pyc
    consts = tuple(flat(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    n = len(code.co_code) // 2
    table = bytes([0xEF, 0]) * (n // 8) + (bytes([0xE8 | (n % 8 - 1), 0]) if n % 8 else b"")
    return code.replace(co_consts=consts, co_linetable=table)

with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as dst:
    for info in src.infolist():
        data = src.read(info.filename)
        if info.filename.endswith(".py"):
            code = flat(compile(data, info.filename, "exec", dont_inherit=True, optimize=2))
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            dst.writestr(zipfile.ZipInfo(info.filename + "c", info.date_time), bytes(pyc))
        else:
            dst.writestr(zipfile.ZipInfo(info.filename, info.date_time), data)
"""


class CompileError(Exception):
    """The archive could not be compiled (a Finnish message)."""


def compiled(data: bytes, pyodide_dir: Path = STOCK.parent) -> bytes:
    """A source archive (:func:`trimmed`) with every module compiled by Pyodide (node), cached."""
    key = hashlib.sha256(data + COMPILE_PY.encode() + (pyodide_dir / "package.json").read_bytes()).hexdigest()
    cached = CACHE / f"{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "compile.mjs").write_text(COMPILE_JS, encoding="utf-8")
        (tmp / "compile.py").write_text(COMPILE_PY, encoding="utf-8")
        (tmp / "in.zip").write_bytes(data)
        try:
            proc = subprocess.run(
                [
                    "node",
                    str(tmp / "compile.mjs"),
                    str(pyodide_dir),
                    str(tmp / "in.zip"),
                    str(tmp / "compile.py"),
                    str(tmp / "out.zip"),
                ],
                capture_output=True,
                text=True,
                timeout=600,
            )
        except (OSError, subprocess.TimeoutExpired):
            raise CompileError("python_stdlib.zip: Noden käynnistys epäonnistui (onko Node asennettu?)") from None
        if proc.returncode != 0 or not (tmp / "out.zip").is_file():
            last = (proc.stderr.strip().splitlines() or ["tuntematon virhe"])[-1][:200]
            raise CompileError(f"python_stdlib.zip: moduulien kääntäminen Pyodidella epäonnistui ({last})")
        out = (tmp / "out.zip").read_bytes()
    part = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
    part.write_bytes(out)
    os.replace(part, cached)
    return out


def shipped(stock: Path = STOCK, keep: set[str] | None = None) -> bytes:
    """The archive the site ships: :func:`trimmed`, compiled."""
    return compiled(trimmed(stock, keep), stock.parent)


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
    data = shipped()
    print(
        f"{len(mods)} moduulia; python_stdlib.zip {STOCK.stat().st_size} → {len(data)} tavua"
        " (käännettynä, tallennettu pakkaamatta)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
