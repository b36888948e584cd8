"""Fortifications in battle (seed 002 L1886-1906, L1920-1924): how many VF a fortification holds,
who is inside, and the assault on its walls.

* Capacity (L1890-1896): a Torre holds 10 VF, a Fortilizio 20, a Castello 30. Defenders beyond
  it stand outside and must be beaten in a field battle (``war/battle.py``) before the walls can be
  assaulted or besieged (ex L1878-1882: 12 VF and a Torre, 10 inside and 2 outside). Barbarians
  go in first when they defend beside a player (L1830); the other defenders in the order given
  (the owner first, ruling R150).
* Assault (L1898-1904): once nobody stands outside (:func:`assault_refusal`), the walls are
  assaulted with ``battle.fight(Battle(kind=Kind.ASSAULT, fortification=level))``: the attacker
  rolls 1d4, the defender 1d6 + the fortification's level, a defender who wins a roll loses
  nothing (ex L1870-1876), with the cards, technologies and withdrawals of any battle (R162). The
  field battle outside and the assault (or siege) that follows are one attack of the Captain
  (L1906): the caller counts it once. This module says only who is inside; it rolls nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from adjudicator.rulesets.medioevo.dataset import DataSet

CAPACITY = {1: 10, 2: 20, 3: 30}  # L1892-1894: Torre, Fortilizio, Castello


def fortification_level(buildings: Iterable[str], data: DataSet) -> int:
    """The level of the fortification among ``buildings`` (1 Torre, 2 Fortilizio, 3 Castello), 0
    when there is none (L1888). Pass the working buildings (``TerritoryState.usable``)."""
    known = [data.buildings[b] for b in buildings if b in data.buildings]
    forts = [b.level for b in known if b.category == "fortification"]
    return max(forts, default=0)


def with_walls(buildings: Sequence[str], level: int, data: DataSet) -> tuple[str, ...]:
    """The buildings once the walls are brought to ``level`` (L1952-1954): the fortification is
    replaced by the one of that level in its place, and removed at 0."""
    forts = {b.level: bid for bid, b in data.buildings.items() if b.category == "fortification"}
    out: list[str] = []
    for b in buildings:
        if b in data.buildings and data.buildings[b].category == "fortification":
            if level:
                out.append(forts[level])
        else:
            out.append(b)
    return tuple(out)


def capacity(level: int) -> int:
    """VF a fortification of ``level`` holds (L1892-1894); 0 without one."""
    return CAPACITY.get(level, 0)


@dataclass(frozen=True)
class Garrison:
    """One defender's VF in the attacked territory."""

    power: str
    vf: int
    barbarian: bool = False


@dataclass(frozen=True)
class GarrisonSplit:
    """Who stands inside the walls and who outside (L1890-1896, L1920-1922)."""

    inside: tuple[Garrison, ...]
    outside: tuple[Garrison, ...]

    @property
    def inside_vf(self) -> int:
        return sum(g.vf for g in self.inside)

    @property
    def outside_vf(self) -> int:
        return sum(g.vf for g in self.outside)


def split_garrison(defenders: Sequence[Garrison], level: int) -> GarrisonSplit:
    """Fill the fortification up to its capacity: barbarians first (L1830), then the defenders in
    the order given (the owner first, R150); the rest stand outside (L1896). Without a
    fortification everyone is outside."""
    room = capacity(level)
    inside: list[Garrison] = []
    outside: list[Garrison] = []
    for g in sorted(defenders, key=lambda g: not g.barbarian):  # stable: barbarians first
        enter = min(room, g.vf)
        room -= enter
        if enter:
            inside.append(Garrison(g.power, enter, g.barbarian))
        if g.vf > enter:
            outside.append(Garrison(g.power, g.vf - enter, g.barbarian))
    return GarrisonSplit(tuple(inside), tuple(outside))


def assault_refusal(defenders: Sequence[Garrison], level: int) -> str | None:
    """Why the walls cannot be assaulted now, or None: there are none, or defenders stand outside
    them and must be beaten in a field battle first (L1896-1898)."""
    if level == 0:
        return "there is no fortification to assault (L1888)"
    outside = split_garrison(defenders, level).outside_vf
    if outside:
        return f"{outside} VF stand outside the walls: beat them in a field battle first (L1896-1898)"
    return None
