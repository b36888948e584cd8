"""What the state keeps of the game's end (seed 002 L321-351, L2420-2464): the PO limit chosen at
setup, whether the time limit has passed, why and when the game ended, and the final standings.

Everything here is left out of the state's JSON at its default (:func:`prune`), so the state of a
game that never ended is the JSON it was before the end existed."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

DECLARED, AUTOMATIC = "declared", "automatic"
"""The values of the option ``po_limit_claims`` (ruling R326): a power claims with ``VICTORY``
(L331-333), or the judge claims for every power at the end of each turn."""


class ScoreLine(BaseModel):
    """One line of a power's final score: a row of the table of L2440-2452 (or the PO held)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    label: str
    points: float
    detail: str = ""


class Standing(BaseModel):
    """One power's place at the end: its score line by line, its total and the tie-breaks'
    figures (L2456-2460: territories, then armies in VF, then florins)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    power: str
    rank: int
    total: float
    lines: tuple[ScoreLine, ...]
    territories: int
    armies: int
    florins: int
    objective: str | None = None  # the card, shown at the end (L2388: "mostra la sua carta")
    winner: bool = False


class Endgame(BaseModel):
    """The game's end: its rules (from the options) and, once it ended, why and the standings."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    po_limit: int | None = None  # L329-335
    po_claims: str = DECLARED
    time_up: bool = False  # the time limit passed: this turn is the last (L327, R327)
    ended: str | None = None  # why: turns, time, po_limit, declared:<power>, gm
    last_turn: int | None = None  # the last turn played
    standings: tuple[Standing, ...] = ()

    def winners(self) -> tuple[str, ...]:
        return tuple(s.power for s in self.standings if s.winner)


def prune(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a Medioevo state's JSON, changed in place and returned) without the end's fields
    at their defaults: no ``endgame`` before any option or end, no ``objective`` of a power that
    holds none."""
    ending = data.get("endgame")
    if isinstance(ending, dict):
        defaults = Endgame().model_dump(mode="json")
        for name, default in defaults.items():
            if ending.get(name) == default:
                del ending[name]
        if not ending:
            del data["endgame"]
    for power in data.get("powers", {}).values():
        if power.get("objective", 0) is None:
            del power["objective"]
    return data
