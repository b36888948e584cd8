"""The commerce orders a power may give, with their prices, room and PM for the order template
and the bots (docs/commerce.md §2), and the arrival check of a commerce line (R285: what it
names; the board is judged when the phase runs)."""

from __future__ import annotations

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.commerce.goods import cubes, transport_stats
from adjudicator.rulesets.medioevo.commerce.orders import (
    BUY,
    SELL,
    Auction,
    ChooseMonopoly,
    Enslave,
    Offer,
    Trade,
    Voyage,
)
from adjudicator.rulesets.medioevo.commerce.prices import (
    CAROVANIERE,
    MERCATO,
    MONOPOLIO,
    card_percent,
    monopolist,
    quote,
)
from adjudicator.rulesets.medioevo.commerce.resolve import crew
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.phases.taxes import fairs
from adjudicator.rulesets.medioevo.pieces_state import Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import key_of
from adjudicator.rulesets.medioevo.war.movement import reachable
from adjudicator.rulesets.medioevo.war.movement_state import mover_of, world_of
from adjudicator.rulesets.medioevo.war.transport import COMMERCIAL


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    """On arrival: the transport is the power's, the card in its hand, the technology held."""
    held = state.powers[power]
    name = getattr(order, "transport", None)
    if name is not None:
        piece = piece_named(data, state, power, name)
        if piece is None or piece.kind not in {t.kind for t in data.transports.values()}:
            return f"{power} has no {name}"
    if isinstance(order, Trade) and order.card == CAROVANIERE:
        if CAROVANIERE not in held.cards:
            return f"{power} does not hold CAROVANIERE"
        if card_percent(data, held.techs) == 0:
            return "CAROVANIERE needs COMMERCIO, CONIO, BANCHE or MONOPOLIO (L2530)"
    if isinstance(order, Enslave) and MERCATO not in held.techs:
        return "turning prisoners into Slaves needs MERCATO (L2156)"
    if isinstance(order, ChooseMonopoly) and MONOPOLIO not in held.techs:
        return "MONOPOLY needs the technology MONOPOLIO (L3180)"
    if isinstance(order, Auction) and order.card not in held.cards:
        return f"{power} does not hold {data.cards[order.card].name}"
    if isinstance(order, Offer):
        if not any((lot.card, lot.seller) == (order.card, order.seller) for lot in state.lots):
            return f"{order.seller} has no {data.cards[order.card].name} on auction"
        if order.seller == power:
            return "a seller does not bid for its own card"
        if order.amount > held.florins:
            return f"{power} holds {held.florins} Florins"
    return None


def legal_offers(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    """For each card on auction by another power: a maximum at its reserve (or 5) and double."""
    florins = state.powers[power].florins
    out: list[Order] = []
    for lot in state.lots:
        if lot.seller == power:
            continue
        floor = max(lot.reserve, 5)
        out += [Offer(n, lot.card, lot.seller) for n in dict.fromkeys((floor, 2 * floor)) if n <= florins]
    return out


def _trader(state: MedioevoState, piece: Piece, data: DataSet) -> bool:
    ts = state.territories.get(piece.location)
    return piece.aboard is None and ts is not None and ts.settlement() is not None


def _trades(state: MedioevoState, power: str, piece: Piece, data: DataSet) -> list[tuple[Order, str]]:
    """BUY each good that fits and is affordable, SELL ALL of each good aboard, ENSLAVE."""
    name, where, held = label(data, piece.kind, piece.number), piece.location, state.powers[power]
    room = transport_stats(state, data, piece).goods_capacity
    lot = data.trade_rules.lot
    out: list[tuple[Order, str]] = []
    for good in data.goods:
        carried = piece.wares.get(good, 0)
        if carried:
            sale = quote(data, state, power, where, good, SELL)
            if sale is not None:
                out.append(
                    (Trade(SELL, 0, good, name), f"{sale.words()} each, {sale.unit * carried} for {carried}")
                )
        price = quote(data, state, power, where, good, BUY)
        if price is None or monopolist(data, state, where, good) not in (None, power):
            continue
        free = (
            room - cubes(data, {g: n for g, n in piece.wares.items() if g != good}) - -(-carried // lot) * lot
        )
        amount = min(free, held.florins // price.unit) // lot * lot
        if amount > 0:
            out.append(
                (Trade(BUY, amount, good, name), f"{price.words()} each, {price.unit * amount} Florins")
            )
    if MERCATO in held.techs and state.territories[where].owner == power:
        free = room - cubes(data, piece.wares)
        for victim, vf in sorted(held.prisoners.items()):
            if min(vf, free) > 0:
                out.append((Enslave(min(vf, free), victim, name), "as a buy (L2158)"))
    return out


def _moves(state: MedioevoState, power: str, piece: Piece, data: DataSet) -> list[tuple[Order, str]]:
    """MOVE to every settlement within reach (a ship: to its port)."""
    if key_of(piece) in state.combat_moved:
        return []
    mover = mover_of(state, piece, crew(state, data, piece))
    name = label(data, piece.kind, piece.number)
    out: list[tuple[Order, str]] = []
    for place, path in sorted(reachable(world_of(data, state), mover).items()):
        ts = state.territories.get(place)
        if place != piece.location and path.ok and ts is not None and ts.settlement():
            out.append((Voyage(name, place), f"{path.cost} PM"))
    return out


def options(state: MedioevoState, power: str, data: DataSet) -> list[tuple[Order, str]]:
    """Every commerce order the template offers, with its note; none for the GM or the public."""
    out: list[tuple[Order, str]] = []
    if power not in state.powers:
        return out
    for piece in state.pieces_of(power):
        if piece.kind not in {t.kind for t in data.transports.values()} or piece.aboard is not None:
            continue
        if transport_stats(state, data, piece).role != COMMERCIAL:
            continue
        if _trader(state, piece, data):
            out += _trades(state, power, piece, data)
        out += _moves(state, power, piece, data)
    held = state.powers[power]
    on_sale = sum(1 for lot in state.lots if lot.seller == power and lot.turn == state.turn)
    if on_sale < fairs(state, power, data):
        out += [
            (Auction(card), "for the next window's sealed bids (R296)") for card in dict.fromkeys(held.cards)
        ]
    if MONOPOLIO in held.techs and power not in state.monopolies:
        out += [(ChooseMonopoly(good), "chosen once (L3180)") for good in data.goods]
    return out


def legal_commerce_orders(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    return [order for order, _ in options(state, power, data)]


def notes(state: MedioevoState, power: str, data: DataSet) -> dict[str, str]:
    """Each offered order's price, room or PM, by its canonical text (the template's notes)."""
    return {order.canonical(): note for order, note in options(state, power, data)}
