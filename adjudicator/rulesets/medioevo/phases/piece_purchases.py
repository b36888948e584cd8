"""Phase 4, the pieces: transports, siege engines and captains bought or raised a level (seed 002
L825-890; see purchases.py for the phase). A piece is named by its label (``galley 2``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from adjudicator.rulesets.medioevo import holdings
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.orders import BuyPiece, Customize, UpgradePiece
from adjudicator.rulesets.medioevo.phases.purchase_terms import PLAIN, Terms
from adjudicator.rulesets.medioevo.pieces_state import (
    CAPTAIN,
    SIEGE,
    Item,
    Piece,
    catalogue,
    item_of,
    piece_named,
)
from adjudicator.rulesets.medioevo.state import MedioevoState, tech_level


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


def _prerequisites(data: DataSet, held: tuple[str, ...], item: Item, now: tuple[str, ...] = ()) -> str | None:
    """Why the technologies held when the phase began do not allow ``item``; ``now``: those held
    after this phase's purchases so far, named when they would have (R10)."""
    return prerequisite_problem(data, item.name, item.requires_all, item.min_lt, held, now)


def prerequisite_problem(
    data: DataSet, name: str, needed: Sequence[str], min_lt: int, held: Collection[str], now: Collection[str]
) -> str | None:
    """Why a piece or building ``name`` cannot be bought with the technologies ``held`` when the
    phase began. What ``now`` adds (bought in this phase) counts from the next turn: ex L2976,
    CARPENTERIA bought now lets its owner buy level-II ships the next turn (R10); the refusal says
    so rather than that the technology is missing."""
    missing = [t for t in needed if t not in held]
    if missing:
        names = ", ".join(data.technologies[t].name for t in missing)
        if all(t in now for t in missing):
            return f"{names}, bought this turn, allows a {name} from the next turn (L2976, R10)"
        return f"a {name} needs {names}"
    if tech_level(len(held)) < min_lt:
        if tech_level(len(now)) >= min_lt:
            return f"LT {min_lt}, reached this turn, allows a {name} from the next turn (L2976, R10)"
        return f"a {name} needs LT {min_lt}"
    return None


def piece_cost(data: DataSet, held: tuple[str, ...], item: Item) -> int:
    """The list price; ships cost ARSENALE's ``ship_discount`` less (L3174)."""
    discount = sum(int(d) for d in _params(data, held, "ship_discount")) if item.domain == "sea" else 0
    return max(0, item.cost - discount)


def buy_piece_problem(
    data: DataSet,
    start: MedioevoState,
    now: MedioevoState,
    power: str,
    order: BuyPiece,
    terms: Terms = PLAIN,
) -> tuple[str | None, int]:
    """(why not, its price) for a BUY of a transport, siege engine or captain."""
    item = catalogue(data)[order.item]
    land = data.board.territories[order.territory]
    held = start.powers[power].techs
    if now.territories[order.territory].owner != power:
        return f"{land.name} is not yours (L799)", 0
    unplaceable = holdings.unplaceable(now, order.territory, data, "nothing bought is placed")
    if unplaceable:
        return unplaceable, 0
    if start.territories[order.territory].settlement() is None:
        return f"{land.name} had no settlement of yours when the phase began (L1534, L1538)", 0
    if item.domain == "sea" and not land.port:
        return f"{land.name} has no port for a {item.name}", 0
    problem = _prerequisites(data, held, item, now.powers[power].techs)
    if problem:
        return problem, 0
    limit = piece_limit(data, held, item.kind)
    count = len(now.pieces_of(power, item.kind))
    if count >= limit:
        noun = {SIEGE: "siege engines", CAPTAIN: "captains"}.get(item.kind)
        noun = noun or data.purchase_rules.piece_names.get(item.kind, (item.kind,))[0] + "s"
        return f"your LT allows {limit} {noun} and you have {count} ({LIMIT_LINES.get(item.kind, 'L835')})", 0
    cost = terms.price(piece_cost(data, held, item))
    florins = now.powers[power].florins
    if cost > florins:
        return f"a {item.name} costs {cost} florins and you have {florins}", 0
    return None, cost


