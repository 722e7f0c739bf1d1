"""practice.handle() is the page's entry point and the page is untrusted: any JSON (or not JSON)
gets either a valid answer or {"ok": false, "error": <a Finnish sentence>}, quickly.

10,000 generated requests in all (Hypothesis), in three families: arbitrary JSON values, real
requests with one field replaced by something hostile, and raw text. That takes about a minute
of CPU, so by default a fifth of it runs; ``ROMMIKIRJA_FUZZ=1`` runs all 10,000 (any other number
scales the counts).
"""

from __future__ import annotations

import json
import os
import re
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rommikirja.practice import KINDS, handle

#: per-request bound (CPU seconds)
MAX_SECONDS = 1.0
#: signs of Python or English leaking into a reply
LEAK = re.compile(
    r"Error|Traceback|NoneType|object|unhashable|invalid literal|argument|Expecting|"
    r"not subscriptable|index out of range|\bdict\b|\blist\b|\bstr\b|\bint\b|'\w+'"
)

# Own rule sets (the tests do not read scenarios/rules): what the page sends, and variants.
RULES = [
    {},
    {"name": "gin", "style": "knock", "decks": 1, "hand_size": {"2": 10}, "max_players": 2},
    {
        "name": "rommi51",
        "style": "rummy",
        "decks": 2,
        "jokers": 4,
        "max_players": 4,
        "hand_size": {"2": 14, "3": 14, "4": 14},
        "opening_points": 51,
        "scoring": "penalty",
    },
    {"scoring": "winner_takes", "rummy_doubling": True},
]

HOSTILE = st.sampled_from(
    [
        None,
        True,
        "false",
        "",
        "abc",
        -1,
        0,
        10**11,
        1.5,
        1e308,
        [],
        {},
        [[]],
        ["7H"] * 60,
        ["JK"] * 5,
        ["ZZ"],
        ["7H'"],
        [None],
        [1, 2],
        {"a": 1},
        "7H" * 50,
        "<script>",
        "𝔘",
        list(range(40)),
    ]
)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=25,
)
KEYS = [
    "op",
    "kind",
    "seed",
    "rules",
    "question",
    "answer",
    "cards",
    "hand",
    "hands",
    "table",
    "players",
    "winner",
    "ask",
    "opened",
    "rummy",
    "knocker",
    "defender",
    "discard",
    "order",
    "melds",
    "valid",
    "points",
    "scorer",
    "faces",
    "show",
    "input",
    "prompt",
    "rule",
]


def check_reply(text: str, seconds: float) -> dict:
    assert seconds < MAX_SECONDS, f"{seconds:.2f} s"
    reply = json.loads(text)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
    if reply["ok"]:
        assert isinstance(reply["result"], dict)
        if "correct" in reply["result"]:
            assert isinstance(reply["result"]["correct"], bool) and isinstance(reply["result"]["message"], str)
    else:
        error = reply["error"]
        assert isinstance(error, str) and error[:1].isupper() and error.endswith("."), error
        assert not LEAK.search(error), error
    return reply


def ask(request) -> dict:
    text = request if isinstance(request, str) else json.dumps(request)
    t = time.process_time()
    out = handle(text)
    return check_reply(out, time.process_time() - t)


QUESTIONS: dict = {}


def real_question(kind: str, rules_i: int, seed: int) -> dict | None:
    key = (kind, rules_i, seed % 20)
    if key not in QUESTIONS:
        reply = ask({"op": "question", "kind": kind, "seed": seed % 20, "rules": RULES[rules_i]})
        QUESTIONS[key] = reply["result"]["question"] if reply["ok"] else None
    return QUESTIONS[key]


SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None)
SCALE = float(os.environ.get("ROMMIKIRJA_FUZZ", "0.2"))


def examples(n: int) -> int:
    return max(1, round(n * SCALE))


@settings(max_examples=examples(3000), **SETTINGS)
@given(
    value=JSON
    | st.fixed_dictionaries(
        {"op": st.sampled_from(["question", "check", "solution", "x"])}, optional={k: JSON for k in KEYS if k != "op"}
    )
)
def test_any_json_gets_an_answer_or_a_finnish_error(value):
    ask(value)


@settings(max_examples=examples(5000), **SETTINGS)
@given(
    kind=st.sampled_from(sorted(KINDS)),
    rules_i=st.integers(0, len(RULES) - 1),
    seed=st.integers(0, 19),
    op=st.sampled_from(["check", "solution", "question"]),
    where=st.sampled_from(["question", "answer", "top"]),
    key=st.sampled_from(KEYS),
    value=HOSTILE | JSON,
)
def test_real_requests_with_one_hostile_field(kind, rules_i, seed, op, where, key, value):
    q = real_question(kind, rules_i, seed)
    if q is None:  # this kind does not fit these rules: asking is refused in Finnish
        return
    req = {"op": op, "kind": kind, "seed": seed, "rules": RULES[rules_i], "question": dict(q), "answer": {}}
    target = req if where == "top" else req["question"] if where == "question" else req["answer"]
    target[key] = value
    ask(req)


@settings(max_examples=examples(2000), **SETTINGS)
@given(
    text=st.text(max_size=200)
    | st.sampled_from(
        [
            "",
            "{",
            "[1,",
            "NaN",
            "1e999",
            '{"op": "check"',
            "null",
            '{"op": "question", "seed": ' + "9" * 5000 + "}",
            "[" * 100_000,
            '{"a": ' * 3000,
        ]
    )
)
def test_raw_text_gets_a_finnish_error(text):
    reply = ask(text)
    assert reply["ok"] is False


def test_strict_types_in_answers():
    q = real_question("kelpaako", 0, 3)
    assert (
        ask({"op": "check", "question": q, "answer": {"valid": "false"}})["error"]
        == "Vastauksen (valid) pitää olla true tai false."
    )
    assert ask({"op": "check", "question": q, "answer": {"valid": False}})["ok"]
    for seed in ("abc", None, 1.5, -1, 10**10, True):
        assert "Siemenluvun (seed)" in ask({"op": "question", "kind": "pisteet", "seed": seed})["error"]
    assert "liian suuri luku" in ask('{"op": "question", "kind": "pisteet", "seed": 1e400}')["error"]


def test_question_card_counts_are_bounded():
    q = real_question("avaus", 2, 1)
    big = dict(
        q,
        hand=[
            c + s for s in "' " for c in ("AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH")
        ],
    )
    big["hand"] = [c.strip() for c in big["hand"]]
    reply = ask({"op": "solution", "question": big})
    assert reply["ok"] is False and "kortin luettelo" in reply["error"]
