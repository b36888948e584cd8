"""Commerce's records in the game state (docs/commerce.md §3): an Empire card on auction
(L2150-2154, R296). Dropped from the JSON while there is none (war/records.py ``prune``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Lot(BaseModel):
    """An Empire card put up for auction in a commerce phase, waiting for the sealed maximums of
    the next window (R296)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seller: str
    card: str = Field(description="card id (cards.toml)")
    reserve: int = Field(default=0, ge=0, description="the base price; 0: none (L2154)")
    turn: int = Field(description="the turn of the commerce phase that offered it")
