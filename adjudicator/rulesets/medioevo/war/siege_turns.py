"""A siege's later turns, at the start of the besieger's sub-turn (seed 002 L1912-1918, L1926-1958,
L1966; docs/war.md §4.4; rulings R112, R151, R153, R160, R192).

Siege turn 2 and after: the superiority check (R160), the artillery (L1926-1930), the immediate
fall (L1946) or one reduction (L1950-1954), then the field battle (L1958) against the defenders
the walls no longer hold, or against every defender once the walls are gone (L1946, L1954). The
field battle is part of the siege turn, under the siege's captain: it is no new attack of his
(L1906 by analogy, R192). When it leaves no defender in a territory without walls, the territory
is the besieger's (L1679). Attrition comes at the end of the turn (``aftermath``, L1960).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, label
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war.attacks import fought_event
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Captain, Kind, Side
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeGoesOn, SiegeLifted
from adjudicator.rulesets.medioevo.war.fortress import split_garrison
from adjudicator.rulesets.medioevo.war.siege import (
    Besieged,
    Besieger,
    Ground,
    Outcome,
    siege_step,
    siege_turn,
)
from adjudicator.rulesets.medioevo.war.siege_state import (
    captain_after,
    defenders,
    engaged,
    engines_in,
    led,
    lose_engines,
    remove_vf,
    take_prisoners,
    vf_in,
)
from adjudicator.rulesets.medioevo.war.sieges import (
    CONSTANTINOPLE,
    force_of_power,
    leaderless,
    lift,
    set_walls,
    target_of,
)


def continue_siege(
    state: MedioevoState, power: str, territory: str, data: DataSet, dice: Dice
) -> Done | Refused:
    """A later siege turn at the start of the besieger's sub-turn (R112, R151; L1950-1958): the
    superiority check, the artillery, the immediate fall or one reduction, and the field battle
    against the defenders the smaller walls no longer hold (all of them once the walls are gone).
    A siege that may not go on is lifted by default (R112). Nothing happens in its first turn."""
    current = state.siege(territory)
    if current is None or current.by != power:
        return Refused("no-siege", f"{power} has no siege of {territory}")
    number = siege_turn(current, state.turn)
    target = target_of(state, power, territory, data)
    if number < 2 or isinstance(target, Refused):
        return target if isinstance(target, Refused) else Done(state)
    owner, level = target
    besieger = Besieger(power, vf_in(state, power, territory), engines_in(state, power, territory))
    inside = sum(g.vf for g in defenders(state, power, territory))
    besieged = Besieged(owner, inside, engines_in(state, owner, territory))
    ground = Ground(territory, level, constantinople=territory == CONSTANTINOPLE)
    step = siege_step(dice, f"siege {territory}", ground, number, besieger, besieged)
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


def field_battle(
    state: MedioevoState,
    power: str,
    siege_: Siege,
    owner: str,
    level: int,
    data: DataSet,
    dice: Dice,
) -> tuple[MedioevoState, list[Event], str]:
    """The siege turn's field battle (L1958; L1946, L1954 once the walls are gone): the besieger's
    VF in the territory (1 staying aboard each loaded transport, R136) against the defenders
    outside the walls of ``level``, under the siege's captain (R192). Dice purposes ``battle siege
    T round R …``. Losses leave the board, prisoners go to their captors (L1772), the captain's
    level follows the battle (L1776-1782). No defender left and no walls: the territory is taken
    (L1679); no besieger left: the siege ends."""
    territory = siege_.territory
    outside = split_garrison(defenders(state, power, territory), level).outside
    vf = engaged(state, power, territory)
    if not outside or vf <= 0:
        return state, [], ""
    captain = state.piece(power, CAPTAIN, siege_.captain) if siege_.captain is not None else None
    leaders = (Captain(label(data, CAPTAIN, captain.number), captain.level),) if captain else ()
    battle = Battle(
        number=f"siege {territory}",
        kind=Kind.FIELD,
        attackers=(force_of_power(state, power, vf, leaders),),
        defenders=tuple(force_of_power(state, g.power, g.vf, owner=g.power == owner) for g in outside),
    )
    result = fight(battle, dice, data.cards)
    if captain is not None:
        state = captain_after(state, power, captain, result.captains)
    for f in result.forces:
        if f.lost + f.captured:
            state = remove_vf(state, f.power, territory, f.lost + f.captured)
        if f.prisoners:
            state = take_prisoners(state, f.power, f.side, result, f.prisoners)
    events: list[Event] = [fought_event(power, owner, territory, result)]
    left = sum(g.vf for g in defenders(state, power, territory))
    if level == 0 and left == 0 and result.winner is Side.ATTACKER:
        state = state.with_territory(territory, owner=power).with_siege(territory, None)
        return state, events, f"the field battle is won: {territory} taken (L1679)"
    if vf_in(state, power, territory) == 0:
        left_captain = state.piece(power, CAPTAIN, captain.number) if captain is not None else None
        events.append(
            SiegeLifted(
                power=power,
                territory=territory,
                captain=label(data, CAPTAIN, left_captain.number) if left_captain else "",
                captain_level=left_captain.level if left_captain else 0,
            )
        )
        return state.with_siege(territory, None), events, "the besiegers are gone: the siege ends"
    return state, events, f"the field battle: the {result.winner.value} wins"
