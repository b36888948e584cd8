"""Rebuild a game from its log: the same inputs through the same parser and engine.

The log's inputs are the creation, GM edits and, per resolved window, the orders as canonical
text and the loaded dice. Replaying them must reproduce the state at every window opening; a
mismatch means the log and the snapshots disagree, and the log wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.core.events import (
    Event,
    GameCreated,
    GmEdited,
    StepAdjudicated,
    WindowAdjudicated,
    WindowOpened,
)
from adjudicator.core.guards import parse_orders
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult, Reason
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.state import GameState
from adjudicator.core.stepping import resolve_step

SETUP_NAMESPACE = "T0.setup"


class ReplayError(Exception):
    pass


@dataclass(frozen=True)
class Opening:
    label: str
    state: GameState


def read_orders(
    ruleset: Ruleset, state: GameState, lines_by_power: dict[str, tuple[str, ...]]
) -> dict[str, list[Order]]:
    """Stored canonical order lines back to orders (syntax and names only, as at the deadline)."""
    return read_stored(ruleset, state, lines_by_power)[0]


UNREADABLE = "unreadable"


def read_stored(
    ruleset: Ruleset, state: GameState, lines_by_power: dict[str, tuple[str, ...]]
) -> tuple[dict[str, list[Order]], list[OrderResult]]:
    """The orders of the stored lines, and a failed answer for each line that no longer reads.

    Every stored line was accepted when it arrived, so a line fails only when a canonical form
    does not parse back (a judge bug, guarded by tests); the player is told rather than ignored.
    """
    orders: dict[str, list[Order]] = {}
    failed = []
    for power, lines in lines_by_power.items():
        read = parse_orders(ruleset, state, power, list(enumerate(lines, start=1)), strict=False)
        orders[power] = list(read.orders)
        for issue in read.issues:
            message = f"this order could not be read again at the deadline ({issue.message}); the GM is told"
            failed.append(
                OrderResult(
                    power=power,
                    phase="deadline",
                    order=issue.line,
                    ok=False,
                    reason=Reason(code=UNREADABLE, message=message),
                )
            )
    return orders, failed


def replay(
    ruleset: Ruleset, events: Sequence[Event], seed: bytes, *, start: tuple[int, GameState] | None = None
) -> list[Opening]:
    """The state at each window opening (and each step's, for a window played step by step),
    recomputed from the input events alone.

    Linear in the log: each window is resolved once, as it was. ``start`` (n, state): begin at the
    n-th opening (0-based) with ``state`` (a snapshot verified before) instead of at the creation;
    the events before it are skipped and the openings returned are the n-th and those after.
    """
    state: GameState | None = None
    openings: list[Opening] = []
    passed = -1  # openings gone by, while skipping to ``start``
    for event in events:
        if start is not None and passed < start[0]:
            if isinstance(event, WindowOpened):
                passed += 1
                if passed == start[0]:
                    state = start[1]
                    openings.append(Opening(event.label, state))
            continue
        if isinstance(event, GameCreated):
            state, _ = ruleset.initial_state(
                event.game, event.powers, event.options, Dice(seed, SETUP_NAMESPACE)
            )
            continue
        if state is None:
            raise ReplayError(f"{event.kind} before the game was created")
        if isinstance(event, GmEdited):
            state, _ = ruleset.gm_edit(state, event.command)
        elif isinstance(event, WindowOpened):
            openings.append(Opening(event.label, state))
        elif isinstance(event, WindowAdjudicated):
            if state.digest() != event.state_digest:
                raise ReplayError(f"state before {event.label} differs from the one that was adjudicated")
            orders = read_orders(ruleset, state, event.orders)
            if isinstance(event, StepAdjudicated):
                state = resolve_step(ruleset, state, event.step, orders, seed, event.loaded_dice).state
            else:
                state = resolve_window(ruleset, state, orders, seed, event.loaded_dice).state
    return openings
