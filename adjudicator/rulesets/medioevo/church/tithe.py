"""The tithe (seed 002 L2184-2188, the PO table L2434), collected at the end of the Taxes phase.

Each Catholic under the Pope pays him 10% of the taxes he collected this phase, rounded down
(digest A41), unless he gives ``TITHE REFUSE``: then he loses 1 PO, at most 3 PO in a game
(L2434), and each consecutive turn of refusal counts towards the 3 that make him excommunicable
(L2211). Paying again breaks the streak. No Pope, no tithe (R308)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event, Visibility
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.church.events import TithePaid, TitheRefused
from adjudicator.rulesets.medioevo.church.orders import RefuseTithe
from adjudicator.rulesets.medioevo.church.papacy import catholics, church_of, pope_of, with_church
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import TaxesCollected
from adjudicator.rulesets.medioevo.events_diplomacy import HonorChanged
from adjudicator.rulesets.medioevo.orders import TAXES
from adjudicator.rulesets.medioevo.state import MedioevoState

TITHE_PCT = 10  # L2186
REFUSAL_PO = 1  # a turn (L2188)
REFUSAL_PO_CAP = 3  # in a game (L2434, digest A41)
EXCOMMUNICABLE_STREAK = 3  # turns (L2211)
TITHE_GROUND = "refused the tithe for 3 turns or more (L2211)"


def collect(
    state: MedioevoState,
    orders: Mapping[str, Sequence[Order]],
    data: DataSet,
    events: list[Event],
    results: list[OrderResult] | None = None,
) -> MedioevoState:
    """The tithe of this Taxes phase, from the ``TaxesCollected`` events already told."""
    pope = pope_of(state)
    if pope is None:
        return state
    taxes = {e.power: e.total for e in events if isinstance(e, TaxesCollected)}
    church = church_of(state)
    refusals, streak, grounds = dict(church.refusals), dict(church.streak), dict(church.grounds)
    for power in catholics(state, data):
        if power == pope:
            continue
        if any(isinstance(o, RefuseTithe) for o in orders.get(power, ())):
            loss = REFUSAL_PO if refusals.get(power, 0) < REFUSAL_PO_CAP else 0
            refusals[power] = refusals.get(power, 0) + loss
            streak[power] = streak.get(power, 0) + 1
            events.append(TitheRefused(power=power, pope=pope, po=loss))
            note = f"-{loss} PO" if loss else "no PO lost: the 3 of the game are gone (L2434)"
            (results if results is not None else []).append(
                OrderResult.success(power, TAXES, RefuseTithe().canonical(), note)
            )
            if loss:
                state = state.with_power(power, honor=state.powers[power].honor - loss)
                events.append(HonorChanged(power=power, delta=-loss, reason="refuses the tithe (L2188)"))
            if streak[power] >= EXCOMMUNICABLE_STREAK and TITHE_GROUND not in grounds.get(power, ()):
                grounds[power] = (*grounds.get(power, ()), TITHE_GROUND)
            continue
        streak.pop(power, None)
        amount = min(taxes.get(power, 0) * TITHE_PCT // 100, state.powers[power].florins)
        if amount:
            state = state.with_power(power, florins=state.powers[power].florins - amount)
            state = state.with_power(pope, florins=state.powers[pope].florins + amount)
            events.append(
                TithePaid(power=power, pope=pope, amount=amount, visibility=Visibility.to(power, pope))
            )
    return with_church(state, refusals=refusals, streak=streak, grounds=grounds)
