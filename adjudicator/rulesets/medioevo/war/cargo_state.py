"""The cargo and bookkeeping of own transports as the state holds them (docs/war.md §2.2; seed
002 L1564-1566, L1576, L1628): ``Piece.vf`` (own VF aboard), the pieces ``aboard`` a carrier, the
PM spent and transports moved in ``state.war``; and each as the movement calculators' ``Mover``.
Shared by the script's steps (``war/moves.py``). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.drought import struck
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.movement_state import mover_of
from adjudicator.rulesets.medioevo.war.records import WarTurn
from adjudicator.rulesets.medioevo.war.transport import Cargo, Mover, left

SIEGE = "siege"
CARRIED = (CAPTAIN, SIEGE)
"""Numbering classes that are never transports: they ride (L1564)."""


@dataclass(frozen=True)
class Refused:
    """A step not made: ``code`` for the result, ``reason`` the fact that decided, in words."""

    code: str
    reason: str


@dataclass(frozen=True)
class Done:
    """A step made: the state after it, its public events and a note for the result."""

    state: MedioevoState
    events: tuple[Event, ...] = ()
    note: str = ""


def key_of(piece: Piece) -> str:
    """``"venice/galley/2"``: how ``WarTurn`` names a piece (war/records.py)."""
    return f"{piece.owner}/{piece.kind}/{piece.number}"


def carrier_ref(piece: Piece) -> str:
    """``"galley/2"``: how ``Piece.aboard`` names a carrier of the same owner."""
    return f"{piece.kind}/{piece.number}"


def war_turn(state: MedioevoState) -> WarTurn:
    return state.war if state.war is not None else WarTurn()


def riders(state: MedioevoState, carrier: Piece) -> tuple[Piece, ...]:
    """The pieces aboard ``carrier`` (not those aboard them)."""
    ref = carrier_ref(carrier)
    return tuple(p for p in state.pieces if p.owner == carrier.owner and p.aboard == ref)


def cargo_of(state: MedioevoState, data: DataSet, carrier: Piece) -> Cargo:
    """What the state says ``carrier`` carries: its owner's VF, captains, engines and land
    transports (each with its own cargo, R127)."""
    aboard = riders(state, carrier)
    return Cargo(
        armies={carrier.owner: carrier.vf} if carrier.vf else {},
        captains=sum(1 for p in aboard if p.kind == CAPTAIN),
        siege=sum(1 for p in aboard if p.kind == SIEGE),
        land=tuple(mover_in(state, data, p) for p in aboard if p.kind not in CARRIED),
        goods=sum(carrier.wares.values()),
    )


def mover_in(state: MedioevoState, data: DataSet, piece: Piece) -> Mover:
    """``piece`` as the calculators see it, with its cargo and the PM it spent this phase."""
    turn, key = war_turn(state), key_of(piece)
    spent = turn.spent.get(key, 0)
    dry_start = key in turn.parched or (spent == 0 and struck(state, piece.location))  # L1348, R297
    extra = turn.marshal_pm.get(key, 0)  # MARESCIALLO (L2707, R335)
    return mover_of(state, piece, cargo_of(state, data, piece), spent, dry_start=dry_start, extra_pm=extra)


def pm_left(state: MedioevoState, data: DataSet, power: str, name: str) -> int:
    """The PM a power's transport has left this phase (the guards' ``piece HAS n PM``)."""
    piece = piece_named(data, state, power, name)
    if piece is None or piece.kind in CARRIED:
        return 0
    return left(data, mover_in(state, data, piece))


def relocate(state: MedioevoState, carrier: Piece, location: str) -> MedioevoState:
    """Everything aboard ``carrier``, and aboard that, follows it to ``location``."""
    for rider in riders(state, carrier):
        state = state.with_piece(rider, location=location)
        state = relocate(state, rider, location)
    return state


def spend(state: MedioevoState, piece: Piece, pm: int, moved: bool = False) -> MedioevoState:
    turn = war_turn(state)
    key = key_of(piece)
    first = key not in turn.spent and key not in turn.parched
    parched = (*turn.parched, key) if first and struck(state, piece.location) else turn.parched  # L1348
    spent = {**turn.spent, key: turn.spent.get(key, 0) + pm}
    done = turn.moved if not moved or key in turn.moved else (*turn.moved, key)
    return state.evolve(war=turn.model_copy(update={"spent": spent, "moved": done, "parched": parched}))


def transport(state: MedioevoState, data: DataSet, power: str, name: str) -> Piece | Refused:
    piece = piece_named(data, state, power, name)
    if piece is None:
        return Refused("no-piece", f"{power} has no {name}")
    if piece.kind in CARRIED:
        return Refused("not-transport", f"{name} is not a transport")
    if piece.aboard is not None:
        return Refused("aboard", f"{name} rides aboard {piece.aboard.replace('/', ' ')}: it moves with it")
    return piece


def ground(state: MedioevoState, power: str, place: str) -> int:
    terr = state.territories.get(place)
    return terr.armies.get(power, 0) if terr else 0


def add_ground(state: MedioevoState, power: str, place: str, vf: int) -> MedioevoState:
    terr = state.territories.get(place, TerritoryState())
    armies = dict(terr.armies)
    armies[power] = armies.get(power, 0) + vf
    kept = terr.model_copy(update={"armies": {k: v for k, v in armies.items() if v}})
    return state.evolve(territories={**state.territories, place: kept})
