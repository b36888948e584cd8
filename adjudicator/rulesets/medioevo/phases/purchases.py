"""Phase 4, purchases (seed 002, L795-890): technologies, buildings, transports, siege engines, captains.

Prerequisites are judged on what the power held when the phase began (L803; ruling R10): a
technology bought now helps from the next phase on, so it neither opens the next step of its
tree nor unlocks a building or a piece in the same phase. Orders are applied in the order
written, each paid at once to the bank; one that cannot be paid or is not allowed fails with its
reason and the others go on.

A transport, siege engine or captain is bought in a settlement the power held when the phase
began (ships: one with a port) and stands there at once (L1534, L1538; rulings). Limits by LT:
transports of one kind (L835; ARSENALE one more ship of each kind), siege engines in all (L870),
captains (L872). An upgrade pays the difference (L827-829) for a piece in an own settlement; its
first level is free where a building of its line of level 2-3 stands, if that building's level
reaches the new level, once a turn per piece (L831-833, A20).

Each power's fire sales (``fire_sale.py``, L921-923) come before its other orders of the phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.board import KingdomSize
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import (
    BuildingBought,
    PieceBought,
    PieceUpgraded,
    TechnologyBought,
)
from adjudicator.rulesets.medioevo.orders import PURCHASES, Build, BuyPiece, BuyTech, UpgradePiece
from adjudicator.rulesets.medioevo.phases import fire_sale
from adjudicator.rulesets.medioevo.pieces_state import (
    CAPTAIN,
    SIEGE,
    Item,
    catalogue,
    item_of,
    label,
    word_kind,
)
from adjudicator.rulesets.medioevo.state import MedioevoState, tech_level

LINES = ("civil", "fortification")


def tech_cost(data: DataSet, held: tuple[str, ...], tech: str) -> int:
    """The price of a technology: its level's cost, halved by UNIVERSITÀ (``tech_cost_factor``)."""
    cost = float(data.technologies[tech].cost)
    for owned in held:
        known = data.technologies.get(owned)
        if known is not None:
            cost *= float(known.params.get("tech_cost_factor", 1))
    return int(cost)


def tech_problem(data: DataSet, held: tuple[str, ...], bought: int, florins: int, tech: str) -> str | None:
    """Why ``tech`` cannot be bought by a power that held ``held`` at the start of the phase."""
    info = data.technologies[tech]
    if tech in held:
        return f"you already have {info.name}"
    missing = [data.technologies[p].name for p in info.prereqs if p not in held]
    if missing:
        return f"{info.name} needs {', '.join(missing)} held at the start of the phase (L803)"
    if bought >= data.technology_rules.max_per_turn:
        return f"at most {data.technology_rules.max_per_turn} technologies a turn (L807)"
    cost = tech_cost(data, held, tech)
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
    data: DataSet, start: MedioevoState, now: MedioevoState, power: str, order: Build
) -> tuple[str | None, str | None, int]:
    """(why not, the building it replaces, its price) for a BUILD order."""
    info = data.buildings[order.building]
    land = data.board.territories[order.territory]
    held = start.powers[power].techs
    if now.territories[order.territory].owner != power:
        return f"{land.name} is not yours (L799)", None, 0
    missing = [data.technologies[t].name for t in info.requires_all if t not in held]
    if missing:
        return f"a {info.name} needs {', '.join(missing)}", None, 0
    if tech_level(len(held)) < info.min_lt:
        return f"a {info.name} needs LT {info.min_lt}", None, 0
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
    elif order.building in now.territories[order.territory].buildings:
        return f"{land.name} already has a {info.name}", None, 0
    cost = building_cost(data, held, order.building, replaced)
    florins = now.powers[power].florins
    if cost > florins:
        return f"a {info.name} in {land.name} costs {cost} florins and you have {florins}", None, 0
    return None, replaced, cost


def _params(data: DataSet, held: tuple[str, ...], key: str) -> list[Any]:
    """The ``key`` param of every technology held that has one."""
    techs = [data.technologies[t] for t in held if t in data.technologies]
    return [t.params[key] for t in techs if key in t.params]


LIMIT_LINES = {SIEGE: "L870", CAPTAIN: "L872"}


