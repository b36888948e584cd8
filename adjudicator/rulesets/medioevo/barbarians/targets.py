"""Which barbarian territories attack, and whom (seed 002 L2308-2318; ruling R259).

A barbarian territory attacks in the Events when its VF pass its supply limit, or when it has more
VF than a power's territory next to it (L2310). It may attack, of the powers' territories next to
it, any one when over its supply limit, else those weaker than itself. Among them it chooses
(L2312-2316): first those of its own kingdom ("riconquistare un Regno": both examples, L2282 and
L2298, prefer the kingdom's missing territories though neither completes it alone), then the
weakest in VF, then an unfortified one, then the smallest settlement, then the fewest Captains,
then a die. A territory is attacked at most once a turn (L2318): when several barbarian
territories choose it, the one with most VF attacks, then the one with the higher Captain, then
a die; the others turn to their next choice. One VF stays home (L2320), so a territory with 1 VF
does not attack. A CASTELLANO's territories are spared (L2538).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.barbarians.land import (
    barbarian_land,
    borders,
    captain_at,
    defending_vf,
    fort_level,
    held_land,
    over_supply,
    settlement_level,
    vf,
)
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase.event import shielded
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN
from adjudicator.rulesets.medioevo.state import MedioevoState

TARGET, ATTACKER = "barbarian target ", "barbarian attacker "
"""The purposes of a tie among targets (then the origin's id) and among attackers (the target's)."""


@dataclass(frozen=True)
class Raid:
    """One barbarian attack: from ``origin`` on ``target`` with all its VF but one (L2320)."""

    origin: str
    target: str
    vf: int
    why: str


def candidates(state: MedioevoState, origin: str, data: DataSet) -> tuple[str, ...]:
    """The powers' territories next to ``origin`` it may attack (L2310), unprotected (L2538)."""
    if not barbarian_land(state, origin) or vf(state, origin) < 2:
        return ()
    over = over_supply(state, origin, data) > 0
    safe = shielded(state)
    out = []
    for t in borders(data, origin):
        owner = state.territories[t].owner
        if owner is None or t in safe:
            continue
        if over or vf(state, origin) > defending_vf(state, owner, t):
            out.append(t)
    return tuple(out)


def rank(state: MedioevoState, origin: str, target: str, data: DataSet) -> tuple[int, int, int, int, int]:
    """The order of preference of L2312-2316 (lowest first)."""
    owner = state.territories[target].owner or ""
    kin = data.board.territories[origin].kingdom == data.board.territories[target].kingdom
    captains = sum(1 for p in state.pieces_of(owner, CAPTAIN) if p.location == target)
    return (
        0 if kin else 1,
        defending_vf(state, owner, target),
        1 if fort_level(state, target, data) else 0,
        settlement_level(state, target, data),
        captains,
    )


def _best(state: MedioevoState, origin: str, left: list[str], data: DataSet, dice: Dice) -> str:
    keys = {t: rank(state, origin, t, data) for t in left}
    low = min(keys.values())
    tied = [t for t in left if keys[t] == low]
    if len(tied) == 1:
        return tied[0]
    return tied[dice.roll(len(tied), TARGET + origin) - 1]


def _attacker(state: MedioevoState, target: str, origins: list[str], dice: Dice) -> str:
    def strength(o: str) -> tuple[int, int]:
        captain = captain_at(state, o)
        return (vf(state, o), captain.level if captain else 0)

    top = max(strength(o) for o in origins)
    tied = [o for o in origins if strength(o) == top]
    if len(tied) == 1:
        return tied[0]
    return tied[dice.roll(len(tied), ATTACKER + target) - 1]


def _why(state: MedioevoState, origin: str, target: str, data: DataSet) -> str:
    over = over_supply(state, origin, data)
    if over:
        return f"{over} VF over its supply limit"
    owner = state.territories[target].owner or ""
    return f"{vf(state, origin)} VF against {defending_vf(state, owner, target)}"


def plan(
    state: MedioevoState, data: DataSet, dice: Dice, marching: frozenset[str] = frozenset()
) -> tuple[Raid, ...]:
    """Every barbarian attack of the sub-phase, chosen on the board as it stands (R259), in board
    order of the origins; ``marching``: land an invasion's army holds, which goes its own way."""
    options = {o: list(candidates(state, o, data)) for o in held_land(state) if o not in marching}
    options = {o: ts for o, ts in options.items() if ts}
    chosen: dict[str, str] = {}
    taken: set[str] = set()
    while True:
        proposals: dict[str, list[str]] = {}
        for origin, left in options.items():
            if origin in chosen:
                continue
            free = [t for t in left if t not in taken]
            if free:
                proposals.setdefault(_best(state, origin, free, data, dice), []).append(origin)
        if not proposals:
            break
        for target, origins in proposals.items():
            winner = _attacker(state, target, origins, dice)
            chosen[winner] = target
            taken.add(target)
    return tuple(
        Raid(o, chosen[o], vf(state, o) - 1, _why(state, o, chosen[o], data)) for o in options if o in chosen
    )
