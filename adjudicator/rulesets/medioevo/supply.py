"""Supply limits (Approvvigionamento, seed 002, L2235-2262): the most VF a territory can hold.

Every territory holds its base supply (a board field, 5 VF on the shipped board); settlements and
buildings add their bonus; the owner's technologies add theirs on their terrain, as the
technology data says (``supply_bonus``: AGRICOLTURA +5 and ROTAZIONE DELLE COLTURE +10 on
plains, CACCIA in forests, ALLEVAMENTO on hills; L2246-2248, L2916, ruling R9).
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState

BUILDING_BONUS = {
    "village": 10,
    "town": 20,
    "city": 30,
    "cathedral": 10,
    "tower": 5,
    "fort": 10,
    "castle": 15,
}


def supply_limit(state: MedioevoState, territory: str, data: DataSet) -> int:
    terr = state.territories[territory]
    land = data.board.territories[territory]
    limit = land.supply + sum(BUILDING_BONUS.get(b, 0) for b in terr.buildings)
    if terr.owner is not None:
        for tech in state.powers[terr.owner].techs:
            known = data.technologies.get(tech)
            if known is not None:
                limit += int(known.params.get("supply_bonus", {}).get(land.terrain.value, 0))
    return limit
