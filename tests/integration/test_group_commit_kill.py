"""A judge killed (SIGKILL) at the commit of a batch of mails (the group commit): none of the batch
was acknowledged and none of it stays; the mail acknowledged before it stays; the MTA's redelivery
of all of them stores each order set once and answers each mail once (docs/mail.md, "Speed and
durability"). A real listener in a real process, over LMTP, on both stores."""

from __future__ import annotations

import os
import smtplib
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from adjudicator.config import ListenerSettings, Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.mail.group_commit import GroupCommit
from adjudicator.mail.listener import MailListener
from adjudicator.service.judge import Judge
from adjudicator.store.models import InboundMail, OrderSet, Outbox
from tests.mail_servers import free_port

ROOT = Path(__file__).resolve().parents[2]
BOUND = 60.0
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]


def start(engine: Engine, port: int, marker: Path, *args: str) -> subprocess.Popen[str]:
    url = engine.url.render_as_string(hide_password=False)
    proc = subprocess.Popen(
        [sys.executable, "-m", f"{__package__}.group_commit_kill_child", url, str(port), str(marker), *args],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def wait_for(what: Callable[[], bool]) -> None:
    end = time.monotonic() + BOUND
    while not what():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def deliver(port: int, sender: str, raw: bytes) -> str:
    """The LMTP answer: "250", or how the connection failed."""
    try:
        with smtplib.LMTP("127.0.0.1", port, timeout=BOUND) as lmtp:
            refused = lmtp.sendmail(sender, ["judge@localhost"], raw)
            return "250" if not refused else str(refused)
    except (smtplib.SMTPException, OSError) as exc:
        return type(exc).__name__


def test_a_kill_at_a_batch_commit_loses_nothing_acknowledged_and_applies_nothing_twice(
    engine: Engine, tmp_path: Path
) -> None:
    judge = Judge(engine)
    addresses = {p: f"{p}@players.example" for p in POWERS}
    secrets = judge.create_game("g1", "medioevo", POWERS, {"turns": 3}, addresses=addresses)
    mails = []
    for n in range(5):
        power = POWERS[n % len(POWERS)]
        body = f"GAME g1 POWER {power} SECRET {secrets[power]}\r\nREADY\r\n"
        head = f"From: {addresses[power]}\r\nTo: judge@localhost\r\nSubject: x\r\nMessage-ID: <k{n}@t>\r\n"
        mails.append((addresses[power], (head + "\r\n" + body).encode()))

    port, marker = free_port(), tmp_path / "first-commit"
    child = start(engine, port, marker, "kill")
    try:
        answers: dict[int, str] = {}

        def send(n: int) -> None:
            answers[n] = deliver(port, *mails[n])

        first = threading.Thread(target=send, args=(0,))
        first.start()
        wait_for(marker.exists)  # mail 0 is at its commit: the others queue behind it
        rest = [threading.Thread(target=send, args=(n,)) for n in range(1, 5)]
        for thread in rest:
            thread.start()
        for thread in (first, *rest):
            thread.join(BOUND)
        assert child.wait(timeout=BOUND) == -9  # killed at the second batch's commit
    finally:
        if child.poll() is None:
            child.kill()
    assert answers[0] == "250" and all(answers[n] != "250" for n in range(1, 5)), answers
    with Session(engine) as session:
        logged = session.exec(select(InboundMail.message_id)).all()
    assert logged == ["<k0@t>"]  # nothing of the killed batch stayed

    settings = ListenerSettings(host="127.0.0.1", port=port, protocol="lmtp")
    listener = MailListener(settings, GroupCommit(MailGateway(judge, Settings())).ingest)
    listener.start()  # the judge back up (in this process: a second child only costs its start)
    try:
        assert [deliver(port, *mail) for mail in mails] == ["250"] * 5  # the MTA tries them all again
    finally:
        listener.stop()
    with Session(engine) as session:
        statuses = {r.message_id: r.status for r in session.exec(select(InboundMail))}
        receipts = session.exec(select(Outbox.in_reply_to).where(col(Outbox.kind) == "receipt")).all()
        sets = session.exec(select(OrderSet).where(col(OrderSet.source) == "mail")).all()
    assert statuses == {f"<k{n}@t>": "answered" for n in range(5)}
    assert sorted(receipts) == sorted(f"<k{n}@t>" for n in range(5))  # one receipt a mail
    assert len(sets) == 5
