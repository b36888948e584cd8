"""Phase 8, positioning (seed 002, L1532-1554): reinforcements go into the power's settlements.

Each PLACE order puts VF in an own territory with a settlement, up to its supply limit (L1546).
Orders are applied in the order written; what is left unplaced after the orders goes, by the
default rule (docs/rulings.md R4), to the capital and then the other settlements in map order;
anything that still finds no room is lost (L1542).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import ArmiesPlaced, ReinforcementsLost
from adjudicator.rulesets.medioevo.orders import PLACEMENT, Place
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.supply import supply_limit


def room(state: MedioevoState, territory: str, data: DataSet) -> int:
    """VF that still fit in a territory under its supply limit."""
    return supply_limit(state, territory, data) - sum(state.territories[territory].armies.values())


def placement_sites(state: MedioevoState, power: str, data: DataSet) -> tuple[str, ...]:
    """The power's settlements, capital first."""
    capital = data.board.kingdoms[state.powers[power].kingdom].capital
    sites = [t for t in state.owned_by(power) if state.territories[t].settlement()]
    return tuple(sorted(sites, key=lambda t: (t != capital, list(data.board.territories).index(t))))


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if not isinstance(order, Place):
        return None
    terr = state.territories[order.territory]
    name = data.board.territories[order.territory].name
    if order.amount < 1:
        return "place at least 1 VF"
    if terr.owner != power:
        return f"{name} is not yours"
    if terr.settlement() is None:
        return f"{name} has no settlement to muster troops in"
    return None


def _put(state: MedioevoState, power: str, territory: str, amount: int) -> MedioevoState:
    terr = state.territories[territory]
    armies = {**terr.armies, power: terr.armies.get(power, 0) + amount}
    left = state.powers[power].reinforcements - amount
    return state.with_territory(territory, armies=armies).with_power(power, reinforcements=left)


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in state.acting_order():
        for order in (o for o in orders.get(power, ()) if isinstance(o, Place)):
            text = order.canonical()
            problem = check(state, power, order, data)
            pool = state.powers[power].reinforcements
            space = room(state, order.territory, data)
            if problem:
                results.append(OrderResult.failure(power, PLACEMENT, text, "illegal", problem))
            elif order.amount > pool:
                results.append(
                    OrderResult.failure(
                        power, PLACEMENT, text, "too-many", f"only {pool} VF are left to place"
                    )
                )
            elif order.amount > space:
                name = data.board.territories[order.territory].name
                results.append(
                    OrderResult.failure(
                        power,
                        PLACEMENT,
                        text,
                        "supply",
                        f"{name} has room for {max(space, 0)} more VF (supply limit)",
                    )
                )
            else:
                state = _put(state, power, order.territory, order.amount)
                events.append(ArmiesPlaced(power=power, territory=order.territory, amount=order.amount))
                results.append(OrderResult.success(power, PLACEMENT, text))
        for site in placement_sites(state, power, data):
            amount = min(state.powers[power].reinforcements, max(room(state, site, data), 0))
            if amount:
                state = _put(state, power, site, amount)
                events.append(ArmiesPlaced(power=power, territory=site, amount=amount))
        lost = state.powers[power].reinforcements
        if lost:
            state = state.with_power(power, reinforcements=0)
            events.append(ReinforcementsLost(power=power, amount=lost))
    return Resolution(state, tuple(events), tuple(results))
