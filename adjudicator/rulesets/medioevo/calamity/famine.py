"""CARESTIA, the famine (seed 002 L1184-1212, ex L1226-1230).

A territory of the red area, picked by a die (digest A38), and every territory within 1d4 steps
over land borders lose VF by terrain (L1188-1196), +1/+2/+3 for the settlement (L1198-1204), +1
if the owner is at war (L1206), -1 for each of AGRICOLTURA, ALLEVAMENTO, CACCIA (L1208-1210);
ROTAZIONE DELLE COLTURE makes its owner immune (L1212). A player's territory that loses its last
VF passes to the barbarians with 1 VF (L1212); a barbarian territory keeps at least 1 VF (ex
L1230)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import (
    Work,
    immune,
    mod_sum,
    settlement_level,
    signed,
    techs,
)
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

CARESTIA = "carestia"


def within(data: DataSet, centre: str, radius: int) -> tuple[str, ...]:
    """The centre and every territory within ``radius`` land steps, nearest first (A38)."""
    found = {centre: 0}
    ring = [centre]
    for step in range(1, radius + 1):
        ring = [n for t in ring for n in data.board.territories[t].borders if n in data.board.territories]
        for t in ring:
            found.setdefault(t, step)
        ring = [t for t in dict.fromkeys(ring) if found[t] == step]
    order = list(data.board.territories)
    return tuple(sorted(found, key=lambda t: (found[t], order.index(t))))


@effect(CARESTIA)
def famine(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, CARESTIA)
    params = data.calamities[CARESTIA].params
    red = strike.red_area
    centre = red[dice.roll(len(red), "famine centre") - 1] if len(red) > 1 else red[0]
    radius = dice.roll(int(params["radius_die"]), "famine radius")
    lands = within(data, centre, radius)
    work.notice(f"the famine strikes {work.land(centre)} and every territory within {radius} (L1186)")
    for territory in lands:
        if work.shielded(territory):
            continue
        terr = work.state.territories[territory]
        owner = terr.owner
        owned = techs(work.state, owner)
        spared = immune(data, owned, CARESTIA)
        if spared:
            work.notice(f"{work.land(territory)} is spared: {owner} has {spared} (L1212)")
            continue
        terrain = data.board.territories[territory].terrain.value
        ground = int(params["terrain_losses"][terrain])
        size = settlement_level(work.state, territory, data)
        town = int(params["settlement_losses"][size - 1]) if size else 0
        war = int(params["at_war_losses"]) if owner and any(owner in w for w in work.state.wars) else 0
        eased, by = mod_sum(data, owned, CARESTIA, "losses")
        total = max(0, ground + town + war + eased)
        before = sum(terr.armies.values())
        if owner is None:  # barbarians keep 1 VF (ex L1230)
            lost = work.kill(territory, min(total, terr.armies.get(BARBARIANS, 0) - 1))
        else:
            lost = work.kill(territory, total)
        how = signed([(terrain, ground), ("settlement", town), ("at war", war), (" ".join(by) or "-", eased)])
        work.report(territory, losses=lost, detail=f"{how} = {total} VF")
        if owner is not None and before and not work.state.territories[territory].armies:
            work.to_barbarians(territory, int(params["last_vf_replaced_by_barbarian_vf"]))
            work.notice(f"{work.land(territory)} lost its last VF: 1 barbarian VF takes it (L1212)")
    return work.done()
