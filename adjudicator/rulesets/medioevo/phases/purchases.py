"""Phase 4, purchases (seed 002, L795-890): technologies, buildings, transports, siege engines, captains.

Prerequisites are judged on what the power held when the phase began (L803; ruling R10): a
technology bought now helps from the next phase on, so it neither opens the next step of its
tree nor unlocks a building or a piece in the same phase. Orders are applied in the order
written, each paid at once to the bank; one that cannot be paid or is not allowed fails with its
reason and the others go on. On arrival each order is judged by this same resolution, the lines
above it applied first (arrival.py).

A transport, siege engine or captain is bought in a settlement the power held when the phase
began (ships: one with a port) and stands there at once (L1534, L1538; rulings). Limits by LT:
transports of one kind (L835; ARSENALE one more ship of each kind), siege engines in all (L870),
captains (L872). An upgrade pays the difference (L827-829) for a piece in an own settlement; its
first level is free where a building of its line of level 2-3 stands, if that building's level
reaches the new level, once a turn per piece (L831-833, A20).

Also here: customisation discs for transports (L859-861, L882-886), repairs of damaged buildings
and ships (L1024, L1056, L1420; repairs.py) and the Empire cards of the phase (purchase_cards.py):
every TACCAGNO first, then power by power in turn order its other cards, then its orders. At the
end of the phase a building or ship still damaged, and due by this turn, loses a level.
Each power's fire sales (``fire_sale.py``, L921-923) come before its cards and other orders.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo import distant_ports
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.distant_ports import BuyDistantPort, port_problem
from adjudicator.rulesets.medioevo.events import (
    PieceBought,
    PieceCustomised,
    PieceUpgraded,
    Repaired,
    TechnologyBought,
)
from adjudicator.rulesets.medioevo.orders import (
    PURCHASES,
    Build,
    BuyPiece,
    BuyTech,
    Customize,
    PlayPurchaseCard,
    Repair,
    UpgradePiece,
)
from adjudicator.rulesets.medioevo.orders_economy import Sell
from adjudicator.rulesets.medioevo.phases import fire_sale, purchase_cards, repairs
from adjudicator.rulesets.medioevo.phases.building_purchases import (
    bought_event,
    build_problem,
    put_building,
    tech_cost,
    tech_problem,
)
from adjudicator.rulesets.medioevo.phases.piece_purchases import (
    DISC_NAMES,
    buy_piece_problem,
    customise_problem,
    upgrade_problem,
)
from adjudicator.rulesets.medioevo.phases.purchase_terms import Terms, terms_for
from adjudicator.rulesets.medioevo.pieces_state import catalogue, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.variants import fortification_problem

__all__ = [
    "Buying",
    "begin",
    "build_problem",
    "buy",
    "buy_piece_problem",
    "resolve",
    "tech_problem",
    "upgrade_problem",
]


def resolve(
    state: MedioevoState,
    orders: Mapping[str, Sequence[Order]],
    data: DataSet,
    only: Collection[str] | None = None,
) -> Resolution:
    """Every power's purchases in turn order, or ``only`` these powers' (a purchases step played
    in turn, R96)."""
    start = state
    events: list[Event] = []
    results: list[OrderResult] = []
    state = purchase_cards.play_bans(state, orders, data, events, results)
    for power in state.acting_order():
        if only is not None and power not in only:
            continue
        given = orders.get(power, ())
        buying = begin(start, state, power, given, data, events, results)
        for order in given:
            if not isinstance(order, PlayPurchaseCard | Sell) and order.phase == PURCHASES:
                buying = buy(buying, order, data, events, results)
        state = buying.state
    state = repairs.reduce_unrepaired(state, data, events, only)
    return Resolution(state, tuple(events), tuple(results))


@dataclass(frozen=True)
class Buying:
    """One power's purchases under way: the phase's start, the state so far, the power's terms
    (its cards) and the technologies it has acquired this turn."""

    start: MedioevoState
    state: MedioevoState
    power: str
    terms: Terms
    bought: int


def begin(
    start: MedioevoState,
    state: MedioevoState,
    power: str,
    given: Sequence[Order],
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> Buying:
    """The power's fire sales, then its purchase cards: what comes before its other orders."""
    state = fire_sale.resolve_sales(state, power, given, PURCHASES, data, events, results)
    state, made, bought = purchase_cards.play_own(start, state, power, given, data, events, results)
    return Buying(start, state, power, terms_for(state, power, data, made, start.powers[power].techs), bought)


