"""Phase 5, taxes (seed 002, L892-956), bank loans (L911-919) and the Empire cards of the phase.

Implemented: every line of the tax sheet (L945-956):

* the base income (L894-899): 5 per territory, 50 per Cathedral, 50 per LT, and for the Golden
  Horde 5 per Russian principality no player occupies; a contested or besieged territory is not
  counted (L2266, ex L2280, ``holdings.py``), a building bought this turn is not on the map yet
  (L1534, ruling R80);
* BANCHE: interest on the florins held when the power's collection starts (L903, ruling R3);
* MULINO: a sum per PLAIN owned (L905, L2914, ex L2868); MATEMATICA is not needed (ruling R11)
  unless ``mulino.params.tax_requires_matematica`` says so;
* VASSALLAGGIO: a sum per settlement of any level (L906, ex L3000, ex L937; not per Village only
  as the sheet's L954 says);
* FEUDALESIMO, the sheet's SIGNORIA (L955): a sum per City (L907, ex L3002, ex L939);
* the cards of the sheet: GABELLIERE doubles the territories with MATEMATICA and the plains with
  MULINO (L901, L2643, ex L935, L2667, L2868); each MERCANTE pays by its ladder, +30 per Fiera
  (L953, L2716, ex L2693); USURAI adds or takes 20 % (40 % with BANCHE) of the sheet (L947, L2762,
  ex L2782-2784, L3128); AVARO leaves its holder nothing of the sheet (L2510, ex L2486);
* the cards paid beside the sheet: VESCOVO (L2766, ex L2786) and CIAMBELLANO (L2552, ex L2576);
* loans: the die by LT, BANCHE and GILDE bonuses (L911-913), one at a time (L917) or two under a
  kept USURAI, none under a given one (L2762-2764), repaid with 10 % interest (L915); each turn of a
  given USURAI costs 1 PO per loan still open after the repayments (L2764, ex L2784).

The amounts are the ``params``/``values`` of the technologies and cards in the data
(``technologies.toml``, ``cards.toml``); each line of ``items`` carries its technology's or card's
name. Fire sales (L921-923) are in ``fire_sale.py``, bankruptcy (L925-931) in ``bankruptcy.py``.

Order of operations (docs/rulings.md R3): first every card play, in turn order (so AVARO and USURAI
act on this phase's collection of their holder wherever it sits in the turn order); then powers in
turn order, each: income, then its fire sales ``AT TAXES``, then repayments, then bankruptcy,
then new loans (refused after a bankruptcy).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo import holdings
from adjudicator.rulesets.medioevo.board import Board, Terrain
from adjudicator.rulesets.medioevo.church import tithe
from adjudicator.rulesets.medioevo.components.technologies import Technology
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.events import CardPlayed, TaxesCollected
from adjudicator.rulesets.medioevo.holdings import count_with
from adjudicator.rulesets.medioevo.orders import TAXES, PlayTaxCard, RepayLoan, TakeLoan
from adjudicator.rulesets.medioevo.phases import bankruptcy, fire_sale, loans
from adjudicator.rulesets.medioevo.phases.card_play import (
    after_play,
    ladder_step,
    lt_value,
    nothing_counted,
    play_problem,
    start_lasting,
)
from adjudicator.rulesets.medioevo.state import MedioevoState

PER_TERRITORY = 5
PER_CATHEDRAL = 50
PER_TECH_LEVEL = 50
PER_PRINCIPALITY = 5
HORDE = "golden_horde"
CATHEDRAL = "cathedral"
CITY = "city"
CIVIL = "civil"
MATEMATICA = "matematica"
# the Empire cards of the phase (cards.toml)
GABELLIERE = "gabelliere"
MERCANTE = "mercante"
USURAI = "usurai"
AVARO = "avaro"
VESCOVO = "vescovo"
CIAMBELLANO = "ciambellano"
GIULLARE = "giullare"  # played in the diplomacy: doubles this turn's taxes (L2649)
LASTING = (AVARO, USURAI)


def held_technologies(state: MedioevoState, power: str, data: DataSet) -> Iterator[Technology]:
    """The power's technologies known to the data, in the data's order (the sheets' order)."""
    techs = state.powers[power].techs
    return (tech for tid, tech in data.technologies.items() if tid in techs)


def _param(tech: Technology, name: str) -> Any:
    return tech.params.get(name, 0)


def owned_with(state: MedioevoState, power: str, building: str) -> int:
    """How many of the power's territories hold ``building`` on the map, undamaged (L1024; one
    bought this turn is placed in the positioning, L1534, R80)."""
    return count_with(state, power, building)


def settlements(state: MedioevoState, power: str, data: DataSet) -> int:
    """The power's settlements (civil buildings, Insediamenti) of any level on the map, undamaged
    (L781, L1024, L1534)."""
    return sum(
        1
        for t in state.owned_by(power)
        if any(
            b in data.buildings and data.buildings[b].category == CIVIL for b in state.territories[t].on_map()
        )
    )


def plains(state: MedioevoState, power: str, board: Board) -> int:
    """The power's PLAIN territories, neither contested nor besieged (L905, L2266)."""
    return sum(1 for t in holdings.held(state, power) if board.territories[t].terrain is Terrain.PLAIN)


def unoccupied_principalities(state: MedioevoState, board: Board) -> int:
    """Russian principalities (flagged in the board data) no player occupies (L899, L990)."""
    return sum(
        1
        for tid, terr in board.territories.items()
        if terr.russian_principality and state.territories[tid].owner is None
    )


def fairs(state: MedioevoState, power: str, data: DataSet) -> int:
    """The power's Fairs (Fiere: the buildings of ``mercante.params.fiera_category`` in pieces.toml)."""
    category = data.cards[MERCANTE].params["fiera_category"]
    return sum(
        1
        for t in state.owned_by(power)
        for b in state.territories[t].on_map()
        if b in data.buildings and data.buildings[b].category == category
    )


def income(state: MedioevoState, power: str, data: DataSet, played: Sequence[str] = ()) -> dict[str, int]:
    """The tax sheet's lines for one power: the base lines, one line per technology that pays,
    named after it (BANCHE's is "BANCHE interest"), then the lines of the sheet's cards:
    GABELLIERE and MERCANTE among ``played`` (card ids played this phase), then USURAI and AVARO
    when they act on the power (``state.card_effects``)."""
    held = state.powers[power]
    items = {
        "territories": PER_TERRITORY * len(holdings.held(state, power)),  # not contested/besieged: L2266
        "cathedrals": PER_CATHEDRAL * owned_with(state, power, CATHEDRAL),
        "tech level": PER_TECH_LEVEL * held.tech_level,
    }
    if held.kingdom == HORDE:
        items["Russian principalities"] = PER_PRINCIPALITY * unoccupied_principalities(state, data.board)
    from_plains: dict[str, int] = {}
    for tid, tech in data.technologies.items():
        if tid not in held.techs:
            continue
        interest = held.florins * int(_param(tech, "interest_pct")) // 100
        if interest:
            items[f"{tech.name} interest"] = interest
        amount = int(_param(tech, "tax_per_settlement")) * settlements(state, power, data)
        amount += int(_param(tech, "tax_per_city")) * owned_with(state, power, CITY)
        if not tech.params.get("tax_requires_matematica", False) or MATEMATICA in held.techs:
            from_plains[tid] = int(_param(tech, "tax_per_plain")) * plains(state, power, data.board)
            amount += from_plains[tid]
        if amount:
            items[tech.name] = amount
    items.update(_sheet_cards(state, power, data, played, items, from_plains))
    return {k: v for k, v in items.items() if v}


def _sheet_cards(
    state: MedioevoState,
    power: str,
    data: DataSet,
    played: Sequence[str],
    items: Mapping[str, int],
    from_plains: Mapping[str, int],
) -> dict[str, int]:
    techs = state.powers[power].techs
    lines: dict[str, int] = {}
    if GABELLIERE in played:  # not cumulative: one counts (L2644)
        card = data.cards[GABELLIERE]
        extra = int(card.params["multiplier"]) - 1
        amount = 0
        if card.params["territories_require"] in techs:
            amount += extra * items["territories"]
        amount += extra * from_plains.get(str(card.params["plains_require"]), 0)
        lines[card.name] = amount
    if MERCANTE in played:  # cumulative: each card pays (L2717, L953)
        card = data.cards[MERCANTE]
        step = ladder_step(techs, card.ladder)
        if step:
            each = int(card.values[step - 1]) + int(card.params["per_fiera"]) * fairs(state, power, data)
            lines[card.name] = each * played.count(MERCANTE)
    if state.effects_on(power, GIULLARE):  # doubles the sheet before USURAI's share, as R44
        card = data.cards[GIULLARE]
        lines[card.name] = (int(card.params["tax_multiplier"]) - 1) * (
            sum(items.values()) + sum(lines.values())
        )
    sheet = sum(items.values()) + sum(lines.values())
    for effect in state.effects_on(power, USURAI):
        card = data.cards[USURAI]
        pct = int(card.params["banche_tax_pct" if card.params["banche_tech"] in techs else "tax_pct"])
        change = sheet * pct // 100
        name = f"{card.name} of {effect.played_by}" if effect.given else card.name
        lines[name] = -change if effect.given else change
    if state.effects_on(power, AVARO):
        card = data.cards[AVARO]
        sheet = sum(items.values()) + sum(lines.values())
        lines[card.name] = (int(card.params["tax_income_multiplier"]) - 1) * sheet
    return lines


def card_gains(
    state: MedioevoState, power: str, data: DataSet, played: Sequence[str], dice: Dice
) -> dict[str, int]:
    """What VESCOVO and CIAMBELLANO pay beside the tax sheet (not taxes: AVARO and USURAI leave
    them alone). CIAMBELLANO rolls its die by LT (L2552)."""
    held = state.powers[power]
    gains: dict[str, int] = {}
    if VESCOVO in played:
        card = data.cards[VESCOVO]
        step = ladder_step(held.techs, card.ladder)
        if step:
            gains[card.name] = int(card.values[step - 1]) * owned_with(state, power, CATHEDRAL)
    if CIAMBELLANO in played:
        card = data.cards[CIAMBELLANO]
        die = dice.roll(lt_value(card, held.tech_level), f"CIAMBELLANO {power}")
        bonus = int(card.params["banche_bonus"]) if card.params["bonus_tech"] in held.techs else 0
        gains[card.name] = die * int(card.params["fiorini_multiplier"]) + bonus
    return gains


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
    state = state.evolve(card_effects=tuple(e for e in state.card_effects if e.until >= state.turn))
    played: dict[str, list[str]] = {}
    for power in state.acting_order():
        state, played[power] = _play_cards(state, power, orders.get(power, ()), data, events, results)
    for power in state.acting_order():
        held = state.powers[power]
        items = income(state, power, data, played[power])
        items.update(card_gains(state, power, data, played[power], dice))
        total = sum(items.values())
        state = state.with_power(power, florins=held.florins + total).evolve(bank=state.bank - total)
        events.append(TaxesCollected(power=power, items=items, total=total))
        for card_id in dict.fromkeys(played[power]):
            name = data.cards[card_id].name
            # the play is public (L558 hides hands, not plays); the florins it made are not (R7)
            effect = "played for the taxes" + _times(played[power].count(card_id))
            events.append(CardPlayed(power=power, card=name, target=None, effect=effect))
        power_orders = orders.get(power, ())
        state = fire_sale.resolve_sales(state, power, power_orders, TAXES, data, events, results)
        for repay in (o for o in power_orders if isinstance(o, RepayLoan)):
            state = loans.repay(state, power, repay, events, results)
        state, bankrupt = bankruptcy.resolve(state, power, power_orders, data, events, results)
        for loan in (o for o in power_orders if isinstance(o, TakeLoan)):
            if bankrupt:
                state = bankruptcy.no_loan(state, power, loan, results)
            else:
                state = loans.borrow(state, power, loan, dice, data, events, results)
        state = _unpaid_loans(state, power, data, events)
    state = tithe.collect(state, orders, data, events, results)  # the Pope's tenth (L2186-2188)
    return Resolution(state, tuple(events), tuple(results))


def _times(count: int) -> str:
    return f" ({count} cards)" if count > 1 else ""


def _play_cards(
    state: MedioevoState,
    power: str,
    given: Sequence[Order],
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> tuple[MedioevoState, list[str]]:
    """The power's card plays in the order written: each judged again now, then taken from the
    hand (kept cards stay); AVARO and USURAI start acting. The ids of the cards that pay in the
    collection are returned."""
    accepted: list[PlayTaxCard] = []
    paying: list[str] = []
    for order in (o for o in given if isinstance(o, PlayTaxCard)):
        held = state.powers[power]
        problem = play_problem(
            state, power, order, data, earlier=accepted, techs=held.techs, drawn_counts=False
        ) or nothing_counted(state, power, data.cards[order.card], data)
        if problem:
            results.append(OrderResult.failure(power, TAXES, order.canonical(), "card", problem))
            continue
        accepted.append(order)
        state = after_play(state, power, order.card, data)
        if order.card in LASTING:
            state, effect = start_lasting(state, power, order.card, order.target, data, events)
            results.append(OrderResult.success(power, TAXES, order.canonical(), effect))
        else:
            paying.append(order.card)
            results.append(OrderResult.success(power, TAXES, order.canonical(), "paid in the collection"))
    return state, paying


def _unpaid_loans(state: MedioevoState, power: str, data: DataSet, events: list[Event]) -> MedioevoState:
    """Each turn of a given USURAI costs its holder 1 PO per loan still open (L2764, ex L2784)."""
    given = [e for e in state.effects_on(power, USURAI) if e.given]
    loans = len(state.powers[power].loans)
    if not given or not loans:
        return state
    ledger = Ledger(state, data)
    per_loan = int(data.cards[USURAI].params["po_per_unpaid_loan_per_turn"])
    ledger.honor(power, -per_loan * loans * len(given), f"USURAI: {loans} loan(s) not repaid")
    events.extend(ledger.events)
    return ledger.state


def playable(state: MedioevoState, power: str, data: DataSet, techs: Collection[str]) -> list[PlayTaxCard]:
    """One play of each taxes card the power holds that it may play now (for the bots)."""
    held = state.powers[power]
    options: list[PlayTaxCard] = []
    for card_id in dict.fromkeys((*held.cards, *held.drawn)):
        if data.cards[card_id].phase != TAXES:
            continue
        targets: list[str | None] = [None, *(p for p in state.seats() if p != power)]
        for target in targets:
            order = PlayTaxCard(card_id, target)
            if play_problem(state, power, order, data, earlier=(), techs=techs, drawn_counts=True) is None:
                options.append(order)
    return options
