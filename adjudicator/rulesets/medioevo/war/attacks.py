"""The attack steps of a combat script on the game state: ATTACK (land) and WAR (surprise war)
(seed 002 L1568, L636, L1641-1862, L2057-2083; docs/war.md §4.4; rulings R100, R102-R107, R113,
R119, R136, R170-R174).

ATTACK builds one :class:`battle_models.Battle` from the state: the attacker's VF aboard the
attacking transports, 1 of each transport's staying aboard (R102, R136, ex L1689-1691); the
defenders and their doctrines (``war/defence.py``: the owner, allies that help, or the barbarians
who rise, ``war/barbarians.py``); the captains, each within its attacks of the turn
(``war/captains.py``, L1727-1729); each side's technologies, LT and hand; the attacker's plan
clauses (``PLAN``, §3.2) else the defaults (R100). ``battle.fight`` rolls it; the outcome is
applied (``attack_outcome.py``): VF lost, prisoners, captains' levels, cards, PO, the CB of the
attacked kingdom's co-religionists (R119); on a win with VF left the conquest: owner change,
``OCCUPY`` VF put down (L1846), then the spoils, a capital and an heir (``war/spoils.py``).

An attack on another power's transport in barbarian land is ``war/transport_attack.py``'s (P4);
on a fortified territory, ``war/fort_attack.py``'s (the plan's ``FORT`` clause: a siege or an
assault with the same force, R100, R211). Not yet (docs/war.md §11): pre-battle retreats aboard
transports (``RETREAT ON``), reaction cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.barbarians import activation as barbarian_land
from adjudicator.rulesets.medioevo.church import war_hooks as church_war
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.variants import TERRAIN_MODIFIERS, on
from adjudicator.rulesets.medioevo.war import (
    barbarians,
    captains,
    clauses,
    defence,
    fort_attack,
    reserves,
    spoils,
)
from adjudicator.rulesets.medioevo.war.attack_outcome import (
    Sortie,
    count_attack,
    force_of,
    fought_event,
    hold,
    reread,
    settle,
    take_aboard,
)
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattleOutcome,
    Kind,
    Side,
)
from adjudicator.rulesets.medioevo.war.cargo_state import (
    Done,
    Refused,
    carrier_ref,
    mover_in,
    relocate,
    spend,
    transport,
    war_turn,
)
from adjudicator.rulesets.medioevo.war.convoy import check_convoy
from adjudicator.rulesets.medioevo.war.declaration import declare_war
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.drought_war import parched_battle
from adjudicator.rulesets.medioevo.war.events import TerritoryConquered
from adjudicator.rulesets.medioevo.war.events_conquest import BarbariansAppear
from adjudicator.rulesets.medioevo.war.forced_exits import attack_refusal
from adjudicator.rulesets.medioevo.war.fortress import fortification_level
from adjudicator.rulesets.medioevo.war.infiltrato import gates_open
from adjudicator.rulesets.medioevo.war.loading import attack_entry_pm, landing_pm
from adjudicator.rulesets.medioevo.war.movement_state import world_of, world_taking
from adjudicator.rulesets.medioevo.war.orders import Attack, PlanLine, SurpriseWar
from adjudicator.rulesets.medioevo.war.plans import clauses_of, losses_order, plan_of
from adjudicator.rulesets.medioevo.war.siege import BOMBARD
from adjudicator.rulesets.medioevo.war.terrain_battle import with_terrain
from adjudicator.rulesets.medioevo.war.transport import left
from adjudicator.rulesets.medioevo.war.transport_attack import transport_attack

NOT_YET = "not-yet"
__all__ = [  # count_attack … take_aboard: shared with naval_attack.py, which imports them from here
    "NOT_YET",
    "attack",
    "captains_aboard",
    "carriers_named",
    "count_attack",
    "force_of",
    "fought_event",
    "plan_of",
    "reread",
    "settle",
    "surprise_war",
    "take_aboard",
]


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


def attack(
    state: MedioevoState,
    power: str,
    order: Attack,
    data: DataSet,
    dice: Dice,
    plans: Sequence[PlanLine] = (),
) -> Done | Refused:
    """``ATTACK territory FROM transports WITH captains [PLAN p]`` on a power's or the
    barbarians' unfortified territory, or on another power's transport (``transport_attack``)."""
    excommunicated = church_war.barred(state, power)  # L2219, R312
    if excommunicated is not None:
        return excommunicated
    target = order.target
    terr = state.territories.get(target, TerritoryState())
    owner = terr.owner
    land = target in data.board.territories
    own = land and owner == power
    if own and not defence.intruders(state, data, power, target, 0):
        peace = defence.at_peace_there(state, power, target)
        if peace:  # L1828: beaten the barbarians, A must declare war on B to attack it
            return Refused(
                "not-at-war",
                f"{', '.join(peace)} stand(s) in {target} at peace with {power}: a WAR {peace[0]} "
                "step before the attack declares it by surprise (L1828, L636)",
            )
        return Refused("attack", f"{target} is {power}'s own territory, with no enemy VF in it")
    if land and owner is not None and not own and not state.at_war(power, owner):
        return Refused(
            "not-at-war",
            f"{power} is not at war with {owner}, which holds {target}: a WAR {owner} step"
            " before the attack declares it by surprise (L1568, L636)",
        )
    walls = land and not own and bool(fortification_level(terr.buildings, data))
    fortified = walls and not gates_open(state, power, target)  # INFILTRATO opened them (R241)
    policy = fort_attack.fort_policy(plans, order.plan) if fortified else ""
    if policy == fort_attack.STOP:
        return Refused("fortified", f"{target} is fortified and plan {order.plan} says FORT STOP (L1924)")
    carriers = carriers_named(state, power, order.pieces, data)
    if isinstance(carriers, Refused):
        return carriers
    leaders = captains_aboard(state, power, order.captains, data, carriers)
    if isinstance(leaders, Refused):
        return leaders
    state = captains.start(state, leaders)
    busy = captains.refusal(state, leaders, data)
    if busy is not None:
        return busy
    if not land:
        return transport_attack(state, Sortie(power, order, carriers, leaders), data, dice, plans)
    # The entry as a move into the target once it is taken: the attack is what lets the transports
    # in (L1655), so the target's owner is not asked (its terrain, river and strait are, L1661).
    world = world_taking(data, state, power, (target,))
    outside = [p for p in carriers if p.location != target]  # those inside pay nothing (L1828)
    entry = check_convoy(world, [mover_in(state, data, p) for p in outside], (target,)) if outside else None
    if entry is not None and not entry.ok:
        return Refused("attack", entry.reason)
    fighting = sum(p.vf for p in carriers) - len(carriers)  # R102, R136: 1 VF stays aboard each
    if fighting <= 0:
        return Refused(
            "attack", f"{', '.join(order.pieces)} carry no VF to fight (1 stays aboard each, R102)"
        )
    movers = [mover_in(state, data, p) for p in outside]
    checks = entry.checks if entry else ()
    costs = [attack_entry_pm(world, m, target, j.cost) for m, j in zip(movers, checks, strict=True)]
    short = next((m for m, c in zip(movers, costs, strict=True) if c > left(data, m)), None)
    if short is not None:  # only at the variant's landing price (L3198): the move's was checked
        name = label(data, short.piece.kind, short.piece.number)
        why = f"to attack {target} from the sea (ATTRACCO DIFFICOLTOSO, L3198)"
        return Refused(
            "attack", f"{name} has {left(data, short)} PM left, needs {landing_pm(world, target)} {why}"
        )
    for piece, cost in zip(outside, costs, strict=True):
        state = spend(state, piece, cost)  # L1661: the entry is paid before any roll
    if fortified:  # the FORT clause: a siege or an assault with this force (L1924, L2023)
        return fort_attack.at_walls(state, Sortie(power, order, carriers, leaders), data, dice, policy, plans)
    return _fight(state, Sortie(power, order, carriers, leaders), data, dice, plans, fighting)


def _bombards(state: MedioevoState, carriers: Sequence[Piece]) -> int:
    """The Bombards aboard the attacking transports: +1 each to the attacker's rolls in a field
    battle, at most its LT (L1677, ex L1800 "usa 1 Bombarda (+1 in attacco o in difesa)"; R138)."""
    aboard = {f"{c.kind}/{c.number}" for c in carriers}
    owner = carriers[0].owner if carriers else ""
    return sum(1 for p in state.pieces_of(owner, SIEGE) if p.level == BOMBARD and p.aboard in aboard)


def _reserves(
    state: MedioevoState,
    who: Sortie,
    chosen: Sequence[object],
    fighting: int,
    events: list[Event],
    data: DataSet,
) -> tuple[MedioevoState, int]:
    """RISERVE DI COMBATTIMENTO (variant, L3200-3210): the attacker's reserves aboard, then the
    owner's in the territory, at the battle's start; the attacker's fighting VF after them."""
    target = who.order.target
    state, added = reserves.for_attack(state, who.power, who.carriers, chosen, target, data)
    owner = state.territories[target].owner
    if owner is not None and owner != who.power:
        state, more = reserves.for_defence(state, owner, target, data)
        added += more
    events += added
    return state, fighting + sum(e.vf for e in added if e.power == who.power)


