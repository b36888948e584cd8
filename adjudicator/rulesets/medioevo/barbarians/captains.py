"""Barbarian Captains (seed 002 L2350-2358, L2364, L2372-2374; rulings R259, R260).

Each conquest of a territory or a transport by barbarian armies places a level-I barbarian Captain
or promotes the one there by 1, to level 3 at most (L2352). The Captain who led the attack goes
with the army into the land it took and is the one promoted (the landing of ex L1426 promotes the
Captain aboard); with none, a new one is placed while the box holds one (7, L178). A barbarian
Captain adds its level to the barbarians' rolls, attacking and defending (L2354; the war's
``battle_dice.py``). Each Events, every barbarian Captain levies VF equal to its level where it
stands (L2364, L2374, ex L1224: R260), and a Captain whose army is annihilated is removed (L2356:
the war's spoils destroy it), the victor drawing a Treasure card for a level II or III one
(L2358, ``activation.py``).
"""

from __future__ import annotations

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.barbarians.land import CAPTAIN_STOCK, captains_out, next_number
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianCaptain
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

TOP_LEVEL = 3  # L2352

Told = tuple[MedioevoState, tuple[Event, ...]]


def place(
    state: MedioevoState, location: str, level: int = 1, aboard: str | None = None
) -> MedioevoState | None:
    """A new barbarian Captain there, or None when the box has none left (L178)."""
    if captains_out(state) >= CAPTAIN_STOCK:
        return None
    captain = Piece(
        owner=BARBARIANS,
        kind=CAPTAIN,
        number=next_number(state, CAPTAIN),
        level=level,
        location=location,
        aboard=aboard,
    )
    return state.evolve(pieces=(*state.pieces, captain))


def lead_in(state: MedioevoState, place_: str, leader: Piece | None) -> Told:
    """After a conquest of ``place_`` (L2352): the leader goes there and rises a level (kept at 3),
    else a Captain already there rises, else a new one of level I is placed."""
    here = next(
        (
            p
            for p in state.pieces
            if p.owner == BARBARIANS and p.kind == CAPTAIN and p.location == place_ and p.aboard is None
        ),
        None,
    )
    current = state.piece(*leader.key()) if leader is not None else None
    chief = current or here
    if chief is not None:
        level = min(TOP_LEVEL, chief.level + 1)
        state = state.with_piece(chief, location=place_, aboard=None, level=level)
        why = "promoted for the conquest (L2352)" if level > chief.level else "already at level 3 (L2352)"
        return state, (BarbarianCaptain(place=place_, level=level, why=why),)
    placed = place(state, place_)
    if placed is None:
        return state, ()  # none left in the box (L178)
    return placed, (BarbarianCaptain(place=place_, level=1, why="placed for the conquest (L2352)"),)


def promote(state: MedioevoState, captain: Piece) -> MedioevoState:
    return state.with_piece(captain, level=min(TOP_LEVEL, captain.level + 1))
