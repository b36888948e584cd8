"""The pre-filled order mail for the next window: the envelope, then every legal order as a comment.

A player deletes the ``#`` of the orders they want and mails it back. Nothing in it is active as
sent (READY too is commented), so a template mailed back unchanged gives no orders by accident.
The secret is never printed: reports are forwarded and archived, secrets are mailed once.
Orders that differ only in one number (``BID 0`` … ``BID 100``) are one line with their range as
a trailing comment, which the judge ignores (``BID 0   # any multiple of 5 from 0 to 100``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from adjudicator.core.ruleset import PhaseSpec
from adjudicator.report.model import ReportInput

NUMBERED = re.compile(r"^(?P<head>.*?)(?P<n>\d+)(?P<tail>(?: .*)?)$")
RUN = 3
"""Orders in a run of at least this many, differing only in one evenly stepped number, are one line."""


def _collapse(lines: Sequence[str]) -> list[str]:
    """``lines`` with each run of orders that differ only in an evenly stepped number made one line."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        first = NUMBERED.match(lines[i])
        j = i + 1
        if first:
            values = [int(first["n"])]
            while j < len(lines):
                nxt = NUMBERED.match(lines[j])
                if not nxt or (nxt["head"], nxt["tail"]) != (first["head"], first["tail"]):
                    break
                values.append(int(nxt["n"]))
                j += 1
            steps = {b - a for a, b in pairwise(values)}
            if len(values) >= RUN and len(steps) == 1 and steps != {0}:
                step = steps.pop()
                kind = "any whole number" if step == 1 else f"any multiple of {step}"
                out.append(f"{lines[i]}   # {kind} from {values[0]} to {values[-1]}")
                i = j
                continue
        out.append(lines[i])
        i += 1
    return out


def order_template(report: ReportInput, phases: Sequence[PhaseSpec], deadline: str) -> str:
    """The template for ``report.viewer`` ('' for the GM, the public, or a game that is over)."""
    if not report.template:
        return ""
    titles = {p.id: p.title for p in phases}
    order = {p.id: i for i, p in enumerate(phases)}
    due = f", due {deadline}" if deadline else ""
    lines = [
        f"GAME {report.view.game} POWER {report.viewer} SECRET <your secret>",
        f"WINDOW {report.next_label}",
        "#",
        f"# Orders of {report.viewer} for {report.next_label}{due}.",
        "# Every order below is one the judge would accept now. Delete the '#' in front of the",
        "# ones you want (one order a line), then mail this back; mail HELP to the judge for help.",
    ]
    grouped: dict[str, list[str]] = {}
    for phase, line in report.template:
        grouped.setdefault(phase, []).append(line)
    for phase in sorted(grouped, key=lambda p: (order.get(p, len(order)), p)):
        lines += ["#", f"# -- {titles.get(phase, phase or 'Orders')} --"]
        lines += [f"# {line}" for line in _collapse(grouped[phase])]
    lines += [
        "#",
        "# Add READY when you are done: the window (or step) resolves early once everyone in it is.",
        "# READY",
    ]
    return "\n".join(lines) + "\n"
