"""Pirate and barbarian ships (seed 002 L2333-2346, L1402-1404, ex L1424-1428, ex L2294; R261).

Before each power's combat turn (L2338: "durante il Combattimento prima del turno di ogni
giocatore"; L1402) each barbarian ship moves one step at random: the directions are the sea zones
next to its zone and the coastal territories of it that a power holds (barbarian land does not
count, L2340, ex L1428; an ownerless one has no player army to land on, L1404). The die is the
smallest of d4, d6, d8, d10, d12, d20 that reaches their number; a result past it is rolled again
(L2340). Into a zone where a power's ships are, it attacks them till one side is gone (L1402); into
a territory, it lands everything aboard and attacks it by the barbarians' rules, and the ship
leaves the map (L2344-2346). MUDE gives the pirates -1 on their rolls against its holder (L1402).

In the barbarians' sub-phase a ship that shares its zone with a power's ships attacks them too
(ex L2294). A naval fight is the war's ``fight`` (kind NAVAL: ramming by the galleys, then rounds);
a power's losses come off its ships with most VF first, and a ship left without VF is lost (it needs
1 VF at sea, L1683-1685: R261).
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.ruleset import DieUse
from adjudicator.rulesets.medioevo.barbarians import battles, captains
from adjudicator.rulesets.medioevo.barbarians.land import GALLEY, captains_aboard
from adjudicator.rulesets.medioevo.barbarians.land import ships as galleys
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianAttack, BarbarianShipMoved
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war.attack_outcome import force_of
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Kind, Side

MOVE = "pirate ship "
"""The purpose of a ship's move (then its number)."""
DICE = (4, 6, 8, 10, 12, 20)
MUDE = "mude"
RETRIES = 50  # a loaded die keeps giving a result past the choices: take it modulo after these

Told = tuple[MedioevoState, tuple[Event, ...]]


def die_for(n: int) -> int:
    """The smallest die that reaches ``n`` (L2340: 5 directions, a d6)."""
    return next((d for d in DICE if d >= n), DICE[-1])


def directions(state: MedioevoState, ship: Piece, data: DataSet) -> tuple[str, ...]:
    """Where the ship may go: the zones next to its own, then the coast a power holds (L2340)."""
    sea = data.board.seas.get(ship.location)
    if sea is None:
        return ()
    coast = [
        t for t in data.board.coast(ship.location) if t in state.territories and state.territories[t].owner
    ]
    return (*sea.borders, *coast)


def fleets_at(state: MedioevoState, sea: str) -> tuple[str, ...]:
    """The powers with ships in the sea zone, in seat order."""
    return tuple(
        p for p in state.seats() if any(s.location == sea and s.aboard is None for s in _ships(state, p, sea))
    )


def _ships(state: MedioevoState, power: str, sea: str) -> tuple[Piece, ...]:
    return tuple(
        p for p in state.pieces_of(power) if p.location == sea and p.kind != CAPTAIN and p.aboard is None
    )


def move_all(state: MedioevoState, before: str, dice: Dice, data: DataSet) -> Told:
    """Every barbarian ship's step before ``before``'s combat turn."""
    told: list[Event] = []
    for ship in galleys(state):
        current = state.piece(*ship.key())
        if current is None:
            continue
        state, events = move(state, current, before, dice, data)
        told.extend(events)
    return state, tuple(told)


def move(state: MedioevoState, ship: Piece, before: str, dice: Dice, data: DataSet) -> Told:
    ways = directions(state, ship, data)
    if not ways:
        return state, ()
    sides = die_for(len(ways))
    roll = dice.roll(sides, f"{MOVE}{ship.number}")
    for _ in range(RETRIES):
        if roll <= len(ways):
            break
        roll = dice.roll(sides, f"{MOVE}{ship.number}")
    to = ways[(roll - 1) % len(ways)]
    name = f"pirate {label(data, GALLEY, ship.number)}"
    told: list[Event] = [
        BarbarianShipMoved(ship=name, start=ship.location, to=to, roll=roll, sides=sides, before=before)
    ]
    if to in data.board.territories:
        state, more = land(state, ship, to, dice, data)
        return state, (*told, *more)
    for crew in captains_aboard(state, ship):
        state = state.with_piece(crew, location=to)
    state = state.with_piece(ship, location=to)
    moved = state.piece(*ship.key())
    if moved is not None and fleets_at(state, to):
        state, more = sea_fight(state, moved, fleets_at(state, to)[0], dice, data)
        told.extend(more)
    return state, tuple(told)


