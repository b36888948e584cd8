"""The contract a game implements to be judged (after godip, boardgame.io and OpenSpiel)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order, Submission
from adjudicator.core.results import OrderResult
from adjudicator.core.state import GameState


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """One table phase: its id, its number in the rulebook and a title for reports."""

    id: str
    number: int
    title: str


@dataclass(frozen=True, slots=True)
class WindowSpec:
    """Phases that share one order deadline; they resolve in the order given."""

    name: str
    phases: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DieUse:
    """One kind of roll a phase may make: its purpose as reports show it (``POWER`` standing for
    the power's id) and every die size it may use. Declared by the ruleset (``phase_dice``) so
    that dice the GM loads are checked when they are loaded, not at the deadline."""

    purpose: str
    sides: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a pure phase resolution returns."""

    state: GameState
    events: tuple[Event, ...] = ()
    results: tuple[OrderResult, ...] = field(default=())


class Ruleset(Protocol):
    """A game. Every method is a pure function of its arguments."""

    name: str
    version: str

    def state_type(self) -> type[GameState]: ...

    def phases(self) -> Sequence[PhaseSpec]: ...

    def windows(self) -> Sequence[WindowSpec]: ...

    def event_types(self) -> Sequence[type[Event]]: ...

    def initial_state(
        self, game: str, powers: Sequence[str], options: Mapping[str, Any], dice: Dice
    ) -> tuple[GameState, tuple[Event, ...]]: ...

    def power_ids(self, state: GameState) -> tuple[str, ...]: ...

    def takes_orders(self, state: GameState, phase: str) -> bool:
        """Whether anyone has a decision to make in ``phase`` this turn."""
        ...

    def parse(
        self, state: GameState, power: str, lines: Sequence[tuple[int, str]], *, strict: bool = True
    ) -> Submission:
        """Parse numbered order lines; never raises on bad input.

        ``strict`` also checks each order against the state (for the receipt); without it only
        the syntax and names are checked, as when stored orders are read back at the deadline.
        """
        ...

    def default_orders(self, state: GameState, phase: str, power: str) -> Sequence[Order]: ...

    def legal_orders(self, state: GameState, power: str) -> Sequence[Order]:
        """Orders the power could give in the open window (for OPTIONS and bots)."""
        ...

    def resolve(
        self, state: GameState, phase: str, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Resolution: ...

    def phase_dice(self, state: GameState, phase: str) -> Sequence[DieUse] | None:
        """The rolls ``phase`` may make in this game from ``state`` on (empty: it rolls no dice;
        None: the ruleset cannot tell, and any whole number from 1 may be loaded for it)."""
        ...

    def gm_edit(self, state: GameState, command: str) -> tuple[GameState, tuple[Event, ...]]:
        """Apply one GM edit line (SET, GRANT, GIVE, PLACE …); raises EditError on a bad one."""
        ...

    def view(self, state: GameState, viewer: str) -> dict[str, Any]:
        """The part of the state ``viewer`` (a power, 'gm' or 'public') may see."""
        ...

    def is_over(self, state: GameState) -> bool: ...


def order_notes(ruleset: Ruleset, state: GameState, power: str) -> Mapping[str, str]:
    """The ruleset's optional ``order_notes(state, power)`` hook: a note in words for some of
    ``power``'s legal orders in the open window (canonical line → note, e.g. a move's path and
    its cost), which the order template prints after the order as a comment the judge ignores.
    Empty without the hook."""
    hook = getattr(ruleset, "order_notes", None)
    return dict(hook(state, power)) if hook is not None else {}
