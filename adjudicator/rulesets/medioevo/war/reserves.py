"""The variant RISERVE DI COMBATTIMENTO (seed 002 L3200-3210, ex L3230-3232; game option
``variant_combat_reserves``): with LOGISTICA a power adds VF from behind its screen (its reserve,
L1540) to a field battle, once a battle, at its start: at most 5/10/15 VF by LT (L3206), only where
the battle's territory borders one of its settlements (L3208; or holds one, ruling R346), never
past the territory's supply limit (L3208), and not as the defender of a battle that follows a siege
(L3210: a siege's battles are not ATTACKs, so they never ask).

How much is said in advance, like the rest of a battle (docs/war.md §3): the attacker's PLAN
clause ``RESERVES n``, the defender's standing ``DOCTRINE [IN place] RESERVES n``; the judge adds
as many as the limits allow (R346). The attacker's reserves board its attacking transports (the
attack is made from them, L1655), as far as their free army capacity goes; the defender's stand
in the territory with its armies. Either way they fight, die and stay like the VF they join.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.supply import supply_limit
from adjudicator.rulesets.medioevo.variants import COMBAT_RESERVES, on
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.cargo_state import mover_in
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.transport import army_space, stats

PER_LT = 5  # L3206: "massimo da 5, 10 o 15 VF a seconda del proprio LT"
LOGISTICA = "logistica"


class ReservesCommitted(Event):
    """VF from behind a power's screen join a battle (variant, L3202-3204): public from then on."""

    kind: ClassVar[str] = "mu-reserves-committed"
    power: str
    territory: str
    vf: int

    def summary(self) -> str:
        return (
            f"{self.power} adds {self.vf} VF from its reserve to the battle in {self.territory} "
            "(RISERVE DI COMBATTIMENTO, L3202)"
        )


def allowed(state: MedioevoState, power: str, target: str, present: int, data: DataSet) -> int:
    """The most reserve VF ``power`` may add to a battle in ``target`` where it has ``present`` VF
    (L3202-3208): 0 without the variant, LOGISTICA, a settlement of its own at or next to the
    target, or room under the target's supply limit."""
    held = state.powers.get(power)
    if held is None or not on(state, COMBAT_RESERVES) or LOGISTICA not in held.techs:
        return 0
    board = data.board
    near = (target, *board.territories[target].borders)
    if not any(
        t in state.territories and state.territories[t].owner == power and state.territories[t].settlement()
        for t in near
    ):
        return 0
    room = supply_limit(state, target, data) - present
    return max(0, min(PER_LT * held.tech_level, held.reserve, room))


def _said(items: Sequence[object]) -> int:
    return max((c.vf for c in items if isinstance(c, clauses.Reserves)), default=0)


def for_attack(
    state: MedioevoState,
    power: str,
    carriers: Sequence[Piece],
    chosen: Sequence[object],
    target: str,
    data: DataSet,
) -> tuple[MedioevoState, list[ReservesCommitted]]:
    """The attacker's reserves (its plan's ``RESERVES n``) aboard its attacking transports, in their
    order, as far as their free army capacity goes."""
    fighting = sum(p.vf for p in carriers)
    want = min(_said(chosen), allowed(state, power, target, fighting, data))
    put = 0
    for piece in carriers:
        if put >= want:
            break
        mover = mover_in(state, data, piece)
        free = stats(data, mover).army_capacity - army_space(data, mover.cargo)
        more = min(want - put, max(0, free))
        if more:
            current = state.piece(*piece.key())
            assert current is not None
            state = state.with_piece(current, vf=current.vf + more)
            put += more
    return _taken(state, power, target, put)


def for_defence(
    state: MedioevoState, power: str, target: str, data: DataSet
) -> tuple[MedioevoState, list[ReservesCommitted]]:
    """The defender's reserves (its doctrine's ``RESERVES n`` in force at the target) in the
    territory with its armies."""
    said = standing(state, power, data, place=target).get("RESERVES")
    present = state.territories[target].armies.get(power, 0)
    want = min(_said([said] if said else []), allowed(state, power, target, present, data))
    if want:
        armies = {**state.territories[target].armies, power: present + want}
        state = state.with_territory(target, armies=armies)
    return _taken(state, power, target, want)


def _taken(
    state: MedioevoState, power: str, target: str, vf: int
) -> tuple[MedioevoState, list[ReservesCommitted]]:
    if not vf:
        return state, []
    state = state.with_power(power, reserve=state.powers[power].reserve - vf)
    return state, [ReservesCommitted(power=power, territory=target, vf=vf)]
