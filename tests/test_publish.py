"""Atomic output: docs/ holds the old build or the new one, never a mix; runtime copies are
checked; stale folders go; concurrent builds take turns; the wheel is reproducible."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from tools import publish as pub
from tools import runtime, wheel

ROOT = Path(__file__).resolve().parent.parent

OLD = {
    "a.md": b"old a\n",
    "b.md": b"old b\n",
    "gone.md": b"removed by the new build\n",
    "data/x.json": b"{}",
    "pyodide/big.bin": b"0" * 5000,
}
NEW = {
    "a.md": b"new a\n",
    "b.md": b"old b\n",
    "c.md": b"added\n",
    "data/x.json": b'{"x": 1}',
    "pyodide/big.bin": b"1" * 5000,
}


def outputs(files: dict[str, bytes]) -> dict[str, pub.Output]:
    return {rel: pub.Output(data=data) for rel, data in files.items()}


def snapshot(docs: Path) -> dict[str, bytes]:
    """Every file MkDocs would see (names starting with a dot are never published)."""
    out = {}
    for p in docs.rglob("*"):
        rel = p.relative_to(docs)
        if p.is_file() and not any(part.startswith(".") for part in rel.parts):
            out[rel.as_posix()] = p.read_bytes()
    return out


def old_docs(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    (docs / "assets").mkdir(parents=True)
    (docs / "assets" / "own.js").write_bytes(b"hand-written")
    pub.publish(docs, outputs(OLD))
    return docs


HAND = {"assets/own.js": b"hand-written"}


def steps_of_publish(tmp_path: Path) -> list[str]:
    names: list[str] = []
    docs = old_docs(tmp_path / "count")
    saved = pub.step
    pub.step = names.append
    try:
        pub.publish(docs, outputs(NEW))
    finally:
        pub.step = saved
    return names


def test_new_build_replaces_old_and_removes_strays(tmp_path):
    docs = old_docs(tmp_path)
    assert snapshot(docs) == {**OLD, **HAND}
    written = pub.publish(docs, outputs(NEW))
    assert snapshot(docs) == {**NEW, **HAND}
    assert written == ["a.md", "c.md", "data/x.json", "pyodide/big.bin"]  # b.md unchanged
    assert [p.name for p in docs.iterdir() if p.name.startswith(".stage")] == []


def test_an_exception_at_any_write_step_leaves_docs_entirely_old(tmp_path, monkeypatch):
    names = steps_of_publish(tmp_path)
    assert len(names) >= 10
    for k, name in enumerate(names):
        docs = old_docs(tmp_path / f"run{k}")

        def fail(step, k=k, calls=[0]):
            calls[0] += 1
            if calls[0] == k + 1:
                raise OSError(f"injected at {step}")

        monkeypatch.setattr(pub, "step", fail)
        with pytest.raises(OSError):
            pub.publish(docs, outputs(NEW))
        assert snapshot(docs) == {**OLD, **HAND}, name
        assert sorted(p.name for p in docs.iterdir()) == [
            ".rommikirja-manifest.json",
            "a.md",
            "assets",
            "b.md",
            "data",
            "gone.md",
            "pyodide",
        ], name
        monkeypatch.setattr(pub, "step", lambda step: None)
        pub.publish(docs, outputs(NEW))
        assert snapshot(docs) == {**NEW, **HAND}, name


KILL = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from tools import publish as pub
    calls = [0]
    def die(step):
        calls[0] += 1
        if calls[0] == {k} + 1:
            os._exit(9)
    pub.step = die
    pub.publish(Path({docs!r}), {{rel: pub.Output(data=d) for rel, d in {new!r}.items()}})
""")


def test_a_killed_build_is_rolled_back_by_the_next_one(tmp_path):
    names = steps_of_publish(tmp_path)
    for k, name in enumerate(names):
        docs = old_docs(tmp_path / f"kill{k}")
        proc = subprocess.run([sys.executable, "-c", KILL.format(root=str(ROOT), k=k, docs=str(docs), new=NEW)])
        assert proc.returncode == 9, name
        # whatever was half done is hidden from MkDocs or is an old/new file in place …
        for rel, data in snapshot(docs).items():
            assert data in (OLD.get(rel), NEW.get(rel), HAND.get(rel)), (name, rel)
        # … and the next build's first act puts the old build back
        with pub.locked(docs):
            pub.recover(docs)
        assert snapshot(docs) == {**OLD, **HAND}, name
        assert not [p for p in docs.iterdir() if p.name.startswith((".stage", ".rommikirja-journal"))]


def test_stale_temporary_folders_are_removed(tmp_path):
    docs = old_docs(tmp_path)
    for stale in ("tmpab12cd34", ".stage-x1"):
        (docs / stale / "perusrommi").mkdir(parents=True)
        (docs / stale / "perusrommi" / "index.md").write_text("# vanha\n", encoding="utf-8")
    pub.publish(docs, outputs(NEW))
    assert not (docs / "tmpab12cd34").exists() and not (docs / ".stage-x1").exists()


def test_a_bad_copy_is_refused_and_docs_stay_old(tmp_path, monkeypatch):
    src = tmp_path / "src.bin"
    src.write_bytes(b"w" * 100_000)
    docs = old_docs(tmp_path)

    def truncating_copy(a, b, *args, **kwargs):
        Path(b).write_bytes(Path(a).read_bytes()[:1000])

    monkeypatch.setattr(pub.shutil, "copyfile", truncating_copy)
    with pytest.raises(pub.PublishError):
        pub.publish(docs, {**outputs(NEW), "pyodide/pyodide.asm.wasm": pub.Output(source=src)})
    assert snapshot(docs) == {**OLD, **HAND}


