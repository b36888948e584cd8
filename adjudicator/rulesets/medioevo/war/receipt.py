"""What a combat script leaves, for the receipt (docs/war.md §3.2, §3.3, §3.5; rulings R99, R100):
when the script runs, each attack's plan with the defaults filled in, and the doctrine that will
stand after the set. A player reads there what the judge will decide in its name at the table's
live moments, before the deadline rather than in the report. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.doctrines import apply_doctrines
from adjudicator.rulesets.medioevo.war.orders import (
    PlanLine,
    ScriptStep,
)
from adjudicator.rulesets.medioevo.war.plans import clauses_of
from adjudicator.rulesets.medioevo.war.rehearsal import FIGHTS

PLAN_DEFAULTS: tuple[tuple[type, str], ...] = (
    (clauses.Cards, "CARDS: none (L1736)"),
    (clauses.Withdraw, "WITHDRAW IF OUTNUMBERED, else after 10 rolls (L1721, R212)"),
    (clauses.Captains, "CAPTAINS: the first named leads every roll (L1782)"),
    (clauses.Fort, "FORT SIEGE ELSE STOP (L1924)"),
    (clauses.Occupy, "OCCUPY 1 (L1846)"),
    (clauses.Taken, "TAKEN: captains destroyed; transports, engines and buildings conquered (L1848-1856)"),
    (clauses.LossesOrder, "LOSSES ORDER: the transport with most VF aboard first (L1760)"),
    (clauses.Before, "BEFORE: no card between rolls (L1707)"),
)
"""Each plan slot with what the judge does when the plan says nothing of it (R100)."""
DOCTRINE_DEFAULTS = (
    ("RETREAT BEFORE", "RETREAT BEFORE NEVER"),
    ("RETREAT DURING", "RETREAT DURING: never, fight on (L2059)"),
    ("LOSSES", "LOSSES LAND FIRST"),
    ("HELP ALLIES", "HELP ALLIES YES"),
    ("HELP BARBARIANS", "HELP BARBARIANS NO"),
    ("CAPITAL", "CAPITAL: the largest settlement left (L2075)"),
)
"""The doctrine everywhere when no line sets it (R99), by the clause's first words."""


def war_summary(state: MedioevoState, power: str, orders: Sequence[Order]) -> list[str]:
    """Receipt lines for ``power``'s combat orders; none without any."""
    steps = [o for o in orders if isinstance(o, ScriptStep)]
    plans = [o for o in orders if isinstance(o, PlanLine)]
    lines: list[str] = []
    if steps:
        order = state.acting_order()
        place = f"{order.index(power) + 1} of {len(order)}" if power in order else "after the others"
        run = f"run in turn order ({place}), each judged when it runs"
        lines.append(f"combat script: {len(steps)} steps, {run}")
    for name in _plans_used(steps):
        lines.append(f"plan {name}: " + "; ".join(_plan_words(plans, name)))
    if steps or any(o.phase == "combat" for o in orders):
        standing = "; ".join(_doctrine_words(state, power, orders))
        lines.append(f"doctrine everywhere after this set: {standing}")
    return lines


def _plans_used(steps: Sequence[ScriptStep]) -> list[str]:
    names: list[str] = []
    for step in steps:
        if isinstance(step.action, FIGHTS):
            name = step.action.plan
            if name not in names:
                names.append(name)
    return names


def _plan_words(plans: Sequence[PlanLine], name: str) -> list[str]:
    given = clauses_of(plans, name)
    words = [c.canonical() for c in given]
    missing = [text for kind, text in PLAN_DEFAULTS if not any(isinstance(c, kind) for c in given)]
    return words + [f"{text} (default)" for text in missing]


def _doctrine_words(state: MedioevoState, power: str, orders: Sequence[Order]) -> list[str]:
    kept = apply_doctrines(state, {power: orders}).powers[power].doctrines
    everywhere = [d.clause for d in kept if d.place is None and d.piece is None]
    words = list(everywhere)
    missing = [text for head, text in DOCTRINE_DEFAULTS if not any(c.startswith(head) for c in everywhere)]
    words += [f"{text} (default)" for text in missing]
    scoped = len(kept) - len(everywhere)
    if scoped:
        words.append(f"and {scoped} clauses for single places or transports")
    return words
