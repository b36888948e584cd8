"""Powers' armies in barbarian land (seed 002 L2308; ruling R259).

"I giocatori possono attraversare, sostare e commerciare nei territori dei barbari pacificamente,
purché le loro armate (FV) non siano minori di quelle dei barbari, altrimenti verranno attaccati
durante gli Eventi." In the sub-phase, after the attacks on the powers' land, each barbarian
territory attacks the power there whose VF (on the ground and aboard its transports there) are
fewer than the barbarians', the one with fewest first, one power a territory a turn (as a target
is attacked once, L2318). The barbarians attack with all their VF but one (L2320); the power
defends by its doctrine there (``war/defence.py``), each of its transports needing 1 VF on land not
its own (L1683-1685). Beaten, the power loses its captains, siege engines and empty transports
there; the barbarian Captain who led rises a level (a transport taken, L2352), or one is placed.
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.barbarians.battles import barbarian_force, lost_pieces
from adjudicator.rulesets.medioevo.barbarians.captains import lead_in
from adjudicator.rulesets.medioevo.barbarians.land import captain_at, defending_vf, held_land, vf
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianAttack
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase.event import shielded
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war import defence
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Kind, Side
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground

Told = tuple[MedioevoState, tuple[Event, ...]]


def weaker(state: MedioevoState, territory: str) -> str | None:
    """The power with fewest VF there, fewer than the barbarians' (seat order at a tie)."""
    present = [(defending_vf(state, p, territory), p) for p in state.seats()]
    under = [(n, p) for n, p in present if 0 < n < vf(state, territory)]
    return min(under)[1] if under else None


def expel(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """Every barbarian territory's attack on the weaker power standing in it."""
    told: list[Event] = []
    safe = shielded(state)
    for territory in held_land(state):
        power = weaker(state, territory)
        if power is None or territory in safe or vf(state, territory) < 2:
            continue
        state, events = _attack(state, territory, power, dice, data)
        told.extend(events)
    return state, tuple(told)


def _attack(state: MedioevoState, territory: str, power: str, dice: Dice, data: DataSet) -> Told:
    attacking = vf(state, territory) - 1
    leader = captain_at(state, territory)
    was = state.war
    side = defence.defender_at(state, data, power, territory, attacking)
    battle = Battle(
        number=f"barbarians {territory}",
        kind=Kind.FIELD,
        attackers=(barbarian_force(state, attacking, leader, data),),
        defenders=(side.force,),
        ground=False,
    )
    outcome = fight(battle, dice, data.cards)
    state = defence.apply(state, data, territory, [side], outcome).evolve(war=was)
    state = add_ground(state, BARBARIANS, territory, -outcome.force(BARBARIANS).lost)
    won = outcome.winner is Side.ATTACKER
    lost = {f.power: f.lost + f.captured for f in outcome.forces}
    told: list[Event] = [
        BarbarianAttack(
            origin=territory,
            target=territory,
            defender=power,
            vf=attacking,
            why=f"{power}'s armies there are fewer than theirs (L2308)",
            won=won,
            lost=lost,
            rounds=len(outcome.rounds),
        )
    ]
    if won and defending_vf(state, power, territory) == 0:
        gone = {p.key() for p in lost_pieces(state, power, territory)}
        state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() not in gone))
        if gone:
            state, more = lead_in(state, territory, leader)
            told.extend(more)
    return state, tuple(told)
