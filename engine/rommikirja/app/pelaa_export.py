"""Pelaa's "Vie esimerkiksi": a finished deal as a scenario file that ``tools.verify`` accepts as it is.

Only a finished deal is exported: its file holds every starting hand and the whole stock, which
during the deal are hidden from the reader (after the end every hand is shown anyway).
"""

from __future__ import annotations

from typing import Any

from .pelaa_state import PlayError
from ..scoring import GameTotals
from ..steps import scenario_yaml

__all__ = ["export_yaml", "MID_DEAL"]

#: The refusal of an export while the deal is on.
MID_DEAL = (
    "Jaon voi viedä esimerkiksi vasta, kun se on päättynyt: kesken jaon tiedostossa olisivat "
    "muiden pelaajien kädet ja nostopakan järjestys."
)


def export_yaml(g: Any, title: str) -> str:
    """The game's last deal, finished, as a scenario titled ``title``: its dealt position, every
    move and what followed (:class:`~rommikirja.app.pelaa_state.PlayError` while the deal is on)."""
    if not g.deal.is_over:
        raise PlayError(MID_DEAL)
    index = len(g.deals) - 1
    start = g.start_of(index)
    names = g.names
    before = GameTotals.start(g.n)
    for s in g.scores[:index]:
        before = before.add(s.points)
    header = [
        "# Vie esimerkiksi: Rommikirjan Pelaa-sivulla pelattu jako "
        f"(siemen {g.seed}, jako {index + 1}). Tarkista: ./dev verify TIEDOSTO",
        "# Sivulle: lisää section-kenttä (pelisivun osio, jossa esimerkki näytetään) ja kirjoita",
        "# text-kenttään oma selitys (luvut ja kortit {{ … }}-lausekkeina).",
    ]
    score = g.scores[index]
    expect = {
        "over": True,
        "points": {names[i]: p for i, p in enumerate(score.points)},
        "totals": {names[i]: t for i, t in enumerate(g.totals.totals)},
    }
    text = (
        "{{ names[0] }} ja {{ names[1] }} pelasivat tämän jaon Rommikirjan Pelaa-sivulla; jaon "
        "pisteet ovat {{ score.points | join(', ') }}."
    )
    # Every option of the rules actually played (house-rule switches and Pelaa's own turnover limit
    # included): the deal replays the same even after the club changes its rule set.
    return scenario_yaml(
        g.game,
        "Pelattu jako: " + title,
        names,
        start,
        g.full[index],
        expect,
        header=header,
        options={k: v for k, v in g.rules.as_mapping().items() if k != "name"},
        options_note="koko pelattu sääntökokonaisuus, jotta jako toistuu samana",
        totals={names[i]: t for i, t in enumerate(before.totals)} if index else None,
        deals_played=before.deals if index else 0,
        text=text,
    )
