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

How: each combat resolution adds to ``WarTurn.wounded`` one ``Wound`` a battle and power
(:func:`record_wounded`), from its battle events: the VF lost less the prisoners the event says
the other side took, and the cards lost (for MEDICO); the aftermath plays CERUSICO and MEDICO first
(``war/after_battle.py``, R237, R238), then turns what is left into ``PowerState.recovered``
(:func:`recover`); the next reinforcements phase adds those VF to the sheet
(``phases/reinforcements.py``).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.battle_dice import card_key
from adjudicator.rulesets.medioevo.war.cargo_state import war_turn
from adjudicator.rulesets.medioevo.war.events import BattleFought, RoundShown
from adjudicator.rulesets.medioevo.war.events_aftermath import WoundedRecovered
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought
from adjudicator.rulesets.medioevo.war.records import Wound

RECOVER = "recover_vf_per_turn"
"""The technologies' parameter (``technologies.toml``): VF recovered each turn."""


def record_wounded(before: MedioevoState, after: MedioevoState, events: Sequence[Event]) -> MedioevoState:
    """``after`` with this resolution's battles added to ``WarTurn.wounded``, one
    :class:`Wound` a battle and power that lost VF or cards there: the VF its battle in
    ``events`` cost it less those the other side took prisoner of them (L1772; VF caught
    retreating were never counted lost, R141), and the cards it lost (L1768). ``before`` is kept
    for the callers; the prisoners are read from each battle's event."""
    del before
    wounds: dict[str, list[Wound]] = {}
    for event in events:
        for power, wound in _wounds(event):
            if power in after.powers and (wound.vf or wound.cards):
                wounds.setdefault(power, []).append(wound)
    if not wounds or after.war is None:
        return after
    turn = war_turn(after)
    total = {p: (*turn.wounded.get(p, ()), *wounds.get(p, ())) for p in {*turn.wounded, *wounds}}
    return after.evolve(war=turn.model_copy(update={"wounded": total}))


def _wounds(event: Event) -> list[tuple[str, Wound]]:
    """What one battle event cost each power: field and naval battles, assaults; nothing else."""
    if isinstance(event, BattleFought):
        taken = _taken_of(event)
        cards = _cards(event.detail)
        return [
            (p, Wound(where=event.territory, vf=max(0, vf - taken.get(p, 0)), cards=cards.get(p, ())))
            for p, vf in event.lost.items()
        ]
    if isinstance(event, AssaultFought):
        cards = _cards(event.detail)
        lost = {event.power: event.attacker_lost, event.defender: event.defender_lost}
        return [(p, Wound(where=event.territory, vf=vf, cards=cards.get(p, ()))) for p, vf in lost.items()]
    return []


def _taken_of(event: BattleFought) -> dict[str, int]:
    """VF of each power taken prisoner in the battle, charged as ``attack_outcome`` charges them:
    the attacker's prisoners to the main defender, a defender's to the attacker (or, if that one
    lost nothing, to the first of the other side that did)."""
    losing = [p for p in event.lost if event.lost.get(p, 0) + event.captured.get(p, 0)]
    out: dict[str, int] = {}
    for captor, n in event.prisoners.items():
        attacking = captor == event.attacker
        others = [p for p in losing if (p == event.attacker) != attacking]
        main = event.defender if attacking else event.attacker
        victim = main if main in others else next(iter(others), None)
        if n and victim is not None:
            out[victim] = out.get(victim, 0) + n
    return out


def _cards(rounds: Sequence[RoundShown]) -> dict[str, tuple[str, ...]]:
    """The Empire cards (ids) each power lost in the battle's rounds, in the order lost."""
    out: dict[str, tuple[str, ...]] = {}
    for r in rounds:
        for power, name in r.cards_lost:
            out[power] = (*out.get(power, ()), card_key(name))
    return out


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
        vf = min(best, sum(w.vf for w in wounded))
        if vf <= 0:
            continue
        state = state.with_power(power, recovered=held.recovered + vf)
        lost = sum(w.vf for w in wounded)
        events.append(WoundedRecovered(power=power, tech=name, vf=vf, wounded=lost, phase="aftermath"))
    return state, events
