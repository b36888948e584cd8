"""Supply limits (Approvvigionamento, seed 002, L2235-2262): the most VF a territory can hold.

Every terrain holds 5 VF; settlements and buildings add their bonus; AGRICOLTURA and ROTAZIONE
DELLE COLTURE add 5 on plains, CACCIA in forests, ALLEVAMENTO on hills (L2246-2248).
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.board import Board, Terrain
from adjudicator.rulesets.medioevo.state import MedioevoState

TERRAIN_BASE = 5
BUILDING_BONUS = {
    "village": 10,
    "town": 20,
    "city": 30,
    "cathedral": 10,
    "tower": 5,
    "fort": 10,
    "castle": 15,
}
TECH_BONUS = {
    Terrain.PLAIN: ("AGRICOLTURA", "ROTAZIONE DELLE COLTURE"),
    Terrain.FOREST: ("CACCIA",),
    Terrain.HILL: ("ALLEVAMENTO",),
}


def supply_limit(state: MedioevoState, territory: str, board: Board) -> int:
    terr = state.territories[territory]
    limit = TERRAIN_BASE + sum(BUILDING_BONUS.get(b, 0) for b in terr.buildings)
    if terr.owner is not None:
        techs = state.powers[terr.owner].techs
        limit += 5 * sum(1 for t in TECH_BONUS.get(board.territories[territory].terrain, ()) if t in techs)
    return limit
