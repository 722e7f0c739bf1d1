"""The browser's trimmed standard library (tools/stdlib.py): every standard-library module the
engine imports is in the archive the site ships, compiled, and the archive holds stored
(uncompressed) files only. tests/test_parity.py runs the engine's seeded workload under Pyodide
with it."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from tools import stdlib

ROOT = Path(__file__).resolve().parent.parent

# every module of the engine package, whatever it is named (subpackages too), then the modules
# of the standard library in sys.modules
IMPORTS = r"""
import importlib, json, os, sys
import rommikirja
root = os.path.dirname(rommikirja.__file__)
for folder, _, files in os.walk(root):
    for f in files:
        if f.endswith(".py"):
            rel = os.path.relpath(os.path.join(folder, f), os.path.dirname(root))[:-3].replace(os.sep, ".")
            importlib.import_module(rel[: -len(".__init__")] if rel.endswith(".__init__") else rel)
print(json.dumps(sorted(sys.modules)))
"""


def archive_modules(data: bytes) -> set[str]:
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as z:
        return {stdlib._module(n) for n in z.namelist() if n.endswith((".py", ".pyc"))}


def test_every_stdlib_module_the_engine_imports_is_shipped():
    proc = subprocess.run(
        [sys.executable, "-c", IMPORTS],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "engine"), "PATH": ""},
        cwd=ROOT,
    )
    loaded = set(json.loads(proc.stdout))
    with zipfile.ZipFile(stdlib.STOCK) as z:
        in_stock = {stdlib._module(n) for n in z.namelist() if n.endswith(".py")}
    shipped = archive_modules(stdlib.shipped())
    # what CPython imports from files that Pyodide keeps in its archive too
    needed = {m for m in loaded & in_stock if not m.startswith(("_", "rommikirja"))}
    assert needed, "the engine imports no standard-library module at all?"
    assert needed <= shipped, sorted(needed - shipped)


def test_a_missing_module_is_noticed():
    """The check above fails for an archive without one of the engine's modules."""
    keep = stdlib.keep_list() - {"json", "json.decoder", "json.encoder", "json.scanner"}
    shipped = archive_modules(stdlib.trimmed(keep=keep))
    assert "json" not in shipped and "json.decoder" not in shipped


def test_the_archive_is_stored_uncompressed_and_reproducible():
    data = stdlib.trimmed()
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as z:
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
        assert "encodings/utf_8.py" in z.namelist()
    assert stdlib.trimmed() == data
    assert len(data) < 0.5 * sum(i.file_size for i in zipfile.ZipFile(stdlib.STOCK).infolist())


def test_the_shipped_archive_holds_only_compiled_modules_for_this_python():
    """Every module of the trimmed archive is there as a .pyc of Pyodide's Python (its magic
    number: a .pyc of another Python would be ignored, or fail), no source beside it."""
    source = zipfile.ZipFile(__import__("io").BytesIO(stdlib.trimmed()))
    shipped = zipfile.ZipFile(__import__("io").BytesIO(stdlib.shipped()))
    assert {i.compress_type for i in shipped.infolist()} == {zipfile.ZIP_STORED}
    names = set(shipped.namelist())
    assert not {n for n in names if n.endswith(".py")}
    assert {n + "c" for n in source.namelist() if n.endswith(".py")} == {n for n in names if n.endswith(".pyc")}
    # the magic number of Pyodide's Python: the same as the stock archive's own version
    version = json.loads((stdlib.STOCK.parent / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]["python"]
    magics = {shipped.read(n)[:4] for n in names if n.endswith(".pyc")}
    assert len(magics) == 1
    assert version.startswith("3.14") and int.from_bytes(next(iter(magics))[:2], "little") in range(3600, 3700)
    assert stdlib.shipped() == stdlib.shipped()
