"""The Church's orders as checked on arrival and offered in the order template (legal_orders.py)."""

from __future__ import annotations

from collections.abc import Collection

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.church import acts, conversion, crusade_plan, election
from adjudicator.rulesets.medioevo.church.orders import (
    CrusadeSide,
    Elect,
    Excommunicate,
    FoundAntipope,
    Pardon,
    RefuseTithe,
)
from adjudicator.rulesets.medioevo.church.papacy import catholics, church_of, pope_of
from adjudicator.rulesets.medioevo.church.records import CRUSADER, DEFENDER, NEUTRAL
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.orders import DIPLOMACY, REINFORCEMENTS, TAXES
from adjudicator.rulesets.medioevo.state import MedioevoState


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if isinstance(order, RefuseTithe):
        if pope_of(state) in (None, power) or power not in catholics(state, data):
            return "only a Catholic under a living Pope pays, or refuses, the tithe (L2186)"
        return None
    return (
        acts.check(state, power, order, data)
        or conversion.check(state, power, order, data)
        or crusade_plan.check(state, power, order, data)
        or election.check(state, power, order, data)
    )


def options(state: MedioevoState, phases: Collection[str], power: str, data: DataSet) -> list[Order]:
    """The Church's orders ``power`` may give now."""
    found: list[Order] = []
    church = church_of(state)
    if DIPLOMACY in phases:
        tries: list[Order] = [Excommunicate(p) for p in state.seats()]
        tries += [Pardon(p) for p in church.excommunicated]
        tries += [FoundAntipope()] + [FoundAntipope(t) for t in state.owned_by(power)]
        crusade = church.crusade
        if crusade is not None and crusade.called_by == power and crusade.objective is None:
            tries.append(crusade_plan.default_plan(state, crusade, data))
        found += [o for o in tries if check(state, power, o, data) is None]
        found += conversion.options(state, power, data)
    if TAXES in phases:
        found += [o for o in (RefuseTithe(),) if check(state, power, o, data) is None]
    if REINFORCEMENTS in phases:
        sides = [CrusadeSide(s) for s in (CRUSADER, DEFENDER, NEUTRAL)]
        found += [o for o in sides if check(state, power, o, data) is None]
        if election.due(state):
            ballots = [Elect(p) for p in catholics(state, data)]
            found += [o for o in ballots if check(state, power, o, data) is None]
    return found
