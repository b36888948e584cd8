"""``serve`` with ``[listener] workers = N``: N processes take mail on one port (issue 18,
adjudicator/serve_workers.py, docs/mail.md "Speed and durability").

Real processes throughout: the CLI's ``serve`` in a subprocess, its worker processes, real LMTP
over loopback, the store on SQLite and PostgreSQL.

- The MTA's connections are spread over the processes (both answer mail), every mail is answered
  250, acted on once and answered once, the same Message-ID delivered again over other connections
  (to either process) is not applied again; SIGTERM stops ``serve`` and its workers, status 0.
- A worker killed (SIGKILL) ends ``serve`` with status 1 (systemd restarts the service) and the
  other workers are stopped with it.
- ``serve`` killed (SIGKILL) leaves no worker behind: each stops by itself (its parent gone).
"""

from __future__ import annotations

import os
import re
import signal
import smtplib
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from email import message_from_bytes
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import InboundMail, Outbox
from tests.integration.test_serve_e2e import start_serve, wait_for
from tests.smtp_server import free_port

POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
ADDRESSES = {p: f"{p}@players.test" for p in POWERS}
JUDGE = "judge@judge.test"
BOUND = 60
"""Seconds any wait may take on a loaded machine (each ends as soon as its condition holds)."""
INGESTED = re.compile(r"adjudicator\.mail\.listener\[(\d+)\]: lmtp: message from .* ingested")
STARTED = re.compile(r"listener worker \d+ started \(pid (\d+)\)")


@pytest.fixture
def sqlite_engine(tmp_path: Path) -> Iterator[Engine]:
    """The supervision does not depend on the store: SQLite only."""
    engine = make_engine(f"sqlite:///{tmp_path / 'test.db'}")
    migrate(engine)
    yield engine
    engine.dispose()


def setup(engine: Engine, tmp_path: Path, workers: int) -> tuple[Path, Path, int, dict[str, str]]:
    """A config with ``workers`` listener processes, a 4-power game with its players' addresses;
    (config, log, port, secrets)."""
    port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(
        f'[judge]\naddress = "{JUDGE}"\ndomain = "judge.test"\n\n'
        f'[maildir]\npath = "{tmp_path / "out"}"\n\n'
        f'[listener]\nhost = "127.0.0.1"\nport = {port}\nprotocol = "lmtp"\nworkers = {workers}\n'
    )
    secrets = Judge(engine).create_game(
        "w", "medioevo", POWERS, {"turns": 2}, seed=b"W" * 32, addresses=ADDRESSES
    )
    return config, tmp_path / "serve.log", port, secrets