def test_a_truncated_runtime_file_is_noticed_and_replaced(tmp_path):
    src = tmp_path / "src.bin"
    src.write_bytes(os.urandom(50_000))
    docs = old_docs(tmp_path)
    out = {**outputs(NEW), "pyodide/pyodide.asm.wasm": pub.Output(source=src)}
    pub.publish(docs, out)
    wasm = docs / "pyodide" / "pyodide.asm.wasm"
    wasm.write_bytes(src.read_bytes()[:123])  # a crash in an older build left half a file
    assert pub.publish(docs, out) == ["pyodide/pyodide.asm.wasm"]
    assert wasm.read_bytes() == src.read_bytes()


def test_legacy_generated_pages_without_a_manifest_are_strays(tmp_path):
    from tools import pages as build  # the page library: the marker and the stray test

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "vanha.md").write_text(build.MARKER + " … -->\n# vanha\n", encoding="utf-8")
    (docs / "oma.md").write_text("# käsin kirjoitettu\n", encoding="utf-8")
    pub.publish(docs, outputs({"a.md": b"x"}), legacy_stray=build.is_generated_page)
    assert sorted(snapshot(docs)) == ["a.md", "oma.md"]


def test_two_builds_at_once_both_succeed():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tools.build"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [p.communicate(timeout=600) + (p.returncode,) for p in procs]
    for out, err, rc in results:
        assert rc == 0, err
    docs = ROOT / "docs"
    manifest = pub.read_manifest(docs)
    for rel, meta in manifest.items():
        assert pub.sha256_file(docs / rel) == meta["sha256"], rel
    assert not [p for p in docs.iterdir() if p.name.startswith((".stage", "tmp", ".rommikirja-journal"))]


# ---------------------------------------------------------------------------------------------
# the wheel


def test_wheel_is_reproducible_and_importable(tmp_path, monkeypatch):
    name, first = wheel.build_wheel_bytes()
    os.utime(ROOT / "engine" / "rommikirja" / "__init__.py")  # mtimes do not matter
    assert wheel.build_wheel_bytes() == (name, first)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    _, dated = wheel.build_wheel_bytes()
    assert dated != first and wheel.build_wheel_bytes()[1] == dated
    path = tmp_path / name
    path.write_bytes(first)
    with zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        record = zf.read(f"rommikirja-{name.split('-')[1]}.dist-info/RECORD").decode()
        for line in record.splitlines():
            entry, digest, size = line.rsplit(",", 2)
            if digest:
                data = zf.read(entry)
                assert int(size) == len(data)
                import base64

                assert (
                    digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                )
        sources = {p.relative_to(ROOT / "engine").as_posix() for p in wheel.source_files()}
        assert sources <= set(zf.namelist())
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]); import rommikirja.practice as p; "
        "assert p.__file__.startswith(sys.argv[1]); "
        "print(json.loads(p.handle('{\"op\": \"question\", \"kind\": \"kelpaako\", \"seed\": 1}'))['ok'])"
    )
    proc = subprocess.run([sys.executable, "-I", "-c", code, str(path)], capture_output=True, text=True)
    assert proc.stdout.strip() == "True", proc.stderr


def _fake_pyodide(tmp_path: Path) -> Path:
    src = tmp_path / "pyodide-src"
    src.mkdir()
    for name in runtime.PYODIDE_FILES:
        (src / name).write_bytes(name.encode() * 100)
    (src / "package.json").write_text('{"version": "0.0.1"}', encoding="utf-8")
    return src


def test_wheel_is_rebuilt_only_when_the_engine_changes(tmp_path, monkeypatch):
    src = _fake_pyodide(tmp_path)
    docs = tmp_path / "docs"
    pub.publish(docs, runtime.runtime_outputs(docs, src))
    data = json.loads((docs / "data" / "runtime.json").read_text(encoding="utf-8"))
    assert data["engine"] == wheel.source_hash() and (docs / "pyodide" / data["wheel"]).is_file()

    def no_build():
        raise AssertionError("wheel rebuilt although the engine did not change")

    monkeypatch.setattr(runtime, "build_wheel_bytes", no_build)
    assert pub.publish(docs, runtime.runtime_outputs(docs, src)) == []
    monkeypatch.setattr(runtime, "source_hash", lambda: "changed")
    with pytest.raises(AssertionError, match="rebuilt"):
        runtime.runtime_outputs(docs, src)


def test_the_lock_file_keeps_its_info_and_no_packages_and_the_wheel_is_stored(tmp_path):
    """The site loads no Pyodide package: its lock file keeps what Pyodide checks (``info``) and no
    package list; the wheel's files are stored (the precompressed copy compresses them)."""
    stock = json.loads((runtime.PYODIDE_SRC / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert stock["packages"]
    lock = json.loads(runtime.lock_without_packages(runtime.PYODIDE_SRC / "pyodide-lock.json"))
    assert lock["info"] == stock["info"] and lock["packages"] == {}
    odd = tmp_path / "lock.json"
    odd.write_bytes(b"not json")
    assert runtime.lock_without_packages(odd) == b"not json"
    _, data = wheel.build_wheel_bytes()
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as z:
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
        assert "rommikirja/practice.py" in z.namelist()


def test_no_temporary_or_hidden_file_reaches_the_site(site):
    bad = [p for p in site.rglob("*") if p.name.startswith(("tmp", ".stage", ".rommikirja", ".tmp"))]
    assert bad == []
