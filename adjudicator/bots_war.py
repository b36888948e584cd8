"""Bots that fight (docs/war.md §7; issue 17): the combat orders of a simple player, read from its
own view and the legal orders only (``war/legal.py``), so that the demo, the long-game tests and
the benchmark play real wars.

Each war transport with a captain to lead it loads its captain and the VF that fit, keeping one VF
of garrison where it stands (and an engine when the target has walls, to besiege it), moves next
to the weakest territory it can attack this phase, a barbarian's or an enemy's, that its fighting
VF outnumber 2:1 (walls count as defenders, barbarians as the 1 VF that appears, R103), declares
war on the spot if need be (``WAR``, L1568, L636) and attacks under a plan that withdraws when
outnumbered and besieges walls when it may (``WITHDRAW IF OUTNUMBERED``, ``FORT SIEGE ELSE STOP``).
A galley with a captain attacks a weaker fleet at sea; a galley without one takes a few VF to sea
and patrols. Own sieges go on, or are stormed when the besiegers are three times the besieged.
The standing doctrine: retreat below 2 VF, losses from the land first. War on a power is
declared on the spot, in the script, just before the attack on it (R187).

Choices that need chance use ``bots._pick`` (a hash of the game, window and power): the same
game replays the same orders. Every line sent is one the legal orders list, or a PLAN line of
the bot's own plan (``PLAN_LINES``), which the parser accepts as it stands.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from adjudicator.bots_war_board import (
    ENGINE,
    Board,
    borders,
    engine_aboard,
    engines_aboard,
    map_data,
    room_left,
)
from adjudicator.core.orders import Order
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.war import clauses as cl
from adjudicator.rulesets.medioevo.war.naval_attack import SHIPS
from adjudicator.rulesets.medioevo.war.orders import (
    Assault,
    Attack,
    DoctrineLine,
    LiftSiege,
    Load,
    Move,
    NavalAttack,
    OnFail,
    PlanLine,
    ScriptStep,
    Siege,
    SurpriseWar,
)
from adjudicator.rulesets.medioevo.war.siege import falls_at_once, reduced
from adjudicator.rulesets.medioevo.war.siege_common import CONSTANTINOPLE

PLAN = "raid"
PLAN_LINES = (
    PlanLine(PLAN, cl.Withdraw("IF OUTNUMBERED")),
    PlanLine(PLAN, cl.Fort("SIEGE ELSE STOP")),
)
RATIO = 2  # fighting VF to the defenders' (issue 17: "weak neighbours", docs/war.md §7)
PATROL = 2  # VF a galley without a captain takes to sea (1 stays aboard, 1 to fight)


def _pick(seed: str, n: int) -> int:
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big") % n


def war_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    """The bot's combat lines: scripts for its war transports, its sieges, its doctrine."""
    board = Board.of(view)
    key = f"{view.game}|{view.window}|{view.viewer}"
    steps = [o for o in legal if isinstance(o, ScriptStep)]
    lines: list[str] = []
    used: set[str] = set()  # captains and engines already given to a transport
    declared: set[str] = set()
    busy: set[str] = set()  # transports given a script of their own
    sieges = board.my_sieges()
    used.update(f"captain {n}" for n in sieges.values() if n is not None)  # it leads its siege (L1728)
    for name in _transports(steps):
        piece = board.piece(name)
        if piece is not None and piece["location"] in sieges:
            continue  # it stays at its own siege, whose turn the siege lines play (R223)
        script = (
            _attack(board, name, steps, used, declared)
            or _muster(board, name, steps, used)
            or _patrol(board, key, name, steps)
        )
        lines += script
        if script:
            busy.add(name)
    lines += _sieges(board, steps, busy)
    if any(line.startswith(("ATTACK", "NAVAL")) for line in lines):
        lines += [p.canonical() for p in PLAN_LINES]
    lines += [o.canonical() for o in legal if isinstance(o, DoctrineLine)]
    return lines


