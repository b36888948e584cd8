"""A siege's later turns, at the start of the besieger's sub-turn (seed 002 L1912-1918, L1926-1958,
L1966; docs/war.md §4.4; rulings R112, R151, R153, R160, R192).

Siege turn 2 and after: the superiority check (R160), the artillery (L1926-1930), the immediate
fall (L1946) or one reduction (L1950-1954), then the field battle (L1958) against the defenders
the walls no longer hold, or against every defender once the walls are gone (L1946, L1954). The
field battle is part of the siege turn, under the siege's captain: it is no new attack of his
(L1906 by analogy, R192). When it leaves no defender in a territory without walls, the territory
is the besieger's (L1679). Attrition comes at the end of the turn (``aftermath``, L1960).

A siege that may not go on at the start of the sub-turn (ex L1982: the besieger no longer
superior in number) waits for the end of it (R223): the besieger may bring reinforcements in this
Combat (ex L1984, a MOVE into the territory it besieges, R224) or play the turn at a bare
``SIEGE t`` step; else it may assault, or the siege is lifted (``run.sub_turn``).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.variants import SIEGE_WITHOUT_ENGINES, on
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused
from adjudicator.rulesets.medioevo.war.drought_war import siege_halted
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeGoesOn
from adjudicator.rulesets.medioevo.war.siege import (
    Besieged,
    Besieger,
    Ground,
    Outcome,
    refusal,
    siege_step,
    siege_turn,
)
from adjudicator.rulesets.medioevo.war.siege_common import (
    CONSTANTINOPLE,
    leaderless,
    lift,
    set_walls,
    target_of,
)
from adjudicator.rulesets.medioevo.war.siege_field import field_battle
from adjudicator.rulesets.medioevo.war.siege_state import (
    defenders,
    engines_in,
    led,
    lose_engines,
    vf_in,
)


def engineless(state: MedioevoState) -> bool:
    """Whether a siege may be laid and kept without engines (variant, L3220-3222)."""
    return on(state, SIEGE_WITHOUT_ENGINES)


def held_up(state: MedioevoState, power: str, territory: str, data: DataSet) -> str | None:
    """Why ``power``'s siege of ``territory`` may not go on as things stand (superiority, an
    engine: L1924, ex L1982-1984, R160; a SICCITA without LOGISTICA, L1356), or None. Nothing is
    rolled."""
    target = target_of(state, power, territory, data)
    if isinstance(target, Refused):
        return target.reason
    dry = siege_halted(state, power, territory)
    if dry is not None:
        return dry
    owner, level = target
    besieger = Besieger(power, vf_in(state, power, territory), engines_in(state, power, territory))
    inside = sum(g.vf for g in defenders(state, power, territory, data))
    return refusal(besieger, Besieged(owner, inside), level, declaring=False, engineless=engineless(state))


def continue_siege(
    state: MedioevoState, power: str, territory: str, data: DataSet, dice: Dice, lift_refused: bool = True
) -> Done | Refused:
    """A later siege turn in the besieger's sub-turn (R112, R151; L1950-1958): the superiority
    check, the artillery, the immediate fall or one reduction, and the field battle against the
    defenders the smaller walls no longer hold (all of them once the walls are gone). A siege that
    may not go on is lifted (R112), or with ``lift_refused`` False the step is refused and the
    siege left as it is (R223). Nothing happens in its first turn."""
    current = state.siege(territory)
    if current is None or current.by != power:
        return Refused("no-siege", f"{power} has no siege of {territory}")
    number = siege_turn(current, state.turn)
    target = target_of(state, power, territory, data)
    if number < 2 or isinstance(target, Refused):
        return target if isinstance(target, Refused) else Done(state, (), "siege turn 1: laid this turn")
    owner, level = target
    why = held_up(state, power, territory, data)
    if why is not None and not lift_refused:
        return Refused("siege-refused", why)
    dry = siege_halted(state, power, territory)
    if dry is not None:  # no reinforcement changes it: lifted (L1356)
        return lift(state, power, current, data, dry)
    besieger = Besieger(power, vf_in(state, power, territory), engines_in(state, power, territory))
    inside = sum(g.vf for g in defenders(state, power, territory, data))
    besieged = Besieged(owner, inside, engines_in(state, owner, territory))
    ground = Ground(territory, level, constantinople=territory == CONSTANTINOPLE)
    step = siege_step(
        dice, f"siege {territory}", ground, number, besieger, besieged, engineless=engineless(state)
    )
    state = lose_engines(state, power, territory, step.besieger_engines)
    state = lose_engines(state, owner, territory, step.besieged_engines)
    if step.outcome is Outcome.REFUSED:
        return lift(state, power, current, data, step.reason)
    captain = state.piece(power, CAPTAIN, current.captain) if current.captain is not None else None
    if captain is not None:
        state = led(state, captain, sieging=True)  # the siege is its action this turn (L1728-1729)
    if step.level != level:
        state = set_walls(state, territory, step.level, data)
    if step.outcome is Outcome.FELL:
        state = state.with_siege(territory, None)
    events: list[Event] = [
        SiegeGoesOn(
            power=power, territory=territory, siege_turn=number, level=step.level, outside=step.outside_vf
        )
    ]
    note = step.reason
    if step.outcome in (Outcome.FELL, Outcome.FIELD_BATTLE):
        state, fought, words = field_battle(state, power, current, owner, step.level, data, dice)
        events += fought
        note = f"{note}; {words}" if words else note
    state, lifted = leaderless(state, data)
    return Done(state, (*events, *lifted), note)
