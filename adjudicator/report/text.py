"""A viewer's sheet and standings as plain text, between reports (the STATE mail command);
the turn reports themselves are rendered by report/render.py."""

from __future__ import annotations

from typing import Any

from adjudicator.core.view import PlayerView


def _sheet(view: PlayerView) -> list[str]:
    powers: dict[str, Any] = view.data.get("powers", {})
    own = powers.get(view.viewer)
    lines: list[str] = []
    if own is not None:
        lines += [
            "Your sheet",
            f"  florins: {own['florins']}   honor: {own['honor']}   LT: {own['tech_level']}",
            f"  technologies: {', '.join(own['techs']) or 'none'}",
            f"  cards: {', '.join(own['cards']) or 'none'}",
            f"  loans: {', '.join(map(str, own['loans'])) or 'none'}",
            "",
        ]
    lines.append("Standings")
    for pid, data in sorted(powers.items(), key=lambda kv: (-kv[1]["honor"], kv[0])):
        held = sum(1 for t in view.data["territories"].values() if t["owner"] == pid)
        lines.append(f"  {pid:<20} honor {data['honor']:>3}  LT {data['tech_level']}  territories {held}")
    armies = [
        f"  {tid}: " + ", ".join(f"{p} {n}" for p, n in sorted(t["armies"].items()))
        for tid, t in sorted(view.data["territories"].items())
        if t["armies"]
    ]
    if armies:
        lines += ["", "Armies (VF)", *armies]
    return lines


def render_state(view: PlayerView) -> str:
    """A viewer's current view as text, between reports (the STATE mail command)."""
    who = "the GM" if view.viewer == "gm" else view.viewer
    header = f"{view.game}: window {view.window} (turn {view.turn}) as {who} sees it"
    return "\n".join([header, "", *_sheet(view)]) + "\n"
