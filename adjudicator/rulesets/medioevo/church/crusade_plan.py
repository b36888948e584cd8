"""The crusade's decisions (seed 002 L1460-1487): the organiser's plan in the Diplomacy after the
draw, then each power's side in the next Reinforcements, with FANATISMO's +5 VF (L1474).

Plan: ``CRUSADE TO <objective> FROM <departure> IN <n> TURNS MIN <vf> VF``. A silent organiser
plans the valid objective worth most (then the first in the data), from his own first settlement
among the departures (the Papal State first), 3 turns, 10 VF (R315). Sides: ``CRUSADE
JOIN|DEFEND|NEUTRAL``; a silent power takes the default of its faith: the organiser's faith joins,
the defender's defends, the others stay neutral (R316). The organiser's faith may not defend and
is excommunicated if neutral (L1483, ex L1500); the defender's faith may not join and loses the
objective's PO if neutral (L1484); the excommunicated may not join (L2215). Then the pacts between
the two sides dissolve without price and the two sides are at war (L1487)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.church.acts import excommunicate
from adjudicator.rulesets.medioevo.church.crusade import objectives
from adjudicator.rulesets.medioevo.church.events import CrusadeNews
from adjudicator.rulesets.medioevo.church.orders import CrusadeSide, PlanCrusade
from adjudicator.rulesets.medioevo.church.papacy import EXCOMMUNICATED, church_of, papal_state, with_church
from adjudicator.rulesets.medioevo.church.records import (
    CALLED,
    CRUSADER,
    DEFENDER,
    NEUTRAL,
    PREPARING,
    SIDES,
    Crusade,
)
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, religion_of
from adjudicator.rulesets.medioevo.orders import DIPLOMACY, REINFORCEMENTS
from adjudicator.rulesets.medioevo.state import MedioevoState

FANATISMO = "fanatismo"
FANATISMO_VF = 5  # L1474
DEFAULT_TURNS, DEFAULT_MIN_VF = 3, 10  # R315


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    crusade = church_of(state).crusade
    match order:
        case PlanCrusade():
            if crusade is None or crusade.stage != CALLED:
                return "no crusade waits for its plan"
            if power != crusade.called_by:
                return f"{crusade.called_by} organises the crusade (L1456)"
            return plan_problem(state, crusade, order, data)
        case CrusadeSide(side=side):
            if crusade is None or crusade.stage != SIDES:
                return "no crusade waits for the sides"
            return side_problem(state, crusade, power, side, data)
    return None


def plan_problem(state: MedioevoState, crusade: Crusade, plan: PlanCrusade, data: DataSet) -> str | None:
    valid = objectives(state, data, crusade.called_by, crusade.antipope)
    if plan.objective not in valid:
        return f"{plan.objective} is no valid objective: {', '.join(sorted(valid))} (L1462)"
    if plan.departure not in crusade.departures:
        return f"{plan.departure} was not a settlement of your faith when the crusade was drawn (L1466)"
    if not 1 <= plan.turns <= 3:
        return "the preparation lasts 1 to 3 turns (L1468)"
    return None


def side_problem(state: MedioevoState, crusade: Crusade, power: str, side: str, data: DataSet) -> str | None:
    faith = religion_of(state, power, data)
    if power == crusade.called_by and side != CRUSADER:
        return "the organiser leads the crusade"
    if power == crusade.defender and side != DEFENDER:
        return "the objective's holder defends it"
    if faith == religion_of(state, crusade.called_by, data) and side == DEFENDER:
        return "a power of the crusade's faith may not defend the objective (L1481)"
    if crusade.defender and faith == religion_of(state, crusade.defender, data) and side == CRUSADER:
        return "a power of the defender's faith may not join the crusade (L1484)"
    if faith == EXCOMMUNICATED and side == CRUSADER:
        return "an excommunicated power may not join a crusade (L2215)"
    return None


def default_plan(state: MedioevoState, crusade: Crusade, data: DataSet) -> PlanCrusade:
    valid = objectives(state, data, crusade.called_by, crusade.antipope)
    target = max(valid, key=lambda t: valid[t])  # dicts keep the data's order on equal PO
    own = [t for t in crusade.departures if state.territories[t].owner == crusade.called_by]
    rome = papal_state(data)
    start = rome if rome in own else (own or list(crusade.departures))[0]
    return PlanCrusade(target, start, DEFAULT_TURNS, DEFAULT_MIN_VF)


def plan(ledger: Ledger, orders: Mapping[str, Sequence[Order]], results: list[OrderResult]) -> None:
    """The organiser's plan (Diplomacy after the draw), his order or the default."""
    crusade = church_of(ledger.state).crusade
    if crusade is None or crusade.stage != CALLED:
        return
    state, data = ledger.state, ledger.data
    given = next((o for o in orders.get(crusade.called_by, ()) if isinstance(o, PlanCrusade)), None)
    problem = plan_problem(state, crusade, given, data) if given else None
    if given and problem:
        results.append(
            OrderResult.failure(crusade.called_by, DIPLOMACY, given.canonical(), "crusade", problem)
        )
    if not objectives(state, data, crusade.called_by, crusade.antipope) or not crusade.departures:
        ledger.state = with_church(state, crusade=None)
        ledger.events.append(CrusadeNews(step="lost", text="no objective or departure is left (R314)"))
        return
    chosen = given if given and not problem else default_plan(state, crusade, data)
    if given and not problem:
        results.append(OrderResult.success(crusade.called_by, DIPLOMACY, given.canonical()))
    valid = objectives(state, data, crusade.called_by, crusade.antipope)
    crusade = crusade.model_copy(
        update={
            "stage": SIDES,
            "objective": chosen.objective,
            "po": valid[chosen.objective],
            "departure": chosen.departure,
            "prep_turns": chosen.turns,
            "march_turn": state.turn + chosen.turns + 1,  # full turns after this one (digest A49)
            "min_vf": chosen.min_vf,
            "defender": state.territories[chosen.objective].owner,
        }
    )
    ledger.state = with_church(state, crusade=crusade)
    text = (
        f"{chosen.canonical()}: {valid[chosen.objective]} PO against {crusade.defender}; "
        f"the army leaves in turn {crusade.march_turn}'s combat"
    )
    ledger.events.append(CrusadeNews(step="planned", text=text + ("" if given else " (by default, R315)")))


