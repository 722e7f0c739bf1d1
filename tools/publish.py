"""Publishing generated files into ``docs/`` as one transaction.

``docs/`` mixes hand-written files (``assets/``) with generated ones (pages, ``data/``,
``pyodide/``), so it cannot be swapped by one rename. Instead :func:`publish`:

1. writes every changed file into a hidden staging folder ``docs/.stage-…`` (MkDocs never
   publishes names starting with a dot) and checks each copy by size and SHA-256;
2. writes a journal, then moves each old file aside (into the stage) and the new one into
   place — each a ``rename`` inside one file system — and removes strays: files a previous
   build wrote (the manifest ``docs/.rommikirja-manifest.json``) that this one does not;
3. writes the new manifest and deletes the journal: that is the commit.

An exception at any step rolls back, so ``docs/`` is entirely old; a killed build leaves
the journal, and the next :func:`recover` (every build starts with it) puts the old files
back. Stale staging folders are removed. A lock (``docs/.rommikirja.lock``) makes
concurrent builds take turns.

Recovery comes before anything reads ``docs/``: every entry point (``tools.build`` with its
``--diff``/``--accept``, ``tools.runtime``, ``tools.serve``, ``tools.site`` and the MkDocs hooks)
first calls :func:`recovered` or holds :func:`locked` and calls :func:`recover`, so no step ever
reads a half-published file (a runtime step that read a half-published ``data/runtime.json``
once reused the old wheel for new pages).

Tests stop a build at a named step: ``ROMMIKIRJA_KILL_AT=<step>`` (a shell pattern) makes
:func:`step` send SIGKILL to the build's process group (start the build in a session of its own); ``ROMMIKIRJA_STEP_LOG=<file>`` lists the steps.
"""

from __future__ import annotations

import contextlib
import fnmatch
import hashlib
import json
import os
import re
import shutil
import signal
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None  # type: ignore[assignment]

MANIFEST = ".rommikirja-manifest.json"
JOURNAL = ".rommikirja-journal.json"
LOCK = ".rommikirja.lock"
STAGE_PREFIX = ".stage-"
#: temporary folders left in docs/ by older versions of the build (tempfile.TemporaryDirectory)
_OLD_TMP = re.compile(r"tmp[a-z0-9_]{8}")


class PublishError(Exception):
    """Publishing failed; the message is Finnish and ``docs/`` is unchanged."""


