"""The compressed mode's script runner (docs/war.md §4.2; seed 002 L456-458, L1596-1600; rulings
R97, R98, R115): every power's combat script, power by power in turn order, each step checked on
the board as the steps before it (its own and the earlier powers') left it.

Pure: :func:`run_scripts` takes the state and the parsed scripts (``ScriptStep`` orders, as
``parse_war_lines`` returns them; PLAN and DOCTRINE lines are not steps and are passed over) and
returns the state after, the events and one result per step. Not yet wired into the ruleset's
windows (the ``war`` window is a later commit). The movement steps are made by ``war/moves.py``,
ATTACK (land) and WAR by ``war/attacks.py``, NAVAL ATTACK by ``war/naval_attack.py`` (with the
power's PLAN lines and the dice); the others (SIEGE, ASSAULT, …) fail with the code ``not-yet``
until their commits land.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.barbarians import ships as pirate_ships
from adjudicator.rulesets.medioevo.barbarians.land import ships as barbarian_ships
from adjudicator.rulesets.medioevo.church import war_hooks as church_war
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.parse_support import Reject
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import asking as asking_
from adjudicator.rulesets.medioevo.war import (
    attacks,
    card_plays,
    forced_exits,
    infiltrato,
    moves,
    naval_attack,
    reactions,
)
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused, pm_left
from adjudicator.rulesets.medioevo.war.events import ScriptStepFailed
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought, SiegeGoesOn, SiegeLifted
from adjudicator.rulesets.medioevo.war.guards import guard_failure
from adjudicator.rulesets.medioevo.war.orders import (
    COMBAT,
    Assault,
    Attack,
    Claim,
    LiftSiege,
    Load,
    Move,
    NavalAttack,
    OnFail,
    PlanLine,
    PlayCombatCard,
    ScriptStep,
    Siege,
    SurpriseWar,
    Unload,
)
from adjudicator.rulesets.medioevo.war.records import FAITHFUL
from adjudicator.rulesets.medioevo.war.siege_turns import continue_siege, held_up
from adjudicator.rulesets.medioevo.war.sieges import SIEGE_HANDLERS

NOT_YET = "not-yet"
GUARD, CHAIN, STOPPED = "guard", "chain", "stopped"


@dataclass(frozen=True)
class RunOutcome:
    """What the scripts did: the state after them, the events (public moves, private failures,
    R115) and one result per script step, in the order they ran."""

    state: MedioevoState
    events: tuple[Event, ...] = ()
    results: tuple[OrderResult, ...] = ()


@dataclass
class _Script:
    """One power's script as it runs: chains broken and where it stopped (R98)."""

    power: str
    broken: dict[str, int] = field(default_factory=dict)
    stopped: int | None = None
    events: list[Event] = field(default_factory=list)
    results: list[OrderResult] = field(default_factory=list)


def steps_of(orders: Sequence[Order]) -> tuple[ScriptStep, ...]:
    """The script steps among a power's combat orders, in the order given (L1600: any order)."""
    return tuple(o for o in orders if isinstance(o, ScriptStep))


def turn_order(state: MedioevoState, powers: Sequence[str]) -> tuple[str, ...]:
    """The powers with a script, in the turn order (L456-458, L1596: "il giocatore di turno");
    a power missing from it, last in seat order."""
    order = state.acting_order()
    return (*(p for p in order if p in powers), *sorted(p for p in powers if p not in order))


def run_scripts(
    state: MedioevoState, scripts: Mapping[str, Sequence[Order]], data: DataSet, dice: Dice | None = None
) -> RunOutcome:
    """Run every power's script in turn order on ``state`` (docs/war.md §4.2). ``dice`` rolls the
    attacks' battles (purposes as ``battle.py`` names them); without it an attack step fails."""
    besiegers = {s.by: () for s in state.sieges if s.by in state.powers and s.by not in scripts}
    # R109, R210: a power with a transport to take out of hostile land this turn gets its sub-turn
    leaving = {e.owner: () for e in state.exits if e.by_turn <= state.turn and e.owner in state.powers}
    # L2338, L1402 (R261): with barbarian ships at sea every power has its turn, for them to move before it
    sailing = {p: () for p in state.acting_order()} if barbarian_ships(state) else {}
    return run_sub_turns(state, {**sailing, **leaving, **besiegers, **scripts}, data, dice)


