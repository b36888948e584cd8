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
        """A copy with some fields replaced (validated, so a typo in a field name fails).

        Only the changed fields are validated, each as the model validates it (its type and
        constraints): the others were validated when this state was made (issue 18: validating
        the whole state at each of a window's hundred changes was a fifth of the engine's time).
        Anything a subclass worked out of this state and kept beside the fields (a cached property)
        is left behind."""
        fields = type(self).model_fields
        if not changes.keys() <= fields.keys():  # refused as a whole model refuses it
            return type(self).model_validate({**{n: getattr(self, n) for n in fields}, **changes})
        copy = self.__copy__()
        for key in [k for k in copy.__dict__ if k not in fields]:
            del copy.__dict__[key]
        assign = type(self).__pydantic_validator__.validate_assignment
        for name, value in changes.items():
            assign(copy, name, value)
        return copy
