"""A message the gateway cannot handle: logged as ``poison``, answered once if it can be, set aside.

Why: a transport retries whatever ``ingest`` raises (``mail ingest`` exits 75, LMTP answers 451,
the IMAP poller leaves the message unseen). That is right when the store is down, and wrong for a
message that fails the same way every time: it would be retried for ever and, over IMAP, block the
mail behind it. So ``ingest`` re-raises only failures that a later try can cure (the database
unreachable or busy, see ``transient``), and everything else ends here: the message is logged with
the error, its sender (if one can be read) gets one short reply with a fixed subject (no text of
the message is echoed), and the transport is told it was taken. A race lost on a unique key
(IntegrityError) is retried, but at most ``MAX_RACES`` times per message.
"""

from __future__ import annotations

import email.utils
import hashlib
import logging
import re
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import exc as sa_exc
from sqlmodel import col, select

from adjudicator.cleantext import clean_text
from adjudicator.mail import guard
from adjudicator.mail.actions import mail_key
from adjudicator.mail.message import MAX_ADDRESS, message_id_of, parse_message
from adjudicator.mail.redact import redact_raw
from adjudicator.store.models import InboundMail

if TYPE_CHECKING:
    from adjudicator.mail.gateway import IngestOutcome, MailGateway

log = logging.getLogger(__name__)

MAX_RACES = 3
_FROM = re.compile(rb"(?im)^From:[ \t]*([^\r\n]*)")
_RACES = re.compile(r"^lost a race (\d+) times")
_NO_REPLY_SENDERS = ("mailer-daemon", "postmaster")
REPLY = """Your mail could not be handled and was set aside; nothing was stored and it will not be
read again.

The judge could not read it: {error}.

Send your orders again as a short plain-text mail that opens with
'GAME game-id POWER your-power SECRET your-secret'. Send HELP for the commands. If this happens
again, write to your GM.
"""


def transient(exc: BaseException) -> bool:
    """True for a failure a later try can cure: the database unreachable, busy, locked or lost."""
    if isinstance(exc, sa_exc.DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(
        exc,
        sa_exc.OperationalError
        | sa_exc.InterfaceError
        | sa_exc.DisconnectionError
        | sa_exc.TimeoutError
        | sa_exc.ResourceClosedError,
    )


def _describe(exc: BaseException) -> str:
    text = clean_text(" ".join(str(exc).split()))[:200]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _identity(raw: bytes, own: str | None) -> tuple[str, str | None, bool]:
    """(Message-ID, sender, may we answer) read as well as can be; never raises."""
    try:
        message = parse_message(raw, own_address=own)
        return message.message_id, message.sender, message.no_reply is None
    except Exception:  # the message cannot even be parsed: the From line by hand
        found = _FROM.search(raw)
        sender = None
        if found:
            value = clean_text(found.group(1).decode("latin-1"))
            addresses = [a.lower() for _, a in email.utils.getaddresses([value]) if "@" in a]
            sender = next((a for a in addresses if len(a) <= MAX_ADDRESS and " " not in a), None)
        ok = sender is not None and sender.split("@", 1)[0] not in _NO_REPLY_SENDERS
        ok = ok and (not own or sender != own.lower())
        return message_id_of(raw, ""), sender, ok


def _stored_raw(raw: bytes) -> bytes:
    try:
        return redact_raw(raw)
    except Exception:  # not even the redaction can read it: keep the header only, secrets hidden
        head = raw.split(b"\n\n", 1)[0][:65536]
        return re.sub(rb"(?i)(\bSECRET[ \t]+)[^\s]+", rb"\1***", head)


def race_lost(gateway: MailGateway, raw: bytes, source: str, now: datetime, exc: BaseException) -> bool:
    """Count a lost race on the message's log row; True once it has lost ``MAX_RACES`` times.

    The mail's own transaction was rolled back with its log row, so the first lost race logs the
    message here (``received``, to be handled again) only to keep the count.
    """
    mid = _identity(raw, gateway.settings.judge.address)[0]
    with gateway.judge.transaction() as session:
        row = session.exec(select(InboundMail).where(col(InboundMail.message_id) == mid)).first()
        if row is None:
            row = InboundMail(message_id=mid, received_at=now, raw=_stored_raw(raw), source=source[:16])
        elif row.status != "received":
            return False
        found = _RACES.match(row.note)
        races = (int(found.group(1)) if found else 0) + 1
        row.note = f"lost a race {races} times: {_describe(exc)}"
        session.add(row)
    return races >= MAX_RACES


def set_aside(
    gateway: MailGateway, raw: bytes, source: str, now: datetime, exc: BaseException
) -> IngestOutcome:
    """Log the message as poison and answer it once; raises only when the store itself fails."""
    from adjudicator.mail.gateway import IngestOutcome

    error = _describe(exc)
    mid, sender, answer = _identity(raw, gateway.settings.judge.address)
    log.warning("poison message %s from %s set aside: %s", mid, sender, error)
    try:
        with gateway.judge.transaction() as session:
            row = session.exec(select(InboundMail).where(col(InboundMail.message_id) == mid)).first()
            if row is not None and row.status != "received":
                return IngestOutcome("duplicate", mid, f"already {row.status}; not handled again", row.id)
            if row is None:
                row = InboundMail(message_id=mid, received_at=now, raw=_stored_raw(raw), source=source[:16])
            if sender and answer and guard.replies_to(session, sender, now) >= guard.REPLIES_PER_ADDRESS:
                answer = False  # the sender had its replies for the hour: logged, not answered
                error += guard.UNANSWERED
            row.sender, row.status, row.note = sender, "poison", f"{guard.POISON}: {error}"
            session.add(row)
            if sender and answer:
                gateway.judge.queue_mail(
                    session,
                    None,
                    kind="reply",
                    recipient="sender",
                    key=f"reply.{mail_key(mid)}",
                    subject="Re: your mail could not be handled",
                    text=REPLY.format(error=type(exc).__name__),
                    address=sender,
                    in_reply_to=mid,
                )
            session.flush()
            inbound_id = row.id
    except Exception as again:
        if transient(again):
            raise
        return _last_resort(gateway, raw, mid, source, now, error, again)
    summary = f"poison: {error}; " + ("answered once" if sender and answer else "no address to answer")
    return IngestOutcome("poison", mid, summary, inbound_id)


def _last_resort(
    gateway: MailGateway, raw: bytes, mid: str, source: str, now: datetime, error: str, again: Exception
) -> IngestOutcome:
    """Log a bare row (no text from the message, no reply): the message is at least not retried."""
    from adjudicator.mail.gateway import IngestOutcome

    bare = f"<{hashlib.sha256(raw).hexdigest()[:40]}@poison.invalid>"
    with gateway.judge.transaction() as session:
        if session.exec(select(InboundMail).where(col(InboundMail.message_id) == bare)).first():
            return IngestOutcome("duplicate", bare, "already set aside", None)
        row = InboundMail(
            message_id=bare,
            received_at=now,
            raw=b"",
            source=source[:16],
            status="poison",
            note=f"set aside, not stored: {error}; then {_describe(again)}",
        )
        session.add(row)
        session.flush()
        return IngestOutcome("poison", mid, f"poison: {error}; not answered", row.id)
