"""Buying, selling and slaves (seed 002 L2103-2158, L3180, L2530; rulings R286-R289, R292,
R293). Florins go to and from the bank, so the bank stays accounted. Pure."""

from __future__ import annotations

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.commerce.events import GoodsTraded, MonopolyShare, SlavesMade
from adjudicator.rulesets.medioevo.commerce.goods import add, room_refusal
from adjudicator.rulesets.medioevo.commerce.ledger import BUY, SELL, Ledger, Refusal, market, own_transport
from adjudicator.rulesets.medioevo.commerce.orders import ALL, Enslave, Trade
from adjudicator.rulesets.medioevo.commerce.prices import MERCATO, card_percent, monopolist, quote
from adjudicator.rulesets.medioevo.commerce.toll import trade_toll
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.phases.card_play import after_play
from adjudicator.rulesets.medioevo.state import MedioevoState

SLAVES = "schiavi"
Done = tuple[MedioevoState, list[Event]]


def _name(data: DataSet, territory: str) -> str:
    return data.board.territories[territory].name


def _same_controller(
    state: MedioevoState, data: DataSet, power: str, good: str, where: str, ledger: Ledger
) -> None:
    """Refuse selling a good bought this phase at another settlement of the same player, without
    MERCATO; barbarian settlements are free (L2113-2114, R289)."""
    owner = state.territories[where].owner
    if owner not in state.powers or MERCATO in state.powers[power].techs:
        return
    for other in sorted(ledger.bought.get((power, good), ())):
        if other != where and state.territories[other].owner == owner:
            raise Refusal(
                f"{data.goods[good].name} was bought at {_name(data, other)} this phase, also {owner}'s: "
                "no buying and selling one good at two settlements of one player without MERCATO (L2113)"
            )


def _card(state: MedioevoState, data: DataSet, power: str, order: Trade) -> bool:
    if order.card is None:
        return False
    held = state.powers[power]
    if order.card not in held.cards:
        raise Refusal(f"{power} does not hold {data.cards[order.card].name}")
    if card_percent(data, held.techs) == 0:
        raise Refusal("CAROVANIERE needs COMMERCIO, CONIO, BANCHE or MONOPOLIO (L2530)")
    return True


def _share(state: MedioevoState, data: DataSet, where: str, good: str, total: int) -> Done:
    """MONOPOLIO's 10 % from the bank on a trade in its good in its zone (L3180, R293)."""
    holder = monopolist(data, state, where, good)
    share = total * data.trade_rules.monopoly_share // 100
    if holder is None or share <= 0:
        return state, []
    state = state.with_power(holder, florins=state.powers[holder].florins + share)
    state = state.evolve(bank=state.bank - share)
    name = data.goods[good].name
    return state, [
        MonopolyShare(power=holder, good=name, territory=_name(data, where), trade=total, florins=share)
    ]


def trade(state: MedioevoState, power: str, order: Trade, data: DataSet, ledger: Ledger) -> Done:
    """``BUY`` / ``SELL``: at the transport's settlement, at the quoted price, within its room and
    the power's florins; counted as the transport's buy or sell (L2091, L2103-2110)."""
    piece = own_transport(state, data, power, order.transport)
    where = market(state, data, piece, order.transport)
    doings = ledger.of(piece)
    good = data.goods[order.good].name
    amount = order.amount if order.amount != ALL else piece.wares.get(order.good, 0)
    if order.action == BUY:
        holder = monopolist(data, state, where, order.good)
        if holder not in (None, power):
            raise Refusal(f"{holder}'s MONOPOLIO: only {holder} buys {good} in this land zone (L3180)")
        wares = add(piece.wares, order.good, amount)
        problem = room_refusal(state, data, piece, wares, order.transport)
    else:
        if amount <= 0 or piece.wares.get(order.good, 0) < amount:
            raise Refusal(f"{order.transport} carries {piece.wares.get(order.good, 0)} {good}")
        _same_controller(state, data, power, order.good, where, ledger)
        wares = add(piece.wares, order.good, -amount)
        problem = room_refusal(state, data, piece, {}, order.transport)
    if problem:
        raise Refusal(problem)
    if amount <= 0:
        raise Refusal("nothing to trade")
    carded = _card(state, data, power, order)
    priced = quote(data, state, power, where, order.good, order.action, card=carded)
    if priced is None:
        raise Refusal(f"the trade table has no price for {good} at {_name(data, where)}")
    total = priced.unit * amount
    held = state.powers[power]
    if order.action == BUY and total > held.florins:
        raise Refusal(f"{amount} {good} cost {total} Florins; {power} has {held.florins}")
    doings.take(order.action, order.transport, where)
    doings.traded()
    sign = -1 if order.action == BUY else 1
    state = state.with_power(power, florins=held.florins + sign * total).evolve(
        bank=state.bank - sign * total
    )
    state = state.with_piece(piece, wares=wares)
    if carded and order.card is not None:
        state = after_play(state, power, order.card, data)
    if order.action == BUY:
        ledger.bought.setdefault((power, order.good), set()).add(where)
    event = GoodsTraded(
        power=power,
        transport=order.transport,
        action=order.action,
        good=good,
        amount=amount,
        territory=_name(data, where),
        unit=priced.unit,
        total=total,
        steps=" ".join((str(priced.base), *priced.steps)) if priced.steps else "",
        florins=state.powers[power].florins,
    )
    state, shared = _share(state, data, where, order.good, total)
    state, tolls = trade_toll(state, data, power, where, amount)
    return state, [event, *shared, *tolls]


def enslave(state: MedioevoState, power: str, order: Enslave, data: DataSet, ledger: Ledger) -> Done:
    """``ENSLAVE``: prisoners become Slave goods aboard at one of the power's settlements, with
    MERCATO; one VF is one good, and it is the transport's buy (L2156-2158, ex L2166, R292)."""
    held = state.powers[power]
    if MERCATO not in held.techs:
        raise Refusal("turning prisoners into Slaves needs MERCATO (L2156)")
    piece = own_transport(state, data, power, order.transport)
    where = market(state, data, piece, order.transport)
    if state.territories[where].owner != power:
        raise Refusal(
            f"{_name(data, where)} is not {power}'s: slaves are made at one's own settlement (L2158)"
        )
    have = held.prisoners.get(order.victim, 0)
    if order.amount < 1 or have < order.amount:
        raise Refusal(f"{power} holds {have} prisoners of {order.victim}")
    wares = add(piece.wares, SLAVES, order.amount)
    problem = room_refusal(state, data, piece, wares, order.transport)
    if problem:
        raise Refusal(problem)
    ledger.of(piece).take(BUY, order.transport, where)
    ledger.of(piece).traded()
    prisoners = {k: v for k, v in {**held.prisoners, order.victim: have - order.amount}.items() if v > 0}
    state = state.with_power(power, prisoners=prisoners).with_piece(piece, wares=wares)
    event = SlavesMade(
        power=power,
        transport=order.transport,
        victim=order.victim,
        amount=order.amount,
        territory=_name(data, where),
    )
    return state, [event]


__all__ = ["SELL", "enslave", "trade"]