def piece_limit(data: DataSet, held: tuple[str, ...], kind: str) -> int:
    """How many pieces of a numbering class the LT allows (L835, L870, L872; ARSENALE L3174)."""
    per_lt = data.purchase_rules.per_lt
    lt = tech_level(len(held))
    if kind == SIEGE:
        return per_lt.siege_engines * lt
    if kind == CAPTAIN:
        return per_lt.captains * lt
    extra = sum(int(e.get(kind, 0)) for e in _params(data, held, "extra_ships"))
    return per_lt.transport_kind * lt + extra


def _prerequisites(data: DataSet, held: tuple[str, ...], item: Item) -> str | None:
    missing = [data.technologies[t].name for t in item.requires_all if t not in held]
    if missing:
        return f"a {item.name} needs {', '.join(missing)}"
    if tech_level(len(held)) < item.min_lt:
        return f"a {item.name} needs LT {item.min_lt}"
    return None


def piece_cost(data: DataSet, held: tuple[str, ...], item: Item) -> int:
    """The list price; ships cost ARSENALE's ``ship_discount`` less (L3174)."""
    discount = sum(int(d) for d in _params(data, held, "ship_discount")) if item.domain == "sea" else 0
    return max(0, item.cost - discount)


def buy_piece_problem(
    data: DataSet, start: MedioevoState, now: MedioevoState, power: str, order: BuyPiece
) -> tuple[str | None, int]:
    """(why not, its price) for a BUY of a transport, siege engine or captain."""
    item = catalogue(data)[order.item]
    land = data.board.territories[order.territory]
    held = start.powers[power].techs
    if now.territories[order.territory].owner != power:
        return f"{land.name} is not yours (L799)", 0
    if start.territories[order.territory].settlement() is None:
        return f"{land.name} had no settlement of yours when the phase began (L1534, L1538)", 0
    if item.domain == "sea" and not land.port:
        return f"{land.name} has no port for a {item.name}", 0
    problem = _prerequisites(data, held, item)
    if problem:
        return problem, 0
    limit = piece_limit(data, held, item.kind)
    count = len(now.pieces_of(power, item.kind))
    if count >= limit:
        noun = {SIEGE: "siege engines", CAPTAIN: "captains"}.get(item.kind)
        noun = noun or data.purchase_rules.piece_names.get(item.kind, (item.kind,))[0] + "s"
        return f"your LT allows {limit} {noun} and you have {count} ({LIMIT_LINES.get(item.kind, 'L835')})", 0
    cost = piece_cost(data, held, item)
    florins = now.powers[power].florins
    if cost > florins:
        return f"a {item.name} costs {cost} florins and you have {florins}", 0
    return None, cost


def _piece_of(data: DataSet, name: str) -> tuple[str, int] | None:
    word, _, number = name.rpartition(" ")
    kind = word_kind(data, word)
    return (kind, int(number)) if kind is not None and number.isdigit() else None


def _free_level(data: DataSet, state: MedioevoState, item: Item, territory: str, target: int) -> bool:
    """A building of the piece's line, of level 2-3 and at least ``target``, stands there (A20)."""
    line = data.purchase_rules.free_upgrade_line.get(item.role)
    if line is None or territory not in state.territories:
        return False
    levels = [
        data.buildings[b].level
        for b in state.territories[territory].buildings
        if b in data.buildings and data.buildings[b].category == line
    ]
    best = max(levels, default=0)
    return best >= data.purchase_rules.free_upgrade_min_building_level and best >= target


