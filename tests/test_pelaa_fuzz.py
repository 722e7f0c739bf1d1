"""rommikirja.play.handle (the Pelaa page's entry point) gets untrusted requests: any JSON (or not
JSON) is answered with well-formed JSON, and every refusal is one Finnish sentence: no Python
repr, no English, and not the general fallback (counted: the target is none), each under a CPU bound.

2,500 generated requests in five families (Hypothesis): arbitrary JSON values; real requests
with one field replaced by something hostile; real states (mid-deal, finished, three players)
with one field deep inside replaced; unknown keys added to a request, a state or a move; raw
text (not JSON, huge numbers, deep nesting, long strings, unicode). ``ROMMIKIRJA_FUZZ=N`` scales
the counts. Own rule sets only (tests/fixed_rules.py).
"""

from __future__ import annotations

import copy
import json
import os
import re
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixed_rules import FIXED
from pelaa_tools import new_game, play
from rommikirja.app.api import WINGS
from rommikirja.play import handle

FALLBACK = WINGS["pelaa"]

SCALE = float(os.environ.get("ROMMIKIRJA_FUZZ", "1") or 1)
PER_FAMILY = max(1, int(500 * SCALE))
#: per-request bound (CPU seconds)
MAX_SECONDS = 1.0
#: signs of Python or English in a refusal
LEAK = re.compile(
    r"Error|Traceback|NoneType|\bNone\b|\bTrue\b|\bFalse\b|object|unhashable|invalid literal|"
    r"argument|Expecting|subscriptable|index out of range|\bdict\b|\blist\b|\bstr\b|\bint\b|"
    r"'[^'\s]*'|\[\s*'|\b(the|is|not|of|and|expected|must|unknown|missing)\b"
)
COUNTS = {"requests": 0, "refused": 0, "fallback": 0}

HOSTILE = st.sampled_from(
    [
        None,
        True,
        False,
        "",
        " ",
        "abc",
        -1,
        0,
        1,
        2,
        10**11,
        -(10**11),
        999_999_999_999,
        1.5,
        -0.0,
        1e308,
        [],
        {},
        [[]],
        [{}],
        [None],
        [1, 2],
        {"a": 1},
        {"": None},
        "x" * 5000,
        ["7H"] * 60,
        ["JK"] * 5,
        ["ZZ"],
        ["7H'''"],
        "７H",
        "7H\u00a0",
        "5ſ",
        "²S",
        "<script>alert(1)</script>",
        "𝔘𝔫𝔦",
        "\u202e",
        "a\u200bb",
        "None",
        "'",
        "\\",
        "{{ self }}",
        list(range(40)),
        [[[[[[]]]]]],
        {"draw": "stock"},
        {"discard": "7H"},
        "stock",
        "taitava",
        ["taitava"] * 9,
        ["Aino"] * 4,
        "0" * 4000,
        "9" * 20,
        "-1",
        "1e9",
        "NaN",
    ]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.text(max_size=12)
    | st.floats(allow_nan=False, allow_infinity=False)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
VALUES = HOSTILE | JSON
OPS = ["new", "view", "move", "computer", "hint", "next_deal", "replay", "export", "options", "knock_options"]
_STATES: dict = {}


def states() -> list[dict]:
    """Real states: perusrommi mid-deal, gin finished, Rommi 51 with three players mid-deal."""
    if not _STATES:
        _STATES["mid"] = play(new_game("perusrommi", 2, "4"), 5)["state"]
        _STATES["over"] = play(new_game("gin", 2, "12"), "end")["state"]
        _STATES["three"] = play(new_game("rommi51", 3, "3", levels=["taitava", "aloittelija"]), 4)["state"]
    return list(_STATES.values())


def _own_words(text: str) -> str:
    """A message without what it quotes of the request (”…”: the reader's own text, as written)."""
    return re.sub(r"”[^”]*”", "”…”", text)


def check_reply(text: str, seconds: float) -> dict:
    assert seconds < MAX_SECONDS, f"{seconds:.2f} s"
    reply = json.loads(text)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
    COUNTS["requests"] += 1
    if reply["ok"]:
        result = reply["result"]
        assert isinstance(result, dict)
        if "refused" in result:
            reason = result["refused"]["reason"]
            assert reason[:1].isupper() and reason.endswith("."), reason
            assert not LEAK.search(_own_words(reason)), reason
        return reply
    COUNTS["refused"] += 1
    error = reply["error"]
    if error == FALLBACK:
        COUNTS["fallback"] += 1
    assert error != FALLBACK, "the general fallback answered a malformed request"
    assert isinstance(error, str) and error[:1].isupper() and error.endswith("."), error
    assert not LEAK.search(_own_words(error)), error
    return reply


def ask(request) -> dict:
    text = request if isinstance(request, str) else json.dumps(request, ensure_ascii=False)
    t = time.process_time()
    out = handle(text)
    return check_reply(out, time.process_time() - t)


SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None, max_examples=PER_FAMILY)


