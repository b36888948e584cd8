"""The movement steps of a combat script on the game state: LOAD, UNLOAD, MOVE and CLAIM (seed 002
L1560-1630, L1596-1600; docs/war.md §4.2; rulings R98, R110, R120-R134).

Each handler judges its step on the board as it is when the step runs, with the pure calculators
(``loading.py``, ``movement.py``, ``convoy.py``) over inputs read from the state
(``movement_state.py``, and here the cargo each transport carries: ``Piece.vf`` and the pieces
``aboard`` it), then applies it: VF between the ground and ``Piece.vf``, pieces aboard following
their carrier, the PM spent and the transports moved in ``state.war``. A step the board no longer
allows is a :class:`Refused` with the fact that decided, in words; nothing is then changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.phases.piece_purchases import piece_limit
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war import loading
from adjudicator.rulesets.medioevo.war.convoy import check_convoy, convoy_path, path_words
from adjudicator.rulesets.medioevo.war.events import (
    CargoLoaded,
    CargoUnloaded,
    TransportAbandoned,
    TransportClaimed,
    TransportMoved,
)
from adjudicator.rulesets.medioevo.war.movement_state import captains_at, mover_of, world_of
from adjudicator.rulesets.medioevo.war.orders import Claim, Load, Move, Unload
from adjudicator.rulesets.medioevo.war.records import WarTurn, Wreck
from adjudicator.rulesets.medioevo.war.transport import LAND, Cargo, Mover, World, left, stats

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
    )


def mover_in(state: MedioevoState, data: DataSet, piece: Piece) -> Mover:
    """``piece`` as the calculators see it, with its cargo and the PM it spent this phase."""
    return mover_of(state, piece, cargo_of(state, data, piece), war_turn(state).spent.get(key_of(piece), 0))


def pm_left(state: MedioevoState, data: DataSet, power: str, name: str) -> int:
    """The PM a power's transport has left this phase (the guards' ``piece HAS n PM``)."""
    piece = piece_named(data, state, power, name)
    if piece is None or piece.kind in CARRIED:
        return 0
    return left(data, mover_in(state, data, piece))


def _relocate(state: MedioevoState, carrier: Piece, location: str) -> MedioevoState:
    """Everything aboard ``carrier``, and aboard that, follows it to ``location``."""
    for rider in riders(state, carrier):
        state = state.with_piece(rider, location=location)
        state = _relocate(state, rider, location)
    return state


def _spend(state: MedioevoState, piece: Piece, pm: int, moved: bool = False) -> MedioevoState:
    turn = war_turn(state)
    key = key_of(piece)
    spent = {**turn.spent, key: turn.spent.get(key, 0) + pm}
    done = turn.moved if not moved or key in turn.moved else (*turn.moved, key)
    return state.evolve(war=turn.model_copy(update={"spent": spent, "moved": done}))


def _transport(state: MedioevoState, data: DataSet, power: str, name: str) -> Piece | Refused:
    piece = piece_named(data, state, power, name)
    if piece is None:
        return Refused("no-piece", f"{power} has no {name}")
    if piece.kind in CARRIED:
        return Refused("not-transport", f"{name} is not a transport")
    if piece.aboard is not None:
        return Refused("aboard", f"{name} rides aboard {piece.aboard.replace('/', ' ')}: it moves with it")
    return piece


def _ground(state: MedioevoState, power: str, place: str) -> int:
    terr = state.territories.get(place)
    return terr.armies.get(power, 0) if terr else 0


def _add_ground(state: MedioevoState, power: str, place: str, vf: int) -> MedioevoState:
    terr = state.territories.get(place, TerritoryState())
    armies = dict(terr.armies)
    armies[power] = armies.get(power, 0) + vf
    kept = terr.model_copy(update={"armies": {k: v for k, v in armies.items() if v}})
    return state.evolve(territories={**state.territories, place: kept})


def _coast(world: World, mover: Mover, given: str | None) -> str | Refused:
    """The territory a load or unload works on: the one named, else where the transport is."""
    if given is not None:
        return given
    if mover.location in world.data.board.territories:
        return mover.location
    name = stats(world.data, mover).name
    return Refused("no-coast", f"{name} is at sea in {world.name(mover.location)}: say which coast (FROM/TO)")


def _what(
    state: MedioevoState,
    data: DataSet,
    power: str,
    cargo: int | str,
    place: str,
    carrier: Piece,
    loading_: bool,
) -> tuple[loading.Load, Piece | None] | Refused:
    """The calculator's load for one cargo item, and the piece it moves (None for VF)."""
    if isinstance(cargo, int):
        if loading_ and _ground(state, power, place) < cargo:
            have = _ground(state, power, place)
            return Refused("no-vf", f"{power} has {have} VF on the ground in {place}, not {cargo}")
        return loading.Load(armies=cargo), None
    piece = piece_named(data, state, power, cargo)
    if piece is None:
        return Refused("no-piece", f"{power} has no {cargo}")
    if loading_ and (piece.aboard is not None or piece.location != place):
        where = f"aboard {piece.aboard.replace('/', ' ')}" if piece.aboard else f"in {piece.location}"
        return Refused("not-here", f"{cargo} is {where}, not on the ground in {place}")
    if not loading_ and piece.aboard != carrier_ref(carrier):
        return Refused("not-aboard", f"{cargo} is not aboard {label(data, carrier.kind, carrier.number)}")
    if piece.kind == CAPTAIN:
        return loading.Load(captains=1), piece
    if piece.kind == SIEGE:
        return loading.Load(siege=1), piece
    return loading.Load(land=(mover_in(state, data, piece),)), piece


