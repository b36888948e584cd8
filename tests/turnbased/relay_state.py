"""Relay's state and events (the test ruleset of docs/turn-by-turn.md §10; rules in relay.py)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.events import Event
from adjudicator.core.state import GameState

SPACES = 9
"""The row: spaces 1..9."""
PUSH_POINTS = 2
"""What a PUSH moves: the claimer loses it, the reactor gains it."""


class LastClaim(BaseModel):
    """The claim of the turn step resolved last, and who may react to it (fixed when it is made,
    so a GM edit before the reactions neither adds nor removes one)."""

    model_config = ConfigDict(frozen=True)

    power: str
    space: int
    bonus: int
    reactors: tuple[str, ...] = ()


class RelayState(GameState):
    """``seats``: the powers in seat order (as given at creation); ``row``: the holder of each
    space 1..9 (``row[n - 1]``, ``""`` when free); ``points``: what each power made this turn so
    far; ``scores``: the running totals the ``score`` step adds ``points`` to; ``last_claim``: the
    last turn step's claim (None if it claimed nothing); ``last_turn``: the game ends after it."""

    seats: tuple[str, ...]
    row: tuple[str, ...] = ("",) * SPACES
    points: dict[str, int] = Field(default_factory=dict)
    scores: dict[str, int] = Field(default_factory=dict)
    last_claim: LastClaim | None = None
    last_turn: int = 2

    def holder(self, space: int) -> str:
        return self.row[space - 1]

    def free(self) -> tuple[int, ...]:
        return tuple(n for n in range(1, SPACES + 1) if not self.holder(n))

    def with_holder(self, space: int, power: str) -> RelayState:
        row = list(self.row)
        row[space - 1] = power
        return self.evolve(row=tuple(row))

    def neighbours(self, space: int, power: str) -> tuple[str, ...]:
        """The other powers holding a space next to ``space``, the lower space's first, each once."""
        owners: list[str] = []
        for n in (space - 1, space + 1):
            owner = self.holder(n) if 1 <= n <= SPACES else ""
            if owner and owner != power and owner not in owners:
                owners.append(owner)
        return tuple(owners)

    def add_points(self, power: str, delta: int) -> RelayState:
        return self.evolve(points={**self.points, power: self.points.get(power, 0) + delta})


def describe_space(state: RelayState, space: int) -> str:
    """The fact a guard or a refusal names: ``space 4 is held by genoa`` / ``space 4 is free``."""
    holder = state.holder(space)
    return f"space {space} is held by {holder}" if holder else f"space {space} is free"


class RelayStarted(Event):
    kind: ClassVar[str] = "relay-started"
    seats: tuple[str, ...]
    last_turn: int

    def summary(self) -> str:
        return (
            f"Relay: {', '.join(self.seats)} claim spaces 1-{SPACES} in this order, "
            f"for {self.last_turn} turn{'s' if self.last_turn != 1 else ''}"
        )


class SpaceClaimed(Event):
    kind: ClassVar[str] = "relay-claimed"
    power: str
    space: int
    bonus: int

    def summary(self) -> str:
        total = self.space + self.bonus
        return f"{self.power} claims space {self.space} and rolls a bonus of {self.bonus}: {total} points"


class ClaimMissed(Event):
    kind: ClassVar[str] = "relay-claim-missed"
    power: str
    why: str

    def summary(self) -> str:
        return f"{self.power} claims nothing: {self.why}"


class Pushed(Event):
    kind: ClassVar[str] = "relay-pushed"
    power: str
    claimer: str
    space: int

    def summary(self) -> str:
        return (
            f"{self.power} pushes {self.claimer}'s claim of space {self.space}: "
            f"{self.claimer} -{PUSH_POINTS}, {self.power} +{PUSH_POINTS}"
        )


class Passed(Event):
    kind: ClassVar[str] = "relay-passed"
    power: str
    claimer: str
    space: int

    def summary(self) -> str:
        return f"{self.power} lets {self.claimer}'s claim of space {self.space} pass"


class TurnScored(Event):
    kind: ClassVar[str] = "relay-scored"
    turn: int
    points: dict[str, int]
    scores: dict[str, int]

    def summary(self) -> str:
        parts = ", ".join(f"{p} {self.points.get(p, 0):+d} (total {s})" for p, s in self.scores.items())
        return f"Turn {self.turn} scored: {parts}"


class LastTurn(Event):
    kind: ClassVar[str] = "relay-last-turn"
    turn: int
    free: int
    powers: int

    def summary(self) -> str:
        return (
            f"Only {self.free} free space{'s' if self.free != 1 else ''} left for {self.powers} powers: "
            f"turn {self.turn} was the last"
        )


class RelayWon(Event):
    kind: ClassVar[str] = "relay-won"
    winners: tuple[str, ...]
    score: int

    def summary(self) -> str:
        who = " and ".join(self.winners)
        return f"{who} win{'s' if len(self.winners) == 1 else ''} the relay with {self.score} points"


RELAY_EVENTS: tuple[type[Event], ...] = (
    RelayStarted,
    SpaceClaimed,
    ClaimMissed,
    Pushed,
    Passed,
    TurnScored,
    LastTurn,
    RelayWon,
)
