"""ATTACK on another power's transport in barbarian land (seed 002 L1657, L1683-1685, L1699-1701,
L1731, L1858-1862; digest P4; rulings R99, R110, R147, R175).

``ATTACK venice cart 2 FROM cart 1 WITH captain 1``: the attacking transports must stand in the
same territory, one no power owns (L1657: nothing to enter, so no PM); at sea it is a ``NAVAL
ATTACK``, in a power's territory an attack on the territory. The defender fights with all its VF
there, on the ground and aboard (L1731), by its doctrine there, and does not retreat. As at sea,
each of its transports needs 1 VF (L1683-1685): after the battle its VF left guard its
transports one each, in the order of its doctrine's ``LAST ARMY ON`` first, then the war
transport carrying a captain, then the most valuable (ex L1699-1701, R99); a transport left
unguarded is ownerless (a wreck anyone may claim, R110) and what rode aboard it is lost with it
(ex L1699: the last VF kept on the war transport "to save the captain"). When none of its VF is
left the attacker takes its transports there as a conquest (L1858): destroyed, sacked or
conquered by the plan's ``TAKEN`` (R106); each conquered transport gets 1 VF from the attacking
transports (beyond the 1 each keeps, R102) while they have some, and is otherwise left ownerless
(R175). No CB: no territory of a kingdom is attacked (R119).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import captains, clauses, defence, spoils
from adjudicator.rulesets.medioevo.war.attack_outcome import (
    Sortie,
    force_of,
    fought_event,
    reread,
    settle,
    take_aboard,
)
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Kind, Side
from adjudicator.rulesets.medioevo.war.cargo_state import CARRIED, Done, Refused, riders, war_turn
from adjudicator.rulesets.medioevo.war.conquest import DISC_VALUE, protected
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.events import TransportAbandoned
from adjudicator.rulesets.medioevo.war.moves import abandon
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.plans import clauses_of, losses_order, plan_of

WAR_TRANSPORTS = ("war_wagon", "galley")  # L1598, L1726: the war transports


def target_piece(state: MedioevoState, data: DataSet, target: str) -> Piece | Refused:
    """The transport ``venice cart 2`` names."""
    owner, _, name = target.partition(" ")
    piece = piece_named(data, state, owner, name) if owner in state.powers else None
    if piece is None or piece.kind in CARRIED:
        return Refused("no-piece", f"there is no transport {target}")
    if piece.aboard is not None:
        return Refused("attack", f"{target} rides aboard another transport: attack that one")
    return piece


def place_refusal(
    state: MedioevoState, data: DataSet, power: str, piece: Piece, target: str
) -> Refused | None:
    """Where a transport may be attacked on its own (L1657): in a territory no power owns."""
    where = piece.location
    if where not in data.board.territories:
        return Refused("attack", f"{target} is at sea in {where}: a NAVAL ATTACK takes it (L2008)")
    holder = state.territories[where].owner if where in state.territories else None
    if holder is not None:
        return Refused("attack", f"{target} stands in {where}, {holder}'s: attack the territory (L1655)")
    if not state.at_war(power, piece.owner):
        return Refused(
            "not-at-war",
            f"{power} is not at war with {piece.owner}: a WAR {piece.owner} step before the attack"
            " declares it by surprise (L1568, L636)",
        )
    return None


def transports_at(state: MedioevoState, power: str, place: str) -> list[Piece]:
    return [
        p
        for p in state.pieces_of(power)
        if p.location == place and p.aboard is None and p.kind not in CARRIED
    ]


def guard_order(state: MedioevoState, data: DataSet, owner: str, place: str) -> list[Piece]:
    """The owner's transports at ``place`` in the order its last VF guard them (ex L1699-1701)."""
    boats = transports_at(state, owner, place)
    wished = standing(state, owner, data, place=place).get("LAST ARMY")
    first = wished.piece if isinstance(wished, clauses.LastArmy) else ""

    def rank(p: Piece) -> tuple[bool, bool, int]:
        led = p.kind in WAR_TRANSPORTS and any(r.kind == CAPTAIN for r in riders(state, p))
        cost = next((t.cost for t in data.transports.values() if (t.kind, t.level) == (p.kind, p.level)), 0)
        return (
            label(data, p.kind, p.number) != first,
            not led,
            -(cost + DISC_VALUE * (p.pm + p.armies + p.goods)),
        )

    return sorted(boats, key=rank)