def _words(cargo: int | str) -> str:
    return f"{cargo} VF" if isinstance(cargo, int) else cargo


Operation = tuple[Piece, str, loading.Load, Piece | None, World, Mover]
"""A load or unload read: carrier, territory, the calculator's load, the piece moved, the board,
the carrier as the calculators see it."""


def _operation(
    state: MedioevoState, data: DataSet, power: str, name: str, cargo: int | str, coast: str | None, on: bool
) -> Operation | Refused:
    carrier = _transport(state, data, power, name)
    if isinstance(carrier, Refused):
        return carrier
    world, mover = world_of(data, state), mover_in(state, data, carrier)
    place = _coast(world, mover, coast)
    if isinstance(place, Refused):
        return place
    what = _what(state, data, power, cargo, place, carrier, on)
    if isinstance(what, Refused):
        return what
    return (carrier, place, *what, world, mover)


def load(state: MedioevoState, power: str, order: Load, data: DataSet) -> Done | Refused:
    """``LOAD``: own VF or a piece from the ground onto an own transport (L1560-1566, L1606-1618)."""
    op = _operation(state, data, power, order.carrier, order.cargo, order.coast, True)
    if isinstance(op, Refused):
        return op
    carrier, place, item, piece, world, mover = op
    check = loading.check_load(world, mover, item, place, place in captains_at(state, power))
    if not check.ok:
        return Refused("load", check.reason)
    if piece is None:
        state = _add_ground(state, power, place, -item.armies)
        state = state.with_piece(carrier, vf=carrier.vf + item.armies)
    else:
        state = state.with_piece(piece, aboard=carrier_ref(carrier), location=carrier.location)
        state = _relocate(state, piece, carrier.location)
    state = _spend(state, carrier, check.cost)
    event = CargoLoaded(
        power=power,
        carrier=order.carrier,
        cargo=_words(order.cargo),
        place=place,
        pm=check.cost,
        phase="combat",
    )
    return Done(state, (event,), f"{check.cost} PM, {check.left} left")


def unload(state: MedioevoState, power: str, order: Unload, data: DataSet) -> Done | Refused:
    """``UNLOAD``: VF or a piece off an own transport onto the ground (L1566, L1606-1618); a
    transport left with no armies abroad becomes nobody's (L1630)."""
    op = _operation(state, data, power, order.carrier, order.cargo, order.to, False)
    if isinstance(op, Refused):
        return op
    carrier, place, item, piece, world, mover = op
    check = loading.check_unload(world, mover, item, place, place in captains_at(state, power))
    if not check.ok or check.mover is None:
        return Refused("unload", check.reason)
    abandoned = check.mover.ownerless
    if abandoned and any(r != piece for r in riders(state, carrier)):
        return Refused(
            "unload",
            f"{order.carrier} would be left without armies in {place} with pieces aboard: "
            "unload them first, or it becomes nobody's with them (L1630)",
        )
    if piece is None:
        state = state.with_piece(carrier, vf=carrier.vf - item.armies)
        state = _add_ground(state, power, place, item.armies)
        turn = war_turn(state)
        state = state.evolve(
            war=turn.model_copy(update={"arrivals": (*turn.arrivals, (place, power, item.armies))})
        )
    else:
        state = state.with_piece(piece, aboard=None, location=place)
        state = _relocate(state, piece, place)
    state = _spend(state, carrier, check.cost)
    events: list[Event] = [
        CargoUnloaded(
            power=power,
            carrier=order.carrier,
            cargo=_words(order.cargo),
            place=place,
            pm=check.cost,
            phase="combat",
        )
    ]
    if abandoned:
        state = _abandon(state, carrier, order.carrier)
        events.append(
            TransportAbandoned(power=power, piece=order.carrier, place=carrier.location, phase="combat")
        )
    return Done(state, tuple(events), f"{check.cost} PM, {check.left} left")


