"""Goods aboard and on the ground: room counted in cubes, the goods set down and taken up
(seed 002 L2101-2107, ex L2128-2130, L1610-1618, L1862; rulings R287, R290). Pure."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import cargo_of
from adjudicator.rulesets.medioevo.war.movement_state import mover_of
from adjudicator.rulesets.medioevo.war.records import LooseGoods
from adjudicator.rulesets.medioevo.war.transport import COMMERCIAL, SEA, Stats, stats


def cubes(data: DataSet, wares: dict[str, int]) -> int:
    """Goods room used: each good's units rounded up to whole cubes of 10 (L2107: 7 wine take one
    cube, ex L2128; 15 salt two, ex L2130; R287)."""
    lot = data.trade_rules.lot
    return sum(-(-n // lot) * lot for n in wares.values() if n > 0)


def transport_stats(
    state: MedioevoState, data: DataSet, piece: Piece, spent: int = 0, dry_start: bool | None = None
) -> Stats:
    return stats(data, mover_of(state, piece, cargo_of(state, data, piece), spent, dry_start=dry_start))


def room_refusal(
    state: MedioevoState, data: DataSet, piece: Piece, wares: dict[str, int], name: str
) -> str | None:
    """Why ``wares`` do not fit aboard ``piece``, or None."""
    numbers = transport_stats(state, data, piece)
    if numbers.role != COMMERCIAL:
        return f"{name} is a military transport: it carries no goods (L848-855)"
    used = cubes(data, wares)
    if used > numbers.goods_capacity:
        return f"{name} holds {numbers.goods_capacity} goods; that would take {used} (cubes of 10, L2107)"
    return None


def add(wares: dict[str, int], good: str, n: int) -> dict[str, int]:
    """``wares`` with ``n`` more (or fewer, if negative) of ``good``; none left: no entry."""
    out = {**wares, good: wares.get(good, 0) + n}
    return {g: k for g, k in sorted(out.items()) if k > 0}


def handling_pm(state: MedioevoState, data: DataSet, piece: Piece, territory: str) -> int:
    """Loading or unloading goods: 2 PM, 1 at a settlement, with the power's captain there, or for
    a ship in the territory's port (L1612-1614). A ship at sea, off a coast without a port, pays 2
    even where a settlement stands (ex L2124: the merchant unloads in Giudea for 2 PM; R290)."""
    ts = state.territories.get(territory)
    captain = any(p.location == territory for p in state.pieces_of(piece.owner, CAPTAIN))
    at_sea = transport_stats(state, data, piece).domain == SEA and piece.location != territory
    settled = ts is not None and ts.settlement() is not None and not at_sea
    return 1 if settled or captain or (not at_sea and piece.location == territory) else 2


def on_ground(state: MedioevoState, power: str, territory: str, good: str) -> tuple[LooseGoods, ...]:
    """The goods of that kind lying in ``territory`` that ``power`` may load: its own, and any in
    a territory it holds (what a sacked transport left, L1862; R290), its own first."""
    held = state.territories.get(territory)
    mine = held is not None and held.owner == power
    lots = [
        g for g in state.loose_goods if g.territory == territory and g.good == good and g.until >= state.turn
    ]
    return tuple(sorted((g for g in lots if g.was == power or mine), key=lambda g: g.was != power))


def set_down(state: MedioevoState, power: str, territory: str, good: str, n: int) -> MedioevoState:
    """``n`` goods of ``power`` set down in ``territory``: loadable until the end of the next turn,
    as a sacked transport's (L1862, R231, R290)."""
    kept, amount = [], n
    for g in state.loose_goods:
        if (g.territory, g.good, g.was) == (territory, good, power):
            amount += g.amount
        else:
            kept.append(g)
    lot = LooseGoods(territory=territory, good=good, amount=amount, was=power, until=state.turn + 1)
    return state.evolve(loose_goods=(*kept, lot))


def take_up(state: MedioevoState, power: str, territory: str, good: str, n: int) -> MedioevoState:
    """``n`` goods taken from the ground (``on_ground``'s order)."""
    left, taken = n, {id(g): 0 for g in state.loose_goods}
    for g in on_ground(state, power, territory, good):
        taken[id(g)] = min(left, g.amount)
        left -= taken[id(g)]
    kept = []
    for g in state.loose_goods:
        rest = g.amount - taken[id(g)]
        if rest > 0:
            kept.append(g if rest == g.amount else g.model_copy(update={"amount": rest}))
    return state.evolve(loose_goods=tuple(kept))
