"""The engine as a pure, reproducible wheel, built without pip or setuptools.

The engine is pure Python (standard library only), so its wheel is a zip of
``engine/rommikirja/*.py`` plus ``*.dist-info`` (METADATA, WHEEL, RECORD). Built here:

- reproducible: entries sorted, every timestamp ``SOURCE_DATE_EPOCH`` (default 1980-01-01),
  fixed permissions — the same sources give the same bytes;
- fast and safe to run concurrently: no subprocess and no shared ``build/`` folder;
- :func:`source_hash` names the sources, so an unchanged engine is not rebuilt.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
PACKAGE = "rommikirja"
_EPOCH_MIN = 315532800  # 1980-01-01, the earliest time a zip can hold
LAYOUT = "stored-1"  # how the wheel is packed (part of source_hash: a new layout rebuilds it)


def project_meta(root: Path = ROOT) -> dict:
    return tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def source_files(engine: Path = ENGINE) -> list[Path]:
    """The files that go into the wheel: the package's sources, sorted (no caches)."""
    return sorted(
        p
        for p in (engine / PACKAGE).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith((".pyc", ".pyo"))
    )


def source_hash(engine: Path = ENGINE, root: Path = ROOT) -> str:
    """A hash of everything the wheel is made from (sources and project metadata)."""
    h = hashlib.sha256()
    for p in source_files(engine):
        h.update(p.relative_to(engine).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    h.update((root / "pyproject.toml").read_bytes())
    h.update(str(_timestamp()).encode())
    h.update(LAYOUT.encode())
    return h.hexdigest()


def _timestamp() -> int:
    try:
        return max(_EPOCH_MIN, int(os.environ.get("SOURCE_DATE_EPOCH", _EPOCH_MIN)))
    except ValueError:
        return _EPOCH_MIN


def wheel_name(root: Path = ROOT) -> str:
    meta = project_meta(root)
    return f"{meta['name'].replace('-', '_')}-{meta['version']}-py3-none-any.whl"


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_wheel_bytes(engine: Path = ENGINE, root: Path = ROOT) -> tuple[str, bytes]:
    """``(file name, wheel bytes)``; the same sources and ``SOURCE_DATE_EPOCH`` give the same bytes."""
    meta = project_meta(root)
    name, version = meta["name"], meta["version"]
    dist_info = f"{name.replace('-', '_')}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (p.relative_to(engine).as_posix(), p.read_bytes()) for p in source_files(engine)
    ]
    metadata = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\n"
        f"Requires-Python: {meta.get('requires-python', '>=3')}\n"
    )
    wheel = "Wheel-Version: 1.0\nGenerator: rommikirja tools.wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries += [(f"{dist_info}/METADATA", metadata.encode()), (f"{dist_info}/WHEEL", wheel.encode())]
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in entries) + f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    stamp = _timestamp()
    date_time = __import__("time").gmtime(stamp)[:6]
    buf = io.BytesIO()
    # stored, not deflated: the site's precompressed copy (brotli) compresses the whole wheel
    # at once, a third smaller than the deflated one
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_STORED) as zf:
        for n, d in entries:
            info = zipfile.ZipInfo(n, date_time=date_time)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            zf.writestr(info, d)
    return wheel_name(root), buf.getvalue()