def _abandon(state: MedioevoState, carrier: Piece, name: str) -> MedioevoState:
    """The transport leaves its owner's pieces and lies as a wreck until claimed (L1630, R110)."""
    current = state.piece(*carrier.key())
    assert current is not None
    wreck = Wreck(
        kind=current.kind,
        level=current.level,
        pm=current.pm,
        armies=current.armies,
        goods=current.goods,
        location=current.location,
        was=f"{current.owner} {name}",
        turn=state.turn,
    )
    pieces = tuple(p for p in state.pieces if p.key() != current.key())
    return state.evolve(pieces=pieces, wrecks=(*state.wrecks, wreck))


def move(state: MedioevoState, power: str, order: Move, data: DataSet) -> Done | Refused:
    """``MOVE``: own transports together (a convoy, L1598) along the path given (``VIA``), or to a
    place by the cheapest path every member affords (``TO``, R125, R134), as the board stands now."""
    pieces: list[Piece] = []
    for name in order.pieces:
        found = _transport(state, data, power, name)
        if isinstance(found, Refused):
            return found
        pieces.append(found)
    world = world_of(data, state)
    movers = [mover_in(state, data, p) for p in pieces]
    if order.to is not None:
        check = convoy_path(world, movers, order.to)
    else:
        check = check_convoy(world, movers, order.via)
    if not check.ok:
        return Refused("move", check.reason)
    end = check.path[-1]
    for piece, judged in zip(pieces, check.checks, strict=True):
        state = state.with_piece(piece, location=end)
        state = _relocate(state, piece, end)
        state = _spend(state, piece, judged.cost, moved=True)
    words = "; ".join(path_words(world, m, c) for m, c in zip(movers, check.checks, strict=True))
    note = f"via {words}" if order.to is not None else words
    event = TransportMoved(
        power=power,
        pieces=order.pieces,
        path=check.path,
        pm=tuple(c.cost for c in check.checks),
        phase="combat",
    )
    return Done(state, (event,), note)


def claim(state: MedioevoState, power: str, order: Claim, data: DataSet) -> Done | Refused:
    """``CLAIM``: an ownerless transport taken by loading VF into it, at the price of loading
    armies (L1630, A-49, R110); it becomes the claimer's piece with its next number."""
    wreck = next((w for w in state.wrecks if w.was == order.wreck), None)
    if wreck is None:
        return Refused("no-wreck", f"there is no ownerless {order.wreck}: it was claimed or removed")
    piece = Piece(  # the claimer's technologies count for the PM it has (L1639)
        owner=power,
        kind=wreck.kind,
        number=1,
        level=wreck.level,
        location=wreck.location,
        pm=wreck.pm,
        armies=wreck.armies,
        goods=wreck.goods,
    )
    cap = piece_limit(data, state.powers[power].techs, wreck.kind) if power in state.powers else 0
    have = len(state.pieces_of(power, wreck.kind))
    if have >= cap:
        name = label(data, wreck.kind, 1).rpartition(" ")[0]
        return Refused("limit", f"{power}'s LT allows {cap} of kind {name} and it has {have} (L835)")
    world = world_of(data, state)
    mover = mover_of(state, piece).model_copy(update={"ownerless": True})
    coasts = _claim_coasts(world, mover, state, power, order.vf)
    if isinstance(coasts, Refused):
        return coasts
    check = loading.claim(world, mover, power, order.vf, coasts, coasts in captains_at(state, power))
    if not check.ok:
        return Refused("claim", check.reason)
    state = _add_ground(state, power, coasts, -order.vf)
    state = state.evolve(wrecks=tuple(w for w in state.wrecks if w != wreck))
    state = state.add_piece(
        power,
        wreck.kind,
        wreck.level,
        wreck.location,
        pm=wreck.pm,
        armies=wreck.armies,
        goods=wreck.goods,
        vf=order.vf,
    )
    new = state.pieces[-1]
    state = _spend(state, new, check.cost)
    name = label(data, new.kind, new.number)
    event = TransportClaimed(
        power=power, was=order.wreck, piece=name, vf=order.vf, place=wreck.location, phase="combat"
    )
    return Done(state, (event,), f"now {power}'s {name}; {check.cost} PM, {check.left} left")


def _claim_coasts(world: World, mover: Mover, state: MedioevoState, power: str, vf: int) -> str | Refused:
    """Where the claimer's VF come from: the wreck's territory, or for a ship at sea the first
    coast of its zone (map order) where the claimer has the VF on the ground (L1618)."""
    here = mover.location
    board = world.data.board
    if here in board.territories:
        places = [here]
    else:
        places = [t for t, terr in board.territories.items() if here in terr.seas]
    if stats(world.data, mover).domain == LAND:
        places = [here]
    enough = [t for t in places if _ground(state, power, t) >= vf]
    if not enough:
        where = " or ".join(places) or here
        return Refused("no-vf", f"{power} has not {vf} VF on the ground in {where} to put aboard")
    return enough[0]
