"""Relay's orders, their parser and its guard conditions (rules in relay.py).

Grammar, one order a line, case-insensitive: ``CLAIM <n>`` (n in 1..9) in a power's turn step,
``PUSH`` or ``PASS`` in its reaction step. Guard conditions (docs/turn-by-turn.md §6):
``<n> HELD BY <power>`` and ``<n> FREE``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import NOT_AN_ORDER, IssueKind, LineIssue, Order, Submission
from adjudicator.core.steps import TURN, Step
from tests.turnbased.relay_state import SPACES, RelayState, describe_space

CLAIM = "claim"
SCORE = "score"
REACT = "react"
CLAIM_USAGE = f"expected CLAIM <space 1-{SPACES}>, e.g. CLAIM 4"
GUARD_USAGE = "expected '<n> HELD BY <power>' or '<n> FREE', e.g. '4 HELD BY genoa'"

_CLAIM = re.compile(r"^CLAIM(?:\s+(?P<n>\S+))?(?P<rest>\s+.*)?$", re.IGNORECASE)
_HELD = re.compile(r"^(?P<n>\d+)\s+HELD\s+BY\s+(?P<power>\S+)$", re.IGNORECASE)
_FREE = re.compile(r"^(?P<n>\d+)\s+FREE$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Claim(Order):
    phase: ClassVar[str] = CLAIM
    space: int

    def canonical(self) -> str:
        return f"CLAIM {self.space}"


@dataclass(frozen=True, slots=True)
class Push(Order):
    phase: ClassVar[str] = CLAIM

    def canonical(self) -> str:
        return "PUSH"


@dataclass(frozen=True, slots=True)
class Pass(Order):
    phase: ClassVar[str] = CLAIM

    def canonical(self) -> str:
        return "PASS"


class _Refused(ValueError):
    def __init__(self, kind: IssueKind, message: str) -> None:
        super().__init__(message)
        self.kind, self.message = kind, message


def on_row(text: str) -> int:
    """The space a number names, or why not."""
    if not text.isdigit() or not 1 <= int(text) <= SPACES:
        raise _Refused(IssueKind.ILLEGAL, f"space {text} is not on the row: expected 1 to {SPACES}")
    return int(text)


def read_order(text: str) -> Order:
    """One line's order, syntax and names only (what a loose parse checks)."""
    words = text.split()
    head = words[0].upper() if words else ""
    if head == "CLAIM":
        found = _CLAIM.match(text.strip())
        if found is None or found["n"] is None or found["rest"]:
            raise _Refused(IssueKind.SYNTAX, CLAIM_USAGE)
        return Claim(on_row(found["n"]))
    if head in ("PUSH", "PASS"):
        if len(words) > 1:
            raise _Refused(IssueKind.SYNTAX, f"expected {head} alone, with nothing after it")
        return Push() if head == "PUSH" else Pass()
    raise _Refused(IssueKind.NOT_AN_ORDER, f"{NOT_AN_ORDER} (expected CLAIM <n>, PUSH or PASS)")


def step_problem(state: RelayState, step: Step | None, order: Order, earlier: Sequence[Order]) -> None:
    """Strict checks: the order fits the open step and the row as it stands."""
    if isinstance(order, Claim):
        if step is None or step.kind != TURN:
            open_now = "no claim is open" if step is None else f"the open step is {step.who}'s reaction"
            raise _Refused(IssueKind.NOT_NOW, f"CLAIM is for a turn step: {open_now}")
        if any(isinstance(o, Claim) for o in earlier):
            raise _Refused(IssueKind.ILLEGAL, "one CLAIM a turn: an earlier line claims already")
        if state.holder(order.space):
            raise _Refused(IssueKind.ILLEGAL, describe_space(state, order.space))
        return
    if step is None or step.kind != REACT:
        open_now = "no reaction is open" if step is None else f"the open step is {step.who}'s turn (CLAIM n)"
        raise _Refused(
            IssueKind.NOT_NOW, f"{order.canonical()} answers a claim next to your space: {open_now}"
        )
    if any(isinstance(o, Push | Pass) for o in earlier):
        raise _Refused(IssueKind.ILLEGAL, "one PUSH or PASS a reaction: an earlier line answers already")


def parse_lines(
    state: RelayState, step: Step | None, lines: Sequence[tuple[int, str]], strict: bool
) -> Submission:
    """Every line read; ``strict`` adds the checks against ``step`` (the open one) and the row."""
    orders: list[Order] = []
    issues: list[LineIssue] = []
    for line_no, text in lines:
        if not text.strip():
            continue
        try:
            order = read_order(text)
            if strict:
                step_problem(state, step, order, orders)
        except _Refused as refused:
            issues.append(LineIssue(line_no, text, refused.kind, refused.message))
            continue
        orders.append(order)
    return Submission(orders=tuple(orders), issues=tuple(issues))


def read_guard(state: RelayState, text: str) -> tuple[int, str | None]:
    """A condition's space and power (None for ``<n> FREE``); raises ValueError saying why not."""
    cleaned = " ".join(text.split())
    held, free = _HELD.match(cleaned), _FREE.match(cleaned)
    found = held or free
    if found is None:
        raise ValueError(f"{cleaned!r}: {GUARD_USAGE}")
    try:
        space = on_row(found["n"])
    except _Refused as refused:
        raise ValueError(refused.message) from None
    if held is None:
        return space, None
    power = held["power"].lower()
    if power not in state.seats:
        raise ValueError(f"unknown power {power!r}: expected one of {', '.join(state.seats)}")
    return space, power


def guard_fact(state: RelayState, text: str) -> tuple[bool, str]:
    try:
        space, power = read_guard(state, text)
    except ValueError as exc:
        return False, str(exc)
    holder = state.holder(space)
    return (holder == power if power else not holder), describe_space(state, space)
