"""The LMTP (or SMTP) listener an MTA delivers the judge's mail to (aiosmtpd).

Why the answer waits for ``ingest``: the MTA keeps the message until we say 250, so we say it only
once the gateway has logged the message. When ``ingest`` raises (the database is down) we answer
451 and the MTA tries again later; the gateway's Message-ID dedupe absorbs a repeat. A message that
can never be handled does not raise: the gateway logs it as poison and answers it once, and we say
250 (a 5xx would make the MTA bounce it to the sender a second time). In LMTP every
recipient gets its own answer after DATA (RFC 2033); the message is ingested once for all of them.

Two ways to run it: inside the service's event loop (``await start_async()`` / ``await stop_async()``)
or on its own thread through aiosmtpd's ``Controller`` (``start()`` / ``stop()``). Stopping closes the
port first and then waits for the deliveries under way to be answered.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
from collections.abc import Callable
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

from adjudicator.config import ListenerSettings

log = logging.getLogger(__name__)

Ingest = Callable[[bytes, str], object]
OK = "250 2.0.0 Message accepted"
TRY_LATER = "451 4.3.0 Temporary failure, try again later"
DRAIN_SECONDS = 30.0


class _Handler:
    """aiosmtpd handler: every DATA goes to ``ingest`` in a worker thread; counts deliveries under way."""

    def __init__(self, ingest: Ingest, protocol: str) -> None:
        self.ingest = ingest
        self.protocol = protocol
        self._busy = 0
        self._idle = threading.Condition()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        peer = session.peer[0] if isinstance(session.peer, tuple) else session.peer
        with self._idle:
            self._busy += 1
        try:
            outcome = await asyncio.to_thread(self.ingest, raw, self.protocol)
        except Exception:
            log.exception(
                "%s: message from %s (%d bytes) not ingested, answered 451", self.protocol, peer, len(raw)
            )
            status = TRY_LATER
        else:
            log.info(
                "%s: message from %s <%s> to %s (%d bytes) ingested: %s",
                self.protocol,
                peer,
                envelope.mail_from,
                ", ".join(envelope.rcpt_tos),
                len(raw),
                outcome,
            )
            status = OK
        finally:
            with self._idle:
                self._busy -= 1
                self._idle.notify_all()
        if self.protocol == "lmtp":  # one reply per recipient; aiosmtpd sends the lines as they are
            return "\r\n".join([status] * max(1, len(envelope.rcpt_tos)))
        return status

    def wait_idle(self, timeout: float) -> bool:
        """Block until no delivery is under way (True) or ``timeout`` passes (False)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._busy == 0, timeout=timeout)


class _Controller(Controller):
    """aiosmtpd's threaded controller speaking LMTP or SMTP."""

    def __init__(
        self, handler: _Handler, *, hostname: str, port: int, server_hostname: str, lmtp: bool
    ) -> None:
        super().__init__(handler, hostname=hostname, port=port, server_hostname=server_hostname)
        self.lmtp = lmtp

    def factory(self) -> SMTP:
        server_class = LMTP if self.lmtp else SMTP
        return server_class(self.handler, **self.SMTP_kwargs)


class MailListener:
    """Listens on ``settings.host:settings.port`` and hands each message to ``ingest(raw, protocol)``."""

    def __init__(self, settings: ListenerSettings, ingest: Ingest, *, drain_seconds: float = DRAIN_SECONDS):
        self.settings = settings
        self.handler = _Handler(ingest, settings.protocol)
        self.drain_seconds = drain_seconds
        self._server: asyncio.AbstractServer | None = None
        self._controller: _Controller | None = None
        self._hostname = socket.getfqdn()

    @property
    def where(self) -> str:
        return f"{self.settings.protocol} {self.settings.host}:{self.settings.port}"

    def _session(self) -> SMTP:
        server_class = LMTP if self.settings.protocol == "lmtp" else SMTP
        return server_class(
            self.handler, hostname=self._hostname, enable_SMTPUTF8=True, loop=asyncio.get_running_loop()
        )

    # ---- inside a running event loop -------------------------------------------------------
    async def start_async(self) -> None:
        """Open the port on the running loop."""
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(  # several processes on one port: serve_workers.py
            self._session,
            host=self.settings.host,
            port=self.settings.port,
            reuse_port=self.settings.workers > 1 or None,
        )
        log.info("%s: listening", self.where)

    async def stop_async(self) -> None:
        """Close the port, then wait (up to ``drain_seconds``) for the deliveries under way to be answered."""
        if self._server is None:
            return
        self._server.close()
        await self._server.wait_closed()
        self._server = None
        if not await asyncio.to_thread(self.handler.wait_idle, self.drain_seconds):
            log.warning("%s: deliveries still under way after %gs", self.where, self.drain_seconds)
        await asyncio.sleep(0.05)  # let the sessions write the answers of the last deliveries
        log.info("%s: stopped", self.where)

    # ---- on its own thread -----------------------------------------------------------------
    def start(self) -> None:
        """Serve from a thread of its own (aiosmtpd ``Controller``); returns once the port is open."""
        self._controller = _Controller(
            self.handler,
            hostname=self.settings.host,
            port=self.settings.port,
            server_hostname=self._hostname,
            lmtp=self.settings.protocol == "lmtp",
        )
        self._controller.start()
        log.info("%s: listening", self.where)

    def stop(self) -> None:
        """Stop the thread's server, after the deliveries under way (up to ``drain_seconds``)."""
        if self._controller is None:
            return
        controller, self._controller = self._controller, None
        server: Any = controller.server
        if server is not None:  # stop accepting first, on the controller's own loop
            controller.loop.call_soon_threadsafe(server.close)
        if not self.handler.wait_idle(self.drain_seconds):
            log.warning("%s: deliveries still under way after %gs", self.where, self.drain_seconds)
        controller.stop()
        log.info("%s: stopped", self.where)
