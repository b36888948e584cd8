"""The Rebellions sub-phase (seed 002 L1082-1098; digest A28; rulings R255, R256).

Every territory of a power holding fewer than 5 VF of its armies is at risk (L1082). The power rolls
1d4 once for all its territories at risk (the example L1092 rolls once for two territories): the
result + 1 is the VF a territory needs to stay loyal (L1084); LEGGE lowers it by 1, VASSALLAGGIO and
FEUDALESIMO raise it by 1 each (the technologies' ``rebellion_level``), a working fortification by
its level (Torre 1, Fortilizio 2, Castello 3: ex L1098). A territory with fewer VF than it needs
rebels: the power's armies there are removed and 1d6 barbarian VF hold it (L1086); it becomes
barbarian land (no owner), its buildings stay. The power's captains and siege engines on its ground
and its transports there with none of its VF aboard (and what rides them) are lost with it; a
transport with VF aboard stays and may sail or drive off in the war (R256).

Barbarian captains (L2350-2374) are not drawn yet.
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.church.conversion import rebellion_rise
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase.event import shielded
from adjudicator.rulesets.medioevo.events_phase.news import (
    PiecesLostToRebels,
    RebellionRolled,
    TerritoryRebelled,
)
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

AT_RISK_BELOW = 5  # L1082
LEVEL_DIE = 4  # L1084: 1d4, + 1
REBELS_DIE = 6  # L1086
LEVEL, REBELS = "rebellion ", "rebels "
"""The purposes of a power's 1d4 (then its id) and of a territory's barbarians (then its id)."""

Told = tuple[MedioevoState, tuple[Event, ...]]


def fort_level(state: MedioevoState, territory: str, data: DataSet) -> int:
    """The level of the working fortification standing there, 0 with none (a damaged one does
    nothing, L1024)."""
    levels = [
        data.buildings[b].level
        for b in state.territories[territory].usable()
        if data.buildings[b].category == "fortification"
    ]
    return max(levels, default=0)


def tech_modifier(state: MedioevoState, power: str, data: DataSet) -> int:
    """LEGGE -1, VASSALLAGGIO +1, FEUDALESIMO +1 (L1082): each technology's ``rebellion_level``;
    and a Catholic Byzantine's +1/+2/+3 by LT (variant RELIGIONE BIZANTINO, L3218, ex L3246)."""
    techs = state.powers[power].techs
    return rebellion_rise(state, power) + sum(
        int(data.technologies[t].params.get("rebellion_level", 0)) for t in techs if t in data.technologies
    )


def needs(state: MedioevoState, power: str, roll: int, data: DataSet) -> dict[str, int]:
    """The VF each territory at risk needs with this 1d4 (L1082-1084, ex L1098)."""
    base = roll + 1 + tech_modifier(state, power, data)
    return {t: base - fort_level(state, t, data) for t in at_risk(state, power)}


def at_risk(state: MedioevoState, power: str) -> tuple[str, ...]:
    """Its territories under 5 VF (L1082), but those a CASTELLANO protects this turn (L2538)."""
    safe = shielded(state)
    return tuple(
        t
        for t in sorted(state.owned_by(power))
        if state.territories[t].armies.get(power, 0) < AT_RISK_BELOW and t not in safe
    )


def rebellions(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """Every power in turn order: its 1d4, then each of its territories that rebels."""
    told: list[Event] = []
    for power in state.acting_order():
        if not at_risk(state, power):
            continue
        roll = dice.roll(LEVEL_DIE, LEVEL + power)
        required = needs(state, power, roll, data)
        told.append(RebellionRolled(power=power, roll=roll, needs=required))
        for territory, need in required.items():
            if state.territories[territory].armies.get(power, 0) < need:
                state, events = rebel(state, power, territory, dice, data)
                told.extend(events)
    return state, tuple(told)


def rebel(state: MedioevoState, power: str, territory: str, dice: Dice, data: DataSet) -> Told:
    """The territory rebels (L1086, R256)."""
    terr = state.territories[territory]
    vf = terr.armies.get(power, 0)
    barbarians = dice.roll(REBELS_DIE, REBELS + territory)
    armies = {k: v for k, v in terr.armies.items() if k != power}
    armies[BARBARIANS] = armies.get(BARBARIANS, 0) + barbarians
    state = state.with_territory(territory, owner=None, armies=armies)
    lost = _lost_pieces(state, power, territory)
    keys = {p.key() for p in lost}
    state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() not in keys))
    state = state.with_siege(territory, None)
    names = tuple(label(data, p.kind, p.number) for p in lost)
    told: list[Event] = [
        TerritoryRebelled(power=power, territory=territory, vf_lost=vf, barbarians=barbarians)
    ]
    if names:
        told.append(PiecesLostToRebels(power=power, territory=territory, pieces=names))
    return state, tuple(told)


def _lost_pieces(state: MedioevoState, power: str, territory: str) -> tuple[Piece, ...]:
    """The power's pieces there that go with the territory: captains and siege engines on the
    ground, transports with none of its VF aboard, and whatever rides those (R256)."""
    here = [p for p in state.pieces_of(power) if p.location == territory]
    gone = [p for p in here if p.aboard is None and (p.kind in (CAPTAIN, SIEGE) or p.vf == 0)]
    refs = {f"{p.kind}/{p.number}" for p in gone if p.kind not in (CAPTAIN, SIEGE)}
    riders = [p for p in here if p.aboard in refs]
    return (*gone, *riders)
