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

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase.records import STOP
from adjudicator.rulesets.medioevo.events_phase.relics import pick_up
from adjudicator.rulesets.medioevo.phases.piece_purchases import piece_limit
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import loading
from adjudicator.rulesets.medioevo.war.access import entry_refusal
from adjudicator.rulesets.medioevo.war.cargo_state import (
    SIEGE,
    Done,
    Refused,
    add_ground,
    carrier_ref,
    ground,
    key_of,
    mover_in,
    relocate,
    riders,
    spend,
    transport,
    war_turn,
)
from adjudicator.rulesets.medioevo.war.convoy import check_convoy, convoy_path, path_words
from adjudicator.rulesets.medioevo.war.events import (
    CargoLoaded,
    CargoUnloaded,
    TransportAbandoned,
    TransportClaimed,
    TransportMoved,
)
from adjudicator.rulesets.medioevo.war.forced_exits import mark_moved
from adjudicator.rulesets.medioevo.war.movement_state import captains_at, mover_of, world_of
from adjudicator.rulesets.medioevo.war.orders import Claim, Load, Move, Unload
from adjudicator.rulesets.medioevo.war.records import Wreck
from adjudicator.rulesets.medioevo.war.siege import Route, blocks
from adjudicator.rulesets.medioevo.war.transport import LAND, Mover, World, stats


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
        if loading_ and ground(state, power, place) < cargo:
            have = ground(state, power, place)
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
    carrier = transport(state, data, power, name)
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
        state = add_ground(state, power, place, -item.armies)
        state = state.with_piece(carrier, vf=carrier.vf + item.armies)
    else:
        state = state.with_piece(piece, aboard=carrier_ref(carrier), location=carrier.location)
        state = relocate(state, piece, carrier.location)
    state = spend(state, carrier, check.cost)
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
    closed = entry_refusal(world, mover, place)
    if closed is not None:  # a ship off a coast it may not land on (L1655, L2208)
        return Refused("unload", closed)
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
        state = add_ground(state, power, place, item.armies)
        turn = war_turn(state)
        state = state.evolve(
            war=turn.model_copy(update={"arrivals": (*turn.arrivals, (place, power, item.armies))})
        )
    else:
        state = state.with_piece(piece, aboard=None, location=place)
        state = relocate(state, piece, place)
    state = spend(state, carrier, check.cost)
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
        state = abandon(state, carrier, order.carrier)
        events.append(
            TransportAbandoned(power=power, piece=order.carrier, place=carrier.location, phase="combat")
        )
    state, relics = pick_up(state, power, data)  # a captain set down where a relic lies (L1076)
    return Done(state, (*events, *relics), f"{check.cost} PM, {check.left} left")


def abandon(state: MedioevoState, carrier: Piece, name: str) -> MedioevoState:
    """The transport leaves its owner's pieces and lies as a wreck until claimed (L1630, R110),
    without the PM it spent this phase (R188)."""
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
    state = state.evolve(pieces=pieces, wrecks=(*state.wrecks, wreck))
    if state.war is not None and key_of(current) in state.war.spent:  # the PM went with the piece
        spent = {k: v for k, v in state.war.spent.items() if k != key_of(current)}
        state = state.evolve(war=state.war.model_copy(update={"spent": spent}))
    return state


def move(state: MedioevoState, power: str, order: Move, data: DataSet) -> Done | Refused:
    """``MOVE``: own transports together (a convoy, L1598) along the path given (``VIA``), or to a
    place by the cheapest path every member affords (``TO``, R125, R134), as the board stands now."""
    pieces: list[Piece] = []
    for name in order.pieces:
        found = transport(state, data, power, name)
        if isinstance(found, Refused):
            return found
        pieces.append(found)
    if len(set(order.pieces)) < len(order.pieces):
        return Refused("move", f"a transport is named twice in {', '.join(order.pieces)}")
    world = world_of(data, state)
    movers = [mover_in(state, data, p) for p in pieces]
    stopped = next((name for name, m in zip(order.pieces, movers, strict=True) if m.stalled == STOP), None)
    if stopped is not None:
        return Refused(
            "move", f"{stopped} cannot move this turn: the Event stopped the transports there (L1060)"
        )
    if order.to is not None:
        check = convoy_path(world, movers, order.to)
    else:
        check = check_convoy(world, movers, order.via)
    if not check.ok:
        return Refused("move", check.reason)
    shut = siege_shut(state, data, pieces, check.path)
    if shut is not None:
        return Refused("move", shut)
    end = check.path[-1]
    for piece, judged in zip(pieces, check.checks, strict=True):
        state = state.with_piece(piece, location=end)
        state = relocate(state, piece, end)
        state = spend(state, piece, judged.cost, moved=True)
    state = mark_moved(state, pieces)  # L1568-1574: out of the land it had to leave
    words = "; ".join(path_words(world, m, c) for m, c in zip(movers, check.checks, strict=True))
    note = f"via {words}" if order.to is not None else words
    event = TransportMoved(
        power=power,
        pieces=order.pieces,
        path=check.path,
        pm=tuple(c.cost for c in check.checks),
        phase="combat",
    )
    state, relics = pick_up(state, power, data)  # a captain brought where a relic lies (L1076)
    return Done(state, (event, *relics), note)


def siege_shut(state: MedioevoState, data: DataSet, pieces: list[Piece], path: tuple[str, ...]) -> str | None:
    """Why a besieged fortification keeps these transports in or out, or None (L1968-1970,
    L1994-1996, ex L1974): a siege by land shuts the land side, by sea the port, by both every
    way; the besieger's own transports are its siege, not shut in. ``path`` the places the move
    goes through and ends in; the place it starts from counts too (leaving)."""
    for piece in pieces:
        way = stats(data, mover_in(state, data, piece)).domain
        for place in dict.fromkeys((piece.location, *path)):
            siege_ = state.siege(place)
            if siege_ is None or siege_.by == piece.owner or not blocks(Route(siege_.route), way):
                continue
            name = data.board.territories[place].name if place in data.board.territories else place
            what = "ship" if way == "sea" else "land transport"
            return (
                f"{name} is besieged by {siege_.route}: no {what} may leave or enter it "
                "that way (L1968-1970, L1996)"
            )
    return None


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
    state = add_ground(state, power, coasts, -order.vf)
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
    state = spend(state, new, check.cost)
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
    enough = [t for t in places if ground(state, power, t) >= vf]
    if not enough:
        where = " or ".join(places) or here
        return Refused("no-vf", f"{power} has not {vf} VF on the ground in {where} to put aboard")
    return enough[0]
