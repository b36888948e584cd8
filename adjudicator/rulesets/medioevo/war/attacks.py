"""The attack steps of a combat script on the game state: ATTACK (land) and WAR (surprise war)
(seed 002 L1568, L636, L1649-1846; docs/war.md §4.4; rulings R100, R102, R136).

ATTACK builds one :class:`battle_models.Battle` from the state: the attacker's VF aboard the
attacking transports, 1 of each transport's staying aboard (R102, R136, ex L1689-1691); the
defender's VF on the ground and aboard its transports in the territory; the captains aboard and
there; each side's technologies, LT and hand; the attacker's plan clauses (``PLAN``, §3.2) else
the defaults (R100); the defender's doctrine defaults (R99). ``battle.fight`` rolls it; the
outcome is applied: VF lost, prisoners to ``PowerState.prisoners``, captains' levels, cards, PO,
and on a win with VF left the conquest (owner change, ``OCCUPY`` VF put down, L1846).

Not yet (docs/war.md §11): attacks on transports and on barbarian or fortified territories
(SIEGE/ASSAULT), allies and third parties defending, pre-battle retreats, spoils of the buildings
and pieces taken (``conquest.spoils``/``dispose``), captains' attack limits (L1727).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattleOutcome,
    BattlePlan,
    Captain,
    Force,
    Kind,
    Side,
    Withdraw,
)
from adjudicator.rulesets.medioevo.war.cargo_state import (
    Done,
    Refused,
    add_ground,
    carrier_ref,
    ground,
    key_of,
    mover_in,
    relocate,
    spend,
    transport,
    war_turn,
)
from adjudicator.rulesets.medioevo.war.convoy import check_convoy
from adjudicator.rulesets.medioevo.war.declaration import declare_war
from adjudicator.rulesets.medioevo.war.events import BattleFought, TerritoryConquered, battle_record
from adjudicator.rulesets.medioevo.war.fortress import fortification_level
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from adjudicator.rulesets.medioevo.war.orders import Attack, PlanLine, SurpriseWar

NOT_YET = "not-yet"
DEFAULT_OCCUPY = 1  # L1846: at least 1 VF holds the conquered territory (R100's default)


def surprise_war(state: MedioevoState, power: str, order: SurpriseWar, data: DataSet) -> Done | Refused:
    """``WAR power``: war declared in the combat phase, with the surprise malus (L1568, L636)."""
    target = order.power
    if target == power or target not in state.powers:
        return Refused("war", f"{target} is not another power of the game")
    if state.at_war(power, target):
        return Refused("war", f"{power} is already at war with {target}")
    ledger = Ledger(state, data)
    declare_war(ledger, power, target, [None], surprise=True)
    return Done(ledger.state, tuple(ledger.events), f"war on {target} by surprise")


def plan_of(lines: Sequence[PlanLine], name: str) -> tuple[BattlePlan, int]:
    """The battle plan ``name`` from the PLAN lines (a later line replaces the earlier one of the
    same clause, §3.2), and the VF to occupy with; defaults where a clause is not given (R100)."""
    plan, occupy = BattlePlan(), DEFAULT_OCCUPY
    for line in lines:
        if line.plan != name:
            continue
        c = line.clause
        if isinstance(c, clauses.Withdraw) and c.how.upper() == "AFTER":
            plan = replace(plan, withdraw=Withdraw(after_rounds=c.n))
        elif isinstance(c, clauses.Withdraw) and c.how.upper() == "BELOW":
            plan = replace(plan, withdraw=Withdraw(below_vf=c.n))
        elif isinstance(c, clauses.Captains):
            plan = replace(plan, leaders=c.captains)
        elif isinstance(c, clauses.Cards) and c.when is None and c.rounds.upper() == "ALL":
            plan = replace(plan, rounds=(c.cards,))
        elif isinstance(c, clauses.Occupy):
            occupy = c.vf
    return plan, occupy


def force_of(
    state: MedioevoState, power: str, vf: int, captains: Iterable[Piece], data: DataSet, **more: Any
) -> Force:
    """One side of a battle as ``power`` holds it now: its LT, technologies and hand, the
    ``vf`` that fight and the ``captains`` that lead them; ``more``: the battle's own facts
    (plan, galleys, ownership …, battle_models.Force)."""
    held = state.powers[power]
    leaders = tuple(Captain(label(data, c.kind, c.number), c.level) for c in captains)
    return Force(
        power=power,
        vf=vf,
        lt=held.tech_level,
        technologies=frozenset(held.techs),
        hand=held.cards,
        captains=leaders,
        **more,
    )


def attack(
    state: MedioevoState,
    power: str,
    order: Attack,
    data: DataSet,
    dice: Dice,
    plans: Sequence[PlanLine] = (),
) -> Done | Refused:
    """``ATTACK territory FROM transports WITH captains [PLAN p]`` on a power's territory."""
    target = order.target
    if target not in data.board.territories:
        return Refused(NOT_YET, f"the judge does not run attacks on transports yet ({target})")
    terr = state.territories.get(target, TerritoryState())
    defender = terr.owner
    if defender == power:
        return Refused("attack", f"{target} is {power}'s own territory")
    if defender is None:
        return Refused(NOT_YET, f"{target} is barbarian: the judge does not run attacks on barbarians yet")
    if not state.at_war(power, defender):
        return Refused(
            "not-at-war",
            f"{power} is not at war with {defender}, which holds {target}: a WAR {defender} step"
            " before the attack declares it by surprise (L1568, L636)",
        )
    if fortification_level(terr.buildings, data):
        return Refused(NOT_YET, f"{target} is fortified: SIEGE and ASSAULT steps are not run yet")
    carriers = carriers_named(state, power, order.pieces, data)
    if isinstance(carriers, Refused):
        return carriers
    leaders = captains_aboard(state, power, order.captains, data, carriers)
    if isinstance(leaders, Refused):
        return leaders
    # The entry as a move into the target once it is taken: the attack is what lets the transports
    # in (L1655), so the target's owner is not asked (its terrain, river and strait are, L1661).
    world = world_of(data, state.with_territory(target, owner=power))
    entry = check_convoy(world, [mover_in(state, data, p) for p in carriers], (target,))
    if not entry.ok:
        return Refused("attack", entry.reason)
    for piece, judged in zip(carriers, entry.checks, strict=True):
        state = spend(state, piece, judged.cost)  # L1661: the entry is paid before any roll
    plan, occupy = plan_of(plans, order.plan)
    fighting = sum(p.vf for p in carriers) - len(carriers)  # R102, R136: 1 VF stays aboard each
    if fighting <= 0:
        return Refused(
            "attack", f"{', '.join(order.pieces)} carry no VF to fight (1 stays aboard each, R102)"
        )
    boats = _defending_carriers(state, defender, target)
    turn = war_turn(state)
    number = 1 + sum(turn.battles.values())
    battle = Battle(
        number=number,
        kind=Kind.FIELD,
        attackers=(force_of(state, power, fighting, leaders, data, plan=plan),),
        defenders=(
            force_of(
                state,
                defender,
                ground(state, defender, target) + sum(p.vf for p in boats),
                [c for c in state.pieces_of(defender, CAPTAIN) if c.location == target],
                data,
                owner=True,
            ),
        ),
    )
    outcome = None if battle.defenders[0].vf == 0 else fight(battle, dice, data.cards)
    state = state.evolve(
        war=turn.model_copy(update={"battles": {**turn.battles, power: turn.battles.get(power, 0) + 1}})
    )
    for c in leaders:
        state = count_attack(state, c)
    events: list[Event] = []
    if outcome is not None:
        state = _apply(state, data, power, defender, target, carriers, boats, outcome)
        events.append(fought_event(power, defender, target, outcome, origin=carriers[0].location or ""))
        won = outcome.winner is Side.ATTACKER
    else:
        won = True
    left = sum(p.vf for p in reread(state, carriers)) - len(carriers)
    if not won or left <= 0:
        return Done(state, tuple(events), _note(outcome, target, conquered=False))
    state, put = _conquer(state, power, target, reread(state, carriers), min(occupy, left))
    events.append(
        TerritoryConquered(power=power, territory=target, taken_from=defender, occupying=put, phase="combat")
    )
    return Done(state, tuple(events), _note(outcome, target, conquered=True))


