"""Moving a transport (seed 002 L1576-1626, L1628-1639, L1665-1671; rulings R120-R134).

Only transports move, with at least one VF of their owner aboard (L1628). A move costs the PM of
the place entered, never of the place left (L1624). By land (caravans, war carts): the terrain
entered, +1 across a river, a flat 3 across a strait (L1584-1592, R122). By sea (galleys, merchant
ships): a ship in a territory is in its port; leaving a port costs 1 and the sea zone entered, a
coastal zone 1, an open one 2, entering a port 1 (L1667-1669, ex L3094, R123). Technologies change
the numbers through their params (STRADE, ASTRONOMIA: L1592, L1671, L3060, L3070).

Access (R120): own territories, those of a power that grants passage, and barbarian ones (L2308)
may be entered; a neutral power's refuse the mover (L2031, L2208, ex L1434) and an enemy's are
attacked, never entered by a move (L1655). A transport standing where it may not stay may cross
that owner's other territories to get out (forced exit, L1568-1574, R124). At sea, a strait whose
shores one power holds is closed to everyone it grants no passage (L2031), and a zone where enemy
galleys are at least as many as the mover's stops it (L2033, digest A-27).

``cheapest_path`` finds the cheapest legal path; ties go to the path with fewer steps, then to the
one whose node ids come first in alphabetical order, step by step (R125).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.rulesets.medioevo.board import Terrain
from adjudicator.rulesets.medioevo.war.access import (
    active_blockade,
    cannot_move,
    entry_refusal,
    may_stay,
    strait_refusal,
    transit_owner,
)
from adjudicator.rulesets.medioevo.war.transport import SEA, Mover, World, left, stats


@dataclass(frozen=True)
class Step:
    """One step of a path and its price."""

    frm: str
    to: str
    pm: int
    why: str  # "mountain", "plain, across the Danubio", "out of port, open sea" …
    stop: bool = False  # the mover must stop here (an active blockade, L2033)
    blockade: str = ""  # why it must stop, in words (R155)


@dataclass(frozen=True)
class PathCheck:
    """A path judged for one transport: ``ok`` with its cost, or a reason in words."""

    ok: bool
    path: tuple[str, ...]  # from the start, inclusive
    steps: tuple[Step, ...]
    cost: int
    left: int  # PM the transport has left after the path (before it when refused)
    reason: str = ""


def _techs_param(world: World, mover: Mover, key: str) -> int | None:
    """The lowest value a technology of the mover sets for ``key`` (STRADE's mountain_pm …)."""
    values = [
        int(world.data.technologies[t].params[key])
        for t in mover.techs
        if t in world.data.technologies and key in world.data.technologies[t].params
    ]
    return min(values) if values else None


def land_step(world: World, mover: Mover, a: str, b: str) -> Step | str:
    """Price of a land step from territory ``a`` into its neighbour ``b`` (access aside)."""
    board, rules = world.data.board, world.data.movement_rules
    if b not in board.territories or b not in board.territories[a].borders:
        return f"{world.name(a)} and {world.name(b)} are not neighbours by land"
    strait = world.strait(a, b)
    if strait is not None:
        return Step(a, b, rules.strait_pm, f"across the {strait.name}")
    terrain = board.territories[b].terrain
    cost = rules.terrain_pm_by_kind.get(mover.piece.kind, {}).get(terrain, rules.terrain_pm[terrain])
    if terrain is Terrain.MOUNTAIN:
        cheaper = _techs_param(world, mover, "mountain_pm")
        cost = min(cost, cheaper) if cheaper is not None else cost
    why = terrain.value
    river = world.river(a, b)
    if river is not None and world.dried(river):
        why = f"{why}, across the dried {river.name} (SICCITA, L1350)"
    elif river is not None:
        extra = _techs_param(world, mover, "river_crossing_pm")
        cost += rules.river_pm if extra is None else extra
        why = f"{why}, across the {river.name}"
    return Step(a, b, cost, why)


def _zone_pm(world: World, mover: Mover, zone: str) -> tuple[int, str]:
    rules = world.data.movement_rules
    if not world.data.board.seas[zone].open:
        return rules.coastal_sea_pm, "coastal sea"
    cheaper = _techs_param(world, mover, "open_sea_border_pm")
    return (rules.open_sea_pm if cheaper is None else min(rules.open_sea_pm, cheaper)), "open sea"


def _seas_touch(world: World, a: str, b: str) -> bool:
    return b in world.sea_links.get(a, ())


def sea_step(world: World, mover: Mover, a: str, b: str) -> Step | str:
    """Price of a sea step (access aside): port → zone, zone → zone, zone → port (L1667-1669)."""
    board, port_pm = world.data.board, world.data.movement_rules.port_pm
    a_sea, b_sea = a in board.seas, b in board.seas
    if a_sea and b_sea and _seas_touch(world, a, b):
        pm, why = _zone_pm(world, mover, b)
        return Step(a, b, pm, why)
    if not a_sea and b_sea and a in board.territories and b in board.territories[a].seas:
        pm, why = _zone_pm(world, mover, b)
        return Step(a, b, port_pm + pm, f"out of port, {why}")
    if a_sea and b in board.territories and a in board.territories[b].seas:
        if not world.has_port(b):
            return f"{world.name(b)} has no port"
        return Step(a, b, port_pm, "into port")
    return f"a ship cannot go from {world.name(a)} to {world.name(b)}"


def step_cost(world: World, mover: Mover, a: str, b: str) -> Step | str:
    """The price of one step for this transport, or why it cannot be taken; access is not judged
    (the battle calculator prices the entry of a target it attacks with it, L1659)."""
    if world.domain(mover) == SEA:
        return sea_step(world, mover, a, b)
    if a not in world.data.board.territories:
        return f"{world.name(a)} is not a land territory"
    return land_step(world, mover, a, b)


def _legal_step(world: World, mover: Mover, a: str, b: str, transit: str | None) -> Step | str:
    step = step_cost(world, mover, a, b)
    if isinstance(step, str):
        return step
    if b in world.out_of_play:
        return f"{world.name(b)} is outside the two-player game's area (L3252)"
    if a in world.infected and a == mover.location and world.owner(a) != mover.piece.owner:
        why = "other powers' transports stay until it causes no more losses there (L1271)"
        return f"the EPIDEMIA strikes {world.name(a)}: {why}"
    refusal = None if transit is not None and world.owner(b) == transit else entry_refusal(world, mover, b)
    if a in world.data.board.seas and b in world.data.board.seas:
        refusal = refusal or strait_refusal(world, mover, a, b)
    if refusal:
        return refusal
    if b in world.data.board.seas:
        blockade = active_blockade(world, mover, b)
        if blockade.blocked:
            why = f"{step.why}, blockaded by {blockade.galleys} enemy galley(s)"
            return Step(step.frm, step.to, step.pm, why, stop=True, blockade=blockade.reason)
    return step


def _words(world: World, step: Step) -> str:
    return f"{world.name(step.frm)} to {world.name(step.to)} ({step.why})"


def check_path(world: World, mover: Mover, path: Sequence[str]) -> PathCheck:
    """Judge a given path (the start may be included or left out): ok with its cost, or the first
    reason it fails, in words ("Bihar to Transilvania (mountain): 3 PM, cart 1 has 1 left")."""
    nodes = tuple(path[1:] if path and path[0] == mover.location else path)
    full = (mover.location, *nodes)
    have = left(world.data, mover)
    blocked = cannot_move(world, mover)
    if blocked:
        return PathCheck(False, full, (), 0, have, blocked)
    if not nodes:
        return PathCheck(False, full, (), 0, have, "the path is empty")
    name, transit = stats(world.data, mover).name, transit_owner(world, mover)
    steps: list[Step] = []
    cost = 0
    for a, b in itertools.pairwise(full):
        if steps and steps[-1].stop:
            return PathCheck(
                False,
                full,
                tuple(steps),
                cost,
                have,
                f"{name} must stop in {world.name(a)}: {steps[-1].blockade}",
            )
        step = _legal_step(world, mover, a, b, transit)
        if isinstance(step, str):
            return PathCheck(False, full, tuple(steps), cost, have, step)
        if cost + step.pm > have:
            rest = have - cost
            return PathCheck(
                False,
                full,
                tuple(steps),
                cost,
                have,
                f"{_words(world, step)}: {step.pm} PM, {name} has {rest} left",
            )
        steps.append(step)
        cost += step.pm
    if transit is not None and not may_stay(world, mover, full[-1]):
        return PathCheck(False, full, tuple(steps), cost, have, _must_leave(world, mover, full[-1]))
    return PathCheck(True, full, tuple(steps), cost, have - cost)


def _must_leave(world: World, mover: Mover, end: str) -> str:
    owner = world.owner(end)
    name = stats(world.data, mover).name
    where = f"{world.name(end)} is {owner}'s"
    return f"{where}: leaving {owner}'s land, {name} must end outside it (L1568-1574, L2208)"


def _neighbours(world: World, mover: Mover, node: str) -> list[str]:
    board = world.data.board
    if world.domain(mover) != SEA:
        return list(board.territories[node].borders) if node in board.territories else []
    if node in board.territories:
        return list(board.territories[node].seas)
    seas = sorted(world.sea_links.get(node, ()))
    return seas + [t for t in world.coasts.get(node, ()) if world.has_port(t)]


Key = tuple[int, int, tuple[str, ...]]


def search(
    world: World, mover: Mover, limit: int | None = None, target: str | None = None
) -> dict[str, tuple[Key, tuple[Step, ...]]]:
    """Dijkstra from the transport's place over the legal steps: for every node reached, the best
    (cost, steps, path) key (R125) and the steps. ``limit`` caps the cost (None: no cap); the
    search ends once ``target``'s best path is settled."""
    transit = transit_owner(world, mover)
    start = mover.location
    best: dict[str, tuple[Key, tuple[Step, ...]]] = {start: ((0, 0, (start,)), ())}
    queue: list[tuple[Key, tuple[Step, ...]]] = [((0, 0, (start,)), ())]
    done: set[str] = set()
    while queue:
        key, steps = heapq.heappop(queue)
        node = key[2][-1]
        if node in done:
            continue
        done.add(node)
        if node == target:
            break
        if steps and steps[-1].stop:
            continue
        for nxt in _neighbours(world, mover, node):
            step = _legal_step(world, mover, node, nxt, transit)
            if isinstance(step, str) or nxt in done:
                continue
            cand: Key = (key[0] + step.pm, key[1] + 1, (*key[2], nxt))
            if limit is not None and cand[0] > limit:
                continue
            if nxt not in best or cand < best[nxt][0]:
                best[nxt] = (cand, (*steps, step))
                heapq.heappush(queue, (cand, (*steps, step)))
    return best


def cheapest_path(world: World, mover: Mover, destination: str) -> PathCheck:
    """The cheapest legal path to ``destination`` (for a ship, a territory means its port), judged
    as :func:`check_path` would judge it; refused with a reason when none exists or it costs more
    than the PM left."""
    have = left(world.data, mover)
    blocked = cannot_move(world, mover)
    if blocked:
        return PathCheck(False, (mover.location,), (), 0, have, blocked)
    if destination == mover.location:
        return PathCheck(
            False,
            (mover.location,),
            (),
            0,
            have,
            f"{stats(world.data, mover).name} is already in {world.name(destination)}",
        )
    if not may_stay(world, mover, destination) and destination in world.data.board.territories:
        refusal = entry_refusal(world, mover, destination)
        if transit_owner(world, mover) == world.owner(destination):
            refusal = _must_leave(world, mover, destination)
        return PathCheck(False, (mover.location,), (), 0, have, refusal or "")
    found = search(world, mover, target=destination).get(destination)
    name = stats(world.data, mover).name
    if found is None:
        why = (
            entry_refusal(world, mover, destination) if destination in world.data.board.territories else None
        )
        return PathCheck(
            False,
            (mover.location,),
            (),
            0,
            have,
            why or f"{name} has no legal path from {world.name(mover.location)} to {world.name(destination)}",
        )
    (cost, _, path), steps = found
    if cost > have:
        words = " - ".join(world.name(n) for n in path)
        return PathCheck(
            False,
            path,
            steps,
            cost,
            have,
            f"the cheapest path, {words}, costs {cost} PM; {name} has {have} left",
        )
    return PathCheck(True, path, steps, cost, have - cost)


def reachable(world: World, mover: Mover) -> dict[str, PathCheck]:
    """Every place the transport can reach with the PM it has left, with its cheapest path (for
    the order template's list of legal moves)."""
    if cannot_move(world, mover):
        return {}
    have = left(world.data, mover)
    out: dict[str, PathCheck] = {}
    for node, ((cost, _, path), steps) in sorted(search(world, mover, limit=have).items()):
        if node != mover.location and may_stay(world, mover, node):
            out[node] = PathCheck(True, path, steps, cost, have - cost)
    return out


def forced_exit(world: World, mover: Mover) -> PathCheck:
    """The cheapest way out for a transport standing where it may not stay (a war declared on its
    host, or no passage, L1568-1574, L2208; digest §4.5): the nearest place it may stay, ties as
    R125. Refused when it cannot get out: the caller then eliminates it with its cargo (L1570, L1574)."""
    have = left(world.data, mover)
    name = stats(world.data, mover).name
    if may_stay(world, mover, mover.location):
        return PathCheck(True, (mover.location,), (), 0, have)
    blocked = cannot_move(world, mover)
    if blocked:
        return PathCheck(False, (mover.location,), (), 0, have, blocked)
    exits = [
        v
        for n, v in search(world, mover, limit=have).items()
        if n != mover.location and may_stay(world, mover, n)
    ]
    if not exits:
        return PathCheck(
            False,
            (mover.location,),
            (),
            0,
            have,
            f"{name} cannot get out of {world.owner(mover.location)}'s territories "
            f"with {have} PM (L1570, L1574)",
        )
    (cost, _, path), steps = min(exits, key=lambda v: v[0])
    return PathCheck(True, path, steps, cost, have - cost)


def moved(mover: Mover, check: PathCheck) -> Mover:
    """The transport after an accepted path: at its end, with the PM spent (L1578)."""
    if not check.ok:
        raise ValueError(f"path refused: {check.reason}")
    return mover.at(check.path[-1], mover.spent + check.cost)
