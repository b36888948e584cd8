"""TERREMOTO, the earthquake (seed 002 L1442-1450, ex L1438).

A territory of the red area, picked by a die, takes the full effect of 1d6, its neighbours one
step less, their neighbours one more step less (the table in calamities.toml, L1444-1448).
INGEGNERIA lowers the damage one step (destroyed -> damaged -> none, L1449); 1 VF is lost for
each building destroyed or damaged (L1450, counted by building as ex L1438: A40)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import Work, level, mod_sum, step_down, techs
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState

TERREMOTO = "terremoto"


def rings(data: DataSet, centre: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The centre, its neighbours, and theirs (L1444)."""
    land = data.board.territories
    first = tuple(t for t in land[centre].borders if t in land)
    second = tuple(
        dict.fromkeys(
            n for t in first for n in land[t].borders if n in land and n != centre and n not in first
        )
    )
    return (centre,), first, second


@effect(TERREMOTO)
def earthquake(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, TERREMOTO)
    params = data.calamities[TERREMOTO].params
    red = strike.red_area
    centre = red[dice.roll(len(red), "quake centre") - 1] if len(red) > 1 else red[0]
    roll = dice.roll(int(params["die"]), "quake")
    band = next(i for i, (low, high) in enumerate(params["bands"]) if low <= roll <= high)
    work.notice(f"the earth shakes under {work.land(centre)}: {roll} on 1d6 (L1444-1448)")
    tables = (params["centre"][band], params["ring1"][band], params["ring2"][band])
    for ring, table in zip(rings(data, centre), tables, strict=True):
        if all(harm == "none" for harm in table):
            continue
        for territory in ring:
            if work.shielded(territory):
                continue
            owned = techs(work.state, work.state.territories[territory].owner)
            steps, by = mod_sum(data, owned, TERREMOTO, "damage_steps")

            def fate(building: str, row: list[str] = table, less: int = steps) -> str:
                return step_down(row[level(data, building) - 1], -less)

            row = [step_down(harm, -steps) for harm in table]
            destroyed, damaged = work.harm_buildings(territory, row)
            hit = (len(destroyed) + len(damaged)) * int(params["vf_loss_per_building"])
            lost = work.kill(territory, hit)
            eased = f", {' '.join(by)} one step less" if by else ""
            work.report(territory, destroyed, damaged, lost, f"{hit} buildings = {hit} VF{eased}")
    return work.done()
