"""Finish a rendered site for caching and offline use: ``finish_site(site_dir)``.

Runs after the renderer (MkDocs calls it through ``tools/site_hooks.py``; another renderer would
call it on its output folder). It writes:

- ``data/files.json``: size and SHA-256 of every runtime file (Pyodide, the engine wheel), the
  files that ``data/runtime.json`` (the build's pointer) lists, each checked against it here: a
  site whose copy differs fails to build. The worker shows download progress from the sizes,
  checks every copy by its hash and keys its memory snapshot by the wheel's hash.
- ``sw.js``: the service worker (source ``docs/assets/offline-sw.js``) with this build's manifest:
  a version hashed from every file, the pages and assets to precache (with a short hash of
  each), the runtime files (and their SHA-256) to cache when the engine is first started.
- ``.gz`` and ``.br`` copies of every compressible file (when they save at least 5 %), for static
  hosts that serve precompressed files (see the README). Copies are cached by content hash under
  ``node_modules/.cache/rommikirja-precompressed/`` so a rebuild costs little; brotli comes from
  Node's zlib (Node is already needed for Pyodide), quality 11 with a 16 MB window (the largest
  a browser decodes) for every file: the wasm 2.8 MB instead of 3.2 MB at quality 5 (30 s once).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path

from .templating import ROOT

SW_SOURCE = ROOT / "docs" / "assets" / "offline-sw.js"
CACHE = ROOT / "node_modules" / ".cache" / "rommikirja-precompressed"
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".xml", ".txt", ".zip", ".whl"}
RUNTIME_DIR = "pyodide/"
# Material ships stemmers for every language; the search of a Finnish site needs these.
LUNR_KEEP = re.compile(r"lunr\.(stemmer\.support|fi|multi)\.min\.js$")
NOT_PRECACHED = re.compile(r"(\.map|\.gz|\.br)$|^sw\.js$|^assets/offline-sw\.js$")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _files(site: Path) -> list[str]:
    return sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and not p.name.endswith((".gz", ".br"))
    )


def _precached(rel: str) -> bool:
    if rel.startswith(RUNTIME_DIR) or NOT_PRECACHED.search(rel):
        return False
    if "/lunr/" in rel:
        return bool(LUNR_KEEP.search(rel))
    return True


def _url(rel: str) -> str:
    """The address a reader's browser asks for: a page is its folder (``perusrommi/``)."""
    if rel == "index.html":
        return "./"
    if rel.endswith("/index.html"):
        return rel[: -len("index.html")]
    return rel


class SiteError(Exception):
    """The rendered site does not hold the runtime its pointer names (Finnish message)."""


def runtime_manifest(site: Path) -> dict:
    """``{rel: {size, sha256}}`` of the runtime files ``data/runtime.json`` names, each checked
    against the copy in ``site`` (a site without the pointer: every file under ``pyodide/``)."""
    try:
        listed = json.loads((site / "data" / "runtime.json").read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        listed = None
    runtime = {}
    names = sorted(listed) if isinstance(listed, dict) else [r for r in _files(site) if r.startswith(RUNTIME_DIR)]
    for rel in names:
        try:
            data = (site / rel).read_bytes()
        except OSError:
            raise SiteError(f"{rel}: ajonaikainen tiedosto puuttuu sivustolta") from None
        runtime[rel] = {"size": len(data), "sha256": _sha256(data)}
        if listed is not None and listed[rel] != runtime[rel]:
            raise SiteError(f"{rel}: sivuston kopio ei vastaa tiedostoa data/runtime.json (koko tai tarkiste)")
    return runtime


BUILD_META = "rommikirja-rakennus"


def source_id(docs: Path, config: Path | None = None) -> str:
    """A build's id before it is rendered: a hash of every file the renderer reads (``docs/``,
    the runtime included, and its configuration). Pages of one build carry the same id."""
    digest = hashlib.sha256()
    for path in sorted(p for p in Path(docs).rglob("*") if p.is_file()):
        digest.update(path.relative_to(docs).as_posix().encode() + b"\0" + _sha256(path.read_bytes()).encode())
    if config is not None and Path(config).is_file():
        digest.update(b"config\0" + Path(config).read_bytes())
    return digest.hexdigest()[:16]


SITEMAP_BASE = Path(__file__).with_name("sitemap_base.js")
_COMMENT = re.compile(r"^\s*//.*\n", re.M)


ENGINE_EARLY = Path(__file__).with_name("engine_early.js")
#: a page whose scripts start the engine on a repeat visit: practice widgets or the Pelaa game
_ENGINE_PAGE = re.compile(r'<div class="harjoitus" [^>]*\bdata-kind="|<div class="pelaa" id="pelaa"')


def _inline(path: Path) -> str:
    return _COMMENT.sub("", path.read_text(encoding="utf-8")).strip()


def mark_build(html: str, build: str, assets: str = "assets") -> str:
    """The page with its build's id as the first element of its ``<head>`` (a ``<meta>``: Material's
    instant navigation swaps the head's elements, so the document always names the build of the
    page it shows), then the small script that makes Material's sitemap name the address the site
    is served from (``tools/sitemap_base.js``, inlined: before the theme's bundle, no request).
    A page with the engine (widgets, Pelaa) also gets the early start of a repeat visit
    (``tools/engine_early.js``; ``assets``: the page's relative path to the assets folder)."""
    scripts = [_inline(SITEMAP_BASE)]
    if _ENGINE_PAGE.search(html):
        scripts.append(_inline(ENGINE_EARLY).replace('"ASSETS/', json.dumps(assets + "/")[:-1]))
    head = f'<head>\n<meta name="{BUILD_META}" content="{build}">\n' + "".join(f"<script>{s}</script>" for s in scripts)
    return html.replace("<head>", head, 1)


def write_service_worker(site: Path, runtime: dict) -> dict:
    files = [f for f in _files(site) if f != "sw.js"]
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + _sha256((site / rel).read_bytes()).encode())
    runtime_digest = hashlib.sha256(json.dumps(runtime, sort_keys=True).encode()).hexdigest()
    precached = [f for f in files if _precached(f)]
    build = {
        "version": digest.hexdigest()[:16],
        "runtimeVersion": runtime_digest[:16],
        "pages": [_url(f) for f in precached],
        # what each precached file's body hashes to (SHA-256, its first 16 hex digits): the
        # install takes the copy the page has just loaded from the HTTP cache when it is this
        # build's, instead of downloading every file the page loaded a second time
        "hashes": {_url(f): _sha256((site / f).read_bytes())[:16] for f in precached},
        "runtime": sorted(runtime),
        "sha256": {rel: meta["sha256"] for rel, meta in sorted(runtime.items())},
    }
    source = SW_SOURCE.read_text(encoding="utf-8")
    (site / "sw.js").write_text(
        f"// GENERATED by tools/offline.py from docs/assets/offline-sw.js\n"
        f"const BUILD = {json.dumps(build, ensure_ascii=False)};\n{source}",
        encoding="utf-8",
    )
    return build


