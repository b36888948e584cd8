"""Conditional orders: ``IF Bihar HELD BY hungary: ATTACK Bihar WITH 3`` (issue 16).

In a window played step by step a power may mail its orders before its step opens; a guard lets
it say what it expects the steps before to have left (docs/turn-by-turn.md §6). The prefix is
the core's: ``IF cond [AND cond]…:`` where ``cond`` is ``[NOT] <condition>`` and the ruleset reads
the condition (``parse_guard``) and decides it on a state (``guard_holds``). A guarded order is
stored, echoed and replayed with its prefix (``Guarded.canonical``), so the log keeps it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.core.orders import IssueKind, LineIssue, Order, Submission
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.state import GameState

GUARD_FAILED = "guard-failed"
ONLY_IN_STEPS = "IF is only for windows played step by step (the steps before yours change the board)"
_PREFIX = re.compile(r"^\s*IF\s+(?P<conds>.+?)\s*:\s*(?P<rest>\S.*)$", re.IGNORECASE)
_AND = re.compile(r"\s+AND\s+", re.IGNORECASE)
_NOT = re.compile(r"^NOT\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Guarded(Order):
    """An order that counts only if every condition holds when its step is resolved."""

    order: Order
    conds: tuple[str, ...] = field(default=())

    @property  # the inner order's phase, per instance
    def phase(self) -> str:  # type: ignore[override]
        return self.order.phase

    def canonical(self) -> str:
        return f"IF {' AND '.join(self.conds)}: {self.order.canonical()}"


def split_guard(line: str) -> tuple[tuple[str, ...], str] | None:
    """The conditions and the order text of a guarded line, or None if it has no ``IF`` prefix."""
    found = _PREFIX.match(line)
    if found is None:
        return None
    conds = tuple(" ".join(c.split()) for c in _AND.split(found["conds"]) if c.strip())
    return conds, found["rest"]


def _guard_problem(ruleset: Ruleset, state: GameState, power: str, conds: Sequence[str]) -> str | None:
    reader = getattr(ruleset, "parse_guard", None)
    if reader is None:
        return f"{ruleset.name} has no conditions to put after IF"
    for cond in conds:
        problem = reader(state, power, _NOT.sub("", cond))
        if problem:
            return f"IF {cond}: {problem}"
    return None


def guards_in_orders(ruleset: Ruleset, state: GameState) -> bool:
    """The ruleset's optional ``guards_in_orders`` hook (core/steps.py ``Sequential``); False
    without it."""
    hook = getattr(ruleset, "guards_in_orders", None)
    return bool(hook(state)) if hook is not None else False


def parse_orders(
    ruleset: Ruleset,
    state: GameState,
    power: str,
    lines: Sequence[tuple[int, str]],
    *,
    strict: bool = True,
    guards: bool = True,
) -> Submission:
    """``ruleset.parse`` with the ``IF …:`` prefix taken off first and put back on the orders it
    read (``Guarded``). ``guards=False`` (a simultaneous window) refuses a guarded line.

    A ruleset's parser does not say which line gave which order, so a guarded line is also read
    on its own and its order found, in line order, among the orders of the whole text.
    Where the ruleset's ``guards_in_orders(state)`` hook says so, the lines go to it unchanged:
    its orders carry their own guards (docs/war.md §3.4)."""
    if guards_in_orders(ruleset, state):
        return ruleset.parse(state, power, lines, strict=strict)
    plain: list[tuple[int, str]] = []
    guarded: dict[int, tuple[str, ...]] = {}
    refused: list[LineIssue] = []
    for number, line in lines:
        split = split_guard(line)
        if split is None:
            plain.append((number, line))
            continue
        conds, rest = split
        problem = ONLY_IN_STEPS if not guards else _guard_problem(ruleset, state, power, conds)
        if problem:
            refused.append(LineIssue(number, line, IssueKind.ILLEGAL, problem))
            continue
        guarded[number] = conds
        plain.append((number, rest))
    read = ruleset.parse(state, power, plain, strict=strict)
    if not guarded and not refused:
        return read
    orders = list(read.orders)
    bad = {i.line_no for i in read.issues}
    at = 0
    for number, text in plain:
        if number not in guarded or number in bad:
            continue
        alone = ruleset.parse(state, power, [(number, text)], strict=False).orders
        if not alone:
            continue
        wanted = alone[0].canonical()
        for i in range(at, len(orders)):
            if orders[i].canonical() == wanted and not isinstance(orders[i], Guarded):
                orders[i] = Guarded(orders[i], guarded[number])
                at = i + 1
                break
    full = dict(lines)  # a refused guarded line is quoted as the player wrote it, IF and all
    issues = sorted(
        (*(replace(i, line=full.get(i.line_no, i.line)) for i in read.issues), *refused),
        key=lambda issue: issue.line_no,
    )
    return Submission(tuple(orders), tuple(issues), read.ready, read.warnings)


def check_guards(
    ruleset: Ruleset, state: GameState, power: str, orders: Sequence[Order], phase_key: str
) -> tuple[list[Order], list[OrderResult]]:
    """The orders whose guards hold on ``state`` (unwrapped), and a failed answer for the others:
    ``guard failed: space 4 is held by genoa``."""
    kept: list[Order] = []
    failed: list[OrderResult] = []
    for order in orders:
        if not isinstance(order, Guarded):
            kept.append(order)
            continue
        why = guard_failure(ruleset, state, power, order)
        if why is None:
            kept.append(order.order)
        else:
            failed.append(OrderResult.failure(power, phase_key, order.canonical(), GUARD_FAILED, why))
    return kept, failed


def guard_failure(ruleset: Ruleset, state: GameState, power: str, order: Guarded) -> str | None:
    """None if every condition of ``order`` holds on ``state``, else ``guard failed: <fact>``."""
    holds = getattr(ruleset, "guard_holds", None)
    if holds is None:
        return ONLY_IN_STEPS
    for cond in order.conds:
        negated = _NOT.match(cond) is not None
        held, fact = holds(state, power, _NOT.sub("", cond))
        if held == negated:
            return f"guard failed: {fact}"
    return None