def default_side(state: MedioevoState, crusade: Crusade, power: str, data: DataSet) -> str:
    faith = religion_of(state, power, data)
    if faith == religion_of(state, crusade.called_by, data):
        return CRUSADER
    if crusade.defender and faith == religion_of(state, crusade.defender, data):
        return DEFENDER
    return NEUTRAL


def sides(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet, results: list[OrderResult]
) -> tuple[MedioevoState, list[Event], dict[str, int]]:
    """Each power's side (start of the Reinforcements after the plan); (state, events, FANATISMO
    VF by power for this Reinforcements' sheet)."""
    crusade = church_of(state).crusade
    if crusade is None or crusade.stage != SIDES:
        return state, [], {}
    ledger = Ledger(state, data)
    chosen: dict[str, str] = {}
    for power in state.acting_order():
        given = next((o for o in orders.get(power, ()) if isinstance(o, CrusadeSide)), None)
        side = default_side(state, crusade, power, data)
        if given is not None:
            problem = side_problem(state, crusade, power, given.side, data)
            if problem:
                results.append(
                    OrderResult.failure(power, REINFORCEMENTS, given.canonical(), "crusade", problem)
                )
            else:
                side = given.side
                results.append(OrderResult.success(power, REINFORCEMENTS, given.canonical()))
        chosen[power] = side
    faith = religion_of(state, crusade.called_by, data)
    for power, side in chosen.items():
        mine = religion_of(ledger.state, power, data)
        if side == NEUTRAL and mine == faith:  # automatic excommunication (L1483, ex L1500)
            excommunicate(ledger, power, "crusade", "refuses the crusade (L1483)")
        elif side == NEUTRAL and crusade.defender and mine == religion_of(state, crusade.defender, data):
            ledger.honor(power, -crusade.po, "does not defend its faith's crusade objective (L1484)")
    crusaders = [p for p, s in chosen.items() if s == CRUSADER]
    defenders = [p for p, s in chosen.items() if s == DEFENDER]
    for pact in tuple(ledger.state.pacts):
        if any(p in crusaders for p in pact.parties) and any(p in defenders for p in pact.parties):
            ledger.end_pact(pact, None, "the crusade sets its parties on opposite sides (L1487)")
    for a in crusaders:
        for b in defenders:
            ledger.set_war(a, b)
    fanatics = {p: FANATISMO_VF for p in crusaders + defenders if FANATISMO in state.powers[p].techs}
    crusade = crusade.model_copy(update={"stage": PREPARING, "sides": chosen, "fanatics": tuple(fanatics)})
    ledger.state = with_church(ledger.state, crusade=crusade)
    text = f"crusaders {', '.join(crusaders) or 'none'}; defenders {', '.join(defenders) or 'none'} (L1487)"
    ledger.events.append(CrusadeNews(step="sides", text=text))
    return ledger.state, ledger.events, fanatics