@settings(**SETTINGS)
@given(VALUES)
def test_any_json_value_as_the_request(value):
    ask(value)
    if isinstance(value, dict):
        ask({**value, "op": "view"})


def _real(op: str, state: dict) -> dict:
    req: dict = {"op": op, "play": True}
    if op in ("new", "options"):
        req["rules"] = FIXED["perusrommi"].as_mapping()
    if op == "new":
        req.update(players=2, levels=["taitava"], seed="5", options={})
    else:
        req["state"] = state
        req["seen"] = state["check"]
    if op == "move":
        req["move"] = {"draw": "stock"}
    if op == "knock_options":
        req["move"] = {"knock": "AS"}
    if op == "replay":
        req["deal"] = 0
    return req


@settings(**SETTINGS)
@given(
    st.sampled_from(OPS),
    st.integers(0, 2),
    st.sampled_from(
        [
            "op",
            "rules",
            "options",
            "players",
            "levels",
            "seed",
            "names",
            "sections",
            "id",
            "state",
            "seen",
            "links",
            "move",
            "deal",
            "play",
        ]
    ),
    VALUES,
)
def test_a_real_request_with_one_field_replaced(op, which, key, value):
    req = _real(op, states()[which])
    req[key] = value
    ask(req)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            yield from _paths(v, prefix + (i,))


@settings(**SETTINGS)
@given(st.integers(0, 2), st.sampled_from(["view", "move", "hint", "export", "next_deal", "replay"]), st.data(), VALUES)
def test_a_real_state_with_one_field_deep_inside_replaced(which, op, data, value):
    state = copy.deepcopy(states()[which])
    paths = [p for p in _paths(state) if p]
    path = data.draw(st.sampled_from(paths))
    node = state
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    req = _real(op, states()[which])
    req["state"] = state
    if data.draw(st.booleans()):
        req.pop("seen")
    ask(req)


@settings(**SETTINGS)
@given(
    st.sampled_from(OPS),
    st.integers(0, 2),
    st.sampled_from(["request", "state", "move", "rules", "check"]),
    st.text(min_size=1, max_size=40),
    VALUES,
)
def test_unknown_keys(op, which, where, key, value):
    req = copy.deepcopy(_real(op, states()[which]))
    target = {
        "request": req,
        "state": req.get("state"),
        "move": req.get("move"),
        "rules": req.get("rules") or (req.get("state") or {}).get("rules"),
        "check": (req.get("state") or {}).get("check"),
    }[where]
    if isinstance(target, dict) and key not in target:
        target[key] = value
    ask(req)


RAW = st.one_of(
    st.text(max_size=200),
    st.builds(lambda n: "[" * n + "]" * n, st.integers(1, 100_000)),
    st.builds(lambda n: '{"op": "view", "state": ' + "[" * n + "]" * n + "}", st.integers(1, 50_000)),
    st.builds(lambda d: '{"op": "new", "players": ' + "9" * d + "}", st.integers(1, 5000)),
    st.builds(lambda d: '{"op": "new", "seed": 1e' + str(d) + "}", st.integers(1, 400)),
    st.builds(lambda s: '{"op": "new", "seed": "' + s + '"}', st.text(min_size=40, max_size=3000)),
    st.sampled_from(
        [
            '{"op": NaN}',
            '{"op": "view", "state": Infinity}',
            "\ufeff{}",
            "{'op': 'view'}",
            '{"op": "new"',
            "null",
            "true",
            "1",
            '"new"',
            " " * 1_000_001,
            '{"op": "new",}',
            '{"op": "new", "op": "view"}',
            '{"op": "n\\u0000ew"}',
            '{"op": "new", "rules": {"ace": "\\ud800"}}',
        ]
    ),
)


@settings(**SETTINGS)
@given(RAW)
def test_raw_text(text):
    ask(text)


def test_the_fuzz_ran_and_no_request_got_the_fallback():
    """After the five families (this file's order): the counts, and not one general fallback."""
    assert COUNTS["requests"] >= 5 * PER_FAMILY
    assert COUNTS["refused"] > COUNTS["requests"] // 2
    assert COUNTS["fallback"] == 0
    print(f"\nPelaa fuzz: {COUNTS}")
