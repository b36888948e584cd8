"""The calamities of a river: ALLUVIONE, the flood (seed 002 L1144-1154, ex L1118), and SICCITA,
the drought (L1340-1356, ex L1310-1312).

Both strike one river of the Event card's red area, picked by a die among those that water a
red territory (L1146, L1342; uniform, calamities.toml), with its tributaries: a river's
``territories`` in features.toml are the lands it and its tributaries water."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.board import River
from adjudicator.rulesets.medioevo.calamity.common import (
    Work,
    milder,
    mod_sum,
    mods,
    signed,
    techs,
)
from adjudicator.rulesets.medioevo.calamity.records import Drought, Ongoing
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect, ongoing
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState

ALLUVIONE, SICCITA = "alluvione", "siccita"


def pick_river(work: Work, strike: CalamityStrike, purpose: str) -> tuple[str, River] | None:
    """The river struck: one watering a red territory, by a die when there are several (L1146)."""
    rivers = [
        (rid, r) for rid, r in work.data.board.rivers.items() if set(r.territories) & set(strike.red_area)
    ]
    if not rivers:
        work.notice("no river runs through the red area of the Event card: nothing happens")
        return None
    chosen = rivers[work.dice.roll(len(rivers), purpose) - 1] if len(rivers) > 1 else rivers[0]
    if len(rivers) > 1:
        work.notice(
            f"the die picks the {chosen[1].name} among {', '.join(r.name for _, r in rivers)} (L1146)"
        )
    return chosen


def flood_damage(data: DataSet, owned: tuple[str, ...]) -> list[str]:
    """The flood's harm by building level: the calamity's, eased by ARCHITETTURA and INGEGNERIA
    (L1149-1150); the mildest that an owned technology gives, level by level."""
    harm = list(data.calamities[ALLUVIONE].params["building_damage"])
    for _, mod in mods(data, owned, ALLUVIONE):
        for i, value in enumerate(mod.get("building_damage", ())):
            harm[i] = milder(harm[i], value)
    return harm


@effect(ALLUVIONE)
def flood(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    """Every territory the river waters: buildings by level (L1148-1150), then 1 VF per building
    destroyed or damaged (A40, R268), +1 on PLAINS, -1 in HILLS, MOUNTAINS, DESERT, -1 with LEGGE
    (L1151-1154). Ex L1118: Pest with ARCHITETTURA and LEGGE, 3 VF."""
    work = Work(state, data, dice, ALLUVIONE)
    found = pick_river(work, strike, "flood river")
    if found is None:
        return work.done()
    _, river = found
    params = data.calamities[ALLUVIONE].params
    work.notice(f"the {river.name} floods {', '.join(work.land(t) for t in river.territories)}")
    for territory in river.territories:
        if work.shielded(territory):
            continue
        owned = techs(work.state, work.state.territories[territory].owner)
        harm = flood_damage(data, owned)
        destroyed, damaged = work.harm_buildings(territory, harm)
        buildings = (len(destroyed) + len(damaged)) * int(params["vf_loss_per_building"])
        terrain = data.board.territories[territory].terrain.value
        ground = int(params["terrain_losses"].get(terrain, 0))
        eased, by = mod_sum(data, owned, ALLUVIONE, "losses")
        total = max(0, buildings + ground + eased)
        lost = work.kill(territory, total)
        how = signed([("buildings", buildings), (terrain, ground), (" ".join(by) or "technology", eased)])
        work.report(territory, destroyed, damaged, lost, f"{how} = {total} VF")
    return work.done()


@effect(SICCITA)
def drought(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    """The drought marks its river's lands for the rest of the turn (digest A44): the supply
    technologies stop counting there (supply.py, L1344); the other effects (prices L1346,
    movement L1348-1350, battles L1352-1356) are the later phases' to read from
    ``state.ongoing.drought``."""
    work = Work(state, data, dice, SICCITA)
    found = pick_river(work, strike, "drought river")
    if found is None:
        return work.done()
    rid, river = found
    lands = tuple(t for t in river.territories if not work.shielded(t))
    record = Drought(turn=state.turn, river=rid, territories=lands)
    under_way = work.state.ongoing or Ongoing()
    work.state = work.state.evolve(ongoing=under_way.model_copy(update={"drought": record}))
    work.notice(
        f"the {river.name} dries up until the end of the turn in {', '.join(work.land(t) for t in lands)}: "
        "AGRICOLTURA, MULINO, ROTAZIONE DELLE COLTURE, ALLEVAMENTO and CACCIA add no supply there "
        "(VF over the limit must go by the end of the turn); VINO and CEREALI cost double in its "
        "settlements; transports starting there have half their PM; its rivers cost no PM to cross; "
        "defenders there roll -1 and lose double; captains starting the combat there cannot attack; "
        "sieges there go on only if the besieger has LOGISTICA, with double losses (L1342-1356)"
    )
    return work.done()


@ongoing(SICCITA)
def drought_ends(state: MedioevoState, dice: Dice, data: DataSet) -> Outcome:
    """A drought lasts its turn (digest A44): the next Events phase clears it."""
    under_way = state.ongoing
    if under_way is None or under_way.drought is None or under_way.drought.turn >= state.turn:
        return state, ()
    left = under_way.model_copy(update={"drought": None})
    return state.evolve(ongoing=None if left.empty() else left), ()
