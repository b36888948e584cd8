"""What the end of the game tells: the objective card dealt (its holder's), a claim of victory,
the time limit passed, and the end with every power's score line by line (public)."""

from __future__ import annotations

from typing import Any, ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate

REASONS = {
    "turns": "the turn limit was reached",
    "time": "the time limit passed and the turn in progress was completed",
    "po_limit": "a power reached the PO limit",
    "gm": "the GM ended the game",
}


def reason_text(reason: str) -> str:
    if reason.startswith("declared:"):
        return f"{reason.removeprefix('declared:')} declared it reached the PO limit"
    return REASONS.get(reason, reason)


class ObjectiveDealt(PowerPrivate):
    """L2404: one objective card of the power's starting kingdom, dealt at random; only its
    holder (and the GM) learns which."""

    kind: ClassVar[str] = "mu-objective-dealt"
    card: str
    name: str

    def summary(self) -> str:
        return f"{self.power} is dealt the objective card {self.name}"


class VictoryClaimed(Event):
    """L331-333: a power declares it reaches the PO limit; wrong, the game goes on."""

    kind: ClassVar[str] = "mu-victory-claimed"
    power: str
    total: float
    limit: int

    def summary(self) -> str:
        if self.total >= self.limit:
            return f"{self.power} declares the PO limit reached ({self.total:g} of {self.limit} PO)"
        return (
            f"{self.power} declares the PO limit reached, but counts {self.total:g} of {self.limit} PO: "
            "the game goes on (L333)"
        )


class TimeLimitReached(Event):
    """L327: the time limit passed; the turn in progress is completed, then the game ends."""

    kind: ClassVar[str] = "mu-time-limit"
    end_date: str

    def summary(self) -> str:
        return f"The time limit ({self.end_date}) has passed: this turn is the last one (L327)"


class GameEnded(Event):
    """The game is over: why, after which turn, and every power's final score (L2420-2460)."""

    kind: ClassVar[str] = "mu-game-ended"
    reason: str
    turn: int
    winners: tuple[str, ...]
    standings: tuple[dict[str, Any], ...]

    def summary(self) -> str:
        won = " and ".join(self.winners) or "nobody"
        top = next((s["total"] for s in self.standings if s["winner"]), 0)
        why = reason_text(self.reason)
        return f"The game is over after turn {self.turn} ({why}): {won} wins with {top:g} PO"


ENDGAME_EVENTS: tuple[type[Event], ...] = (ObjectiveDealt, VictoryClaimed, TimeLimitReached, GameEnded)
