"""The field battle a siege turns into (seed 002 L1946, L1954, L1958; L1679; rulings R192): the
besieger's VF in the territory against the defenders its walls no longer hold, or against all of
them once the walls are gone, under the siege's captain. Used by the siege's later turns
(``siege_turns.continue_siege``) and by a siege whose walls fall at once when it is laid
(``sieges.siege``, L1946: "viene immediatamente abbattuta e si passa alla Battaglia campale
finale")."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, label
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war import spoils
from adjudicator.rulesets.medioevo.war.attack_outcome import fought_event, hold
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Captain, Force, Kind, Side
from adjudicator.rulesets.medioevo.war.captains import levels_after
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeLifted
from adjudicator.rulesets.medioevo.war.fortress import split_garrison
from adjudicator.rulesets.medioevo.war.plans import DEFAULT_OCCUPY
from adjudicator.rulesets.medioevo.war.siege_state import (
    defenders,
    engaged,
    remove_vf,
    take_prisoners,
    transports_at,
    vf_in,
)


def force_of_power(
    state: MedioevoState, power: str, vf: int, captains: tuple[Captain, ...] = (), owner: bool = False
) -> Force:
    ps = state.powers.get(power)
    techs = frozenset(ps.techs) if ps else frozenset()
    lt = max(1, ps.tech_level) if ps else 1
    return Force(power=power, vf=vf, lt=lt, technologies=techs, captains=captains, owner=owner)


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
        state = levels_after(state, data, [c for c in result.captains if c.power == power])
    for f in result.forces:
        if f.lost + f.captured:
            state = remove_vf(state, f.power, territory, f.lost + f.captured)
        if f.prisoners:
            state = take_prisoners(state, f.power, f.side, result, f.prisoners)
    events: list[Event] = [fought_event(power, owner, territory, result)]
    left = sum(g.vf for g in defenders(state, power, territory))
    if level == 0 and left == 0 and result.winner is Side.ATTACKER:
        state, more = siege_conquest(state, power, territory, owner, data)
        return state, [*events, *more], f"the field battle is won: {territory} taken (L1679)"
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


def siege_conquest(
    state: MedioevoState, power: str, territory: str, loser: str, data: DataSet
) -> tuple[MedioevoState, list[Event]]:
    """A fortified territory taken by the assault (L1904) or by a siege's field battle once the
    walls are gone (L1679, L1958) is conquered as in the field: the owner changes, the siege ends,
    1 VF is put down to hold it from the transports there when none of the conqueror's stands on
    the ground (L1846), then the spoils, a capital and an heir (``spoils.conquered``, L1848-1856,
    L2075-2083; R100's defaults for what is taken)."""
    state = state.with_territory(territory, owner=power).with_siege(territory, None)
    need = DEFAULT_OCCUPY - state.territories[territory].armies.get(power, 0)
    if need > 0:
        state, _ = hold(state, power, territory, transports_at(state, power, territory), need)
    return spoils.conquered(state, data, power, loser, territory)
