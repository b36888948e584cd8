"""Movement's inputs read from a :class:`MedioevoState` (rulings R120, R121): who owns what, the
wars and the passage pacts, the settlements, the galleys at sea, the captains on the ground.

A convenience for the war window: the calculators themselves take only the frozen inputs of
``transport.py``. What the state does not hold yet (the cargo of each transport, the PM spent this
phase, the distant ports placed) the caller passes in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from adjudicator.rulesets.medioevo.calamity.records import infected
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.distant_ports import in_force
from adjudicator.rulesets.medioevo.drought import dry_river, struck
from adjudicator.rulesets.medioevo.events_phase.records import HALF
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.two_player import out_of_play
from adjudicator.rulesets.medioevo.variants import DIFFICULT_LANDING, on
from adjudicator.rulesets.medioevo.war.transport import Cargo, Mover, Relations, World


def relations_of(state: MedioevoState) -> Relations:
    """The wars, and passage from every pact or alliance in force between two powers, both ways;
    a CONCESSIONE only for its first party (pact terms are free text, L632-633, R121)."""
    passage: set[tuple[str, str]] = set()
    for pact in state.pacts:
        if pact.until is not None and pact.until < state.turn:
            continue
        guests = pact.parties[:1] if pact.concession else pact.parties
        passage.update((guest, host) for guest in guests for host in pact.parties if host != guest)
    return Relations(wars=frozenset(frozenset(w) for w in state.wars), passage=frozenset(passage))


def world_of(
    data: DataSet, state: MedioevoState, distant_ports: Iterable[str] = (), rough_landing: bool = False
) -> World:
    """The board as movement sees it now: owners, relations, working settlements (L1614) and the
    galleys of each power in each sea zone (active blockades, L2033)."""
    fleets: dict[str, dict[str, int]] = {}
    for piece in state.pieces:
        if piece.kind == "galley" and piece.location in data.board.seas:
            zone = fleets.setdefault(piece.location, {})
            zone[piece.owner] = zone.get(piece.owner, 0) + 1
    return World(
        data,
        owners={tid: ts.owner for tid, ts in state.territories.items()},
        relations=relations_of(state),
        settlements=frozenset(tid for tid, ts in state.territories.items() if ts.settlement()),
        distant_ports=frozenset(distant_ports) | in_force(state),
        fleets=fleets,
        rough_landing=rough_landing or on(state, DIFFICULT_LANDING),
        besieging={s.territory: (s.by, s.route) for s in state.sieges},
        dry_river=dry_river(state),
        out_of_play=out_of_play(state, data),
        infected=infected(state.ongoing),
    )


def world_taking(data: DataSet, state: MedioevoState, power: str, targets: Iterable[str]) -> World:
    """The board as an ATTACK's entry sees it (L1655): ``world_of`` with ``targets`` already
    ``power``'s, since the attack is what lets the transports in (their owner is not asked; their
    terrain, river and strait are, L1661). The judge (``attacks.py``) and the order template
    (``legal.py``) both ask this one, so the template offers exactly the attacks the judge takes."""
    world = world_of(data, state)
    return replace(world, owners={**world.owners, **dict.fromkeys(targets, power)})


def captains_at(state: MedioevoState, power: str) -> frozenset[str]:
    """Where the power has a captain (the loading discount, L1614)."""
    return frozenset(p.location for p in state.pieces_of(power, CAPTAIN))


def mover_of(
    state: MedioevoState,
    piece: Piece,
    cargo: Cargo | None = None,
    spent: int = 0,
    extra_pm: int = 0,
    dry_start: bool | None = None,
) -> Mover:
    """A piece of the state as a mover, with its owner's technologies (L1639), this turn's Event
    transport stop (L1060) and the drought's half PM for a transport that starts to move from a
    territory it struck (L1348, R297). ``dry_start`` says where it started when the caller knows
    (commerce's ledger; False for an upper bound); else a transport that has spent nothing yet
    starts where it stands."""
    techs = frozenset(state.powers[piece.owner].techs) if piece.owner in state.powers else frozenset()
    held = (
        state.omens.stalled.get("/".join(map(str, piece.key())), "") if state.omens.turn == state.turn else ""
    )
    if dry_start is None:
        dry_start = spent == 0 and struck(state, piece.location)
    if dry_start and not held:
        held = HALF
    return Mover(
        piece=piece, cargo=cargo or Cargo(), spent=spent, techs=techs, extra_pm=extra_pm, stalled=held
    )
