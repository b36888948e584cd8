"""What the judge answers: the receipt of a stored order set and the outcome of an adjudication.

Kept apart from judge.py so the mail layer and the CLI can render them without the judge's
transaction code; judge.py re-exports both names.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from adjudicator.dates import when_text


@dataclass(frozen=True)
class Receipt:
    """What a submission stored: the canonical echo, the rejected lines, and a short hash.

    ``warnings``: accepted orders that would fail as things stand (the deadline may change that).
    ``unready``: the numbers of the refused lines when the set said READY: READY is then not
    counted (R87), so the window cannot resolve early before they are fixed.
    """

    game: str
    power: str
    window: str
    version: int
    accepted: tuple[str, ...]
    rejected: tuple[str, ...]
    ready: bool
    digest: str
    deadline: datetime | None
    zone: str = "UTC"
    """The zone the player reads dates in (adjudicator/dates.py)."""
    warnings: tuple[str, ...] = ()
    unready: tuple[int, ...] = ()
    note: str = ""
    """Which step of a round played step by step the set is for (service/steps.py), if any."""

    def ready_not_counted(self, again: str) -> str:
        """``READY not counted: fix lines 3 and 5 and <again>``."""
        return f"READY not counted: fix {numbered_lines(self.unready)} and {again}"

    def render(self) -> str:
        lines = [
            f"Orders of {self.power} for {self.game} {self.window} (version {self.version}, {self.digest})"
        ]
        if self.note:
            lines.append(f"  {self.note}")
        lines += [f"  accepted: {o}" for o in self.accepted] or ["  accepted: no orders"]
        lines += [f"  REJECTED {r}" for r in self.rejected]
        lines += [f"  WARNING {w}" for w in self.warnings]
        if self.unready:
            lines.append(f"  ready: no ({self.ready_not_counted('submit again')})")
        else:
            lines.append(f"  ready: {'yes' if self.ready else 'no'}")
        if self.deadline:
            lines.append(f"  deadline: {when_text(self.deadline, self.zone)}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Adjudicated:
    labels: tuple[str, ...]
    now_open: str
    over: bool
    results: int = 0
    events: int = 0
    outbox: tuple[int, ...] = field(default=())

    @property
    def then(self) -> str:
        """What follows, as the CLI, the GM's mail and the deadline pass say it: ``now open: T2.bids``,
        or ``the game is over`` after the last window (whose successor is never open)."""
        return "the game is over" if self.over else f"now open: {self.now_open}"


def numbered_lines(numbers: Sequence[int]) -> str:
    """``line 3``, ``lines 3 and 5``, ``lines 3, 5 and 7``."""
    shown = [str(n) for n in numbers]
    if len(shown) == 1:
        return f"line {shown[0]}"
    return f"lines {', '.join(shown[:-1])} and {shown[-1]}"


def order_digest(accepted: Sequence[str]) -> str:
    """The short hash of an accepted order set that receipts show."""
    return hashlib.sha256("\n".join(accepted).encode()).hexdigest()[:8].upper()
