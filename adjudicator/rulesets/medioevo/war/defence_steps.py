"""The faithful mode's defence steps resolved (docs/war.md §4.3; rulings R101, R247-R249).

A defence step (``Step((venice,), (combat,), "defence")``, opened by ``war/turns.py`` after the
step whose attack was paused by ``war/asking.py``) takes the defender's ``DOCTRINE`` lines: they
are applied first (they stand, R99), then the pending attack is fought with them (seed 002 L1717:
the defender chose after hearing captains, force and target; L1736: its cards; L2059, L2063: its
retreat before the first round), then the rest of the attacker's script runs, its sub-turn going
on (its sieges went on at its start, in its turn step: not again), until its end or another
attack on a defender that asks. A silent defender fights by its standing doctrine: its ``ASK``
then reads as no (R248). The resumed attack is not asked about again: at most one defence step
an attack. Its dice are the defence step's (its namespace, ``T3.combat.2-venice``). Pure.
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.asking import broken_chains, with_waiting
from adjudicator.rulesets.medioevo.war.cargo_state import war_turn
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import (
    RunOutcome,
    end_sub_turn,
    paused,
    played,
    run_script,
    steps_of,
)

DEFENCE = "defence"
"""The kind of a defence step (core/steps.py: an out-of-turn step's word)."""


def resume(state: MedioevoState, data: DataSet, dice: Dice) -> RunOutcome:
    """The pending attack fought and the attacker's script run on from it (R101, R249)."""
    turn = war_turn(state)
    pending = turn.pending
    assert pending is not None
    lines = [pending.line, *pending.rest, *pending.plans]
    read = parse_war_lines(state, pending.power, list(enumerate(lines, 1)), data, strict=False)
    plans = tuple(o for o in read.orders if isinstance(o, PlanLine))
    state = state.evolve(war=turn.model_copy(update={"pending": None}))
    broken = broken_chains(pending.failed_chains)
    state, script = run_script(
        state,
        pending.power,
        steps_of(read.orders),
        data,
        dice,
        plans,
        first=pending.step,
        broken=broken,
        ask_from=1,
    )
    if paused(state):  # another attack of the script asks: another defence step first
        left = [t for t in pending.waiting if t not in played(script.events)]
        return RunOutcome(with_waiting(state, left), tuple(script.events), tuple(script.results))
    return end_sub_turn(state, pending.power, pending.waiting, ((), script), data, dice)
