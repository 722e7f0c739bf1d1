"""Scenario files are untrusted input: every malformed file gets a Finnish ``file:line`` message,
quickly, and nothing in a file runs code, injects markup or publishes a half-written site."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tools import templating
from tools.scenario import STEP_KINDS, StepKind, compare, load_rulesets, load_scenario, rel_path, scenario_paths
from tools.verify import verify
from tools.yamlsrc import LDict, LList, SourceError, loads, yaml_loader

from positions import DEAL, GOES_OUT, TABLE

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus" / "scenarios"
RULES = ROOT / "tests" / "corpus" / "rules"  # the corpus's own rule sets
CORPUS_FILES = sorted(CORPUS.glob("*.yaml"))
#: no test may take longer than this per file (CPU seconds; the text deadline is 0.5 s of wall time)
MAX_SECONDS = 2.0

GOOD = (
    DEAL
    + TABLE
    + GOES_OUT
    + """\
text: |
  {{ names[0] }} voittaa, ja {{ names[1] }} häviää.
"""
)


def expectation(path: Path) -> tuple[int, str]:
    """The ``# odotettu: LINE: FRAGMENT`` header of a corpus file."""
    head = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    assert head.startswith("# odotettu: "), path
    line, fragment = head[len("# odotettu: ") :].split(": ", 1)
    return int(line), fragment


def first_error(path: Path) -> tuple[SourceError, float]:
    t = time.process_time()
    scenarios, errors = verify([path], rules_dir=RULES)
    return (errors[0] if errors else None), time.process_time() - t


def test_corpus_is_large_enough():
    assert len(CORPUS_FILES) >= 60


@pytest.mark.parametrize("path", CORPUS_FILES, ids=[p.stem for p in CORPUS_FILES])
def test_corpus_file_gets_its_message(path):
    line, fragment = expectation(path)
    err, seconds = first_error(path)
    assert err is not None, "accepted a malformed scenario"
    assert str(err).startswith(f"tests/corpus/scenarios/{path.name}:{line}: "), str(err)
    assert fragment in err.message, str(err)
    assert seconds < MAX_SECONDS, f"{seconds:.2f} s"


