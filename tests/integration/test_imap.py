"""The IMAP poller against a real Dovecot: exact bytes in, seen or moved only after ingest returned."""

from __future__ import annotations

import asyncio
import logging
import uuid

import pytest
from imap_tools import AND

from adjudicator.mail.imap import ImapPoller
from tests.mail_servers import ImapServer, free_port


def raw_mail(subject: str) -> bytes:
    """A message whose body is not UTF-8, to show the bytes reach ingest untouched."""
    return (
        f"From: Anna <anna@example.org>\r\nTo: orders@judge.test\r\nSubject: {subject}\r\n"
        f"Message-ID: <{uuid.uuid4().hex}@example.org>\r\nMIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
        "GAME g1 POWER france SECRET x\r\n"
    ).encode("ascii") + "A PAR - BOU  # d\xe9j\xe0\r\n".encode("latin-1")


class Recorder:
    def __init__(self, fail_on: set[bytes] | None = None) -> None:
        self.got: list[tuple[bytes, str]] = []
        self.fail_on = fail_on or set()

    def __call__(self, raw: bytes, source: str) -> str:
        if raw in self.fail_on:
            raise RuntimeError("database is down")
        self.got.append((raw, source))
        return "ok"


def append(server: ImapServer, folder: str, *messages: bytes, seen: bool = False) -> None:
    with server.mailbox(folder) as box:
        for raw in messages:
            box.append(raw, folder, flag_set=["\\Seen"] if seen else [])


def unseen(server: ImapServer, folder: str) -> list[bytes]:
    with server.mailbox(folder) as box:
        return [m.obj.as_bytes() for m in box.fetch(AND(seen=False), mark_seen=False)]


def count(server: ImapServer, folder: str) -> int:
    with server.mailbox(folder) as box:
        return len(box.uids("ALL"))


def test_unseen_messages_are_ingested_byte_for_byte_then_marked_seen(
    imap_server: ImapServer, imap_folder: str
) -> None:
    first, second, old = raw_mail("one"), raw_mail("two"), raw_mail("already read")
    append(imap_server, imap_folder, old, seen=True)
    append(imap_server, imap_folder, first, second)
    got = Recorder()
    poller = ImapPoller(imap_server.settings(folder=imap_folder), got)

    assert poller.poll_once() == 2
    assert got.got == [(first, "imap"), (second, "imap")]
    assert unseen(imap_server, imap_folder) == []
    assert count(imap_server, imap_folder) == 3  # marked, not moved nor deleted
    assert poller.poll_once() == 0
    assert len(got.got) == 2


def test_handled_messages_move_to_the_processed_folder(imap_server: ImapServer, imap_folder: str) -> None:
    raw = raw_mail("move me")
    append(imap_server, imap_folder, raw)
    done = f"{imap_folder}-done"  # does not exist yet: the poller creates it
    got = Recorder()
    poller = ImapPoller(imap_server.settings(folder=imap_folder, processed_folder=done), got)

    assert poller.poll_once() == 1
    assert got.got == [(raw, "imap")]
    assert count(imap_server, imap_folder) == 0
    with imap_server.mailbox(done) as box:
        assert [m.obj["Subject"] for m in box.fetch(mark_seen=False)] == ["move me"]
    assert poller.poll_once() == 0


def test_a_failing_ingest_leaves_the_message_unseen_and_later_mail_waits(
    imap_server: ImapServer, imap_folder: str, caplog: pytest.LogCaptureFixture
) -> None:
    first, second = raw_mail("first"), raw_mail("second")
    append(imap_server, imap_folder, first, second)
    failing = Recorder(fail_on={first})
    poller = ImapPoller(imap_server.settings(folder=imap_folder), failing)

    with caplog.at_level(logging.ERROR, logger="adjudicator.mail.imap"):
        assert poller.poll_once() == 0
    assert failing.got == []  # the second one is not applied before the first
    assert "not ingested; it stays unseen" in caplog.text
    assert len(unseen(imap_server, imap_folder)) == 2

    working = Recorder()
    assert ImapPoller(imap_server.settings(folder=imap_folder), working).poll_once() == 2
    assert working.got == [(first, "imap"), (second, "imap")]


def test_server_problems_are_logged_and_never_raised(
    imap_server: ImapServer, imap_folder: str, caplog: pytest.LogCaptureFixture
) -> None:
    append(imap_server, imap_folder, raw_mail("waits"))
    got = Recorder()
    nobody_listens = imap_server.settings(folder=imap_folder, port=free_port())
    wrong_password = imap_server.settings(folder=imap_folder, password="wrong")
    no_folder = imap_server.settings(folder="does-not-exist")
    with caplog.at_level(logging.WARNING, logger="adjudicator.mail.imap"):
        for settings in (nobody_listens, wrong_password, no_folder):
            assert ImapPoller(settings, got, timeout=5).poll_once() == 0
    assert "ConnectionRefusedError" in caplog.text
    assert "MailboxLoginError" in caplog.text
    assert "MailboxFolderSelectError" in caplog.text
    assert got.got == []
    assert len(unseen(imap_server, imap_folder)) == 1


def test_run_polls_until_stopped(imap_server: ImapServer, imap_folder: str) -> None:
    got = Recorder()
    poller = ImapPoller(imap_server.settings(folder=imap_folder), got)
    raw = raw_mail("while running")

    async def scenario() -> None:
        stop = asyncio.Event()
        task = asyncio.create_task(poller.run(stop, interval=0.1))
        await asyncio.sleep(0.3)
        await asyncio.to_thread(append, imap_server, imap_folder, raw)
        for _ in range(100):
            if got.got:
                break
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.wait_for(task, timeout=10)

    asyncio.run(scenario())
    assert got.got == [(raw, "imap")]
