"""The field battle a siege turns into (seed 002 L1946, L1954, L1958; L1679; rulings R192): the
besieger's VF in the territory against the defenders its walls no longer hold, or against all of
them once the walls are gone, under the siege's captain. Used by the siege's later turns
(``siege_turns.continue_siege``) and by a siege whose walls fall at once when it is laid
(``sieges.siege``, L1946: "viene immediatamente abbattuta e si passa alla Battaglia campale
finale"). The battle is fought by the plan of the step that brought the besiegers (the first
turn's), else with no cards and to the end (R192), and by the defenders' doctrines
(``walls_battle``, R221)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, label
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war import clauses, spoils
from adjudicator.rulesets.medioevo.war.attack_outcome import fought_event, hold
from adjudicator.rulesets.medioevo.war.battle_models import Kind, Side
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeLifted
from adjudicator.rulesets.medioevo.war.fortress import split_garrison
from adjudicator.rulesets.medioevo.war.siege_state import defenders, engaged, transports_at, vf_in
from adjudicator.rulesets.medioevo.war.walls_battle import Assailant, WallsPlan, fight_at_walls


def field_battle(
    state: MedioevoState,
    power: str,
    siege_: Siege,
    owner: str,
    level: int,
    data: DataSet,
    dice: Dice,
    plan: WallsPlan | None = None,
) -> tuple[MedioevoState, list[Event], str]:
    """The siege turn's field battle (L1958; L1946, L1954 once the walls are gone): the besieger's
    VF in the territory (1 staying aboard each loaded transport, R136) against the defenders
    outside the walls of ``level``, under the siege's captain (R192), by ``plan`` (the step's) and
    the defenders' doctrines. Dice purposes ``battle siege T round R …``. Losses leave the board,
    prisoners go to their captors (L1772), the captains' levels follow the battle (L1776-1782). No
    defender left and no walls: the territory is taken (L1679); no besieger left: the siege ends."""
    territory = siege_.territory
    outside = split_garrison(defenders(state, power, territory, data), level).outside
    vf = engaged(state, power, territory)
    if not outside or vf <= 0:
        return state, [], ""
    captain = state.piece(power, CAPTAIN, siege_.captain) if siege_.captain is not None else None
    chosen = plan or WallsPlan()
    who = Assailant(power, vf, (captain,) if captain else (), chosen.battle, chosen.losses)
    state, result, notes = fight_at_walls(
        state, data, dice, f"siege {territory}", Kind.FIELD, level, who, territory, outside
    )
    events: list[Event] = [fought_event(power, owner, territory, result), *notes]
    left = sum(g.vf for g in defenders(state, power, territory, data))
    if level == 0 and left == 0 and result.winner is Side.ATTACKER:
        state, more = siege_conquest(state, power, territory, owner, data, plan or WallsPlan())
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
    state: MedioevoState, power: str, territory: str, loser: str, data: DataSet, plan: WallsPlan
) -> tuple[MedioevoState, list[Event]]:
    """A fortified territory taken by the assault (L1904) or by a siege's field battle once the
    walls are gone (L1679, L1958) is conquered as in the field: the owner changes, the siege ends,
    the plan's ``OCCUPY`` VF (R100: 1) are put down to hold it from the transports there, less
    those of the conqueror already on the ground (L1846), then the spoils by the plan's ``TAKEN``
    (R100's defaults otherwise), a capital (the loser's ``DOCTRINE CAPITAL``) and an heir
    (``spoils.conquered``, L1848-1856, L2075-2083)."""
    state = state.with_territory(territory, owner=power).with_siege(territory, None)
    need = plan.occupy - state.territories[territory].armies.get(power, 0)
    if need > 0:
        state, _ = hold(state, power, territory, transports_at(state, power, territory), need)
    capital = standing(state, loser, data).get("CAPITAL") if loser in state.powers else None
    choice = {loser: capital.territory} if isinstance(capital, clauses.Capital) else {}
    return spoils.conquered(state, data, power, loser, territory, plan.taken, choice)
