"""The parts of a report every ruleset shares: what happened phase by phase, the orders and their
results, the dice, the next deadline. A ruleset adds its own (a power's sheet, the standings, tables
for a phase) through an optional ``report_sections`` hook returning :class:`RulesetSections`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.core.events import DiceRolled, Event
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import PhaseSpec
from adjudicator.core.steps import LABEL_PATTERN
from adjudicator.core.view import GM
from adjudicator.report.document import Line, Section, Table
from adjudicator.report.model import ReportInput

BOOKKEEPING = frozenset({"window-adjudicated", "step-adjudicated", "window-opened", "game-created"})
"""Events that record the game's inputs for replay; reports do not tell them."""
OTHER_PHASES = {"": "General", "gm": "Changes made by the GM"}
"""Titles of events outside the ruleset's phases (a GM edit's phase is ``gm``)."""


@dataclass(frozen=True)
class RulesetSections:
    """What a ruleset adds to a report: tables under a phase, and sections of its own."""

    phase_tables: Mapping[str, tuple[Table, ...]] = field(default_factory=dict)
    sections: tuple[Section, ...] = ()
    told_in: Mapping[str, str] = field(default_factory=dict)
    """Event kinds one of ``sections`` tells in full, each with that section's title: "What
    happened" then says where to read them instead of telling them twice (a battle's rounds)."""
    header: tuple[str, ...] = ()
    """Lines under the report's title: how this game differs from the rulebook (its variants)."""


def phase_of(event_phase: str) -> str:
    """``T2.purchases`` → ``purchases``; in a step, ``T3.purchases.2-genoa`` → ``purchases``
    (core/stepping.py ``step_key``); an event outside any phase → ''."""
    stepped = re.match(LABEL_PATTERN, event_phase)
    if stepped is not None:
        return stepped[2]
    return event_phase.rpartition(".")[2] if event_phase else ""


def dice_text(roll: DiceRolled, with_key: bool) -> str:
    loaded = " (loaded by the GM)" if roll.loaded else ""
    key = f" [key {roll.key}]" if with_key else ""
    return f"d{roll.sides} for {roll.purpose or roll.key}: {roll.value}{loaded}{key}"


def happened(
    report: ReportInput,
    phases: Sequence[PhaseSpec],
    extra: Mapping[str, tuple[Table, ...]],
    told_in: Mapping[str, str] | None = None,
) -> Section:
    """The window's events the viewer may see, under the rulebook's phases, dice where they fell;
    an event a section of the ruleset tells in full (``told_in``) is pointed to, once."""
    titles = {p.id: (p.number, p.title) for p in phases}
    with_key = report.is_gm
    grouped: dict[str, list[Line]] = {}
    told = {(e.kind, getattr(e, "power", None)) for e in report.view.events}
    pointed: set[str] = set()
    for event in report.view.events:
        if event.kind in BOOKKEEPING or _told_in_full(event, told):
            continue
        lines = grouped.setdefault(phase_of(event.phase), [])
        elsewhere = (told_in or {}).get(event.kind)
        if elsewhere is not None:
            if elsewhere not in pointed:  # once a report, under the first phase that has one
                pointed.add(elsewhere)
                lines.append(Line(f"Told in full in the section “{elsewhere}” below."))
            continue
        if isinstance(event, DiceRolled):
            lines.append(Line(dice_text(event, with_key), status="dice"))
        else:
            lines.append(Line(event.summary()))
    for pid in extra:
        grouped.setdefault(pid, [])
    order = {p.id: i for i, p in enumerate(phases)}
    children = []
    for pid in sorted(grouped, key=lambda p: (order.get(p, len(order)), p)):
        number, title = titles.get(pid, (None, OTHER_PHASES.get(pid) or pid.replace("_", " ").capitalize()))
        heading = f"Phase {number}: {title}" if number else title
        children.append(
            Section(
                key=f"phase-{pid or 'general'}",
                title=heading,
                lines=tuple(grouped[pid]),
                tables=extra.get(pid, ()),
                empty="nothing to tell",
            )
        )
    return Section(key="happened", title="What happened", children=tuple(children), empty="Nothing happened.")


