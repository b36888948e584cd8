"""Transports caught in hostile land when a war begins (seed 002 L1568-1574; digest A-48; rulings
R109, R124, R210).

"A può attaccare tutto quello che è al di fuori dei suoi territori, ma non può attaccare il MdT di
B che si trova nei suoi territori: quel MdT è obbligato a muoversi ed uscire dai territori di A
immediatamente (o in questo turno o nel turno successivo se ha già mosso)" (L1568); the same for
the declarer's own transport in B's land, which may attack only after a full turn outside (L1572).
One that cannot get out is eliminated with everything aboard (L1570, L1574: ``war/aftermath.py``).

* :func:`caught` makes the :class:`ForcedExit` records when wars begin (``declaration.declare_war``:
  diplomacy's DeclareWar, the script's ``WAR``, a helper's war, the GM's SURPRISE).
* :func:`mark_moved` notes when a move takes one out (or back in).
* :func:`leave` is the end of its owner's sub-turn: one its script left inside and that must be out
  this turn is moved out by the judge by the cheapest way (``movement.forced_exit``, R109, R124).
* :func:`attack_refusal` is L1572 for the attack steps.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import (
    CARRIED,
    Refused,
    key_of,
    mover_in,
    relocate,
    spend,
)
from adjudicator.rulesets.medioevo.war.events import TransportMoved
from adjudicator.rulesets.medioevo.war.movement import forced_exit
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from adjudicator.rulesets.medioevo.war.records import ForcedExit


def _inside(state: MedioevoState, piece: Piece, hostile: str) -> bool:
    terr = state.territories.get(piece.location)
    return terr is not None and terr.owner == hostile


def _by_turn(state: MedioevoState, piece: Piece, declarer: str) -> int:
    """The turn in whose combat sub-turn of its owner the transport must be out (L1568, R109):
    this turn, unless the war comes in the combat phase when the transport has already moved, or
    when its owner's sub-turn is over (an earlier power in the turn order than the declarer, who
    is acting): then the next."""
    turn = state.war
    if turn is None:
        return state.turn  # declared in diplomacy: the combat phase is still to come
    order = state.acting_order()
    passed = (
        piece.owner != declarer
        and piece.owner in order
        and declarer in order
        and order.index(piece.owner) < order.index(declarer)
    )
    return state.turn + 1 if passed or key_of(piece) in turn.moved else state.turn


def caught(state: MedioevoState, before: Iterable[tuple[str, str]], declarer: str) -> MedioevoState:
    """``state.exits`` with a record for every transport of two powers newly at war (the pairs of
    ``state.wars`` not in ``before``) standing in the other's territories (L1568, L1572)."""
    new = {tuple(sorted(w)) for w in state.wars} - {tuple(sorted(w)) for w in before}
    known = {(e.key(), e.hostile) for e in state.exits}
    made: list[ForcedExit] = []
    for a, b in sorted(new):
        for owner, hostile in ((a, b), (b, a)):
            for piece in state.pieces:
                if piece.owner != owner or piece.kind in CARRIED or piece.aboard is not None:
                    continue
                if not _inside(state, piece, hostile) or (piece.key(), hostile) in known:
                    continue
                made.append(
                    ForcedExit(
                        owner=owner,
                        kind=piece.kind,
                        number=piece.number,
                        hostile=hostile,
                        by_turn=_by_turn(state, piece, declarer),
                        declarer=owner == declarer,
                    )
                )
    return state.evolve(exits=(*state.exits, *made)) if made else state


def mark_moved(state: MedioevoState, pieces: Sequence[Piece]) -> MedioevoState:
    """After a move: ``out_since`` is this turn for a transport out of ``hostile``'s land, None
    again for one back inside (L1572: the full turn outside starts again)."""
    keys = {p.key() for p in pieces}
    if not any(e.key() in keys for e in state.exits):
        return state
    exits: list[ForcedExit] = []
    for exit_ in state.exits:
        piece = state.piece(*exit_.key())
        if exit_.key() in keys and piece is not None:
            inside = _inside(state, piece, exit_.hostile)
            if inside:
                exit_ = exit_.model_copy(update={"out_since": None})
            elif exit_.out_since is None:
                exit_ = exit_.model_copy(update={"out_since": state.turn})
        exits.append(exit_)
    return state.evolve(exits=tuple(exits))


def leave(state: MedioevoState, power: str, data: DataSet) -> tuple[MedioevoState, list[Event]]:
    """The end of ``power``'s sub-turn: each of its transports still inside the land it must leave
    this turn goes out by the cheapest way to the nearest place it may stay (R109, R124); one that
    cannot is left for the aftermath, which eliminates it with its cargo (L1570, L1574)."""
    events: list[Event] = []
    for exit_ in state.exits:
        piece = state.piece(*exit_.key())
        if exit_.owner != power or exit_.by_turn > state.turn or piece is None:
            continue
        if not _inside(state, piece, exit_.hostile):
            continue
        check = forced_exit(world_of(data, state), mover_in(state, data, piece))
        if not check.ok or check.path[-1] == piece.location:
            continue
        end = check.path[-1]
        state = relocate(state.with_piece(piece, location=end), piece, end)
        state = spend(state, piece, check.cost, moved=True)
        state = mark_moved(state, [piece])
        name = label(data, piece.kind, piece.number)
        events.append(
            TransportMoved(power=power, pieces=(name,), path=check.path, pm=(check.cost,), phase="combat")
        )
    return state, events


def attack_refusal(
    state: MedioevoState, power: str, carriers: Sequence[Piece], data: DataSet
) -> Refused | None:
    """L1572: the declarer's transport caught in the enemy's land attacks only after a full turn
    outside (R109): refused while it is inside, in the turn it got out and in the next."""
    for piece in carriers:
        for exit_ in state.exits:
            if exit_.key() != piece.key() or not exit_.declarer:
                continue
            name = label(data, piece.kind, piece.number)
            when = (
                f"it is still in {exit_.hostile}'s territories"
                if exit_.out_since is None
                else f"it left {exit_.hostile}'s territories in turn {exit_.out_since}"
            )
            return Refused(
                "forced-exit",
                f"{name} was in {exit_.hostile}'s land when {power} declared the war: {when}, and it "
                "may attack only after a full turn outside (L1572)",
            )
    return None
