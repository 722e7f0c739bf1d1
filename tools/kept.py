"""What verify keeps between runs, in one file: read once when first asked, written once when a run ends.

Creating a file costs more than parsing a scenario (on the machines measured, 0.6 ms of CPU
each), so parsed YAML (:func:`tools.yamlsrc.load`), the page sections of each template, compiled
templates and scenario texts and "this text parsed without problems"
(:func:`tools.textcheck.check_template`) are kept as entries of one store,
``tools/__pycache__/kept.pickle`` (ignored by git). Each entry is ``name → (key, payload)``:
the name says which file it is about (one entry per file: a changed file replaces its entry),
the key (:func:`tools.cache.key`, the one recipe) is a SHA-256 of everything the payload depends on; a reader compares the key and
otherwise does the work again. The file carries a SHA-256 of its contents and holds only
strings, bytes and tuples (anything else is refused when read), so a damaged or foreign file is
simply ignored. ``ROMMIKIRJA_YAML_CACHE=0`` and ``ROMMIKIRJA_TEMPLATE_CACHE=0`` keep the YAML and the
template entries out of it (:func:`tools.cache.enabled`). Use it through :mod:`tools.cache`.

:func:`flush` writes what a run added (verify calls it at the end of every run; an ordinary
interpreter exit does too), leaving out the entries of files that no longer exist or lie
outside the project (they are kept for the rest of the process only); two runs that end at once each write a whole file, and the entries
of the one that loses are made again next time.
"""

from __future__ import annotations

import atexit
import os
from pathlib import Path
from typing import Any

#: The store (a module attribute so that tests can point it elsewhere).
STORE_FILE = Path(__file__).resolve().parent / "__pycache__" / "kept.pickle"

#: At most this many entries are kept (the least recently written beyond it are dropped).
MAX_ENTRIES = 50_000

_state: dict[str, Any] = {"file": None, "entries": None, "added": {}}


def get(name: str, key: bytes) -> bytes | None:
    """The payload kept for ``name`` when it was kept under ``key``; None otherwise."""
    entry = _entries().get(name)
    if entry is None or entry[0] != key:
        return None
    return entry[1]


def put(name: str, key: bytes, payload: bytes) -> None:
    """Keep ``payload`` for ``name`` under ``key`` (written by :func:`flush`)."""
    entries = _entries()
    entries[name] = (key, payload)
    if not _state.get("at_exit"):
        _state["at_exit"] = atexit.register(flush)
    _state["added"][name] = (key, payload)


def flush() -> None:
    """Write the entries added since the last flush into the store file (whole, then renamed)."""
    added = _state["added"]
    if not added:
        return
    _state["added"] = {}
    path = _state["file"]
    on_disk = _read(path)  # another run may have written since this one read it
    on_disk.update(added)
    for name in [n for n in on_disk if not _worth_keeping(n)]:
        del on_disk[name]  # a deleted scenario, a test's temporary file
    if len(on_disk) > MAX_ENTRIES:
        for name in list(on_disk)[: len(on_disk) - MAX_ENTRIES]:
            del on_disk[name]
    import hashlib
    import pickle

    payload = pickle.dumps(on_disk, protocol=5)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        tmp.write_bytes(hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, path)
    except OSError:  # a read-only tree: nothing is kept
        try:
            tmp.unlink()
        except OSError:
            pass


#: Relative paths in entry names are relative to the project (as verify shows them).
ROOT = Path(__file__).resolve().parent.parent


def _worth_keeping(name: str) -> bool:
    """Whether the file an entry is about (``kind:path``) exists inside the project: entries of
    deleted files and of files elsewhere (a test's temporary scenario) are not written."""
    _, _, path = name.partition(":")
    try:
        full = Path(path) if os.path.isabs(path) else ROOT / path
        return full.is_relative_to(ROOT) and full.exists()
    except (OSError, ValueError):
        return False


def _entries() -> dict[str, tuple[bytes, bytes]]:
    """The entries of the store file (read on first use, or again when the file setting changed)."""
    if _state["entries"] is None or _state["file"] != STORE_FILE:
        flush()  # what was added for the store used so far goes there
        _state["file"], _state["entries"], _state["added"] = STORE_FILE, _read(STORE_FILE), {}
    return _state["entries"]


def _read(path: Path) -> dict[str, tuple[bytes, bytes]]:
    import hashlib
    import io
    import pickle

    try:
        blob = path.read_bytes()
    except OSError:
        return {}
    if hashlib.sha256(blob[32:]).digest() != blob[:32]:
        return {}  # torn or damaged: start afresh

    class Plain(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            raise pickle.UnpicklingError(f"{module}.{name}")

    try:
        data = Plain(io.BytesIO(blob[32:])).load()
    except Exception:  # any unreadable store is started afresh
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        n: e
        for n, e in data.items()
        if isinstance(n, str)
        and isinstance(e, tuple)
        and len(e) == 2
        and isinstance(e[0], bytes)
        and isinstance(e[1], bytes)
    }
