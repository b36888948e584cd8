"""What a scenario step expects: values of the state, outcomes of orders, refused lines.

A scenario file that carries its expectations is a self-checking example, the way a Diplomacy
judge's test cases are: a GM settling a dispute or a developer turning a rulebook example into a
test writes the orders and what the rulebook says must come of them in the same file, and the
runner reports every expectation that does not hold instead of stopping at the first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MISSING = object()


class ExpectedResult(BaseModel):
    """One order's outcome: the order's canonical text contains ``order``; ``ok`` as given."""

    model_config = ConfigDict(extra="forbid")

    power: str
    order: str
    ok: bool = True
    reason: str | None = None  # a piece of the refusal reason or of the result note
    phase: str | None = None


class Expect(BaseModel):
    """Checked after the step's adjudication (``state``, ``results``) or submission (``refused``)."""

    model_config = ConfigDict(extra="forbid")

    state: dict[str, Any] = Field(default_factory=dict)
    results: list[ExpectedResult] = Field(default_factory=list)
    refused: dict[str, list[str]] = Field(default_factory=dict)


SELECTOR = re.compile(r"^(\w+)\[([^\]]+)\]$")


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted path, or MISSING: ``powers.hungary.florins``, ``turn_order.0``, and
    ``pieces[owner=hungary,kind=caravan,number=2].level`` for the one list item that matches."""
    here = data
    for key in path.split("."):
        selector = SELECTOR.match(key)
        if selector is not None:
            here = _select(lookup(here, selector[1]), selector[2])
        elif isinstance(here, Mapping) and key in here:
            here = here[key]
        elif isinstance(here, list) and key.lstrip("-").isdigit() and -len(here) <= int(key) < len(here):
            here = here[int(key)]
        else:
            return MISSING
    return here


def _select(items: Any, spec: str) -> Any:
    """The single mapping of ``items`` whose fields equal ``a=1,b=x`` (compared as text)."""
    if not isinstance(items, list):
        return MISSING
    wanted = dict(part.split("=", 1) for part in spec.split(",") if "=" in part)
    found = [
        item
        for item in items
        if isinstance(item, Mapping) and all(str(item.get(k)) == v for k, v in wanted.items())
    ]
    return found[0] if len(found) == 1 else MISSING


def state_failures(expected: Mapping[str, Any], state: Mapping[str, Any]) -> list[str]:
    failures = []
    for path, want in expected.items():
        got = lookup(state, path)
        if got is MISSING:
            failures.append(f"state {path}: no such value in the state")
        elif got != want:
            failures.append(f"state {path}: expected {want!r}, got {got!r}")
    return failures


class ResultLine(BaseModel):
    """An order's outcome as stored (the results table), enough to match expectations."""

    power: str
    phase: str
    order: str
    ok: bool
    text: str  # note and reason together


def result_failures(expected: Sequence[ExpectedResult], results: Sequence[ResultLine]) -> list[str]:
    failures = []
    for want in expected:
        candidates = [
            r
            for r in results
            if r.power == want.power
            and want.order.casefold() in r.order.casefold()
            and (want.phase is None or r.phase == want.phase)
        ]
        if not candidates:
            failures.append(f"result {want.power} {want.order!r}: no such order was adjudicated")
            continue
        if not any(_matches(want, r) for r in candidates):
            seen = "; ".join(f"{r.order} -> {'ok' if r.ok else 'failed'}: {r.text}" for r in candidates)
            wanted = ("ok" if want.ok else "failed") + (f" ({want.reason!r})" if want.reason else "")
            failures.append(f"result {want.power} {want.order!r}: expected {wanted}, got {seen}")
    return failures


def _matches(want: ExpectedResult, got: ResultLine) -> bool:
    return got.ok == want.ok and (want.reason is None or want.reason.casefold() in got.text.casefold())


def refusal_failures(
    expected: Mapping[str, Sequence[str]], refused: Mapping[str, Sequence[str]]
) -> list[str]:
    """Every expected piece must appear in one refused line of that power's submission."""
    failures = []
    for power, pieces in expected.items():
        lines = refused.get(power, ())
        for piece in pieces:
            if not any(piece.casefold() in line.casefold() for line in lines):
                shown = "; ".join(lines) or "nothing was refused"
                failures.append(f"refused {power} {piece!r}: not among the refused lines ({shown})")
    return failures
