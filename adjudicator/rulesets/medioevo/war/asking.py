"""The pause of the faithful mode's defence steps (docs/war.md §4.3; rulings R101, R247, R248).

At the table the defender answers live: the attacker announces its captains, its force and its
target (seed 002 L1717), the cards are chosen after that (L1736), and a retreat before the first
round is decided then (L2059, L2063). By mail a defender whose doctrine at the attacked place says
``ASK`` is given that moment as a step of its own: when an ``ATTACK`` of a turn step is about to
roll its first die (its checks passed, the entry paid for by nothing yet: the attack is run on a
throw-away copy with dice that stop at the first roll), the attacker's script stops before it.
The state keeps the attack in ``WarTurn.pending`` (its step number, the attack and the rest of
the script as canonical lines, the plans, the chains already broken, the sieges left for the end
of the sub-turn) and the defender in ``WarTurn.asked``; ``war/turns.py`` then opens the
defender's defence step, and ``war/defence_steps.py`` resumes the attack there. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.parse_support import Reject
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import Refused, war_turn
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.events_conquest import AttackAnnounced
from adjudicator.rulesets.medioevo.war.orders import Attack, PlanLine, ScriptStep
from adjudicator.rulesets.medioevo.war.records import Pending
from adjudicator.rulesets.medioevo.war.transport_attack import target_piece

ASK = "ASK"


class FirstRoll(Exception):
    """Raised by :class:`Probe` at the first die an attack rolls: its first round is about to start."""


@dataclass
class Probe(Dice):
    """Dice that roll nothing: the first roll stops the attack run on a copy of the state."""

    def roll(self, sides: int, purpose: str) -> int:
        raise FirstRoll(purpose)


def probe() -> Probe:
    return Probe(b"", "probe")


def askers(state: MedioevoState, power: str, step: ScriptStep, data: DataSet) -> tuple[str, ...]:
    """The defenders of ``step``'s ``ATTACK`` whose doctrine there says ``ASK`` (R101, R247): the
    owner of the attacked territory, or of the attacked transport (``venice galley 2``). Other
    attacks (naval, sieges, assaults) give no defence step (R247)."""
    action = step.action
    if not isinstance(action, Attack):
        return ()
    target = action.target
    if target in data.board.territories:
        owner = state.territories[target].owner if target in state.territories else None
        place = target
    else:
        named = target_piece(state, data, target)
        if isinstance(named, Refused):
            return ()
        owner, place = named.owner, named.location
    if owner is None or owner == power or owner not in state.powers:
        return ()
    return (owner,) if ASK in standing(state, owner, data, place) else ()


def announced_force(state: MedioevoState, power: str, step: ScriptStep, data: DataSet) -> int:
    """The VF the attacker announces (L1717): those aboard the attacking transports, less the 1
    that stays aboard each (R102)."""
    from adjudicator.rulesets.medioevo.war.attacks import carriers_named

    assert isinstance(step.action, Attack)
    carriers = carriers_named(state, power, step.action.pieces, data)
    return 0 if isinstance(carriers, Refused) else max(0, sum(p.vf for p in carriers) - len(carriers))


def pause(
    state: MedioevoState,
    power: str,
    n: int,
    steps: Sequence[ScriptStep],
    plans: Sequence[PlanLine],
    broken: Mapping[str, int],
    defenders: tuple[str, ...],
    force: int,
) -> tuple[MedioevoState, AttackAnnounced]:
    """The state with the attack ``steps[0]`` (step ``n``) pending and its defenders asked, and
    the public announcement (L1717: captains, force, target; the rest is the attacker's)."""
    attack = steps[0].action
    assert isinstance(attack, Attack)
    turn = war_turn(state)
    pending = Pending(
        power=power,
        step=n,
        line=steps[0].canonical(),
        target=attack.target,
        captains=attack.captains,
        force=force,
        defenders=defenders,
        rest=tuple(s.canonical() for s in steps[1:]),
        plans=tuple(p.canonical() for p in plans),
        failed_chains=tuple(f"{chain} {at}" for chain, at in broken.items()),
    )
    turn = turn.model_copy(update={"pending": pending, "asked": (*turn.asked, *defenders)})
    told = AttackAnnounced(
        power=power,
        target=attack.target,
        captains=attack.captains,
        force=force,
        defenders=defenders,
        phase="combat",
    )
    return state.evolve(war=turn), told


def starts_a_battle(run: Callable[[Dice], object]) -> bool:
    """Whether ``run`` (the attack step on the state as it stands) would roll a die: the
    first round is about to start. A refused or unopposed attack rolls none: no defence step."""
    try:
        run(probe())
    except FirstRoll:
        return True
    except Reject:
        return False
    return False


def broken_chains(failed: Sequence[str]) -> dict[str, int]:
    """``Pending.failed_chains`` read back: chain name to the step that broke it."""
    return {name: int(at) for name, at in (f.rsplit(" ", 1) for f in failed)}


def with_waiting(state: MedioevoState, waiting: Sequence[str]) -> MedioevoState:
    """The sieges left for the end of the paused sub-turn kept with the pending attack (R223)."""
    turn = war_turn(state)
    if turn.pending is None:
        return state
    pending = turn.pending.model_copy(update={"waiting": tuple(waiting)})
    return state.evolve(war=turn.model_copy(update={"pending": pending}))