def carriers_named(
    state: MedioevoState, power: str, names: Sequence[str], data: DataSet
) -> list[Piece] | Refused:
    if len(set(names)) < len(names):
        return Refused("attack", f"a transport is named twice in {', '.join(names)}")
    found: list[Piece] = []
    for name in names:
        piece = transport(state, data, power, name)
        if isinstance(piece, Refused):
            return piece
        found.append(piece)
    return found


def captains_aboard(
    state: MedioevoState, power: str, names: Sequence[str], data: DataSet, carriers: Sequence[Piece]
) -> list[Piece] | Refused:
    """The captains named: each aboard one of the attacking transports (L1727)."""
    refs = {carrier_ref(p) for p in carriers}
    found: list[Piece] = []
    for name in names:
        piece = piece_named(data, state, power, name)
        if piece is None or piece.kind != CAPTAIN:
            return Refused("no-piece", f"{power} has no {name}")
        if piece.aboard not in refs:
            return Refused("attack", f"{name} is not aboard the attacking transports")
        found.append(piece)
    return found


def _defending_carriers(state: MedioevoState, defender: str, target: str) -> list[Piece]:
    """The defender's transports in the territory (not those riding aboard another)."""
    return [
        p for p in state.pieces if p.owner == defender and p.location == target and p.vf and p.aboard is None
    ]


def reread(state: MedioevoState, pieces: Sequence[Piece]) -> list[Piece]:
    return [p for p in state.pieces if any(key_of(p) == key_of(q) for q in pieces)]


