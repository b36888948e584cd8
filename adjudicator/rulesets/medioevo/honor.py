"""PO gained or lost outside a diplomatic ``Ledger``: the change and its ``HonorChanged`` event
together (PO are public, seed 002 L341). Every change of a power's PO is told by one ``mu-honor``
event, as every CB by a ``mu-cb``, so a sheet is the sum of what its reports said (issue 19's
accounting property, tests/integration/game_properties.py)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.events_diplomacy import HonorChanged
from adjudicator.rulesets.medioevo.state import MedioevoState


def change_honor(
    state: MedioevoState, power: str, delta: int, reason: str
) -> tuple[MedioevoState, list[HonorChanged]]:
    """``power``'s PO moved by ``delta``, and the event that says so (none for 0)."""
    if not delta:
        return state, []
    state = state.with_power(power, honor=state.powers[power].honor + delta)
    return state, [HonorChanged(power=power, delta=delta, reason=reason)]
