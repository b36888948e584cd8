"""The mail commands of ``adjudicator``: ``mail ingest`` (an MTA pipe), ``mail send``, ``mail outbox``,
and ``serve`` (listener, poller, scheduler and sender in one process).

Kept apart from cli.py so that module stays short; importing this module registers the commands.
"""

from __future__ import annotations

import logging
import sys
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
    from adjudicator.service.serve import configure_logging, serve

    level = logging.getLevelNamesMapping().get(log_level.upper())
    if level is None:
        raise fail(f"--log-level {log_level!r}: expected DEBUG, INFO, WARNING or ERROR")
    configure_logging(level)
    settings = load_settings(config)
    raise typer.Exit(code=serve(settings, judge(settings).engine, abandon_stuck=True))
