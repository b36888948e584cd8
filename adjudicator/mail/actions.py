"""What each mail command does, inside the gateway's one transaction for the mail.

Every handler takes the mail's :class:`Context` and its :class:`Command`, writes through the
judge's session-level helpers (so the whole mail commits or nothing does) and returns the text of
its section of the reply. A handler that finds a line it must refuse raises :class:`Refused`: the
transaction is rolled back and the reply says which line and why. Dispatch is by table, so a GM
command joins with one line (``GM_ACTIONS["EXTEND"] = ...``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session

from adjudicator.core.view import GM
from adjudicator.dates import day_text, when_text
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


def _fail(cmd: Command, exc: AdjudicatorError | str) -> Refused:
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


# ---- GM commands -------------------------------------------------------------------------------
def process(ctx: Context, cmd: Command) -> str:
    given, judge, game = (cmd.args[0] if cmd.args else None), ctx.judge, ctx.game.id
    try:  # PROCESS ROUND: every step left in the round
        if given is not None and given.upper() == "ROUND":
            done = judge.process_round(game, now=ctx.now, session=ctx.session)
        else:
            done = judge.adjudicate(game, window=given, force=True, now=ctx.now, session=ctx.session)
    except AdjudicatorError as exc:
        raise _fail(cmd, exc) from None
    return f"Adjudicated {', '.join(done.labels)}; {done.then}"


def rollback(ctx: Context, cmd: Command) -> str:
    try:
        label = ctx.judge.rollback_in(ctx.session, ctx.game, cmd.args[0], ctx.now)
    except AdjudicatorError as exc:
        raise _fail(cmd, exc) from None
    ctx.announcements.append((f"the game was rolled back to the start of {label}; send READY again", None))
    dice = ctx.judge.loaded_dice_lines_in(ctx.session, ctx.game)
    return f"Rolled back: {label} is open again" + "".join(f"\n  loaded dice: {line}" for line in dice)


def broadcast(ctx: Context, cmd: Command) -> str:
    for power in ctx.game.powers:
        ctx.queue("notice", power, "broadcast", f"[{ctx.game.id}] Message from the GM", cmd.text)
    return f"Broadcast sent to {', '.join(ctx.game.powers)}"


def edit(ctx: Context, cmd: Command) -> str:
    try:
        told = ctx.judge.gm_edit(ctx.game.id, cmd.line, session=ctx.session)
    except AdjudicatorError as exc:
        raise _fail(cmd, exc) from None
    ctx.announcements.append((" ".join(cmd.line.split()), told))
    return f"Edited: {' '.join(cmd.line.split())}"


def load_dice(ctx: Context, cmd: Command) -> str:
    words = cmd.args[1:]
    if not all(w.isascii() and w.isdigit() and len(w) <= 6 for w in words):
        raise _fail(cmd, "expected whole numbers that fit a die, e.g. LOAD DICE T2.taxes 3 1")
    try:
        key = ctx.judge.load_dice_in(ctx.session, ctx.game, cmd.args[0], [int(w) for w in words])
    except AdjudicatorError as exc:
        raise _fail(cmd, exc) from None
    return f"Dice loaded for {key}: {' '.join(words)} (logged publicly)"


def show_dice(ctx: Context, cmd: Command) -> str:
    lines = ctx.judge.loaded_dice_lines_in(ctx.session, ctx.game)
    if not lines:
        return "No dice are loaded"
    return "\n".join(
        ["Loaded dice not yet rolled (key, then the values in the order drawn):"]
        + [f"  {line}" for line in lines]
    )


def clear_dice(ctx: Context, cmd: Command) -> str:
    try:
        cleared = ctx.judge.clear_dice_in(ctx.session, ctx.game, cmd.args[0] if cmd.args else None)
    except AdjudicatorError as exc:
        raise _fail(cmd, exc) from None
    if not cleared:
        return "No dice were loaded: nothing to clear"
    listed = "; ".join(f"{k} {' '.join(map(str, v))}" for k, v in cleared.items())
    return f"Dice cleared: {listed} (logged publicly)"


def _clock(ctx: Context, cmd: Command, act: Callable[[], str]) -> str:
    try:
        return act()
    except AdjudicatorError as exc:
        raise _fail(cmd, exc) from None


def _gm_zone(ctx: Context) -> str:
    """The GM reads dates in the game's zone."""
    return ctx.judge.zone_of(ctx.session, ctx.game, GM)


