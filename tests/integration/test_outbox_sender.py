"""The outbox sender against a real SMTP server (aiosmtpd on loopback) and real Maildir folders, over
SQLite and PostgreSQL: each row delivered exactly once, retries with backoff, giving up and telling
the GM, crash recovery by stale claims, and two senders racing."""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, update
from sqlmodel import Session, col, select

from adjudicator.config import Settings
from adjudicator.core.view import GM
from adjudicator.ics import ics_attachment
from adjudicator.mail.maildir import folder_for, read_maildir
from adjudicator.mail.sender import OutboxSender, SendReport
from adjudicator.service.judge import Judge
from adjudicator.store.models import Game, Outbox
from tests.conftest import POWERS
from tests.smtp_server import PASSWORD, USER, SmtpServer, self_signed

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DOMAIN = "club.example"
GM_ADDRESS = "gm@club.example"
ADDRESSES = {p: f"{p}@players.example" for p in POWERS}


def settings(tmp_path: Path, server: SmtpServer | None = None, **smtp: Any) -> Settings:
    data: dict[str, Any] = {
        "judge": {"address": "judge@club.example", "name": "Club Judge", "domain": DOMAIN},
        "maildir": {"path": str(tmp_path / "mail-out")},
    }
    if server is not None:
        data["smtp"] = {
            "host": "127.0.0.1",
            "port": server.port,
            "security": "none",
            "username": USER,
            "password": PASSWORD,
            "timeout": 5,
            "max_attempts": 3,
            "backoff_seconds": 30,
            **smtp,
        }
    return Settings.model_validate(data)


