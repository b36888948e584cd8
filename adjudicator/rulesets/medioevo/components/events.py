"""The Event deck (seed 002 L130, L1020-1080): areas, three event icons, the Grail and relic sites."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class EventKind(Record):
    """What an event icon does when the 1d6 picks it (L1050-1066)."""

    name: str
    name_en: str
    summary: str
    params: dict[str, Any] = Field(default_factory=dict)


class EventCard(Record):
    """One Event card: where it strikes and which three events may happen there."""

    name: str
    areas: tuple[str, ...] = Field(description="territory ids marked in red on the card (L1022, L1046)")
    land_zone: int = Field(description="the land zone the card designates (GUERRA CIVILE, L1292)")
    icons: tuple[str, str, str] = Field(description="event kinds for 1d6 = 1-2, 3-4, 5-6 (L1050-1052)")
    grail: bool = False
    relic_sites: tuple[str, ...] = Field(
        default=(), description="the back's 1d8 table of relic sites (L1074)"
    )
