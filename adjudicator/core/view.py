"""What one viewer may see: a power, the GM, or the public."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from adjudicator.core.events import Event

GM = "gm"
PUBLIC = "public"


class PlayerView(BaseModel):
    """Everything mailed or shown to ``viewer`` is rendered from this, never from the full state."""

    model_config = ConfigDict(frozen=True)

    viewer: str
    game: str
    ruleset: str
    turn: int
    window: str
    data: dict[str, Any]
    events: tuple[Event, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = self.model_dump(mode="json", exclude={"events"})
        out["events"] = [{"kind": e.kind, **e.payload()} for e in self.events]
        return out
