"""The generic judge: order windows, defaults for silent powers, phases resolved in order.

The engine owns what every game shares (which window is open, who gets default orders, dice
namespaces, moving on to the next window); a ruleset only parses and resolves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator.core.dice import Dice, LoadedDiceError, Roll
from adjudicator.core.events import DiceRolled, Event, OrdersDefaulted, Visibility, WindowAdjudicated
from adjudicator.core.guards import check_guards
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Ruleset, WindowSpec
from adjudicator.core.state import GameState
from adjudicator.errors import LoadedDiceUnfit


def window_spec(ruleset: Ruleset, state: GameState) -> WindowSpec:
    return ruleset.windows()[state.window]


def window_label(ruleset: Ruleset, state: GameState) -> str:
    """The label players and the GM use for the open window, e.g. ``T2.bids``."""
    return f"T{state.turn}.{window_spec(ruleset, state).name}"


def phase_key(state: GameState, phase: str) -> str:
    """The name of one phase of one turn; dice keys and events carry it."""
    return f"T{state.turn}.{phase}"


def open_phases(ruleset: Ruleset, state: GameState) -> tuple[str, ...]:
    """The phases of the open window in which someone has a decision to make."""
    return tuple(p for p in window_spec(ruleset, state).phases if ruleset.takes_orders(state, p))


def advance(ruleset: Ruleset, state: GameState) -> GameState:
    """The state moved on to the next window, and to the next turn after the last one."""
    nxt = state.window + 1
    if nxt >= len(ruleset.windows()):
        return state.evolve(turn=state.turn + 1, window=0, steps=())
    return state.evolve(window=nxt, steps=())


@dataclass(frozen=True)
class PhaseOutcome:
    phase: str
    key: str
    state: GameState
    events: tuple[Event, ...]
    results: tuple[OrderResult, ...]


@dataclass(frozen=True)
class WindowOutcome:
    """One resolved window: its inputs (for replay), each phase's outcome, and the next state."""

    label: str
    start_digest: str
    inputs: WindowAdjudicated
    phases: tuple[PhaseOutcome, ...]
    state: GameState
    loaded_left: dict[str, tuple[int, ...]] = field(default_factory=dict)
    unread: tuple[OrderResult, ...] = ()  # stored lines that could not be read again (a judge bug)

    @property
    def events(self) -> tuple[Event, ...]:
        return (self.inputs, *(e for p in self.phases for e in p.events))

    @property
    def results(self) -> tuple[OrderResult, ...]:
        return (*self.unread, *(r for p in self.phases for r in p.results))


def resolve_window(
    ruleset: Ruleset,
    state: GameState,
    submitted: Mapping[str, Sequence[Order]],
    seed: bytes,
    loaded: Mapping[str, Sequence[int]] | None = None,
) -> WindowOutcome:
    """Resolve the open window's phases in order.

    ``submitted`` holds the order set of every power that sent one (possibly empty); the others
    get the ruleset's default orders for each phase that takes orders. ``loaded`` holds GM-loaded
    dice by phase key (``T2.turn_order``) or ``*`` for the next rolls of any phase. Values of a
    phase it did not use are dropped once it is resolved (it never rolls again); the unused ``*``
    values and the keys of later phases are left (``loaded_left``). A loaded value that does not
    fit the die it meets raises :class:`LoadedDiceUnfit`, naming its key: nothing is resolved.
    """
    label = window_label(ruleset, state)
    start_digest = state.digest()
    phases = window_spec(ruleset, state).phases
    run = resolve_phases(ruleset, state, phases, ruleset.power_ids(state), submitted, seed, loaded, phase_key)
    inputs = WindowAdjudicated(
        phase=label,
        label=label,
        orders={p: tuple(o.canonical() for o in orders_) for p, orders_ in submitted.items()},
        submitted=tuple(sorted(submitted)),
        loaded_dice=run.given,
        state_digest=start_digest,
        visibility=Visibility.gm(),
    )
    final = finish_window(ruleset, run.state)
    return WindowOutcome(label, start_digest, inputs, run.phases, final, run.left)


