"""A protector's marker of the variant GARANTIRE (guarantees.py; seed 002 L3322), held in
``MedioevoState.guarantees`` and left out of the JSON while there is none (war/records.py
``prune``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class GuaranteeMark(BaseModel):
    """A protector's marker on a kingdom nobody plays (L3322)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    power: str
    kingdom: str
    marker: str  # the territory the marker stands on
    since: int
