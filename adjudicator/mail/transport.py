"""Where the outbox sender hands a message: an SMTP relay or the Maildir folders, one message at a time.

Both answer each message with ``None`` (it was taken) or a ``DeliveryError`` (permanent, or not),
so the sender can settle that row before it hands over the next one. Neither raises for a message:
whatever goes wrong with one message is that message's error, and the next one is tried.

The relay is one SMTP connection, opened before the first row is claimed and kept for the pass. A connection
that breaks (refused, dropped, timed out) makes the error ``broken``: the sender then stops handing
messages to the relay for the pass, and the rest wait for their next attempt.
"""

from __future__ import annotations

import errno
import logging
from email.message import EmailMessage
from pathlib import Path
from typing import Any, Protocol

import aiosmtplib

from adjudicator.config import SmtpSettings
from adjudicator.mail import maildir

log = logging.getLogger(__name__)

PERMANENT_ERRNOS = frozenset({errno.ENAMETOOLONG, errno.EINVAL, errno.EILSEQ})
"""Local errors that come from the message itself, not from the machine: retrying cannot help.
A full disk or a folder without permission is the operator's to fix and is retried."""


class DeliveryError(Exception):
    """A delivery that did not happen; ``permanent`` ones are not retried; ``broken`` ones mean the
    transport itself is down, so the rest of the pass waits."""

    def __init__(self, message: str, *, permanent: bool = False, broken: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent
        self.broken = broken


class Transport(Protocol):
    async def open(self) -> DeliveryError | None: ...

    async def send(self, address: str, message: EmailMessage) -> DeliveryError | None: ...

    async def close(self) -> None: ...


class MaildirTransport:
    """Writes each message into its recipient's Maildir (``mail/maildir.py``): idempotent."""

    def __init__(self, root: Path) -> None:
        self.root = root

    async def open(self) -> DeliveryError | None:
        return None

    async def send(self, address: str, message: EmailMessage) -> DeliveryError | None:
        try:
            if not maildir.deliver(self.root, address, message):
                log.info("%s: already in the Maildir", message["Message-ID"])
        except OSError as exc:
            return DeliveryError(f"Maildir {self.root}: {exc}", permanent=exc.errno in PERMANENT_ERRNOS)
        except Exception as exc:  # e.g. a message that cannot be written as bytes
            return DeliveryError(f"Maildir {self.root}: {type(exc).__name__}: {exc}", permanent=True)
        return None

    async def close(self) -> None:
        return None


def smtp_error(exc: Exception) -> DeliveryError:
    """An SMTP failure as a delivery error: a 5xx refusal of the recipient or the message is final."""
    code = getattr(exc, "code", None)
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused) and exc.recipients:
        code = exc.recipients[0].code
    final = isinstance(
        exc, aiosmtplib.SMTPRecipientsRefused | aiosmtplib.SMTPRecipientRefused | aiosmtplib.SMTPDataError
    )
    text = f"{type(exc).__name__}: {exc}".strip()
    return DeliveryError(text, permanent=final and isinstance(code, int) and 500 <= code < 600)


class RelayTransport:
    """One SMTP session with the relay for a pass (aiosmtplib), opened on the first message."""

    def __init__(self, smtp: SmtpSettings, sender: str, tls_context: Any = None) -> None:
        self.smtp = smtp
        self.sender = sender
        self.where = f"relay {smtp.host}:{smtp.port}"
        self.client = aiosmtplib.SMTP(
            hostname=smtp.host,
            port=smtp.port,
            use_tls=smtp.security == "ssl",
            start_tls=smtp.security == "starttls",
            username=smtp.username,
            password=smtp.password,
            timeout=smtp.timeout,
            tls_context=tls_context,
        )

    def _broken(self, exc: BaseException) -> DeliveryError:
        return DeliveryError(f"{self.where}: {type(exc).__name__}: {exc}", broken=True)

    async def open(self) -> DeliveryError | None:
        """Connect (TLS, AUTH) before any row is claimed: a relay that is down costs no claim."""
        if not self.client.is_connected:
            try:
                await self.client.connect()
            except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
                return self._broken(exc)
        return None

    async def send(self, address: str, message: EmailMessage) -> DeliveryError | None:
        """Returns once the relay has answered the end of DATA: ``None`` means it took the message."""
        down = await self.open()
        if down is not None:
            return down
        try:
            await self.client.send_message(message, sender=self.sender, recipients=[address])
        except (aiosmtplib.SMTPServerDisconnected, aiosmtplib.SMTPTimeoutError, OSError, TimeoutError) as exc:
            return self._broken(exc)
        except aiosmtplib.SMTPException as exc:
            return smtp_error(exc)
        except Exception as exc:  # a message aiosmtplib cannot send (e.g. an address it cannot encode)
            self.client.close()  # the session is in an unknown state: the next message opens another
            return DeliveryError(f"{self.where}: {type(exc).__name__}: {exc}", permanent=True)
        return None

    async def close(self) -> None:
        if self.client.is_connected:
            try:
                await self.client.quit()
            except (aiosmtplib.SMTPException, OSError, TimeoutError):
                self.client.close()
