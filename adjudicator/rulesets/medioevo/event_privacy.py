"""Who sees an event that tells a power's florins or hidden forces (ruling R7, seed 002 L113)."""

from __future__ import annotations

from typing import Any

from pydantic import model_validator

from adjudicator.core.events import Event, Visibility


class PowerPrivate(Event):
    """An event that tells one power's florins or hidden forces (ruling R7): unless the phase says
    otherwise, only that power and the GM see it. Public facts it implies (a building, a technology)
    are on the map and the power's public record, which every view shows."""

    power: str

    @model_validator(mode="before")
    @classmethod
    def _private_by_default(cls, data: Any) -> Any:
        if isinstance(data, dict) and "visibility" not in data and "power" in data:
            return {**data, "visibility": Visibility.to(data["power"])}
        return data
