"""What a turn report may draw on, for one viewer: their view, their own results, the next deadline.

Every renderer (text, HTML, JSON, the map, the archive) takes a :class:`ReportInput` and nothing
else, so a report can only show what the viewer may see: the view is already cut to the viewer, and
:func:`report_input` keeps only the viewer's own orders and results (all of them for the GM).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from adjudicator.core.results import OrderResult
from adjudicator.core.view import GM, PUBLIC, PlayerView


@dataclass(frozen=True)
class ReportInput:
    """One viewer's report of one resolved window."""

    view: PlayerView
    """The viewer's view after the window, with the events of the window the viewer may see."""
    label: str
    """The window resolved, e.g. ``T1.economy``."""
    next_label: str
    """The window now open."""
    results: tuple[OrderResult, ...] = ()
    """The viewer's own results (every power's for the GM; none for the public)."""
    orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The orders that were adjudicated, by power: the viewer's own (every power's for the GM)."""
    deadline: datetime | None = None
    """The deadline of ``next_label`` (UTC), if it has one."""
    timezone: str = "UTC"
    """Where the viewer reads the time (the player's TIMEZONE, else the game's)."""
    template: tuple[tuple[str, str], ...] = ()
    """The viewer's legal orders for ``next_label`` as (phase, canonical line), for the order template."""
    dice_seed_hash: str = ""
    """The commitment to the game's dice seed, printed in every report."""
    dice_seed: str = ""
    """The dice seed itself (hex) in the reports of a game that is over, its seed revealed: every
    roll can then be recomputed from it (core/dice.py ``roll_value``); '' otherwise."""
    steps: tuple[ReportInput, ...] = ()
    """A round played step by step (docs/turn-by-turn.md §8): the viewer's report of each of its
    steps, in order; the report then tells them step by step, each under its label."""

    @property
    def viewer(self) -> str:
        return self.view.viewer

    @property
    def is_gm(self) -> bool:
        return self.view.viewer == GM


def report_input(
    view: PlayerView,
    label: str,
    next_label: str,
    results: Sequence[OrderResult],
    orders: Mapping[str, Sequence[str]],
    *,
    deadline: datetime | None = None,
    timezone: str = "UTC",
    template: Sequence[str | tuple[str, str]] = (),
    dice_seed_hash: str = "",
    dice_seed: str = "",
    steps: Sequence[ReportInput] = (),
) -> ReportInput:
    """A report input for ``view.viewer``, keeping only what that viewer may see of the results and orders."""
    viewer = view.viewer

    def sees(power: str) -> bool:
        return viewer == GM or (viewer != PUBLIC and power == viewer)

    return ReportInput(
        view=view,
        label=label,
        next_label=next_label,
        results=tuple(r for r in results if sees(r.power)),
        orders={p: tuple(lines) for p, lines in orders.items() if sees(p)},
        deadline=deadline,
        timezone=timezone,
        template=tuple(_template_line(t) for t in template) if viewer not in (GM, PUBLIC) else (),
        dice_seed_hash=dice_seed_hash,
        dice_seed=dice_seed,
        steps=tuple(s for s in steps if s.viewer == viewer),
    )


def _template_line(item: str | tuple[str, str]) -> tuple[str, str]:
    """A legal order as (phase, line); a bare line belongs to no phase in particular."""
    return ("", item) if isinstance(item, str) else (item[0], item[1])
