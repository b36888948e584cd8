"""A window played step by step, in the pure core: which step opens, and resolving one.

Issue 16 (docs/turn-by-turn.md §5). A step resolves some of the window's phases for its actors
only, on the state the steps before it left; the steps resolved so far are in ``state.steps``,
so a step is a pure function of (state, step, orders, dice) and replay needs nothing but the
log. After the last step the window's phases no step resolved (Medioevo's taxes after purchases
in turn) are the *closing step*, every power at once. Dice of a step are namespaced by its key
(``T3.claim.2-genoa``): two steps of one phase never share a counter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.engine import WindowOutcome, finish_window, resolve_phases, window_spec
from adjudicator.core.events import StepAdjudicated, Visibility
from adjudicator.core.orders import Order
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.state import GameState
from adjudicator.core.steps import CLOSE, Step


def is_sequential(ruleset: Ruleset) -> bool:
    """Whether the ruleset can play a window step by step at all (it has ``next_step``)."""
    return getattr(ruleset, "next_step", None) is not None


def open_step(ruleset: Ruleset, state: GameState) -> Step | None:
    """The step open on ``state``: the ruleset's next step, else the closing step (once, if some
    of the window's phases were in no step), else None (the round is over, or at the window's
    opening: the window is simultaneous)."""
    hook = getattr(ruleset, "next_step", None)
    if hook is None or state.over:
        return None
    step: Step | None = hook(state, state.steps)
    if step is not None or not state.steps or any(s.kind == CLOSE for s in state.steps):
        return step
    covered = {p for s in state.steps for p in s.phases}
    rest = tuple(p for p in window_spec(ruleset, state).phases if p not in covered)
    return Step(ruleset.power_ids(state), rest, CLOSE) if rest else None


def step_number(state: GameState) -> int:
    """The number of the step open on ``state`` in its window (1 for the first)."""
    return len(state.steps) + 1


def step_label(ruleset: Ruleset, state: GameState, step: Step) -> str:
    """``T3.claims.2-genoa``: the window's label, the step's number, its actor (or its kind)."""
    return f"T{state.turn}.{window_spec(ruleset, state).name}.{step_number(state)}-{step.who}"


def step_key(state: GameState, phase: str, step: Step) -> str:
    """The dice namespace and event phase of ``phase`` in the step open on ``state``."""
    return f"T{state.turn}.{phase}.{step_number(state)}-{step.who}"


def resolve_step(
    ruleset: Ruleset,
    state: GameState,
    step: Step,
    submitted: Mapping[str, Sequence[Order]],
    seed: bytes,
    loaded: Mapping[str, Sequence[int]] | None = None,
) -> WindowOutcome:
    """Resolve ``step`` (the one open on ``state``) with its actors' orders (others' are ignored);
    silent actors get defaults. The state returned has the step added, or is the next window's
    (or the game over) when the round is done."""
    label = step_label(ruleset, state, step)
    start_digest = state.digest()
    mine = {p: orders for p, orders in submitted.items() if p in step.powers}
    run = resolve_phases(
        ruleset,
        state,
        step.phases,
        step.powers,
        mine,
        seed,
        loaded,
        lambda at, phase: step_key(at, phase, step),
    )
    after = run.state.evolve(steps=(*run.state.steps, step))
    if not ruleset.is_over(after) and open_step(ruleset, after) is not None:
        final = after
    else:
        final = finish_window(ruleset, after)
    inputs = StepAdjudicated(
        phase=label,
        label=label,
        orders={p: tuple(o.canonical() for o in orders) for p, orders in mine.items()},
        submitted=tuple(sorted(mine)),
        loaded_dice=run.given,
        state_digest=start_digest,
        visibility=Visibility.gm(),
        step=step,
    )
    return WindowOutcome(label, start_digest, inputs, run.phases, final, run.left)


def resolve_steps(
    ruleset: Ruleset,
    state: GameState,
    submitted: Mapping[str, Sequence[Order]],
    seed: bytes,
    loaded: Mapping[str, Sequence[int]] | None = None,
) -> tuple[WindowOutcome, ...]:
    """Every step of the open window, one after the other, each actor's orders for the step's
    phases from ``submitted`` (tests, bots and the demo play a round in one go)."""
    outcomes: list[WindowOutcome] = []
    left = loaded
    turn, window = state.turn, state.window
    while not state.over and (state.turn, state.window) == (turn, window):
        step = open_step(ruleset, state)
        if step is None:
            break
        given = {
            p: [o for o in submitted[p] if o.phase in step.phases] for p in step.powers if p in submitted
        }
        outcome = resolve_step(ruleset, state, step, given, seed, left)
        outcomes.append(outcome)
        state, left = outcome.state, outcome.loaded_left
    return tuple(outcomes)
