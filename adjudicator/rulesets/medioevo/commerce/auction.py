"""The Empire-card auction (seed 002 L2150-2154, ex L2164; ruling R296). Pure.

In commerce, in turn order, a power may put up for public auction as many of its Empire cards as
the Fairs it owns (``AUCTION card [RESERVE n]``); the lots are announced to everyone. By mail the
open auction is played as R1 plays the turn-order auction: every other power, even one at war
with the seller (L2154), sends a sealed maximum in the next window, the bids window of the next
turn (``OFFER n FOR card OF seller``, phase ``card_sale``, after the draw): the highest maximum
wins and pays the next maximum + the minimum raise of 5, never more than its own maximum and
never less than the reserve; a lone bidder pays the reserve, or 5 without one. Ties go to the
power earlier in the turn order. The lots are settled in the order they were offered; a bid above
the florins a power holds by then is void; a card the seller no longer holds is not sold. The
florins go from the buyer to the seller, the card from the seller's hand to the buyer's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.commerce.events import LotOffered, LotSettled
from adjudicator.rulesets.medioevo.commerce.ledger import Refusal
from adjudicator.rulesets.medioevo.commerce.orders import CARD_SALE, Auction, Offer
from adjudicator.rulesets.medioevo.commerce.records import Lot
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.phases.taxes import fairs
from adjudicator.rulesets.medioevo.state import MedioevoState

MIN_RAISE = 5  # L2154


def offer(
    state: MedioevoState, power: str, order: Auction, data: DataSet
) -> tuple[MedioevoState, list[Event]]:
    """``AUCTION``: the card must be in hand, not on auction yet, within the Fairs owned."""
    held = state.powers[power]
    name = data.cards[order.card].name
    if order.card not in held.cards:
        raise Refusal(f"{power} does not hold {name}")
    mine = [lot for lot in state.lots if lot.seller == power]
    if sum(1 for lot in mine if lot.card == order.card) >= held.cards.count(order.card):
        raise Refusal(f"{name} is already on auction")
    allowed = fairs(state, power, data)
    if sum(1 for lot in mine if lot.turn == state.turn) >= allowed:
        raise Refusal(f"{power} owns {allowed} Fairs: as many cards on auction a turn (L2152)")
    lot = Lot(seller=power, card=order.card, reserve=order.reserve, turn=state.turn)
    event = LotOffered(seller=power, card=name, reserve=order.reserve)
    return state.evolve(lots=(*state.lots, lot)), [event]


def _price(bids: list[tuple[str, int]], reserve: int) -> int:
    top = bids[0][1]
    floor = reserve if reserve else MIN_RAISE
    runner = bids[1][1] + MIN_RAISE if len(bids) > 1 else floor
    return min(top, max(floor, runner))


def settle(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    """Every lot in the order offered, on the sealed maximums sent for it (R296, as R1)."""
    rank = {p: i for i, p in enumerate(state.acting_order())}
    events: list[Event] = []
    results: list[OrderResult] = []
    offers = [(p, o) for p in state.acting_order() for o in orders.get(p, ()) if isinstance(o, Offer)]
    for lot in state.lots:
        name = data.cards[lot.card].name
        mine = [(p, o) for p, o in offers if (o.card, o.seller) == (lot.card, lot.seller)]
        bids: list[tuple[str, int]] = []
        for power, o in mine:
            why = (
                "a seller does not bid for its own card"
                if power == lot.seller
                else f"below the reserve of {lot.reserve}"
                if o.amount < max(lot.reserve, 1)
                else f"{power} holds {state.powers[power].florins} Florins"
                if o.amount > state.powers[power].florins
                else ""
            )
            if why:
                results.append(OrderResult.failure(power, CARD_SALE, o.canonical(), "auction", why))
            else:
                bids.append((power, o.amount))
        bids.sort(key=lambda b: (-b[1], rank[b[0]]))
        if not bids or lot.card not in state.powers[lot.seller].cards:
            events.append(LotSettled(seller=lot.seller, card=name, buyer=None, price=0, bids=len(bids)))
            why = f"{lot.seller} no longer holds {name}: not sold"
            results += [
                OrderResult.failure(p, CARD_SALE, o.canonical(), "auction", why)
                for p, o in mine
                if (p, o.amount) in bids
            ]
            continue
        buyer, price = bids[0][0], _price(bids, lot.reserve)
        hand = list(state.powers[lot.seller].cards)
        hand.remove(lot.card)
        state = state.with_power(
            lot.seller, cards=tuple(hand), florins=state.powers[lot.seller].florins + price
        )
        got = state.powers[buyer]
        state = state.with_power(buyer, cards=(*got.cards, lot.card), florins=got.florins - price)
        events.append(LotSettled(seller=lot.seller, card=name, buyer=buyer, price=price, bids=len(bids)))
        for power, o in mine:
            if power == buyer:
                results.append(
                    OrderResult.success(power, CARD_SALE, o.canonical(), f"{name} bought for {price}")
                )
            elif (power, o.amount) in bids:
                why = f"outbid: {buyer} bought {name} for {price}"
                results.append(OrderResult.failure(power, CARD_SALE, o.canonical(), "auction", why))
    return Resolution(state.evolve(lots=()), tuple(events), tuple(results))
