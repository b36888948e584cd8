"""The war's guarantees (docs/war.md §8), checked on a state: what no step of phase 9 may break.

:func:`problems` lists in words what is wrong with a state (empty: sound):

* no VF negative anywhere: on the ground, aboard, in a power's reserve, reinforcements and
  prisoners;
* no army aboard nothing: VF ride only on transports (L1566, L1628); a piece's ``aboard`` names
  an existing transport of the same owner (L1564, L777), in the same place, never itself;
* no transport over its army capacity (L1566, ``transport.stats`` and ``army_space``: a VF 1, a
  siege engine or land transport 5, a land transport's own cargo with it, R127);
* no transport past its movement points: ``WarTurn.spent`` names existing transports and stays
  within their PM (L1576, L1661);
* sieges, forced exits, ownerless transports and the war's captains name existing territories,
  places and pieces (L1728: a siege's captain).

:func:`vf_total` is each power's VF on the board (ground and aboard), for the callers' checks of
VF conservation (§8: before − losses − trims − … = after). Pure.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, Piece
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.movement_state import mover_of
from adjudicator.rulesets.medioevo.war.transport import Cargo, army_space, stats


def vf_total(state: MedioevoState) -> dict[str, int]:
    """VF of each power (and the barbarians) on the board: on the ground and aboard its pieces."""
    total: dict[str, int] = {}
    for terr in state.territories.values():
        for power, vf in terr.armies.items():
            total[power] = total.get(power, 0) + vf
    for piece in state.pieces:
        total[piece.owner] = total.get(piece.owner, 0) + piece.vf
    return total


def problems(state: MedioevoState, data: DataSet, extra_pm: Mapping[str, int] = {}) -> list[str]:
    """What breaks the war's guarantees in ``state``, in words; empty when it is sound.
    ``extra_pm``: PM a card gave a transport this phase (MARESCIALLO, L2707), by the key
    ``WarTurn.spent`` uses (``"venice/galley/2"``)."""
    return [
        *_negative(state),
        *_aboard(state, data),
        *_capacity(state, data),
        *_spent(state, data, extra_pm),
        *_refs(state, data),
    ]


def _negative(state: MedioevoState) -> list[str]:
    out = [
        f"{power} has {vf} VF in {tid}"
        for tid, terr in state.territories.items()
        for power, vf in terr.armies.items()
        if vf < 0
    ]
    out += [f"{_name(p)} carries {p.vf} VF" for p in state.pieces if p.vf < 0]
    for power, ps in state.powers.items():
        out += [
            f"{power} has {v} VF in its {what}"
            for what, v in (("reserve", ps.reserve), ("reinforcements", ps.reinforcements))
            if v < 0
        ]
        out += [f"{power} holds {v} VF of {other} prisoner" for other, v in ps.prisoners.items() if v < 0]
    return out


def _name(piece: Piece) -> str:
    return f"{piece.owner}/{piece.kind}/{piece.number}"


def _transport_kinds(data: DataSet) -> set[str]:
    return {t.kind for t in data.transports.values()}


def _aboard(state: MedioevoState, data: DataSet) -> list[str]:
    kinds = _transport_kinds(data)
    out: list[str] = []
    for p in state.pieces:
        if p.vf and p.kind not in kinds:
            out.append(f"{_name(p)} is no transport and carries {p.vf} VF (L1566)")
        if p.aboard is None:
            continue
        kind, _, number = p.aboard.partition("/")
        carrier = state.piece(p.owner, kind, int(number)) if number.isdigit() else None
        if carrier is None or carrier.kind not in kinds:
            out.append(f"{_name(p)} is aboard {p.aboard}, which is no transport of {p.owner} (L1564)")
        elif carrier.key() == p.key():
            out.append(f"{_name(p)} is aboard itself")
        elif carrier.location != p.location:
            out.append(f"{_name(p)} is aboard {p.aboard} in {carrier.location} but stands in {p.location}")
    return out


def cargo_of(state: MedioevoState, carrier: Piece) -> Cargo:
    """What ``carrier`` holds as the movement calculators count it: its owner's VF, the captains
    and siege engines aboard, and the land transports aboard with their own cargo (R127)."""
    key = f"{carrier.kind}/{carrier.number}"
    on = [
        p for p in state.pieces if p.owner == carrier.owner and p.aboard == key and p.key() != carrier.key()
    ]
    return Cargo(
        armies={carrier.owner: carrier.vf} if carrier.vf > 0 else {},
        captains=sum(1 for p in on if p.kind == CAPTAIN),
        siege=sum(1 for p in on if p.kind == SIEGE),
        land=tuple(mover_of(state, p, cargo_of(state, p)) for p in on if p.kind not in (CAPTAIN, SIEGE)),
    )


def _capacity(state: MedioevoState, data: DataSet) -> list[str]:
    kinds = _transport_kinds(data)
    out: list[str] = []
    for p in state.pieces:
        if p.kind not in kinds or p.vf < 0:
            continue
        cargo = cargo_of(state, p)
        used, room = army_space(data, cargo), stats(data, mover_of(state, p, cargo)).army_capacity
        if used > room:
            out.append(f"{_name(p)} carries {used} of army space, over its capacity of {room} (L1566)")
    return out


def _spent(state: MedioevoState, data: DataSet, extra_pm: Mapping[str, int]) -> list[str]:
    if state.war is None:
        return []
    kinds = _transport_kinds(data)
    out: list[str] = []
    for key, pm in state.war.spent.items():
        owner, _, rest = key.partition("/")
        kind, _, number = rest.partition("/")
        piece = state.piece(owner, kind, int(number)) if number.isdigit() else None
        if piece is None or piece.kind not in kinds:
            out.append(f"PM spent by {key}, which is no transport on the map")
            continue
        extra = extra_pm.get(key, 0) + state.war.marshal_pm.get(key, 0)  # MARESCIALLO (L2707)
        full = stats(data, mover_of(state, piece, extra_pm=extra, dry_start=False)).pm
        if not 0 <= pm <= full:
            out.append(f"{key} spent {pm} PM of its {full} (L1576)")
    return out


def _refs(state: MedioevoState, data: DataSet) -> list[str]:
    places = set(state.territories) | set(data.board.seas)
    out: list[str] = []
    for s in state.sieges:
        if s.territory not in state.territories:
            out.append(f"a siege of {s.territory}, which is no territory")
        if s.by not in state.powers:
            out.append(f"a siege of {s.territory} by {s.by}, which is no power")
        if s.captain is not None and state.piece(s.by, CAPTAIN, s.captain) is None:
            out.append(
                f"the siege of {s.territory} is led by {s.by}'s captain {s.captain}, not on the map (L1728)"
            )
    out += [
        f"{e.owner}'s {e.kind} {e.number} must leave {e.hostile}'s land but is not on the map"
        for e in state.exits
        if state.piece(*e.key()) is None
    ]
    out += [
        f"the ownerless {w.was} is in {w.location}, which is no place"
        for w in state.wrecks
        if w.location not in places
    ]
    out += [
        f"{_name(p)} is in {p.location}, which is no place" for p in state.pieces if p.location not in places
    ]
    return out
