"""The outbox sender: delivers the rows the judge queued, once each, across crashes and restarts.

One pass (``send_due``):

1. Pick the due rows: ``pending`` with no ``next_attempt_at`` or one that has come, and rows left
   ``sending`` by a sender that died (``claimed_at`` older than ``stale_after``, 10 minutes).
2. Claim each with a conditional UPDATE (``pending → sending``, ``claimed_at = now``). A row whose
   UPDATE touches nothing was taken by another sender (another thread, another ``serve``) and is left
   alone, so two senders racing deliver each row exactly once.
3. Deliver: through the SMTP relay (aiosmtplib, one connection per pass) when ``[smtp]`` is set,
   otherwise into Maildir folders (``mail/maildir.py``).
4. Settle each row, again conditionally on our claim: ``sent``; or, on a transient failure, back to
   ``pending`` with ``attempts + 1`` and ``next_attempt_at = now + backoff · 2^attempts`` (capped at an
   hour); after ``max_attempts`` (or at once on a permanent 5xx refusal of the recipient or of the
   message) ``failed``, and the game's GM, if the game has an address for one, gets one ``notice``
   (never for a notice itself). A row with no address is ``failed`` at once ("no address on file").

Exactly once, and its one narrow window: the claim is committed before the mail leaves, and the
row is marked ``sent`` after the relay accepted it. If the process dies between those two moments,
the row stays ``sending`` and is taken again once its claim is stale. The relay may then get the
message a second time, but it carries the row's stable Message-ID (and the same Date and body, see
``compose``), so a mail client shows one message. The Maildir path closes the window completely:
it looks for the Message-ID in the folder before writing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import aiosmtplib
from sqlalchemy import CursorResult, Engine, and_, or_, update
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import Session, col, select

from adjudicator.config import Settings, SmtpSettings
from adjudicator.core.view import GM
from adjudicator.mail import maildir
from adjudicator.mail.compose import ComposeError, compose
from adjudicator.service.base import StoreAccess
from adjudicator.store.models import Game, Outbox, utcnow

log = logging.getLogger(__name__)

STALE_CLAIM = timedelta(minutes=10)
BACKOFF_CAP_SECONDS = 3600.0
BATCH = 50
"""Rows claimed in one pass: small enough that a pass ends long before its claims look stale."""
NO_ADDRESS = "no address on file"
MAX_ATTEMPTS = SmtpSettings.model_fields["max_attempts"].default
BACKOFF_SECONDS = SmtpSettings.model_fields["backoff_seconds"].default


@dataclass
class SendReport:
    """What one pass did: rows delivered, rows given up on, rows put back for a later try."""

    sent: int = 0
    failed: int = 0
    retried: int = 0

    def __str__(self) -> str:
        return f"sent {self.sent}, retried {self.retried}, failed {self.failed}"

    @property
    def handled(self) -> int:
        return self.sent + self.failed + self.retried

    def add(self, other: SendReport) -> None:
        self.sent += other.sent
        self.failed += other.failed
        self.retried += other.retried


class DeliveryError(Exception):
    """A delivery that did not happen; ``permanent`` ones are not retried."""

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


@dataclass(frozen=True)
class _Claim:
    row: Outbox
    claimed_at: datetime


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _smtp_error(exc: Exception) -> DeliveryError:
    """An SMTP failure as a delivery error: a 5xx refusal of the recipient or the message is final."""
    code = getattr(exc, "code", None)
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused) and exc.recipients:
        code = exc.recipients[0].code
    final = isinstance(
        exc, aiosmtplib.SMTPRecipientsRefused | aiosmtplib.SMTPRecipientRefused | aiosmtplib.SMTPDataError
    )
    text = f"{type(exc).__name__}: {exc}".strip()
    return DeliveryError(text, permanent=final and isinstance(code, int) and 500 <= code < 600)


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

    def send_due(self, now: datetime | None = None) -> SendReport:
        """Deliver up to ``batch`` due rows once (from a thread with no running event loop)."""
        now = _utc(now or utcnow())
        report = SendReport()
        claims = self._claim_due(now)
        ready: list[tuple[_Claim, EmailMessage]] = []
        for claim in claims:
            try:
                ready.append((claim, compose(claim.row, self.settings)))
            except ComposeError as exc:
                reason = NO_ADDRESS if not claim.row.address else str(exc)
                self._settle(claim, DeliveryError(reason, permanent=True), now, report, attempted=False)
        if ready:
            for claim, error in self._deliver(ready):
                self._settle(claim, error, now, report)
        return report

    async def run(self, stop: asyncio.Event, interval: float = 2.0) -> None:
        """Pass after pass (each in a worker thread) until ``stop`` is set; a failing pass is logged."""
        while not stop.is_set():
            try:
                report = await asyncio.to_thread(self.send_due)
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

    def _claim_due(self, now: datetime) -> list[_Claim]:
        with Session(self.engine) as session:
            ids = list(
                session.exec(
                    select(Outbox.id).where(self._due(now)).order_by(col(Outbox.id)).limit(self.batch)
                )
            )
        claims: list[_Claim] = []
        for row_id in ids:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                    update(Outbox)
                    .where(col(Outbox.id) == row_id, self._due(now))
                    .values(status="sending", claimed_at=now)
                )
                if done.rowcount != 1:
                    continue  # another sender has it
                row = session.get(Outbox, row_id)
                assert row is not None
                claims.append(_Claim(row, now))
        return claims

    # ---- delivering ----------------------------------------------------------------------------
    def _deliver(
        self, ready: Sequence[tuple[_Claim, EmailMessage]]
    ) -> list[tuple[_Claim, DeliveryError | None]]:
        if self.settings.smtp is None:
            return [(claim, self._to_maildir(claim, message)) for claim, message in ready]
        return asyncio.run(self._smtp_pass(self.settings.smtp, ready))

    def _to_maildir(self, claim: _Claim, message: EmailMessage) -> DeliveryError | None:
        assert claim.row.address is not None
        try:
            if not maildir.deliver(self.settings.maildir.path, claim.row.address, message):
                log.info("outbox row %s: %s already in the Maildir", claim.row.id, claim.row.message_id)
        except OSError as exc:
            return DeliveryError(f"Maildir {self.settings.maildir.path}: {exc}")
        return None

    async def _smtp_pass(
        self, smtp: SmtpSettings, ready: Sequence[tuple[_Claim, EmailMessage]]
    ) -> list[tuple[_Claim, DeliveryError | None]]:
        client = aiosmtplib.SMTP(
            hostname=smtp.host,
            port=smtp.port,
            use_tls=smtp.security == "ssl",
            start_tls=smtp.security == "starttls",
            username=smtp.username,
            password=smtp.password,
            timeout=smtp.timeout,
            tls_context=self.tls_context,
        )
        where = f"relay {smtp.host}:{smtp.port}"
        try:
            await client.connect()
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
            error = DeliveryError(f"{where}: {type(exc).__name__}: {exc}")
            return [(claim, error) for claim, _ in ready]
        results: list[tuple[_Claim, DeliveryError | None]] = []
        broken: DeliveryError | None = None
        try:
            for claim, message in ready:
                if broken is not None:
                    results.append((claim, broken))
                    continue
                try:
                    await client.send_message(
                        message, sender=self.settings.judge.address, recipients=[claim.row.address or ""]
                    )
                    results.append((claim, None))
                except (aiosmtplib.SMTPServerDisconnected, aiosmtplib.SMTPTimeoutError, OSError) as exc:
                    broken = DeliveryError(f"{where}: {type(exc).__name__}: {exc}")
                    results.append((claim, broken))
                except aiosmtplib.SMTPException as exc:
                    results.append((claim, _smtp_error(exc)))
        finally:
            if client.is_connected:
                try:
                    await client.quit()
                except (aiosmtplib.SMTPException, OSError, TimeoutError):
                    client.close()
        return results

    # ---- settling ------------------------------------------------------------------------------
    def _settle(
        self,
        claim: _Claim,
        error: DeliveryError | None,
        now: datetime,
        report: SendReport,
        *,
        attempted: bool = True,
    ) -> None:
        row = claim.row
        ours = and_(
            col(Outbox.id) == row.id,
            col(Outbox.status) == "sending",
            col(Outbox.claimed_at) == claim.claimed_at,
        )
        attempts = row.attempts + (1 if attempted else 0)
        values: dict[str, Any]
        if error is None:
            values = {"status": "sent", "sent_at": now, "attempts": attempts, "last_error": None}
        elif error.permanent or attempts >= self.max_attempts:
            values = {"status": "failed", "attempts": attempts, "last_error": str(error)}
        else:
            delay = min(self.backoff * 2**row.attempts, BACKOFF_CAP_SECONDS)
            values = {
                "status": "pending",
                "attempts": attempts,
                "last_error": str(error),
                "next_attempt_at": now + timedelta(seconds=delay),
                "claimed_at": None,
            }
        with self.store._tx() as session:
            done: CursorResult[Any] = session.execute(  # type: ignore[assignment]
                update(Outbox).where(ours).values(**values)
            )
            if done.rowcount != 1:
                log.warning("outbox row %s was taken over by another sender; leaving it", row.id)
                return
            if values["status"] == "failed" and attempted:
                self._tell_gm(session, row, str(error), attempts)
        if values["status"] == "sent":
            report.sent += 1
        elif values["status"] == "failed":
            report.failed += 1
        else:
            report.retried += 1

    def _tell_gm(self, session: Session, row: Outbox, error: str, attempts: int) -> None:
        """One notice to the GM about a mail given up on (not for a notice, not without a GM address)."""
        if row.kind == "notice" or row.game_id is None:
            return
        game = session.get(Game, row.game_id)
        if game is None or not game.gm_address:
            return
        self.store._queue_mail(
            session,
            game,
            kind="notice",
            recipient=GM,
            key=f"notice.undelivered.{row.id}",
            subject=f"[{game.id}] undeliverable: {row.subject}"[:255],
            text=(
                f"The {row.kind} mail to {row.recipient} <{row.address}> could not be delivered "
                f"after {attempts} attempt(s) and was given up.\n\n"
                f"Subject: {row.subject}\nMessage-ID: {row.message_id}\nLast error: {error}\n\n"
                f"The player has not received it. Check the address on file, then see "
                f"'adjudicator mail outbox {game.id}'.\n"
            ),
            address=game.gm_address,
        )


def outbox_rows(engine: Engine, game_id: str) -> list[Outbox]:
    """A game's outbox rows, oldest first (for ``adjudicator mail outbox``)."""
    with Session(engine) as session:
        StoreAccess(engine)._game(session, game_id)
        return list(session.exec(select(Outbox).where(Outbox.game_id == game_id).order_by(col(Outbox.id))))