def extend(ctx: Context, cmd: Command) -> str:
    hours, whole = float(cmd.args[-1]), len(cmd.args) == 2  # EXTEND ROUND hours: a round's cap
    what = "The round's cap" if whole else "Deadline"

    def act() -> str:
        if whole:
            when = ctx.judge.extend_round(ctx.game.id, hours, now=ctx.now, session=ctx.session)
        else:
            when = ctx.judge.extend(ctx.game.id, hours, now=ctx.now, session=ctx.session)
        return f"{what} extended to {when_text(when, _gm_zone(ctx))} (every power is told, with an .ics)"

    return _clock(ctx, cmd, act)


def pause(ctx: Context, cmd: Command) -> str:
    def act() -> str:
        ctx.judge.pause_in(ctx.session, ctx.game, ctx.now)
        return "Paused: the time left is kept until RESUME (every power is told)"

    return _clock(ctx, cmd, act)


def resume(ctx: Context, cmd: Command) -> str:
    def act() -> str:
        deadline = ctx.judge.resume_in(ctx.session, ctx.game, ctx.now)
        when = when_text(deadline, _gm_zone(ctx)) if deadline else "none (no window is waiting)"
        return f"Resumed: deadline {when}"

    return _clock(ctx, cmd, act)


def replace_player(ctx: Context, cmd: Command) -> str:
    power, address = cmd.args[0].lower(), cmd.args[1]

    def act() -> str:
        ctx.judge.replace_player_in(ctx.session, ctx.game, power, address, ctx.now)
        return f"{power} is now played from {address}: a new secret and a briefing are mailed there"

    return _clock(ctx, cmd, act)


def new_secret(ctx: Context, cmd: Command) -> str:
    power = cmd.args[0].lower()

    def act() -> str:
        ctx.judge.known_power(ctx.game, power)
        if ctx.judge.address_in(ctx.session, ctx.game, power) is None:  # the secret would reach nobody
            raise AdjudicatorError(
                f"no address on file for {power}: a new secret would reach nobody; set one with "
                f"ADDRESS {power} address (or 'adjudicator gm address {ctx.game.id} {power} ADDRESS'), "
                f"or hand the power to a new player with REPLACE {power} address"
            )
        ctx.judge.new_secret_in(ctx.session, ctx.game, power)
        return f"{power} has a new secret, mailed to its address; the old one no longer works"

    return _clock(ctx, cmd, act)


def set_address(ctx: Context, cmd: Command) -> str:
    power, address = cmd.args[0].lower(), cmd.args[1]

    def act() -> str:
        old = ctx.judge.set_address_in(ctx.session, ctx.game, power, address, ctx.now)
        if old is not None and old.lower() == address.lower():
            return f"{power} already has the address {old}"
        return f"{power}'s address is now {address} (was {old or 'none'}); both addresses are told"

    return _clock(ctx, cmd, act)


GM_ACTIONS: dict[str, Action] = {
    "PROCESS": process,
    "ROLLBACK": rollback,
    "BROADCAST": broadcast,
    "EDIT": edit,
    "SET": edit,
    "GRANT": edit,
    "GIVE": edit,
    "LOAD DICE": load_dice,
    "DICE": show_dice,
    "CLEAR DICE": clear_dice,
    "ORDERS": show_orders,
    "STATE": show_state,
    "HELP": show_help,
    "EXTEND": extend,
    "PAUSE": pause,
    "RESUME": resume,
    "REPLACE": replace_player,
    "NEW-SECRET": new_secret,
    "ADDRESS": set_address,
}


def announce(ctx: Context) -> None:
    """Tell each power what the GM changed by this mail that it may see (R95: an edit goes to the
    powers its events are shown to; a rollback to every power)."""
    for power in ctx.game.powers:
        lines = [a for a, told in ctx.announcements if told is None or power in told]
        if lines:
            text = "The GM changed the game:\n" + "\n".join(f"  {a}" for a in lines)
            ctx.queue("notice", power, "edit", f"[{ctx.game.id}] The GM changed the game", text)
