"""The outbox sender: delivers the rows the judge queued, once each, across crashes and restarts.

One pass (``send_due``) takes up to ``batch`` due rows, oldest first: ``pending`` with no
``next_attempt_at`` or one that has come, and rows left ``sending`` by a sender that died
(``claimed_at`` older than ``stale_after``, 10 minutes). Then, ONE ROW AT A TIME:

1. Claim it with a conditional UPDATE (``→ sending``, ``claimed_at`` = now), committed on its own. A
   row whose UPDATE touches nothing was taken by another sender (another thread, another ``serve``)
   and is left alone, so two senders racing deliver each row once.
2. Compose it (``compose``); a row that cannot become a message is ``failed`` at once and the GM is
   told (not for a row with no address: that is the GM's own choice).
3. Hand it to the transport (``mail/transport.py``): the SMTP relay when ``[smtp]`` is set, one
   connection for the pass, otherwise the Maildir folders.
4. Settle it at once, in its own short transaction, before the next row is claimed: ``sent``; or, on
   a transient failure, back to ``pending`` with ``attempts + 1`` and ``next_attempt_at = now +
   backoff · 2^attempts`` (capped at an hour); after ``max_attempts`` (or at once on a permanent
   failure) ``failed``, and the game's GM, if the game has an address for one, gets one ``notice``
   (never for a notice itself). A settled row keeps no secret in clear (``mail/outbox_redact.py``).

Whatever goes wrong with one row is that row's failure: the others of the pass go on. Only a
failure of the store itself ends a pass, on purpose: a mail the relay took must be recorded before
the next one leaves.

Exactly once, and its one narrow window. The claim is committed before the mail leaves, and the row
is marked ``sent`` in the moment after the relay's 250 to the end of DATA, before anything else. A
crash anywhere else leaves at most one row ``sending`` (the one in hand, not yet taken by the relay)
and every other row either ``sent`` or untouched. The window no sender can close is between the
relay taking the message and our commit of ``sent``; ``_hand_over`` keeps it to one commit that does
not wait for the disk (measured by ``bench/outbox_kill.py``: docs/mail.md). A process killed inside
it leaves the row ``sending``; it is sent again once its claim is stale, with the same Message-ID,
Date and body (see ``compose``), so a mail client shows one message: a copy, never a loss.
The Maildir has no such window: a message's file name comes from its Message-ID and a second
write of it cannot make a second file (``mail/maildir.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Connection, CursorResult, Engine, and_, or_, text, update
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import Session, col, select

from adjudicator.config import Settings, SmtpSettings
from adjudicator.mail.compose import compose
from adjudicator.mail.notice import tell_gm
from adjudicator.mail.outbox_query import delivered_to, outbox_rows
from adjudicator.mail.outbox_redact import redacted
from adjudicator.mail.outbox_report import NO_ADDRESS, SendReport
from adjudicator.mail.transport import DeliveryError, MaildirTransport, RelayTransport, Transport
from adjudicator.service.assets import with_content
from adjudicator.service.base import StoreAccess
from adjudicator.service.rendering import ReportRendering
from adjudicator.store.db import WRITER, lazy_commit_writer
from adjudicator.store.models import Outbox, utcnow

log = logging.getLogger(__name__)

STALE_CLAIM = timedelta(minutes=10)
BACKOFF_CAP_SECONDS = 3600.0
BATCH = 50
"""Rows taken in one pass; each is claimed only when its turn comes, so its claim stays fresh."""
MAX_ATTEMPTS = SmtpSettings.model_fields["max_attempts"].default
BACKOFF_SECONDS = SmtpSettings.model_fields["backoff_seconds"].default

__all__ = ["DeliveryError", "OutboxSender", "SendReport", "delivered_to", "outbox_rows"]


@dataclass(frozen=True)
class _Claim:
    row: Outbox
    claimed_at: datetime
    redaction: dict[str, Any]
    """The row's columns without its secret, for the final settle (worked out before the mail
    leaves, so the moment between the relay's 250 and our commit holds nothing but the UPDATE)."""


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _ours(claim: _Claim) -> ColumnElement[bool]:
    """The row, as long as it is still ours: ``sending`` under our claim (no sender took it over)."""
    return and_(
        col(Outbox.id) == claim.row.id,
        col(Outbox.status) == "sending",
        col(Outbox.claimed_at) == claim.claimed_at,
    )


