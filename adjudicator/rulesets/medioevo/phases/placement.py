"""Phase 8, positioning (seed 002, L1532-1554): reinforcements go into the power's settlements.

Each PLACE order puts VF in an own territory with a settlement, up to its supply limit (L1546),
never in a besieged settlement (L1534) nor a contested territory, which is no one's (L2266): the
same predicate (``holdings.unplaceable``) judges a PLACE on arrival and at the deadline.
With LOGISTICA (L1540) a power may also place armies in an own territory next to one of its
settlements, and keep up to 5/10/15 VF (by LT) behind the screen: ``RESERVE n`` sets them aside
first, and the reserve joins the next positioning's VF. Orders are applied in the order written;
what is left unplaced after the orders goes, by the default rule (docs/rulings.md R4), to the
capital and then the other settlements in map order, then behind the screen as far as LOGISTICA
allows; anything that still finds no room is lost (L1542).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo import holdings
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.distant_ports import place_all
from adjudicator.rulesets.medioevo.events import ArmiesPlaced, ReinforcementsLost, ReserveKept
from adjudicator.rulesets.medioevo.guarantees import BarbariansSent, guarded, place_problem, send
from adjudicator.rulesets.medioevo.orders import PLACEMENT, Build, Place, Reserve
from adjudicator.rulesets.medioevo.state import SETTLEMENTS, MedioevoState
from adjudicator.rulesets.medioevo.supply import supply_limit


def room(state: MedioevoState, territory: str, data: DataSet) -> int:
    """VF that still fit in a territory under its supply limit."""
    return supply_limit(state, territory, data) - sum(state.territories[territory].armies.values())


def placement_sites(state: MedioevoState, power: str, data: DataSet) -> tuple[str, ...]:
    """The power's settlements that take reinforcements (not besieged or contested), capital first."""
    capital = data.board.kingdoms[state.powers[power].kingdom].capital
    sites = [t for t in holdings.held(state, power) if state.territories[t].settlement()]
    return tuple(sorted(sites, key=lambda t: (t != capital, list(data.board.territories).index(t))))


def reserve_cap(state: MedioevoState, power: str, data: DataSet) -> int:
    """The most VF the power may keep behind the screen: a technology's ``reserve_vf`` at its LT."""
    held = state.powers[power]
    caps = [
        int(data.technologies[t].params["reserve_vf"][held.tech_level - 1])
        for t in held.techs
        if t in data.technologies and "reserve_vf" in data.technologies[t].params
    ]
    return max(caps, default=0)


def places_next_to_settlements(state: MedioevoState, power: str, data: DataSet) -> bool:
    held = state.powers[power].techs
    return any(data.technologies[t].params.get("place_contiguous") for t in held if t in data.technologies)


def _next_to_own_settlement(state: MedioevoState, power: str, territory: str, data: DataSet) -> bool:
    for other in data.board.territories[territory].borders:
        terr = state.territories.get(other)
        # a besieged settlement sends out no one (L1534)
        if (
            terr is not None
            and terr.owner == power
            and terr.settlement()
            and not holdings.besieged(state, other)
        ):
            return True
    return False


def with_settlements_built(state: MedioevoState, power: str, earlier: Sequence[Order]) -> MedioevoState:
    """The state a PLACE order is checked against on arrival: the settlements that the lines
    accepted above it build on empty sites stand (VF go there in this positioning, ex L1546; R10)."""
    for build in (o for o in earlier if isinstance(o, Build) and o.building in SETTLEMENTS):
        terr = state.territories[build.territory]
        if terr.owner == power and not any(b in SETTLEMENTS for b in terr.buildings):
            state = state.with_territory(build.territory, buildings=(*terr.buildings, build.building))
    return state


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if isinstance(order, Reserve):
        cap = reserve_cap(state, power, data)
        if order.amount < 1:
            return "reserve at least 1 VF"
        if cap == 0:
            return "keeping VF behind the screen needs LOGISTICA (L1540)"
        if order.amount > cap:
            return f"at your LT at most {cap} VF stay behind the screen (L1540)"
        return None
    if not isinstance(order, Place):
        return None
    terr = state.territories[order.territory]
    name = data.board.territories[order.territory].name
    if order.amount < 1:
        return "place at least 1 VF"
    if terr.owner != power:
        if guarded(state, data, power, order.territory):
            return None  # a protector's VF, turned into barbarian armies (L3326, R301)
        return f"{name} is not yours"
    refusal = holdings.unplaceable(state, order.territory, data, "no reinforcements are placed")
    if refusal:
        return refusal
    if terr.settlement() is None:
        if places_next_to_settlements(state, power, data):
            if _next_to_own_settlement(state, power, order.territory, data):
                return None
            return f"{name} has no settlement and borders none of yours (LOGISTICA, L1540)"
        return f"{name} has no settlement to muster troops in"
    return None