def _fight(
    state: MedioevoState, who: Sortie, data: DataSet, dice: Dice, plans: Sequence[PlanLine], fighting: int
) -> Done:
    power, order, carriers, leaders = who.power, who.order, who.carriers, who.leaders
    target = order.target
    owner = state.territories.get(target, TerritoryState()).owner
    own = owner == power  # enemy VF in one's own land (L1828, L2266, R230)
    events: list[Event] = []
    chiefs = barbarian_land.chiefs_at(state, target) if owner is None else ()  # L2358
    if owner is None:
        state, placed = barbarians.rise(state, data, target)
        if placed:
            events.append(BarbariansAppear(territory=target, vf=placed, attacker=power, phase="combat"))
    plan, occupy = plan_of(plans, order.plan)
    chosen = clauses_of(plans, order.plan)
    state, fighting = _reserves(state, who, chosen, fighting, events, data)
    carriers = [state.piece(*c.key()) or c for c in carriers]  # with the reserves aboard, in order
    if own:
        sides = defence.intruders(state, data, power, target, fighting)
    else:
        sides = defence.defenders(state, data, power, target, owner, fighting)
    loser = sides[0].force.power if own else owner or BARBARIANS
    turn = war_turn(state)
    battle = Battle(
        number=1 + sum(turn.battles.values()),
        kind=Kind.FIELD,
        attackers=(
            force_of(state, power, fighting, leaders, data, plan=plan, bombards=_bombards(state, carriers)),
        ),
        defenders=tuple(d.force for d in sides),
        ground=owner is not None and not own,
        buildings=bool(state.territories[target].usable()),  # TEMPLARE (L2758)
    )
    if on(state, TERRAIN_MODIFIERS):  # variant, L3260-3280
        origins = {c.location for c in carriers if c.location != target}
        battle = with_terrain(battle, world_of(data, state), origins, target)
    battle = parched_battle(battle, state, target)  # SICCITA: the defenders' -1 and double losses (L1352)
    fought = any(d.force.vf for d in sides)
    outcome = fight(battle, dice, data.cards) if fought else None
    state = state.evolve(
        war=turn.model_copy(update={"battles": {**turn.battles, power: turn.battles.get(power, 0) + 1}})
    )
    state = captains.spend_attacks(
        state, captains.leaders_of(plan, leaders, captains.rolls_led(outcome), data)
    )
    if outcome is not None:
        state, more = _after_battle(state, data, power, order, carriers, (sides, loser), outcome, chosen)
        events += more
    won = outcome is None or outcome.winner is Side.ATTACKER
    left = sum(p.vf for p in reread(state, carriers)) - len(carriers)
    if not won or left <= 0:
        return Done(state, tuple(events), _note(outcome, target, conquered=False))
    if own:  # the land stays the attacker's; the beaten side's pieces there are spoils (L1858)
        taken = [c for c in chosen if isinstance(c, clauses.Taken)]
        for beaten in [d.force.power for d in sides]:
            state, more = spoils.take_spoils(state, data, power, beaten, target, taken, buildings=False)
            state = spoils.note_heir(state, data, power, beaten)
            events += more
        return Done(state, tuple(events), _note(outcome, target, conquered=False))
    if outcome is None:
        state = captains.promote_unopposed(state, data, power, leaders)
    state, put = _conquer(state, power, target, reread(state, carriers), min(occupy, left))
    events.append(
        TerritoryConquered(power=power, territory=target, taken_from=loser, occupying=put, phase="combat")
    )
    taken = [c for c in chosen if isinstance(c, clauses.Taken)]
    capital = standing(state, owner, data).get("CAPITAL") if owner else None
    choice = {owner: capital.territory} if owner and isinstance(capital, clauses.Capital) else {}
    state, more = spoils.conquered(state, data, power, loser, target, taken, choice)
    for helper in [d.force.power for d in sides if d.force.power not in (loser, BARBARIANS)]:
        # the beaten side's helpers leave their pieces there too (L1848: "dello sconfitto")
        state, also = spoils.take_spoils(state, data, power, helper, target, taken, buildings=False)
        state = spoils.note_heir(state, data, power, helper)
        more += also
    if owner is None:  # the barbarians' treasure and activation (L2358, L2362)
        state, woke = barbarian_land.conquered(state, power, target, chiefs, dice, data)
        more = [*more, *woke]
    return Done(state, (*events, *more), _note(outcome, target, conquered=True))