def run_sub_turns(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet, dice: Dice | None = None
) -> RunOutcome:
    """The sub-turns of the powers ``orders`` holds (a silent one's too), in turn order, and no
    one else's: the faithful mode's turn step runs its actor's alone (``war/turns.py``)."""
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in turn_order(state, tuple(orders)):
        outcome = sub_turn(state, power, orders[power], data, dice)
        state = outcome.state
        events += outcome.events
        results += outcome.results
    return RunOutcome(state, tuple(events), tuple(results))


def sub_turn(
    state: MedioevoState, power: str, orders: Sequence[Order], data: DataSet, dice: Dice | None = None
) -> RunOutcome:
    """One power's sub-turn (docs/war.md §1): its sieges go on, then its script runs. The
    compressed mode runs every power's in one resolution; the faithful mode one per turn step
    (``war/turns.py``)."""
    plans = tuple(o for o in orders if isinstance(o, PlanLine))
    events: list[Event] = []
    waiting: tuple[str, ...] = ()
    if dice is not None:
        state, sailed = pirate_ships.move_all(state, power, dice, data)  # L2338, L1402 (R261)
        events += sailed
        state, went_on, waiting = sieges_go_on(state, power, steps_of(orders), data, dice)
        events += went_on
    asking = 0 if dice is not None and state.combat_mode == FAITHFUL else None
    state, script = run_script(state, power, steps_of(orders), data, dice, plans, ask_from=asking)
    if paused(state):  # a defence step comes first: the sub-turn goes on in it (R101)
        left = [t for t in waiting if t not in played(script.events)]
        return RunOutcome(asking_.with_waiting(state, left), (*events, *script.events), tuple(script.results))
    return end_sub_turn(state, power, waiting, (events, script), data, dice)


def paused(state: MedioevoState) -> bool:
    """Whether an attack waits for a defence step (faithful mode, R101)."""
    return state.war is not None and state.war.pending is not None


def end_sub_turn(
    state: MedioevoState,
    power: str,
    waiting: Sequence[str],
    told: tuple[Sequence[Event], _Script],
    data: DataSet,
    dice: Dice | None,
) -> RunOutcome:
    """The end of ``power``'s sub-turn after its script: the sieges that waited, forced exits."""
    events, script = told
    late: list[Event] = []
    if dice is not None:
        state, late = sieges_at_end(state, power, waiting, script.events, data, dice)
    state, out = forced_exits.leave(state, power, data)  # R109: the judge takes it out
    return RunOutcome(state, (*events, *script.events, *late, *out), tuple(script.results))


def sieges_go_on(
    state: MedioevoState, power: str, steps: Sequence[ScriptStep], data: DataSet, dice: Dice
) -> tuple[MedioevoState, list[Event], tuple[str, ...]]:
    """At the start of the besieger's sub-turn, each of its sieges in their 2nd turn or later
    goes on (artillery, reduction, the fall: L1950-1958, R112), unless its script lifts it or
    assaults it (L1966, L1930: then the step decides) or plays it at a bare ``SIEGE t`` step.
    A siege that may not go on now waits for the end of the sub-turn (ex L1982-1984, R223): the
    sieges left for then are returned with the state and events. Nothing happens in a siege's
    first turn."""
    named = {s.action.territory for s in steps if isinstance(s.action, LiftSiege | Assault)}
    bare = {s.action.territory for s in steps if isinstance(s.action, Siege) and not s.action.captains}
    events: list[Event] = []
    waiting: list[str] = []
    for siege in tuple(state.sieges):
        if siege.by != power or siege.territory in named:
            continue
        if siege.territory in bare or held_up(state, power, siege.territory, data) is not None:
            waiting.append(siege.territory)
            continue
        outcome = continue_siege(state, power, siege.territory, data, dice)
        if isinstance(outcome, Done):
            state = outcome.state
            events += outcome.events
    return state, events, tuple(waiting)


