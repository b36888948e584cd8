"""`serve` with the real listener and poller (Dovecot) in a subprocess, stopped by SIGTERM; failures."""

from __future__ import annotations

import asyncio
import signal
import smtplib
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from imap_tools import AND

from adjudicator.config import ListenerSettings, Settings
from adjudicator.serve_app import Components, serve
from tests.mail_servers import ImapServer, free_port

ROOT = Path(__file__).resolve().parents[2]


def raw_mail(body: str) -> bytes:
    return (
        f"From: anna@example.org\r\nTo: orders@judge.test\r\nSubject: orders\r\n"
        f"Message-ID: <{uuid.uuid4().hex}@example.org>\r\n\r\n{body}\r\n"
    ).encode()


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def wait_for(what: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if what():
            return True
        time.sleep(0.05)
    return False


def lmtp(port: int, raw: bytes) -> dict[str, tuple[int, bytes]]:
    with smtplib.LMTP("127.0.0.1", port, timeout=15) as mta:
        return mta.sendmail("anna@example.org", ["orders@judge.test"], raw)


def test_serve_ingests_by_lmtp_and_imap_and_stops_gracefully_on_sigterm(
    tmp_path: Path, imap_server: ImapServer, imap_folder: str
) -> None:
    port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(
        f'[listener]\nhost = "127.0.0.1"\nport = {port}\nprotocol = "lmtp"\n\n'
        f'[imap]\nhost = "{imap_server.host}"\nport = {imap_server.port}\nsecurity = "none"\n'
        f'username = "{imap_server.user}"\npassword = "{imap_server.password}"\n'
        f'folder = "{imap_folder}"\ninterval_seconds = 0.2\n'
    )
    out = tmp_path / "out"
    out.mkdir()
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.integration.serve_recorder", str(config), str(out)],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        assert wait_for(lambda: port_open(port)), (tmp_path / "serve.log").read_text()
        by_lmtp, by_imap, slow = raw_mail("one"), raw_mail("two"), raw_mail("SLOW three")
        assert lmtp(port, by_lmtp) == {}
        with imap_server.mailbox(imap_folder) as box:
            box.append(by_imap, imap_folder, flag_set=[])
        assert wait_for(lambda: len(list(out.glob("*.eml"))) == 2)

        answers: list[dict[str, tuple[int, bytes]]] = []
        mta = threading.Thread(target=lambda: answers.append(lmtp(port, slow)))
        mta.start()
        assert wait_for(lambda: any(out.glob("started-*")))
        proc.send_signal(signal.SIGTERM)
        mta.join(15)
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()

    assert answers == [{}]  # the delivery under way at SIGTERM was finished and answered 250
    assert not port_open(port)
    assert (out / "001-lmtp.eml").read_bytes() == by_lmtp
    assert (out / "002-imap.eml").read_bytes() == by_imap
    assert (out / "003-lmtp.eml").read_bytes() == slow
    events = (out / "events").read_text().splitlines()  # the parts stop together, in any order
    assert events[:2] == ["scheduler start", "sender start"]
    assert sorted(events[2:]) == ["scheduler shutdown", "sender stop"]
    with imap_server.mailbox(imap_folder) as box:
        assert list(box.fetch(AND(seen=False), mark_seen=False)) == []
    text = (tmp_path / "serve.log").read_text()
    assert "SIGTERM received, shutting down" in text
    assert "serve: stopped" in text and "after a failure" not in text


class Scheduler:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def start(self) -> None:
        self.calls.append("start")

    def shutdown(self) -> None:
        self.calls.append("shutdown")

    def failure(self) -> str | None:
        return None


class CrashingSender:
    async def run(self, stop: asyncio.Event, interval: float = 2.0) -> None:
        await asyncio.sleep(0.05)
        raise RuntimeError("relay exploded")


class QuittingSender:
    async def run(self, stop: asyncio.Event, interval: float = 2.0) -> None:
        return None


def run_in_thread(settings: Settings, parts: Components, stop_after: float) -> int:
    """``serve`` off the main thread (no signal handlers), as a test runner can."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(serve, settings, None, stop_after, components=parts).result(timeout=30)


def test_stop_after_ends_a_quiet_service_with_status_0() -> None:
    scheduler = Scheduler()
    parts = Components(ingest=lambda raw, source: None, scheduler=scheduler)
    assert run_in_thread(Settings(), parts, stop_after=0.2) == 0
    assert scheduler.calls == ["start", "shutdown"]


def test_a_component_that_fails_or_quits_stops_the_service_with_status_1() -> None:
    for sender in (CrashingSender(), QuittingSender()):
        scheduler = Scheduler()
        parts = Components(ingest=lambda raw, source: None, sender=sender, scheduler=scheduler)
        started = time.monotonic()
        assert run_in_thread(Settings(), parts, stop_after=30) == 1
        assert time.monotonic() - started < 10  # it did not wait for stop_after
        assert scheduler.calls == ["start", "shutdown"]


def test_a_listener_port_in_use_fails_the_start_and_still_shuts_the_scheduler_down() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings = Settings(listener=ListenerSettings(host="127.0.0.1", port=port))
        scheduler = Scheduler()
        parts = Components(ingest=lambda raw, source: None, scheduler=scheduler)
        assert run_in_thread(settings, parts, stop_after=30) == 1
    assert scheduler.calls == ["start", "shutdown"]


class BrokenScheduler(Scheduler):
    def start(self) -> None:
        self.calls.append("start")
        raise RuntimeError("job store unreachable")


def test_a_scheduler_that_cannot_start_is_not_shut_down_and_the_status_is_1() -> None:
    scheduler = BrokenScheduler()
    parts = Components(ingest=lambda raw, source: None, scheduler=scheduler)
    assert run_in_thread(Settings(), parts, stop_after=30) == 1
    assert scheduler.calls == ["start"]
