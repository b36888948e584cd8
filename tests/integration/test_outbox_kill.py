"""Issue 14's "done when": ``adjudicator mail send`` killed with SIGKILL again and again, through a real
SMTP relay and into real Maildir folders, on SQLite and PostgreSQL, delivers every mail exactly once.

The sender is a real subprocess (the CLI), the relay a real aiosmtpd server that records every
message it takes (``tests/smtp_server.py``), the rows hundreds of real outbox rows queued through the
judge's own ``queue_mail``. After each kill the test does what ten minutes would do: a row the dead
sender left ``sending`` is aged past the stale-claim limit, so the next sender takes it again.

Where the kills land, and why (relay). A kill can land in one of two places:
- anywhere before the relay has the whole message (connecting, MAIL, RCPT, the DATA being written):
  the relay holds its answer to the k-th RCPT (``Hold(rcpt=…)``) until the sender is dead. This is
  where a sender spends nearly all its time, and where the old sender lost: it marked rows sent only
  after a pass of 50, so every mail the relay had already taken in that pass went out again.
- in the window no sender can close: the relay has taken the message (end of DATA) and its 250 has
  not reached the sender yet (``Hold(data=…)``). That row stays ``sending`` and is sent again, with
  the same Message-ID. The test kills there once on purpose and asserts that this one message, and
  only it, arrives twice: the window is exactly one message wide.

Maildir: the kills land after the k-th new file appears, at once (most of them between the file's
link and the commit of ``sent``); every mail must be there exactly once whatever the kill point.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from sqlalchemy import Engine, update
from sqlmodel import Session, col, select

from adjudicator.mail.maildir import read_maildir
from adjudicator.store.models import Outbox
from tests.conftest import POWERS
from tests.integration.test_outbox_sender import quiet_game
from tests.smtp_server import Hold, SmtpServer

ROOT = Path(__file__).resolve().parents[2]
ROWS = 150
BOUND = 60.0
"""Seconds any awaited condition may take on a busy machine before the test fails."""


def at_least(count: Callable[[], int], target: int) -> Callable[[], bool]:
    return lambda: count() >= target


def wait_for(what: Callable[[], bool], proc: subprocess.Popen[bytes], log: Path) -> None:
    end = time.monotonic() + BOUND
    while time.monotonic() < end:
        if what():
            return
        if proc.poll() is not None:
            raise AssertionError(f"mail send exited ({proc.returncode}) first:\n{log.read_text()[-3000:]}")
        time.sleep(0.0005)
    raise AssertionError(f"timed out after {BOUND} s; mail send's log:\n{log.read_text()[-3000:]}")


def queue_rows(engine: Engine) -> list[str]:
    """Hundreds of real rows (press to every power, some with HTML), oldest first; their Message-IDs."""
    judge = quiet_game(engine)
    with judge._tx() as session:
        game = judge._game(session, "g1")
        for n in range(ROWS):
            judge.queue_mail(
                session,
                game,
                kind="press",
                recipient=POWERS[n % len(POWERS)],
                key=f"press.g1.{n}",
                subject=f"[g1] press {n}",
                text=f"Press number {n}.\n" * 40,
                html=f"<p>Press number {n}.</p>" if n % 3 == 0 else None,
            )
    with Session(engine) as session:
        return [r.message_id for r in session.exec(select(Outbox).where(Outbox.status == "pending"))]


def statuses(engine: Engine) -> Counter[str]:
    with Session(engine) as session:
        return Counter(r.status for r in session.exec(select(Outbox)))


def sending_ids(engine: Engine) -> list[str]:
    with Session(engine) as session:
        return [r.message_id for r in session.exec(select(Outbox).where(Outbox.status == "sending"))]


def age_claims(engine: Engine) -> None:
    """What ten minutes do: the dead sender's claims look stale to the next one."""
    with Session(engine) as session, session.begin():
        session.execute(
            update(Outbox)
            .where(col(Outbox.status) == "sending")
            .values(claimed_at=col(Outbox.claimed_at) - timedelta(minutes=11))
        )


