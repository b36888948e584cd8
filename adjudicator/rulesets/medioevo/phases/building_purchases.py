"""Phase 4, technologies and buildings (seed 002 L801-823; see purchases.py for the phase).

Prices go through the power's ``Terms`` (MECENATE, ARCHITETTO: purchase_terms.py).
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo import holdings
from adjudicator.rulesets.medioevo.board import KingdomSize
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import BuildingBought
from adjudicator.rulesets.medioevo.guarantees import build_problem as guard_build_problem
from adjudicator.rulesets.medioevo.guarantees import guarded
from adjudicator.rulesets.medioevo.orders import Build
from adjudicator.rulesets.medioevo.phases.piece_purchases import prerequisite_problem
from adjudicator.rulesets.medioevo.phases.purchase_terms import PLAIN, Terms
from adjudicator.rulesets.medioevo.state import MedioevoState

LINES = ("civil", "fortification")


def tech_cost(data: DataSet, held: tuple[str, ...], tech: str) -> int:
    """The price of a technology: its level's cost, halved by UNIVERSITÀ (``tech_cost_factor``)."""
    cost = float(data.technologies[tech].cost)
    for owned in held:
        known = data.technologies.get(owned)
        if known is not None:
            cost *= float(known.params.get("tech_cost_factor", 1))
    return int(cost)


def tech_problem(
    data: DataSet,
    held: tuple[str, ...],
    bought: int,
    florins: int,
    tech: str,
    terms: Terms = PLAIN,
    *,
    free: bool = False,
) -> str | None:
    """Why ``tech`` cannot be bought (or had ``free`` from a card) by a power that held ``held``
    at the start of the phase, having acquired ``bought`` this turn."""
    info = data.technologies[tech]
    if tech in held:
        return f"you already have {info.name}"
    missing = [data.technologies[p].name for p in info.prereqs if p not in held]
    if missing:
        return f"{info.name} needs {', '.join(missing)} held at the start of the phase (L803)"
    if bought >= data.technology_rules.max_per_turn:
        return f"at most {data.technology_rules.max_per_turn} technologies a turn (L807)"
    cost = 0 if free else terms.price(tech_cost(data, held, tech))
    if cost > florins:
        return f"{info.name} costs {cost} florins and you have {florins}"
    return None


def _existing(state: MedioevoState, territory: str, category: str, data: DataSet) -> str | None:
    return next(
        (
            b
            for b in state.territories[territory].buildings
            if b in data.buildings and data.buildings[b].category == category
        ),
        None,
    )


def building_cost(data: DataSet, held: tuple[str, ...], building: str, replaced: str | None) -> int:
    """Full price less the technology discounts, or the difference for an upgrade (L822-823)."""
    info = data.buildings[building]
    if replaced is not None:
        return max(0, info.cost - data.buildings[replaced].cost)
    cost = float(info.cost)
    params = [data.technologies[t].params for t in held if t in data.technologies]
    if info.category == "religious":
        cost -= sum(float(p.get("religious_building_discount", 0)) for p in params)
    if info.category == "commercial":
        for p in params:
            cost *= float(p.get("fair_cost_factor", 1))
        cost -= sum(float(p.get("fair_discount", {}).get(building, 0)) for p in params)
    return max(0, int(cost))


def build_problem(
    data: DataSet,
    start: MedioevoState,
    now: MedioevoState,
    power: str,
    order: Build,
    terms: Terms = PLAIN,
) -> tuple[str | None, str | None, int]:
    """(why not, the building it replaces, its price) for a BUILD order."""
    info = data.buildings[order.building]
    land = data.board.territories[order.territory]
    held = start.powers[power].techs
    if now.territories[order.territory].owner != power:
        if not guarded(now, data, power, order.territory):
            return f"{land.name} is not yours (L799)", None, 0
        guard = guard_build_problem(now, data, order.territory, order.building)  # GARANTIRE (L3326)
        if guard:
            return guard, None, 0
    unplaceable = holdings.unplaceable(now, order.territory, data, "nothing bought is placed")
    if unplaceable:
        return unplaceable, None, 0
    bought = now.powers[power].techs
    problem = prerequisite_problem(data, info.name, info.requires_all, info.min_lt, held, bought)
    if problem:
        return problem, None, 0
    if info.needs_site and not land.site:
        return f"{land.name} has no settlement site for a {info.name}", None, 0
    if info.needs_settlement and _existing(now, order.territory, "civil", data) is None:
        return f"a {info.name} needs a settlement in {land.name}", None, 0
    if info.not_in_small_kingdoms and data.board.kingdoms[land.kingdom].size is KingdomSize.SMALL:
        return f"no {info.name} in a Small kingdom (L818)", None, 0
    replaced = None
    if info.category in LINES:
        replaced = _existing(now, order.territory, info.category, data)
        if replaced is not None and data.buildings[replaced].level >= info.level:
            return f"{land.name} already has a {data.buildings[replaced].name}", None, 0
        if replaced is not None and replaced in now.territories[order.territory].damaged:
            name = data.buildings[replaced].name
            return f"the {name} in {land.name} is damaged: REPAIR it first (L1024)", None, 0
    elif order.building in now.territories[order.territory].buildings:
        return f"{land.name} already has a {info.name}", None, 0
    cost = terms.price(building_cost(data, held, order.building, replaced), info.category)
    florins = now.powers[power].florins
    if cost > florins:
        return f"a {info.name} in {land.name} costs {cost} florins and you have {florins}", None, 0
    return None, replaced, cost


def put_building(state: MedioevoState, order: Build, replaced: str | None) -> MedioevoState:
    """The building stands in the territory, in place of the one it raises."""
    terr = state.territories[order.territory].raise_building(order.building, replaced)
    return state.with_territory(order.territory, buildings=terr.buildings, built_over=terr.built_over)


def bought_event(power: str, order: Build, replaced: str | None, cost: int) -> BuildingBought:
    return BuildingBought(
        power=power, territory=order.territory, building=order.building, replaced=replaced, cost=cost
    )
