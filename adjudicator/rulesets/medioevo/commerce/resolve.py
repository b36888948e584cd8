"""Phase 10, commerce, resolved (seed 002 L2089-L2160; docs/commerce.md §3; rulings R285-R295).

Every power's commerce orders run as a script, power by power in turn order, each order in the
order written, judged on the board as it stands when its turn comes (R285): what the board no
longer allows is refused with the reason and the rest goes on. Movement is the war's calculator
(``war/movement.py``: the cheapest legal path, the same access, straits, rivers and blockades), and
the PM spent in commerce live only in this phase's :class:`Ledger`. At the end the record of the
transports that moved in combat (``combat_moved``, L1602-1604) is cleared. Pure: no I/O, no clock,
no dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.barbarians import corsaro
from adjudicator.rulesets.medioevo.commerce import auction
from adjudicator.rulesets.medioevo.commerce.events import GoodsHandled, MonopolyChosen, TradeMoved
from adjudicator.rulesets.medioevo.commerce.goods import (
    add,
    handling_pm,
    on_ground,
    room_refusal,
    set_down,
    take_up,
    transport_stats,
)
from adjudicator.rulesets.medioevo.commerce.ledger import MOVE, Ledger, Refusal, own_transport
from adjudicator.rulesets.medioevo.commerce.orders import (
    ALL,
    COMMERCE,
    Auction,
    ChooseMonopoly,
    Enslave,
    Handle,
    Trade,
    Voyage,
)
from adjudicator.rulesets.medioevo.commerce.prices import MONOPOLIO
from adjudicator.rulesets.medioevo.commerce.toll import transit_tolls
from adjudicator.rulesets.medioevo.commerce.trading import enslave, trade
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.drought import struck
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import cargo_of, key_of, relocate
from adjudicator.rulesets.medioevo.war.movement import cheapest_path
from adjudicator.rulesets.medioevo.war.movement_state import mover_of, world_of
from adjudicator.rulesets.medioevo.war.moves import siege_shut
from adjudicator.rulesets.medioevo.war.transport import COMMERCIAL, Cargo

Done = tuple[MedioevoState, list[Event]]


def after_war(before: MedioevoState, done: Resolution) -> Resolution:
    """The war window's last resolution, remembering which transports moved in it."""
    after = moved_in_combat(before, cast(MedioevoState, done.state))
    return Resolution(after, done.events, done.results)


def moved_in_combat(before: MedioevoState, after: MedioevoState) -> MedioevoState:
    """``after`` (the end of the war window) remembering which transports moved in combat, from
    ``before``'s war bookkeeping, for this turn's commerce (L1602-1604, R291)."""
    moved = before.war.moved if before.war is not None else ()
    return after.evolve(combat_moved=tuple(moved)) if moved != after.combat_moved else after


def crew(state: MedioevoState, data: DataSet, piece: Piece) -> Cargo:
    """What the movement calculator sees aboard: in commerce a commercial transport moves as its
    owner likes (L2095, ex L2120-2126) without the armies L1628 asks of a transport in combat, so
    it counts as crewed; a military transport still needs its VF (R291)."""
    cargo = cargo_of(state, data, piece)
    if transport_stats(state, data, piece).role != COMMERCIAL:
        return cargo
    need = max(data.movement_rules.min_own_vf, cargo.vf(piece.owner))
    return cargo.model_copy(update={"armies": {**cargo.armies, piece.owner: need}})


def voyage(state: MedioevoState, power: str, order: Voyage, data: DataSet, ledger: Ledger) -> Done:
    """``MOVE``: the cheapest legal path to the place, within the PM left; not for a transport that
    moved in combat (L1602-1604), nor after a trade that followed a move (L2108)."""
    piece = own_transport(state, data, power, order.transport)
    if key_of(piece) in state.combat_moved:
        raise Refusal(
            f"{order.transport} moved in combat this turn: it does not move in commerce (L1602-1604)"
        )
    doings = ledger.of(piece)
    mover = mover_of(
        state, piece, crew(state, data, piece), doings.spent, dry_start=struck(state, doings.start)
    )
    check = cheapest_path(world_of(data, state), mover, order.to)
    if not check.ok:
        raise Refusal(check.reason)
    shut = siege_shut(state, data, [piece], check.path)
    if shut is not None:
        raise Refusal(shut)
    doings.take(MOVE, order.transport)
    end = check.path[-1]
    state = relocate(state.with_piece(piece, location=end), piece, end)
    doings.spent += check.cost
    moved: list[Event] = [TradeMoved(power=power, transport=order.transport, path=check.path, pm=check.cost)]
    state, tolls = transit_tolls(state, data, power, check.path, sum(piece.wares.values()))
    state, raided = corsaro.ambush(state, piece, check.path, data)  # CORSARO (L2620)
    return state, [*moved, *tolls, *raided]


