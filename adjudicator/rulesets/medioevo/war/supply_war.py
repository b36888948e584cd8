"""Supply at the end of the phase, and who gets a territory taken together (seed 002 L2235-2272;
digest §1.9-§1.10, A-31, A-33, A-53).

``supply.py`` gives a territory's limit; ``holdings.py`` says whether it is contested or besieged.
This module trims what stands over the limit when the phase ends (L2239; for Combat once, after
the last power's turn: L2067, ex L2053-2055):

* one limit per territory for every unembarked VF there, of every power and the barbarians
  (A-33); VF aboard transports do not count (L2243);
* the VF that arrived last go first (A-31, ex L2053: retreating VF that find no room are the ones
  lost); what stood there before goes only when the arrivals are not enough (an Event, a building
  lost), guests before the territory's owner, in seat order (ruling R157).

A territory taken by several powers attacking it together goes to the one who removed the last
defenders; if it declines, to the one the others agree on, else by lot (L2272): :func:`joint_taker`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.supply import supply_limit


@dataclass(frozen=True)
class Arrival:
    """VF of ``power`` that entered the territory during the phase (a move, a retreat, a landing)."""

    power: str
    vf: int


@dataclass(frozen=True)
class Trim:
    territory: str
    limit: int
    present: int
    removed: tuple[tuple[str, int], ...]  # (power, VF), in the order they are taken away

    @property
    def excess(self) -> int:
        return sum(v for _, v in self.removed)


def trim(
    territory: str,
    limit: int,
    armies: Mapping[str, int],
    arrivals: Sequence[Arrival] = (),
    owner: str | None = None,
) -> Trim:
    """What goes from ``territory`` (``armies``: unembarked VF by power, barbarians included) to
    bring it within ``limit`` (L2239): last arrivals first, then guests, then the owner."""
    present = sum(v for v in armies.values() if v > 0)
    excess = max(0, present - limit)
    left = dict(armies)
    removed: dict[str, int] = {}

    def take(power: str, most: int) -> None:
        nonlocal excess
        n = min(excess, most, left.get(power, 0))
        if n > 0:
            removed[power] = removed.get(power, 0) + n
            left[power] -= n
            excess -= n

    for arrival in reversed(arrivals):
        take(arrival.power, arrival.vf)
    for power in sorted(p for p in left if p != owner) + ([owner] if owner else []):
        take(power, left.get(power, 0))
    return Trim(territory, limit, present, tuple(removed.items()))


def end_of_phase(
    state: MedioevoState, data: DataSet, arrivals: Mapping[str, Sequence[Arrival]] = {}
) -> tuple[Trim, ...]:
    """Every territory over its supply limit at the end of the phase, and what it loses."""
    out: list[Trim] = []
    for tid in sorted(state.territories):
        terr = state.territories[tid]
        present = sum(v for v in terr.armies.values() if v > 0)
        limit = supply_limit(state, tid, data)
        if present > limit:
            out.append(trim(tid, limit, terr.armies, arrivals.get(tid, ()), terr.owner))
    return tuple(out)


def joint_taker(
    dice: Dice, label: str, last: str, accepts: bool, attackers: Sequence[str], agreed: str | None = None
) -> str:
    """Who takes a territory several powers attacked together (L2272): ``last`` (who removed the
    last defenders) if it ``accepts``; else ``agreed`` by the others; else a lot among the other
    attackers (purpose ``{label} lot``)."""
    if accepts:
        return last
    others = [a for a in attackers if a != last]
    if agreed in others:
        return agreed
    if not others:
        return last
    return others[dice.roll(len(others), f"{label} lot") - 1]
