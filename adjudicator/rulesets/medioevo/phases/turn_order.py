"""Phase 1, turn order (seed 002, L460-474): random on turn 1, then an auction for the first places.

By mail the open auction becomes proxy bids (design §7, docs/rulings.md R1): each power sends its
maximum; the highest maximum wins and pays the next-highest maximum + 5 (the minimum raise, L468),
never more than its own maximum. Ties go to the power earlier in the previous turn order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event, Visibility
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.events import BidsRevealed, PlaceWon, TurnOrderSet
from adjudicator.rulesets.medioevo.orders import TURN_ORDER, Bid
from adjudicator.rulesets.medioevo.state import MedioevoState

MIN_RAISE = 5


def auctioned_places(players: int) -> int:
    """1 place for 3-5 players, 2 for 6-7, 3 for 8-10 (L466); 1 in smaller test games."""
    return 3 if players >= 8 else 2 if players >= 6 else 1


def takes_orders(state: MedioevoState) -> bool:
    return state.turn >= 2


def check(state: MedioevoState, power: str, order: Order) -> str | None:
    if isinstance(order, Bid) and order.amount > state.powers[power].florins:
        return f"you bid {order.amount} but hold {state.powers[power].florins} florins"
    return None


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], dice: Dice) -> Resolution:
    powers = state.seats()
    if state.turn == 1 or not state.turn_order:
        order = dice.shuffle(powers, "turn order")
        return Resolution(state.evolve(turn_order=order), (TurnOrderSet(order=order),))

    results: list[OrderResult] = []
    bids: dict[str, int] = {}
    for power, power_orders in orders.items():
        power_bids = [o for o in power_orders if isinstance(o, Bid)]
        for superseded in power_bids[:-1]:
            results.append(
                OrderResult.failure(
                    power, TURN_ORDER, superseded.canonical(), "superseded", "a later BID replaces it"
                )
            )
        if power_bids:
            bid = power_bids[-1]
            problem = check(state, power, bid)
            if problem:
                results.append(OrderResult.failure(power, TURN_ORDER, bid.canonical(), "no-money", problem))
            else:
                bids[power] = bid.amount

    previous = {p: i for i, p in enumerate(state.turn_order)}
    events: list[Event] = [BidsRevealed(bids=dict(bids))]
    ranked = sorted(
        (p for p in bids if bids[p] > 0), key=lambda p: (-bids[p], previous.get(p, len(previous)))
    )
    winners: list[str] = []
    new_state = state
    for place in range(1, auctioned_places(len(powers)) + 1):
        if not ranked:
            break
        winner, rest = ranked[0], ranked[1:]
        runner_up = bids[rest[0]] if rest else 0
        price = min(bids[winner], runner_up + MIN_RAISE)
        winners.append(winner)
        ranked = rest
        held = new_state.powers[winner]
        new_state = new_state.with_power(winner, florins=held.florins - price).evolve(
            bank=new_state.bank + price
        )
        events.append(PlaceWon(power=winner, place=place, price=price))
    for power, amount in bids.items():
        bid_text = Bid(amount).canonical()
        if amount == 0:
            results.append(
                OrderResult.success(power, TURN_ORDER, bid_text, "no bid: a bid of 0 wins no place")
            )
        elif power in winners:
            place = winners.index(power) + 1
            price = next(e.price for e in events if isinstance(e, PlaceWon) and e.power == power)
            results.append(
                OrderResult.success(power, TURN_ORDER, bid_text, f"place {place} for {price} florins")
            )
        else:
            results.append(
                OrderResult.failure(power, TURN_ORDER, bid_text, "outbid", "another power's bid was higher")
            )
    others = dice.shuffle([p for p in powers if p not in winners], "turn order")
    order = (*winners, *others)
    events.append(TurnOrderSet(order=order, visibility=Visibility.public()))
    return Resolution(new_state.evolve(turn_order=order), tuple(events), tuple(results))
