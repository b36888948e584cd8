"""The SIEGE, ASSAULT and LIFT SIEGE steps of a combat script on the game state (seed 002
L1886-2002; docs/war.md §3.1, §4.4; rulings R112, R115, R150, R151, R160, R161).

Each handler has the movement steps' shape (``war/moves.py``): ``(state, power, order, data, dice)
-> Done | Refused``, the board read when the step runs, nothing changed when refused. The pure
calculators decide: ``war/siege.refusal`` (a siege may be laid: walls, nobody outside, an engine,
superiority), ``war/fortress.split_garrison``/``assault_refusal`` (who is inside), and the assault's
rolls are ``battle.fight(Kind.ASSAULT)`` (docs/war.md §11's alignment: ``fight`` rolls, with the
cards and the technologies; ``fortress`` says who is inside).

What a step reads: the besieger's VF in the territory, on the ground and aboard its transports
there (A-52, R160); its siege engines there (on the ground or aboard); the defenders are the owner
and the powers standing there not at war with it (the owner first, R150).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war import orders
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Captain, Kind, Side
from adjudicator.rulesets.medioevo.war.captains import levels_after
from adjudicator.rulesets.medioevo.war.cargo_state import (
    CARRIED,
    Done,
    Refused,
    mover_in,
)
from adjudicator.rulesets.medioevo.war.events import battle_record
from adjudicator.rulesets.medioevo.war.events_sieges import (
    AssaultFought,
    SiegeDeclared,
    SiegeGoesOn,
    SiegeLifted,
)
from adjudicator.rulesets.medioevo.war.forced_exits import attack_refusal
from adjudicator.rulesets.medioevo.war.fortress import (
    assault_refusal,
    fortification_level,
    split_garrison,
    with_walls,
)
from adjudicator.rulesets.medioevo.war.records import BOTH, LAND, SEA, SiegeRoute
from adjudicator.rulesets.medioevo.war.siege import (
    Besieged,
    Besieger,
    Ground,
    Outcome,
    refusal,
    siege_step,
    siege_turn,
)
from adjudicator.rulesets.medioevo.war.siege_field import field_battle, force_of_power, siege_conquest
from adjudicator.rulesets.medioevo.war.siege_state import (
    attacks_left,
    defenders,
    engaged,
    engines_in,
    led,
    lose_engines,
    remove_vf,
    take_prisoners,
    vf_in,
)
from adjudicator.rulesets.medioevo.war.transport import stats

CONSTANTINOPLE = "costantinopoli"  # L1948: its walls fall at once only to 2 Bombarde
Handler = Callable[[MedioevoState, str, Any, DataSet, Dice | None], Done | Refused]


def target_of(state: MedioevoState, power: str, territory: str, data: DataSet) -> tuple[str, int] | Refused:
    """The territory's owner and its walls' level, or why ``power`` cannot besiege or assault it."""
    terr = state.territories.get(territory)
    if territory not in data.board.territories or terr is None:
        return Refused("no-territory", f"{territory} is not a territory the war can reach")
    owner = terr.owner
    if owner is None or owner == power:
        return Refused(
            "not-enemy", f"{territory} is {'own' if owner == power else 'nobody'}'s: nothing to besiege"
        )
    if not state.at_war(power, owner):
        return Refused("not-at-war", f"{power} is not at war with {owner}, which holds {territory}")
    return owner, fortification_level(terr.usable(), data)


def _captain(
    state: MedioevoState,
    power: str,
    names: tuple[str, ...],
    territory: str,
    data: DataSet,
    fallback: int | None,
) -> Piece | Refused:
    """The commanding captain: the first named, else the siege's; it must be in the territory and
    lead no siege elsewhere (L1728: a besieging captain "non potrà attaccare nient'altro")."""
    if names:
        piece = piece_named(data, state, power, names[0])
        if piece is None or piece.kind != CAPTAIN:
            return Refused("no-captain", f"{power} has no {names[0]}")
    else:
        piece = state.piece(power, CAPTAIN, fallback) if fallback is not None else None
        if piece is None:
            return Refused("no-captain", f"no captain of {power} commands at {territory}: name one (L1728)")
    if piece.location != territory:
        return Refused(
            "no-captain", f"{label(data, CAPTAIN, piece.number)} is in {piece.location}, not {territory}"
        )
    led = [g.territory for g in state.sieges if g.by == power and g.captain == piece.number] or [territory]
    busy = f"{label(data, CAPTAIN, piece.number)} leads the siege of {led[0]}, and nothing else (L1728)"
    return Refused("no-captain", busy) if led[0] != territory else piece


def _force_here(
    state: MedioevoState, power: str, names: tuple[str, ...], territory: str, data: DataSet
) -> Refused | None:
    """The transports named FROM must be the power's and stand in the territory, and none caught
    there by its own declaration of war (L1572, R210)."""
    found: list[Piece] = []
    for name in names:
        piece = piece_named(data, state, power, name)
        if piece is None:
            return Refused("no-piece", f"{power} has no {name}")
        if piece.location != territory:
            return Refused("not-here", f"{name} is in {piece.location}, not {territory}")
        found.append(piece)
    return attack_refusal(state, power, found, data)


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
    state: MedioevoState, power: str, order: orders.Siege, data: DataSet, dice: Dice | None = None
) -> Done | Refused:
    """``SIEGE t FROM … WITH …``: lay a siege (L1910, L1924; R112, R160), recorded in
    ``state.sieges`` with its captain and route from this turn (R151). A bare ``SIEGE t`` continues
    the power's own siege, if it may still go on (superiority and an engine, R160)."""
    target = target_of(state, power, order.territory, data)
    if isinstance(target, Refused):
        return target
    owner, level = target
    current = state.siege(order.territory)
    inside = sum(g.vf for g in defenders(state, power, order.territory))
    besieger = Besieger(
        power, vf_in(state, power, order.territory), engines_in(state, power, order.territory)
    )
    if not order.pieces and not order.captains:
        if current is None or current.by != power:
            return Refused(
                "no-siege",
                f"{power} has no siege of {order.territory} to continue: lay one with FROM … WITH …",
            )
        why = refusal(besieger, Besieged(owner, inside), level, declaring=False)
        if why is not None:
            return Refused("siege-refused", why)
        number = siege_turn(current, state.turn)
        return Done(
            state,
            (SiegeGoesOn(power=power, territory=order.territory, siege_turn=number),),
            f"siege turn {number}",
        )
    if current is not None:
        whose = "its own" if current.by == power else f"{current.by}'s"
        return Refused(
            "besieged", f"{order.territory} is already under siege ({whose}, since turn {current.since})"
        )
    away = _force_here(state, power, order.pieces, order.territory, data)
    if away is not None:
        return away
    captain = _captain(state, power, order.captains, order.territory, data, None)
    if isinstance(captain, Refused):
        return captain
    if attacks_left(state, captain) <= 0:
        return Refused(
            "no-attacks", f"{label(data, CAPTAIN, captain.number)} has led all its attacks this turn (L1727)"
        )
    if dice is None:
        return Refused("no-dice", "a siege's artillery needs the game's dice")
    outside = _outside_first(state, power, captain, owner, level, besieger, data, dice)
    if isinstance(outside, Done):
        return outside
    state, fought = outside
    inside = sum(g.vf for g in defenders(state, power, order.territory))
    besieger = Besieger(power, vf_in(state, power, order.territory), besieger.engines)
    besieged = Besieged(owner, inside, engines_in(state, owner, order.territory))
    ground = Ground(order.territory, level, constantinople=order.territory == CONSTANTINOPLE)
    first = siege_step(dice, f"siege {order.territory}", ground, 1, besieger, besieged)
    if first.outcome is Outcome.REFUSED and first.artillery is None:
        if fought:  # the field battle outside stands; no siege follows it (L1924)
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
        state, final, words = field_battle(state, power, record, owner, 0, data, dice)
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
) -> tuple[MedioevoState, tuple[Event, ...]] | Done:
    """The siege's first sub-phase (L1914, L1920-1922, ex L1878-1882): the field battle against
    the defenders the walls do not hold, under the besieging captain, as part of the same attack
    (L1906). Nothing to fight, or no engine to lay a siege with afterwards (L1924): the state as it
    is. The battle fought: the state after it, with its events; the siege is declared only if no
    defender is left outside and the besieger still stands (else ``Done`` with the battle alone)."""
    territory = captain.location
    if (
        not level
        or not besieger.engines
        or not split_garrison(defenders(state, power, territory), level).outside
    ):
        return state, ()
    record = Siege(territory=territory, by=power, since=state.turn, captain=captain.number)
    state, events, words = field_battle(state, power, record, owner, level, data, dice)
    fought = tuple(e for e in events if not isinstance(e, SiegeLifted))  # no siege was recorded yet
    still = split_garrison(defenders(state, power, territory), level).outside
    if still or vf_in(state, power, territory) == 0:
        state, lifted = leaderless(led(state, captain), data)
        return Done(state, (*fought, *lifted), f"{words}; no siege while defenders stand outside (L1922)")
    return state, fought


