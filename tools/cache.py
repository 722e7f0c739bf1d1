"""One cache API for what the tools keep between runs: one key recipe, one store, one switch.

Everything a run can skip next time (parsed YAML, the page sections a template calls, compiled
project templates, compiled scenario texts, "this text has no problems") is an entry of the one
store :mod:`tools.kept` (``tools/__pycache__/kept.pickle``, ignored by git), ``name → (key,
payload)``: the name says which file an entry is about, the key is made here, by :func:`key`,
from everything the payload depends on (the exact source, the tools that read it, the library
versions, the Python). A reader that finds another key does the work again, so a changed file
or tool never meets an old entry.

``ROMMIKIRJA_TEMPLATE_CACHE=0`` turns off the template and text entries, ``ROMMIKIRJA_YAML_CACHE=0``
the YAML ones (:func:`enabled`).

>>> key(b"a", "b") == key(b"a", "b") != key(b"ab")
True
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any, Callable

from . import kept

__all__ = ["cached", "enabled", "keep", "key", "known", "lookup", "note", "salt"]

#: The environment switch of each kind of entry.
SWITCHES = {"template": "ROMMIKIRJA_TEMPLATE_CACHE", "yaml": "ROMMIKIRJA_YAML_CACHE"}


def enabled(kind: str) -> bool:
    """Whether entries of ``kind`` (``template`` or ``yaml``) are kept (its switch is not ``0``)."""
    return os.environ.get(SWITCHES[kind], "1") != "0"


def _bytes(part: bytes | str | Path) -> bytes:
    if isinstance(part, bytes):
        return part
    if isinstance(part, Path):
        return part.read_bytes()
    return str(part).encode("utf-8", "surrogatepass")


def key(*parts: bytes | str | Path) -> bytes:
    """The one key recipe: a SHA-256 of the parts, each preceded by its length (bytes as they
    are, text as UTF-8, a :class:`~pathlib.Path` as its file's bytes)."""
    h = hashlib.sha256()
    for part in parts:
        data = _bytes(part)
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.digest()


_SALTS: dict[tuple, bytes] = {}


def salt(*parts: bytes | str | Path) -> bytes:
    """:func:`key` of what a kind of entry depends on besides its own file (the tools' sources
    as paths, library versions), and of the Python that runs them; worked out once per process."""
    done = _SALTS.get(parts)
    if done is None:
        import importlib.util

        done = _SALTS[parts] = key(*parts, sys.version, sys.implementation.cache_tag, importlib.util.MAGIC_NUMBER)
    return done


def cached(
    name: str,
    entry_key: bytes | None,
    compute: Callable[[], Any],
    *,
    encode: Callable[[Any], bytes] = bytes,
    decode: Callable[[bytes], Any] = bytes,
    kind: str = "template",
) -> Any:
    """The value kept for ``name`` under ``entry_key``, or ``compute()`` kept for next time.

    ``decode`` turns a payload back into the value (None, or any exception: not usable, compute
    again); ``encode`` makes the payload. No key (None) or a switched-off ``kind``: just compute.
    """
    if entry_key is None or not enabled(kind):
        return compute()
    payload = kept.get(name, entry_key)
    if payload is not None:
        try:
            value = decode(payload)
        except Exception:  # a damaged or foreign entry is made afresh
            value = None
        if value is not None:
            return value
    value = compute()
    kept.put(name, entry_key, encode(value))
    return value


def known(name: str, entry_key: bytes | None) -> bool:
    """Whether the fact ``name`` was noted under ``entry_key`` (:func:`note`; "this text is clean")."""
    return entry_key is not None and kept.get(name, entry_key) is not None


def note(name: str, entry_key: bytes | None) -> None:
    """Note the fact ``name`` under ``entry_key`` (nothing without a key)."""
    if entry_key is not None:
        kept.put(name, entry_key, b"")


def lookup(name: str, entry_key: bytes) -> bytes | None:
    """The payload kept for ``name`` under ``entry_key`` (None: none, or under another key), for a
    caller that cannot hand its work to :func:`cached` (Jinja2's bytecode cache reads and writes
    at two moments)."""
    return kept.get(name, entry_key)


def keep(name: str, entry_key: bytes, payload: bytes) -> None:
    """Keep ``payload`` for ``name`` under ``entry_key`` (written when the run ends)."""
    kept.put(name, entry_key, payload)
