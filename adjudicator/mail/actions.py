"""What each mail command does, inside the gateway's one transaction for the mail.

Every handler takes the mail's :class:`Context` and its :class:`Command`, writes through the
judge's session-level helpers (so the whole mail commits or nothing does) and returns the text of
its section of the reply. A handler that finds a line it must refuse raises :class:`Refused`: the
transaction is rolled back and the reply says which line and why. Dispatch is by table, so a GM
command joins with one line (``GM_ACTIONS["EXTEND"] = ...``). The GM's commands are in
mail/gm_actions.py.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session

from adjudicator.core.view import GM
from adjudicator.dates import day_text
from adjudicator.errors import AdjudicatorError
from adjudicator.mail.commands import Command, MailRequest
from adjudicator.mail.message import InboundMessage
from adjudicator.orders.commands import help_text
from adjudicator.report.text import render_state
from adjudicator.service.judge import Judge
from adjudicator.store.models import Game, Power


class Refused(Exception):
    """A check failed: the mail is answered with this reason and nothing else is stored.

    ``unauthenticated`` is set (to a tag of :mod:`adjudicator.mail.guard`) when the mail did not
    authenticate: then the reason goes to the log only, and the sender gets the guard's one text.
    """

    def __init__(
        self,
        reason: str,
        *,
        game: str | None = None,
        power: str | None = None,
        unauthenticated: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.game = game
        self.power = power
        self.unauthenticated = unauthenticated


@dataclass
class Context:
    """One authenticated mail being acted on."""

    judge: Judge
    session: Session
    game: Game
    power: str
    """The power that wrote, or ``gm``."""
    row: Power | None
    """The power's row (None for the GM)."""
    message: InboundMessage
    request: MailRequest
    now: datetime
    key: str
    """A short hash of the inbound Message-ID: the stable part of every outbox key this mail makes."""
    announcements: list[tuple[str, tuple[str, ...] | None]] = field(default_factory=list)
    """GM edits and rollbacks of this mail, and who is told of each (None: every power; R95),
    announced at the end."""
    stored_orders: bool = False

    def queue(self, kind: str, recipient: str, what: str, subject: str, text: str) -> None:
        self.judge.queue_mail(
            self.session,
            self.game,
            kind=kind,
            recipient=recipient,
            key=f"{what}.{self.key}.{recipient}",
            subject=subject[:255],
            text=text,
        )


Action = Callable[[Context, Command], str]


def mail_key(message_id: str) -> str:
    return hashlib.sha256(message_id.encode()).hexdigest()[:24]


def fail(cmd: Command, exc: AdjudicatorError | str) -> Refused:
    return Refused(f"line {cmd.line_no}: {cmd.line!r}: {exc}; nothing was changed")


# ---- player commands ---------------------------------------------------------------------------
def show_orders(ctx: Context, cmd: Command) -> str:
    window = ctx.judge.current_window(ctx.session, ctx.game)
    sets = ctx.judge.latest_sets(ctx.session, window)
    lines = [f"Current orders for {window.label}:"]
    for power in ctx.game.powers if ctx.power == GM else [ctx.power]:
        row = sets.get(power)
        if row is None:
            lines.append(f"  {power}: no orders yet")
            continue
        ready = "ready" if row.ready else "not ready"
        lines.append(f"  {power} (version {row.version}, {ready}):")
        lines += [f"    {order}" for order in row.orders] or ["    no orders"]
    return "\n".join(lines)


def show_options(ctx: Context, cmd: Command) -> str:
    ruleset = ctx.judge.ruleset(ctx.game)
    state = ctx.judge.state_of(ctx.game)
    titles = {p.id: f"{p.title} (phase {p.number})" for p in ruleset.phases()}
    grouped: dict[str, list[str]] = {}
    for order in ruleset.legal_orders(state, ctx.power):
        grouped.setdefault(order.phase, []).append(order.canonical())
    window = ctx.judge.current_window(ctx.session, ctx.game)
    if not grouped:
        return f"Orders you can give in {window.label}: none (nothing to decide in this window)"
    lines = [f"Orders you can give in {window.label}:"]
    for phase, orders in grouped.items():
        lines += ["", titles.get(phase, phase), *(f"  {o}" for o in dict.fromkeys(orders))]
    return "\n".join(lines)