def assault(
    state: MedioevoState, power: str, order: orders.Assault, data: DataSet, dice: Dice | None = None
) -> Done | Refused:
    """``ASSAULT t``: storm the walls (L1898-1904) with the power's VF in the territory, under the
    captain named or the siege's. Nobody may stand outside (L1896-1898, ``assault_refusal``). The
    rolls are ``battle.fight(Kind.ASSAULT)``: d4 against d6 + the walls' level, a defender who wins
    loses nothing. Losses leave the board; when no defender is left the territory is the
    attacker's and any siege of it ends (L1679). Dice purposes ``battle assault T round R …``."""
    if dice is None:
        return Refused("no-dice", "an assault needs the game's dice")
    target = target_of(state, power, order.territory, data)
    if isinstance(target, Refused):
        return target
    owner, level = target
    garrison = defenders(state, power, order.territory)
    why = assault_refusal(garrison, level)
    if why is not None:
        return Refused("assault-refused", why)
    current = state.siege(order.territory)
    away = _force_here(state, power, order.pieces, order.territory, data)
    if away is not None:
        return away
    fallback = current.captain if current is not None and current.by == power else None
    captain = _captain(state, power, order.captains, order.territory, data, fallback)
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
    inside = split_garrison(garrison, level).inside
    leader = Captain(label(data, CAPTAIN, captain.number), captain.level)
    battle = Battle(
        number=f"assault {order.territory}",
        kind=Kind.ASSAULT,
        attackers=(force_of_power(state, power, vf, (leader,)),),
        defenders=tuple(force_of_power(state, g.power, g.vf, owner=g.power == owner) for g in inside),
        fortification=level,
    )
    result = fight(battle, dice, data.cards)
    if not continuing:
        state = led(state, captain)
    state = levels_after(state, data, [c for c in result.captains if c.power == power])
    for f in result.forces:
        if f.lost:
            state = remove_vf(state, f.power, order.territory, f.lost)
        if f.prisoners:
            state = take_prisoners(state, f.power, f.side, result, f.prisoners)
    taken = result.winner is Side.ATTACKER and all(
        f.vf_left == 0 for f in result.forces if f.side is Side.DEFENDER
    )
    conquest: list[Event] = []
    if taken:  # L1904, L1846-1856: conquered as in the field
        state, conquest = siege_conquest(state, power, order.territory, owner, data)
    mine = result.force(power)
    event = AssaultFought(
        power=power,
        territory=order.territory,
        defender=owner,
        taken=taken,
        attacker_lost=mine.lost,
        defender_lost=sum(f.lost for f in result.forces if f.side is Side.DEFENDER),
        rounds=tuple(r.words for r in result.rounds),
        detail=battle_record(result)[0],
        notes=result.events,
    )
    state, lifted = leaderless(state, data)
    return Done(state, (event, *conquest, *lifted), f"{order.territory} taken" if taken else "repelled")