def finish_window(ruleset: Ruleset, state: GameState) -> GameState:
    """The state after a window's last phase: the next window opened, or the game over."""
    final = state if ruleset.is_over(state) else advance(ruleset, state)
    if ruleset.is_over(final) and not final.over:
        final = final.evolve(over=True)
    return final


@dataclass(frozen=True)
class PhasesRun:
    """Some phases of a window resolved in order: the state after, each phase's outcome, and the
    loaded dice given and left (see :func:`resolve_window`)."""

    state: GameState
    phases: tuple[PhaseOutcome, ...]
    given: dict[str, tuple[int, ...]]
    left: dict[str, tuple[int, ...]]


def resolve_phases(
    ruleset: Ruleset,
    state: GameState,
    phases: Sequence[str],
    powers: Sequence[str],
    submitted: Mapping[str, Sequence[Order]],
    seed: bytes,
    loaded: Mapping[str, Sequence[int]] | None,
    key_of: Callable[[GameState, str], str],
) -> PhasesRun:
    """The loop a window and a step share: ``phases`` in order, ``powers`` the ones acting (the
    others' orders are not asked for), dice namespaced by ``key_of(state, phase)``. A guarded
    order (core/guards.py) counts only if its conditions hold on the state the run starts on."""
    given = {k: tuple(v) for k, v in (loaded or {}).items() if v}
    pool = dict(given)
    shared = list(pool.get("*", ()))
    left: dict[str, tuple[int, ...]] = {}
    outcomes: list[PhaseOutcome] = []
    told: set[str] = set()
    start = state
    for phase in phases:
        if ruleset.is_over(state):
            break
        key = key_of(start, phase)
        events: list[Event] = []
        failed: list[OrderResult] = []
        orders: dict[str, list[Order]] = {}
        takes = ruleset.takes_orders(state, phase)
        for power in powers:
            if power in submitted:
                kept, refused = check_guards(
                    ruleset, start, power, [o for o in submitted[power] if o.phase == phase], key
                )
                orders[power] = kept
                failed.extend(refused)
            elif takes:
                orders[power] = list(ruleset.default_orders(state, phase, power))
                if power in told and not orders[power]:
                    continue
                told.add(power)
                events.append(
                    OrdersDefaulted(
                        phase=key,
                        power=power,
                        orders=tuple(o.canonical() for o in orders[power]),
                        visibility=Visibility.to(power),
                    )
                )
        own = list(pool.pop(key, ()))
        dice = Dice(seed=seed, namespace=key, loaded=own + shared)
        try:
            resolution = ruleset.resolve(state, phase, orders, dice)
        except LoadedDiceError as exc:
            drawn = sum(1 for r in dice.rolls if r.loaded)  # the bad value was the next one
            source = key if drawn < len(own) else "*"
            raise LoadedDiceUnfit(state.game, source, exc.value, exc.sides, exc.purpose) from None
        used = sum(1 for r in dice.rolls if r.loaded)
        shared = shared[max(0, used - len(own)) :]
        events.extend(dice_events(ruleset, dice, key))
        events.extend(e if e.phase else e.model_copy(update={"phase": key}) for e in resolution.events)
        state = resolution.state
        results = (*failed, *resolution.results)
        outcomes.append(PhaseOutcome(phase, key, state, tuple(events), results))
    left.update({k: tuple(v) for k, v in pool.items() if k != "*" and v})
    if shared:
        left["*"] = tuple(shared)
    return PhasesRun(state, tuple(outcomes), given, left)


def dice_events(ruleset: Ruleset, dice: Dice | Sequence[Roll], phase: str) -> list[DiceRolled]:
    """The rolls of a phase as events, each seen by whom the ruleset says (``dice_visibility``):
    a roll that tells a secret (a loan's size, the deck's order) is not shown to everyone."""
    hook = getattr(ruleset, "dice_visibility", None)
    rolls = dice.rolls if isinstance(dice, Dice) else dice
    return [
        DiceRolled(
            phase=phase,
            key=r.key,
            sides=r.sides,
            value=r.value,
            loaded=r.loaded,
            purpose=r.purpose,
            visibility=hook(r.purpose) if hook is not None else Visibility.public(),
        )
        for r in rolls
    ]