def land(state: MedioevoState, ship: Piece, territory: str, dice: Dice, data: DataSet) -> Told:
    """The ship lands all aboard on a power's territory and attacks it (L2344); it leaves the map."""
    crew = captains_aboard(state, ship)
    leader = max(crew, key=lambda c: c.level, default=None)
    keys = {ship.key(), *(c.key() for c in crew if c != leader)}
    state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() not in keys))
    origin = f"pirate galley {ship.number}"
    state, left, told = battles.assault(state, territory, ship.vf, leader, origin, "landing", dice, data)
    if not left:
        if leader is not None:
            state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != leader.key()))
        return state, told
    state, more = battles.conquer(state, territory, left, leader, data)
    return state, (*told, *more)


def sea_fights(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """In the barbarians' sub-phase, each ship sharing its zone with a power's ships attacks them."""
    told: list[Event] = []
    for ship in galleys(state):
        current = state.piece(*ship.key())
        if current is None or current.location not in data.board.seas:
            continue
        powers = fleets_at(state, current.location)
        if powers:
            state, events = sea_fight(state, current, powers[0], dice, data)
            told.extend(events)
    return state, tuple(told)


def sea_fight(state: MedioevoState, ship: Piece, power: str, dice: Dice, data: DataSet) -> Told:
    """The pirates attack ``power``'s ships in their zone (L1402)."""
    sea = ship.location
    theirs = _ships(state, power, sea)
    crew = captains_aboard(state, ship)
    leader = max(crew, key=lambda c: c.level, default=None)
    mods = (("MUDE", -1),) if MUDE in state.powers[power].techs else ()
    fighting = ship.vf - 1  # 1 VF stays aboard (L2320, ex L2294: 10 VF attack with 9)
    if fighting < 1:
        return state, ()
    pirates = battles.barbarian_force(state, fighting, leader, data)
    pirates = replace(pirates, galleys=(ship.level,), extra_modifiers=mods)
    levels = tuple(s.level for s in theirs if s.kind == GALLEY)
    defending = sum(s.vf for s in theirs)
    captains = [c for c in state.pieces_of(power, CAPTAIN) if c.location == sea]
    battle = Battle(
        number=f"pirates {ship.number}",
        kind=Kind.NAVAL,
        attackers=(pirates,),
        defenders=(
            force_of(state, power, defending, captains, data, galleys=levels, transports=len(theirs)),
        ),
        ground=False,
    )
    outcome = fight(battle, dice, data.cards)
    lost = outcome.force(power).lost + outcome.force(power).captured
    state = _lose(state, theirs, lost)
    left = outcome.force(BARBARIANS).vf_left
    won = outcome.winner is Side.ATTACKER
    state = state.with_piece(ship, vf=left + 1)  # with the one that stayed aboard
    if won:
        state = _promote_aboard(state, ship, leader)
    event = BarbarianAttack(
        origin=f"pirate galley {ship.number}",
        target=sea,
        defender=power,
        vf=fighting,
        why="its fleet at sea",
        won=won,
        lost={power: lost, BARBARIANS: outcome.force(BARBARIANS).lost},
        rounds=len(outcome.rounds),
    )
    return state, (event,)


def _lose(state: MedioevoState, ships: tuple[Piece, ...], vf: int) -> MedioevoState:
    """The losses off the ships with most VF first; a ship left with none is lost with its riders."""
    for ship in sorted(ships, key=lambda s: (-s.vf, s.number)):
        if vf <= 0:
            break
        take = min(vf, ship.vf)
        vf -= take
        state = state.with_piece(ship, vf=ship.vf - take)
    empty = {s.key() for s in ships if (state.piece(*s.key()) or s).vf == 0}
    seats = {f"{k[1]}/{k[2]}" for k in empty}
    owner = ships[0].owner if ships else ""
    return state.evolve(
        pieces=tuple(
            p for p in state.pieces if p.key() not in empty and not (p.owner == owner and p.aboard in seats)
        )
    )


def _promote_aboard(state: MedioevoState, ship: Piece, leader: Piece | None) -> MedioevoState:
    """Transports taken: the Captain aboard rises, or one of level I boards (L2352)."""
    if leader is not None:
        return captains.promote(state, leader)
    return captains.place(state, ship.location, aboard=f"{ship.kind}/{ship.number}") or state


def dice_uses() -> tuple[DieUse, ...]:
    return (DieUse(f"{MOVE}N", DICE),)
