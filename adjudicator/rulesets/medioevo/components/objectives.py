"""Objective cards (seed 002 L134, L2402-2414): green, yellow and red territories per kingdom."""

from __future__ import annotations

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class ObjectiveCard(Record):
    """One Objective card of a playable kingdom; one is dealt to each power at setup (L2404)."""

    kingdom: str
    name: str
    green: tuple[str, ...] = Field(description="the 7 starting territories: -2 PO each one missing")
    yellow: tuple[str, ...] = Field(description="7 near targets: +1/2 PO each held")
    red: tuple[str, ...] = Field(description="7 far targets: +1 PO each held")
