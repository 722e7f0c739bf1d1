"""tools.bench --parity compares two engines move by move (table games with random moves, gin
between the computer players) and reports every difference. Here both sides are this engine, so
no git revision is extracted; a difference is made by playing one side under other rules.
Own rule sets (tests/fixed_rules.py)."""

import rommikirja

import tools.bench_parity as bench_parity
from fixed_rules import FIXED


def test_the_same_engine_is_identical_to_itself(capsys):
    table = {k: FIXED[k] for k in ("perusrommi", "rommi51")}
    assert bench_parity.table_parity(rommikirja, "itse", 3, table) == 0
    assert bench_parity.gin_parity(rommikirja, "itse", 3, {"gin": FIXED["gin"]}) == 0
    out = capsys.readouterr().out
    assert "table games: 6 deals" in out and "0 differences" in out
    assert "gin: 3 deals between computer players" in out


def test_a_different_engine_is_reported(monkeypatch, capsys):
    # the "other revision" plays other rules: the first differing position or move is reported
    def other(engine, rules):
        return rules.with_options(knock_limit=0) if rules.style == "knock" else rules.with_options(upcard=False)

    monkeypatch.setattr(bench_parity, "same_rules", other)
    assert bench_parity.table_parity(rommikirja, "muu", 2, {"perusrommi": FIXED["perusrommi"]}) == 2
    assert "legal moves differ" in capsys.readouterr().out
    assert bench_parity.gin_parity(rommikirja, "muu", 4, {"gin": FIXED["gin"]}) >= 1
    assert "differ" in capsys.readouterr().out


def test_result_kinds_compare_by_value():
    from rommikirja.codes import ResultKind

    assert bench_parity._plain((ResultKind.KNOCK, "x")) == bench_parity._plain(("knock", "x"))
    assert bench_parity._plain(ResultKind.GIN) != bench_parity._plain("knock")
