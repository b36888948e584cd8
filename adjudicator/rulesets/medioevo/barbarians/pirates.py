"""PIRATI, the calamity (seed 002 L1394-1404, ex L1422-1428; ruling R261).

A die gives the ships, at most 3 (``ships_by_d6``: 1-2 one, 3-4 two, 5-6 three, digest A46); each
carries 1d8 barbarian VF and a level-I barbarian Captain while the box has one (ex L1422: with one
Captain left, the first ships get them). They appear in one coastal zone of a sea bordering the
Event card's territories: a die picks the sea when there are several, another the zone (L1400).
Then they are barbarian ships like any (``ships.py``): they move before each power's combat turn,
attack fleets and land on a power's coast (L1402-1404).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.ruleset import DieUse
from adjudicator.rulesets.medioevo.barbarians import captains
from adjudicator.rulesets.medioevo.barbarians.land import GALLEY, next_number
from adjudicator.rulesets.medioevo.calamity.common import Work
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

PIRATI = "pirati"
SHIPS, SEA, ZONE, CREW = "pirate fleet", "pirate sea", "pirate zone", "pirate crew "


def zones(strike: CalamityStrike, data: DataSet) -> dict[str, list[str]]:
    """The coastal zones bordering the card's territories, by their named sea (board order)."""
    out: dict[str, list[str]] = {}
    for t in strike.red_area:
        for zone in data.board.territories[t].seas if t in data.board.territories else ():
            sea = data.board.seas[zone]
            if not sea.open and zone not in out.get(sea.sea, []):
                out.setdefault(sea.sea, []).append(zone)
    return out


def _pick(options: list[str], dice: Dice, purpose: str) -> str:
    return options[0] if len(options) == 1 else options[dice.roll(len(options), purpose) - 1]


@effect(PIRATI)
def pirates(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, PIRATI)
    params = data.calamities[PIRATI].params
    where = zones(strike, data)
    if not where:
        work.notice("no coastal sea zone borders the card's territories: no pirates (L1398)")
        return work.done()
    sea = _pick(sorted(where), dice, SEA)
    zone = _pick(where[sea], dice, ZONE)
    count = min(int(params["ships_max"]), list(params["ships_by_d6"])[dice.roll(6, SHIPS) - 1])
    told = []
    for _ in range(count):
        vf = dice.roll(int(params["vf_die_per_ship"]), CREW + str(next_number(work.state, GALLEY)))
        number = next_number(work.state, GALLEY)
        ship = Piece(
            owner=BARBARIANS,
            kind=GALLEY,
            number=number,
            level=int(params["ship_level"]),
            location=zone,
            vf=vf,
        )
        work.state = work.state.evolve(pieces=(*work.state.pieces, ship))
        crewed = captains.place(work.state, zone, int(params["captain_level"]), aboard=f"{GALLEY}/{number}")
        work.state = crewed or work.state
        told.append(f"pirate galley {number} with {vf} VF{' and a barbarian Captain' if crewed else ''}")
    work.notice(f"{'; '.join(told)} appear in {data.board.seas[zone].name} (L1396-1400)")
    return work.done()


def dice_uses(data: DataSet) -> tuple[DieUse, ...]:
    most = max(len(e.areas) for e in data.events.values())
    among = tuple(range(2, max(2, most) + 1))
    vf_die = int(data.calamities[PIRATI].params["vf_die_per_ship"])
    return (DieUse(SHIPS, (6,)), DieUse(SEA, among), DieUse(ZONE, among), DieUse(f"{CREW}N", (vf_die,)))
