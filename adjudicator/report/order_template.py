"""The pre-filled order mail for the next window: the envelope, then every legal order as a comment.

A player deletes the ``#`` of the orders they want and mails it back. Nothing in it is active as
sent (READY too is commented), so a template mailed back unchanged gives no orders by accident.
The secret is never printed: reports are forwarded and archived, secrets are mailed once.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.ruleset import PhaseSpec
from adjudicator.report.model import ReportInput


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
        "# ones you want (one order a line), then mail this back; orders/medioevo.md explains them.",
    ]
    grouped: dict[str, list[str]] = {}
    for phase, line in report.template:
        grouped.setdefault(phase, []).append(line)
    for phase in sorted(grouped, key=lambda p: (order.get(p, len(order)), p)):
        lines += ["#", f"# -- {titles.get(phase, phase or 'Orders')} --"]
        lines += [f"# {line}" for line in grouped[phase]]
    lines += ["#", "# Add READY when you are done: the window resolves early once every power is.", "# READY"]
    return "\n".join(lines) + "\n"