def _put(state: MedioevoState, power: str, territory: str, amount: int) -> MedioevoState:
    terr = state.territories[territory]
    armies = {**terr.armies, power: terr.armies.get(power, 0) + amount}
    left = state.powers[power].reinforcements - amount
    return state.with_territory(territory, armies=armies).with_power(power, reinforcements=left)


def _keep_back(state: MedioevoState, power: str, amount: int) -> MedioevoState:
    held = state.powers[power]
    return state.with_power(power, reinforcements=held.reinforcements - amount, reserve=held.reserve + amount)


def _place(
    state: MedioevoState, power: str, order: Place, data: DataSet, events: list[Event]
) -> tuple[MedioevoState, OrderResult]:
    text = order.canonical()
    problem = check(state, power, order, data)
    pool = state.powers[power].reinforcements
    space = room(state, order.territory, data)
    if problem:
        return state, OrderResult.failure(power, PLACEMENT, text, "illegal", problem)
    if order.amount > pool:
        return state, OrderResult.failure(
            power, PLACEMENT, text, "too-many", f"only {pool} VF are left to place"
        )
    if order.amount > space:
        name = data.board.territories[order.territory].name
        why = f"{name} has room for {max(space, 0)} more VF (supply limit)"
        return state, OrderResult.failure(power, PLACEMENT, text, "supply", why)
    if state.territories[order.territory].owner != power:  # GARANTIRE (L3326)
        sent = (e for e in events if isinstance(e, BarbariansSent) and e.power == power)
        over = place_problem(order.amount, sum(e.amount for e in sent if e.territory == order.territory))
        if over:
            return state, OrderResult.failure(power, PLACEMENT, text, "illegal", over)
        events.append(BarbariansSent(power=power, territory=order.territory, amount=order.amount))
        return send(state, power, order.territory, order.amount), OrderResult.success(power, PLACEMENT, text)
    events.append(ArmiesPlaced(power=power, territory=order.territory, amount=order.amount))
    return _put(state, power, order.territory, order.amount), OrderResult.success(power, PLACEMENT, text)


def place_orders(
    state: MedioevoState,
    power: str,
    mine: Sequence[Order],
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    """One power's RESERVE, then its PLACE orders in the order written (the arrival check runs
    this alone, arrival.py)."""
    held = state.powers[power]
    # last turn's reserve comes out from behind the screen with this turn's reinforcements
    state = state.with_power(power, reinforcements=held.reinforcements + held.reserve, reserve=0)
    for keep in (o for o in mine if isinstance(o, Reserve)):
        problem = check(state, power, keep, data)
        pool = state.powers[power].reinforcements
        already = state.powers[power].reserve
        if problem is None and already:
            problem = "one RESERVE order a turn"
        if problem:
            results.append(OrderResult.failure(power, PLACEMENT, keep.canonical(), "illegal", problem))
            continue
        kept = min(keep.amount, pool)
        state = _keep_back(state, power, kept)
        results.append(OrderResult.success(power, PLACEMENT, keep.canonical(), f"{kept} VF kept back"))
    for order in (o for o in mine if isinstance(o, Place)):
        state, result = _place(state, power, order, data, events)
        results.append(result)
    return state


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    state, placed = place_all(state)  # the distant ports bought this turn (L2396, R300)
    events: list[Event] = [*placed]
    results: list[OrderResult] = []
    for power in state.acting_order():
        state = place_orders(state, power, orders.get(power, ()), data, events, results)
        for site in placement_sites(state, power, data):
            amount = min(state.powers[power].reinforcements, max(room(state, site, data), 0))
            if amount:
                state = _put(state, power, site, amount)
                events.append(ArmiesPlaced(power=power, territory=site, amount=amount))
        overflow = min(
            state.powers[power].reinforcements, reserve_cap(state, power, data) - state.powers[power].reserve
        )
        if overflow > 0:
            state = _keep_back(state, power, overflow)
        if state.powers[power].reserve:
            events.append(ReserveKept(power=power, amount=state.powers[power].reserve))
        lost = state.powers[power].reinforcements
        if lost:
            state = state.with_power(power, reinforcements=0)
            events.append(ReinforcementsLost(power=power, amount=lost))
    # the buildings raised this turn count for supply from now on (L1538, ex L1546)
    for tid in [t for t, terr in state.territories.items() if terr.built_over is not None]:
        state = state.with_territory(tid, built_over=None)
    return Resolution(state, tuple(events), tuple(results))
