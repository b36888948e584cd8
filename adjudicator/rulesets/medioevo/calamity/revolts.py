"""RIVOLTE, the revolts (seed 002 L1406-1408, ex L1430), in the red area and its seas:

* Slave goods rise (1 good = 1 VF, ex L1430) against the VF aboard their transport: if they win,
  the survivors seize it as a level-I pirate ship of the barbarians with a barbarian Captain,
  keeping as many VF as it carries; otherwise they die (R276).
* Every territory of the barbarians in a kingdom not wholly held by players gains 1 barbarian VF
  (only in the red area, digest A47).
* Every player's territory with 4 VF or less (3 with LEGGE) rebels at once: its armies go and 1d6
  barbarian VF take it, as in a rebellion (L1086, A47).
* Every Fair is removed; a MERCATO owner's only until the next turn's Events phase (L1408, R277).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import Work, has_mod, mod_sum, techs
from adjudicator.rulesets.medioevo.calamity.records import Ongoing, SuspendedFair
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect, ongoing
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

RIVOLTE = "rivolte"
SLAVES = "schiavi"


def _next_number(state: MedioevoState, kind: str) -> int:
    """The barbarians keep no serials: the next free number of a class."""
    return max((p.number for p in state.pieces if p.owner == BARBARIANS and p.kind == kind), default=0) + 1


def _slaves(work: Work, places: set[str]) -> None:
    rate = int(work.data.calamities[RIVOLTE].params["slave_good_vf"])
    for ship in [p for p in work.state.pieces if p.location in places and p.wares.get(SLAVES)]:
        rising = ship.wares[SLAVES] * rate
        name = f"{ship.owner}'s {label(work.data, ship.kind, ship.number)}"
        if rising <= ship.vf:
            wares = {g: n for g, n in ship.wares.items() if g != SLAVES}
            work.state = work.state.with_piece(ship, vf=ship.vf - rising, wares=wares)
            work.notice(f"{rising} slaves rise on {name} and die; {ship.vf - rising} VF are left aboard")
            continue
        survivors = rising - ship.vf
        room = min(t.armies for t in work.data.transports.values() if t.kind == ship.kind) + 10 * ship.armies
        seat = f"{ship.kind}/{ship.number}"
        crew = [p for p in work.state.pieces if p.owner == ship.owner and p.aboard == seat]
        number = _next_number(work.state, ship.kind)
        pirate = ship.model_copy(
            update={
                "owner": BARBARIANS,
                "number": number,
                "level": 1,
                "vf": min(survivors, room),
                "wares": {},
            }
        )
        captain = Piece(
            owner=BARBARIANS,
            kind=CAPTAIN,
            number=_next_number(work.state, CAPTAIN),
            level=1,
            location=ship.location,
            aboard=f"{ship.kind}/{number}",
        )
        kept = tuple(p for p in work.state.pieces if p != ship and p not in crew)
        work.state = work.state.evolve(pieces=(*kept, pirate, captain))
        work.notice(
            f"{rising} slaves rise on {name}, kill its {ship.vf} VF and seize it: a level-I pirate ship "
            f"with {pirate.vf} VF (the rest do not fit) and a barbarian Captain (ex L1430)"
        )


def _kingdom_held(work: Work, kingdom: str) -> bool:
    lands = work.data.board.territories_of(kingdom)
    return all(work.state.territories[t].owner is not None for t in lands)


@effect(RIVOLTE)
def revolts(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, RIVOLTE)
    params = data.calamities[RIVOLTE].params
    red = [t for t in strike.red_area if not work.shielded(t)]
    seas = {s for t in red for s in data.board.territories[t].seas}
    _slaves(work, set(red) | seas)
    for territory in red:
        terr = work.state.territories[territory]
        if (
            terr.owner is None
            and terr.armies.get(BARBARIANS)
            and not _kingdom_held(work, data.board.territories[territory].kingdom)
        ):
            grown = terr.armies[BARBARIANS] + int(params["barbarian_vf_added"])
            work.state = work.state.with_territory(territory, armies={**terr.armies, BARBARIANS: grown})
            work.notice(f"the barbarians of {work.land(territory)} grow to {grown} VF (L1408)")
    for territory in red:
        terr = work.state.territories[territory]
        owner = terr.owner
        if owner is None:
            continue
        owned = techs(work.state, owner)
        threshold = (
            int(params["rebel_at_or_below_vf"]) + mod_sum(data, owned, RIVOLTE, "rebel_threshold_vf")[0]
        )
        vf = terr.armies.get(owner, 0)
        if vf > threshold:
            continue
        rebels = dice.roll(int(params["rebel_barbarian_die"]), f"revolt {territory}")
        lost = work.kill(territory, vf, only=owner)
        work.report(territory, losses=lost, detail=f"{vf} VF, rebels at {threshold} or less")
        work.to_barbarians(territory, rebels)
        work.notice(
            f"{work.land(territory)} rebels against {owner}: {rebels} barbarian VF take it (L1408, L1086)"
        )
    _fairs(work, red)
    return work.done()


def _fairs(work: Work, red: list[str]) -> None:
    fairs = {b for b, info in work.data.buildings.items() if info.category == "commercial"}
    suspended: list[SuspendedFair] = []
    for territory in red:
        terr = work.state.territories[territory]
        gone = tuple(b for b in terr.buildings if b in fairs)
        if not gone:
            continue
        work.state = work.state.with_territory(
            territory,
            buildings=tuple(b for b in terr.buildings if b not in gone),
            damaged={b: t for b, t in terr.damaged.items() if b not in gone},
        )
        names = ", ".join(work.building(b) for b in gone)
        mercato = has_mod(work.data, techs(work.state, terr.owner), RIVOLTE, "fair_removal_turns")
        if mercato:
            suspended += [SuspendedFair(territory=territory, fair=b, back=work.state.turn + 1) for b in gone]
            work.notice(
                f"{names} of {work.land(territory)} closed until the next turn's Events ({mercato}, L1408)"
            )
        else:
            work.notice(f"{names} of {work.land(territory)} removed from the map (L1408)")
    if suspended:
        under_way = work.state.ongoing or Ongoing()
        fairs_now = (*under_way.fairs, *suspended)
        work.state = work.state.evolve(ongoing=under_way.model_copy(update={"fairs": fairs_now}))


@ongoing(RIVOLTE)
def fairs_reopen(state: MedioevoState, dice: Dice, data: DataSet) -> Outcome:
    """The MERCATO owners' Fairs come back (R277) where their territory still stands."""
    under_way = state.ongoing
    if under_way is None or not under_way.fairs:
        return state, ()
    work = Work(state, data, dice, RIVOLTE)
    waiting = []
    for fair in under_way.fairs:
        if fair.back > state.turn:
            waiting.append(fair)
            continue
        terr = work.state.territories[fair.territory]
        if fair.fair not in terr.buildings:
            work.state = work.state.with_territory(fair.territory, buildings=(*terr.buildings, fair.fair))
            work.notice(
                f"the {work.building(fair.fair)} of {work.land(fair.territory)} reopens (MERCATO, L1408)"
            )
    left = (work.state.ongoing or Ongoing()).model_copy(update={"fairs": tuple(waiting)})
    work.state = work.state.evolve(ongoing=None if left.empty() else left)
    return work.done()
