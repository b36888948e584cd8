"""Damaged buildings and ships (seed 002 L1024, L1056, L1420): repaired in the purchases phase for
25 % of their value, rounded down; still damaged when the purchases phase they were due in ends,
they lose a level (a level-1 building or ship is removed).

A damaged building gives nothing (``TerritoryState.usable``): no taxes, VF, supply, Fair or free
upgrade, and a damaged settlement musters and buys nothing (``settlement``). A building is
damaged with the turn whose purchases phase it must be repaired in (``damaged``); combat and the
calamities will damage them, the GM's ``DAMAGE`` edit does it now.
"""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import BuildingReduced, PieceReduced
from adjudicator.rulesets.medioevo.orders import Repair
from adjudicator.rulesets.medioevo.pieces_state import item_of, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState

REPAIR_PCT = 25  # L1024, L1056


def repair_cost(value: int) -> int:
    return value * REPAIR_PCT // 100


def repair_problem(data: DataSet, state: MedioevoState, power: str, order: Repair) -> tuple[str | None, int]:
    """(why not, its price) for a REPAIR."""
    if order.territory is None:
        piece = piece_named(data, state, power, order.what)
        if piece is None:
            return f"you have no {order.what}", 0
        item = item_of(data, piece.kind, piece.level)
        if not piece.damaged or item is None:
            return f"{order.what} is not damaged", 0
        cost = repair_cost(item.cost)
        name = order.what
    else:
        land = data.board.territories[order.territory]
        terr = state.territories[order.territory]
        info = data.buildings[order.what]
        if terr.owner != power:
            return f"{land.name} is not yours", 0
        if order.what not in terr.damaged:
            return f"there is no damaged {info.name} in {land.name}", 0
        cost = repair_cost(info.cost)
        name = f"the {info.name} in {land.name}"
    florins = state.powers[power].florins
    if cost > florins:
        return f"repairing {name} costs {cost} florins and you have {florins}", 0
    return None, cost


def repair(state: MedioevoState, power: str, order: Repair, data: DataSet) -> MedioevoState:
    if order.territory is None:
        piece = piece_named(data, state, power, order.what)
        assert piece is not None
        return state.with_piece(piece, damaged=False, repair_by=0)
    terr = state.territories[order.territory]
    left = {b: t for b, t in terr.damaged.items() if b != order.what}
    return state.with_territory(order.territory, damaged=left)


def _lower(data: DataSet, building: str) -> str | None:
    """The building one level below in its line (Città → Borgo), None for a level-1 one."""
    info = data.buildings[building]
    return next(
        (b for b, o in data.buildings.items() if o.category == info.category and o.level == info.level - 1),
        None,
    )


def reduce_unrepaired(
    state: MedioevoState, data: DataSet, events: list[Event], only: Collection[str] | None = None
) -> MedioevoState:
    """At the end of the purchases phase every building and ship due by this turn and still
    damaged loses a level; a level-1 one is removed (L1056, L1420). ``only``: of these owners
    (the end of one power's purchases step, R96)."""
    for tid in sorted(state.territories):
        terr = state.territories[tid]
        if only is not None and terr.owner not in only:
            continue
        due = [b for b, turn in terr.damaged.items() if turn <= state.turn]
        if not due:
            continue
        buildings = list(terr.buildings)
        for building in due:
            lower = _lower(data, building) if data.buildings[building].level > 1 else None
            index = buildings.index(building)
            if lower is None:
                buildings.pop(index)
            else:
                buildings[index] = lower
            events.append(BuildingReduced(owner=terr.owner, territory=tid, building=building, to=lower))
        left = {b: t for b, t in terr.damaged.items() if b not in due}
        state = state.with_territory(tid, buildings=tuple(buildings), damaged=left)
    for piece in state.pieces:
        if (
            not piece.damaged
            or piece.repair_by > state.turn
            or (only is not None and piece.owner not in only)
        ):
            continue
        name = label(data, piece.kind, piece.number)
        events.append(PieceReduced(power=piece.owner, piece=name, level=piece.level - 1))
        if piece.level == 1:
            state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != piece.key()))
        else:
            state = state.with_piece(piece, level=piece.level - 1, damaged=False, repair_by=0)
    return state


def repair_options(state: MedioevoState, power: str, data: DataSet) -> list[Repair]:
    """Every repair the power may pay for now (for the bots)."""
    options = [Repair(b, t) for t in state.owned_by(power) for b in state.territories[t].damaged]
    options += [Repair(label(data, p.kind, p.number)) for p in state.pieces_of(power) if p.damaged]
    return [o for o in options if repair_problem(data, state, power, o)[0] is None]
