"""The NAVAL ATTACK step of a combat script (seed 002 L2008-L2023, L1683-1685, L1727; docs/war.md
§3.1, §4.4; rulings R102, R117, R136, R144, R190): the attacker's ships against all of a power's
ships in a sea zone, or in a port where they are guests.

The attacking ships enter the zone or the port (its PM paid before any roll, L1661) unless already
there; each keeps 1 VF aboard that does not fight (R102). The captains named lead it, each with
an attack left this turn (L1727). The defender's VF are those aboard its ships there, each ship
needing 1 VF to stay its own (L1683): a ship left without VF becomes a wreck that anyone may
``CLAIM`` (R110). ``battle.fight`` rams (galleys' levels, L2010) and fights the rounds.

In a port (L2021, R190) there is no ramming: the rounds are fought at once. Ships at home in their
owner's port, or in a barbarian one, are reached only by attacking the port and its settlement
(``ATTACK``); a power's guest fleet in a third power's port may be attacked there by whoever that
power lets pass (a Passage pact, ex L2043), or by the port's owner.

A ship left without VF keeps nothing of its owner's: the captains, engines and land transports
aboard leave the board with it (ex L1699-1701, R193), and a siege its captain led is lifted.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.attacks import (
    captains_aboard,
    carriers_named,
    force_of,
    fought_event,
    plan_of,
    reread,
    settle,
    take_aboard,
)
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Kind, Side
from adjudicator.rulesets.medioevo.war.cargo_state import (
    Done,
    Refused,
    mover_in,
    relocate,
    riders,
    spend,
    war_turn,
)
from adjudicator.rulesets.medioevo.war.convoy import check_convoy
from adjudicator.rulesets.medioevo.war.events import TransportAbandoned
from adjudicator.rulesets.medioevo.war.movement_state import relations_of, world_of
from adjudicator.rulesets.medioevo.war.moves import abandon
from adjudicator.rulesets.medioevo.war.orders import NavalAttack, PlanLine
from adjudicator.rulesets.medioevo.war.siege_common import leaderless
from adjudicator.rulesets.medioevo.war.siege_state import attacks_left, led

SHIPS = ("galley", "merchant")


def naval_attack(
    state: MedioevoState,
    power: str,
    order: NavalAttack,
    data: DataSet,
    dice: Dice,
    plans: Sequence[PlanLine] = (),
) -> Done | Refused:
    """``NAVAL ATTACK power IN zone FROM ships WITH captains [PLAN p]``."""
    defender, place = order.power, order.place
    if defender == power or defender not in state.powers:
        return Refused("attack", f"{defender} is not another power of the game")
    in_port = place in data.board.territories
    if not state.at_war(power, defender):
        return Refused(
            "not-at-war",
            f"{power} is not at war with {defender}: a WAR {defender} step before the attack declares"
            " it by surprise (L1568, L636)",
        )
    carriers = carriers_named(state, power, order.pieces, data)
    if isinstance(carriers, Refused):
        return carriers
    landlubber = next((p for p in carriers if p.kind not in SHIPS), None)
    if landlubber is not None:
        return Refused("attack", f"{label(data, landlubber.kind, landlubber.number)} is not a ship")
    if in_port:
        why = port_refusal(state, power, defender, place, data)
        if why is not None:
            return Refused("attack", why)
    leaders = captains_aboard(state, power, order.captains, data, carriers)
    if isinstance(leaders, Refused):
        return leaders
    spent = next((c for c in leaders if attacks_left(state, c) <= 0), None)
    if spent is not None:
        name = label(data, spent.kind, spent.number)
        return Refused("no-attacks", f"{name} has led all its attacks this turn (L1727)")
    ships = [p for p in state.pieces if p.owner == defender and p.location == place and p.aboard is None]
    if not any(p.vf for p in ships):
        return Refused("attack", f"{defender} has no ships with VF aboard in {place}")
    away = [p for p in carriers if p.location != place]
    if away:
        entry = check_convoy(world_of(data, state), [mover_in(state, data, p) for p in away], (place,))
        if not entry.ok:
            return Refused("attack", entry.reason)
        for piece, judged in zip(away, entry.checks, strict=True):
            state = spend(state, piece, judged.cost)  # L1661: paid before any roll
    fighting = sum(p.vf for p in carriers) - len(carriers)  # R102, R136
    if fighting <= 0:
        return Refused(
            "attack", f"{', '.join(order.pieces)} carry no VF to fight (1 stays aboard each, R102)"
        )
    plan, _ = plan_of(plans, order.plan)
    turn = war_turn(state)
    battle = Battle(
        number=1 + sum(turn.battles.values()),
        kind=Kind.NAVAL,
        ground=False,
        in_port=in_port,
        attackers=(
            force_of(
                state,
                power,
                fighting,
                leaders,
                data,
                plan=plan,
                galleys=tuple(p.level for p in carriers if p.kind == "galley"),
            ),
        ),
        defenders=(
            force_of(
                state,
                defender,
                sum(p.vf for p in ships),
                [c for s in ships for c in riders(state, s) if c.kind == CAPTAIN],
                data,
                galleys=tuple(p.level for p in ships if p.kind == "galley"),
                transports=len(ships),
            ),
        ),
    )
    outcome = fight(battle, dice, data.cards)
    battles = {**turn.battles, power: turn.battles.get(power, 0) + 1}
    state = state.evolve(war=turn.model_copy(update={"battles": battles}))
    for c in leaders:
        state = led(state, c)
    att, dfn = outcome.force(power), outcome.force(defender)
    state = take_aboard(state, carriers, att.lost + att.captured, keep=1)
    gone = dfn.lost + dfn.captured + dfn.retreated
    state = take_aboard(state, ships, gone, keep=1)  # each ship keeps 1 while it can (L1683)
    state = take_aboard(state, reread(state, ships), gone - _taken(ships, reread(state, ships)), keep=0)
    state, told = settle(state, data, power, defender, outcome)
    events: list[Event] = [
        fought_event(power, defender, place, outcome, Kind.NAVAL, carriers[0].location or ""),
        *told,
    ]
    lost_aboard: list[str] = []
    for ship in reread(state, ships):
        if ship.vf == 0:
            name = label(data, ship.kind, ship.number)
            state, riders_lost = _lose_riders(state, ship, data)
            lost_aboard += [f"{g} with {name}" for g in riders_lost]
            state = abandon(state, ship, name)
            events.append(TransportAbandoned(power=defender, piece=name, place=place, phase="combat"))
    if outcome.winner is Side.ATTACKER:
        for piece in reread(state, carriers):  # the winners hold the zone (L1661)
            state = relocate(state.with_piece(piece, location=place), piece, place)
            state = spend(state, piece, 0, moved=True)
    state, lifted = leaderless(state, data)
    events += lifted
    words = ", ".join(f"{f.power} lost {f.lost + f.captured} VF" for f in outcome.forces)
    lost = f"; {defender} loses {', '.join(lost_aboard)} (R193)" if lost_aboard else ""
    return Done(
        state, tuple(events), f"{outcome.winner.value} wins in {len(outcome.rounds)} rounds ({words}){lost}"
    )


def _lose_riders(state: MedioevoState, carrier: Piece, data: DataSet) -> tuple[MedioevoState, list[str]]:
    """A ship left without VF keeps nothing of its owner's (L1683, ex L1699-1701: only the last VF
    saves the captain aboard): its captains, siege engines and land transports, with what they
    carry, leave the board (R193). Their names, for the step's note."""
    gone: list[str] = []
    for rider in riders(state, carrier):
        state, deeper = _lose_riders(state, rider, data)
        gone += [label(data, rider.kind, rider.number), *deeper]
        state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != rider.key()))
    return state, gone


def port_refusal(state: MedioevoState, power: str, defender: str, port: str, data: DataSet) -> str | None:
    """Why ``power`` may not attack ``defender``'s ships in the port of ``port`` (L2021, R190), or
    None: the ships must be guests there, in a port whose owner is ``power`` or lets it pass."""
    terr = data.board.territories[port]
    if not terr.port:
        return f"{terr.name} has no port"
    owner = state.territories.get(port, TerritoryState()).owner
    if owner is None:
        return (
            f"{terr.name}'s port is the barbarians': attack {terr.name} itself (ATTACK {port}) to reach "
            "the ships in it (L2021)"
        )
    if owner == defender:
        return (
            f"{defender}'s ships are at home in {terr.name}: attack the port and its settlement "
            f"(ATTACK {port}) to reach them (L2021)"
        )
    if owner != power and not relations_of(state).may_pass(power, owner):
        return (
            f"{terr.name} is {owner}'s, who grants {power} no passage: its guests' ships are attacked "
            "in port only with a Passage pact (L2021, ex L2043)"
        )
    return None


def _taken(before: Sequence[Piece], after: Sequence[Piece]) -> int:
    return sum(p.vf for p in before) - sum(p.vf for p in after)