def _told_in_full(event: Event, told: set[tuple[str, str | None]]) -> bool:
    """Whether the viewer sees another event that tells the same of the same power more fully (an
    event class names that kind in ``told_in_full_by``): the public count of the cards a power kept
    beside the power's own line naming them."""
    fuller = getattr(event, "told_in_full_by", None)
    return fuller is not None and (fuller, getattr(event, "power", None)) in told


def _result_line(result: OrderResult, with_power: bool) -> Line:
    who = f"{result.power}: " if with_power else ""
    if result.ok:
        status = "default" if result.defaulted else "ok"
        detail = result.note + (" (a default order: none was sent)" if result.defaulted else "")
        return Line(f"{who}{result.order}", status=status, detail=detail.strip())
    assert result.reason is not None
    return Line(f"{who}{result.order}", status="failed", detail=result.reason.message)


def orders_section(report: ReportInput, phases: Sequence[PhaseSpec]) -> Section | None:
    """Every order of the viewer (of every power for the GM) with its result and, on failure, why."""
    if report.viewer == "public":
        return None
    order = {p.id: i for i, p in enumerate(phases)}
    titles = {p.id: p.title for p in phases}
    by_phase: dict[str, list[OrderResult]] = {}
    for result in report.results:
        by_phase.setdefault(result.phase, []).append(result)
    children = tuple(
        Section(
            key=f"orders-{pid}",
            title=titles.get(pid, pid),
            lines=tuple(_result_line(r, report.is_gm) for r in sorted(rs, key=lambda r: r.power)),
        )
        for pid, rs in sorted(by_phase.items(), key=lambda kv: order.get(kv[0], len(order)))
    )
    failed = sum(1 for r in report.results if not r.ok)
    counts = f"{len(report.results)} orders, {failed} failed." if report.results else ""
    return Section(
        key="orders",
        title="Orders of every power" if report.is_gm else "Your orders",
        paragraphs=(counts,) if counts else (),
        children=children,
        empty="No orders were given in this window.",
    )


def steps_section(report: ReportInput, phases: Sequence[PhaseSpec]) -> Section:
    """A round played step by step: each step under its label, in order, with what the viewer may
    see of it (its events by phase, then the viewer's orders of the step and their results)."""
    children = []
    for n, step in enumerate(report.steps, 1):
        told = happened(step, phases, {})
        parts = [*told.children] if told.children else []
        orders = orders_section(step, phases)
        if orders is not None and step.results:  # one list: a step has few orders
            lines = tuple(line for c in orders.children for line in c.lines)
            parts.append(replace(orders, lines=lines, children=()))
        children.append(
            Section(
                key=f"step-{n}",
                title=f"Step {step.label}",
                children=tuple(_rekeyed(c, f"step-{n}-") for c in parts),
                empty="Nothing happened that you may see.",
            )
        )
    return Section(
        key="happened",
        title="What happened, step by step",
        children=tuple(children),
        empty="No step was played.",
    )


def _rekeyed(section: Section, prefix: str) -> Section:
    """``section`` with every anchor prefixed: a phase is told once a step, ids stay unique."""
    kids = tuple(_rekeyed(c, prefix) for c in section.children)
    return replace(section, key=prefix + section.key, children=kids)


def dice_section(events: Iterable[Event]) -> Section | None:
    """The GM's audit table: every roll with the key it was drawn from."""
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    if not rolls:
        return None
    rows = tuple(
        (phase_of(r.phase), r.key, f"d{r.sides}", str(r.value), "yes" if r.loaded else "", r.purpose)
        for r in rolls
    )
    return Section(
        key="dice",
        title="Dice (GM)",
        paragraphs=("Each roll is derived from the committed seed and its key; `gm verify` replays them.",),
        tables=(Table(("phase", "key", "die", "value", "loaded", "purpose"), rows),),
    )


def ruleset_sections(ruleset: Any, report: ReportInput) -> RulesetSections:
    """The ruleset's own parts of the report, or none when it has no ``report_sections`` hook."""
    hook = getattr(ruleset, "report_sections", None)
    return hook(report) if hook is not None else RulesetSections()


def audience(viewer: str) -> str:
    return {GM: "the GM", "public": "the public"}.get(viewer, viewer)
