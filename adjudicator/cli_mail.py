"""The mail commands of ``adjudicator``: ``mail ingest`` (an MTA pipe), ``mail send``, ``mail wait``,
``mail outbox``, and ``serve`` (listener, poller, scheduler and sender in one process).

Kept apart from cli.py so that module stays short; importing this module registers the commands.
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from adjudicator.cli import app, fail, gm_app, guarded, judge, out
from adjudicator.config import load_settings

mail_app = typer.Typer(
    help="Mail in and out: ingest one message, send the outbox, list it.", no_args_is_help=True
)
app.add_typer(mail_app, name="mail")
ConfigPath = Annotated[
    Path | None, typer.Option("--config", help="the operator's settings (TOML); else ADJUDICATOR_CONFIG")
]
POLL_SECONDS = 0.2
MAX_WAIT_SECONDS = 24 * 3600
EX_TEMPFAIL = 75
"""What an MTA pipe takes as 'try again later' (sysexits.h): the message is kept and redelivered."""


@mail_app.command("ingest")
@guarded
def mail_ingest(
    config: ConfigPath = None,
    source: Annotated[str, typer.Option(help="how the message came: pipe, cli, imap, lmtp, smtp")] = "pipe",
) -> None:
    """Read one raw message on stdin (an MTA pipe), act on it and queue the reply; exit 0 once logged.

    A failure of the store (the database down) exits 75, so the MTA keeps the message and tries again.
    A message that can never be handled exits 0: it is logged as poison and answered once.
    """
    from adjudicator.mail.gateway import MailGateway

    settings = load_settings(config)
    raw = sys.stdin.buffer.read()
    try:
        gateway = MailGateway(judge(settings), settings)
        outcome = gateway.ingest(raw, source=source)
    except Exception as exc:  # the store failed (ingest raises nothing else): the MTA must redeliver
        print(f"error: the message could not be stored, try again later: {exc}", file=sys.stderr)
        raise typer.Exit(code=EX_TEMPFAIL) from None
    print(outcome.line())


@mail_app.command("send")
@guarded
def mail_send(config: ConfigPath = None) -> None:
    """Deliver every due outbox row once (relay from the config, else the Maildir) and print counts;
    exit 1 if any mail failed for good, with one line per reason saying whose mails and why."""
    from adjudicator.mail.sender import OutboxSender

    settings = load_settings(config)
    report = OutboxSender(judge(settings).engine, settings).send_all()
    out.print(str(report), markup=False)
    for line in report.failure_lines():  # why each group of mails failed; the exit status says so too
        print(line, file=sys.stderr)
    if report.failed:
        raise typer.Exit(code=1)


@mail_app.command("wait")
@guarded
def mail_wait(
    to: Annotated[str, typer.Option("--to", help="the address the mails go to")],
    kind: Annotated[
        str | None, typer.Option(help="only mails of this kind: welcome, receipt, reply, report, notice …")
    ] = None,
    count: Annotated[int, typer.Option(help="wait until this many mails to it have been sent")] = 1,
    timeout: Annotated[float, typer.Option(help="give up after this many seconds (exit 1)")] = 60.0,
) -> None:
    """Wait until COUNT mails to an address (of one KIND, as 'mail outbox' lists them) have been sent
    by a running 'serve' or 'mail send': a script waits for a welcome or a receipt with this, never
    with a sleep."""
    from adjudicator.mail.outbox_query import delivered_to

    if count < 1:
        raise fail(f"--count {count}: expected 1 or more")
    if not 0 < timeout <= MAX_WAIT_SECONDS:
        raise fail(f"--timeout {timeout:g}: expected seconds above 0 and at most {MAX_WAIT_SECONDS}")
    engine = judge().engine
    what = f"{kind} mail(s)" if kind else "mail(s)"
    give_up = time.monotonic() + timeout
    while True:
        sent, failed = delivered_to(engine, to, kind)
        if sent >= count:
            print(f"{sent} {what} sent to {to}")
            return
        if sent + len(failed) >= count:
            raise fail(f"{len(failed)} {what} to {to} failed: {'; '.join(dict.fromkeys(failed))}")
        if time.monotonic() >= give_up:
            print(
                f"error: after {timeout:g} s, {sent} of {count} {what} to {to} sent; "
                "is 'adjudicator serve' running (or run 'adjudicator mail send')?",
                file=sys.stderr,
            )
            raise typer.Exit(code=1)
        time.sleep(POLL_SECONDS)


@mail_app.command("outbox")
@guarded
def mail_outbox(game: str) -> None:
    """A game's outbox: every mail, whom it is for, and whether it went out."""
    from adjudicator.mail.sender import outbox_rows

    table = Table(title=escape(f"outbox of {game}"))
    for column in ("id", "kind", "recipient", "status", "attempts", "last error"):
        table.add_column(column)
    for row in outbox_rows(judge().engine, game):
        recipient = f"{row.recipient} <{row.address}>" if row.address else row.recipient
        cells = (str(row.id), row.kind, recipient, row.status, str(row.attempts), row.last_error or "")
        table.add_row(*(escape(cell) for cell in cells))
    out.print(table)


@gm_app.command("broadcast")
@guarded
def gm_broadcast(
    game: str, text: Annotated[str, typer.Argument(help="the message, or '-' to read it on stdin")]
) -> None:
    """Mail a message from the GM to every power of GAME."""
    body = sys.stdin.read() if text == "-" else text
    told = judge().broadcast(game, body)
    out.print(f"sent to {', '.join(told)}", markup=False)


@app.command("serve")
@guarded
def serve_command(
    config: ConfigPath = None,
    log_level: Annotated[str, typer.Option(help="DEBUG, INFO, WARNING or ERROR.")] = "INFO",
) -> None:
    """Run the judge: receive mail, poll the mailbox, keep deadlines, send the outbox (until SIGTERM)."""
    from adjudicator.serve_app import configure_logging, serve

    level = logging.getLevelNamesMapping().get(log_level.upper())
    if level is None:
        raise fail(f"--log-level {log_level!r}: expected DEBUG, INFO, WARNING or ERROR")
    configure_logging(level)
    settings = load_settings(config)
    raise typer.Exit(code=serve(settings, judge(settings).engine, abandon_stuck=True, level=level))
