"""The immutable game state every ruleset extends."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Self

from pydantic import BaseModel, ConfigDict

from adjudicator.core.steps import Step


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: the same value always gives the same text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def json_digest(data: Any) -> str:
    """The SHA-256 of ``data``'s canonical JSON: a state's digest from its ``to_json()``."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


class GameState(BaseModel):
    """Where a game stands between two resolutions.

    Rulesets subclass it with their own fields. It is frozen: a resolution returns a new state
    made with :meth:`evolve`, never changes the old one, so a stored snapshot stays true.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    ruleset_version: str
    game: str
    turn: int = 1
    window: int = 0
    over: bool = False
    steps: tuple[Step, ...] = ()
    """The steps resolved so far in the open window, when it is played step by step
    (core/steps.py); empty otherwise, and then left out of the JSON, so the snapshots and digests
    of simultaneous play are what they were before steps existed."""

    def to_json(self) -> dict[str, Any]:
        data = self.model_dump(mode="json")
        if not self.steps:
            del data["steps"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return cls.model_validate(data)

    def digest(self) -> str:
        """A stable SHA-256 of the canonical JSON; replay tests compare these."""
        return json_digest(self.to_json())

    def evolve(self, **changes: Any) -> Self:
        """A copy with some fields replaced (validated, so a typo in a field name fails)."""
        data = {name: getattr(self, name) for name in type(self).model_fields}
        data.update(changes)
        return type(self).model_validate(data)
