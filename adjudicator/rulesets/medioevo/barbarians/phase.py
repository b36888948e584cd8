"""The barbarians' sub-phase of the Events (seed 002 L2304-2348; ruling R258).

Where: the fourth sub-phase of the Events, "Ribellioni e Capitani barbari" (L1032, L1082, L1088:
"Durante gli Eventi si attivano i Barbari"), after the rebellions, so the land that just rebelled
acts with the rest (the rebels of L1086 are barbarians). In this order:

1. the levy (``levy.py``, R260), then an INVASIONE BARBARA under way marches on (``invasion.py``);
2. the attacks (``targets.py``, ``battles.py``, R259), on the powers' armies standing in barbarian
   land weaker than them (``intruders.py``, L2308), and the pirate and barbarian ships that
   share a sea zone with a power's fleet attack it (ex L2294, ``ships.py``);
3. the ladder of the land over supply that borders no power (``buildup.py``);
4. the barbarian VF past the supply limit, on land and aboard, leave (L2348).

It takes no orders: the barbarians have no player; the defenders' choices are their standing war
doctrines (docs/war.md §3.3).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.ruleset import DieUse
from adjudicator.rulesets.medioevo.barbarians import buildup, intruders, invasion, levy, ships, targets
from adjudicator.rulesets.medioevo.barbarians.battles import raid
from adjudicator.rulesets.medioevo.barbarians.land import held_land, limit, vf
from adjudicator.rulesets.medioevo.barbarians.land import ships as galleys
from adjudicator.rulesets.medioevo.barbarians.news import BarbariansTrimmed
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground

Told = tuple[MedioevoState, tuple[Event, ...]]


def attacks(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """Step 2: every planned land attack, then the ships' (also the ATTIVAZIONE variant's step)."""
    told: list[Event] = []
    for plan in targets.plan(state, data, dice, invasion.commanders(state)):
        state, events = raid(state, plan, dice, data)
        told.extend(events)
    state, expelled = intruders.expel(state, dice, data)
    state, events = ships.sea_fights(state, dice, data)
    return state, (*told, *expelled, *events)


def trim(state: MedioevoState, data: DataSet) -> Told:
    """Step 4 (L2348): what passes the supply limit leaves, on land and aboard the Galleys."""
    told: list[Event] = []
    for territory in held_land(state):
        excess = vf(state, territory) - limit(state, territory, data)
        if excess > 0:
            state = add_ground(state, BARBARIANS, territory, -excess)
            told.append(BarbariansTrimmed(place=territory, vf=excess))
    room = buildup.galley_room(data)
    for ship in galleys(state):
        if ship.vf > room:
            state = state.with_piece(ship, vf=room)
            told.append(
                BarbariansTrimmed(place=f"galley {ship.number} in {ship.location}", vf=ship.vf - room)
            )
    return state, tuple(told)


def resolve(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """The whole sub-phase, in its order."""
    state, levied = levy.levy(state, data)
    state, marched = invasion.advance(state, dice, data)
    state, fought = attacks(state, dice, data)
    state, built = buildup.ladder(state, dice, data)
    state, trimmed = trim(state, data)
    told = (*levied, *marched, *fought, *built, *trimmed)
    return state, told


def dice_uses(data: DataSet) -> tuple[DieUse, ...]:
    """What the sub-phase rolls: ties (among the candidates), a new Galley's sea zone, the ships'
    moves and fights; the battles roll the war's purposes with ``N`` = ``barbarians T`` or
    ``pirates SHIP`` (war/battle_dice.py)."""
    most = max(len(t.borders) + len(t.seas) for t in data.board.territories.values())
    among = tuple(range(2, most + 1))
    return (
        DieUse(f"{targets.TARGET}T", among),
        DieUse(f"{targets.ATTACKER}T", among),
        DieUse(f"{buildup.SEA}T", among),
        *ships.dice_uses(),
    )
