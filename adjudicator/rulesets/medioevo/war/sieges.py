"""The SIEGE and LIFT SIEGE steps of a combat script on the game state, and the table of the
siege steps' handlers (seed 002 L1886-2002; docs/war.md §3.1, §4.4; rulings R112, R115, R150,
R151, R160, R161, R220, R223).

Each handler has the movement steps' shape (``war/moves.py``): ``(state, power, order, data, dice,
plans) -> Done | Refused``, the board read when the step runs, nothing changed when refused. The
pure calculators decide: ``war/siege.refusal`` (a siege may be laid: walls, nobody outside, an
engine, superiority), ``war/fortress.split_garrison`` (who is inside); the battles at the walls
are ``walls_battle``'s (the plan's cards and withdrawal, the defenders' doctrines); ASSAULT is
``war/assault.py``'s, what they share ``war/siege_common.py``'s.

What a step reads: the besieger's VF in the territory, on the ground and aboard its transports
there (A-52, R160); its siege engines there (on the ground or aboard); the defenders are the owner
and the powers standing there not at war with it (the owner first, R150), or the barbarians behind
their walls and those who help them (R220). A bare ``SIEGE t`` plays the siege's turn where it
stands in the script, after the reinforcements its earlier steps brought (ex L1984, R223).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war import orders
from adjudicator.rulesets.medioevo.war.assault import assault
from adjudicator.rulesets.medioevo.war.cargo_state import CARRIED, Done, Refused, mover_in
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeDeclared, SiegeLifted
from adjudicator.rulesets.medioevo.war.fortress import split_garrison
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.records import BOTH, LAND, SEA, SiegeRoute
from adjudicator.rulesets.medioevo.war.siege import (
    Besieged,
    Besieger,
    Ground,
    Outcome,
    siege_step,
    siege_turn,
)
from adjudicator.rulesets.medioevo.war.siege_common import (
    CONSTANTINOPLE,
    commander,
    force_here,
    leaderless,
    lift,
    rise,
    set_walls,
    target_of,
)
from adjudicator.rulesets.medioevo.war.siege_field import field_battle
from adjudicator.rulesets.medioevo.war.siege_state import (
    attacks_left,
    defenders,
    engines_in,
    led,
    lose_engines,
    vf_in,
)
from adjudicator.rulesets.medioevo.war.siege_turns import continue_siege, engineless
from adjudicator.rulesets.medioevo.war.transport import stats
from adjudicator.rulesets.medioevo.war.walls_battle import WallsPlan, plan_at_walls

__all__ = ["SIEGE_HANDLERS", "assault", "lift_siege", "siege"]
Handler = Callable[[MedioevoState, str, Any, DataSet, Dice | None, Sequence[PlanLine]], Done | Refused]


def _route(state: MedioevoState, power: str, order: orders.Siege, data: DataSet) -> SiegeRoute:
    """BY LAND, SEA or BOTH as written; otherwise as the force gives: ships only by sea, ships and
    land transports both, else by land (L1968-1970, R112)."""
    if order.route:
        return {"land": LAND, "sea": SEA, "both": BOTH}[order.route.lower()]
    domains = set()
    for name in order.pieces:
        piece = piece_named(data, state, power, name)
        if piece is not None and piece.kind not in CARRIED:
            domains.add(stats(data, mover_in(state, data, piece)).domain)
    if domains == {"sea"}:
        return SEA
    return BOTH if "sea" in domains else LAND


def siege(
    state: MedioevoState,
    power: str,
    order: orders.Siege,
    data: DataSet,
    dice: Dice | None = None,
    plans: Sequence[PlanLine] = (),
) -> Done | Refused:
    """``SIEGE t FROM … WITH … [PLAN p]``: lay a siege (L1910, L1924; R112, R160), recorded in
    ``state.sieges`` with its captain and route from this turn (R151); its field battles this turn
    by plan ``p``. A bare ``SIEGE t`` plays the power's own siege's turn here (R223: after the
    reinforcements the script's earlier steps brought, ex L1984); refused, nothing is lifted yet:
    the end of the sub-turn decides (``run.sub_turn``)."""
    current = state.siege(order.territory)
    if not order.pieces and not order.captains:
        if current is None or current.by != power:
            return Refused(
                "no-siege",
                f"{power} has no siege of {order.territory} to continue: lay one with FROM … WITH …",
            )
        if siege_turn(current, state.turn) < 2:
            return Done(state, (), "siege turn 1")  # laid this turn: its next turn is the next Combat
        if dice is None:
            return Refused("no-dice", "a siege's turn needs the game's dice")
        return continue_siege(state, power, order.territory, data, dice, lift_refused=False)
    target = target_of(state, power, order.territory, data)
    if isinstance(target, Refused):
        return target
    owner, level = target
    state, risen = rise(state, power, order.territory, data)
    besieger = Besieger(
        power, vf_in(state, power, order.territory), engines_in(state, power, order.territory)
    )
    if current is not None:
        whose = "its own" if current.by == power else f"{current.by}'s"
        return Refused(
            "besieged", f"{order.territory} is already under siege ({whose}, since turn {current.since})"
        )
    away = force_here(state, power, order.pieces, order.territory, data)
    if away is not None:
        return away
    captain = commander(state, power, order.captains, order.territory, data, None)
    if isinstance(captain, Refused):
        return captain
    if attacks_left(state, captain) <= 0:
        return Refused(
            "no-attacks", f"{label(data, CAPTAIN, captain.number)} has led all its attacks this turn (L1727)"
        )
    if dice is None:
        return Refused("no-dice", "a siege's artillery needs the game's dice")
    plan = plan_at_walls(plans, order.plan, fortified=False)
    outside = _outside_first(state, power, captain, owner, level, besieger, data, dice, plan)
    if isinstance(outside, Done):
        return Done(outside.state, (*risen, *outside.events), outside.note)
    state, battle = outside
    fought = (*risen, *battle)
    inside = sum(g.vf for g in defenders(state, power, order.territory, data))
    besieger = Besieger(power, vf_in(state, power, order.territory), besieger.engines)
    besieged = Besieged(owner, inside, engines_in(state, owner, order.territory))
    ground = Ground(order.territory, level, constantinople=order.territory == CONSTANTINOPLE)
    first = siege_step(
        dice, f"siege {order.territory}", ground, 1, besieger, besieged, engineless=engineless(state)
    )
    if first.outcome is Outcome.REFUSED and first.artillery is None:
        if battle:  # the field battle outside stands; no siege follows it (L1924)
            return Done(led(state, captain), fought, f"no siege after the field battle: {first.reason}")
        return Refused("siege-refused", first.reason)
    state = led(state, captain, sieging=first.outcome is Outcome.ONGOING)
    state = lose_engines(state, power, order.territory, first.besieger_engines)
    state = lose_engines(state, owner, order.territory, first.besieged_engines)
    route = _route(state, power, order, data)
    record = Siege(territory=order.territory, by=power, since=state.turn, captain=captain.number, route=route)
    who = label(data, CAPTAIN, captain.number)
    event = SiegeDeclared(
        power=power,
        territory=order.territory,
        owner=owner,
        captain=who,
        route=route,
        vf=besieger.vf,
        besieged=inside,
        rolls=(*first.artillery.besieger_rolls, *first.artillery.besieged_rolls) if first.artillery else (),
        walls_fell=first.outcome is Outcome.FELL,
    )
    if first.outcome is Outcome.FELL:  # L1946: the walls go at once and the final field battle follows
        state = set_walls(state, order.territory, 0, data)
        state, final, words = field_battle(state, power, record, owner, 0, data, dice, plan)
        won = [e for e in final if not isinstance(e, SiegeLifted)]  # no siege was recorded
        state, lifted = leaderless(state, data)
        note = f"the walls fall at once: {first.reason}" + (f"; {words}" if words else "")
        return Done(state.with_siege(order.territory, None), (*fought, event, *won, *lifted), note)
    if first.outcome is Outcome.REFUSED:  # the artillery took the last engine (L1930)
        return Done(state, (*fought, event), f"no siege after the artillery: {first.reason}")
    return Done(state.with_siege(order.territory, record), (*fought, event), f"siege turn 1, by {route}")


def _outside_first(
    state: MedioevoState,
    power: str,
    captain: Piece,
    owner: str,
    level: int,
    besieger: Besieger,
    data: DataSet,
    dice: Dice,
    plan: WallsPlan,
) -> tuple[MedioevoState, tuple[Event, ...]] | Done:
    """The siege's first sub-phase (L1914, L1920-1922, ex L1878-1882): the field battle against
    the defenders the walls do not hold, under the besieging captain, as part of the same attack
    (L1906). Nothing to fight, or no engine to lay a siege with afterwards (L1924): the state as it
    is. The battle fought: the state after it, with its events; the siege is declared only if no
    defender is left outside and the besieger still stands (else ``Done`` with the battle alone)."""
    territory = captain.location
    if (
        not level
        or not (besieger.engines or engineless(state))
        or not split_garrison(defenders(state, power, territory, data), level).outside
    ):
        return state, ()
    record = Siege(territory=territory, by=power, since=state.turn, captain=captain.number)
    state, events, words = field_battle(state, power, record, owner, level, data, dice, plan)
    fought = tuple(e for e in events if not isinstance(e, SiegeLifted))  # no siege was recorded yet
    still = split_garrison(defenders(state, power, territory, data), level).outside
    if still or vf_in(state, power, territory) == 0:
        state, lifted = leaderless(led(state, captain), data)
        return Done(state, (*fought, *lifted), f"{words}; no siege while defenders stand outside (L1922)")
    return state, fought


def lift_siege(
    state: MedioevoState,
    power: str,
    order: orders.LiftSiege,
    data: DataSet,
    dice: Dice | None = None,
    plans: Sequence[PlanLine] = (),
) -> Done | Refused:
    """``LIFT SIEGE t``: the power ends its own siege (L1966); its captain loses a level, and one
    of level 1 goes back to the reserve (L1780, R112)."""
    current = state.siege(order.territory)
    if current is None or current.by != power:
        return Refused("no-siege", f"{power} has no siege of {order.territory} to lift")
    return lift(state, power, current, data)


SIEGE_HANDLERS: Mapping[type[Order], Handler] = {
    orders.Siege: siege,
    orders.Assault: assault,
    orders.LiftSiege: lift_siege,
}
"""The step handlers the runner dispatches to, by order class (war/run.py ``_act``)."""