def sieges_at_end(
    state: MedioevoState,
    power: str,
    waiting: Sequence[str],
    told: Sequence[Event],
    data: DataSet,
    dice: Dice,
) -> tuple[MedioevoState, list[Event]]:
    """At the end of the besieger's sub-turn, each siege that waited and was not played by a
    bare ``SIEGE t`` step (nor ended by the script) goes on if its reinforcements came (ex L1984),
    else is lifted (R112, R223)."""
    events: list[Event] = []
    for territory in waiting:
        current = state.siege(territory)
        if current is None or current.by != power or territory in played(told):
            continue
        outcome = continue_siege(state, power, territory, data, dice)
        if isinstance(outcome, Done):
            state = outcome.state
            events += outcome.events
    return state, events


def played(told: Sequence[Event]) -> set[str]:
    """The sieges a sub-turn's events show played (gone on, lifted or stormed)."""
    return {e.territory for e in told if isinstance(e, SiegeGoesOn | SiegeLifted | AssaultFought)}


def run_script(
    state: MedioevoState,
    power: str,
    steps: Sequence[ScriptStep],
    data: DataSet,
    dice: Dice | None = None,
    plans: Sequence[PlanLine] = (),
    *,
    first: int = 1,
    broken: Mapping[str, int] | None = None,
    ask_from: int | None = None,
) -> tuple[MedioevoState, _Script]:
    """One power's sub-turn: its steps in order, each checked when it runs (R98). ``first`` is
    the first step's number and ``broken`` the chains broken before (a script resumed after a
    defence step); from step index ``ask_from`` on (faithful mode), an ATTACK about to start its
    first round on a defender whose doctrine says ASK stops the script there (R101, R247)."""
    script = _Script(power, broken=dict(broken or {}))
    for i, step in enumerate(steps):
        n, line = first + i, step.canonical()
        skipped = _skipped(script, step)
        if skipped is not None:
            _fail(script, n, line, *skipped)
            continue
        if ask_from is not None and i >= ask_from and _asks(state, power, step, data, plans):
            force = asking_.announced_force(state, power, step, data)
            defenders = asking_.askers(state, power, step, data)
            state, told = asking_.pause(state, power, n, steps[i:], plans, script.broken, defenders, force)
            script.events.append(told)
            break
        outcome = _run_step(state, power, step, data, dice, plans)
        if isinstance(outcome, Refused):
            _fail(script, n, line, outcome.code, outcome.reason)
            if step.on_fail is OnFail.CHAIN and step.chain:
                script.broken.setdefault(step.chain, n)
            elif step.on_fail is OnFail.STOP:
                script.stopped = n
            continue
        state = outcome.state
        script.events += outcome.events
        script.results.append(OrderResult.success(power, COMBAT, line, outcome.note))
    return state, script


def _asks(
    state: MedioevoState, power: str, step: ScriptStep, data: DataSet, plans: Sequence[PlanLine]
) -> bool:
    """Whether ``step`` is an ATTACK on a defender that asks (R101) and is about to roll."""
    if not asking_.askers(state, power, step, data):
        return False
    return asking_.starts_a_battle(lambda dice: _run_step(state, power, step, data, dice, plans))


def _skipped(script: _Script, step: ScriptStep) -> tuple[str, str] | None:
    if script.stopped is not None:
        return STOPPED, f"the script stopped when step {script.stopped} failed (ON FAIL STOP)"
    if step.chain is not None and step.chain in script.broken:
        return CHAIN, f"chain {step.chain} broke when step {script.broken[step.chain]} failed (ON FAIL CHAIN)"
    return None


