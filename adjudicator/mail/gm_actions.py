"""What each GM mail command does (the players' are in mail/actions.py, with the :class:`Context`).

A GM mail is all or nothing: a handler that must refuse its line raises :class:`Refused` and the
whole mail is rolled back. Every change goes through the judge's public in-transaction API
(service/mail_api.py).
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.view import GM
from adjudicator.dates import when_text
from adjudicator.errors import AdjudicatorError
from adjudicator.mail.actions import Action, Context, fail, show_help, show_orders, show_state
from adjudicator.mail.commands import Command


def process(ctx: Context, cmd: Command) -> str:
    given, judge, game = (cmd.args[0] if cmd.args else None), ctx.judge, ctx.game.id
    try:  # PROCESS ROUND: every step left in the round
        if given is not None and given.upper() == "ROUND":
            done = judge.process_round(game, now=ctx.now, session=ctx.session)
        else:
            done = judge.adjudicate(game, window=given, force=True, now=ctx.now, session=ctx.session)
    except AdjudicatorError as exc:
        raise fail(cmd, exc) from None
    return f"Adjudicated {', '.join(done.labels)}; {done.then}"


def rollback(ctx: Context, cmd: Command) -> str:
    try:
        label = ctx.judge.rollback_in(ctx.session, ctx.game, cmd.args[0], ctx.now)
    except AdjudicatorError as exc:
        raise fail(cmd, exc) from None
    ctx.announcements.append((f"the game was rolled back to the start of {label}; send READY again", None))
    dice = ctx.judge.loaded_dice_lines_in(ctx.session, ctx.game)
    return f"Rolled back: {label} is open again" + "".join(f"\n  loaded dice: {line}" for line in dice)


def end_game(ctx: Context, cmd: Command) -> str:
    """END GAME [why]: the game ends now, scored as it stands (service/ending.py)."""
    try:
        return ctx.judge.end_game_in(ctx.session, ctx.game, " ".join(cmd.args), ctx.now)
    except AdjudicatorError as exc:
        raise fail(cmd, exc) from None


def broadcast(ctx: Context, cmd: Command) -> str:
    for power in ctx.game.powers:
        ctx.queue("notice", power, "broadcast", f"[{ctx.game.id}] Message from the GM", cmd.text)
    return f"Broadcast sent to {', '.join(ctx.game.powers)}"


def edit(ctx: Context, cmd: Command) -> str:
    try:
        told = ctx.judge.gm_edit(ctx.game.id, cmd.line, session=ctx.session)
    except AdjudicatorError as exc:
        raise fail(cmd, exc) from None
    ctx.announcements.append((" ".join(cmd.line.split()), told))
    return f"Edited: {' '.join(cmd.line.split())}"


def load_dice(ctx: Context, cmd: Command) -> str:
    words = cmd.args[1:]
    if not all(w.isascii() and w.isdigit() and len(w) <= 6 for w in words):
        raise fail(cmd, "expected whole numbers that fit a die, e.g. LOAD DICE T2.taxes 3 1")
    try:
        key = ctx.judge.load_dice_in(ctx.session, ctx.game, cmd.args[0], [int(w) for w in words])
    except AdjudicatorError as exc:
        raise fail(cmd, exc) from None
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
        raise fail(cmd, exc) from None
    if not cleared:
        return "No dice were loaded: nothing to clear"
    listed = "; ".join(f"{k} {' '.join(map(str, v))}" for k, v in cleared.items())
    return f"Dice cleared: {listed} (logged publicly)"


def _clock(ctx: Context, cmd: Command, act: Callable[[], str]) -> str:
    try:
        return act()
    except AdjudicatorError as exc:
        raise fail(cmd, exc) from None


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
    "END GAME": end_game,
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
