"""The calamity trigger and table (seed 002 L1034-1042, L1100-1112) and each calamity's numbers."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class CalamityRules(Record):
    first_turn: int
    trigger_dice: int
    trigger_start: int
    trigger_max: int
    skip_after: int
    group_die: int
    entry_die: int
    groups: dict[str, tuple[int, ...]] = Field(description="group id -> the group die results that pick it")


class Calamity(Record):
    name: str
    name_en: str
    group: str
    entry: int
    where: str
    summary: str
    tech_mods: dict[str, str] = Field(default_factory=dict)
    note: str = ""
    params: dict[str, Any] = Field(default_factory=dict)