def _transports(steps: Sequence[ScriptStep]) -> list[str]:
    """The war transports the legal orders name, in their order."""
    names: dict[str, None] = {}
    for s in steps:
        a = s.action
        if isinstance(a, Load | Move):
            names.update(dict.fromkeys(a.pieces if isinstance(a, Move) else (a.carrier,)))
    return list(names)


def _loads(board: Board, name: str, steps: Sequence[ScriptStep], used: set[str], engine: bool) -> list[str]:
    """The captain, an engine if wanted and none is aboard, and the VF that fit less the
    garrison, from the legal loads of ``name`` (the captain and engines are listed first)."""
    lines: list[str] = []
    piece = board.piece(name)
    place = piece["location"] if piece else ""
    want = engine and not engine_aboard(board, name)
    for s in steps:
        a = s.action
        if not isinstance(a, Load) or a.carrier != name:
            continue
        if isinstance(a.cargo, str) and a.cargo not in used:
            if a.cargo.startswith("captain") or (want and a.cargo.startswith("engine")):
                want = want and not a.cargo.startswith("engine")
                used.add(a.cargo)
                lines.append(s.canonical())
        elif isinstance(a.cargo, int):
            room = room_left(board, name) - ENGINE * sum(
                1 for line in lines if line.startswith("LOAD engine")
            )
            n = min(a.cargo, room, board.ground(place) - board.keep_back(place))
            if n > 0:
                board.load(place, n)
                lines.append(ScriptStep(Load(n, name)).canonical())
    return lines


def _room_taken(lines: Sequence[str], name: str) -> int:
    """The army room the script's loads onto ``name`` take: its VF, 5 an engine (L1566)."""
    vf = sum(int(line.split()[1]) for line in lines if line.endswith(f"VF ON {name}"))
    return vf + ENGINE * sum(1 for line in lines if line.startswith("LOAD engine") and line.endswith(name))


def _vf_load(step: ScriptStep, name: str) -> int:
    """The VF a legal ``LOAD n VF ON name`` puts aboard (the most that fit), else 0."""
    a = step.action
    return a.cargo if isinstance(a, Load) and a.carrier == name and isinstance(a.cargo, int) else 0


def _fighting(board: Board, name: str, steps: Sequence[ScriptStep], engine: bool) -> int:
    """The VF that would fight from ``name`` after the loads (1 stays aboard, R102)."""
    piece = board.piece(name)
    if piece is None:
        return 0
    aboard = int(piece.get("vf", 0))
    most = max((_vf_load(s, name) for s in steps), default=0)
    room = room_left(board, name) - (ENGINE if engine and not engine_aboard(board, name) else 0)
    loadable = min(most, room, board.ground(piece["location"]) - board.keep_back(piece["location"]))
    return aboard + max(0, loadable) - 1


