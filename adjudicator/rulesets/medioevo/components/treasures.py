"""Treasure cards (seed 002 L138, L2358, L2376) and relics (L268-269, L1072-1080)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class TreasureCard(Record):
    """A Treasure card, won by defeating a level II or III barbarian Captain."""

    name: str
    name_en: str
    copies: int = 1
    summary: str
    params: dict[str, Any] = Field(default_factory=dict)


class Relic(Record):
    """A relic found through a Grail icon; carried by a Captain, kept in a Cathedral."""

    name: str
    name_en: str
    summary: str
    params: dict[str, Any] = Field(default_factory=dict)
