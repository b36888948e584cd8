"""A real SMTP server for the tests: aiosmtpd on a free loopback port, collecting what it receives.

It can require AUTH (and STARTTLS before it, with a self-signed certificate made by the ``openssl``
command line), refuse messages with a 4xx or 5xx reply, be stopped and started again on the same
port to play a relay that is down for a while, and hold its answer at a chosen point of the
conversation (``Hold``) so that a test can kill the sender exactly there.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import ssl
import subprocess
import threading
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import AsyncMessage
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

USER, PASSWORD = "judge", "s3cret-pässword"


def free_port() -> int:
    """A port nobody listens on (aiosmtpd's ``Controller(port=0)`` cannot be used, see stack.md §3)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Hold:
    """Stop answering at one point of the conversation until ``release``: at the ``rcpt``-th RCPT
    (before the relay has the message) or after storing the ``data``-th message (it has the message,
    the client has not yet got its 250). ``reached`` is set when the point is reached."""

    rcpt: int | None = None
    data: int | None = None
    reached: threading.Event = field(default_factory=threading.Event)
    released: threading.Event = field(default_factory=threading.Event)

    def release(self) -> None:
        self.released.set()

    async def wait(self) -> None:
        self.reached.set()
        while not self.released.is_set():
            await asyncio.sleep(0.01)


class Collector(AsyncMessage):
    """Keeps every message with its envelope; ``refuse_data`` / ``refuse_rcpt`` make it say no."""

    def __init__(self) -> None:
        super().__init__(message_class=lambda: EmailMessage(policy=policy.default))
        self.messages: list[EmailMessage] = []
        self.refuse_data: str | None = None
        self.refuse_rcpt: str | None = None
        self.logins: list[str] = []
        self.rcpts = 0
        """RCPT commands seen, counted across connections."""
        self.hold: Hold | None = None

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        self.rcpts += 1
        hold = self.hold
        if hold is not None and hold.rcpt == self.rcpts:
            await hold.wait()
            return "451 4.3.0 held by the test"
        if self.refuse_rcpt:
            return self.refuse_rcpt
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        if self.refuse_data:
            return self.refuse_data
        answer = str(await super().handle_DATA(server, session, envelope))
        hold = self.hold
        if hold is not None and hold.data == len(self.messages):
            await hold.wait()
        return answer

    async def handle_message(self, message: Any) -> None:
        self.messages.append(message)

    def authenticate(
        self, server: SMTP, session: Session, envelope: Envelope, mechanism: str, auth_data: Any
    ) -> AuthResult:
        ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (
            USER.encode(),
            PASSWORD.encode(),
        )
        if ok:
            self.logins.append(mechanism)
        return AuthResult(success=ok, handled=False)


@dataclass
class SmtpServer:
    """One aiosmtpd ``Controller`` that can be stopped and started again on the same port."""

    auth: bool = False
    tls: ssl.SSLContext | None = None
    implicit_tls: bool = False
    port: int = field(default_factory=free_port)
    handler: Collector = field(default_factory=Collector)
    controller: Controller | None = None

    @property
    def messages(self) -> list[EmailMessage]:
        return self.handler.messages

    def start(self) -> None:
        kwargs: dict[str, Any] = {}
        if self.auth:
            # aiosmtpd counts only STARTTLS as TLS for AUTH; on an implicit-TLS port it must not ask
            tls_first = self.tls is not None and not self.implicit_tls
            kwargs.update(auth_required=True, auth_require_tls=tls_first)
            kwargs["authenticator"] = self.handler.authenticate
        if self.tls is not None and not self.implicit_tls:
            kwargs.update(tls_context=self.tls, require_starttls=True)
        if self.implicit_tls:
            kwargs["ssl_context"] = self.tls
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port, **kwargs)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


def self_signed(tmp: Path) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """(server context, client context trusting it) for a certificate of 127.0.0.1 made by openssl."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise AssertionError(
            "the STARTTLS tests need the openssl command to make a certificate: apt-get install openssl"
        )
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert, key)
    client = ssl.create_default_context(cafile=str(cert))
    return server, client
