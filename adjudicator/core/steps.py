"""Steps of a sequential window: who acts, and which of the window's phases each step resolves.

A window is *simultaneous* (every power at once, one deadline) unless the ruleset's optional
``next_step`` hook says otherwise for this game and state; then it is played as a run of steps,
one power at a time or the powers the ruleset names out of turn (docs/turn-by-turn.md). Issue 16:
Medioevo's combat is played "il giocatore di turno" after the other (seed 002 L1594-1620), and the
other games of the seeds are turn based through and through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from adjudicator.core.state import GameState

TURN = "turn"
CLOSE = "close"
LABEL_PATTERN = r"^T(\d+)\.([a-z_]+)\.(\d+)-([a-z0-9_]+)$"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a sequential window.

    ``powers``: who acts (one power for a turn step); ``phases``: a non-empty subset of the
    window's phases, in window order; ``kind``: ``turn``, ``close`` (the window's phases no step
    resolved, every power at once) or the ruleset's word for an out-of-turn step (``react``,
    ``defence``, ``bonus``)."""

    powers: tuple[str, ...]
    phases: tuple[str, ...]
    kind: str = TURN

    @property
    def who(self) -> str:
        """The last part of the step's label: the actor of a one-power step, else the kind."""
        return self.powers[0] if len(self.powers) == 1 and self.kind != CLOSE else self.kind


class Sequential(Protocol):
    """The optional hooks of a ruleset that plays some windows step by step (looked up with
    ``getattr``, as ``dice_visibility`` is): without ``next_step`` every window is simultaneous."""

    def next_step(self, state: GameState, done: Sequence[Step]) -> Step | None:
        """The step that opens next in the open window, on ``state`` (as the steps in ``done``
        left it); None when the steps are over. At the opening (``done == ()``) None means the
        window is simultaneous. Pure; an out-of-turn step is what it returns after the step that
        triggers it (``done[-1]``)."""
        ...

    def parse_guard(self, state: GameState, power: str, text: str) -> str | None:
        """None if ``text`` (one condition, ``Bihar HELD BY hungary``) reads, else why not."""
        ...

    def guard_holds(self, state: GameState, power: str, text: str) -> tuple[bool, str]:
        """Whether the condition holds on ``state``, and the fact that decides it."""
        ...

    def guards_in_orders(self, state: GameState) -> bool:
        """True where the ruleset reads ``IF`` guards itself, as part of its orders, in every
        window open on ``state`` (simultaneous ones too): a combat script's guard belongs to its
        step and is checked when the step runs (docs/war.md §3.4). ``core/guards.parse_orders``
        then hands the lines over unchanged. Default (hook absent): False."""
        ...


def no_extra(state: GameState, step: Step) -> Sequence[Step]:
    return ()


def in_order(
    order: Sequence[str],
    done: Sequence[Step],
    phases: tuple[str, ...],
    then: Callable[[GameState, Step], Sequence[Step]] | None = None,
    state: GameState | None = None,
) -> Step | None:
    """The common case: one turn step per power of ``order`` not yet done (in that order), and
    after each turn step the out-of-turn steps ``then(state, step)`` asks for, in order, before
    the next turn step. ``then`` is asked on the state the steps so far left (``state``)."""
    turns = [i for i, s in enumerate(done) if s.kind == TURN]
    if turns and then is not None and state is not None:
        last = turns[-1]
        since = list(done[last + 1 :])
        for extra in then(state, done[last]):
            if extra in since:
                since.remove(extra)
            else:
                return extra
    acted = {done[i].powers[0] for i in turns}
    for power in order:
        if power not in acted:
            return Step((power,), phases)
    return None
