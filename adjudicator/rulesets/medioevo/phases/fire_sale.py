"""The fire sale (Svendita dei beni, seed 002 L921-923; digest §4.7, A27).

A power sells its buildings, transports (MdT) and siege engines (MdA) to the bank for half
price, only where they stand in its own territories, not besieged or contested. By mail:

* ``SELL <building> IN <territory>`` or ``SELL <piece> <n>`` in the purchases phase, where the
  power's sales come before its other purchases; ``… AT TAXES`` in the taxes phase, where they
  come after its collection and before its repayments, so a sale can pay back a loan;
* the price is ``economy_rules.fire_sale_pct`` (50 %) of the list price of the building or of the
  piece's level, its customisations (50 florins each) counted in, rounded down; a damaged piece
  sells for that less its repair (25 % of its value, L1024);
* a building goes whole: a Borgo sold leaves the site empty, to be built again from a Villaggio; a
  settlement cannot go while a building that needs it (a Fair) stands there;
* captains are neither buildings nor MdT nor MdA: they cannot be sold;
* a transport with VF or pieces aboard is not sold (R189): unloaded in combat first, so no
  army vanishes with it and nothing rides a transport that is gone;
* besieged or contested is judged by ``holdings.py``: a siege recorded on the territory (by the
  GM until combat is played by mail; by sea it leaves no enemy VF there, L1970), or VF of powers at
  war with each other or with the owner standing in it (L2266, ruling R54).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo import holdings
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_economy import AssetSold
from adjudicator.rulesets.medioevo.orders_economy import Sell, SellAtTaxes
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, item_of, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState


def building_price(data: DataSet, building: str) -> int:
    return data.buildings[building].cost * data.economy_rules.fire_sale_pct // 100


def piece_price(data: DataSet, piece: Piece) -> int:
    """Half the list price of its level and of its customisations; less the repair if damaged."""
    item = item_of(data, piece.kind, piece.level)
    value = (item.cost if item else 0) + data.purchase_rules.customisation_cost * (
        piece.pm + piece.armies + piece.goods
    )
    rules = data.economy_rules
    price = value * rules.fire_sale_pct // 100
    if piece.damaged:
        price -= value * rules.fire_sale_damaged_less_pct // 100
    return max(price, 0)


def _place_problem(state: MedioevoState, power: str, territory: str, data: DataSet) -> str | None:
    terr = state.territories.get(territory)
    if terr is None:
        return "it is at sea: only what stands in your own territories can be sold (L923)"
    name = data.board.territories[territory].name
    if terr.owner != power:
        return f"{name} is not yours: only what stands in your own territories can be sold (L923)"
    siege = state.siege(territory)
    if siege is not None and holdings.besieged(state, territory):
        return f"{name} is besieged by {siege.by}: no sale there (L923)"
    enemy = holdings.enemy_present(state, territory)
    if enemy:
        return f"{name} is besieged or contested ({enemy}'s armies stand there): no sale there (L923)"
    return None


def sale_problem(state: MedioevoState, power: str, order: Sell, data: DataSet) -> tuple[str | None, int]:
    """(why not, the price) of a sale now."""
    if order.territory is None:
        piece = piece_named(data, state, power, order.item)
        if piece is None:
            return f"you have no {order.item}", 0
        if piece.kind == CAPTAIN:
            return "a captain is not a building, transport or siege engine: not for sale (L923)", 0
        ref = f"{piece.kind}/{piece.number}"
        if piece.vf or any(p.aboard == ref for p in state.pieces_of(power)):  # R189
            return f"{order.item} carries armies or pieces: unload them in combat before selling it", 0
        problem = _place_problem(state, power, piece.location, data)
        return (f"{order.item}: {problem}", 0) if problem else (None, piece_price(data, piece))
    info = data.buildings[order.item]
    terr = state.territories[order.territory]
    land = data.board.territories[order.territory].name
    if order.item not in terr.buildings:
        return f"there is no {info.name} in {land}", 0
    problem = _place_problem(state, power, order.territory, data)
    if problem:
        return problem, 0
    if order.item == terr.settlement():
        needing = [
            data.buildings[b].name
            for b in terr.buildings
            if b in data.buildings and data.buildings[b].needs_settlement
        ]
        if needing:
            return f"the {', '.join(needing)} in {land} needs the {info.name}: sell it first", 0
    return None, building_price(data, order.item)


def check(
    state: MedioevoState, power: str, order: Order, data: DataSet, earlier: Sequence[Order] = ()
) -> str | None:
    """On arrival: what is sold is there, the power's, and sold once in the mail."""
    if not isinstance(order, Sell):
        return None
    if any(isinstance(o, Sell) and (o.item, o.territory) == (order.item, order.territory) for o in earlier):
        return f"{order.canonical().removesuffix(' AT TAXES')} is already sold by a line above"
    return sale_problem(state, power, order, data)[0]


def resolve_sales(
    state: MedioevoState,
    power: str,
    given: Sequence[Order],
    phase: str,
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    """The power's sales of this phase, in the order written, each paid by the bank."""
    for order in (o for o in given if isinstance(o, Sell) and o.phase == phase):
        problem, price = sale_problem(state, power, order, data)
        if problem:
            results.append(OrderResult.failure(power, phase, order.canonical(), "not-allowed", problem))
            continue
        if order.territory is None:
            piece = piece_named(data, state, power, order.item)
            assert piece is not None
            where = piece.location
            state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != piece.key()))
        else:
            where = order.territory
            kept = [b for b in state.territories[where].buildings if b != order.item]
            state = state.with_territory(where, buildings=tuple(kept))
        held = state.powers[power]
        state = state.with_power(power, florins=held.florins + price).evolve(bank=state.bank - price)
        events.append(AssetSold(power=power, asset=order.item, territory=where, price=price))
        results.append(OrderResult.success(power, phase, order.canonical(), f"sold for {price} florins"))
    return state


def saleable(state: MedioevoState, power: str, data: DataSet, at_taxes: bool = False) -> list[Sell]:
    """Every sale the power may make now: its pieces first, then its buildings (for the bots)."""
    kind = SellAtTaxes if at_taxes else Sell
    options: list[Sell] = [kind(label(data, p.kind, p.number)) for p in state.pieces_of(power)]
    for territory in state.owned_by(power):
        options += [kind(b, territory) for b in state.territories[territory].buildings if b in data.buildings]
    return [o for o in options if sale_problem(state, power, o, data)[0] is None]
