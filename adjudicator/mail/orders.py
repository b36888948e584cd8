"""A mailed order set: stored through the same code as ``Judge.submit``, answered with a receipt.

Two mail-only rulings: a mail with READY or NOT READY and no order lines keeps the standing
orders and changes only READY (a player should not wipe a set by saying he is done); a mail whose
order lines are all rejected stores nothing, so the standing set is not replaced by an empty one.
"""

from __future__ import annotations

from adjudicator.core.orders import IssueKind
from adjudicator.mail.actions import Context
from adjudicator.mail.commands import split_message
from adjudicator.mail.receipt import render_receipt
from adjudicator.orders.text import OrderText


def act_on_orders(ctx: Context) -> list[str]:
    """Store the mail's orders (or its READY) and return the receipt; [] when it has neither."""
    given = ctx.request.orders
    if not given.lines and given.ready is None:
        return []
    judge, session, game = ctx.judge, ctx.session, ctx.game
    # Locked first, as every order set is (Judge._store_orders): READY alone copies the standing
    # set, which must be the one stored last, not one read while another mail was storing its own.
    # In a round played step by step the set may be early, for the power's later step: the row it
    # goes to (and READY alone keeps the set stored there) is the one _store_orders picks too.
    window = judge.lock_orders_window(session, game, ctx.power, given.envelope.get("WINDOW"))
    ruleset = judge.ruleset(game)
    state = judge.state_of(game)
    submission = judge.read_submission(game, ctx.power, window, given.lines, state=state)
    # "READY\n\nThanks!" is a READY alone: a line that is no order at all changes nothing (R87)
    chatter = all(issue.kind is IssueKind.NOT_AN_ORDER for issue in submission.issues)
    kept = not submission.orders and chatter and given.ready is not None
    if kept:
        previous = judge.latest_sets(session, window).get(ctx.power)
        lines = list(enumerate(previous.orders if previous else [], start=1))
        parsed = OrderText(envelope=given.envelope, ready=given.ready, lines=lines)
        read = None  # the standing set is read again, as the window takes it
    else:
        if not submission.orders:
            return [
                "No order of your mail was accepted, so nothing was stored: your standing orders "
                "(and READY) are as they were. Fix these lines and send the whole set again:",
                "\n".join(f"  {issue.describe()}" for issue in submission.issues),
            ]
        parsed, read = given, (window, state, submission)  # read once, not again to store it
    text = split_message(ctx.message.body)[0]
    receipt = judge.store_orders(session, game, ctx.power, parsed, text, now=ctx.now, read=read, row=ctx.row)
    ctx.stored_orders = True
    summarise = getattr(ruleset, "receipt_summary", None)
    summary: list[str] = []
    if summarise is not None and receipt.accepted:
        orders = (
            submission.orders
            if read is not None
            else ruleset.parse(
                state, ctx.power, list(enumerate(receipt.accepted, start=1)), strict=False
            ).orders
        )
        summary = list(summarise(state, ctx.power, orders))
    return [render_receipt(receipt, summary=summary, now=ctx.now, zone=receipt.zone, kept=kept)]