class Sender:
    """``adjudicator mail send`` as a subprocess, its output appended to one log."""

    def __init__(self, engine: Engine, config: Path, log: Path) -> None:
        self.env = {**os.environ, "DATABASE_URL": engine.url.render_as_string(hide_password=False)}
        self.config, self.log = config, log

    def start(self) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as sink:
            return subprocess.Popen(
                [sys.executable, "-m", "adjudicator", "mail", "send", "--config", str(self.config)],
                cwd=ROOT,
                env=self.env,
                stdout=sink,
                stderr=subprocess.STDOUT,
            )

    def drain(self, engine: Engine) -> None:
        """Runs to the end, as often as it takes to empty the outbox (a bounded number of times)."""
        for _ in range(5):
            proc = self.start()
            assert proc.wait(timeout=BOUND * 2) == 0, self.log.read_text()[-3000:]
            if not statuses(engine).keys() & {"pending", "sending"}:
                return
        raise AssertionError(f"the outbox is not empty: {statuses(engine)}")


def kill(proc: subprocess.Popen[bytes]) -> None:
    proc.kill()  # SIGKILL
    proc.wait(timeout=BOUND)


def test_kill_9_through_a_relay_delivers_every_mail_exactly_once(engine: Engine, tmp_path: Path) -> None:
    relay = SmtpServer()
    relay.start()
    try:
        ids = queue_rows(engine)
        config = tmp_path / "config.toml"
        config.write_text(
            '[judge]\naddress = "judge@club.example"\ndomain = "club.example"\n\n'
            f'[smtp]\nhost = "127.0.0.1"\nport = {relay.port}\nsecurity = "none"\ntimeout = 30\n'
        )
        sender = Sender(engine, config, tmp_path / "send.log")
        handler = relay.handler
        in_window: list[str] = []
        # (where, how many more RCPTs or messages from now): two kills before the relay has the
        # message, one in the window between its end of DATA and the sender's commit
        for where, ahead in (("rcpt", 17), ("data", 30), ("rcpt", 45)):
            hold = (
                Hold(rcpt=handler.rcpts + ahead)
                if where == "rcpt"
                else Hold(data=len(handler.messages) + ahead)
            )
            handler.hold = hold
            proc = sender.start()
            wait_for(hold.reached.is_set, proc, sender.log)
            kill(proc)
            handler.hold = None
            hold.release()
            left = sending_ids(engine)
            assert len(left) == 1, f"a kill must leave only the row in hand sending, not {len(left)}"
            if where == "data":
                assert left == [str(handler.messages[-1]["Message-ID"])]
                in_window += left
            age_claims(engine)
        sender.drain(engine)

        assert set(statuses(engine)) == {"sent"}
        received = Counter(str(m["Message-ID"]) for m in handler.messages)
        assert set(received) == set(ids)
        assert {mid: n for mid, n in received.items() if n > 1} == dict.fromkeys(in_window, 2)
        assert len(in_window) == 1
    finally:
        relay.stop()


def test_kill_9_into_the_maildir_delivers_every_mail_exactly_once(engine: Engine, tmp_path: Path) -> None:
    ids = queue_rows(engine)
    out = tmp_path / "mail-out"
    config = tmp_path / "config.toml"
    config.write_text(
        f'[judge]\naddress = "judge@club.example"\ndomain = "club.example"\n\n[maildir]\npath = "{out}"\n'
    )
    sender = Sender(engine, config, tmp_path / "send.log")

    def files() -> int:
        return sum(1 for _ in out.glob("*/new/*"))

    in_window = 0
    for ahead in (9, 33, 57):
        proc = sender.start()
        wait_for(at_least(files, files() + ahead), proc, sender.log)
        kill(proc)
        left = sending_ids(engine)
        assert len(left) <= 1
        delivered = {str(m["Message-ID"]) for m in read_maildir(out)}
        in_window += sum(1 for mid in left if mid in delivered)
        age_claims(engine)
    sender.drain(engine)

    assert set(statuses(engine)) == {"sent"}
    assert Counter(str(m["Message-ID"]) for m in read_maildir(out)) == Counter(dict.fromkeys(ids, 1))
    print(f"maildir: {in_window} of 3 kills landed between a file's link and its row's commit")
