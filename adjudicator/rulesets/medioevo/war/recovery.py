"""Wounded armies recovered at the end of the combat phase: CHIRURGIA and OSPEDALE (seed 002
L3140, L3144, ex L3112, L3114; L1748 names them among the technologies that act in combat).

CHIRURGIA: "a fine fase recuperi ogni turno 1 VF di armata persa in battaglia"; OSPEDALE: "a fine
fase recuperi 2 VF di armate perse in battaglia, anche se sono battaglie differenti"; both: "non si
possono recuperare più VF di quelli persi escludendo i prigionieri; tutti VF recuperati rientrano
in gioco nella prossima fase Rinforzi". Ruling R236: the technologies do not add up (OSPEDALE's 2,
not 1 + 2: the ladder MEDICINA/CHIRURGIA/OSPEDALE, like CERUSICO's d4/d6/d8, gives the highest
rung); what may be recovered is the VF of armies the power lost in this phase's battles (field,
naval and assaults; not siege attrition nor the supply trim, which are no battle) less those the
enemy took prisoner of them (L1772); VF caught retreating (R141) are prisoners, never lost VF.

How: each combat resolution adds to ``WarTurn.wounded`` (:func:`record_wounded`), from its battle
events and the prisoners the powers gained in it; the aftermath turns it into
``PowerState.recovered`` (:func:`recover`); the next reinforcements phase adds those VF to the
sheet (``phases/reinforcements.py``). CERUSICO (1d4/1d6/1d8 after one battle, L2548) is a card
played in combat, not built here.

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import war_turn
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.events_aftermath import WoundedRecovered
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought

RECOVER = "recover_vf_per_turn"
"""The technologies' parameter (``technologies.toml``): VF recovered each turn."""


def record_wounded(before: MedioevoState, after: MedioevoState, events: Sequence[Event]) -> MedioevoState:
    """``after`` with this resolution's wounded added to ``WarTurn.wounded``: per power, the VF
    its battles in ``events`` cost it, less the prisoners the others gained of it between
    ``before`` and ``after`` that were not caught retreating (those were never counted lost)."""
    lost: dict[str, int] = {}
    caught: dict[str, int] = {}
    for event in events:
        if isinstance(event, BattleFought):
            for power, vf in event.lost.items():
                lost[power] = lost.get(power, 0) + vf
            for power, vf in event.captured.items():
                caught[power] = caught.get(power, 0) + vf
        elif isinstance(event, AssaultFought):
            lost[event.power] = lost.get(event.power, 0) + event.attacker_lost
            lost[event.defender] = lost.get(event.defender, 0) + event.defender_lost
    wounded: dict[str, int] = {}
    for power, vf in lost.items():
        if power not in after.powers or not vf:
            continue
        taken = _prisoners_gained(before, after, power) - caught.get(power, 0)
        wounded[power] = max(0, vf - max(0, taken))
    if not any(wounded.values()) or after.war is None:
        return after
    turn = war_turn(after)
    total = {p: turn.wounded.get(p, 0) + wounded.get(p, 0) for p in {*turn.wounded, *wounded}}
    return after.evolve(war=turn.model_copy(update={"wounded": {p: n for p, n in total.items() if n}}))


def _prisoners_gained(before: MedioevoState, after: MedioevoState, power: str) -> int:
    """VF of ``power`` the other powers hold prisoner now and did not before."""
    gained = 0
    for captor, held in after.powers.items():
        old = before.powers.get(captor)
        gained += held.prisoners.get(power, 0) - (old.prisoners.get(power, 0) if old is not None else 0)
    return gained


def recover(state: MedioevoState, data: DataSet) -> tuple[MedioevoState, list[Event]]:
    """The end of the phase: each power with CHIRURGIA or OSPEDALE recovers the highest rung it
    holds, at most what it lost in battle this phase (R236); kept in ``PowerState.recovered``
    for the next reinforcements."""
    if state.war is None:
        return state, []
    events: list[Event] = []
    for power, wounded in sorted(state.war.wounded.items()):
        held = state.powers.get(power)
        if held is None:
            continue
        techs = [data.technologies[t] for t in held.techs if t in data.technologies]
        rungs = [(int(tech.params.get(RECOVER, 0)), tech.name) for tech in techs]
        best, name = max(rungs, default=(0, ""))
        vf = min(best, wounded)
        if vf <= 0:
            continue
        state = state.with_power(power, recovered=held.recovered + vf)
        events.append(WoundedRecovered(power=power, tech=name, vf=vf, wounded=wounded, phase="aftermath"))
    return state, events
