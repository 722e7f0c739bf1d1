"""The site's figures in :mod:`tools.bench`: verify and render once warm, and ``--scale``: the
scenarios copied N times into a temporary tree (verify, page writing and mkdocs per scenario)."""

from __future__ import annotations

import os
import statistics
import time


def bench_site(runs: int) -> None:
    from .build import render_pages
    from .verify import verify

    scenarios, errors = verify()
    if errors:
        print("scenarios fail; run python -m tools.verify")
        return
    tv = []
    tb = []
    for _ in range(runs):
        t = time.process_time()
        scs = verify()[0]
        tv.append(time.process_time() - t)
        t = time.process_time()
        render_pages(scs)
        tb.append(time.process_time() - t)
    print(f"site, {len(scenarios)} scenarios, medians of {runs} (CPU):")
    print(f"  verify all scenarios               {statistics.median(tv) * 1000:8.1f} ms")
    print(f"  render all pages (after verify)    {statistics.median(tb) * 1000:8.1f} ms")


SCALE_SCRIPT = """
import sys, time
from tools.verify import verify
from tools.build import render_pages, write_pages
t = time.process_time(); scs, errs = verify(); tv = time.process_time() - t
if errs:
    print("ERR", len(errs), errs[0]); sys.exit(1)
if "--verify-only" in sys.argv:
    print(len(scs), tv, 0.0)
    sys.exit(0)
t = time.process_time(); write_pages(render_pages(scs)); tb = time.process_time() - t
print(len(scs), tv, tb)
"""


def bench_scale(factors: list[int], verify_only: bool = False) -> None:
    """Copy the scenarios N times into a temporary tree (one extra page shows the copies) and
    time verify, page writing and mkdocs there (only verify with ``verify_only``)."""
    import resource
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    print("scaling (CPU time per scenario; the same work N times should cost N times as much):")
    print(f"  {'scenarios':>9s} {'verify':>16s} {'pages':>16s} {'mkdocs':>16s}")
    for n in factors:
        with tempfile.TemporaryDirectory(prefix="rommikirja-scale-") as tmp:
            t = Path(tmp)
            for part in ("tools", "templates", "mkdocs.yml"):
                src = root / part
                (shutil.copytree if src.is_dir() else shutil.copy)(src, t / part)
            (t / "docs").mkdir()
            shutil.copytree(root / "docs" / "assets", t / "docs" / "assets")
            shutil.copytree(root / "scenarios", t / "scenarios")
            ids = []
            for k in range(1, n):
                for game_dir in sorted((root / "scenarios").iterdir()):
                    if not game_dir.is_dir() or game_dir.name == "rules":
                        continue
                    dst = t / "scenarios" / game_dir.name / f"kopio{k}"
                    dst.mkdir()
                    for f in sorted(game_dir.glob("*.yaml")):
                        if f.name == "notes.yaml":  # the page's notes (tools/notes.py), not an example
                            continue
                        name = f"{f.stem}-k{k}.yaml"
                        shutil.copy(f, dst / name)
                        ids.append(name[:-5])
            (t / "templates" / "pages" / "kopiot.md.j2").write_text(
                "# Kopiot\n\n" + "".join("{{ example(%r) }}\n\n" % i for i in ids), encoding="utf-8"
            )
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(t), str(root / "engine")]), NO_MKDOCS_2_WARNING="1")

            def child_cpu() -> float:
                u = resource.getrusage(resource.RUSAGE_CHILDREN)
                return u.ru_utime + u.ru_stime

            proc = subprocess.run(
                [sys.executable, "-c", SCALE_SCRIPT] + (["--verify-only"] if verify_only else []),
                cwd=t,
                env=env,
                capture_output=True,
                text=True,
            )
            if proc.returncode != 0:
                print(f"  ×{n}: failed: {(proc.stdout + proc.stderr).strip()[-400:]}")
                continue
            count, tv, tb = proc.stdout.split()
            count = int(count)
            per = lambda s: f"{float(s) * 1000:7.0f} ms {float(s) / count * 1000:5.1f} ms/sc"  # noqa: E731
            if verify_only:
                print(f"  {count:9d} {per(tv)}")
                continue
            c0 = child_cpu()
            mk = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(t / "site")],
                cwd=t,
                env=env,
                capture_output=True,
                text=True,
            )
            tm = child_cpu() - c0
            note = "" if mk.returncode == 0 else f" (mkdocs failed: {mk.stderr.strip()[-200:]})"
            print(f"  {count:9d} {per(tv)} {per(tb)} {per(tm)}{note}")
