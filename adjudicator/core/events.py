"""Typed events with a visibility; the log of a game is made of these."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from adjudicator.core.steps import Step


class Scope(StrEnum):
    PUBLIC = "public"
    POWERS = "powers"
    GM = "gm"


class Visibility(BaseModel):
    """Who may see an event: everyone, some powers (and the GM), or the GM only."""

    model_config = ConfigDict(frozen=True)

    scope: Scope = Scope.PUBLIC
    powers: tuple[str, ...] = ()

    @classmethod
    def public(cls) -> Visibility:
        return cls()

    @classmethod
    def gm(cls) -> Visibility:
        return cls(scope=Scope.GM)

    @classmethod
    def to(cls, *powers: str) -> Visibility:
        return cls(scope=Scope.POWERS, powers=tuple(powers))

    def allows(self, viewer: str) -> bool:
        """``viewer`` is a power id, ``gm`` or ``public``."""
        if viewer == "gm" or self.scope is Scope.PUBLIC:
            return True
        return self.scope is Scope.POWERS and viewer in self.powers


class Event(BaseModel):
    """Something that happened. Subclasses set ``kind`` and add typed fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: ClassVar[str] = "event"
    phase: str = ""
    visibility: Visibility = Visibility()

    def payload(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def summary(self) -> str:
        """One line for reports; subclasses say it better."""
        fields = {k: v for k, v in self.payload().items() if k not in ("phase", "visibility")}
        return f"{self.kind}: {fields}"


class GameCreated(Event):
    kind: ClassVar[str] = "game-created"
    game: str
    ruleset: str
    powers: tuple[str, ...]
    options: dict[str, Any]
    seed_hash: str

    def summary(self) -> str:
        return f"Game created for {', '.join(self.powers)}; dice seed commitment {self.seed_hash}"


class GmEdited(Event):
    kind: ClassVar[str] = "gm-edited"
    command: str

    def summary(self) -> str:
        return f"GM edit: {self.command}"


class DiceRolled(Event):
    kind: ClassVar[str] = "dice-rolled"
    key: str
    sides: int
    value: int
    loaded: bool = False
    purpose: str = ""

    def summary(self) -> str:
        tag = " (loaded by the GM)" if self.loaded else ""
        return f"d{self.sides} for {self.purpose or self.key}: {self.value}{tag}"


class OrdersDefaulted(Event):
    kind: ClassVar[str] = "orders-defaulted"
    power: str
    orders: tuple[str, ...]

    def summary(self) -> str:
        listed = "; ".join(self.orders) or "nothing"
        return f"{self.power} sent no orders: defaults used ({listed})"


class WindowAdjudicated(Event):
    """The inputs of one resolved window, enough to replay it: orders as canonical text."""

    kind: ClassVar[str] = "window-adjudicated"
    label: str
    orders: dict[str, tuple[str, ...]]
    submitted: tuple[str, ...]
    loaded_dice: dict[str, tuple[int, ...]] = {}
    state_digest: str

    def summary(self) -> str:
        return f"Window {self.label} adjudicated"


class StepAdjudicated(WindowAdjudicated):
    """The inputs of one resolved step of a window played step by step (core/stepping.py):
    ``label`` is the step's (``T3.claims.2-genoa``), ``step`` who acted and in which phases."""

    kind: ClassVar[str] = "step-adjudicated"
    step: Step

    def summary(self) -> str:
        return f"Step {self.label} adjudicated"


class WindowOpened(Event):
    kind: ClassVar[str] = "window-opened"
    label: str
    state_digest: str

    def summary(self) -> str:
        return f"Window {self.label} opens"


class DiceLoaded(Event):
    kind: ClassVar[str] = "dice-loaded"
    key: str
    values: tuple[int, ...]

    def summary(self) -> str:
        return f"The GM loaded dice for {self.key}: {', '.join(map(str, self.values))}"


class DiceCleared(Event):
    """Loaded dice the GM took back before they were rolled (public, as their loading was)."""

    kind: ClassVar[str] = "dice-cleared"
    key: str
    values: tuple[int, ...]

    def summary(self) -> str:
        return f"The GM cleared the dice loaded for {self.key}: {', '.join(map(str, self.values))}"


class SeedRevealed(Event):
    kind: ClassVar[str] = "seed-revealed"
    seed: str

    def summary(self) -> str:
        return f"Dice seed revealed: {self.seed}"


class RolledBack(Event):
    kind: ClassVar[str] = "rolled-back"
    to_label: str
    discarded_from_event: int

    def summary(self) -> str:
        return f"GM rolled the game back to the start of {self.to_label}"


CORE_EVENTS: tuple[type[Event], ...] = (
    GameCreated,
    GmEdited,
    DiceRolled,
    OrdersDefaulted,
    WindowAdjudicated,
    StepAdjudicated,
    WindowOpened,
    DiceLoaded,
    DiceCleared,
    SeedRevealed,
    RolledBack,
)


class EventRegistry:
    """Maps a stored ``kind`` back to its event class."""

    def __init__(self, types: Iterable[type[Event]]) -> None:
        self._types: dict[str, type[Event]] = {}
        for t in (*CORE_EVENTS, *types):
            if t.kind in self._types and self._types[t.kind] is not t:
                raise ValueError(f"two event types share the kind {t.kind!r}")
            self._types[t.kind] = t

    def load(self, kind: str, payload: Mapping[str, Any]) -> Event:
        return self._types[kind].model_validate(dict(payload))
