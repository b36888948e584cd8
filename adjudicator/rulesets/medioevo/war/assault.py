"""The ASSAULT step: storming the walls (seed 002 L1886-1906, L1966; ex L1870-1876, ex L2476, ex L2486;
docs/war.md §3.1; rulings R100, R150, R162, R211, R220-R222).

``ASSAULT t [FROM … WITH …] [PLAN p]``, or an ATTACK whose plan says ``FORT … ASSAULT``
(``fort_attack.storm``): the power's VF in the territory, under the captain named or the siege's,
against the defenders inside the walls; nobody may stand outside them (L1896-1898,
``fortress.assault_refusal``). The rolls are ``battle.fight(Kind.ASSAULT)``: d4 against d6 + the
walls' level, a defender who wins a roll loses nothing (L1902-1904), with each side's cards: the
attacker's plan (``CARDS`` by round, ``IF FORTIFIED`` counting; ``WITHDRAW``, else R100's default)
and each defender's doctrine (``walls_battle``); the attacker's losses off the ground first, then
the transports its plan's ``LOSSES ORDER`` names (L1760). A fought assault gives the attacked
kingdom's co-religionists 1 CB each, as an ATTACK's field battle does (L758, R119). When no defender
is left the territory is taken as in the field (L1679, L1904): the plan's ``OCCUPY`` and ``TAKEN``
(``siege_field.siege_conquest``), and any siege of it ends. Barbarian walls are assaulted as a
power's (R220, ex L2476). Dice purposes ``battle assault T round R …``.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war import orders
from adjudicator.rulesets.medioevo.war.battle_models import Kind, Side
from adjudicator.rulesets.medioevo.war.captains import co_religionists_cb
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused
from adjudicator.rulesets.medioevo.war.events import battle_record
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought
from adjudicator.rulesets.medioevo.war.fortress import assault_refusal, split_garrison
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.siege_common import commander, force_here, leaderless, rise, target_of
from adjudicator.rulesets.medioevo.war.siege_field import siege_conquest
from adjudicator.rulesets.medioevo.war.siege_state import attacks_left, defenders, engaged, led
from adjudicator.rulesets.medioevo.war.walls_battle import Assailant, fight_at_walls, plan_at_walls


def assault(
    state: MedioevoState,
    power: str,
    order: orders.Assault,
    data: DataSet,
    dice: Dice | None = None,
    plans: Sequence[PlanLine] = (),
) -> Done | Refused:
    """``ASSAULT t``: storm the walls (L1898-1904) with the power's VF in the territory, by plan
    ``order.plan`` of the power's ``plans``. Losses leave the board; when no defender is left the
    territory is the attacker's and any siege of it ends (L1679)."""
    if dice is None:
        return Refused("no-dice", "an assault needs the game's dice")
    target = target_of(state, power, order.territory, data)
    if isinstance(target, Refused):
        return target
    owner, level = target
    state, risen = rise(state, power, order.territory, data)
    garrison = defenders(state, power, order.territory, data)
    why = assault_refusal(garrison, level)
    if why is not None:
        return Refused("assault-refused", why)
    current = state.siege(order.territory)
    away = force_here(state, power, order.pieces, order.territory, data)
    if away is not None:
        return away
    fallback = current.captain if current is not None and current.by == power else None
    captain = commander(state, power, order.captains, order.territory, data, fallback)
    if isinstance(captain, Refused):
        return captain
    continuing = current is not None and current.by == power and current.captain == captain.number
    if not continuing and attacks_left(state, captain) <= 0:
        return Refused(
            "no-attacks", f"{label(data, CAPTAIN, captain.number)} has led all its attacks this turn (L1727)"
        )
    vf = engaged(state, power, order.territory)
    if vf == 0:
        return Refused("no-vf", f"{power} has no VF in {order.territory} to assault with")
    if not garrison:
        return Refused("undefended", f"nobody defends {order.territory}: no assault is needed (L1679)")
    plan = plan_at_walls(plans, order.plan, fortified=True)
    who = Assailant(power, vf, (captain,), plan.battle, plan.losses)
    inside = split_garrison(garrison, level).inside
    number = f"assault {order.territory}"
    state, result, notes = fight_at_walls(
        state, data, dice, number, Kind.ASSAULT, level, who, order.territory, inside
    )
    if not continuing:
        state = led(state, captain)
    cb: list[Event] = []
    if result.rounds:  # fought: the attacked kingdom's co-religionists gain 1 CB (L758, R119)
        holder = None if owner == BARBARIANS else owner
        state, cb = co_religionists_cb(state, data, power, holder, order.territory)
    taken = result.winner is Side.ATTACKER and not defenders(state, power, order.territory, data)
    conquest: list[Event] = []
    if taken:  # L1904, L1846-1856: conquered as in the field
        state, conquest = siege_conquest(state, power, order.territory, owner, data, plan)
    event = AssaultFought(
        power=power,
        territory=order.territory,
        defender=owner,
        taken=taken,
        attacker_lost=result.force(power).lost,
        defender_lost=sum(f.lost for f in result.forces if f.side is Side.DEFENDER),
        rounds=tuple(r.words for r in result.rounds),
        detail=battle_record(result)[0],
        notes=battle_record(result)[2],
    )
    state, lifted = leaderless(state, data)
    note = f"{order.territory} taken" if taken else "repelled"
    if not taken and result.force(power).left_battle == "withdrew":
        rounds = len(result.rounds)
        note = f"not taken: {power} withdrew after {rounds} round{'s' if rounds != 1 else ''} (L1721)"
    return Done(state, (*risen, event, *notes, *cb, *conquest, *lifted), note)