def _attack(
    board: Board, name: str, steps: Sequence[ScriptStep], used: set[str], declared: set[str]
) -> list[str]:
    """Load, move next to the weakest target outnumbered 2:1 (one of the objective card's first,
    ``Board.aim``), declare war if need be, attack."""
    piece = board.piece(name)
    if piece is None:
        return []
    options: list[tuple[tuple[int, int, int], str, ScriptStep]] = []
    besieged = {str(g["territory"]) for g in board.sieges}
    for s in steps:
        a = s.action
        if isinstance(a, Attack) and a.pieces == (name,) and a.captains[0] not in used:
            if a.target in besieged:
                continue  # another's siege: no second one is laid there (L1924)
            if _costly(board, a.target):
                continue
            walls = board.walls(a.target)
            turns = _turns_to_take(board, name, steps, used, walls, a.target)
            if turns is None:
                continue  # walls without an engine: no siege to follow the field battle (L1924)
            if _fighting(board, name, steps, bool(walls)) >= RATIO * board.defenders(a.target):
                options.append(((board.aim(a.target), turns, board.defenders(a.target)), a.target, s))
        if isinstance(a, NavalAttack) and a.pieces == (name,) and a.captains[0] not in used:
            if not board.at_war(a.power):
                continue  # a surprise attack on a fleet costs PO and gives CB for no territory
            theirs = sum(
                int(p.get("vf", 0))
                for p in board.pieces
                if p["owner"] == a.power and p["location"] == a.place and not p.get("aboard")
            )
            if _fighting(board, name, steps, False) > theirs:
                options.append(((0, 0, theirs), a.place, s))  # a fleet first: galleys hunt ships
    if not options:
        return []
    _, target, chosen = min(options, key=lambda o: (o[0], o[1]))
    action = chosen.action
    assert isinstance(action, Attack | NavalAttack)
    walls = isinstance(action, Attack) and board.walls(target) > 0
    lines = _loads(board, name, steps, used, engine=walls)
    chain = f"c{len(used)}"
    if isinstance(action, NavalAttack):  # the attack sails into a zone next to it (L1661)
        origin = None if borders(piece["location"], target) else target
    else:
        origin = _origin(board, piece["location"], target, name, steps)
    if origin is not None:
        lines.append(ScriptStep(Move((name,), to=origin), chain=chain, on_fail=OnFail.CHAIN).canonical())
    enemy = action.power if isinstance(action, NavalAttack) else board.territories[target].get("owner")
    if enemy is not None and not board.at_war(enemy) and enemy not in declared:
        declared.add(enemy)
        # no chain: a power that declared war on it earlier in the window leaves the attack to be made
        lines.append(ScriptStep(SurpriseWar(enemy)).canonical())
    if isinstance(action, Attack):
        attack: Attack | NavalAttack = Attack(action.target, action.pieces, action.captains, PLAN)
    else:
        attack = NavalAttack(action.power, action.place, action.pieces, action.captains, PLAN)
    lines.append(ScriptStep(attack, chain=chain).canonical())
    return lines


def _costly(board: Board, target: str) -> bool:
    """A power's land the bot is not at war with and that its objective card does not name: a
    surprise attack there costs PO and gives the others CB (L636, L2451) for a territory that
    scores nothing at the end (L2454): not worth it."""
    owner = board.territories.get(target, {}).get("owner")
    return owner is not None and not board.at_war(owner) and board.aim(target) != 0


def _engines(board: Board, name: str, steps: Sequence[ScriptStep], used: set[str]) -> tuple[int, ...]:
    """The levels of the engines ``name`` would besiege with: those aboard, else the one it
    would load where it stands (``_loads`` takes the first listed), else none."""
    aboard = engines_aboard(board, name)
    if aboard:
        return aboard
    for s in steps:
        a = s.action
        if not isinstance(a, Load) or a.carrier != name or not isinstance(a.cargo, str):
            continue
        if a.cargo.startswith("engine") and a.cargo not in used:
            engine = board.piece(a.cargo)
            return (int(engine["level"]),) if engine else ()
    return ()


def _turns_to_take(
    board: Board, name: str, steps: Sequence[ScriptStep], used: set[str], walls: int, target: str
) -> int | None:
    """The combat phases a siege with the engines ``name`` brings takes to bring the walls down
    (1: they fall at once, a siege value twice their level, L1946-1948; else one more a reduction,
    L1950-1954), 1 without walls; None for walls and no engine (L1910: no siege, and the assault's
    1d4 against 1d6 + the level is a bet the bots do not make, L1902-1903)."""
    if not walls:
        return 1
    engines = _engines(board, name, steps, used)
    if not engines:
        return None
    if falls_at_once(engines, walls, target == CONSTANTINOPLE):
        return 1
    turns, level = 1, walls
    while level:
        level, turns = reduced(level, engines), turns + 1
    return turns


def _origin(board: Board, here: str, target: str, name: str, steps: Sequence[ScriptStep]) -> str | None:
    """Where to move before attacking ``target``: nowhere when it borders the transport's place
    (or lies on the zone a ship is in), else the cheapest listed move next to it (the legal
    moves come cheapest first)."""
    if borders(here, target):
        return None
    piece = board.piece(name)
    ship = piece is not None and piece["kind"] in SHIPS
    for s in steps:
        a = s.action
        if isinstance(a, Move) and a.pieces == (name,) and a.to is not None and borders(a.to, target):
            if ship and a.to in map_data().board.territories:
                continue  # a ship attacks from its sea zone, never overland from a port (R118)
            return a.to
    return None