def test_good_file_passes_with_corpus_rules(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert verify([path], rules_dir=RULES)[1] == []


def test_corpus_from_the_command_line_exits_1_with_relative_paths():
    proc = subprocess.run(
        [sys.executable, "-m", "tools.verify", "tests/corpus/scenarios"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.splitlines()
    assert lines[-1] == f"{len(CORPUS_FILES)} / {len(CORPUS_FILES)} skenaariota ei täsmää."
    for line in lines[:-1]:
        assert line.startswith("tests/corpus/scenarios/"), line
        assert "Error" not in line and "sisäinen virhe" not in line, line


def test_injected_code_never_runs(tmp_path, monkeypatch):
    sentinel = tmp_path / "pwned"
    text = GOOD.replace(
        "{{ names[0] }} voittaa",
        "{{ names.__class__.__mro__[1].__subclasses__() }}"
        f"{{{{ cycler.__init__.__globals__.os.system('touch {sentinel}') }}}}",
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    errors = verify([bad])[1]
    assert errors and errors[0].line == GOOD.splitlines().index("text: |") + 2 and not sentinel.exists()
    bad.write_text(GOOD.replace("{{ names[0] }} voittaa", "{{ names.__class__.__mro__ }}"), encoding="utf-8")
    assert "lauseke ei ole sallittu" in verify([bad])[1][0].message
    bad.write_text(text, encoding="utf-8")
    # the build refuses before rendering, and rendering itself is sandboxed too
    from tools import build

    real_paths = build.verify.__globals__["scenario_paths"]
    monkeypatch.setitem(build.verify.__globals__, "scenario_paths", lambda paths=(): real_paths() + [bad])
    monkeypatch.setattr(build, "DOCS", tmp_path / "docs")
    assert build.main([]) == 1
    good = tmp_path / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    sc = load_scenario(good, load_rulesets())
    sc.text = "{{ cycler.__init__.__globals__.os.system('touch %s') }}" % sentinel
    with pytest.raises(Exception) as exc:
        templating.render_scenario_text(sc)
    assert "unsafe" in str(exc.value) or isinstance(exc.value, templating.SecurityError)
    assert not sentinel.exists()


def test_values_are_escaped_in_pages(tmp_path):
    """Autoescaping: a value that somehow holds markup is printed as text, our card faces as HTML."""
    env = templating.make_env(templating.jinja2.DictLoader({"p.md.j2": "{{ x }} {{ c | card }}"}))
    from rommikirja import parse_card

    out = env.get_template("p.md.j2").render(x="<script>alert(1)</script>", c=parse_card("7H"))
    assert "&lt;script&gt;" in out and "<script>" not in out
    assert '<span class="kortti punainen"' in out


def test_links_to_own_pages_and_plain_names_are_allowed(tmp_path):
    text = GOOD.replace("title: Testi\n", "title: 'Testi – kokeilu, osa (1): ”hyvä”!'\n").replace(
        "{{ names[0] }} voittaa", "[Sanastossa](sanasto.md#kortit) ja [alempana](#pisteet) {{ names[0] }} voittaa"
    )
    path = tmp_path / "ok.yaml"
    path.write_text(text, encoding="utf-8")
    assert [str(e) for e in verify([path])[1]] == []
    # a hyphen or an apostrophe is no markup; such a name is refused only for want of case forms
    named = (
        text.replace("Aino", "Anna-Liisa")
        .replace("Eero", "O'Neill")
        .replace("title:", "players: [Anna-Liisa, O'Neill]\ntitle:")
    )
    path.write_text(named, encoding="utf-8")
    messages = [e.message for e in verify([path])[1]]
    assert messages and all("Anna-Liisa" in m or "O'Neill" in m for m in messages), messages
    assert not any("ei kelpaa nimeksi" in m for m in messages), messages


# ---------------------------------------------------------------------------------------------
# files that cannot be committed: special files, huge files, symlink loops, empty folders


def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "putki.yaml"
    os.mkfifo(fifo)
    err, seconds = first_error(fifo)
    assert "erikoistiedosto" in err.message and seconds < MAX_SECONDS


def test_huge_files_are_refused_quickly(tmp_path):
    big = tmp_path / "iso.yaml"
    big.write_text(GOOD + "# " + "x" * (10 * 1024 * 1024) + "\n", encoding="utf-8")
    err, seconds = first_error(big)
    assert "tiedosto on liian suuri" in err.message and seconds < MAX_SECONDS
    steps = tmp_path / "vaiheet.yaml"
    steps.write_text(GOOD.replace("steps:\n", "steps:\n" + "  - draw: stock\n" * 400_000), encoding="utf-8")
    err, seconds = first_error(steps)
    assert "tiedosto on liian suuri" in err.message and seconds < MAX_SECONDS


def test_symlink_loops_end_in_a_message(tmp_path):
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    sub = tmp_path / "osa"
    sub.mkdir()
    (sub / "s.yaml").write_text(GOOD, encoding="utf-8")
    (sub / "takaisin").symlink_to(tmp_path)  # a folder loop
    found = scenario_paths([tmp_path])
    assert sorted(p.name for p in found) == ["a.yaml", "b.yaml", "s.yaml"]
    scenarios, errors = verify([tmp_path])
    assert [sc.id for sc in scenarios] == ["s"]
    assert {e.message for e in errors} == {"symbolinen linkki kiertää kehää"}


def test_empty_folder_and_missing_file_are_errors(tmp_path):
    for args, fragment in (
        ([str(tmp_path)], "skenaarioita ei löytynyt"),
        ([str(tmp_path / "ei-ole.yaml")], "tiedostoa ei ole"),
    ):
        proc = subprocess.run([sys.executable, "-m", "tools.verify", *args], cwd=ROOT, capture_output=True, text=True)
        assert proc.returncode == 1 and fragment in proc.stderr and "Traceback" not in proc.stderr


# ---------------------------------------------------------------------------------------------
# the YAML loaders: the C one when available, the pure one otherwise, same data and lines


def _same(a, b, where="") -> None:
    assert type(a) is type(b), where
    if isinstance(a, LDict):
        assert a.line == b.line and a.lines == b.lines and list(a) == list(b), where
        for k in a:
            _same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, LList):
        assert a.line == b.line and a.lines == b.lines and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


@pytest.mark.skipif(yaml_loader(True) is yaml_loader(False), reason="PyYAML without libyaml")
def test_c_and_pure_loaders_agree():
    files = scenario_paths() + sorted((ROOT / "scenarios" / "rules").glob("*.yaml")) + CORPUS_FILES
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace")
        results = []
        for fast in (True, False):
            try:
                results.append(loads(text, path.name, fast))
            except SourceError as err:
                results.append(err)
        fast, pure = results
        if isinstance(fast, SourceError) or isinstance(pure, SourceError):
            assert isinstance(fast, SourceError) and isinstance(pure, SourceError), path
            assert fast.line == pure.line, (path, str(fast), str(pure))
        else:
            _same(fast, pure, path.name)


def test_loaded_data_equals_pyyaml_safe_load():
    import yaml

    for path in scenario_paths() + sorted((ROOT / "scenarios" / "rules").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert loads(text, path.name) == yaml.safe_load(text), path


# ---------------------------------------------------------------------------------------------
# property-based: broken YAML never gives a traceback or takes long

YAML_BITS = st.sampled_from(
    [
        ":",
        "- ",
        "[",
        "]",
        "{",
        "}",
        "&a ",
        "*a",
        "!!",
        "'",
        '"',
        "\t",
        "\n",
        "  ",
        "#",
        "|",
        ">",
        "? ",
        ",",
        "\0",
        "7H",
        "JK",
        "99999999999",
        "{{",
        "}}",
        "{%",
        "%}",
        "<b>",
        "](",
        "stock",
        "expect:",
        "text: ",
        "Aino",
        "é",
        "\x85",
    ]
)


def _check_one(tmp_path: Path, text: str) -> None:
    path = tmp_path / "h.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    t = time.process_time()
    scenarios, errors = verify([path])  # never raises
    assert time.process_time() - t < MAX_SECONDS
    for err in errors:
        assert isinstance(err, SourceError)
        assert err.path == rel_path(path)
        assert "Traceback" not in err.message and "Error" not in err.message, err.message


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    edits=st.lists(
        st.tuples(st.integers(0, len(GOOD)), st.integers(0, 12), st.lists(YAML_BITS | st.text(max_size=3), max_size=4)),
        min_size=1,
        max_size=4,
    )
)
def test_mutated_yaml_never_crashes(tmp_path, edits):
    text = GOOD
    for at, cut, bits in edits:
        at = min(at, len(text))
        text = text[:at] + "".join(bits) + text[at + cut :]
    _check_one(tmp_path, text)


_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False)
    | st.sampled_from(
        [
            "7H",
            "JK",
            "Aino",
            "stock",
            "discard",
            "perusrommi",
            "gin",
            "rommi51",
            "{{ 99 }}",
            "<i>x</i>",
            "[]",
            "draw",
            "true",
        ]
    )
    | st.text(max_size=8)
)
_keys = st.sampled_from(
    sorted(
        {
            "source",
            "game",
            "title",
            "section",
            "options",
            "players",
            "setup",
            "steps",
            "text",
            "order",
            "hands",
            "stock",
            "discard",
            "table",
            "turn",
            "dealer",
            "draw",
            "meld",
            "lay_off",
            "onto",
            "refused",
            "expect",
            "winner",
            "points",
            "check",
            "valid",
            "deal",
            "arrange",
            "opening",
            "waits",
            "cut",
            "phase",
            "hand",
            "legal",
            "knock",
            "claim",
            "open",
            "players",
            "seed",
        }
    )
)
_values = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_keys, inner, max_size=5), max_leaves=30
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    doc=st.fixed_dictionaries(
        {
            "source": _scalars,
            "game": st.sampled_from(["perusrommi", "gin", "rommi51"]),
            "title": _scalars,
            "steps": st.lists(_values, max_size=4),
        },
        optional={
            "setup": st.dictionaries(_keys, _values, max_size=6),
            "players": _values,
            "text": _scalars,
            "options": _values,
        },
    )
)
def test_structured_nonsense_never_crashes(tmp_path, doc):
    import yaml

    _check_one(tmp_path, yaml.safe_dump(doc, allow_unicode=True))


