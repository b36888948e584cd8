"""The barbarians of a territory no power owns, when it is attacked (seed 002 L1641-1645; digest
A-10, A-57; rulings R103, R170).

Attacking such a territory places 1 barbarian VF in it, 2 in the territories of a Major Kingdom no
player chose at the start (A-57: any kingdom of size ``major`` that no power of the game plays)
and in those of the kingdoms L1645 names; only when no barbarian VF stand there already (A-10),
otherwise those present fight. They stay where they were placed, whoever wins.
"""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.rulesets.medioevo.board import KingdomSize
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground, ground

TWO_BARBARIANS = frozenset(
    {
        "aragon",
        "scotland",
        "denmark",
        "teutonic_order",
        "bohemia",
        "milan",
        "florence",
        "genoa",
        "venice",
        "arborea",
        "serbia",
        "ilkhanate",
        "marinids",
    }
)
"""L1645's list, by the board's kingdom ids (R170: the rule's names, kept here since the board data
has no field for it; a test checks each is a kingdom of the board)."""


def garrison_size(state: MedioevoState, data: DataSet, territory: str) -> int:
    """1 or 2 barbarian VF (L1643-1645, A-57)."""
    return rising(data, territory, {p.kingdom for p in state.powers.values()})


def rising(data: DataSet, territory: str, played: Collection[str]) -> int:
    """:func:`garrison_size` from the printed map and the kingdoms the powers play (what a
    player sees, so the bots read it too)."""
    kid = data.board.territories[territory].kingdom
    kingdom = data.board.kingdoms.get(kid)
    major = kingdom is not None and kingdom.size is KingdomSize.MAJOR and kid not in played
    return 2 if major or kid in TWO_BARBARIANS else 1


def rise(state: MedioevoState, data: DataSet, territory: str) -> tuple[MedioevoState, int]:
    """The barbarians who defend ``territory``: those there, else a new garrison (A-10); the VF
    placed (0 when some stood there already)."""
    if ground(state, BARBARIANS, territory) > 0:
        return state, 0
    placed = garrison_size(state, data, territory)
    return add_ground(state, BARBARIANS, territory, placed), placed