def game_with_reports(engine: Engine) -> Judge:
    """A real game, one adjudicated window: a report row for every power and for the GM."""
    judge = quiet_game(engine)
    with Session(engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.gm_address = GM_ADDRESS
    judge.adjudicate("g1", force=True, now=T0)
    return judge


def quiet_game(engine: Engine) -> Judge:
    """A real game whose first reports (queued by ``create_game``) count as sent already."""
    judge = Judge(engine, mail_domain=DOMAIN)
    judge.create_game("g1", "medioevo", POWERS, {"turns": 3}, seed=b"k" * 32, addresses=ADDRESSES, now=T0)
    with Session(engine) as session, session.begin():
        session.execute(update(Outbox).values(status="sent", sent_at=T0))
    return judge


def queue(judge: Judge, key: str, *, game: str | None = "g1", **fields: Any) -> int:
    """One hand-made row through the judge's own ``queue_mail``."""
    args: dict[str, Any] = {"kind": "notice", "recipient": "hungary", "subject": f"[g1] {key}", "text": key}
    args.update(fields)
    with judge._tx() as session:
        row = judge.queue_mail(session, judge._game(session, game) if game else None, key=key, **args)
        session.flush()
        assert row.id is not None
        return row.id


def rows(engine: Engine, **where: Any) -> list[Outbox]:
    with Session(engine) as session:
        query = select(Outbox).order_by(col(Outbox.id))
        for name, value in where.items():
            query = query.where(getattr(Outbox, name) == value)
        return list(session.exec(query))


def row(engine: Engine, row_id: int) -> Outbox:
    with Session(engine) as session:
        found = session.get(Outbox, row_id)
        assert found is not None
        return found


def utc(when: datetime | None) -> datetime | None:
    return when.replace(tzinfo=UTC) if when is not None and when.tzinfo is None else when


def ids_received(server: SmtpServer) -> Counter[str]:
    return Counter(str(m["Message-ID"]) for m in server.messages)


def test_every_row_is_delivered_once_with_its_message_id(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    judge = game_with_reports(engine)
    ics = ics_attachment("g1", "T1.economy", T0 + timedelta(days=2), f"deadline.g1.2@{DOMAIN}", stamp=T0)
    reply = queue(
        judge, "reply.g1.1", kind="reply", in_reply_to="<orders@players.example>", html="<p>ok</p>",
        attachments=[ics],
    )  # fmt: skip
    nowhere = {queue(judge, "reply.unknown.1", game=None, kind="reply", recipient="stranger")}
    queued = rows(engine, status="pending")
    reports = [r for r in queued if r.kind == "report"]
    assert {r.recipient for r in reports} == {*POWERS, GM}

    first = OutboxSender(engine, settings(tmp_path, smtp)).send_due(now=T0)

    assert first == SendReport(sent=len(queued) - 1, failed=1, retried=0)
    assert ids_received(smtp) == Counter({r.message_id: 1 for r in queued if r.id not in nowhere})
    assert smtp.handler.logins == ["PLAIN"] or len(smtp.handler.logins) == 1, "one connection per pass"
    by_id = {str(m["Message-ID"]): m for m in smtp.messages}
    for r in queued:
        if r.id in nowhere:
            continue
        message = by_id[r.message_id]
        assert message["To"].addresses[0].addr_spec == r.address
        assert message["X-RcptTo"] == r.address and message["X-MailFrom"] == "judge@club.example"
        assert message["Subject"] == r.subject
    assert [r.address for r in reports if r.recipient == GM] == [GM_ADDRESS]
    sent = by_id[row(engine, reply).message_id]
    assert sent["Auto-Submitted"] == "auto-replied" and sent["In-Reply-To"] == "<orders@players.example>"
    assert [a.get_content_type() for a in sent.iter_attachments()] == ["text/calendar"]

    after = {r.id: r for r in rows(engine) if r.id in {q.id for q in queued}}
    for i, r in after.items():
        if i in nowhere:
            assert (r.status, r.last_error, r.attempts) == ("failed", "no address on file", 0)
        else:
            assert (r.status, utc(r.sent_at), r.attempts) == ("sent", T0, 1)
    assert rows(engine, kind="notice", recipient=GM) == [], "a missing address is not retried nor noticed"

    again = OutboxSender(engine, settings(tmp_path, smtp)).send_due(now=T0 + timedelta(hours=3))
    assert again == SendReport()
    assert len(smtp.messages) == len(queued) - 1


def test_wrong_credentials_are_retried_not_lost(engine: Engine, smtp: SmtpServer, tmp_path: Path) -> None:
    judge = quiet_game(engine)
    one = queue(judge, "notice.g1.1")
    report = OutboxSender(engine, settings(tmp_path, smtp, password="wrong")).send_due(now=T0)
    assert report == SendReport(retried=1)
    failed = row(engine, one)
    assert failed.status == "pending" and failed.attempts == 1
    assert failed.last_error is not None and "SMTPAuthenticationError" in failed.last_error
    assert smtp.messages == []


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_tls_and_auth(engine: Engine, tmp_path: Path, security: str) -> None:
    server_tls, client_tls = self_signed(tmp_path)
    server = SmtpServer(auth=True, tls=server_tls, implicit_tls=security == "ssl")
    server.start()
    try:
        judge = quiet_game(engine)
        one = queue(judge, "notice.g1.tls")
        config = settings(tmp_path, server, security=security)
        # the certificate is checked: without trusting it, nothing is sent
        untrusted = OutboxSender(engine, config).send_due(now=T0)
        assert untrusted == SendReport(retried=1) and server.messages == []
        assert "CERTIFICATE_VERIFY_FAILED" in (row(engine, one).last_error or "")
        trusted = OutboxSender(engine, config, tls_context=client_tls).send_due(now=T0 + timedelta(minutes=1))
        assert trusted == SendReport(sent=1), row(engine, one).last_error
        assert ids_received(server) == Counter({row(engine, one).message_id: 1})
        assert len(server.handler.logins) == 1
    finally:
        server.stop()


def test_a_refusing_relay_is_retried_with_backoff_until_it_takes_the_mail(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    judge = quiet_game(engine)
    ids = [queue(judge, f"notice.g1.{n}") for n in range(2)]
    sender = OutboxSender(engine, settings(tmp_path, smtp, max_attempts=5))

    smtp.handler.refuse_data = "451 4.3.0 try again later"
    assert sender.send_due(now=T0) == SendReport(retried=2)
    for i in ids:
        r = row(engine, i)
        assert (r.status, r.attempts, utc(r.next_attempt_at)) == ("pending", 1, T0 + timedelta(seconds=30))
        assert r.last_error is not None and "451" in r.last_error
    assert sender.send_due(now=T0 + timedelta(seconds=29)) == SendReport(), "not due yet"

    smtp.stop()  # the relay is down
    t1 = T0 + timedelta(seconds=30)
    assert sender.send_due(now=t1) == SendReport(retried=2)
    assert [utc(row(engine, i).next_attempt_at) for i in ids] == [t1 + timedelta(seconds=60)] * 2
    assert "127.0.0.1" in (row(engine, ids[0]).last_error or "")

    smtp.handler.refuse_data = None
    smtp.start()  # back, on the same port
    assert sender.send_due(now=t1 + timedelta(seconds=59)) == SendReport()
    assert sender.send_due(now=t1 + timedelta(seconds=60)) == SendReport(sent=2)
    assert ids_received(smtp) == Counter({row(engine, i).message_id: 1 for i in ids})
    assert [row(engine, i).attempts for i in ids] == [3, 3]


def test_after_max_attempts_the_row_fails_and_the_gm_is_told_once(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    judge = game_with_reports(engine)
    sender = OutboxSender(engine, settings(tmp_path, smtp, max_attempts=4, backoff_seconds=1000))
    reports = len(rows(engine, status="pending"))
    assert reports == len(POWERS) + 1 and sender.send_due(now=T0) == SendReport(sent=reports)
    doomed = queue(judge, "notice.g1.doomed", kind="reminder")

    smtp.handler.refuse_data = "452 4.2.2 mailbox full"
    now, delays = T0, []
    for _ in range(3):
        assert sender.send_due(now=now) == SendReport(retried=1)
        next_at = utc(row(engine, doomed).next_attempt_at)
        assert next_at is not None
        delays.append((next_at - now).total_seconds())
        now = next_at
    assert delays == [1000, 2000, 3600], "backoff doubles and is capped at an hour"
    assert sender.send_due(now=now) == SendReport(failed=1)
    gone = row(engine, doomed)
    assert (gone.status, gone.attempts) == ("failed", 4) and "452" in (gone.last_error or "")
    [notice] = rows(engine, kind="notice", recipient=GM)
    assert notice.address == GM_ADDRESS and notice.status == "pending"
    assert notice.message_id == f"<notice.undelivered.{doomed}@{DOMAIN}>"
    assert "reminder" in notice.body_text and ADDRESSES["hungary"] in notice.body_text

    smtp.handler.refuse_data = None
    assert sender.send_due(now=now) == SendReport(sent=1)
    assert str(smtp.messages[-1]["Message-ID"]) == notice.message_id
    assert smtp.messages[-1]["To"].addresses[0].addr_spec == GM_ADDRESS

    # a permanent refusal fails at once; a notice that fails tells nobody
    smtp.handler.refuse_rcpt = "550 5.1.1 no such user"
    bounced = queue(judge, "notice.g1.bounced", kind="notice", recipient=GM, address="nobody@club.example")
    assert sender.send_due(now=now) == SendReport(failed=1)
    assert row(engine, bounced).attempts == 1 and "550" in (row(engine, bounced).last_error or "")
    assert len(rows(engine, kind="notice", recipient=GM)) == 2  # the notice above and this one, nothing more


def test_a_row_left_sending_by_a_crash_is_sent_again_with_the_same_message_id(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    judge = quiet_game(engine)
    stale, fresh = queue(judge, "report.g1.crash"), queue(judge, "report.g1.busy")
    with Session(engine) as session, session.begin():
        for row_id, claimed in ((stale, T0 - timedelta(minutes=11)), (fresh, T0 - timedelta(minutes=1))):
            session.execute(
                update(Outbox).where(col(Outbox.id) == row_id).values(status="sending", claimed_at=claimed)
            )
    sender = OutboxSender(engine, settings(tmp_path, smtp))
    assert sender.send_due(now=T0) == SendReport(sent=1)
    assert ids_received(smtp) == Counter({f"<report.g1.crash@{DOMAIN}>": 1})
    busy = row(engine, fresh)
    assert busy.status == "sending" and utc(busy.claimed_at) == T0 - timedelta(minutes=1), "left alone"
    assert sender.send_due(now=T0 + timedelta(minutes=9)) == SendReport()
    assert sender.send_due(now=T0 + timedelta(minutes=10)) == SendReport(sent=1)
    assert ids_received(smtp) == Counter({f"<report.g1.crash@{DOMAIN}>": 1, f"<report.g1.busy@{DOMAIN}>": 1})


def test_maildir_delivery_is_one_file_per_row_and_never_a_duplicate(engine: Engine, tmp_path: Path) -> None:
    judge = game_with_reports(engine)
    queue(judge, "notice.g1.extra", recipient=GM, address="Other.GM@Club.example")
    queued = rows(engine, status="pending")
    config = settings(tmp_path)
    root = config.maildir.path
    sender = OutboxSender(engine, config)

    assert sender.send_due(now=T0) == SendReport(sent=len(queued))
    files = sorted(p for p in root.glob("*/new/*"))
    assert len(files) == len(queued)
    for r in queued:
        assert r.address is not None
        mine = read_maildir(root, r.address)
        assert r.message_id in {str(m["Message-ID"]) for m in mine}
        assert folder_for(root, r.address).name == r.address.lower()
    assert Counter(str(m["Message-ID"]) for m in read_maildir(root)) == Counter(
        {r.message_id: 1 for r in queued}
    )
    assert sender.send_due(now=T0 + timedelta(hours=1)) == SendReport()

    # as if the process died after writing the files and before marking the rows sent
    first = files[0]
    first.rename(first.parent.parent / "cur" / (first.name + ":2,S"))  # a client has read one
    with Session(engine) as session, session.begin():
        again = [r.id for r in queued]
        reset = update(Outbox).where(col(Outbox.id).in_(again)).values(status="pending", sent_at=None)
        session.execute(reset)
    assert sender.send_due(now=T0 + timedelta(hours=2)) == SendReport(sent=len(queued))
    assert len(list(root.glob("*/new/*"))) + len(list(root.glob("*/cur/*"))) == len(queued)


def test_two_senders_racing_deliver_each_row_exactly_once(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    judge = game_with_reports(engine)
    for n in range(20):
        queue(judge, f"press.g1.{n}", kind="press", recipient=POWERS[n % 4])
    queued = rows(engine, status="pending")
    config = settings(tmp_path, smtp)
    start = threading.Barrier(2)
    reports: list[SendReport] = []

    def one_sender() -> None:
        sender = OutboxSender(engine, config)
        start.wait()
        reports.append(sender.send_due(now=T0))

    threads = [threading.Thread(target=one_sender) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(reports) == 2
    assert sum(r.sent for r in reports) == len(queued) and not any(r.failed or r.retried for r in reports)
    assert ids_received(smtp) == Counter({r.message_id: 1 for r in queued})
    assert {r.status for r in rows(engine)} == {"sent"}


def test_run_sends_until_stopped(engine: Engine, tmp_path: Path) -> None:
    judge = quiet_game(engine)
    config = settings(tmp_path)
    sender = OutboxSender(engine, config)

    async def scenario() -> None:
        stop = asyncio.Event()
        task = asyncio.create_task(sender.run(stop, interval=0.05))
        queue(judge, "notice.g1.live")
        for _ in range(200):
            if read_maildir(config.maildir.path):
                break
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.wait_for(task, timeout=5)

    asyncio.run(scenario())
    [message] = read_maildir(config.maildir.path, ADDRESSES["hungary"])
    assert str(message["Message-ID"]) == f"<notice.g1.live@{DOMAIN}>"


def test_a_pass_takes_one_batch_and_send_all_takes_every_due_row(engine: Engine, tmp_path: Path) -> None:
    judge = quiet_game(engine)
    ids = [queue(judge, f"notice.g1.batch{n}") for n in range(7)]
    sender = OutboxSender(engine, settings(tmp_path), batch=3)
    assert sender.send_due(now=T0) == SendReport(sent=3)
    assert [row(engine, i).status for i in ids] == ["sent"] * 3 + ["pending"] * 4, "oldest rows first"
    assert sender.send_all() == SendReport(sent=4)
    assert sender.send_all() == SendReport()
