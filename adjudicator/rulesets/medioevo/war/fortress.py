"""Fortifications in battle (seed 002 L1886-1906, L1920-1924): how many VF a fortification holds,
who is inside, and the assault on its walls.

* Capacity (L1890-1896): a Torre holds 10 VF, a Fortilizio 20, a Castello 30. Defenders beyond
  it stand outside and must be beaten in a field battle (``war/battle.py``) before the walls can be
  assaulted or besieged (ex L1878-1882: 12 VF and a Torre, 10 inside and 2 outside). Barbarians
  go in first when they defend beside a player (L1830); the other defenders in the order given
  (the owner first, ruling R150).
* Assault (L1898-1904): the field battle's round with three changes: the attacker rolls 1d4, the
  defender 1d6 + the fortification's level (+1 Torre, +2 Fortilizio, +3 Castello), and a defender
  who wins a roll loses nothing (ex L1870-1876). The field battle outside and the assault (or
  siege) that follows are one attack of the Captain (L1906): the caller counts it once.

Cards and technologies are resolved by the caller into each round's :class:`AssaultRoundPlan`
(die sizes for EROINA, bonuses, ARCIERE's extra loss, A-18).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import DataSet

CAPACITY = {1: 10, 2: 20, 3: 30}  # L1892-1894: Torre, Fortilizio, Castello
ASSAULT_DIE = 4  # L1902: the attacker's base die in an assault
DEFENDER_DIE = 6  # L1903: 1d6 + the fortification's level


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


@dataclass(frozen=True)
class AssaultRoundPlan:
    """What cards and technologies give one side of a round, resolved by the caller."""

    attacker_die: int = ASSAULT_DIE  # EROINA: 1d4 -> 1d6 (ex L2476)
    defender_die: int = DEFENDER_DIE  # EROINA: 1d6 -> 1d8
    attacker_bonus: int = 0  # BALESTRIERE, bombards, ... (ex L2488)
    defender_bonus: int = 0  # added to the fortification's level
    attacker_extra: int = 0  # VF the defender loses whatever the dice (ARCIERE, A-18)
    defender_extra: int = 0


@dataclass(frozen=True)
class AssaultRound:
    number: int
    attacker_roll: int
    defender_roll: int
    attacker_total: int
    defender_total: int
    attacker_loss: int
    defender_loss: int


def assault_round(
    dice: Dice,
    label: str,
    number: int,
    attacker_vf: int,
    defender_vf: int,
    level: int,
    plan: AssaultRoundPlan = AssaultRoundPlan(),
) -> AssaultRound:
    """One roll of an assault: attacker then defender (the table's order), purposes
    ``{label} round N attacker`` / ``defender``. The loser loses the difference, capped by its VF
    (L1758, L1762); the winner half of it, rounded down, except a defender who wins, who loses
    nothing (L1904); a tie costs nothing (L1764). Extra losses (ARCIERE) are added and capped."""
    a_roll = dice.roll(plan.attacker_die, f"{label} round {number} attacker")
    d_roll = dice.roll(plan.defender_die, f"{label} round {number} defender")
    a_tot = a_roll + plan.attacker_bonus
    d_tot = d_roll + level + plan.defender_bonus
    a_loss = d_loss = 0
    if a_tot > d_tot:
        d_loss = min(a_tot - d_tot, defender_vf)
        a_loss = d_loss // 2
    elif d_tot > a_tot:
        a_loss = min(d_tot - a_tot, attacker_vf)
    a_loss = min(a_loss + plan.defender_extra, attacker_vf)
    d_loss = min(d_loss + plan.attacker_extra, defender_vf)
    return AssaultRound(number, a_roll, d_roll, a_tot, d_tot, a_loss, d_loss)


class AssaultOutcome(StrEnum):
    TAKEN = "taken"  # no defender left inside: the territory is conquered (L1679)
    REPELLED = "repelled"  # the attacker's engaged VF are gone
    WITHDREW = "withdrew"  # the attacker broke off (L1721)


@dataclass(frozen=True)
class AssaultPlan:
    """The attacker's plan: each round's cards (the last repeats; none: no cards), and when to
    break off: after ``withdraw_after`` rounds, or once its VF fall below ``withdraw_below``."""

    rounds: tuple[AssaultRoundPlan, ...] = ()
    withdraw_after: int | None = None
    withdraw_below: int = 0

    def round(self, number: int) -> AssaultRoundPlan:
        if not self.rounds:
            return AssaultRoundPlan()
        return self.rounds[min(number, len(self.rounds)) - 1]


@dataclass(frozen=True)
class Assault:
    outcome: AssaultOutcome
    attacker_vf: int
    defender_vf: int
    rounds: tuple[AssaultRound, ...] = field(default=())


def assault(
    dice: Dice, label: str, attacker_vf: int, defender_vf: int, level: int, plan: AssaultPlan = AssaultPlan()
) -> Assault:
    """An assault on a fortification of ``level`` held by ``defender_vf`` (all inside, L1898),
    round by round until the walls are taken, the attacker is spent or breaks off by its plan."""
    rounds: list[AssaultRound] = []
    while True:
        r = assault_round(
            dice, label, len(rounds) + 1, attacker_vf, defender_vf, level, plan.round(len(rounds) + 1)
        )
        rounds.append(r)
        attacker_vf -= r.attacker_loss
        defender_vf -= r.defender_loss
        if defender_vf == 0:
            outcome = AssaultOutcome.TAKEN
        elif attacker_vf == 0:
            outcome = AssaultOutcome.REPELLED
        elif attacker_vf < plan.withdraw_below or (plan.withdraw_after or 0) == len(rounds):
            outcome = AssaultOutcome.WITHDREW
        else:
            continue
        return Assault(outcome, attacker_vf, defender_vf, tuple(rounds))