def _brotli(jobs: list[tuple[Path, Path, int]]) -> None:
    """Compress with Node's zlib: (source, target, quality) triples."""
    if not jobs:
        return
    script = (
        "const fs=require('fs'),z=require('zlib');"
        "for (const [s,t,q] of JSON.parse(fs.readFileSync(0,'utf8'))) {"
        "const b=fs.readFileSync(s),tmp=t+'.'+process.pid+'.tmp';"
        "fs.writeFileSync(tmp,z.brotliCompressSync(b,{params:{"
        "[z.constants.BROTLI_PARAM_QUALITY]:q,[z.constants.BROTLI_PARAM_LGWIN]:24,"
        "[z.constants.BROTLI_PARAM_SIZE_HINT]:b.length}}));"
        "fs.renameSync(tmp,t);}"
    )
    subprocess.run(
        ["node", "-e", script], input=json.dumps([[str(s), str(t), q] for s, t, q in jobs]), text=True, check=True
    )


def precompress(site: Path) -> dict[str, int]:
    """Write ``.gz``/``.br`` beside each compressible file; returns total bytes raw/gz/br."""
    CACHE.mkdir(parents=True, exist_ok=True)
    todo: list[tuple[Path, Path, int]] = []
    plan: list[tuple[Path, str]] = []
    for rel in _files(site):
        path = site / rel
        if path.suffix not in COMPRESSIBLE or path.stat().st_size < 512:
            continue
        data = path.read_bytes()
        key = _sha256(data)
        gz = CACHE / f"{key}.gz"
        if not gz.exists():
            with tempfile.NamedTemporaryFile(dir=CACHE, delete=False) as tmp:
                tmp.write(gzip.compress(data, compresslevel=9, mtime=0))
            os.replace(tmp.name, gz)
        br = CACHE / f"{key}.q11w24.br"  # (named by its settings: older copies were quality 5)
        if not br.exists():
            todo.append((path, br, 11))
        plan.append((path, key))
    _brotli(todo)
    totals = {"raw": 0, "gz": 0, "br": 0}
    from .publish import kill_point

    for k, (path, key) in enumerate(plan):
        if k == len(plan) // 2:
            kill_point("hook precompressing")
        size = path.stat().st_size
        totals["raw"] += size
        for ext, cached in (("gz", f"{key}.gz"), ("br", f"{key}.q11w24.br")):
            packed = (CACHE / cached).read_bytes()
            target = path.with_name(path.name + "." + ext)
            if len(packed) <= 0.95 * size:
                target.write_bytes(packed)
                totals[ext] += len(packed)
            else:
                target.unlink(missing_ok=True)
                totals[ext] += size
    return totals


def finish_site(site: Path) -> dict:
    from .publish import kill_point  # tests stop the build at each of these steps

    site = Path(site)
    kill_point("hook rendered")
    runtime = runtime_manifest(site)
    data = site / "data"
    data.mkdir(exist_ok=True)
    (data / "files.json").write_text(json.dumps({"runtime": runtime}, indent=1), encoding="utf-8")
    kill_point("hook files.json")
    build = write_service_worker(site, runtime)
    kill_point("hook sw.js")
    precompress(site)
    kill_point("hook precompressed")
    return build


if __name__ == "__main__":
    import sys

    print(finish_site(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "site"))["version"])