def _after_battle(
    state: MedioevoState,
    data: DataSet,
    power: str,
    order: Attack,
    carriers: Sequence[Piece],
    beaten: tuple[Sequence[defence.Defender], str],
    outcome: BattleOutcome,
    chosen: Sequence[clauses.PlanClause],
) -> tuple[MedioevoState, list[Event]]:
    """The battle's outcome on the state: the attacker's losses off its transports (its
    ``LOSSES ORDER`` first, 1 VF staying aboard each, R102), the defenders' by their doctrines,
    prisoners, cards, captains; helpers' wars (R104) and the co-religionists' CB (R119, not for
    enemies beaten in one's own land). ``beaten``: the defending side and the power named first."""
    target = order.target
    owner = state.territories[target].owner
    sides, loser = beaten
    att = outcome.force(power)
    order_first = losses_order(chosen)
    state = take_aboard(state, carriers, att.lost + att.captured, keep=1, order=order_first, data=data)
    state = defence.apply(state, data, target, sides, outcome)
    state, told = settle(state, data, power, loser, outcome)
    origin = carriers[0].location if carriers else ""
    events: list[Event] = [fought_event(power, loser, target, outcome, origin=origin), *told]
    ledger = Ledger(state, data)
    for f in outcome.forces:
        if f.declared_war and f.power in state.powers and not ledger.state.at_war(f.power, power):
            declare_war(ledger, f.power, power, [None], surprise=True)  # L1826, R104
    if owner == power:
        return ledger.state, [*events, *ledger.events]
    state, more = captains.co_religionists_cb(ledger.state, data, power, owner, target)
    return state, [*events, *ledger.events, *more]


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
    late = attack_refusal(state, power, found, data)  # L1572
    return late if late is not None else found


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


def _conquer(
    state: MedioevoState, power: str, target: str, carriers: Sequence[Piece], occupy: int
) -> tuple[MedioevoState, int]:
    """The winner takes the territory and puts ``occupy`` VF down from its transports (L1844-1846)."""
    state, put = hold(state, power, target, carriers, occupy)
    for piece in reread(state, carriers):  # the transports enter what they took (L1661)
        state = relocate(state.with_piece(piece, location=target), piece, target)
        state = spend(state, piece, 0, moved=True)
    return state.with_territory(target, owner=power), put


def _note(outcome: BattleOutcome | None, target: str, conquered: bool) -> str:
    if outcome is None:
        fought = f"{target} undefended"
    else:
        losses = ", ".join(f"{f.power} lost {f.lost + f.captured} VF" for f in outcome.forces)
        fought = f"{outcome.winner.value} wins in {len(outcome.rounds)} rounds ({losses})"
    return f"{fought}; {target} conquered" if conquered else fought
