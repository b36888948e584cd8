"""Issue 14, the outbox's poison rows and secrets at rest, over SQLite and PostgreSQL, through a real
SMTP relay (aiosmtpd on loopback) and real Maildir folders.

- A row that cannot become a message (a power name with a newline) is ``failed`` with the GM told,
  and every other row of the pass is sent: one bad row never stops the others.
- An address too long for any mail system (300 characters) fails once, the GM is told, and it is
  never tried again (it used to fail in the Maildir with "File name too long", again and again).
- A mail that carries a secret (welcome, new secret, briefing) is delivered with it, but once its row
  is settled for good (sent, or failed) the stored copy no longer holds the secret; a row that is
  only retried keeps it, so the retry still carries it.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, update
from sqlmodel import Session, col, select

from adjudicator.core.view import GM
from adjudicator.mail.maildir import folder_for, read_maildir
from adjudicator.mail.sender import OutboxSender, SendReport
from adjudicator.service.judge import Judge
from adjudicator.store.models import Game, Outbox
from tests.conftest import POWERS
from tests.integration.test_outbox_sender import (
    ADDRESSES,
    DOMAIN,
    GM_ADDRESS,
    T0,
    queue,
    quiet_game,
    row,
    rows,
    settings,
)
from tests.smtp_server import SmtpServer

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


def with_gm(judge: Judge) -> Judge:
    with Session(judge.engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.gm_address = GM_ADDRESS
    return judge


def delivered(transport: str, server: SmtpServer, tmp_path: Path) -> Counter[str]:
    """Message-IDs the relay received (or written to the Maildir), with how often."""
    if transport == "relay":
        return Counter(str(m["Message-ID"]) for m in server.messages)
    return Counter(str(m["Message-ID"]) for m in read_maildir(tmp_path / "mail-out"))


def undelivered_notices(engine: Engine) -> list[Outbox]:
    return [r for r in rows(engine, kind="notice", recipient=GM) if "undelivered" in r.message_id]


@pytest.mark.parametrize("transport", ["maildir", "relay"])
def test_a_row_that_cannot_be_composed_fails_alone_and_the_others_are_sent(
    engine: Engine, smtp: SmtpServer, tmp_path: Path, transport: str
) -> None:
    judge = with_gm(quiet_game(engine))
    before = [queue(judge, f"notice.g1.before{n}", recipient=POWERS[n]) for n in range(3)]
    bad = queue(judge, "report.g1.bad", kind="report", recipient="hun\ngary", address=ADDRESSES["hungary"])
    after = [queue(judge, f"notice.g1.after{n}", recipient=POWERS[n]) for n in range(3)]
    config = settings(tmp_path, smtp if transport == "relay" else None)

    report = OutboxSender(engine, config).send_due(now=T0)

    assert report == SendReport(sent=6, failed=1)
    assert [row(engine, i).status for i in before + after] == ["sent"] * 6
    failed = row(engine, bad)
    assert failed.status == "failed" and "cannot be composed" in (failed.last_error or "")
    [notice] = undelivered_notices(engine)
    assert notice.message_id == f"<notice.undelivered.{bad}@{DOMAIN}>" and notice.address == GM_ADDRESS
    assert "hun\ngary" in notice.body_text or "hun gary" in notice.body_text
    # the GM's notice itself goes out (its subject is one line even though the bad row's was not)
    assert OutboxSender(engine, config).send_due(now=T0) == SendReport(sent=1)
    got = delivered(transport, smtp, tmp_path)
    assert got == Counter({row(engine, i).message_id: 1 for i in [*before, *after, notice.id or 0]})

    # put back by hand, it fails again beside a good row, and the GM is not told twice
    with Session(engine) as session, session.begin():
        session.execute(update(Outbox).where(col(Outbox.id) == bad).values(status="pending"))
    extra = queue(judge, "notice.g1.extra")
    assert OutboxSender(engine, config).send_due(now=T0) == SendReport(sent=1, failed=1)
    assert row(engine, extra).status == "sent" and len(undelivered_notices(engine)) == 1


@pytest.mark.parametrize("transport", ["maildir", "relay"])
def test_an_address_too_long_fails_once_and_is_never_retried(
    engine: Engine, smtp: SmtpServer, tmp_path: Path, transport: str
) -> None:
    judge = with_gm(quiet_game(engine))
    long_address = "a" * 288 + "@example.org"
    assert len(long_address) == 300
    doomed = queue(judge, "reply.g1.long", kind="reply", address=long_address)
    # the longest valid address (64-character local part, 254 in all) is delivered, into a folder
    # whose name is bounded whatever the address
    longest = "b" * 64 + "@" + ".".join(["c" * 62, "d" * 62, "e" * 59]) + ".org"
    assert len(longest) == 254
    fine = queue(judge, "notice.g1.longest", address=longest)
    config = settings(tmp_path, smtp if transport == "relay" else None)
    sender = OutboxSender(engine, config)

    assert sender.send_due(now=T0) == SendReport(sent=1, failed=1)
    gone = row(engine, doomed)
    assert gone.status == "failed" and "too long" in (gone.last_error or "")
    assert row(engine, fine).status == "sent"
    assert [n.message_id for n in undelivered_notices(engine)] == [f"<notice.undelivered.{doomed}@{DOMAIN}>"]
    for later in (timedelta(minutes=1), timedelta(hours=3), timedelta(days=2)):
        report = sender.send_due(now=T0 + later)
        assert report.failed == 0 and report.retried == 0
    assert row(engine, doomed).status == "failed" and len(undelivered_notices(engine)) == 1
    got = delivered(transport, smtp, tmp_path)
    assert got[row(engine, fine).message_id] == 1 and got[row(engine, doomed).message_id] == 0
    if transport == "maildir":
        folder = folder_for(tmp_path / "mail-out", longest)
        assert folder.is_dir() and len(folder.name) <= 100


def stored_text(r: Outbox) -> str:
    return "\n".join([r.subject, r.body_text, r.body_html or "", *(str(a) for a in r.attachments)])


def test_secrets_are_delivered_but_not_kept_in_clear_once_the_row_is_settled(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    judge = Judge(engine, mail_domain=DOMAIN)
    secrets = judge.create_game(
        "g1", "medioevo", POWERS, {"turns": 3}, seed=b"k" * 32, addresses=ADDRESSES, gm_address=GM_ADDRESS
    )
    renewed = judge.new_secret("g1", "france")
    replaced = judge.replace_player("g1", "hungary", "new.hungary@players.example")
    carrying = {r.id: r for r in rows(engine) if r.kind in {"welcome", "secret", "briefing"}}
    assert len(carrying) == len(POWERS) + 1 + 2
    config = settings(tmp_path, smtp, max_attempts=3, backoff_seconds=1)
    sender = OutboxSender(engine, config)

    # the relay refuses the briefing for now: its row is only retried and still holds the secret
    briefing = next(r for r in carrying.values() if r.kind == "briefing")
    original = smtp.handler.handle_RCPT

    async def refuse_briefing(server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address == briefing.address:
            return "451 4.2.0 try later"
        return await original(server, session, envelope, address, options)

    smtp.handler.handle_RCPT = refuse_briefing  # type: ignore[method-assign]
    first = sender.send_due(now=T0)
    assert first.retried == 1 and first.failed == 0
    waiting = row(engine, briefing.id or 0)
    assert waiting.status == "pending" and replaced in waiting.body_text, "a retry must still carry it"
    smtp.handler.handle_RCPT = original  # type: ignore[method-assign]
    assert sender.send_due(now=T0 + timedelta(hours=1)).sent == 1

    by_id = {str(m["Message-ID"]): m for m in smtp.messages}
    expected = {f"welcome.g1.{p}": s for p, s in secrets.items()}
    for r in carrying.values():
        sent = row(engine, r.id or 0)
        assert sent.status == "sent"
        body = by_id[r.message_id].get_body(preferencelist=("plain",))
        assert body is not None
        text = str(body.get_content())  # type: ignore[attr-defined]
        secret = next(
            (s for key, s in expected.items() if r.message_id.startswith(f"<{key}@")),
            renewed if r.kind == "secret" else replaced,
        )
        assert secret in text, f"the {r.kind} mail did not carry the secret"
        assert secret not in stored_text(sent), f"the sent {r.kind} row still holds the secret"
        assert "SECRET ***" in sent.body_text
    every = [*secrets.values(), renewed, replaced]
    for r in rows(engine):
        assert not any(s in stored_text(r) for s in every), f"{r.kind} row {r.id} holds a secret"


def test_a_secret_mail_given_up_on_keeps_no_secret_either(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    judge = with_gm(quiet_game(engine))
    renewed = judge.new_secret("g1", "byzantium")
    smtp.handler.refuse_rcpt = "550 5.1.1 no such user"
    report = OutboxSender(engine, settings(tmp_path, smtp)).send_due(now=T0)
    assert report == SendReport(failed=1)
    with Session(engine) as session:
        [gone] = session.exec(select(Outbox).where(Outbox.kind == "secret")).all()
    assert gone.status == "failed" and renewed not in stored_text(gone)
    [notice] = undelivered_notices(engine)
    assert renewed not in stored_text(notice)
