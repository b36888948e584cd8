"""Setup orders, taken in turn 1's cards window (the first that needs orders, ruling R35): where
the cathedral stands (seed 002 L386) and where the starting armies go (004 L55-74, ruling R35).

At setup every owned territory got its garrison and each power holds its 35 VF (40 for the Pope)
waiting. Here each power places the cathedral (default: the capital, R2) and deploys: at most
10 VF in a territory with a village, 30 in the capital, 10 more where the cathedral stands,
garrison included; only where there is a settlement. What it does not deploy goes automatically
to the capital, then the cathedral's territory, then the other settlements in map order; VF that
find no room wait for the positioning of turn 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import ArmiesPlaced, CathedralPlaced
from adjudicator.rulesets.medioevo.orders import SETUP, Deploy, PlaceCathedral
from adjudicator.rulesets.medioevo.state import MedioevoState

CATHEDRAL = "cathedral"


def takes_orders(state: MedioevoState) -> bool:
    return state.turn == 1


def cap(state: MedioevoState, power: str, territory: str, data: DataSet) -> int:
    """The most VF the power may have in the territory at setup (004 L69-70)."""
    rules = data.setup_rules
    terr = state.territories[territory]
    if terr.settlement() is None:
        return 0
    capital = data.board.kingdoms[state.powers[power].kingdom].capital
    limit = rules.capital_cap if territory == capital else rules.village_cap
    return limit + (rules.cathedral_bonus if CATHEDRAL in terr.buildings else 0)


def room(state: MedioevoState, power: str, territory: str, data: DataSet) -> int:
    return max(cap(state, power, territory, data) - state.territories[territory].armies.get(power, 0), 0)


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if not isinstance(order, PlaceCathedral | Deploy):
        return None
    name = data.board.territories[order.territory].name
    kingdom = state.powers[power].kingdom
    if isinstance(order, PlaceCathedral):
        if data.board.territories[order.territory].kingdom != kingdom:
            return f"{name} is not in your kingdom (L386)"
        return None
    if order.amount < 1:
        return "deploy at least 1 VF"
    if state.territories[order.territory].owner != power:
        return f"{name} is not yours"
    if state.territories[order.territory].settlement() is None:
        return f"{name} has no village or city to deploy in (004 L69)"
    return None


def _deploy(state: MedioevoState, power: str, territory: str, amount: int) -> MedioevoState:
    terr = state.territories[territory]
    armies = {**terr.armies, power: terr.armies.get(power, 0) + amount}
    left = state.powers[power].reinforcements - amount
    return state.with_territory(territory, armies=armies).with_power(power, reinforcements=left)


def _move_cathedral(state: MedioevoState, power: str, territory: str) -> MedioevoState:
    for tid in state.owned_by(power):
        buildings = state.territories[tid].buildings
        if CATHEDRAL in buildings:
            state = state.with_territory(tid, buildings=tuple(b for b in buildings if b != CATHEDRAL))
    there = state.territories[territory].buildings
    return state.with_territory(territory, buildings=(*there, CATHEDRAL))


def default_sites(state: MedioevoState, power: str, data: DataSet) -> list[str]:
    """Capital, then the cathedral's territory, then the other settlements in map order."""
    capital = data.board.kingdoms[state.powers[power].kingdom].capital
    owned = [t for t in data.board.territories if state.territories[t].owner == power]
    return sorted(
        (t for t in owned if state.territories[t].settlement()),
        key=lambda t: (t != capital, CATHEDRAL not in state.territories[t].buildings),
    )


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in state.seats():
        given = orders.get(power, ())
        cathedrals = [o for o in given if isinstance(o, PlaceCathedral)]
        for order in cathedrals[:-1]:
            results.append(
                OrderResult.failure(
                    power, SETUP, order.canonical(), "superseded", "a later CATHEDRAL replaces it"
                )
            )
        if cathedrals:
            order = cathedrals[-1]
            problem = check(state, power, order, data)
            if problem:
                results.append(OrderResult.failure(power, SETUP, order.canonical(), "illegal", problem))
            else:
                state = _move_cathedral(state, power, order.territory)
                events.append(CathedralPlaced(power=power, territory=order.territory))
                results.append(OrderResult.success(power, SETUP, order.canonical()))
        for deploy in (o for o in given if isinstance(o, Deploy)):
            problem = check(state, power, deploy, data)
            pool = state.powers[power].reinforcements
            space = room(state, power, deploy.territory, data)
            if not problem and deploy.amount > pool:
                problem = f"only {pool} VF are left to deploy"
            if not problem and deploy.amount > space:
                name = data.board.territories[deploy.territory].name
                problem = (
                    f"{name} has room for {space} more VF at setup "
                    "(10 a village, 30 the capital, +10 the cathedral)"
                )
            if problem:
                results.append(OrderResult.failure(power, SETUP, deploy.canonical(), "illegal", problem))
                continue
            state = _deploy(state, power, deploy.territory, deploy.amount)
            events.append(ArmiesPlaced(power=power, territory=deploy.territory, amount=deploy.amount))
            results.append(OrderResult.success(power, SETUP, deploy.canonical()))
        for site in default_sites(state, power, data):
            amount = min(state.powers[power].reinforcements, room(state, power, site, data))
            if amount:
                state = _deploy(state, power, site, amount)
                events.append(ArmiesPlaced(power=power, territory=site, amount=amount))
    return Resolution(state, tuple(events), tuple(results))