def regroup(state: MedioevoState, data: DataSet, owner: str, place: str) -> tuple[MedioevoState, list[Event]]:
    """The owner's VF left aboard guard its transports one each, in ``guard_order``; the ones left
    unguarded are abandoned with what they carry (L1683-1685, ex L1699)."""
    boats = guard_order(state, data, owner, place)
    pool = sum(p.vf for p in boats)
    kept, lost = protected(tuple(label(data, p.kind, p.number) for p in boats), pool)
    guards = [p for p in boats if label(data, p.kind, p.number) in kept]
    extra = pool - len(guards)
    for p in guards:
        more = min(extra, max(0, p.vf - 1))
        state = state.with_piece(p, vf=1 + more)
        extra -= more
    if guards and extra:
        first = reread(state, guards[:1])[0]
        state = state.with_piece(first, vf=first.vf + extra)
    events: list[Event] = []
    for p in boats:
        name = label(data, p.kind, p.number)
        if name not in lost:
            continue
        aboard = {r.key() for r in riders(state, p)}
        state = state.evolve(pieces=tuple(q for q in state.pieces if q.key() not in aboard))
        state = abandon(state.with_piece(p, vf=0), p, name)
        events.append(TransportAbandoned(power=owner, piece=name, place=place, phase="combat"))
    return state, events


def transport_attack(
    state: MedioevoState, who: Sortie, data: DataSet, dice: Dice, plans: Sequence[PlanLine]
) -> Done | Refused:
    """The attack on ``who.order.target``, a transport, by ``who.carriers`` led by
    ``who.leaders`` (checked by ``attacks.attack``: named, aboard, captains' attacks left)."""
    power, order, carriers, leaders = who.power, who.order, who.carriers, who.leaders
    piece = target_piece(state, data, order.target)
    if isinstance(piece, Refused):
        return piece
    why = place_refusal(state, data, power, piece, order.target)
    if why is not None:
        return why
    place, owner = piece.location, piece.owner
    away = [label(data, p.kind, p.number) for p in carriers if p.location != place]
    if away:
        return Refused("attack", f"{', '.join(away)} must stand in {place} to attack {order.target} (L1657)")
    fighting = sum(p.vf for p in carriers) - len(carriers)  # R102
    if fighting <= 0:
        return Refused(
            "attack", f"{', '.join(order.pieces)} carry no VF to fight (1 stays aboard each, R102)"
        )
    plan, _ = plan_of(plans, order.plan)
    chosen = clauses_of(plans, order.plan)
    boats = transports_at(state, owner, place)
    side = defence.defender_at(state, data, owner, place, fighting, retreat=False, transports=len(boats))
    turn = war_turn(state)
    battle = Battle(
        number=1 + sum(turn.battles.values()),
        kind=Kind.FIELD,
        attackers=(force_of(state, power, fighting, leaders, data, plan=plan),),
        defenders=(side.force,),
        ground=False,
    )
    outcome = fight(battle, dice, data.cards) if side.force.vf else None
    state = state.evolve(
        war=turn.model_copy(update={"battles": {**turn.battles, power: turn.battles.get(power, 0) + 1}})
    )
    state = captains.spend_attacks(
        state, captains.leaders_of(plan, leaders, captains.rolls_led(outcome), data)
    )
    events: list[Event] = []
    if outcome is not None:
        att = outcome.force(power)
        order_first = losses_order(chosen)
        state = take_aboard(state, carriers, att.lost + att.captured, keep=1, order=order_first, data=data)
        state = defence.apply(state, data, place, [side], outcome)
        state, told = settle(state, data, power, owner, outcome)
        events += [fought_event(power, owner, place, outcome, origin=place), *told]
    left = sum(p.vf for p in transports_at(state, owner, place)) + (
        state.territories[place].armies.get(owner, 0) if place in state.territories else 0
    )
    if left > 0:
        state, more = regroup(state, data, owner, place)
        return Done(state, (*events, *more), f"{order.target} holds ({left} VF left)")
    if outcome is None:
        state = captains.promote_unopposed(state, data, power, leaders)
    return _take(state, data, power, owner, place, carriers, chosen, events, order.target)


def _take(
    state: MedioevoState,
    data: DataSet,
    power: str,
    owner: str,
    place: str,
    carriers: list[Piece],
    chosen: Sequence[clauses.PlanClause],
    events: list[Event],
    target: str,
) -> Done:
    """No VF of the owner left: its transports there are the attacker's spoils (L1858, R175)."""
    before = {p.key() for p in state.pieces_of(power)}
    taken = [c for c in chosen if isinstance(c, clauses.Taken)]
    state, more = spoils.take_spoils(state, data, power, owner, place, taken, buildings=False)
    events += more
    for new in [p for p in state.pieces_of(power) if p.key() not in before and p.kind not in CARRIED]:
        spare = next((c for c in reread(state, carriers) if c.vf > 1), None)
        name = label(data, new.kind, new.number)
        if spare is None:
            state = abandon(state, new, name)
            events.append(TransportAbandoned(power=power, piece=name, place=place, phase="combat"))
            continue
        state = state.with_piece(spare, vf=spare.vf - 1)
        state = state.with_piece(state.piece(*new.key()) or new, vf=1)
    state = spoils.note_heir(state, data, power, owner)
    won = Side.ATTACKER.value
    return Done(state, tuple(events), f"{won} takes {owner}'s transports in {place} ({target})")
