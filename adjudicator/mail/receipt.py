"""The receipt a player gets within seconds of mailing orders: what was stored, and what was not.

A player far from the table must be able to check, from the receipt alone, that the judge read
every line as meant: the canonical echo of each accepted order, each rejected line quoted with
its number and reason, what the orders leave (the ruleset says: money, actions), the deadline in
the player's own time zone, READY, and the short hash of the accepted set (the same hash the
CLI's receipt shows). Pure functions: the caller passes ``now``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from adjudicator.dates import deadline_text
from adjudicator.service.receipts import Receipt


def _ready(receipt: Receipt) -> str:
    if receipt.unready:  # R87
        again = "send again (or send READY alone to accept the orders as they stand)"
        return f"no. {receipt.ready_not_counted(again)}"
    return "yes" if receipt.ready else "no (send READY when you are done)"


def render_receipt(
    receipt: Receipt,
    *,
    summary: Sequence[str],
    now: datetime,
    zone: str | None,
    kept: bool = False,
) -> str:
    """The receipt mail's text. ``kept``: the mail had no orders and the standing ones were kept."""
    lines = [
        f"Orders of {receipt.power} for {receipt.game}, window {receipt.window} "
        f"(version {receipt.version}, hash {receipt.digest})",
        "",
    ]
    if receipt.note:  # a round played step by step: which step the set is for (service/steps.py)
        lines += [f"These are {receipt.note}.", ""]
    if kept and receipt.accepted:
        lines.append("Your mail had no orders: your standing orders are kept.")
    elif kept:
        lines.append(
            "Your mail had no orders and none are standing: the defaults apply unless you send some."
        )
    lines.append(f"Accepted ({len(receipt.accepted)}):")
    lines += [f"  {order}" for order in receipt.accepted] or ["  no orders"]
    if receipt.rejected:
        lines += ["", f"Rejected ({len(receipt.rejected)}), fix and send the whole set again:"]
        lines += [f"  {why}" for why in receipt.rejected]
    if receipt.warnings:
        lines += ["", f"Warnings ({len(receipt.warnings)}), kept but may fail at the deadline:"]
        lines += [f"  {why}" for why in receipt.warnings]
    if summary:
        lines += ["", "What these orders leave:", *(f"  {s}" for s in summary)]
    lines += [
        "",
        f"Deadline: {deadline_text(receipt.deadline, now, zone)}",
        f"Ready: {_ready(receipt)}",
        "A later mail replaces this set until the deadline.",
    ]
    return "\n".join(lines)
