"""Pelaa's "Vie esimerkiksi": a finished deal as a scenario file that ``tools.verify`` accepts as it is.

Only a finished deal is exported: its file holds every starting hand and the whole stock, which
during the deal are hidden from the reader (after the end every hand is shown anyway).
"""
from __future__ import annotations

from typing import Any, Sequence

from .gin import GinDeal
from .play_state import PlayError
from .scoring import GameTotals

__all__ = ["export_yaml", "MID_DEAL"]

#: The refusal of an export while the deal is on.
MID_DEAL = ("Jaon voi viedä esimerkiksi vasta, kun se on päättynyt: kesken jaon tiedostossa olisivat "
            "muiden pelaajien kädet ja nostopakan järjestys.")


def _flow(codes: Sequence[str]) -> str:
    return "[" + ", ".join(codes) + "]"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _yaml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_yaml_value(v)}" for k, v in value.items()) + "}"
    return _quote(str(value))


def _step_yaml(step: dict) -> str:
    parts = []
    for key, value in step.items():
        if key in ("meld", "lay_off"):
            parts.append(f"{key}: {_flow(value)}")
        elif key == "open":
            parts.append(f"{key}: [" + ", ".join(_flow(m) for m in value) + "]")
        elif key == "pass":
            parts.append("pass: true")
        elif key == "onto":
            parts.append(f"onto: {int(value)}")
        else:
            parts.append(f"{key}: {value}")
    return "  - {" + ", ".join(parts) + "}"


def export_yaml(g: Any, title: str) -> str:
    """The game's last deal, finished, as a scenario titled ``title``: its dealt position, every
    move and what followed (:class:`~rommikirja.play_state.PlayError` while the deal is on)."""
    if not g.deal.is_over:
        raise PlayError(MID_DEAL)
    index = len(g.deals) - 1
    start = g.start_of(index)
    names = g.names
    before = GameTotals.start(g.n)
    for s in g.scores[:index]:
        before = before.add(s.points)
    lines = [
        "# Vie esimerkiksi: Rommikirjan Pelaa-sivulla pelattu jako "
        f"(siemen {g.seed}, jako {index + 1}). Tarkista: ./dev verify TIEDOSTO",
        "# Sivulle: lisää section-kenttä (pelisivun osio, jossa esimerkki näytetään) ja kirjoita",
        "# text-kenttään oma selitys (luvut ja kortit {{ … }}-lausekkeina).",
        "source: own",
        f"game: {g.game}",
        f"title: {_quote('Pelattu jako: ' + title)}",
    ]
    # Every option of the rules actually played (house-rule switches and Pelaa's own turnover limit
    # included): the deal replays the same even after the club changes its rule set.
    lines.append("options:   # koko pelattu sääntökokonaisuus, jotta jako toistuu samana")
    lines.extend(f"  {k}: {_yaml_value(v)}" for k, v in g.rules.as_mapping().items() if k != "name")
    lines.append("players: [" + ", ".join(names) + "]")
    lines.append("setup:")
    lines.append(f"  dealer: {names[start.dealer]}")
    lines.append(f"  turn: {names[start.turn]}")
    if isinstance(start, GinDeal) and start.phase.value == "offer":
        lines.append("  phase: offer")
    lines.append("  hands:")
    lines.extend(f"    - {_flow([c.code for c in h])}" for h in start.hands)
    lines.append(f"  stock: {_flow([c.code for c in reversed(start.stock)])}")
    lines.append(f"  discard: {_flow([c.code for c in start.discard])}")
    if index:
        lines.append("  totals: {" + ", ".join(f"{names[i]}: {t}" for i, t in enumerate(before.totals)) + "}")
        lines.append(f"  deals_played: {before.deals}")
    lines.append("steps:")
    lines.extend(_step_yaml(step) for step in g.full[index])
    score = g.scores[index]
    pts = ", ".join(f"{names[i]}: {p}" for i, p in enumerate(score.points))
    tot = ", ".join(f"{names[i]}: {t}" for i, t in enumerate(g.totals.totals))
    lines.append(f"  - expect: {{over: true, points: {{{pts}}}, totals: {{{tot}}}}}")
    text = ("{{ names[0] }} ja {{ names[1] }} pelasivat tämän jaon Rommikirjan Pelaa-sivulla; jaon "
            "pisteet ovat {{ score.points | join(', ') }}.")
    lines.append("text: |")
    lines.append("  " + text)
    return "\n".join(lines) + "\n"