def _fail(script: _Script, n: int, line: str, code: str, reason: str) -> None:
    message = f"step {n} not made: {reason}"
    script.results.append(OrderResult.failure(script.power, COMBAT, line, code, message))
    script.events.append(
        ScriptStepFailed(power=script.power, step=n, line=line, code=code, reason=reason, phase=COMBAT)
    )


def _run_step(
    state: MedioevoState,
    power: str,
    step: ScriptStep,
    data: DataSet,
    dice: Dice | None,
    plans: Sequence[PlanLine],
) -> Done | Refused:
    """The step's guards, then its action; never raises for what the board or a name says."""
    try:
        why = guard_failure(state, power, step.conds, data, lambda s, p, name: pm_left(s, data, p, name))
        if why is not None:
            return Refused(GUARD, why)
        return _act(state, power, step, data, dice, plans)
    except Reject as rej:
        return Refused(str(rej.kind), rej.message)


def _act(
    state: MedioevoState,
    power: str,
    step: ScriptStep,
    data: DataSet,
    dice: Dice | None,
    plans: Sequence[PlanLine],
) -> Done | Refused:
    action = step.action
    sabotaged = infiltrato.sabotage_problem(state, power, action, data)  # R241
    if sabotaged is not None:
        return Refused(infiltrato.SABOTAGED, sabotaged)
    if isinstance(action, Load):
        return moves.load(state, power, action, data)
    if isinstance(action, Unload):
        return moves.unload(state, power, action, data)
    if isinstance(action, Move):
        return moves.move(state, power, action, data)
    if isinstance(action, Claim):
        return moves.claim(state, power, action, data)
    if isinstance(action, SurpriseWar):
        return attacks.surprise_war(state, power, action, data)
    if isinstance(action, PlayCombatCard):
        return card_plays.play(state, power, action, data, dice)
    if isinstance(action, Attack | NavalAttack) and dice is None:
        return Refused(NOT_YET, "the judge has no dice for this phase's attacks")
    if isinstance(action, Attack) and dice is not None:
        return _attack(state, power, action, data, dice, plans)
    if isinstance(action, NavalAttack) and dice is not None:
        return naval_attack.naval_attack(state, power, action, data, dice, plans)
    handler = SIEGE_HANDLERS.get(type(action))  # SIEGE, ASSAULT, LIFT SIEGE (war/sieges.py)
    if isinstance(action, Assault) and handler is not None and dice is not None:  # REACT first (R244)
        storm = handler
        return _reacting(
            state, power, action.territory, data, dice, lambda s: storm(s, power, action, data, dice, plans)
        )
    if handler is not None:
        return handler(state, power, action, data, dice, plans)
    word = action.canonical().split(" ", 1)[0]
    return Refused(NOT_YET, f"the judge does not run {word} steps yet")


def _attack(
    state: MedioevoState, power: str, action: Attack, data: DataSet, dice: Dice, plans: Sequence[PlanLine]
) -> Done | Refused:
    """An ``ATTACK``, after the defender's standing ``REACT`` cards (R242) on a land target; a
    refused attack leaves them unplayed."""
    if action.target not in data.board.territories:
        return attacks.attack(state, power, action, data, dice, plans)
    done = _reacting(
        state, power, action.target, data, dice, lambda s: attacks.attack(s, power, action, data, dice, plans)
    )
    return church_war.after_attack(state, power, action.target, data, done)  # L2192, R310


def _reacting(
    state: MedioevoState,
    power: str,
    target: str,
    data: DataSet,
    dice: Dice,
    step: Callable[[MedioevoState], Done | Refused],
) -> Done | Refused:
    """``step`` (an ATTACK, or an ASSAULT on the holder's walls, R244) after the holder's standing
    ``REACT`` cards (R242); a refused step leaves them unplayed."""
    reacted, events = reactions.before_attack(state, power, target, data, dice)
    outcome = step(reacted)
    if isinstance(outcome, Refused) or not events:
        return outcome
    return Done(outcome.state, (*events, *outcome.events), outcome.note)