@dataclass(frozen=True)
class Output:
    """One generated file: its bytes, or a file to copy (checked by size and hash)."""

    data: bytes | None = None
    source: Path | None = None

    def digest(self) -> str:
        return sha256_bytes(self.data) if self.data is not None else sha256_file(self.source)

    def size(self) -> int:
        return len(self.data) if self.data is not None else self.source.stat().st_size


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def kill_point(name: str) -> None:
    """SIGKILL this build's process group at the step ``ROMMIKIRJA_KILL_AT`` names; with
    ``ROMMIKIRJA_STEP_LOG`` each step's name is appended to that file (tests only)."""
    log = os.environ.get("ROMMIKIRJA_STEP_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(name + "\n")
    target = os.environ.get("ROMMIKIRJA_KILL_AT")
    if target and fnmatch.fnmatchcase(name, target):
        os.killpg(os.getpgrp(), signal.SIGKILL)


#: Called before each write step with its name; tests replace it to inject failures.
step: Callable[[str], None] = kill_point


#: Set by a process that holds the lock for a child it starts (``tools.site`` for MkDocs): the
#: resolved ``docs`` path. The child's hooks then read ``docs/`` under the parent's lock.
HELD_ENV = "ROMMIKIRJA_DOCS_LOCKED"
_held: set[str] = set()


@contextlib.contextmanager
def locked(docs: Path, timeout: float = 300.0) -> Iterator[None]:
    """Hold ``docs/.rommikirja.lock`` (other builds wait for their turn). Re-entrant: a process
    that holds it already (or whose parent holds it for it, :data:`HELD_ENV`) goes on at once."""
    docs.mkdir(parents=True, exist_ok=True)
    key = str(docs.resolve())
    if fcntl is None or key in _held or os.environ.get(HELD_ENV) == key:  # pragma: no cover
        yield
        return
    with open(docs / LOCK, "a+b") as fh:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise PublishError("toinen koonti on kesken (docs/.rommikirja.lock); yritä myöhemmin") from None
                time.sleep(0.05)
        _held.add(key)
        try:
            yield
        finally:
            _held.discard(key)
            fcntl.flock(fh, fcntl.LOCK_UN)


_holding: dict[str, contextlib.ExitStack] = {}


def hold(docs: Path) -> None:
    """Take the lock and recover, keeping the lock until :func:`release` (a renderer's hooks:
    MkDocs reads ``docs/`` between its first and last event)."""
    key = str(Path(docs).resolve())
    if key in _holding:
        return
    stack = contextlib.ExitStack()
    stack.enter_context(locked(Path(docs)))
    _holding[key] = stack
    recover(Path(docs))


def release(docs: Path | None = None) -> None:
    """Let go of what :func:`hold` took (for ``docs``, or everything this process holds)."""
    keys = [str(Path(docs).resolve())] if docs is not None else list(_holding)
    for key in keys:
        stack = _holding.pop(key, None)
        if stack is not None:
            stack.close()


def recovered(docs: Path) -> None:
    """Take the lock, finish what a killed build left (:func:`recover`), let go: the first act of
    every entry point that reads ``docs/`` without publishing into it. No ``docs/`` yet: nothing
    to recover, and nothing is made (a build that fails writes nothing)."""
    if not docs.is_dir():
        return
    with locked(docs):
        recover(docs)


def read_manifest(docs: Path) -> dict[str, dict]:
    try:
        data = json.loads((docs / MANIFEST).read_text(encoding="utf-8"))
        files = data.get("files", {})
        return files if isinstance(files, dict) else {}
    except (OSError, ValueError):
        return {}


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        os.chmod(tmp, 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _safe_rel(rel: str) -> str:
    p = Path(rel)
    if (
        p.is_absolute()
        or ".." in p.parts
        or not p.parts
        or (p.parts[0].startswith(".") and not p.parts[0].startswith(STAGE_PREFIX))
    ):
        raise PublishError(f"kelvoton tiedostonimi {rel}")
    return p.as_posix()


def recover(docs: Path) -> None:
    """Finish what a killed build left: roll back an uncommitted publish, remove stale folders.

    Call with the lock held.
    """
    journal = docs / JOURNAL
    if journal.exists():
        try:
            j = json.loads(journal.read_text(encoding="utf-8"))
            _rollback(docs, docs / _safe_rel(j["stage"]), list(j["files"]) + list(j["remove"]))
        except (OSError, ValueError, KeyError, TypeError):
            pass
        with contextlib.suppress(OSError):
            journal.unlink()
    for entry in docs.iterdir():
        if (
            entry.is_dir()
            and not entry.is_symlink()
            and (entry.name.startswith(STAGE_PREFIX) or _OLD_TMP.fullmatch(entry.name))
        ):
            shutil.rmtree(entry, ignore_errors=True)
        elif entry.name.startswith(".tmp-") and entry.is_file():
            with contextlib.suppress(OSError):
                entry.unlink()


def _rollback(docs: Path, stage: Path, rels: list[str]) -> None:
    """Put back every old file kept in ``stage/.old`` and remove new files that had no old one."""
    old_dir = stage / ".old"
    for rel in reversed(rels):
        kill_point(f"rollback {rel}")
        dst = docs / rel
        kept = old_dir / rel
        if kept.exists() or kept.is_symlink():
            dst.parent.mkdir(parents=True, exist_ok=True)
            os.replace(kept, dst)
        elif (stage / ".added" / rel).exists():
            with contextlib.suppress(OSError):
                dst.unlink()
    saved = stage / ".old-manifest"
    if saved.exists():
        os.replace(saved, docs / MANIFEST)
    elif (stage / ".manifest-added").exists():
        with contextlib.suppress(OSError):
            (docs / MANIFEST).unlink()


def publish(
    docs: Path,
    outputs: dict[str, Output],
    scope: Callable[[str], bool] = lambda rel: True,
    legacy_stray: Callable[[Path], bool] = lambda p: False,
) -> list[str]:
    """Make ``docs/`` hold ``outputs`` (paths relative to ``docs``) in one transaction.

    Files a previous build wrote that are in ``scope`` but not in ``outputs`` are removed.
    Returns the paths written (unchanged files are left alone). Call with the lock held.
    """
    docs.mkdir(parents=True, exist_ok=True)
    recover(docs)
    old_manifest = read_manifest(docs)
    outputs = {_safe_rel(rel): out for rel, out in outputs.items()}
    manifest = {rel: meta for rel, meta in old_manifest.items() if not scope(rel)}
    changed: dict[str, Output] = {}
    for rel, out in outputs.items():
        digest, size = out.digest(), out.size()
        manifest[rel] = {"sha256": digest, "size": size}
        dst = docs / rel
        if dst.is_file() and not dst.is_symlink() and dst.stat().st_size == size and sha256_file(dst) == digest:
            continue
        changed[rel] = out
    strays = sorted(rel for rel in old_manifest if scope(rel) and rel not in outputs and (docs / rel).exists())
    strays += sorted(
        p.relative_to(docs).as_posix()
        for p in docs.glob("*.md")
        if p.relative_to(docs).as_posix() not in outputs
        and legacy_stray(p)
        and p.relative_to(docs).as_posix() not in strays
    )
    if not changed and not strays and old_manifest == manifest:
        return []
    stage = Path(tempfile.mkdtemp(dir=docs, prefix=STAGE_PREFIX))
    done: list[str] = []
    journal = docs / JOURNAL
    try:
        # 1. stage every new file and check it
        for rel, out in changed.items():
            step(f"stage {rel}")
            target = stage / ".new" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if out.data is not None:
                target.write_bytes(out.data)
            else:
                shutil.copyfile(out.source, target)
            meta = manifest[rel]
            if target.stat().st_size != meta["size"] or sha256_file(target) != meta["sha256"]:
                raise PublishError(f"{rel}: kopio ei vastaa lähdettä (koko tai tarkiste)")
        # 2. journal, then move old aside and new into place
        step("journal")
        _write_atomic(journal, json.dumps({"stage": stage.name, "files": sorted(changed), "remove": strays}).encode())
        for rel in sorted(changed) + strays:
            step(f"move {rel}")
            dst = docs / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            kept = stage / ".old" / rel
            kept.parent.mkdir(parents=True, exist_ok=True)
            if dst.exists() or dst.is_symlink():
                os.replace(dst, kept)
            elif rel in changed:
                marker = stage / ".added" / rel
                marker.parent.mkdir(parents=True, exist_ok=True)
                marker.touch()
            done.append(rel)
            if rel in changed:
                os.replace(stage / ".new" / rel, dst)
        # 3. commit: the manifest, then the journal goes
        step("manifest")
        if (docs / MANIFEST).exists():
            shutil.copyfile(docs / MANIFEST, stage / ".old-manifest")
        else:
            (stage / ".manifest-added").touch()
        _write_atomic(docs / MANIFEST, json.dumps({"files": dict(sorted(manifest.items()))}, indent=1).encode())
        step("commit")
        journal.unlink()
    except BaseException:
        _rollback(docs, stage, done)
        with contextlib.suppress(OSError):
            journal.unlink()
        shutil.rmtree(stage, ignore_errors=True)
        raise
    shutil.rmtree(stage, ignore_errors=True)
    for rel in strays:  # folders emptied by removing strays
        parent = (docs / rel).parent
        while parent != docs and parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    return sorted(changed)
