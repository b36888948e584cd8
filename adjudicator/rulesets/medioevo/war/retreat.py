"""A defender's retreat (seed 002 L2057-2069, ex L2053-2055; digest §2.9, A-20-A-22).

* Before the first round (L2059, L2063): the attacker gains 1 PO; the defender leaves aboard
  transports that have not moved yet in this Combat (within their PM), and/or into one or more
  adjacent territories.
* Once the battle has begun (L2059-2065): only into adjacent territories; the attacker rolls
  1d4/1d6/1d8 by his (best) Captain's level and captures that many fleeing VF as prisoners (A-20);
  each retreating Captain loses a level (L2061).
* Never by land out of a territory besieged by land, nor by sea out of one besieged by sea
  (L2069). Where the arrivals overflow the supply, the excess goes at the end of Combat (L2067):
  ``war/supply_war.py``.

Where a beaten side may go (A-21, ruling R156): its own territories; those of the powers in
``welcome`` (allies and Passage partners); an ownerless territory whose barbarians are no more than
the VF retreating into it. Never a territory held by anyone else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.war.siege import Route, blocks

CAPTURE_DIE = {1: 4, 2: 6, 3: 8}  # L2059: by the attacking Captain's level


class Timing(StrEnum):
    BEFORE = "before"  # before the first round
    DURING = "during"  # the battle has begun


@dataclass(frozen=True)
class Neighbour:
    territory: str
    owner: str | None
    barbarian_vf: int = 0


def neighbours(
    board: Board, territory: str, owner_of: Mapping[str, str | None], barbarian_vf: Mapping[str, int]
) -> tuple[Neighbour, ...]:
    """The territories bordering ``territory`` by land (straits and rivers included), as inputs."""
    return tuple(
        Neighbour(t, owner_of.get(t), barbarian_vf.get(t, 0))
        for t in board.territories[territory].borders
        if t in board.territories
    )


@dataclass(frozen=True)
class Retreat:
    """Who retreats, from where, and what they could use."""

    power: str
    territory: str
    vf: int
    timing: Timing
    neighbours: tuple[Neighbour, ...]
    welcome: frozenset[str] = frozenset()  # powers whose land it may enter (alliance, Passage)
    siege: Route | None = None  # the territory is besieged by this route
    unmoved_land_transports: int = 0  # caravans and war carts not yet moved this Combat
    unmoved_ships: int = 0


@dataclass(frozen=True)
class RetreatOptions:
    by_land: tuple[str, ...]  # adjacent territories it may enter
    by_land_transport: bool  # leave aboard unmoved land transports (before the battle only)
    by_ship: bool
    refused: tuple[tuple[str, str], ...]  # (territory or "transports", why)

    @property
    def possible(self) -> bool:
        return bool(self.by_land or self.by_land_transport or self.by_ship)

    def reason(self) -> str:
        """In words, why the side cannot retreat at all (empty when it can)."""
        if self.possible:
            return ""
        return "no retreat: " + "; ".join(why for _, why in self.refused) if self.refused else "no retreat"


def _neighbour_refusal(r: Retreat, n: Neighbour) -> str | None:
    if n.owner == r.power or (n.owner is not None and n.owner in r.welcome):
        return None
    if n.owner is not None:
        return f"{n.territory} is held by {n.owner}, who grants no passage (A-21)"
    if n.barbarian_vf > r.vf:
        return f"{n.territory} holds {n.barbarian_vf} barbarian VF, more than the {r.vf} retreating (A-21)"
    return None


def options(r: Retreat) -> RetreatOptions:
    """Where ``r`` may go (L2063-2069)."""
    refused: list[tuple[str, str]] = []
    land: list[str] = []
    if blocks(r.siege, "land"):
        refused.append(("land", f"{r.territory} is besieged by land: no retreat by land (L2069)"))
    else:
        for n in r.neighbours:
            why = _neighbour_refusal(r, n)
            if why:
                refused.append((n.territory, why))
            else:
                land.append(n.territory)
    carts = ships = False
    if r.timing is Timing.DURING:
        refused.append(("transports", "once the battle has begun only adjacent territories are open (L2065)"))
    else:
        carts = r.unmoved_land_transports > 0 and not blocks(r.siege, "land")
        ships = r.unmoved_ships > 0 and not blocks(r.siege, "sea")
        if r.unmoved_ships and not ships:
            refused.append(("ships", f"{r.territory} is besieged by sea: no retreat by sea (L2069)"))
        if not (r.unmoved_land_transports or r.unmoved_ships):
            refused.append(("transports", "no transport that has not moved in this Combat (L2063)"))
    return RetreatOptions(tuple(land), carts, ships, tuple(refused))


@dataclass(frozen=True)
class RetreatCost:
    attacker_po: int
    captured: int  # fleeing VF the attacker takes prisoner
    roll: int | None
    captain_levels_lost: int  # by each retreating Captain (L2061, A-22)


def capture(dice: Dice, purpose: str, vf: int, captain_level: int) -> tuple[int, int]:
    """The capture roll of a retreat during a battle (L2059, A-20, R141): the die of the
    attacker's best Captain's level (1d4/1d6/1d8; no Captain or a level out of range counts as
    the nearest), and the fleeing VF it takes prisoner, at most the ``vf`` retreating. The one
    roll of a retreat, for ``battle.fight`` and :func:`retreat_cost` alike: (roll, captured)."""
    roll = dice.roll(CAPTURE_DIE[min(max(captain_level, 1), 3)], purpose)
    return roll, min(roll, vf)


def retreat_cost(dice: Dice, label: str, timing: Timing, vf: int, attacker_captain: int) -> RetreatCost:
    """What retreating costs (L2059-2061). During the battle the attacker rolls the die of his
    best Captain's level (purpose ``{label} retreat capture``) and captures that many fleeing VF,
    at most those retreating (:func:`capture`)."""
    if timing is Timing.BEFORE:
        return RetreatCost(1, 0, None, 0)
    roll, captured = capture(dice, f"{label} retreat capture", vf, attacker_captain)
    return RetreatCost(0, captured, roll, 1)


def split_check(r: Retreat, moves: Mapping[str, int], allowed: RetreatOptions) -> str | None:
    """Why a retreat split (VF by adjacent territory; "transports" for those aboard) is not legal,
    or None: every VF must go somewhere open, no more than retreat."""
    open_ = {*allowed.by_land, *(["transports"] if allowed.by_land_transport or allowed.by_ship else [])}
    bad = sorted(t for t in moves if t not in open_)
    if bad:
        return f"cannot retreat to {', '.join(bad)}"
    if any(v < 0 for v in moves.values()) or sum(moves.values()) != r.vf:
        return f"the retreat moves {sum(moves.values())} VF, not the {r.vf} retreating"
    return None


def default_split(r: Retreat, allowed: RetreatOptions, preference: Sequence[str] = ()) -> dict[str, int]:
    """The standing doctrine's split: everyone to the first open territory of ``preference``,
    else the first open adjacent own territory, else the first open one; {} if none."""
    ranked = [t for t in preference if t in allowed.by_land]
    own = [n.territory for n in r.neighbours if n.owner == r.power and n.territory in allowed.by_land]
    target = next(iter(ranked + own + list(allowed.by_land)), None)
    return {target: r.vf} if target else {}
