"""What the barbarians' rules read of the board (seed 002 L2304-2348): which land is theirs, its
supply limit, its captain, and the numbers of their pieces.

A barbarian territory is one no power owns (L2306: "territori dei barbari"); its barbarian VF are
the ``barbarians`` entry of its armies. The barbarians keep no piece serials: a new piece takes the
next free number of its class (as ``calamity/revolts.py`` does)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, SETTLEMENTS, MedioevoState
from adjudicator.rulesets.medioevo.supply import supply_limit

CAPTAIN_STOCK = 7
"""The barbarian Captains in the box (L178): a new one is placed only while one is left (L2331,
ex L1422)."""
GALLEY = "galley"


def vf(state: MedioevoState, territory: str) -> int:
    """The barbarian VF on the ground there."""
    return state.territories[territory].armies.get(BARBARIANS, 0)


def barbarian_land(state: MedioevoState, territory: str) -> bool:
    """No power owns it and barbarians stand there (L2306); False for land the state leaves out."""
    terr = state.territories.get(territory)
    return terr is not None and terr.owner is None and terr.armies.get(BARBARIANS, 0) > 0


def held_land(state: MedioevoState) -> tuple[str, ...]:
    """Every barbarian territory, in board order."""
    return tuple(t for t in state.territories if barbarian_land(state, t))


def borders(data: DataSet, territory: str) -> tuple[str, ...]:
    """Its land neighbours (straits included, as the board lists them)."""
    return tuple(t for t in data.board.territories[territory].borders if t in data.board.territories)


def limit(state: MedioevoState, territory: str, data: DataSet) -> int:
    """Its supply limit (L2235-2262; barbarians have no technologies)."""
    return supply_limit(state, territory, data)


def over_supply(state: MedioevoState, territory: str, data: DataSet) -> int:
    """How many barbarian VF there pass its supply limit (0: none)."""
    return max(0, vf(state, territory) - limit(state, territory, data))


def captain_at(state: MedioevoState, place: str) -> Piece | None:
    """The barbarian Captain standing on the ground there (the highest, should there be two)."""
    here = [p for p in state.pieces if p.owner == BARBARIANS and p.kind == CAPTAIN and p.location == place]
    ground = [p for p in here if p.aboard is None]
    return max(ground, key=lambda p: (p.level, -p.number), default=None)


def captains_aboard(state: MedioevoState, ship: Piece) -> tuple[Piece, ...]:
    seat = f"{ship.kind}/{ship.number}"
    return tuple(p for p in state.pieces if p.owner == BARBARIANS and p.aboard == seat)


def captains_out(state: MedioevoState) -> int:
    return sum(1 for p in state.pieces if p.owner == BARBARIANS and p.kind == CAPTAIN)


def next_number(state: MedioevoState, kind: str) -> int:
    return max((p.number for p in state.pieces if p.owner == BARBARIANS and p.kind == kind), default=0) + 1


def ships(state: MedioevoState) -> tuple[Piece, ...]:
    """The barbarian (pirate) galleys on the map, in number order."""
    out = [p for p in state.pieces if p.owner == BARBARIANS and p.kind == GALLEY]
    return tuple(sorted(out, key=lambda p: p.number))


def settlement_level(state: MedioevoState, territory: str, data: DataSet) -> int:
    """The level of the settlement standing there (0: none)."""
    levels = [data.buildings[b].level for b in state.territories[territory].buildings if b in SETTLEMENTS]
    return max(levels, default=0)


def fort_level(state: MedioevoState, territory: str, data: DataSet) -> int:
    """The level of the working fortification there (0: none; a damaged one does nothing, L1024)."""
    levels = [
        data.buildings[b].level
        for b in state.territories[territory].usable()
        if data.buildings[b].category == "fortification"
    ]
    return max(levels, default=0)


def defending_vf(state: MedioevoState, power: str, territory: str) -> int:
    """A power's VF there: on the ground and aboard its transports in it (L1731)."""
    aboard = sum(
        p.vf for p in state.pieces if p.owner == power and p.location == territory and p.aboard is None
    )
    return state.territories[territory].armies.get(power, 0) + aboard
