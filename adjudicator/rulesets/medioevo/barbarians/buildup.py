"""The build-up ladder of barbarian land over its supply limit that borders no power's territory
(seed 002 L2324-2337, ex L2300-2302; ruling R260).

One step a territory each Events, the first that can be taken (ex L2300: a Village and a Tower
there, so the Tower becomes a Fortilizio): 1 a Tower where no fortification stands; 2 a Village on
a settlement site with none; 3 a Fortilizio for the Tower; 4 a Borgo for the Village; 5 a Captain
where none is; 6 the Captain promoted; 7 on the coast, a barbarian Galley in a sea zone it
touches, loading up to its capacity (20 VF) and the Captain, 1 VF left home (L2335). A building so
raised adds to the supply from the positioning on, as any raised in the turn (L1538), so the
VF still past the limit leave at the end of the Events (L2348, ex L2374). The box's stock of
buildings is not counted (the judge keeps no count of it); the barbarian Captains are (L178).

Step 8 (a Galley with its Captain past its capacity splits in two, each with a Captain, the VF
halved: ex L2364) is played where the levy fills a ship (``levy.py``).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.barbarians import captains
from adjudicator.rulesets.medioevo.barbarians.land import (
    GALLEY,
    barbarian_land,
    borders,
    captain_at,
    held_land,
    next_number,
    over_supply,
    vf,
)
from adjudicator.rulesets.medioevo.barbarians.news import BarbariansBuild
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, SETTLEMENTS, MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground

SEA = "barbarian galley "
"""The purpose of the die that picks the sea zone of a new Galley (then the territory's id)."""
TOWER, FORT, VILLAGE, TOWN = "tower", "fort", "village", "town"

Told = tuple[MedioevoState, tuple[Event, ...]]


def galley_room(data: DataSet) -> int:
    """A barbarian Galley's army capacity: a level-I Galley's (20 VF, L2333)."""
    return min(t.armies for t in data.transports.values() if t.kind == GALLEY)


def isolated(state: MedioevoState, territory: str, data: DataSet) -> bool:
    """No power's territory borders it (L2324)."""
    return all(state.territories[t].owner is None for t in borders(data, territory))


def ladder(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """One step for each barbarian territory over its supply that borders no power's land."""
    told: list[Event] = []
    for territory in held_land(state):
        if over_supply(state, territory, data) and isolated(state, territory, data):
            state, events = step(state, territory, dice, data)
            told.extend(events)
    return state, tuple(told)


def step(state: MedioevoState, territory: str, dice: Dice, data: DataSet) -> Told:
    """The first step of the ladder that can be taken there."""
    terr = state.territories[territory]
    have = set(terr.buildings)
    fortified = any(data.buildings[b].category == "fortification" for b in have)
    site = data.board.territories[territory].site

    def build(n: int, new: str, old: str | None, what: str) -> Told:
        raised = state.with_territory(territory, **_raised(state, territory, new, old))
        return raised, (BarbariansBuild(territory=territory, step=n, what=what),)

    if not fortified:
        return build(1, TOWER, None, "place a Torre")
    if site and not have & set(SETTLEMENTS):
        return build(2, VILLAGE, None, "build a Villaggio")
    if TOWER in have:
        return build(3, FORT, TOWER, "replace the Torre with a Fortilizio")
    if VILLAGE in have:
        return build(4, TOWN, VILLAGE, "replace the Villaggio with a Borgo")
    chief = captain_at(state, territory)
    if chief is None:
        placed = captains.place(state, territory)
        if placed is not None:
            return placed, (BarbariansBuild(territory=territory, step=5, what="place a barbarian Captain"),)
    elif chief.level < captains.TOP_LEVEL:
        promoted = captains.promote(state, chief)
        return promoted, (
            BarbariansBuild(
                territory=territory, step=6, what=f"promote their Captain to level {chief.level + 1}"
            ),
        )
    return _embark(state, territory, chief, dice, data)


def _raised(state: MedioevoState, territory: str, new: str, old: str | None) -> dict[str, object]:
    terr = state.territories[territory].raise_building(new, old)
    return {"buildings": terr.buildings, "built_over": terr.built_over}


def _embark(state: MedioevoState, territory: str, chief: Piece | None, dice: Dice, data: DataSet) -> Told:
    """Step 7: a Galley in a sea zone of the coast, loading up to 20 VF and the Captain (L2333-2335)."""
    seas = data.board.territories[territory].seas
    aboard = min(galley_room(data), vf(state, territory) - 1)
    if not seas or aboard < 1 or not barbarian_land(state, territory):
        return state, ()
    sea = seas[0] if len(seas) == 1 else seas[dice.roll(len(seas), SEA + territory) - 1]
    number = next_number(state, GALLEY)
    ship = Piece(owner=BARBARIANS, kind=GALLEY, number=number, level=1, location=sea, vf=aboard)
    state = add_ground(state.evolve(pieces=(*state.pieces, ship)), BARBARIANS, territory, -aboard)
    if chief is not None:
        state = state.with_piece(chief, location=sea, aboard=f"{GALLEY}/{number}")
    who = " and their Captain" if chief is not None else ""
    what = f"put a barbarian Galley to sea in {sea} with {aboard} VF{who}"
    return state, (BarbariansBuild(territory=territory, step=7, what=what),)


def split(state: MedioevoState, ship: Piece, data: DataSet) -> Told:
    """Step 8 (ex L2364): a Galley with its Captain past its capacity becomes two, each with a
    Captain (the new one of level I, while the box has one), the VF halved (the odd one on the
    first). Without a Captain to spare the VF past the capacity stay aboard for the trim."""
    room = galley_room(data)
    if ship.vf <= room:
        return state, ()
    number = next_number(state, GALLEY)
    placed = captains.place(state, ship.location, aboard=f"{GALLEY}/{number}")
    if placed is None:
        return state, ()
    first, second = (ship.vf + 1) // 2, ship.vf // 2
    twin = ship.model_copy(update={"number": number, "vf": second})
    state = placed.evolve(pieces=(*placed.pieces, twin))
    state = state.with_piece(ship, vf=first)
    what = f"split their Galley in {ship.location}: {first} and {second} VF, a new Captain of level I"
    return state, (BarbariansBuild(territory=ship.location, step=8, what=what),)