def set_walls(state: MedioevoState, territory: str, level: int, data: DataSet) -> MedioevoState:
    """The territory's fortification brought to ``level``, removed at 0 (L1952-1954)."""
    terr = state.territories[territory]
    walls = with_walls(terr.buildings, level, data)
    kept = terr.model_copy(update={"buildings": walls})
    return state.evolve(territories={**state.territories, territory: kept})


def lift(state: MedioevoState, power: str, siege_: Siege, data: DataSet, why: str = "") -> Done:
    """The siege ends; its captain loses a level, one of level 1 goes back to the reserve (L1780)."""
    state = state.with_siege(siege_.territory, None)
    piece = state.piece(power, CAPTAIN, siege_.captain) if siege_.captain is not None else None
    who, after = "", 0
    if piece is not None:
        who, after = label(data, CAPTAIN, piece.number), piece.level - 1
        if after:
            state = state.with_piece(piece, level=after)
        else:
            state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != piece.key()))
    event = SiegeLifted(power=power, territory=siege_.territory, captain=who, captain_level=after)
    return Done(state, (event,), f"siege of {siege_.territory} lifted{': ' + why if why else ''}")


def leaderless(state: MedioevoState, data: DataSet) -> tuple[MedioevoState, tuple[Event, ...]]:
    """Sieges whose captain has left the board (lost aboard a ship, back to the reserve after a
    battle) are lifted: nobody commands them any more (L1728, R193)."""
    events: list[Event] = []
    for current in state.sieges:
        if current.captain is not None and state.piece(current.by, CAPTAIN, current.captain) is None:
            done = lift(state, current.by, current, data, "its captain is gone (L1728)")
            state, events = done.state, [*events, *done.events]
    return state, tuple(events)


def lift_siege(
    state: MedioevoState, power: str, order: orders.LiftSiege, data: DataSet, dice: Dice | None = None
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
