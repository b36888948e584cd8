"""Phase 5, taxes (seed 002, L892-956) and bank loans (L911-919).

Implemented so far: the base income (L894-899), BANCHE interest (L903), loans and repayment.
The other modifiers of the tax sheet arrive with the economy issue. Order of operations
(docs/rulings.md R3): income, then repayments, then new loans.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.events import LoanRepaid, LoanTaken, TaxesCollected
from adjudicator.rulesets.medioevo.orders import TAXES, RepayLoan, TakeLoan
from adjudicator.rulesets.medioevo.state import MedioevoState

PER_TERRITORY = 5
PER_CATHEDRAL = 50
PER_TECH_LEVEL = 50
PER_PRINCIPALITY = 5
LOAN_DIE_BY_LEVEL = {1: 4, 2: 6, 3: 8}
LOAN_UNIT = 100
HORDE = "golden_horde"


def unoccupied_principalities(state: MedioevoState, board: Board) -> int:
    """Russian principalities (flagged in the board data) no player occupies (L899, L990)."""
    return sum(
        1
        for tid, terr in board.territories.items()
        if terr.russian_principality and state.territories[tid].owner is None
    )


def income(state: MedioevoState, power: str, board: Board) -> dict[str, int]:
    """The tax sheet's lines for one power, before any order."""
    held = state.powers[power]
    owned = state.owned_by(power)
    items = {
        "territories": PER_TERRITORY * len(owned),
        "cathedrals": PER_CATHEDRAL * sum(1 for t in owned if "cathedral" in state.territories[t].buildings),
        "tech level": PER_TECH_LEVEL * held.tech_level,
    }
    if held.kingdom == HORDE:
        items["Russian principalities"] = PER_PRINCIPALITY * unoccupied_principalities(state, board)
    if "banche" in held.techs:
        items["BANCHE interest"] = held.florins // 10
    return {k: v for k, v in items.items() if v}


def check(state: MedioevoState, power: str, order: Order) -> str | None:
    held = state.powers[power]
    if isinstance(order, RepayLoan) and not held.loans:
        return "you have no loan to repay"
    return None


def resolve(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], dice: Dice, board: Board
) -> Resolution:
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in state.acting_order():
        held = state.powers[power]
        items = income(state, power, board)
        total = sum(items.values())
        state = state.with_power(power, florins=held.florins + total).evolve(bank=state.bank - total)
        events.append(TaxesCollected(power=power, items=items, total=total))
        power_orders = orders.get(power, ())
        for repay in (o for o in power_orders if isinstance(o, RepayLoan)):
            state = _repay(state, power, repay, events, results)
        for loan in (o for o in power_orders if isinstance(o, TakeLoan)):
            state = _borrow(state, power, loan, dice, events, results)
    return Resolution(state, tuple(events), tuple(results))


def _repay(
    state: MedioevoState, power: str, order: RepayLoan, events: list[Event], results: list[OrderResult]
) -> MedioevoState:
    held = state.powers[power]
    if not held.loans:
        results.append(
            OrderResult.failure(power, TAXES, order.canonical(), "no-loan", "you have no loan to repay")
        )
        return state
    principal = held.loans[0]
    due = principal + principal // 10
    if held.florins < due:
        results.append(
            OrderResult.failure(
                power,
                TAXES,
                order.canonical(),
                "no-money",
                f"repaying needs {due} florins, you hold {held.florins}",
            )
        )
        return state
    events.append(LoanRepaid(power=power, principal=principal, paid=due))
    results.append(OrderResult.success(power, TAXES, order.canonical(), f"paid {due} florins"))
    return state.with_power(power, florins=held.florins - due, loans=held.loans[1:]).evolve(
        bank=state.bank + due
    )


def _borrow(
    state: MedioevoState,
    power: str,
    order: TakeLoan,
    dice: Dice,
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    held = state.powers[power]
    if held.loans:
        results.append(
            OrderResult.failure(
                power,
                TAXES,
                order.canonical(),
                "loan-open",
                "only one loan at a time: repay the open one first (L917)",
            )
        )
        return state
    die = dice.roll(LOAN_DIE_BY_LEVEL[held.tech_level], f"loan {power}")
    amount = die * LOAN_UNIT + (100 if "banche" in held.techs else 0) + (200 if "gilde" in held.techs else 0)
    events.append(LoanTaken(power=power, die=die, amount=amount))
    results.append(
        OrderResult.success(power, TAXES, order.canonical(), f"borrowed {amount} florins (die {die})")
    )
    return state.with_power(power, florins=held.florins + amount, loans=(*held.loans, amount)).evolve(
        bank=state.bank - amount
    )
