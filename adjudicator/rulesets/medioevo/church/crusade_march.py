"""The crusade army's march (seed 002 L1508-1514): at the start of each Combat phase while the
crusade marches, the Pope moves the crusade army towards the objective, every transport together,
each step keeping the distance to the objective or bringing it 1 closer and never returning to a
place already passed; when the slowest transport has spent its PM, the army stops for the turn.

The army (R323) is every crusader's transport standing where the army stands (the departure
first, ``Crusade.at`` after), not aboard another, with at least 1 VF of its owner aboard (L1628):
a transport a crusader moved away with its own orders has left it. The judge moves it for the
Pope: by land, on the cheapest legal path every transport affords to a territory next to the
objective (war/convoy.py's rules, R125, R134, per owner as war/moves.py moves a convoy), as far as
the slowest one's PM go; the crusaders then fight with their own orders (ATTACK, SIEGE, ASSAULT)
where it stands, and reinforce it by moving their transports there (L1518). Ships are not moved
by the judge: a crusade by sea is sailed by its players' orders (docs/church.md).
"""

from __future__ import annotations

import itertools

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.church.events import CrusadeNews
from adjudicator.rulesets.medioevo.church.papacy import church_of, with_church
from adjudicator.rulesets.medioevo.church.records import CRUSADER, MARCHING, Crusade
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.access import may_stay
from adjudicator.rulesets.medioevo.war.cargo_state import mover_in, relocate, spend
from adjudicator.rulesets.medioevo.war.forced_exits import mark_moved
from adjudicator.rulesets.medioevo.war.movement import check_path, search
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from adjudicator.rulesets.medioevo.war.transport import LAND, World


def army(state: MedioevoState, crusade: Crusade, data: DataSet) -> list[Piece]:
    """The crusade army's land transports where it stands (R323)."""
    crusaders = {p for p, s in crusade.sides.items() if s == CRUSADER}
    at = crusade.at or crusade.departure
    kinds = {t.kind for t in data.transports.values() if t.domain == LAND}
    return [
        p
        for p in state.pieces
        if p.owner in crusaders and p.location == at and p.aboard is None and p.kind in kinds and p.vf > 0
    ]


def _distances(data: DataSet, objective: str) -> dict[str, int]:
    """Land steps from each territory to the objective (the board's adjacency)."""
    board = data.board
    found = {objective: 0}
    frontier = [objective]
    while frontier:
        nxt = []
        for here in frontier:
            for there in board.territories[here].borders:
                if there in board.territories and there not in found:
                    found[there] = found[here] + 1
                    nxt.append(there)
        frontier = nxt
    return found


def _route(
    world: World, state: MedioevoState, data: DataSet, piece: Piece, objective: str
) -> tuple[str, ...]:
    """Where the army heads this turn: of the territories its first transport may enter and stay
    in by legal moves, whatever its PM (the army goes on next turn), the one nearest the
    objective, reached by a path whose every step keeps or shortens the distance (L1512); the
    cheapest path, then R125's order, on a tie. A defender's land on the way is attacked, never
    entered (L1516), so the march ends at its border. () when the army can get no nearer."""
    far = _distances(data, objective)
    lead = mover_in(state, data, piece)
    here = far.get(lead.location, 99)
    best: tuple[int, int, int, tuple[str, ...]] | None = None
    for node, ((cost, steps, path), _) in search(world, lead).items():
        if node not in data.board.territories or node == lead.location or not may_stay(world, lead, node):
            continue
        if far.get(node, 99) >= here or any(
            far.get(b, 99) > far.get(a, 99) for a, b in itertools.pairwise(path)
        ):
            continue
        if best is None or (far[node], cost, steps, path) < best:
            best = (far[node], cost, steps, path)
    return best[3] if best else ()


def march(state: MedioevoState, data: DataSet) -> tuple[MedioevoState, list[Event]]:
    """The start of Combat: the Pope's move of the crusade army (L1510-1514)."""
    crusade = church_of(state).crusade
    if crusade is None or crusade.stage != MARCHING or crusade.objective is None:
        return state, []
    target = crusade.objective
    if crusade.marched == state.turn:  # once a Combat phase (a faithful game resolves it by steps)
        return state, []
    state = with_church(state, crusade=crusade.model_copy(update={"marched": state.turn}))
    crusade = church_of(state).crusade or crusade
    pieces = army(state, crusade, data)
    at = crusade.at or crusade.departure or ""
    if not pieces:
        return state, []
    if at in data.board.territories[target].borders:
        text = f"the army stands next to {target}: the crusaders attack it with their orders (L1520)"
        return state, [CrusadeNews(step="march", text=text)]
    world = world_of(data, state)
    path = _route(world, state, data, pieces[0], target)
    if not path:
        return state, [CrusadeNews(step="march", text=f"no way on from {at} towards {target}")]
    reach = 0
    for step in range(len(path) - 1, 0, -1):  # the longest start of the path every transport affords
        if all(check_path(world, mover_in(state, data, p), path[: step + 1]).ok for p in pieces):
            reach = step
            break
    if not reach:
        text = f"the army stays in {at}: its slowest transport cannot go on (L1514)"
        return state, [CrusadeNews(step="march", text=text)]
    route = path[: reach + 1]
    end = route[-1]
    for piece in pieces:
        cost = check_path(world, mover_in(state, data, piece), route).cost
        state = relocate(state.with_piece(piece, location=end), piece, end)
        state = spend(state, piece, cost, moved=True)
    state = mark_moved(state, pieces)
    state = with_church(state, crusade=crusade.model_copy(update={"at": end}))
    moved = ", ".join(f"{p.owner}'s {label(data, p.kind, p.number)}" for p in pieces)
    names = " - ".join(world.name(n) for n in route)
    return state, [CrusadeNews(step="march", text=f"the Pope moves the army ({moved}): {names} (L1510-1514)")]
