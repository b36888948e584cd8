"""Bank loans in the taxes phase (seed 002 L911-919): one at a time, 1d4/1d6/1d8 × 100 by LT plus
the BANCHE and GILDE bonuses, repaid with 10% interest (rulings R3, R34; USURAI: R46)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import LoanRepaid, LoanTaken
from adjudicator.rulesets.medioevo.orders import TAXES, RepayLoan, TakeLoan
from adjudicator.rulesets.medioevo.state import MedioevoState

LOAN_DIE_BY_LEVEL = {1: 4, 2: 6, 3: 8}
LOAN_UNIT = 100
LOAN_INTEREST_PCT = 10
MAX_LOANS = 1  # L917
USURAI = "usurai"


def amount_due(principal: int) -> int:
    """What repaying a loan costs: the principal and 10 % interest, rounded down (L915)."""
    return principal + principal * LOAN_INTEREST_PCT // 100


def loans_allowed(state: MedioevoState, power: str, data: DataSet) -> int:
    """Open loans a power may have: 1 (L917); 2 under a kept USURAI, 0 under a given one (L2762-2764)."""
    effects = state.effects_on(power, USURAI)
    if not effects:
        return MAX_LOANS
    params = data.cards[USURAI].params
    if any(e.given for e in effects) and params.get("give_blocks_loans", True):
        return 0
    return MAX_LOANS + int(params.get("keep_extra_loans", 0))


def loan_bonus(state: MedioevoState, power: str, data: DataSet) -> int:
    """What the power's technologies add to a loan: BANCHE 100, GILDE 200, together 300 (L913)."""
    techs = state.powers[power].techs
    return sum(int(t.params.get("loan_bonus", 0)) for tid, t in data.technologies.items() if tid in techs)


def repay(
    state: MedioevoState, power: str, order: RepayLoan, events: list[Event], results: list[OrderResult]
) -> MedioevoState:
    held = state.powers[power]
    if not held.loans:
        results.append(
            OrderResult.failure(power, TAXES, order.canonical(), "no-loan", "you have no loan to repay")
        )
        return state
    principal = held.loans[0]
    due = amount_due(principal)
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


def borrow(
    state: MedioevoState,
    power: str,
    order: TakeLoan,
    dice: Dice,
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    held = state.powers[power]
    allowed = loans_allowed(state, power, data)
    if len(held.loans) >= allowed:
        reason = (
            "a USURAI handed to you forbids loans while it lasts (L2764)"
            if not allowed
            else "only one loan at a time: repay the open one first (L917)"
            if allowed == MAX_LOANS
            else f"at most {allowed} loans open at once, with your USURAI (L917, L2762)"
        )
        results.append(OrderResult.failure(power, TAXES, order.canonical(), "loan-open", reason))
        return state
    die = dice.roll(LOAN_DIE_BY_LEVEL[held.tech_level], f"loan {power}")
    amount = die * LOAN_UNIT + loan_bonus(state, power, data)
    events.append(LoanTaken(power=power, die=die, amount=amount))
    results.append(
        OrderResult.success(power, TAXES, order.canonical(), f"borrowed {amount} florins (die {die})")
    )
    return state.with_power(power, florins=held.florins + amount, loans=(*held.loans, amount)).evolve(
        bank=state.bank - amount
    )