def show_state(ctx: Context, cmd: Command) -> str:
    view = ctx.judge.current_view(ctx.session, ctx.game, ctx.power)
    return render_state(view).rstrip()


def show_help(ctx: Context, cmd: Command) -> str:
    return help_text()


def press(ctx: Context, cmd: Command) -> str:
    anonymous = "ANONYMOUS" in cmd.args
    named = [a for a in cmd.args if a != "ANONYMOUS"]
    if anonymous and not ctx.game.options.get("press_anonymous"):
        return f"PRESS not sent: {ctx.game.id} does not allow anonymous press; send it without ANONYMOUS"
    others = [p for p in ctx.game.powers if p != ctx.power]
    if [n.upper() for n in named] == ["ALL"]:
        targets = others
    else:
        unknown = [n for n in named if n not in others]
        if unknown:
            return (
                f"PRESS not sent: {', '.join(unknown)} is not another power of {ctx.game.id}: "
                f"expected ALL or some of {', '.join(others)}"
            )
        targets = list(dict.fromkeys(named))
    author = "an anonymous power" if anonymous else ctx.power
    for power in targets:
        ctx.queue("press", power, "press", f"[{ctx.game.id}] Press from {author}", cmd.text)
    ctx.queue(
        "press",
        GM,
        "press",
        f"[{ctx.game.id}] Press from {ctx.power} to {', '.join(targets)}"
        + (" (anonymous)" if anonymous else ""),
        cmd.text,
    )
    return (
        f"Press sent to {', '.join(targets)}"
        + (" anonymously" if anonymous else "")
        + " (the GM gets a copy)"
    )


def absence(ctx: Context, cmd: Command) -> str:
    assert ctx.row is not None
    first, last = date.fromisoformat(cmd.args[0]), date.fromisoformat(cmd.args[1])
    if last < ctx.now.date():
        return f"ABSENCE not stored: {day_text(last)} is in the past"
    budget = int(ctx.game.options.get("absence_days", 14))
    taken = [(date.fromisoformat(a["from"]), date.fromisoformat(a["to"])) for a in ctx.row.absences]
    used = sum((b - a).days + 1 for a, b in taken)
    days = (last - first).days + 1
    clash = next(((a, b) for a, b in taken if a <= last and first <= b), None)
    if clash:
        return (
            f"ABSENCE not stored: it overlaps your absence from {day_text(clash[0])} to {day_text(clash[1])}"
        )
    if used + days > budget:
        return f"ABSENCE not stored: {days} days asked, {budget - used} of the game's {budget} left"
    left = budget - used - days
    ctx.row.absences = [*ctx.row.absences, {"from": first.isoformat(), "to": last.isoformat()}]
    ctx.session.add(ctx.row)
    away = f"{day_text(first)} to {day_text(last)}"
    ctx.queue(
        "notice",
        GM,
        f"absence.{first.isoformat()}",
        f"[{ctx.game.id}] {ctx.power} away {away}",
        f"{ctx.power} announced an absence from {away} ({days} days, {left} left).",
    )
    return f"Absence stored: {away} ({days} days; {left} of {budget} left)"


def timezone(ctx: Context, cmd: Command) -> str:
    assert ctx.row is not None
    ctx.row.timezone = cmd.args[0]
    ctx.session.add(ctx.row)
    return f"Time zone set: deadlines are shown in {cmd.args[0]}"


PLAYER_ACTIONS: dict[str, Action] = {
    "ORDERS": show_orders,
    "OPTIONS": show_options,
    "STATE": show_state,
    "HELP": show_help,
    "PRESS": press,
    "ABSENCE": absence,
    "TIMEZONE": timezone,
}