def upgrade_problem(
    data: DataSet, start: MedioevoState, now: MedioevoState, power: str, order: UpgradePiece
) -> tuple[str | None, int, bool]:
    """(why not, its price, whether a level came free) for an UPGRADE of a piece."""
    found = _piece_of(data, order.piece)
    piece = now.piece(power, *found) if found else None
    if piece is None:
        return f"you have no {order.piece}", 0, False
    if piece.kind == CAPTAIN:
        return "a captain rises in level only by winning battles (L1776)", 0, False
    current = item_of(data, piece.kind, piece.level)
    target = item_of(data, piece.kind, order.level)
    if current is None or target is None or order.level <= piece.level:
        return f"{order.piece} is a level-{piece.level} piece: upgrade it to a higher level", 0, False
    terr = now.territories.get(piece.location)
    if terr is None or terr.owner != power or terr.settlement() is None:
        return f"{order.piece} must stand in one of your settlements to be upgraded (L829)", 0, False
    problem = _prerequisites(data, start.powers[power].techs, target)
    if problem:
        return problem, 0, False
    cost = target.cost - current.cost
    free = piece.free_upgrade != now.turn and _free_level(data, now, current, piece.location, piece.level + 1)
    step = item_of(data, piece.kind, piece.level + 1)
    if free and step is not None:
        cost -= step.cost - current.cost
    florins = now.powers[power].florins
    if cost > florins:
        return (
            f"raising {order.piece} to a {target.name} costs {cost} florins and you have {florins}",
            0,
            False,
        )
    return None, max(cost, 0), free


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    """Problems visible when the orders arrive (the phase has not started, so ``state`` is its start)."""
    if isinstance(order, BuyTech):
        held = state.powers[power]
        return tech_problem(data, held.techs, 0, held.florins, order.tech)
    if isinstance(order, Build):
        return build_problem(data, state, state, power, order)[0]
    if isinstance(order, BuyPiece):
        return buy_piece_problem(data, state, state, power, order)[0]
    if isinstance(order, UpgradePiece):
        return upgrade_problem(data, state, state, power, order)[0]
    return None


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    start = state
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in state.acting_order():
        state = fire_sale.resolve_sales(state, power, orders.get(power, ()), PURCHASES, data, events, results)
        held = start.powers[power].techs
        bought = 0
        for order in orders.get(power, ()):
            if isinstance(order, BuyTech):
                problem = tech_problem(data, held, bought, state.powers[power].florins, order.tech)
                if problem is None:
                    cost = tech_cost(data, held, order.tech)
                    mine = state.powers[power]
                    state = state.with_power(power, techs=tuple(sorted({*mine.techs, order.tech})))
                    state = _pay(state, power, cost)
                    bought += 1
                    events.append(TechnologyBought(power=power, tech=order.tech, cost=cost))
            elif isinstance(order, Build):
                problem, replaced, cost = build_problem(data, start, state, power, order)
                if problem is None:
                    built = [b for b in state.territories[order.territory].buildings if b != replaced]
                    state = state.with_territory(order.territory, buildings=(*built, order.building))
                    state = _pay(state, power, cost)
                    events.append(
                        BuildingBought(
                            power=power,
                            territory=order.territory,
                            building=order.building,
                            replaced=replaced,
                            cost=cost,
                        )
                    )
            elif isinstance(order, BuyPiece):
                problem, cost = buy_piece_problem(data, start, state, power, order)
                if problem is None:
                    item = catalogue(data)[order.item]
                    state = state.add_piece(power, item.kind, item.level, order.territory, bought=state.turn)
                    state = _pay(state, power, cost)
                    new = state.pieces[-1]
                    events.append(
                        PieceBought(
                            power=power,
                            piece=label(data, new.kind, new.number),
                            item=order.item,
                            territory=order.territory,
                            cost=cost,
                        )
                    )
            elif isinstance(order, UpgradePiece):
                problem, cost, free = upgrade_problem(data, start, state, power, order)
                if problem is None:
                    found = _piece_of(data, order.piece)
                    assert found is not None
                    piece = state.piece(power, *found)
                    assert piece is not None
                    changes: dict[str, int] = {"level": order.level}
                    if free:
                        changes["free_upgrade"] = state.turn
                    state = _pay(state.with_piece(piece, **changes), power, cost)
                    events.append(
                        PieceUpgraded(
                            power=power, piece=order.piece, level=order.level, cost=cost, free_level=free
                        )
                    )
            else:
                continue
            if problem is None:
                results.append(
                    OrderResult.success(power, PURCHASES, order.canonical(), f"paid {cost} florins")
                )
            else:
                results.append(
                    OrderResult.failure(power, PURCHASES, order.canonical(), "not-allowed", problem)
                )
    return Resolution(state, tuple(events), tuple(results))


def _pay(state: MedioevoState, power: str, cost: int) -> MedioevoState:
    return state.with_power(power, florins=state.powers[power].florins - cost).evolve(bank=state.bank + cost)
