"""Prisoners freed in the reinforcements phase (seed 002 L978, L1006; digest §4.10).

Each power's ``prisoners`` say how many VF of each other power it holds (combat will take them,
L978, L1772; until then the GM sets them: ``SET captor prisoners owner N``). In the
reinforcements phase, before anyone's reinforcements are counted:

* an exchange frees an equal number on both sides: ``EXCHANGE n PRISONERS WITH x`` from both
  powers, with the same n (L1006: "un egual numero");
* a ransom: the owner offers ``RANSOM n PRISONERS FROM x FOR f`` and the captor answers
  ``ACCEPT RANSOM FROM owner``; the florins pass from one to the other (a proposal and its answer,
  as in the diplomacy, ``proposals.py``);
* freed VF join their owner's reinforcements, to be placed in the next positioning (phase 8).

Deals are made in turn order of the power that sends the exchange or the ransom, each power's
in the order written; one that no longer fits (prisoners freed by an earlier deal, florins
spent) fails with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event, Visibility
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.events_economy import PrisonersFreed, RansomPaid
from adjudicator.rulesets.medioevo.orders import REINFORCEMENTS
from adjudicator.rulesets.medioevo.orders_economy import AcceptRansom, ExchangePrisoners, RansomPrisoners
from adjudicator.rulesets.medioevo.state import MedioevoState

Deal = ExchangePrisoners | RansomPrisoners | AcceptRansom


def held(state: MedioevoState, captor: str, owner: str) -> int:
    """VF of ``owner`` that ``captor`` holds prisoner."""
    return state.powers[captor].prisoners.get(owner, 0)


def problem(state: MedioevoState, power: str, order: Deal) -> str | None:
    """Why the deal cannot be made on the prisoners held now (florins are judged when paid)."""
    if isinstance(order, AcceptRansom):
        if order.payer == power:
            return "a ransom is accepted from another power"
        if not held(state, power, order.payer):
            return f"you hold no prisoners of {order.payer}"
        return None
    other = order.partner if isinstance(order, ExchangePrisoners) else order.captor
    if other == power:
        return "prisoners are exchanged or ransomed with another power"
    if order.amount < 1:
        return "free 1 VF of prisoners or more"
    if isinstance(order, RansomPrisoners):
        have = held(state, other, power)
        return (
            None if have >= order.amount else f"{other} holds {have} VF of yours prisoner, not {order.amount}"
        )
    mine, theirs = held(state, power, other), held(state, other, power)
    if mine < order.amount:
        return f"you hold {mine} VF of {other} prisoner, not {order.amount}"
    if theirs < order.amount:
        return f"{other} holds {theirs} VF of yours prisoner, not {order.amount}"
    return None


def _counterpart(order: Deal) -> str:
    if isinstance(order, ExchangePrisoners):
        return order.partner
    return order.captor if isinstance(order, RansomPrisoners) else order.payer


def check(state: MedioevoState, power: str, order: Order, earlier: Sequence[Order] = ()) -> str | None:
    """On arrival: the prisoners are there, and one deal of each kind per power in the mail."""
    if not isinstance(order, ExchangePrisoners | RansomPrisoners | AcceptRansom):
        return None
    if any(type(o) is type(order) and _counterpart(o) == _counterpart(order) for o in earlier):
        return f"one such order a phase with {_counterpart(order)}: see the line above"
    return problem(state, power, order)


def _free(state: MedioevoState, captor: str, owner: str, amount: int) -> MedioevoState:
    left = {**state.powers[captor].prisoners, owner: held(state, captor, owner) - amount}
    state = state.with_power(captor, prisoners={p: n for p, n in left.items() if n})
    return state.with_power(owner, reinforcements=state.powers[owner].reinforcements + amount)


def resolve(
    state: MedioevoState,
    orders: Mapping[str, Sequence[Order]],
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    """Exchanges and ransoms in turn order, then the answers to the ransoms."""
    done: set[tuple[str, str]] = set()
    ransoms: dict[tuple[str, str], str | None] = {}  # (payer, captor) -> why it failed; None: paid
    for power in state.acting_order():
        for order in orders.get(power, ()):
            if isinstance(order, ExchangePrisoners) and (order.partner, power) not in done:
                state = _exchange(state, power, order, orders, events, results)
                done.add((power, order.partner))
            elif isinstance(order, RansomPrisoners) and (power, order.captor) not in ransoms:
                state, ransoms[power, order.captor] = _ransom(state, power, order, orders, events, results)
    for power in state.acting_order():
        for answer in (o for o in orders.get(power, ()) if isinstance(o, AcceptRansom)):
            text = answer.canonical()
            if (answer.payer, power) not in ransoms:
                why = f"{answer.payer} offered you no ransom this turn"
                results.append(OrderResult.failure(power, REINFORCEMENTS, text, "no-ransom", why))
            elif (failed := ransoms[answer.payer, power]) is not None:
                results.append(OrderResult.failure(power, REINFORCEMENTS, text, "no-ransom", failed))
            else:
                results.append(OrderResult.success(power, REINFORCEMENTS, text, "ransom received"))
    return state


def _ransom(
    state: MedioevoState,
    power: str,
    order: RansomPrisoners,
    orders: Mapping[str, Sequence[Order]],
    events: list[Event],
    results: list[OrderResult],
) -> tuple[MedioevoState, str | None]:
    captor = order.captor
    florins = state.powers[power].florins
    why = problem(state, power, order)
    if why is None and not any(
        isinstance(o, AcceptRansom) and o.payer == power for o in orders.get(captor, ())
    ):
        why = f"{captor} did not accept (ACCEPT RANSOM FROM {power})"
    if why is None and florins < order.florins:
        why = f"the ransom is {order.florins} florins and {power} holds {florins}"
    if why:
        results.append(OrderResult.failure(power, REINFORCEMENTS, order.canonical(), "no-ransom", why))
        return state, why
    state = state.with_power(power, florins=florins - order.florins)
    state = state.with_power(captor, florins=state.powers[captor].florins + order.florins)
    state = _free(state, captor, power, order.amount)
    events.append(
        RansomPaid(
            payer=power,
            captor=captor,
            amount=order.amount,
            florins=order.florins,
            visibility=Visibility.to(power, captor),
        )
    )
    events.append(PrisonersFreed(captor=captor, owner=power, amount=order.amount, how="ransom"))
    text = f"{order.amount} VF freed for {order.florins} florins"
    results.append(OrderResult.success(power, REINFORCEMENTS, order.canonical(), text))
    return state, None


def _exchange(
    state: MedioevoState,
    power: str,
    order: ExchangePrisoners,
    orders: Mapping[str, Sequence[Order]],
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    other = order.partner
    theirs = next(
        (o for o in orders.get(other, ()) if isinstance(o, ExchangePrisoners) and o.partner == power), None
    )
    why = problem(state, power, order)
    if theirs is None:
        why = why or f"{other} sent no EXCHANGE of prisoners with you (L1006)"
    elif theirs.amount != order.amount:
        why = why or f"{other} offered {theirs.amount}, you {order.amount}: the numbers must be equal (L1006)"
    if why:
        results.append(OrderResult.failure(power, REINFORCEMENTS, order.canonical(), "no-exchange", why))
        if theirs is not None:
            results.append(OrderResult.failure(other, REINFORCEMENTS, theirs.canonical(), "no-exchange", why))
        return state
    assert theirs is not None
    state = _free(_free(state, power, other, order.amount), other, power, order.amount)
    events.append(PrisonersFreed(captor=power, owner=other, amount=order.amount, how="exchange"))
    events.append(PrisonersFreed(captor=other, owner=power, amount=order.amount, how="exchange"))
    text = f"{order.amount} VF each way"
    results.append(OrderResult.success(power, REINFORCEMENTS, order.canonical(), text))
    results.append(OrderResult.success(other, REINFORCEMENTS, theirs.canonical(), text))
    return state