def not_ready(power: str, secret: str) -> bytes:
    """A valid mail that stores a receipt and resolves nothing (NOT READY keeps the standing set)."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = ADDRESSES[power], JUDGE, "orders"
    msg["Message-ID"] = make_msgid(domain="players.test")
    msg.set_content(f"GAME w POWER {power} SECRET {secret}\nNOT READY\n")
    return msg.as_bytes()


def message_id(raw: bytes) -> str:
    return str(message_from_bytes(raw)["Message-ID"])


def deliver(port: int, raw: bytes) -> None:
    """One LMTP connection of its own (a new source port: the kernel may pick another process)."""
    with smtplib.LMTP("127.0.0.1", port, timeout=BOUND) as mta:
        assert mta.sendmail("mta@players.test", [JUDGE], raw) == {}


def workers_of(log: Path) -> list[int]:
    return [int(pid) for pid in STARTED.findall(log.read_text())]


def gone(pid: int) -> bool:
    """The process has ended (reaped, or a zombie its parent has yet to reap)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_two_processes_share_the_port_and_each_mail_is_answered_once(engine: Engine, tmp_path: Path) -> None:
    config, log, port, secrets = setup(engine, tmp_path, workers=2)
    serve = start_serve(config, engine.url.render_as_string(hide_password=False), log)
    try:
        wait_for(lambda: "serve: running" in log.read_text(), BOUND, log)
        [worker] = workers_of(log)
        sent: list[str] = []
        takers: set[int] = set()
        while takers != {serve.pid, worker}:  # new connections until both processes took mail
            assert len(sent) < 200, f"one process took every mail: {takers}"
            power = POWERS[len(sent) % len(POWERS)]
            raw = not_ready(power, secrets[power])
            deliver(port, raw)
            sent.append(message_id(raw))
            takers = {int(pid) for pid in INGESTED.findall(log.read_text())}
        again = not_ready("france", secrets["france"])  # one mail delivered four times
        for _ in range(4):
            deliver(port, again)
        sent.append(message_id(again))
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(BOUND) == 0, log.read_text()[-3000:]
        wait_for(lambda: gone(worker), BOUND, log)
    finally:
        if serve.poll() is None:
            serve.kill()
    with Session(engine) as session:
        logged = session.exec(select(InboundMail).where(col(InboundMail.message_id).in_(sent))).all()
        answers = Counter(
            session.exec(select(Outbox.in_reply_to).where(col(Outbox.in_reply_to).in_(sent))).all()
        )
        receipts = session.exec(select(Outbox).where(Outbox.kind == "receipt")).all()
    assert sorted(m.message_id for m in logged) == sorted(sent)  # each logged once
    assert {m.status for m in logged} == {"answered"}, [(m.status, m.note) for m in logged]
    assert answers == Counter(sent)  # each answered once, the mail delivered four times too
    assert len(receipts) == len(sent)
    assert "Traceback" not in log.read_text()


def test_a_worker_killed_ends_serve_with_status_1_and_stops_the_others(
    sqlite_engine: Engine, tmp_path: Path
) -> None:
    config, log, _port, _secrets = setup(sqlite_engine, tmp_path, workers=3)
    serve = start_serve(config, sqlite_engine.url.render_as_string(hide_password=False), log)
    try:
        wait_for(lambda: "serve: running" in log.read_text(), BOUND, log)
        killed, other = workers_of(log)
        os.kill(killed, signal.SIGKILL)
        assert serve.wait(BOUND) == 1, log.read_text()[-3000:]
        wait_for(lambda: gone(other), BOUND, log)
        assert f"(pid {killed}) ended" in log.read_text()
    finally:
        if serve.poll() is None:
            serve.kill()


PARENT = """
import sys, threading
from adjudicator.config import ListenerSettings, Settings
from adjudicator.serve_workers import ListenerWorkers
listener = ListenerSettings(host="127.0.0.1", port=int(sys.argv[2]), workers=2)
workers = ListenerWorkers(Settings(listener=listener), sys.argv[1])
workers.start()
print(workers.pids[0], flush=True)
threading.Event().wait()
"""


def test_a_worker_whose_serve_was_killed_stops_by_itself(sqlite_engine: Engine, tmp_path: Path) -> None:
    """``serve`` killed with SIGKILL (here a stand-in parent that starts the worker as ``serve``
    does: cheaper than a whole ``serve``) leaves no worker holding the port."""
    port = free_port()
    url = sqlite_engine.url.render_as_string(hide_password=False)
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, url, str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())  # printed once its port is open
        deliver_nothing = smtplib.LMTP("127.0.0.1", port, timeout=BOUND)  # it listens
        deliver_nothing.quit()
        parent.kill()
        parent.wait(BOUND)
        end = time.monotonic() + BOUND
        while not gone(worker) and time.monotonic() < end:
            time.sleep(0.1)
        assert gone(worker)
        assert b"is gone; stopping" in parent.stderr.read()  # type: ignore[union-attr]
    finally:
        if parent.poll() is None:
            parent.kill()
    with pytest.raises(OSError):  # nothing listens any more: the MTA keeps its mail
        smtplib.LMTP("127.0.0.1", port, timeout=BOUND)