def _coast(state: MedioevoState, data: DataSet, piece_location: str, at: str | None, name: str) -> str:
    """The territory goods are loaded from or set down in: where the transport is, or for a ship at
    sea the coast named (L1616)."""
    if piece_location in data.board.territories:
        if at is not None and at != piece_location:
            names = data.board.territories
            raise Refusal(f"{name} is in {names[piece_location].name}, not {names[at].name}")
        return piece_location
    if at is None:
        raise Refusal(f"{name} is at sea: say which coast (AT <territory>)")
    if piece_location not in data.board.territories[at].seas:
        raise Refusal(
            f"{data.board.territories[at].name} does not touch {data.board.seas[piece_location].name}"
        )
    return at


def handle(state: MedioevoState, power: str, order: Handle, data: DataSet, ledger: Ledger) -> Done:
    """``LOAD`` / ``UNLOAD`` goods: 2 PM, 1 at a settlement, in port or with a captain (L1612-1614);
    always allowed, even after a trade (L2109, ex L2132)."""
    piece = own_transport(state, data, power, order.transport)
    where = _coast(state, data, piece.location, order.at, order.transport)
    doings = ledger.of(piece)
    pm = handling_pm(state, data, piece, where)
    have = transport_stats(state, data, piece, dry_start=struck(state, doings.start)).pm - doings.spent
    if pm > have:
        raise Refusal(f"{order.transport} has {have} PM left; handling goods there costs {pm} (L1612-1614)")
    good = data.goods[order.good].name
    if order.action == "unload":
        amount = order.amount if order.amount != ALL else piece.wares.get(order.good, 0)
        if amount <= 0 or piece.wares.get(order.good, 0) < amount:
            raise Refusal(f"{order.transport} carries {piece.wares.get(order.good, 0)} {good}")
        state = set_down(state, power, where, order.good, amount)
        state = state.with_piece(piece, wares=add(piece.wares, order.good, -amount))
    else:
        lying = sum(g.amount for g in on_ground(state, power, where, order.good))
        amount = order.amount if order.amount != ALL else lying
        if amount <= 0 or lying < amount:
            raise Refusal(f"{lying} {good} lie in {data.board.territories[where].name} for {power} to load")
        wares = add(piece.wares, order.good, amount)
        problem = room_refusal(state, data, piece, wares, order.transport)
        if problem:
            raise Refusal(problem)
        state = take_up(state, power, where, order.good, amount).with_piece(piece, wares=wares)
    doings.spent += pm
    territory = data.board.territories[where].name
    event = GoodsHandled(
        power=power,
        transport=order.transport,
        action=order.action,
        good=good,
        amount=amount,
        territory=territory,
        pm=pm,
    )
    return state, [event]


def monopoly(state: MedioevoState, power: str, order: ChooseMonopoly, data: DataSet) -> Done:
    """``MONOPOLY``: the good MONOPOLIO holds, chosen once (L3180, R293)."""
    if MONOPOLIO not in state.powers[power].techs:
        raise Refusal("MONOPOLY needs the technology MONOPOLIO (L3180)")
    if power in state.monopolies:
        raise Refusal(f"{power}'s MONOPOLIO already holds {data.goods[state.monopolies[power]].name}")
    state = state.evolve(monopolies={**state.monopolies, power: order.good})
    return state, [MonopolyChosen(power=power, good=data.goods[order.good].name)]


def step(state: MedioevoState, power: str, order: Order, data: DataSet, ledger: Ledger) -> Done:
    """One commerce order run on the board as it stands."""
    if isinstance(order, Trade):
        return trade(state, power, order, data, ledger)
    if isinstance(order, Voyage):
        return voyage(state, power, order, data, ledger)
    if isinstance(order, Handle):
        return handle(state, power, order, data, ledger)
    if isinstance(order, Enslave):
        return enslave(state, power, order, data, ledger)
    if isinstance(order, ChooseMonopoly):
        return monopoly(state, power, order, data)
    if isinstance(order, Auction):
        return auction.offer(state, power, order, data)
    if isinstance(order, corsaro.Corsair):
        return corsaro.note(state, power, order, data)
    raise Refusal(f"{order.canonical()} is no commerce order")


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    """Every power's commerce script in turn order (R285); the phase's events in that order."""
    ledger = Ledger()
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in state.acting_order():
        for order in orders.get(power, ()):
            line = order.canonical()
            try:
                state, done = step(state, power, order, data, ledger)
            except Refusal as why:
                results.append(OrderResult.failure(power, COMMERCE, line, "commerce", str(why)))
                continue
            events += done
            results.append(OrderResult.success(power, COMMERCE, line, _note(done)))
    if state.combat_moved:
        state = state.evolve(combat_moved=())
    return Resolution(state, tuple(events), tuple(results))


def _note(done: list[Event]) -> str:
    """The result's note: what the order did, as its first event says it."""
    return done[0].summary().split(": ", 1)[-1] if done else ""
