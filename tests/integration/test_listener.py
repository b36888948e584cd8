"""The LMTP/SMTP listener with the stdlib clients an MTA stands in for: 250 once ingested, 451 on failure."""

from __future__ import annotations

import asyncio
import smtplib
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal

import pytest

from adjudicator.config import ListenerSettings
from adjudicator.mail.listener import MailListener
from tests.mail_servers import free_port

RAW = (
    b"From: anna@example.org\r\nTo: orders@judge.test\r\nSubject: orders\r\nMessage-ID: <l1@example.org>\r\n"
    b"\r\nGAME g1 POWER france SECRET x\r\n.A line that starts with a dot\r\nA PAR - BOU\r\n"
)


class Recorder:
    def __init__(self, *, fail: bool = False, delay: float = 0.0) -> None:
        self.got: list[tuple[bytes, str]] = []
        self.fail = fail
        self.delay = delay
        self.started = threading.Event()

    def __call__(self, raw: bytes, source: str) -> str:
        self.started.set()
        time.sleep(self.delay)
        if self.fail:
            raise RuntimeError("database is down")
        self.got.append((raw, source))
        return "stored"


def settings(protocol: Literal["lmtp", "smtp"]) -> ListenerSettings:
    return ListenerSettings(host="127.0.0.1", port=free_port(), protocol=protocol)


def client(s: ListenerSettings) -> smtplib.SMTP:
    return (smtplib.LMTP if s.protocol == "lmtp" else smtplib.SMTP)(s.host, s.port, timeout=10)


def port_open(s: ListenerSettings) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex((s.host, s.port)) == 0


@contextmanager
def running(listener: MailListener) -> Iterator[None]:
    listener.start()
    try:
        yield
    finally:
        listener.stop()


@pytest.mark.parametrize("protocol", ["lmtp", "smtp"])
def test_a_delivery_is_ingested_byte_for_byte_and_answered_250(protocol: Literal["lmtp", "smtp"]) -> None:
    s = settings(protocol)
    got = Recorder()
    with running(MailListener(s, got)), client(s) as mta:
        assert mta.sendmail("anna@example.org", ["orders@judge.test"], RAW) == {}
    assert got.got == [(RAW, protocol)]
    assert not port_open(s)


@pytest.mark.parametrize("protocol", ["lmtp", "smtp"])
def test_a_failing_ingest_is_answered_451_so_the_mta_retries(protocol: Literal["lmtp", "smtp"]) -> None:
    s = settings(protocol)
    with running(MailListener(s, Recorder(fail=True))), client(s) as mta:
        with pytest.raises(smtplib.SMTPDataError) as refused:
            mta.sendmail("anna@example.org", ["orders@judge.test"], RAW)
        assert refused.value.smtp_code == 451


def test_lmtp_answers_each_recipient_after_data() -> None:
    s = settings("lmtp")
    got = Recorder()
    with running(MailListener(s, got)), client(s) as mta:
        mta.ehlo_or_helo_if_needed()
        assert mta.mail("anna@example.org")[0] == 250
        assert mta.rcpt("orders@judge.test")[0] == 250
        assert mta.rcpt("gm@judge.test")[0] == 250
        assert mta.data(RAW)[0] == 250
        assert mta.getreply()[0] == 250  # the second recipient's answer (RFC 2033)
        assert mta.noop()[0] == 250  # and nothing else is left in the stream
    assert got.got == [(RAW, "lmtp")]


def test_stop_closes_the_port_but_answers_the_delivery_under_way() -> None:
    s = settings("lmtp")
    got = Recorder(delay=0.5)
    listener = MailListener(s, got)
    listener.start()
    answers: list[dict[str, tuple[int, bytes]]] = []

    def deliver() -> None:
        with client(s) as mta:
            answers.append(mta.sendmail("anna@example.org", ["orders@judge.test"], RAW))

    mta = threading.Thread(target=deliver)
    mta.start()
    assert got.started.wait(5)
    listener.stop()
    mta.join(5)
    assert answers == [{}]
    assert got.got == [(RAW, "lmtp")]
    assert not port_open(s)


@pytest.mark.parametrize("protocol", ["lmtp", "smtp"])
def test_inside_an_event_loop_stop_answers_the_delivery_under_way(protocol: Literal["lmtp", "smtp"]) -> None:
    s = settings(protocol)
    got = Recorder(delay=0.5)
    listener = MailListener(s, got)
    answers: list[dict[str, tuple[int, bytes]]] = []

    def deliver() -> None:
        with client(s) as mta:
            answers.append(mta.sendmail("anna@example.org", ["orders@judge.test"], RAW))

    mta = threading.Thread(target=deliver)

    async def scenario() -> None:
        await listener.start_async()
        assert port_open(s)
        mta.start()
        assert await asyncio.to_thread(got.started.wait, 5)
        await listener.stop_async()
        assert not port_open(s)
        # returning ends the loop at once: only what stop_async waited for is answered

    asyncio.run(scenario())
    mta.join(5)
    assert answers == [{}]
    assert got.got == [(RAW, protocol)]


def test_inside_an_event_loop_a_failing_ingest_is_answered_451() -> None:
    s = settings("lmtp")
    listener = MailListener(s, Recorder(fail=True))
    codes: list[int] = []

    def deliver() -> None:
        with client(s) as mta:
            try:
                mta.sendmail("anna@example.org", ["orders@judge.test"], RAW)
            except smtplib.SMTPDataError as exc:
                codes.append(exc.smtp_code)

    async def scenario() -> None:
        await listener.start_async()
        await asyncio.to_thread(deliver)
        await listener.stop_async()

    asyncio.run(scenario())
    assert codes == [451]
