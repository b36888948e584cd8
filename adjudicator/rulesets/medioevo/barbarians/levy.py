"""The barbarians' levy of the Events (seed 002 L2362-2374, ex L1224; ruling R260).

The seed's examples show the barbarians growing each Events: a Captain "arruola" VF equal to its
level where it stands (ex L2364 a level-II Captain aboard a Galley levies 2 VF; ex L2374 a
level-III one in Lituania 3; ex L1224 the invasion's level-III Captain 3), but not in a territory
another power's armies contest (ex L1222); and a barbarian territory of a kingdom a power holds in
part, bordering that power's land, gains 1 VF (ex L2372: "1 VF perché appartenente e confinante col
Regno del giocatore blu"). The levy is put down whole: what passes the supply limit leaves at the
end of the Events if it cannot attack (L2348, ex L2374); a Galley past its capacity splits
(step 8, ex L2364).
"""

from __future__ import annotations

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.barbarians.buildup import split
from adjudicator.rulesets.medioevo.barbarians.land import borders, held_land, ships
from adjudicator.rulesets.medioevo.barbarians.news import BarbariansLevy
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, TerritoryState

Told = tuple[MedioevoState, tuple[Event, ...]]


def contested(state: MedioevoState, territory: str) -> bool:
    """Another power's armies stand there too (ex L1222)."""
    return any(n > 0 for who, n in state.territories[territory].armies.items() if who != BARBARIANS)


def occupiers(state: MedioevoState, territory: str, data: DataSet) -> tuple[str, ...]:
    """The powers that hold part of the territory's kingdom and border it (ex L2372)."""
    kingdom = data.board.territories[territory].kingdom
    near = {state.territories[t].owner for t in borders(data, territory)}
    return tuple(
        p
        for p in state.acting_order()
        if p in near and any(data.board.territories[t].kingdom == kingdom for t in state.owned_by(p))
    )


def levy(state: MedioevoState, data: DataSet) -> Told:
    """Every barbarian territory's levy, then every Galley's (in number order)."""
    told: list[Event] = []
    chiefs = [c for c in state.pieces if c.owner == BARBARIANS and c.kind == CAPTAIN and c.aboard is None]
    raised: dict[str, TerritoryState] = {}
    for territory in held_land(state):
        parts = [
            f"{c.level} for its level-{c.level} Captain"
            for c in chiefs
            if c.location == territory and not contested(state, territory)
        ]
        added = sum(c.level for c in chiefs if c.location == territory and not contested(state, territory))
        held = occupiers(state, territory, data)
        if held:
            added += 1
            parts.append(f"1 as its kingdom is held in part by {', '.join(held)}")
        if added:
            terr = state.territories[territory]
            raised[territory] = terr.model_copy(
                update={"armies": {**terr.armies, BARBARIANS: terr.armies[BARBARIANS] + added}}
            )
            told.append(BarbariansLevy(territory=territory, vf=added, why="; ".join(parts)))
    if raised:  # one copy of the map for the whole levy (issue 18)
        state = state.evolve(territories={**state.territories, **raised})
    for ship in ships(state):
        seat = f"{ship.kind}/{ship.number}"
        levels = sum(c.level for c in state.pieces if c.owner == BARBARIANS and c.aboard == seat)
        if not levels:
            continue
        state = state.with_piece(ship, vf=ship.vf + levels)
        told.append(
            BarbariansLevy(territory=f"galley {ship.number} in {ship.location}", vf=levels, why="its Captain")
        )
        grown = state.piece(*ship.key())
        if grown is not None:
            state, more = split(state, grown, data)
            told.extend(more)
    return state, tuple(told)