class OutboxSender:
    """Delivers due outbox rows; safe to run in several threads or processes over one store.

    ``tls_context`` is the client TLS context for the relay (tests give one that trusts their
    self-signed certificate); by default the system's trusted certificates are used.
    """

    def __init__(
        self,
        engine: Engine,
        settings: Settings,
        *,
        tls_context: Any = None,
        stale_after: timedelta = STALE_CLAIM,
        batch: int = BATCH,
    ) -> None:
        self.engine = engine
        self.settings = settings
        self.tls_context = tls_context
        self.stale_after = stale_after
        self.batch = batch
        self.store = StoreAccess(engine, mail_domain=settings.judge.domain)
        self.reports = ReportRendering(engine, mail_domain=settings.judge.domain, render_after_commit=False)
        smtp = settings.smtp
        self.max_attempts = smtp.max_attempts if smtp else MAX_ATTEMPTS
        self.backoff = smtp.backoff_seconds if smtp else BACKOFF_SECONDS

    # ---- one pass ------------------------------------------------------------------------------
    def send_all(self) -> SendReport:
        """Passes until one handles less than a full batch (the CLI's ``mail send``)."""
        total = SendReport()
        while True:
            report = self.send_due()
            total.add(report)
            if report.handled < self.batch:
                return total

    def send_due(self, now: datetime | None = None, *, stop: Callable[[], bool] | None = None) -> SendReport:
        """Deliver up to ``batch`` due rows once (from a thread with no running event loop).

        ``stop`` is asked before each row: a pass told to stop leaves the rows it has not claimed."""
        now = _utc(now or utcnow())
        report = SendReport()
        self.reports.render_pending(limit=self.batch, now=now)  # queued reports become pending
        ids = self._due_ids(now)
        if ids:
            asyncio.run(self._pass(ids, now, report, stop or (lambda: False)))
        return report

    def _transport(self) -> Transport:
        if self.settings.smtp is None:
            return MaildirTransport(self.settings.maildir.path)
        return RelayTransport(self.settings.smtp, self.settings.judge.address, self.tls_context)

    async def _pass(
        self, ids: list[int], now: datetime, report: SendReport, stop: Callable[[], bool]
    ) -> None:
        """The pass, on its own writing connection on SQLite (see ``_hand_over``), the pool elsewhere."""
        sqlite = self.engine.dialect.name == "sqlite"
        with lazy_commit_writer(self.engine) if sqlite else contextlib.nullcontext(self.engine) as bind:
            transport = self._transport()
            try:
                await self._rows(bind, transport, ids, now, report, stop)
            finally:
                await transport.close()

    async def _rows(
        self,
        bind: Engine | Connection,
        transport: Transport,
        ids: list[int],
        now: datetime,
        report: SendReport,
        stop: Callable[[], bool],
    ) -> None:
        started = time.monotonic()
        down = await transport.open()  # the relay is down: the whole pass waits
        for row_id in ids:
            if stop():
                break
            if down is not None:
                self._put_back(bind, row_id, down, now, report)
                continue
            claim = self._claim(bind, row_id, now, now + timedelta(seconds=time.monotonic() - started))
            if claim is None:
                continue  # another sender has it, or it is no longer due
            row = claim.row
            try:
                message = compose(row, self.settings)
            except Exception as exc:
                reason = NO_ADDRESS if not row.address else f"cannot be composed: {exc}"
                failure = DeliveryError(reason, permanent=True)
                self._settle(bind, claim, failure, now, report, attempted=False, tell=bool(row.address))
                continue
            error = await self._hand_over(bind, claim, transport, message, now, report)
            if error is not None and error.broken:
                down = error

    async def run(self, stop: asyncio.Event, interval: float = 2.0) -> None:
        """Pass after pass (each in a worker thread) until ``stop`` is set; a failing pass is logged."""
        while not stop.is_set():
            try:
                report = await asyncio.to_thread(self.send_due, stop=stop.is_set)
                if report.handled:
                    log.info("outbox: %s", report)
                if report.handled >= self.batch:
                    continue  # a full batch: more rows may be due right away
            except Exception:
                log.exception("outbox pass failed; trying again in %.1f s", interval)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=interval)

    # ---- claiming ------------------------------------------------------------------------------
    def _due(self, now: datetime) -> ColumnElement[bool]:
        return or_(
            and_(
                col(Outbox.status) == "pending",
                or_(col(Outbox.next_attempt_at).is_(None), col(Outbox.next_attempt_at) <= now),
            ),
            and_(col(Outbox.status) == "sending", col(Outbox.claimed_at) < now - self.stale_after),
        )

    def _due_ids(self, now: datetime) -> list[int]:
        with Session(self.engine) as session:
            query = select(Outbox.id).where(self._due(now)).order_by(col(Outbox.id)).limit(self.batch)
            return [row_id for row_id in session.exec(query) if row_id is not None]

    def _claim(
        self, bind: Engine | Connection, row_id: int, now: datetime, claimed_at: datetime
    ) -> _Claim | None:
        """Take one row if it is still due, in a transaction of its own."""
        with _writing(bind) as session:
            done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                update(Outbox)
                .where(col(Outbox.id) == row_id, self._due(now))
                .values(status="sending", claimed_at=claimed_at)
            )
            if done.rowcount != 1:
                return None
            row = session.get(Outbox, row_id)
            assert row is not None
            content = with_content(session, row)  # the map and a report's parts, stored once
        return _Claim(content, claimed_at, redacted(row))

    # ---- handing over and settling -------------------------------------------------------------
    async def _hand_over(
        self,
        bind: Engine | Connection,
        claim: _Claim,
        transport: Transport,
        message: EmailMessage,
        now: datetime,
        report: SendReport,
    ) -> DeliveryError | None:
        """Give the mail to the transport and record the outcome at once, before the next row.

        The ``sent`` mark never waits for fsync: one lost to an OS crash or power cut (never to a
        killed process) sends the mail again with its Message-ID, a copy, never a loss. PostgreSQL:
        the UPDATE is made before the mail leaves, in a transaction held open while the relay talks
        (it locks that one row, which only this sender holds), and committed with
        ``synchronous_commit = off`` the moment the 250 arrives: one COMMIT round trip is left.
        SQLite: the pass's own connection, ``synchronous=NORMAL`` in WAL mode
        (``store/db.py: lazy_commit_writer``), the UPDATE built before the mail leaves, then
        BEGIN IMMEDIATE, UPDATE, COMMIT on the 250 (about 0.3 ms). Ruled out: taking SQLite's write
        lock before the end of DATA, as on PostgreSQL. It is the whole store's one write lock, so
        orders, adjudication and replies would wait on the relay's answer to every mail; RFC 5321
        gives that answer ten minutes and a hung relay would make them fail after the 30 s busy
        timeout, and a shorter timeout there only turns a slow 250 into a copy. What is left: while
        another writer holds the lock (an adjudication), the mark waits for it and the window is
        that long."""
        assert claim.row.address is not None
        if isinstance(bind, Connection):  # SQLite
            sent = update(Outbox).where(_ours(claim)).values(**self._values(claim, None, now))
            error = await transport.send(claim.row.address, message)
            if error is not None:
                self._settle(bind, claim, error, now, report)
                return error
            with bind.begin():
                marked = bind.execute(sent)
            self._taken_over(claim) if marked.rowcount != 1 else self._count("sent", report)
            return None
        session = Session(self.engine)
        try:
            session.begin()
            session.execute(text("SET LOCAL synchronous_commit = off"))
            done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                update(Outbox).where(_ours(claim)).values(**self._values(claim, None, now))
            )
            if done.rowcount != 1:
                session.rollback()
                self._taken_over(claim)
                return None
            error = await transport.send(claim.row.address, message)
            if error is None:
                session.commit()
                report.sent += 1
                return None
            session.rollback()
        finally:
            session.close()
        self._settle(bind, claim, error, now, report)
        return error

    @staticmethod
    def _taken_over(claim: _Claim) -> None:
        log.warning("outbox row %s was taken over by another sender; leaving it", claim.row.id)

    def _settle(
        self,
        bind: Engine | Connection,
        claim: _Claim,
        error: DeliveryError | None,
        now: datetime,
        report: SendReport,
        *,
        attempted: bool = True,
        tell: bool = True,
    ) -> None:
        """Record how the row's delivery went, conditionally on our claim, in one short transaction."""
        row = claim.row
        values = self._values(claim, error, now, attempted=attempted)
        with _writing(bind) as session:
            done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                update(Outbox).where(_ours(claim)).values(**values)
            )
            if done.rowcount != 1:
                self._taken_over(claim)
                return
            if values["status"] == "failed" and tell:
                tell_gm(self.store, session, row, values["last_error"], values["attempts"])
        self._count(values["status"], report, row, values["last_error"])

    @staticmethod
    def _count(status: str, report: SendReport, row: Outbox | None = None, reason: str | None = None) -> None:
        if status == "sent":
            report.sent += 1
        elif status == "failed":
            assert row is not None
            report.gave_up(reason or "unknown", row.game_id, row.recipient, row.kind)
        else:
            report.retried += 1

    def _put_back(
        self, bind: Engine | Connection, row_id: int, error: DeliveryError, now: datetime, report: SendReport
    ) -> None:
        """A due row the transport cannot take now (it is down): its attempt is counted and it waits
        for the next, in one transaction. It is never left ``sending``, so a sender killed here
        leaves nothing for the next one to wait ten minutes for."""
        with _writing(bind) as session:
            row = session.get(Outbox, row_id)
            if row is None:
                return
            if not row.address:
                error = DeliveryError(NO_ADDRESS, permanent=True)
            claim = _Claim(row, row.claimed_at or now, redacted(row))
            values = self._values(claim, error, now, attempted=bool(row.address))
            still_due = and_(col(Outbox.id) == row_id, self._due(now), col(Outbox.attempts) == row.attempts)
            done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                update(Outbox).where(still_due).values(**values).execution_options(synchronize_session=False)
            )
            if done.rowcount != 1:
                return  # another sender has it
            if values["status"] == "failed" and row.address:
                tell_gm(self.store, session, row, values["last_error"], values["attempts"])
        self._count(values["status"], report, row, values["last_error"])

    def _values(
        self, claim: _Claim, error: DeliveryError | None, now: datetime, *, attempted: bool = True
    ) -> dict[str, Any]:
        """The row's columns after this attempt: sent, failed, or pending again with a backoff."""
        row = claim.row
        attempts = row.attempts + (1 if attempted else 0)
        values: dict[str, Any]
        reason = str(error).replace("\x00", "\\x00")  # a relay's text may hold what no column takes
        if error is None:
            values = {"status": "sent", "sent_at": now, "attempts": attempts, "last_error": None}
        elif error.permanent or attempts >= self.max_attempts:
            values = {"status": "failed", "attempts": attempts, "last_error": reason}
        else:
            delay = min(self.backoff * 2**row.attempts, BACKOFF_CAP_SECONDS)
            values = {
                "status": "pending",
                "attempts": attempts,
                "last_error": reason,
                "next_attempt_at": now + timedelta(seconds=delay),
                "claimed_at": None,
            }
        if values["status"] != "pending":
            values.update(claim.redaction)  # settled for good: no secret stays in clear
        return values


@contextlib.contextmanager
def _writing(bind: Engine | Connection) -> Iterator[Session]:
    """One writing transaction on the pass's connection (SQLite) or the pool (PostgreSQL)."""
    with Session(bind, expire_on_commit=False, execution_options=WRITER) as session, session.begin():
        yield session
