"""What a power's territories are worth to it: contested and besieged ones (seed 002 L2264-2280,
L1534, L923), shared by the taxes, the reinforcements, the positioning, the purchases and the fire
sale, on a mail's arrival and at the deadline alike.

* Contested (L2266): armies of powers at war with each other stand in the territory; it is
  assigned to no one. The owner counts as standing there (ruling R54): VF of a power at war with
  the owner make it contested even where the owner has none.
* Besieged (L1908-1998): a siege is recorded in ``sieges`` (by the GM until combat is played by
  mail, ruling R82); it lasts while the besieger is at war with the owner, or is the barbarians.
* Neither counts in the lines of the tax and reinforcement sheets that count territories
  (L2266, ex L2280: -5 florins, -1 VF): 5 florins a territory, MULINO's plains, the home
  kingdom, kingdoms held whole, religious capitals. What stands there still pays (ruling R81: ex
  L2280 takes only the territory's 5 florins, with the Mamluk Cathedral in Alessandria).
* No reinforcement or purchase is placed in them (L1534; L2266: a contested territory is no one's).
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState


def enemy_present(state: MedioevoState, territory: str) -> str | None:
    """A power other than the owner whose VF stand in the territory at war with the owner or with
    another power there (the territory is contested, L2266)."""
    terr = state.territories[territory]
    present = sorted(p for p, vf in terr.armies.items() if vf > 0 and p in state.powers)
    claimants = {*present, *([terr.owner] if terr.owner else [])}
    return next(
        (p for p in present if p != terr.owner and any(state.at_war(p, o) for o in claimants if o != p)),
        None,
    )


def contested(state: MedioevoState, territory: str) -> bool:
    return enemy_present(state, territory) is not None


def besieged(state: MedioevoState, territory: str) -> bool:
    terr = state.territories[territory]
    siege = state.siege(territory)
    if siege is None:
        return False
    return siege.by == BARBARIANS or terr.owner is None or state.at_war(siege.by, terr.owner)


def free(state: MedioevoState, territory: str) -> bool:
    """Neither contested nor besieged: it counts for its owner and takes what the owner places."""
    return not besieged(state, territory) and not contested(state, territory)


def held(state: MedioevoState, power: str) -> tuple[str, ...]:
    """The power's territories that count for its taxes and reinforcements (L2266, ex L2280)."""
    return tuple(t for t in state.owned_by(power) if free(state, t))


def unplaceable(state: MedioevoState, territory: str, data: DataSet, what: str) -> str | None:
    """Why nothing is placed in the territory now (``what``: "no reinforcements are placed"), or
    None: a besieged settlement takes nothing (L1534), a contested territory is no one's (L2266)."""
    name = data.board.territories[territory].name
    if besieged(state, territory):
        return f"{name} is besieged: {what} there (L1534)"
    if contested(state, territory):
        return f"{name} is contested (armies at war stand there): {what} there (L2266, L1534)"
    return None


def count_with(state: MedioevoState, power: str, building: str) -> int:
    """The power's territories where a working ``building`` stands on the map (L1024, L1534)."""
    return sum(1 for t in state.owned_by(power) if building in state.territories[t].on_map())
