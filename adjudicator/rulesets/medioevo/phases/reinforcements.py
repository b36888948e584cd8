"""Phase 6, reinforcements (seed 002, L962-1006).

Implemented: every line of the reinforcement sheet (L992-1004) that needs no order:

* the home kingdom's territories still held, at most 7 (L982, L994); a contested or besieged
  territory is not counted in any line (L2266, ex L2280, ``holdings.py``), a Castle or Cathedral
  bought this turn is not on the map yet (L1534, ruling R80);
* each other kingdom held whole, by size: Small 1, Minor 2, Large 3, Major 4 (L982);
* 2 VF per religious capital held (the sheet, L995; the board data's ``religious_capitals``);
* the Golden Horde's 1 VF per 3 Russian principalities no player occupies (L990, L996);
* FANATISMO's free VF every turn (L987, L2902, ex L2864);
* FEUDALESIMO's VF per Castle (L989, L3036, ex L3002);
* the VF CHIRURGIA or OSPEDALE recovered after last turn's battles (L3140, L3144, R236).

The technologies' amounts are their ``params`` in ``technologies.toml`` (``free_vf_per_turn``,
``vf_per_castle``); each technology's line of ``items`` carries its name. INVESTITURA's optional
VF, 1 for 15 florins paid to the bank, by the order ``BUY 1 VF`` (L988, L1001, L3024, ex L2998;
``extra_vf``, ``extra_vf_cost``), after the power's card plays. Prisoners freed by exchange or ransom
(L1006) join their owner's reinforcements first (``prisoners.py``). FANATISMO's +5 VF to a CROCIATA
participant once, where the sides are taken (L987, L1474; church/crusade_plan.py); the papal
election closes the phase, where the Events begin (L2180; church/election.py).

The Empire cards of the phase, played with ``PLAY``: CARDINALE, 1/2/3 VF per Cathedral by
MONOTEISMO/TEOLOGIA/FANATISMO (L2526, ex L2562-2564); CAVALIERE, 1/2/3 VF per Castle by
INVESTITURA/VASSALLAGGIO/FEUDALESIMO (L2544, ruling R13; ex L2572 counts Cities); MERCENARIO, up to 5 VF
per CONIO, FORGIATURA and BANCHE held at 15 florins each, paid to the bank (L986, L2719, ex L972,
L2695, L3120, L3126). Amounts are the cards' ``values``/``params`` in ``cards.toml``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo import holdings
from adjudicator.rulesets.medioevo.board import Board, KingdomSize
from adjudicator.rulesets.medioevo.calamity import choices as calamity_choices
from adjudicator.rulesets.medioevo.church import crusade_plan, election
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import CardPlayed, ReinforcementsGranted
from adjudicator.rulesets.medioevo.events_economy import VFBought
from adjudicator.rulesets.medioevo.orders import REINFORCEMENTS, PlayReinforcementCard
from adjudicator.rulesets.medioevo.orders_economy import BuyVF
from adjudicator.rulesets.medioevo.phases import prisoners
from adjudicator.rulesets.medioevo.phases.card_play import (
    after_play,
    ladder_step,
    nothing_counted,
    play_problem,
)
from adjudicator.rulesets.medioevo.phases.taxes import (
    HORDE,
    held_technologies,
    owned_with,
    unoccupied_principalities,
)
from adjudicator.rulesets.medioevo.state import MedioevoState

HOME_MAX = 7
KINGDOM_BONUS = {KingdomSize.SMALL: 1, KingdomSize.MINOR: 2, KingdomSize.LARGE: 3, KingdomSize.MAJOR: 4}
PER_RELIGIOUS_CAPITAL = 2
PRINCIPALITIES_PER_VF = 3
CASTLE = "castle"
MERCENARIO = "mercenario"  # the Empire card that buys VF (cards.toml)


def religious_capitals(state: MedioevoState, power: str, board: Board) -> int:
    """The religious capitals of the board standing in the power's territories, neither contested
    nor besieged (L995, L2266)."""
    counted = holdings.held(state, power)
    return sum(1 for rc in board.religious_capitals.values() if rc.territory in counted)


def reinforcements(state: MedioevoState, power: str, data: DataSet) -> dict[str, int]:
    """The reinforcement sheet's lines for one power: the base lines, then one line per
    technology that gives VF, named after it."""
    board = data.board
    held = state.powers[power]
    counted = set(holdings.held(state, power))  # not contested or besieged (L2266, ex L2280)
    home = sum(1 for t in board.territories_of(held.kingdom) if t in counted)
    items = {
        "home kingdom": min(home, HOME_MAX),
        "religious capitals": PER_RELIGIOUS_CAPITAL * religious_capitals(state, power, board),
    }
    if held.kingdom == HORDE:
        items["Russian principalities"] = unoccupied_principalities(state, board) // PRINCIPALITIES_PER_VF
    for kid, kingdom in board.kingdoms.items():
        members = board.territories_of(kid)
        if kid != held.kingdom and members and all(t in counted for t in members):
            items[f"kingdom {kingdom.name}"] = KINGDOM_BONUS[kingdom.size]
    for tech in held_technologies(state, power, data):
        amount = int(tech.params.get("free_vf_per_turn", 0))
        amount += int(tech.params.get("vf_per_castle", 0)) * owned_with(state, power, CASTLE)
        if amount:
            items[tech.name] = amount
    items["recovered from battle"] = held.recovered  # CHIRURGIA, OSPEDALE (L3140, L3144, R236)
    return {k: v for k, v in items.items() if v}


def card_vf(state: MedioevoState, power: str, data: DataSet, card_id: str) -> int:
    """VF a CARDINALE or CAVALIERE gives: its ladder value per building (``per``: a building id)."""
    card = data.cards[card_id]
    step = ladder_step(state.powers[power].techs, card.ladder)
    if not step:
        return 0
    return int(card.values[step - 1]) * owned_with(state, power, str(card.params["per"]))


def mercenaries(state: MedioevoState, power: str, data: DataSet, amount: int | None) -> tuple[int, int]:
    """(VF a MERCENARIO buys, florins paid): 5 VF per counting technology held, at most ``amount``
    and as many as the florins pay for (ex L972, L2695)."""
    card = data.cards[MERCENARIO]
    held = state.powers[power]
    price = int(card.params["fiorini_per_vf"])
    cap = int(card.params["vf_per_tech"]) * sum(1 for t in card.params["counting_techs"] if t in held.techs)
    bought = min(cap, held.florins // price, cap if amount is None else amount)
    return bought, bought * price


def vf_for_sale(techs: Collection[str], data: DataSet) -> list[tuple[str, int, int]]:
    """(technology, VF, florins a VF) for each technology held that sells VF: INVESTITURA's 1 VF
    for 15 florins (L988, L1001, ex L2998; ``extra_vf``, ``extra_vf_cost`` in the data)."""
    return [
        (tid, int(t.params["extra_vf"]), int(t.params["extra_vf_cost"]))
        for tid, t in data.technologies.items()
        if tid in techs and "extra_vf_cost" in t.params
    ]


def buy_vf_problem(techs: Collection[str], order: BuyVF, data: DataSet) -> str | None:
    offers = vf_for_sale(techs, data)
    most = sum(vf for _, vf, _ in offers)
    if not offers:
        sellers = [t.name for t in data.technologies.values() if "extra_vf_cost" in t.params]
        return f"buying VF needs {' or '.join(sellers)} (L988)"
    if not 1 <= order.amount <= most:
        return f"you may buy {most} VF a turn (L988)"
    return None


def _buy_vf(
    state: MedioevoState,
    power: str,
    given: Sequence[Order],
    data: DataSet,
    items: dict[str, int],
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    """BUY n VF: the cheapest offers first, paid to the bank; one order a phase."""
    order = next((o for o in given if isinstance(o, BuyVF)), None)
    if order is None:
        return state
    held = state.powers[power]
    problem = buy_vf_problem(held.techs, order, data)
    left, paid = order.amount, 0
    bought: list[tuple[str, int, int]] = []
    for tid, vf, price in sorted(vf_for_sale(held.techs, data), key=lambda o: o[2]):
        take = min(vf, left)
        if take:
            bought.append((tid, take, take * price))
            left, paid = left - take, paid + take * price
    if problem is None and paid > held.florins:
        problem = f"{order.amount} VF cost {paid} florins and you hold {held.florins}"
    if problem:
        results.append(OrderResult.failure(power, REINFORCEMENTS, order.canonical(), "not-allowed", problem))
        return state
    state = state.with_power(power, florins=held.florins - paid).evolve(bank=state.bank + paid)
    for tid, vf, cost in bought:
        name = data.technologies[tid].name
        items[name] = items.get(name, 0) + vf
        events.append(VFBought(power=power, tech=name, vf=vf, cost=cost))
    results.append(OrderResult.success(power, REINFORCEMENTS, order.canonical(), f"paid {paid} florins"))
    return state


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    events: list[Event] = []
    results: list[OrderResult] = []
    state = prisoners.resolve(state, orders, events, results)
    state, told, fanatics = crusade_plan.sides(state, orders, data, results)  # L1478-1487
    state = calamity_choices.record(state, orders, results)  # standing, for the Events (R319)
    events.extend(told)
    for power in state.acting_order():
        items = reinforcements(state, power, data)
        items.update({"FANATISMO (crusade)": fanatics[power]} if power in fanatics else {})  # L1474
        state = _play_cards(state, power, orders.get(power, ()), data, items, events, results)
        state = _buy_vf(state, power, orders.get(power, ()), data, items, events, results)
        total = sum(items.values())
        raised = state.powers[power].reinforcements + total
        state = state.with_power(power, reinforcements=raised, recovered=0)
        events.append(ReinforcementsGranted(power=power, items=items, total=total))
    state, told, voted = election.hold(state, orders, data)  # where the Events begin (L2180, R306)
    return Resolution(state, (*events, *told), (*results, *voted))


def _play_cards(
    state: MedioevoState,
    power: str,
    given: Sequence[Order],
    data: DataSet,
    items: dict[str, int],
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    """The power's card plays in the order written, each judged again now; their VF join
    ``items`` under the card's name, MERCENARIO's florins go to the bank."""
    accepted: list[PlayReinforcementCard] = []
    for order in (o for o in given if isinstance(o, PlayReinforcementCard)):
        held = state.powers[power]
        card = data.cards[order.card]
        problem = play_problem(
            state, power, order, data, earlier=accepted, techs=held.techs, drawn_counts=False
        )
        vf, paid = 0, 0
        if problem is None and order.card == MERCENARIO:
            vf, paid = mercenaries(state, power, data, order.amount)
            if not vf:
                price = card.params["fiorini_per_vf"]
                problem = f"{card.name} needs {price} florins a VF; you hold {held.florins}"
        elif problem is None:
            problem = nothing_counted(state, power, card, data)
            vf = card_vf(state, power, data, order.card)
        if problem:
            results.append(OrderResult.failure(power, REINFORCEMENTS, order.canonical(), "card", problem))
            continue
        accepted.append(order)
        state = after_play(state, power, order.card, data)
        state = state.with_power(power, florins=state.powers[power].florins - paid).evolve(
            bank=state.bank + paid
        )
        items[card.name] = items.get(card.name, 0) + vf
        effect = f"{vf} VF" + (f" for {paid} florins" if paid else "")
        # the play is public (L558), the VF and florins it made are not (R7)
        public = "played for reinforcements"
        events.append(CardPlayed(power=power, card=card.name, target=None, effect=public))
        results.append(OrderResult.success(power, REINFORCEMENTS, order.canonical(), effect))
    return state


def playable(
    state: MedioevoState, power: str, data: DataSet, techs: Collection[str]
) -> list[PlayReinforcementCard]:
    """One play of each reinforcements card the power holds that it may play now (for the bots)."""
    held = state.powers[power]
    return [
        PlayReinforcementCard(card_id)
        for card_id in dict.fromkeys((*held.cards, *held.drawn))
        if data.cards[card_id].phase == REINFORCEMENTS
        and play_problem(
            state, power, PlayReinforcementCard(card_id), data, earlier=(), techs=techs, drawn_counts=True
        )
        is None
    ]
