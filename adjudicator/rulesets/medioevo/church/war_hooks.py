"""What the war asks of the Church (seed 002 L2192, L2219): two small hooks in war/.

* ``barred``: an excommunicated power's captains may not attack in the turn of its
  excommunication (L2219, R312), checked first in ``war/attacks.attack``.
* ``after_attack``: a Catholic who attacks the Papal State held by a Catholic and does not take it
  gives the Pope a ground for excommunication (L2192, R310), recorded after ``war/run._attack``.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.medioevo.church.papacy import church_of, is_catholic, papal_state, with_church
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused

ROME_GROUND = "attacked the Papal State without taking it (L2192)"


def barred(state: MedioevoState, power: str) -> Refused | None:
    if church_of(state).excommunicated.get(power) == state.turn:
        return Refused(
            "excommunicated", f"{power} was excommunicated this turn: its captains may not attack (L2219)"
        )
    return None


def after_attack(
    before: MedioevoState, power: str, target: str, data: DataSet, result: Done | Refused
) -> Done | Refused:
    """Records the ground of L2192 when a fought attack on the Catholic-held Papal State fails."""
    if not isinstance(result, Done) or target != papal_state(data):
        return result
    holder = before.territories[target].owner
    after = result.state
    if (
        holder is None
        or holder not in before.powers
        or not is_catholic(before, holder, data)
        or not is_catholic(before, power, data)
        or after.territories[target].owner == power
    ):
        return result
    grounds = church_of(after).grounds
    if ROME_GROUND in grounds.get(power, ()):
        return result
    state = with_church(after, grounds={**grounds, power: (*grounds.get(power, ()), ROME_GROUND)})
    return replace(result, state=state)
