"""Commerce's records in the game state (docs/commerce.md §3): an Empire card on auction
(L2150-2154, R296) and a distant-port tile (L2394-2400, R300). Dropped from the JSON while there is
none (war/records.py ``prune``)."""

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


class DistantPort(BaseModel):
    """A distant-port tile (distant_ports.py): bought in purchases, a port once placed at
    positioning (L2396-2398)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    territory: str
    owner: str = Field(description="the power that bought it (the port serves everyone, L2398)")
    bought: int = Field(description="the turn it was bought")
    placed: bool = False
