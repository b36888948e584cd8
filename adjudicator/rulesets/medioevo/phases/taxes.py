"""Phase 5, taxes (seed 002, L892-956) and bank loans (L911-919).

Implemented: every line of the tax sheet (L945-956) that needs no Empire card:

* the base income (L894-899): 5 per territory, 50 per Cathedral, 50 per LT, and for the Golden
  Horde 5 per Russian principality no player occupies;
* BANCHE: interest on the florins held when the power's collection starts (L903, ruling R3);
* MULINO: a sum per PLAIN owned (L905, L2914, ex L2868); MATEMATICA is not needed (ruling R11)
  unless ``mulino.params.tax_requires_matematica`` says so;
* VASSALLAGGIO: a sum per settlement of any level (L906, ex L3000, ex L937; not per Village only
  as the sheet's L954 says);
* FEUDALESIMO, the sheet's SIGNORIA (L955): a sum per City (L907, ex L3002, ex L939);
* loans: the die by LT, BANCHE and GILDE bonuses (L911-913), one at a time (L917), repaid with
  10 % interest (L915).

The amounts of the technologies are their ``params`` in ``technologies.toml`` (``interest_pct``,
``tax_per_plain``, ``tax_per_settlement``, ``tax_per_city``, ``loan_bonus``); each technology's line
of ``items`` carries its name. Not here, because they are card plays or orders that come later:
GABELLIERE (doubles the territories and, with MULINO, the plains: L901, L905, L2643), USURAI and
MERCANTE (L947, L953), AVARO, VESCOVO, fire sales (L921-923) and bankruptcy (L925-931).

Order of operations (docs/rulings.md R3): powers in turn order; for each, income, then
repayments, then new loans.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.board import Board, Terrain
from adjudicator.rulesets.medioevo.components.technologies import Technology
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import LoanRepaid, LoanTaken, TaxesCollected
from adjudicator.rulesets.medioevo.orders import TAXES, RepayLoan, TakeLoan
from adjudicator.rulesets.medioevo.state import MedioevoState

PER_TERRITORY = 5
PER_CATHEDRAL = 50
PER_TECH_LEVEL = 50
PER_PRINCIPALITY = 5
LOAN_DIE_BY_LEVEL = {1: 4, 2: 6, 3: 8}
LOAN_UNIT = 100
LOAN_INTEREST_PCT = 10
HORDE = "golden_horde"
CATHEDRAL = "cathedral"
CITY = "city"
CIVIL = "civil"
MATEMATICA = "matematica"


def held_technologies(state: MedioevoState, power: str, data: DataSet) -> Iterator[Technology]:
    """The power's technologies known to the data, in the data's order (the sheets' order)."""
    techs = state.powers[power].techs
    return (tech for tid, tech in data.technologies.items() if tid in techs)


def _param(tech: Technology, name: str) -> Any:
    return tech.params.get(name, 0)


def owned_with(state: MedioevoState, power: str, building: str) -> int:
    """How many of the power's territories hold ``building``."""
    return sum(1 for t in state.owned_by(power) if building in state.territories[t].buildings)


def settlements(state: MedioevoState, power: str, data: DataSet) -> int:
    """The power's settlements (civil buildings, Insediamenti) of any level (L781)."""
    return sum(
        1
        for t in state.owned_by(power)
        if any(
            b in data.buildings and data.buildings[b].category == CIVIL
            for b in state.territories[t].buildings
        )
    )


def plains(state: MedioevoState, power: str, board: Board) -> int:
    """The power's PLAIN territories."""
    return sum(1 for t in state.owned_by(power) if board.territories[t].terrain is Terrain.PLAIN)


def unoccupied_principalities(state: MedioevoState, board: Board) -> int:
    """Russian principalities (flagged in the board data) no player occupies (L899, L990)."""
    return sum(
        1
        for tid, terr in board.territories.items()
        if terr.russian_principality and state.territories[tid].owner is None
    )


def income(state: MedioevoState, power: str, data: DataSet) -> dict[str, int]:
    """The tax sheet's lines for one power, before any order: the base lines, then one line per
    technology that pays, named after it (BANCHE's is "BANCHE interest")."""
    held = state.powers[power]
    items = {
        "territories": PER_TERRITORY * len(state.owned_by(power)),
        "cathedrals": PER_CATHEDRAL * owned_with(state, power, CATHEDRAL),
        "tech level": PER_TECH_LEVEL * held.tech_level,
    }
    if held.kingdom == HORDE:
        items["Russian principalities"] = PER_PRINCIPALITY * unoccupied_principalities(state, data.board)
    for tech in held_technologies(state, power, data):
        interest = held.florins * int(_param(tech, "interest_pct")) // 100
        if interest:
            items[f"{tech.name} interest"] = interest
        amount = int(_param(tech, "tax_per_settlement")) * settlements(state, power, data)
        amount += int(_param(tech, "tax_per_city")) * owned_with(state, power, CITY)
        if not tech.params.get("tax_requires_matematica", False) or MATEMATICA in held.techs:
            amount += int(_param(tech, "tax_per_plain")) * plains(state, power, data.board)
        if amount:
            items[tech.name] = amount
    return {k: v for k, v in items.items() if v}


def loan_bonus(state: MedioevoState, power: str, data: DataSet) -> int:
    """What the power's technologies add to a loan: BANCHE 100, GILDE 200, together 300 (L913)."""
    return sum(int(_param(tech, "loan_bonus")) for tech in held_technologies(state, power, data))


def check(state: MedioevoState, power: str, order: Order) -> str | None:
    held = state.powers[power]
    if isinstance(order, RepayLoan) and not held.loans:
        return "you have no loan to repay"
    return None


def resolve(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], dice: Dice, data: DataSet
) -> Resolution:
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in state.acting_order():
        held = state.powers[power]
        items = income(state, power, data)
        total = sum(items.values())
        state = state.with_power(power, florins=held.florins + total).evolve(bank=state.bank - total)
        events.append(TaxesCollected(power=power, items=items, total=total))
        power_orders = orders.get(power, ())
        for repay in (o for o in power_orders if isinstance(o, RepayLoan)):
            state = _repay(state, power, repay, events, results)
        for loan in (o for o in power_orders if isinstance(o, TakeLoan)):
            state = _borrow(state, power, loan, dice, data, events, results)
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
    due = principal + principal * LOAN_INTEREST_PCT // 100
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
    data: DataSet,
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
    amount = die * LOAN_UNIT + loan_bonus(state, power, data)
    events.append(LoanTaken(power=power, die=die, amount=amount))
    results.append(
        OrderResult.success(power, TAXES, order.canonical(), f"borrowed {amount} florins (die {die})")
    )
    return state.with_power(power, florins=held.florins + amount, loans=(*held.loans, amount)).evolve(
        bank=state.bank - amount
    )