def where_problem(state: MedioevoState, power: str, piece: Piece, name: str, what: str) -> str | None:
    """A piece is upgraded or customised in one of its owner's working settlements (L829, L884)."""
    if piece.damaged:
        return f"{name} is damaged: REPAIR {name} first (L1420)"
    terr = state.territories.get(piece.location)
    if terr is None or terr.owner != power or terr.settlement() is None:
        return f"{name} must stand in one of your settlements to be {what}"
    return None


def _free_level(data: DataSet, state: MedioevoState, item: Item, territory: str, target: int) -> bool:
    """A building of the piece's line, of level 2-3 and at least ``target``, stands there (A20)."""
    line = data.purchase_rules.free_upgrade_line.get(item.role)
    if line is None or territory not in state.territories:
        return False
    levels = [
        data.buildings[b].level
        for b in state.territories[territory].usable()
        if b in data.buildings and data.buildings[b].category == line
    ]
    best = max(levels, default=0)
    return best >= data.purchase_rules.free_upgrade_min_building_level and best >= target


def upgrade_problem(
    data: DataSet,
    start: MedioevoState,
    now: MedioevoState,
    power: str,
    order: UpgradePiece,
    terms: Terms = PLAIN,
) -> tuple[str | None, int, bool]:
    """(why not, its price, whether a level came free) for an UPGRADE of a piece."""
    piece = piece_named(data, now, power, order.piece)
    if piece is None:
        return f"you have no {order.piece}", 0, False
    if piece.kind == CAPTAIN:
        return "a captain rises in level only by winning battles (L1776)", 0, False
    current = item_of(data, piece.kind, piece.level)
    target = item_of(data, piece.kind, order.level)
    if current is None or target is None or order.level <= piece.level:
        return f"{order.piece} is a level-{piece.level} piece: upgrade it to a higher level", 0, False
    problem = where_problem(now, power, piece, order.piece, "upgraded (L829)")
    problem = problem or _prerequisites(data, start.powers[power].techs, target, now.powers[power].techs)
    if problem:
        return problem, 0, False
    cost = target.cost - current.cost
    free = piece.free_upgrade != now.turn and _free_level(data, now, current, piece.location, piece.level + 1)
    step = item_of(data, piece.kind, piece.level + 1)
    if free and step is not None:
        cost -= step.cost - current.cost
    cost = terms.price(max(cost, 0))
    florins = now.powers[power].florins
    if cost > florins:
        return (
            f"raising {order.piece} to a {target.name} costs {cost} florins and you have {florins}",
            0,
            False,
        )
    return None, cost, free


DISC_NAMES = {"pm": "+1 PM", "armies": "+10 armies", "goods": "+10 goods"}


def customise_problem(
    data: DataSet, now: MedioevoState, power: str, order: Customize, terms: Terms = PLAIN
) -> tuple[str | None, int, int]:
    """(why not, its price, discs added) for a CUSTOMIZE: 50 florins a disc, at most one disc of a
    kind per level of the transport, in an own settlement (L859-861, L882-886)."""
    rules = data.purchase_rules
    piece = piece_named(data, now, power, order.piece)
    if piece is None:
        return f"you have no {order.piece}", 0, 0
    item = item_of(data, piece.kind, piece.level)
    roles = rules.customisation_roles.get(order.disc, ())
    if item is None or item.kind not in {t.kind for t in data.transports.values()}:
        return f"only transports are customised (L859), not {order.piece}", 0, 0
    if item.role not in roles:
        return (
            f"a {item.name} takes no {DISC_NAMES[order.disc]} discs (L859: {' or '.join(roles)} transports)",
            0,
            0,
        )
    step = rules.customisation_step[order.disc]
    if order.amount < step or order.amount % step:
        return f"{order.disc.upper()} discs add {step} each: write +{step}, +{2 * step}...", 0, 0
    discs = order.amount // step
    held = int(getattr(piece, order.disc))
    most = rules.customisation_per_level * piece.level
    if held + discs > most:
        return (
            f"a level-{piece.level} transport takes at most {most} {DISC_NAMES[order.disc]} discs "
            f"and {order.piece} has {held} (L859)",
            0,
            0,
        )
    problem = where_problem(now, power, piece, order.piece, "customised (L884)")
    if problem:
        return problem, 0, 0
    cost = terms.price(discs * rules.customisation_cost)
    florins = now.powers[power].florins
    if cost > florins:
        return f"{discs} disc(s) cost {cost} florins and you have {florins}", 0, 0
    return None, cost, discs
