"""The Pelaa page's game state and the requests that carry it: every field typed, every refusal a
Finnish sentence (the page is untrusted, and so is whatever the browser stored).

A game's *state* is the plain JSON the page keeps (``localStorage``) and sends with each request::

    {"v": 2, "id": "9f2c…", "rules": {…}, "options": {…}, "players": 2, "names": ["Aino", "Eero"],
     "levels": ["taitava"], "seed": "7", "deals": [[{"draw": "stock"}, {"discard": "KD"}, …], …],
     "check": {"game": "…", "moves": 57, "chain": "…"}, "sections": […]}

- **Fixed at the start.** ``rules``, ``options`` (the house rules), ``players``, ``names``,
  ``levels``, ``seed`` and ``id`` are chosen once; ``check.game`` is a digest of them, so a state
  whose levels, rules or seed were changed mid-game is refused.
- **Only the reader's moves.** ``deals`` holds, per deal, the moves of the reader (seat 0). The
  computers' moves are not in the state at all: every request replays the game and the engine
  chooses each computer move again from the seed and the level. A state cannot carry a move for a
  computer's seat, and the dealer of each deal is derived (the last seat first, then
  :func:`~rommikirja.scoring.next_dealer`), not read.
- **The same position.** ``check.chain`` is a hash chain over every move of the game as the engine
  played it (the reader's and the computers', deal by deal), ``check.moves`` their number. A state
  whose replay does not end in the same chain is refused: a move appended, removed or changed by
  hand, or a game the engine would now play differently.
- **No undo.** There is no secret in a page (the engine runs there, so a digest can be recomputed
  by anyone who runs it), and truncating the moves is an undo that no check *inside* the state
  can catch. So the page keeps, apart from the state, the ``check`` of the furthest position it
  has seen of each game (by ``id``) and sends it as ``seen``; the engine refuses a state that does
  not extend it: fewer moves (an undo), other moves at that point, or another game's settings.
  A reader who rewrites both stores by hand is out of reach of any check that runs in the page;
  what the engine guarantees is that any state it accepts is a game it would itself have played.
- **Bounds.** At most :data:`LIMITS` ``["deals"]`` deals (the game also ends by its own rule: no
  deal after that), ``["deal_moves"]`` own moves per deal and ``["moves"]`` in all, so every
  request is answered quickly.

A hidden card is never in a state (the reader's moves hold only the reader's cards); the seed
that dealt them is, as in the address: the engine runs in the page.

The bounds and the checks of single fields live in :mod:`rommikirja.app.pelaa_fields`, the reader's
moves as steps in :mod:`rommikirja.app.pelaa_moves` (both re-exported here).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Mapping

from ..chars import combining_run, describe, hidden_char, identity_problem
from .computer import LEVELS
from ..finnish import name_forms
from ..narrate import DEFAULT_NAMES
from ..rules import OPTIONS, RuleSet, RuleSetError
from .pelaa_fields import LIMITS, PlayError, _is_int, _keys, _n, _text, shown
from .pelaa_moves import PAGE_KINDS, _Deck, move_of, read_move, step_of  # noqa: F401 (PAGE_KINDS, _Deck: re-exported)

__all__ = [
    "PlayError",
    "LIMITS",
    "VERSION",
    "HOUSE_RULES",
    "read_request",
    "check_rules",
    "title_problem",
    "GAME_NAME",
    "check_state",
    "check_seen",
    "new_state",
    "game_digest",
    "chain_step",
    "step_of",
    "move_of",
    "read_move",
]

#: The state format this engine writes and reads.
VERSION = 2

#: House rules a reader may switch before a game, per deal style.
HOUSE_RULES: dict[str, tuple[str, ...]] = {
    "rummy": (
        "melds_per_turn",
        "lay_off_before_meld",
        "final_discard",
        "ace",
        "stock_exhausted",
        "max_turnovers",
        "deadlock",
        "rummy_doubling",
        "opening_points",
        "opening_pure_run",
        "game_end",
        "game_deals",
        "target_score",
    ),
    "knock": ("upcard_offer", "knock_limit", "gin_bonus", "undercut_bonus", "undercut_on_tie", "target_score"),
}

STATE_KEYS = ("v", "id", "rules", "options", "players", "names", "levels", "seed", "deals", "check")
_HEX = re.compile(r"[0-9a-f]{8,32}")
_DIGEST = re.compile(r"[0-9a-f]{32}")
_ANCHOR = re.compile(r"[a-z0-9_-]*")  # as MkDocs makes them (toc.slugify), maybe empty


#: A game's name: the slug of its page (as a preset's ``name``).
GAME_NAME = re.compile(r"[a-z][a-z0-9-]{0,40}")
#: Characters a title may not hold: they would be markup (HTML, Markdown, attributes, links).
TITLE_MARKUP = frozenset("<>[]{}*_`\\|#&~^$@=\"':")


def title_problem(value: Any) -> str | None:
    """Why ``value`` is not a game title (one line of plain text, at most ``LIMITS["text"]``
    characters, Latin letters, no markup or hidden characters), in Finnish, or None.

    >>> title_problem("Kerhon rommi – paras!"), title_problem("<img src=x>")
    (None, 'merkki U+003C (erikoismerkki) ei käy otsikkoon')
    """
    if not isinstance(value, str) or not value.strip():
        return "otsikko puuttuu tai ei ole tekstiä"
    if len(value) > LIMITS["text"]:
        return f"otsikossa on {len(value)} merkkiä"
    odd = hidden_char(value) or next((ch for ch in value if ch in TITLE_MARKUP or not ch.isprintable()), None)
    if odd is not None:
        return f"merkki {describe(odd)} ei käy otsikkoon"
    if combining_run(value) is not None:
        return "otsikossa on pinottuja yhdistyviä merkkejä"
    if value != value.strip():
        return "otsikon alussa tai lopussa on tyhjää"
    return identity_problem(value)


# -- requests ----------------------------------------------------------------------------------


def read_request(text: Any, ops: Mapping[str, frozenset]) -> dict:
    """The request as JSON values, its ``op`` (one of ``ops``: op → the fields it may have, from
    :data:`rommikirja.app.api.OPS`) and field names checked (the fields themselves are checked
    where they are used)."""
    from ..requests import RequestError, parse_json

    try:
        req = parse_json(text, LIMITS["request_chars"])
    except RequestError as err:
        raise PlayError(str(err)) from None
    if not isinstance(req, dict):
        raise PlayError("Pyynnön pitää olla JSON-olio.")
    op = req.get("op")
    if not isinstance(op, str) or op not in ops:
        raise PlayError("Pyynnön laji (op) on tuntematon; sallitut: " + ", ".join(ops) + ".")
    _keys(req, ops[op] | {"op", "play"}, "Pyynnössä")
    if "play" in req and req["play"] is not True:
        raise PlayError("Pyynnön play-kentän pitää olla true.")
    return req


def _option_value(key: str, value: Any, where: str) -> Any:
    spec = OPTIONS[key]
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise PlayError(f"{where} ”{key}” arvon pitää olla true tai false.")
    elif spec.kind == "choice":
        if not isinstance(value, str) or value not in spec.choices:
            raise PlayError(f"{where} ”{key}” arvon pitää olla jokin näistä: {', '.join(spec.choices)}.")
    elif spec.kind == "int":
        if not _is_int(value) or not spec.minimum <= value <= spec.maximum:
            raise PlayError(f"{where} ”{key}” arvon pitää olla kokonaisluku {spec.minimum}–{_n(spec.maximum)}.")
    else:  # hand_size: players → cards, e.g. {"2": 10}
        if (
            not isinstance(value, dict)
            or not 0 < len(value) <= 6
            or not all(str(k) in ("2", "3", "4", "5", "6") and _is_int(v) and 1 <= v <= 20 for k, v in value.items())
        ):
            raise PlayError(
                f"{where} ”hand_size” arvon pitää olla pelaajamäärä–korttimäärä-pareja, "
                "esimerkiksi {\"2\": 10, \"3\": 7}."
            )
    return value


def check_rules(v: Any) -> RuleSet:
    """The rule set of a request or state (an object of options, as the page's data gives it)."""
    if not isinstance(v, dict) or len(v) > len(OPTIONS) + 2:
        raise PlayError("Sääntöjen (rules) pitää olla JSON-olio, jossa on pelin säännöt.")
    for key, value in v.items():
        if key == "name":
            if not isinstance(value, str) or not GAME_NAME.fullmatch(value):
                raise PlayError(
                    "Pelin nimen (rules.name) pitää olla pienin kirjaimin kirjoitettu tunnus: a–z, "
                    "numerot ja -, alkaa kirjaimella, enintään 41 merkkiä (esimerkiksi perusrommi)."
                )
        elif key == "title":
            problem = title_problem(value)
            if problem is not None:
                raise PlayError(
                    f"Pelin otsikon (rules.title) pitää olla yksi rivi pelkkää tekstiä, enintään "
                    f"{LIMITS['text']} merkkiä: {problem}."
                )
        elif key not in OPTIONS:
            what = shown(key)
            raise PlayError(f"Säännöissä on tuntematon sääntö {what}." if what else "Säännöissä on tuntematon sääntö.")
        else:
            _option_value(key, value, "Säännön")
    try:
        return RuleSet.from_mapping(v)
    except RuleSetError as err:
        raise PlayError(f"Säännöissä on virhe: {err}.") from None


def check_options(v: Any, rules: RuleSet) -> dict:
    """The reader's house rules: only the switches Pelaa offers for the game's deal style."""
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise PlayError("Kotisääntöjen (options) pitää olla JSON-olio.")
    allowed = HOUSE_RULES[rules.style]
    for key, value in v.items():
        if key not in allowed:
            what = shown(key)
            raise PlayError(
                (
                    f"Kotisääntönä ei voi valita sääntöä {what}"
                    if what
                    else "Kotisäännöissä on sääntö, jota ei voi valita"
                )
                + "; valittavissa: "
                + ", ".join(allowed)
                + "."
            )
        _option_value(key, value, "Kotisäännön")
        if key == "game_deals" and value > LIMITS["deals"]:
            raise PlayError(f"Pelaa-sivulla pelissä voi olla enintään {LIMITS['deals']} jakoa.")
    return dict(v)


def _seed(v: Any) -> str:
    if _is_int(v) and 0 <= v < 10**12:
        v = str(v)
    if not _text(v, LIMITS["seed"]):
        raise PlayError(
            f"Pelin numeron (seed) pitää olla luku tai lyhyt teksti, enintään {LIMITS['seed']} "
            "merkkiä, ilman näkymättömiä merkkejä."
        )
    return v


def _players(v: Any, rules: RuleSet) -> int:
    low, high = rules.min_players, min(rules.max_players, LIMITS["players"])
    if rules.style == "knock" and v in (None, 2):
        return 2
    if not _is_int(v) or not low <= v <= high:
        raise PlayError(
            f"Tässä pelissä pelaajia (players) on oltava {low}–{high}."
            if low < high
            else f"Tässä pelissä pelaajia (players) on oltava {low}."
        )
    return v


def _names(v: Any, n: int) -> list[str]:
    if v is None:
        return list(DEFAULT_NAMES[:n])
    if not isinstance(v, list) or len(v) != n:
        raise PlayError("Pelaajien nimien (names) pitää olla luettelo, jossa on nimi jokaiselle pelaajalle.")
    for name in v:
        if not _text(name, LIMITS["name"]):
            raise PlayError(
                f"Pelaajan nimen pitää olla teksti, enintään {LIMITS['name']} merkkiä, ilman näkymättömiä merkkejä."
            )
        if name_forms(name) is None:  # narration declines every name: built in, or the club's
            raise PlayError(f"Nimelle ”{name}” ei ole taivutusmuotoja; lisää ne tiedostoon scenarios/nimet.yaml.")
    if len(set(v)) != n:
        raise PlayError("Jokaisella pelaajalla on oltava oma nimensä.")
    return list(v)


def _levels(v: Any, n: int) -> list[str]:
    if v is None:
        return ["taitava"] * (n - 1)
    if not isinstance(v, list) or len(v) != n - 1 or not all(isinstance(x, str) and x in LEVELS for x in v):
        raise PlayError("Jokaiselle tietokonepelaajalle on valittava taso (levels): aloittelija tai taitava.")
    return list(v)


def _sections(v: Any) -> list[str] | None:
    if v is None:
        return None
    if (
        not isinstance(v, list)
        or len(v) > LIMITS["sections"]
        or not all(isinstance(a, str) and len(a) <= LIMITS["section"] and _ANCHOR.fullmatch(a) for a in v)
    ):
        raise PlayError("Pelisivun osioiden (sections) pitää olla luettelo osioiden tunnisteita.")
    return list(v)


def new_state(req: dict) -> dict:
    """The state of a game about to start (``op: new``), every field checked; ``check`` comes
    when the engine has dealt."""
    rules = check_rules(req.get("rules") if req.get("rules") is not None else {})
    options = check_options(req.get("options"), rules)
    played = RuleSet.from_mapping(options, base=rules) if options else rules
    # a switch with no effect in the game (a points target when it ends after so many deals, from
    # a shared link or an old form) is not kept: the game and its address carry only what it plays
    options = {k: v for k, v in options.items() if OPTIONS[k].applies(played)}
    n = _players(req.get("players", 2), played)
    state: dict = {
        "v": VERSION,
        "rules": req.get("rules") or {},
        "options": options,
        "players": n,
        "names": _names(req.get("names"), n),
        "levels": _levels(req.get("levels"), n),
        "seed": _seed(req.get("seed", "1")),
        "deals": [[]],
    }
    sections = _sections(req.get("sections"))
    if sections is not None:
        state["sections"] = sections
    game_id = req.get("id")
    if game_id is None:  # the page sends a random one; without it, one derived from the settings
        game_id = hashlib.sha256(_canonical({k: state[k] for k in STATE_KEYS[2:8]}).encode()).hexdigest()[:16]
    if not isinstance(game_id, str) or not _HEX.fullmatch(game_id):
        raise PlayError("Pelin tunnisteen (id) pitää olla 8–32 merkin heksadesimaaliluku.")
    state["id"] = game_id
    return state


# -- the digest of a game and the chain of its moves -------------------------------------------


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def game_digest(state: Mapping[str, Any]) -> str:
    """The digest of what is fixed for a game: version, id, rules, options, players, names, levels, seed."""
    fixed = {k: state[k] for k in STATE_KEYS[:8]}
    return hashlib.sha256(_canonical(fixed).encode()).hexdigest()[:32]


def chain_step(chain: str, deal: int, step: Mapping[str, Any]) -> str:
    """The chain after one more move (``step``, in the scenario format) of deal number ``deal``."""
    return hashlib.sha256(f"{chain}|{deal}|{_canonical(step)}".encode()).hexdigest()[:32]


def _check_value(v: Any, what: str) -> dict:
    if (
        not isinstance(v, dict)
        or set(v) != {"game", "moves", "chain"}
        or not isinstance(v["game"], str)
        or not _DIGEST.fullmatch(v["game"])
        or not isinstance(v["chain"], str)
        or not _DIGEST.fullmatch(v["chain"])
        or not _is_int(v["moves"])
        or not 0 <= v["moves"] <= 10 * LIMITS["moves"]
    ):
        raise PlayError(what)
    return v


def check_seen(v: Any) -> dict | None:
    """The ``check`` of the furthest position the page has seen of this game (``seen``), or None."""
    if v is None:
        return None
    return _check_value(v, "Viimeksi nähdyn tilan (seen) pitää olla sääntömoottorin antama tarkiste.")


def check_state(v: Any) -> dict:
    """A stored or sent state, checked field by field before anything is replayed (cheap first)."""
    if not isinstance(v, dict):
        raise PlayError("Pelin tilan (state) pitää olla JSON-olio.")
    version = v.get("v")
    if version == 1 or (version is None and "deals" in v):
        raise PlayError(
            "Peli on tallennettu Pelaa-sivun vanhemmalla versiolla, eikä sitä voi jatkaa; aloita uusi peli."
        )
    if not _is_int(version) or version != VERSION:
        raise PlayError(f"Pelin tilan versio (v) on tuntematon; tämä sääntömoottori tuntee version {VERSION}.")
    _keys(v, set(STATE_KEYS) | {"sections"}, "Pelin tilassa")
    missing = next((k for k in STATE_KEYS if k not in v), None)
    if missing is not None:
        raise PlayError(f"Pelin tilasta puuttuu kenttä ”{missing}”.")
    if not isinstance(v["id"], str) or not _HEX.fullmatch(v["id"]):
        raise PlayError("Pelin tunnisteen (id) pitää olla 8–32 merkin heksadesimaaliluku.")
    check = _check_value(v["check"], "Pelin tilan tarkiste (check) puuttuu tai on väärää muotoa.")
    deals = v["deals"]
    if not isinstance(deals, list) or not deals or not all(isinstance(d, list) for d in deals):
        raise PlayError(
            "Pelin jakojen (deals) pitää olla luettelo, jossa on jokaisesta jaosta luettelo pelaajan omista siirroista."
        )
    if len(deals) > LIMITS["deals"]:
        raise PlayError(f"Pelaa-sivulla pelissä voi olla enintään {LIMITS['deals']} jakoa.")
    if any(len(d) > LIMITS["deal_moves"] for d in deals):
        raise PlayError(f"Yhdessä jaossa voi olla enintään {_n(LIMITS['deal_moves'])} omaa siirtoa.")
    if sum(map(len, deals)) > LIMITS["moves"]:
        raise PlayError(f"Pelissä voi olla yhteensä enintään {_n(LIMITS['moves'])} omaa siirtoa.")
    if check["game"] != game_digest(v):
        raise PlayError(
            "Pelin tila ei vastaa aloitettua peliä: sääntöjä, kotisääntöjä, tasoja, "
            "pelaajia tai pelin numeroa ei voi muuttaa kesken pelin."
        )
    # the settings themselves (the digest matched, but the page may have been handed a forged one)
    rules = check_rules(v["rules"])
    options = check_options(v["options"], rules)
    played = RuleSet.from_mapping(options, base=rules) if options else rules
    n = v["players"]
    if _players(n, played) != n:
        raise PlayError("Pelaajien määrä (players) ei sovi näihin sääntöihin.")
    _names(v["names"], n)
    _levels(v["levels"], n)
    if _seed(v["seed"]) != v["seed"]:
        raise PlayError("Pelin numeron (seed) pitää olla tilassa tekstinä.")
    _sections(v.get("sections"))
    return v
