"""Bankruptcy (Bancarotta, seed 002 L925-931; digest §4.8, A26).

Once a game a power that cannot settle its debts declares ``BANKRUPTCY`` in the taxes phase: its
bank loans are cancelled, the bank pays it 1000 florins (added to what it holds: "riceve 1000
fiorini come ad inizio partita") and it loses 3 PO (``economy_rules`` in the data).

"Cannot settle its debts" (L927) is judged when the declaration is made, after the power's
collection, its fire sales and its repayments of the phase: its open loans with their 10 %
interest come to more than its florins (``bankruptcy_trigger = "debts"``). A GM who prefers the
other reading sets ``"any"``: the power declares it at will, once a game. A power that declares
bankruptcy takes no new loan in the same phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.components.economy import BankruptcyTrigger
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.events_economy import BankruptcyDeclared
from adjudicator.rulesets.medioevo.orders import TAXES, TakeLoan
from adjudicator.rulesets.medioevo.orders_economy import DeclareBankruptcy
from adjudicator.rulesets.medioevo.phases.loans import amount_due
from adjudicator.rulesets.medioevo.state import MedioevoState


def debts(state: MedioevoState, power: str) -> int:
    """What repaying all the power's open loans would cost now."""
    return sum(amount_due(p) for p in state.powers[power].loans)


def problem(state: MedioevoState, power: str, data: DataSet, *, arrival: bool = False) -> str | None:
    """Why the power may not declare bankruptcy now. On arrival (before its collection) only what
    cannot change in the phase is judged: once a game, and loans to cancel."""
    held = state.powers[power]
    if held.bankruptcy_used:
        return "bankruptcy is declared once a game, and you have declared it (L927)"
    if data.economy_rules.bankruptcy_trigger is BankruptcyTrigger.ANY:
        return None
    if not held.loans:
        return "you have no debts to cancel: bankruptcy is for a power that cannot settle them (L927)"
    due = debts(state, power)
    if not arrival and held.florins >= due:
        return (
            f"you can settle your debts ({due} florins due, you hold {held.florins}): bankruptcy is "
            "for a power that cannot (L927)"
        )
    return None


def check(
    state: MedioevoState, power: str, order: Order, data: DataSet, earlier: Sequence[Order] = ()
) -> str | None:
    if not isinstance(order, DeclareBankruptcy):
        return None
    if any(isinstance(o, DeclareBankruptcy) for o in earlier):
        return "bankruptcy is already declared by a line above"
    return problem(state, power, data, arrival=True)


def resolve(
    state: MedioevoState,
    power: str,
    given: Sequence[Order],
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> tuple[MedioevoState, bool]:
    """The power's declaration, if it sent one: (the state, whether it went bankrupt)."""
    order = next((o for o in given if isinstance(o, DeclareBankruptcy)), None)
    if order is None:
        return state, False
    why = problem(state, power, data)
    if why:
        results.append(OrderResult.failure(power, TAXES, order.canonical(), "not-allowed", why))
        return state, False
    rules = data.economy_rules
    held = state.powers[power]
    cancelled = debts(state, power)
    state = state.with_power(
        power, florins=held.florins + rules.bankruptcy_florins, loans=(), bankruptcy_used=True
    ).evolve(bank=state.bank - rules.bankruptcy_florins)
    events.append(BankruptcyDeclared(power=power, florins=rules.bankruptcy_florins, po=rules.bankruptcy_po))
    ledger = Ledger(state, data)
    ledger.honor(power, -rules.bankruptcy_po, "bankruptcy (L930)")
    events.extend(ledger.events)
    text = (
        f"debts of {cancelled} florins cancelled, {rules.bankruptcy_florins} florins received, "
        f"{rules.bankruptcy_po} PO lost"
    )
    results.append(OrderResult.success(power, TAXES, order.canonical(), text))
    return ledger.state, True


def no_loan(state: MedioevoState, power: str, order: TakeLoan, results: list[OrderResult]) -> MedioevoState:
    """A LOAN after a bankruptcy of the same phase is refused."""
    reason = "you declared bankruptcy in this phase: no new loan before the next taxes"
    results.append(OrderResult.failure(power, TAXES, order.canonical(), "bankrupt", reason))
    return state