def _muster(board: Board, name: str, steps: Sequence[ScriptStep], used: set[str]) -> list[str]:
    """A war cart with nothing to attack yet gathers an army: it loads its captain, an engine and
    the VF where it stands (a garrison left), moves to the own territory it reaches with the most
    VF and loads those too (loads are made where the transport stands, L1616), to attack from
    there a later turn."""
    piece = board.piece(name)
    if piece is None or piece["kind"] != "war_wagon":
        return []
    lines = _loads(board, name, steps, used, engine=True)
    room = room_left(board, name) - _room_taken(lines, name)
    best: tuple[int, str] | None = None
    for s in steps:
        a = s.action
        if isinstance(a, Move) and a.pieces == (name,) and a.to is not None:
            if board.territories.get(a.to, {}).get("owner") != board.me:
                continue
            spare = board.ground(a.to) - board.keep_back(a.to)
            if spare >= 2 and (best is None or spare > best[0]):
                best = (spare, a.to)
    aboard = int(piece.get("vf", 0)) + _room_taken([x for x in lines if "engine" not in x], name)
    if best is None or room <= 0 or aboard == 0:  # no VF aboard: it cannot move (L1628)
        return lines if aboard else []
    n = min(best[0], room)
    board.load(best[1], n)
    chain = f"m{len(used)}"  # no load where it stands if the move fails
    lines.append(ScriptStep(Move((name,), to=best[1]), chain=chain, on_fail=OnFail.CHAIN).canonical())
    lines.append(ScriptStep(Load(n, name), chain=chain).canonical())
    return lines


def _patrol(board: Board, key: str, name: str, steps: Sequence[ScriptStep]) -> list[str]:
    """A galley with no attack to make takes a few VF to sea and sails to a zone picked at random
    (it carries no captain: an enemy's galleys may find it)."""
    piece = board.piece(name)
    if piece is None or piece["kind"] != "galley":
        return []
    lines: list[str] = []
    vf = int(piece.get("vf", 0))
    if vf == 0:
        n = min(PATROL, board.ground(piece["location"]) - board.keep_back(piece["location"]))
        listed = [s for s in steps if isinstance(s.action, Load) and s.action.carrier == name]
        if n <= 0 or not any(isinstance(s.action.cargo, int) for s in listed if isinstance(s.action, Load)):
            return []
        board.load(piece["location"], n)
        lines.append(ScriptStep(Load(n, name)).canonical())
    seas = map_data().board.seas
    zones = [
        s.action.to
        for s in steps
        if isinstance(s.action, Move) and s.action.pieces == (name,) and s.action.to in seas
    ]
    if zones:
        to = zones[_pick(f"{key}|{name}|patrol", len(zones))]
        lines.append(ScriptStep(Move((name,), to=to)).canonical())
    return lines


def _sieges(board: Board, steps: Sequence[ScriptStep], busy: set[str]) -> list[str]:
    """Each own siege goes on while it may (an engine there and more VF than those inside, L1924):
    the engines bring the walls down (L1946-1954) where an assault rolls 1d4 against 1d6 + their
    level (L1902-1903); when it may not, the walls are stormed if the besiegers are three times
    the besieged, else the siege is lifted (R223 would lift it at the end of the sub-turn anyway).
    A force standing at walls with nothing else to do lays a siege (listed only when the judge
    would lay it: an engine, superiority, L1910)."""
    lines: list[str] = []
    for s in steps:
        a = s.action
        if isinstance(a, Siege) and not a.pieces:
            mine = board.ground(a.territory) + sum(
                int(p.get("vf", 0))
                for p in board.pieces
                if p["owner"] == board.me and p["location"] == a.territory
            )
            inside = board.garrison(a.territory)
            if board.engines_at(a.territory) and mine > inside:
                lines.append(s.canonical())
            elif mine >= 3 * max(1, inside):
                lines.append(ScriptStep(Assault(a.territory)).canonical())
            else:
                lines.append(ScriptStep(LiftSiege(a.territory)).canonical())
        elif isinstance(a, Siege) and not busy & set(a.pieces):
            lines.append(s.canonical())
    return lines