# ---------------------------------------------------------------------------------------------
# the step registry, tested with a stub kind (no engine involved)


def test_a_registered_step_kind_is_dispatched_with_its_keys(tmp_path, monkeypatch):
    seen = []

    def run(ctx, sc, step):
        seen.append(dict(step))
        compare(ctx, sc, step.line_of("laske"), "laske", step["laske"], 3)
        from tools.scenario import Step

        return Step(line=step.line, kind="laske")

    monkeypatch.setitem(STEP_KINDS, "laske", StepKind(frozenset({"laske", "expect"}), run))
    path = tmp_path / "s.yaml"
    head = "source: own\ngame: perusrommi\ntitle: T\nsteps:\n  - laske: 3\n  - laske: 4\n"
    path.write_text(head, encoding="utf-8")
    scenarios, errors = verify([path])
    assert seen == [{"laske": 3}, {"laske": 4}]
    assert [(e.line, e.message) for e in errors] == [(6, "laske: odotettiin 4, moottori antoi 3")]
    path.write_text(head + "  - laske: 3\n    muu: 1\n", encoding="utf-8")
    errors = verify([path])[1]
    # the step's unknown key is reported beside the other step's failed expectation (both independent)
    assert [e.line for e in errors] == [6, 8] and "laske-vaihe: tuntematon kenttä ”muu”" in errors[1].message


def test_a_bug_in_a_step_is_reported_at_its_line(tmp_path, monkeypatch, capsys):
    def broken(ctx, sc, step):
        return 1 // 0

    monkeypatch.setitem(STEP_KINDS, "rikki", StepKind(frozenset({"rikki"}), broken))
    path = tmp_path / "s.yaml"
    path.write_text("source: own\ngame: perusrommi\ntitle: T\nsteps:\n  - rikki: 1\n", encoding="utf-8")
    errors = verify([path])[1]
    assert [(e.line, "sisäinen virhe" in e.message, "Error" in e.message) for e in errors] == [(5, True, False)]
    assert "Traceback" not in capsys.readouterr().err
    monkeypatch.setenv("ROMMIKIRJA_DEBUG", "1")
    verify([path])
    assert "ZeroDivisionError" in capsys.readouterr().err
