"""The combat orders a power may send now (docs/war.md §3.5; seed 002 L1560-1566, L1596-1600,
L1612-1618, L1628, L1655-1661, L1726-1729, L1924, L2008-2023, L636; rulings R185, R186).

The order template lists them (one option per line, as the other phases' ``legal_orders`` do) and
the bots choose among them (``adjudicator/bots_war.py``). Each option is judged by the script
runner's own functions (``war/moves.py`` for loads and unloads, ``movement.reachable`` and
``check_path`` for moves and the attacks' entry), on the board as it stands when the mail is
written, and carries a note in words: the path and PM of a move, the entry PM of an attack.

R185: a war transport's moves and attacks are listed as if it had first loaded what it can where
it stands (its captain, then as many VF as fit): at the start of a turn transports stand empty
(L1628: none moves without its own VF aboard), and a template that listed no move until the mail
had loaded one would list none at all. An attack is listed from the transport's place and from
every place it can reach this phase, each once (its line does not say where it starts from), on
a barbarian territory (behind walls too, R220) or an enemy's; on a power the sender is not at war
with, the note says a ``WAR`` step must come first (L1568, L636); on walls, what the plan's
``FORT`` clause needs there. Sieges and assaults are listed where the force already stands in the
fortified territory (the siege step reads the force there, L1910, R160) and the judge's step makes
them; a continued siege, its assault and its lifting for each own siege (``war/legal_walls.py``).
Commercial transports move in combat only in a
convoy with a war transport (L1598): their convoys are the writer's, not listed.

Kept cheap: one movement world for the whole list, and each transport's reachable places by one
Dijkstra capped by its PM (``movement.search``).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import clauses as cl
from adjudicator.rulesets.medioevo.war import moves
from adjudicator.rulesets.medioevo.war.cargo_state import CARRIED, Done, mover_in, riders
from adjudicator.rulesets.medioevo.war.forced_exits import attack_refusal
from adjudicator.rulesets.medioevo.war.legal_walls import siege_options, walls_note
from adjudicator.rulesets.medioevo.war.movement import check_path, reachable
from adjudicator.rulesets.medioevo.war.movement_state import world_of, world_taking
from adjudicator.rulesets.medioevo.war.orders import (
    Action,
    Attack,
    DoctrineLine,
    Load,
    Move,
    NavalAttack,
    PlanLine,
    ScriptStep,
    SurpriseWar,
    Unload,
)
from adjudicator.rulesets.medioevo.war.transport import MILITARY, SEA, Mover, World, army_space, stats

SAMPLE_PLAN = "default"
"""The plan the sample PLAN lines fill in: the one every attack without ``PLAN name`` uses."""
SAMPLE_LINES: tuple[Order, ...] = (
    PlanLine(SAMPLE_PLAN, cl.Withdraw("IF OUTNUMBERED")),
    PlanLine(SAMPLE_PLAN, cl.Fort("SIEGE ELSE STOP")),
    PlanLine(SAMPLE_PLAN, cl.Occupy(1)),
    DoctrineLine(cl.RetreatDuring(2)),
    DoctrineLine(cl.LossesFirst("LAND")),
)
"""R186: the defaults of R99 and R100 a writer most often changes, as lines to un-comment (the
other clauses are in orders/medioevo.md); the bots send these."""


@dataclass(frozen=True)
class Option:
    """One order the template lists, and what it costs or needs, in words."""

    order: Order
    note: str = ""


def legal_war_orders(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    """Every combat order ``power`` may send now (R185), then the sample plan and doctrine lines."""
    return [o.order for o in war_options(state, power, data)]


def war_options(state: MedioevoState, power: str, data: DataSet) -> list[Option]:
    """:func:`legal_war_orders` with a note for each: a move's path and PM, an attack's entry PM."""
    if power not in state.powers:
        return []
    world = world_of(data, state)
    out: list[Option] = []
    wars: set[str] = set()
    for piece in state.pieces_of(power):
        if piece.kind in CARRIED or piece.aboard is not None:
            continue
        if stats(data, mover_in(state, data, piece)).role != MILITARY:
            continue
        out += _transport_options(state, power, piece, data, world, wars)
    out += [Option(order, note) for order, note in siege_options(state, power, data)]
    out += [
        Option(_step(SurpriseWar(p)), "war on the spot: the surprise costs PO (L1568, L636)")
        for p in sorted(wars)
    ]
    out += [Option(line) for line in SAMPLE_LINES]
    return _unique(out)


def _step(action: Action) -> ScriptStep:
    return ScriptStep(action)


def _unique(options: list[Option]) -> list[Option]:
    seen: set[Order] = set()
    kept: list[Option] = []
    for option in options:
        if option.order not in seen:
            seen.add(option.order)
            kept.append(option)
    return kept


def _transport_options(
    state: MedioevoState, power: str, piece: Piece, data: DataSet, world: World, wars: set[str]
) -> list[Option]:
    """Loads, unloads, moves and attacks of one own war transport."""
    name = label(data, piece.kind, piece.number)
    out = _unloads(state, power, piece, name, data)
    loaded, loads = _loaded(state, power, piece, name, data)
    out = loads + out
    carrier = loaded.piece(*piece.key())
    if carrier is None:
        return out
    mover = mover_in(loaded, data, carrier)
    after = "after the loads above, " if loads else ""
    reach = dict(sorted(reachable(world, mover).items(), key=lambda kv: (kv[1].cost, kv[0])))
    for place, check in reach.items():  # cheapest first
        path = " - ".join(check.path[1:])
        out.append(
            Option(_step(Move((name,), to=place)), f"{after}via {path}: {check.cost} PM, {check.left} left")
        )
    captain = _captain(loaded, power, carrier, data)
    if captain is None or carrier.vf < 2:  # 1 VF stays aboard (R102)
        return out
    if attack_refusal(loaded, power, (carrier,), data) is not None:
        return out  # caught in an enemy's land when its war began: no attack yet (L1572)
    here = state.territories.get(piece.location)
    host = here.owner if here is not None else None
    origins = {piece.location: mover, **{p: mover.at(p, mover.spent + c.cost) for p, c in reach.items()}}
    if stats(data, mover).domain == SEA:
        out += _naval(loaded, power, (name, captain), carrier, origins, data, wars)
    for target, (origin, pm) in _targets(loaded, power, origins, data).items():
        owner = loaded.territories[target].owner
        where = "from here" if origin == piece.location else f"after MOVE {name} TO {origin}"
        need = ""
        if owner is not None and not state.at_war(power, owner):
            if owner == host:
                continue  # a war on the power whose land it stands in forces it out first (L1572)
            wars.add(owner)
            need = f"; WAR {owner} first (L1568, L636)"
        fort = walls_note(loaded, power, target, data)
        out.append(
            Option(
                _step(Attack(target, (name,), (captain,))),
                f"{after}{where}: {pm} PM with the entry; {owner or 'barbarian'}{fort}{need}",
            )
        )
    return out


def _unloads(state: MedioevoState, power: str, piece: Piece, name: str, data: DataSet) -> list[Option]:
    """What is aboard, off again where the transport stands (a ship in port; at sea the writer
    names the coast). VF: all of them at home, all but the 1 that keeps the transport its owner's
    abroad (L1630)."""
    out: list[Option] = []
    if piece.location not in data.board.territories:
        return out
    home = state.territories.get(piece.location)
    keep = 0 if home is not None and home.owner == power else 1
    cargo: list[int | str] = [label(data, r.kind, r.number) for r in riders(state, piece)]
    if piece.vf - keep > 0:
        cargo.insert(0, piece.vf - keep)
    for item in cargo:
        order = Unload(item, name)
        done = moves.unload(state, power, order, data)
        if isinstance(done, Done):
            out.append(Option(_step(order), done.note))
    return out


def _loaded(
    state: MedioevoState, power: str, piece: Piece, name: str, data: DataSet
) -> tuple[MedioevoState, list[Option]]:
    """The loads the transport can make where it stands (captains and engines there, then as many
    VF as fit), each judged after the ones before it; and the state after them (R185)."""
    place = piece.location
    if place not in data.board.territories:
        return state, []
    out: list[Option] = []
    ground = [p for p in state.pieces_of(power) if p.location == place and p.aboard is None]
    for rider in sorted((p for p in ground if p.kind in CARRIED), key=lambda p: p.kind):
        order = Load(label(data, rider.kind, rider.number), name)
        done = moves.load(state, power, order, data)
        if isinstance(done, Done):
            out.append(Option(_step(order), done.note))
            if rider.kind == CAPTAIN:  # an engine takes room from the VF: listed, not assumed
                state = done.state
    carrier = state.piece(*piece.key())
    vf = state.territories[place].armies.get(power, 0) if place in state.territories else 0
    if carrier is not None and vf > 0:
        mover = mover_in(state, data, carrier)
        room = stats(data, mover).army_capacity - army_space(data, mover.cargo)
        amount = min(vf, room)
        if amount > 0:
            order = Load(amount, name)
            done = moves.load(state, power, order, data)
            if isinstance(done, Done):
                out.append(Option(_step(order), f"as many as fit; {done.note}"))
                state = done.state
    return state, out


def _captain(state: MedioevoState, power: str, carrier: Piece, data: DataSet) -> str | None:
    """The first captain aboard (the attack's leader, L1727)."""
    aboard = sorted(p.number for p in riders(state, carrier) if p.kind == CAPTAIN)
    return label(data, CAPTAIN, aboard[0]) if aboard else None


def _targets(
    state: MedioevoState, power: str, origins: dict[str, Mover], data: DataSet
) -> dict[str, tuple[str, int]]:
    """Territories the transport can attack (a barbarian's or another power's) from its place or
    a place it reaches, with the cheapest origin and the entry's PM (L1655, L1661): the entry is
    judged as a move into the target once taken, as the attack step judges it. Barbarian land
    behind walls is one: the plan's FORT clause besieges or storms it (R211, R220)."""
    board = data.board
    found: dict[str, tuple[str, int]] = {}
    candidates: dict[str, list[str]] = {}
    for origin, mover in origins.items():
        if origin in board.territories and stats(data, mover).domain == SEA:
            continue  # a ship attacks from its sea zone, never overland from a port (R118)
        if origin in board.territories:
            near = list(board.territories[origin].borders)
        else:  # a ship at sea attacks the coasts of its zone (R118)
            near = [t for t, terr in board.territories.items() if origin in terr.seas]
        for target in near:
            terr = state.territories.get(target)
            if terr is None or terr.owner == power:
                continue
            besieged = state.siege(target)
            if besieged is not None and besieged.by == power:
                continue  # its own siege goes on by SIEGE or ASSAULT, not a new attack (R112)
            candidates.setdefault(target, []).append(origin)
    if not candidates:
        return found
    world = world_taking(data, state, power, candidates)  # as the judge sees the entry (attacks.py)
    start = min(m.spent for m in origins.values())
    for target in sorted(candidates):
        best: tuple[int, str] | None = None
        for origin in candidates[target]:
            mover = origins[origin]
            check = check_path(world, mover, (target,))
            if check.ok:
                spent = mover.spent - start + check.cost
                if best is None or (spent, origin) < best:
                    best = (spent, origin)
        if best is not None:
            found[target] = (best[1], best[0])
    return found


def _naval(
    state: MedioevoState,
    power: str,
    force: tuple[str, str],
    carrier: Piece,
    origins: dict[str, Mover],
    data: DataSet,
    wars: set[str],
) -> list[Option]:
    """NAVAL ATTACK on another power's ships with VF aboard in a sea zone the galley is in or
    reaches (L2008-2023; in a port: a later commit of the runner); on a power not at war with
    ``power``, after a ``WAR`` step (L1568, L636)."""
    out: list[Option] = []
    if carrier.kind != "galley":
        return out
    name, captain = force
    for zone in sorted(z for z in origins if z in data.board.seas):
        fleets: dict[str, int] = {}
        for p in state.pieces:
            if p.location == zone and p.aboard is None and p.owner != power and p.vf:
                fleets[p.owner] = fleets.get(p.owner, 0) + p.vf
        for enemy in sorted(fleets):
            where = "here" if zone == carrier.location else f"in {zone}, reached this phase"
            need = ""
            if not state.at_war(power, enemy):
                wars.add(enemy)
                need = f"; WAR {enemy} first (L1568, L636)"
            out.append(
                Option(
                    _step(NavalAttack(enemy, zone, (name,), (captain,))),
                    f"{where}: {fleets[enemy]} VF of {enemy} aboard{need}",
                )
            )
    return out
