"""What the SIEGE and ASSAULT steps and a siege's later turns share (seed 002 L1643-1645,
L1727-1729, L1780, L1822-1834, L1886-1966; rulings R112, R164, R193, R210, R220): whose walls
stand in a territory and how high, the captain who commands there, the force named, the barbarians
who rise behind their walls, and a siege's end.

Barbarian land behind walls (ex L2476: "assalta una Torre dei Barbari") is besieged and assaulted
as a power's is (R220): the barbarians are its defenders, standing first inside their walls
(L1830), and rise as for an attack when none stand there yet (L1643-1645, R103); the powers whose
doctrine helps them there stand with them (L1826-1828).
"""

from __future__ import annotations

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, Siege
from adjudicator.rulesets.medioevo.war import barbarians
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused
from adjudicator.rulesets.medioevo.war.events_conquest import BarbariansAppear
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeLifted
from adjudicator.rulesets.medioevo.war.forced_exits import attack_refusal
from adjudicator.rulesets.medioevo.war.fortress import fortification_level, with_walls

CONSTANTINOPLE = "costantinopoli"  # L1948: its walls fall at once only to 2 Bombarde


def target_of(state: MedioevoState, power: str, territory: str, data: DataSet) -> tuple[str, int] | Refused:
    """The territory's holder (its owner, or ``barbarians`` in barbarian land behind walls, R220)
    and its walls' level, or why ``power`` cannot besiege or assault it."""
    terr = state.territories.get(territory)
    if territory not in data.board.territories or terr is None:
        return Refused("no-territory", f"{territory} is not a territory the war can reach")
    owner = terr.owner
    level = fortification_level(terr.usable(), data)
    if owner == power:
        return Refused("not-enemy", f"{territory} is its own: nothing to besiege")
    if owner is None and not level:
        return Refused(
            "not-enemy", f"{territory} is barbarian land without walls: nothing to besiege; ATTACK it (L1643)"
        )
    if owner is None:
        return BARBARIANS, level
    if not state.at_war(power, owner):
        return Refused("not-at-war", f"{power} is not at war with {owner}, which holds {territory}")
    return owner, level


def rise(
    state: MedioevoState, power: str, territory: str, data: DataSet
) -> tuple[MedioevoState, list[Event]]:
    """The barbarians of a territory no power owns take up arms behind their walls when ``power``
    comes to them (L1643-1645, R103, R220): as for an attack, only when none stand there yet."""
    if state.territories[territory].owner is not None:
        return state, []
    state, placed = barbarians.rise(state, data, territory)
    appear = BarbariansAppear(territory=territory, vf=placed, attacker=power, phase="combat")
    return state, [appear] if placed else []


def commander(
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


def force_here(
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