def buy(
    buying: Buying, order: Order, data: DataSet, events: list[Event], results: list[OrderResult]
) -> Buying:
    """One order judged, applied and paid at once to the bank, or failed with its reason."""
    power = buying.power
    problem, cost, state, event = _one(
        buying.start, buying.state, power, order, data, buying.terms, buying.bought
    )
    if problem is not None:
        results.append(OrderResult.failure(power, PURCHASES, order.canonical(), "not-allowed", problem))
        return buying
    if event is not None:
        events.append(event)
    results.append(OrderResult.success(power, PURCHASES, order.canonical(), f"paid {cost} florins"))
    return replace(buying, state=_pay(state, power, cost), bought=buying.bought + isinstance(order, BuyTech))


def _one(
    start: MedioevoState,
    state: MedioevoState,
    power: str,
    order: Order,
    data: DataSet,
    terms: Terms,
    bought: int,
) -> tuple[str | None, int, MedioevoState, Event | None]:
    """One order judged and applied, not yet paid: (why not, its price, the state, its event)."""
    if isinstance(order, Repair):
        problem, cost = repairs.repair_problem(data, state, power, order)
        if problem:
            return problem, 0, state, None
        event: Event = Repaired(power=power, what=order.what, territory=order.territory, cost=cost)
        return None, cost, repairs.repair(state, power, order, data), event
    if terms.blocked:
        return terms.blocked, 0, state, None
    held = start.powers[power].techs
    if isinstance(order, BuyTech):
        problem = tech_problem(data, held, bought, state.powers[power].florins, order.tech, terms)
        if order.tech in state.powers[power].techs and order.tech not in held:
            problem = (
                f"you get {data.technologies[order.tech].name} in this phase already (a card or a line above)"
            )
        elif order.tech in state.powers[power].techs:
            problem = f"you already have {data.technologies[order.tech].name}"
        if problem:
            return problem, 0, state, None
        cost = terms.price(tech_cost(data, held, order.tech))
        state = state.with_power(power, techs=tuple(sorted({*state.powers[power].techs, order.tech})))
        return None, cost, state, TechnologyBought(power=power, tech=order.tech, cost=cost)
    if isinstance(order, Build):
        problem, replaced, cost = build_problem(data, start, state, power, order, terms)
        problem = problem or fortification_problem(start, state, power, order.building, replaced, data)
        if problem:
            return problem, 0, state, None
        return None, cost, put_building(state, order, replaced), bought_event(power, order, replaced, cost)
    if isinstance(order, BuyPiece):
        problem, cost = buy_piece_problem(data, start, state, power, order, terms)
        if problem:
            return problem, 0, state, None
        item = catalogue(data)[order.item]
        state = state.add_piece(power, item.kind, item.level, order.territory, bought=state.turn)
        new = label(data, item.kind, state.pieces[-1].number)
        event = PieceBought(power=power, piece=new, item=order.item, territory=order.territory, cost=cost)
        return None, cost, state, event
    if isinstance(order, UpgradePiece):
        problem, cost, free = upgrade_problem(data, start, state, power, order, terms)
        piece = piece_named(data, state, power, order.piece)
        if problem or piece is None:
            return problem, 0, state, None
        changes: dict[str, int] = {"level": order.level}
        if free:
            changes["free_upgrade"] = state.turn
        event = PieceUpgraded(power=power, piece=order.piece, level=order.level, cost=cost, free_level=free)
        return None, cost, state.with_piece(piece, **changes), event
    if isinstance(order, BuyDistantPort):
        problem, cost = port_problem(state, data, power, order.territory)
        if problem:
            return problem, 0, state, None
        state, event = distant_ports.buy(state, power, order, cost)
        return None, cost, state, event
    assert isinstance(order, Customize)
    problem, cost, discs = customise_problem(data, state, power, order, terms)
    piece = piece_named(data, state, power, order.piece)
    if problem or piece is None:
        return problem, 0, state, None
    state = state.with_piece(piece, **{order.disc: int(getattr(piece, order.disc)) + discs})
    added = DISC_NAMES[order.disc].replace("+1 ", f"+{discs} ").replace("+10 ", f"+{10 * discs} ")
    return None, cost, state, PieceCustomised(power=power, piece=order.piece, discs=added, cost=cost)


def _pay(state: MedioevoState, power: str, cost: int) -> MedioevoState:
    return state.with_power(power, florins=state.powers[power].florins - cost).evolve(bank=state.bank + cost)
