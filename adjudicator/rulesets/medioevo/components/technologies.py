"""Technologies (TECNOLOGIE, seed 002 L446-450, L801-807, L2848-3188): trees, costs, prerequisites."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class TechnologyRules(Record):
    costs: tuple[int, ...] = Field(description="price by level I..IV")
    max_per_turn: int
    lt_thresholds: tuple[int, ...] = Field(description="technology counts where LT II and LT III start")


class Tree(Record):
    name: str
    name_en: str
    colour: str


class Technology(Record):
    name: str
    name_en: str
    tree: str
    line: str
    level: int = Field(ge=1, le=4)
    cost: int
    prereqs: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    summary: str
    note: str = ""
    params: dict[str, Any] = Field(default_factory=dict)
