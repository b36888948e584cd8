"""Supply limits (Approvvigionamento, seed 002, L2235-2262): the most VF a territory can hold.

Every territory holds its base supply (a board field, 5 VF on the shipped board); undamaged buildings
add their ``supply_bonus`` (``pieces.toml``); the owner's technologies add theirs on their terrain, as the
technology data says (``supply_bonus``: AGRICOLTURA +5 and ROTAZIONE DELLE COLTURE +10 on
plains, CACCIA in forests, ALLEVAMENTO on hills; L2246-2248, L2916, ruling R9); a religious capital
adds its tile's ``supply_bonus`` (``features.toml``: Roma, Costantinopoli, Gerusalemme +10, L2262).
A building raised this turn adds nothing until the turn's positioning is over (L1538, ex L1546).
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.records import dry
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState


def _building_bonus(buildings: tuple[str, ...], data: DataSet) -> int:
    return sum(data.buildings[b].supply_bonus for b in buildings if b in data.buildings)


def supply_limit(state: MedioevoState, territory: str, data: DataSet) -> int:
    terr = state.territories[territory]
    land = data.board.territories[territory]
    limit = land.supply + _building_bonus(terr.usable(), data)
    if terr.built_over is not None:  # raised this turn: no supply before the next (L1538, ex L1546)
        limit = min(limit, land.supply + _building_bonus(terr.built_over, data))
    limit += sum(c.supply_bonus for c in data.board.religious_capitals.values() if c.territory == territory)
    if terr.owner is not None:
        parched = dry(state.ongoing, state.turn, territory)  # SICCITA suspends them (L1344)
        for tech in state.powers[terr.owner].techs:
            known = data.technologies.get(tech)
            if known is None or (parched and known.params.get("calamity_mods", {}).get("siccita")):
                continue
            limit += int(known.params.get("supply_bonus", {}).get(land.terrain.value, 0))
    return limit