def count_attack(state: MedioevoState, captain: Piece) -> MedioevoState:
    turn = war_turn(state)
    key = key_of(captain)
    return state.evolve(
        war=turn.model_copy(update={"attacks": {**turn.attacks, key: turn.attacks.get(key, 0) + 1}})
    )


def take_aboard(state: MedioevoState, pieces: Sequence[Piece], vf: int, keep: int) -> MedioevoState:
    """Take ``vf`` VF off ``pieces``, the one with most VF aboard first (L1760's default), each
    keeping ``keep``."""
    for piece in sorted(pieces, key=lambda p: -p.vf):
        if vf <= 0:
            break
        off = min(vf, max(0, piece.vf - keep))
        state = state.with_piece(piece, vf=piece.vf - off)
        vf -= off
    return state


def _apply(
    state: MedioevoState,
    data: DataSet,
    power: str,
    defender: str,
    target: str,
    carriers: Sequence[Piece],
    boats: Sequence[Piece],
    outcome: BattleOutcome,
) -> MedioevoState:
    """The outcome on the state: VF lost and captured off the attacker's transports (1 stays
    aboard each, R102) and off the defender's ground first, then aboard (L1760's default)."""
    att, dfn = outcome.force(power), outcome.force(defender)
    state = take_aboard(state, carriers, att.lost + att.captured, keep=1)
    gone = dfn.lost + dfn.captured + dfn.retreated  # no retreat by default (R99); TODO destinations
    on_ground = min(gone, ground(state, defender, target))
    state = add_ground(state, defender, target, -on_ground)
    state = take_aboard(state, boats, gone - on_ground, keep=0)
    return settle(state, data, power, defender, outcome)


def settle(
    state: MedioevoState, data: DataSet, power: str, defender: str, outcome: BattleOutcome
) -> MedioevoState:
    """What a battle leaves besides the VF: prisoners to their captors (L1772), cards (A-19), the
    PO of a retreat before the battle (L2059), captains' levels (0: back to the reserve, L1780)."""
    att, dfn = outcome.force(power), outcome.force(defender)
    for force, other in ((att, defender), (dfn, power)):
        held = state.powers[force.power]
        prisoners = dict(held.prisoners)
        if force.prisoners:
            prisoners[other] = prisoners.get(other, 0) + force.prisoners
        discards = (*state.discards, *dict.fromkeys((*force.cards_lost, *force.cards_discarded)))
        state = state.with_power(force.power, prisoners=prisoners, cards=force.hand)
        state = state.evolve(discards=discards)
    if outcome.attacker_po:
        state = state.with_power(power, honor=state.powers[power].honor + outcome.attacker_po)
    for change in outcome.captains:
        piece = next(
            (
                p
                for p in state.pieces_of(change.power, CAPTAIN)
                if label(data, p.kind, p.number) == change.name
            ),
            None,
        )
        if piece is None:
            continue
        if change.level_after == 0:
            state = state.evolve(pieces=tuple(p for p in state.pieces if p is not piece))
        else:
            state = state.with_piece(piece, level=change.level_after)
    return state


def _conquer(
    state: MedioevoState, power: str, target: str, carriers: Sequence[Piece], occupy: int
) -> tuple[MedioevoState, int]:
    """The winner takes the territory and puts ``occupy`` VF down from its transports (L1844-1846).
    TODO (docs/war.md §11): the buildings and pieces taken (``conquest.spoils``/``dispose``)."""
    state = take_aboard(state, carriers, occupy, keep=1)
    for piece in reread(state, carriers):  # the transports enter what they took (L1661)
        state = relocate(state.with_piece(piece, location=target), piece, target)
        state = spend(state, piece, 0, moved=True)
    state = add_ground(state, power, target, occupy)
    state = state.with_territory(target, owner=power)
    turn = war_turn(state)
    return state.evolve(
        war=turn.model_copy(update={"arrivals": (*turn.arrivals, (target, power, occupy))})
    ), occupy


def fought_event(
    power: str, defender: str, target: str, outcome: BattleOutcome, kind: Kind = Kind.FIELD, origin: str = ""
) -> BattleFought:
    detail, rams, notes = battle_record(outcome)
    return BattleFought(
        attacker=power,
        defender=defender,
        territory=target,
        winner=outcome.winner.value,
        end=outcome.end.value,
        lost={f.power: f.lost for f in outcome.forces},
        captured={f.power: f.captured for f in outcome.forces},
        prisoners={f.power: f.prisoners for f in outcome.forces},
        rounds=tuple(r.words for r in outcome.rounds),
        battle=kind.value,
        origin=origin,
        detail=detail,
        rams=rams,
        notes=notes,
        phase="combat",
    )


def _note(outcome: BattleOutcome | None, target: str, conquered: bool) -> str:
    if outcome is None:
        fought = f"{target} undefended"
    else:
        losses = ", ".join(f"{f.power} lost {f.lost + f.captured} VF" for f in outcome.forces)
        fought = f"{outcome.winner.value} wins in {len(outcome.rounds)} rounds ({losses})"
    return f"{fought}; {target} conquered" if conquered else fought
