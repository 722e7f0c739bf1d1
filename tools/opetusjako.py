"""The Opetusjako (guided first deal) section of a game page: :func:`opetus_data` and :func:`opetus_html`.

The deal is a verified scenario: ``scenarios/<game>/opetus-<game>.yaml`` when a club has written
one by hand, else the generated ``z-<game>-opetus.yaml`` (:mod:`tools.sample_deal`). The reader
plays its first player. The guide's words come from the moves and the rule set
(:mod:`rommikirja.app.opetus_text`); the page's script (:func:`rommikirja.app.opetus.script_of`)
travels as JSON in ``data-opetus`` and the engine in the page checks every move against it
(``docs/assets/opetus.js``).
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from rommikirja import deal_type
from rommikirja.app.opetus import script_of
from rommikirja.app.opetus_text import (
    CONCEPTS,
    closing,
    concepts_of,
    ending_concepts,
    guide,
    reader_moves,
    rommi_missed,
    undercut_made,
    undercut_missed,
)
from rommikirja.finnish import join_list, player_name

__all__ = ["tutorial_id", "opetus_data", "opetus_html"]


def tutorial_id(game: str, by_id: dict[str, Any]) -> str | None:
    """The scenario id of ``game``'s guided deal: the hand-written one first."""
    for sid in (f"opetus-{game}", f"z-{game}-opetus"):
        if sid in by_id:
            return sid
    return None


def _start(sc: Any) -> Any:
    snap = sc.initial
    if snap is None or snap.table:
        raise ValueError(f"{sc.rel}: opetusjako alkaa jaosta: asetelmassa ei saa olla pöydän yhdistelmiä")
    setup = sc.data.get("setup", {}) if sc.data is not None else {}
    extra = {"phase": str(setup["phase"])} if "phase" in setup else {}
    return deal_type(sc.rules).from_position(
        sc.rules, snap.hands, stock=snap.stock, discard=snap.discard, dealer=snap.dealer, turn=snap.turn, **extra
    )


def opetus_data(sc: Any, rules_mapping: dict, title: str) -> dict:
    """Everything the page's script needs: the rules, the script, the guide's steps and the ending."""
    start = _start(sc)
    played = [st for st in sc.steps if st.move is not None and st.refused is None]
    moves = [st.move for st in played]
    steps = guide(start, moves, 0, sc.names)
    for step in steps:  # a hand-written tutorial's own words replace the generated instruction
        own = played[step["at"]].facts.get("opastus")
        if own and step.get("part", 0) == 0:  # (an opening built meld by meld: its first step)
            step["text"] = own
    if not steps:
        raise ValueError(f"{sc.rel}: opetusjaossa ensimmäinen pelaaja ei tee yhtään siirtoa")
    end = start.copy()
    for m in moves:
        end.play(m)
    missed = undercut_missed(end, sc.names, 0)
    concepts = concepts_of(steps, ending_concepts(end, 0) + (["alitus"] if missed else []))
    return {
        "game": sc.game,
        "title": title,
        "rules": rules_mapping,
        "script": script_of(start, moves, sc.names, 0),
        "steps": steps,
        "concepts": [CONCEPTS[c] for c in concepts],
        "concepts_text": join_list([CONCEPTS[c] for c in concepts]),
        "closing": closing(sc.rules, [c for s in steps for c in s.get("introduces", ())]),
        **({"undercut": said} if (said := missed or undercut_made(end, sc.names, 0)) else {}),
        **({"rommi": rommi} if (rommi := rommi_missed(end, sc.names, 0)) else {}),
    }


def opetus_html(sc: Any, rules_mapping: dict, title: str, env: Any) -> Markup:
    """The section's root (``data-opetus``) with a text for a page without scripts."""
    data = opetus_data(sc, rules_mapping, title)
    names = sc.names
    return Markup(
        env.get_template("_opetusjako.html.j2")
        .render(
            data=Markup(json.dumps(data, ensure_ascii=False)),
            game=sc.game,
            reader=names[0],
            others=join_list([player_name(n, "gen") for n in names[1:]]),
            moves=reader_moves(data["steps"]),
            steps=len(data["steps"]),
            concepts=join_list(data["concepts"]),
        )
        .strip()
        + "\n"
    )
