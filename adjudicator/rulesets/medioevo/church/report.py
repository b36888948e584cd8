"""The Church's lines in the report's standings (from the view: ``church`` is public)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def church_paragraph(data: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    """The see, the Antipope, the excommunicated and a crusade under way; None when none of it."""
    church = data.get("church")
    if not church:
        return None

    def name(power: str) -> str:
        return names.get(power, power)

    parts: list[str] = []
    if church.get("vacant") == "election":
        parts.append(
            f"the see is empty: the Catholics elect a Pope at turn {church.get('election_turn')}'s Events"
        )
    elif church.get("vacant") == "suspended":
        parts.append("the papacy is suspended until a Catholic holds the Papal State")
    if church.get("antipope"):
        parts.append(f"Antipope: {name(church['antipope'])} (capital {church.get('antipope_capital')})")
    if church.get("excommunicated"):
        parts.append("excommunicated: " + ", ".join(name(p) for p in sorted(church["excommunicated"])))
    crusade = church.get("crusade")
    if crusade:
        if crusade.get("objective"):
            sides = crusade.get("sides") or {}
            crusaders = (
                ", ".join(name(p) for p, s in sorted(sides.items()) if s == "crusader") or "to be chosen"
            )
            defenders = (
                ", ".join(name(p) for p, s in sorted(sides.items()) if s == "defender") or "to be chosen"
            )
            parts.append(
                f"crusade ({crusade['stage']}) on {crusade['objective']} ({crusade['po']} PO) from "
                f"{crusade['departure']}, leaving in turn {crusade['march_turn']}, at least "
                f"{crusade['min_vf']} VF each; crusaders {crusaders}; defenders {defenders}"
            )
        else:
            parts.append(f"a crusade is called: {name(crusade['called_by'])} plans it in the next Diplomacy")
    return ("Church: " + "; ".join(parts) + ".") if parts else None
