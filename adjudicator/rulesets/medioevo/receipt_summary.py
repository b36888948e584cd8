"""What a Medioevo order set leaves, for the receipt: florins now, what the set commits, the limits.

The purchases are run through the phase's own pure resolution with only this power's orders, so
the receipt's florins are what the rules would charge, prices, reductions and fire sales
included; the other powers' orders (a TACCAGNO played on you) can still change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.calamity.choices import CalamityChoice
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import TechnologyBought
from adjudicator.rulesets.medioevo.orders import PURCHASES, Bid, Keep, TakeLoan
from adjudicator.rulesets.medioevo.phases import purchases
from adjudicator.rulesets.medioevo.phases.cards import SECOND_KEEP_PRICE
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.receipt import war_summary


def summary(state: MedioevoState, power: str, orders: Sequence[Order], data: DataSet) -> list[str]:
    """Lines for the receipt's "What these orders leave"."""
    held = state.powers[power]
    lines = [f"florins now: {held.florins}"]
    bids = [o for o in orders if isinstance(o, Bid)]
    if bids:
        lines.append(f"turn-order bid: you pay at most {bids[-1].amount} florins")
    if sum(1 for o in orders if isinstance(o, Keep)) > 1:
        lines.append(f"a second KEEP costs {SECOND_KEEP_PRICE} florins")
    bought = [o for o in orders if o.phase == PURCHASES]
    if bought:
        outcome = purchases.resolve(state, {power: bought}, data)
        after = cast(MedioevoState, outcome.state).powers[power].florins
        techs = sum(1 for e in outcome.events if isinstance(e, TechnologyBought) and e.power == power)
        failing = [r for r in outcome.results if r.power == power and not r.ok]
        lines.append(f"purchases: {held.florins - after} florins, leaving {after} florins")
        lines.append(f"technologies this turn: {techs} of {data.technology_rules.max_per_turn}")
        lines += [
            f"would fail as things stand: {r.order}: {r.reason.message if r.reason else 'not allowed'}"
            for r in failing
        ]
    if any(isinstance(o, TakeLoan) for o in orders):
        lines.append("LOAN: the bank's loan is rolled in the taxes and added then")
    if any(isinstance(o, CalamityChoice) for o in orders):
        lines.append(
            "calamity choices: standing from this turn's Reinforcements until you replace them (R319)"
        )
    return lines + war_summary(state, power, orders)
