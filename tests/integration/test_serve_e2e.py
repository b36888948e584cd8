"""Issue 5's "done when": a 4-power Medioevo game plays two full windows under ``adjudicator serve``
with mail only, and a ``serve`` killed between a deadline and its mails delivers every mail exactly
once when it starts again.

Real parts throughout: ``adjudicator serve`` in a subprocess (the CLI), its LMTP listener and its IMAP
poller on a real Dovecot for the players' mail, a real SMTP relay (aiosmtpd) that receives everything
the judge sends, a real deadline that passes, and the store on SQLite and PostgreSQL. The players
learn their secrets from the welcome mail, and read nothing but their mail; the bots that choose
their orders look at each power's own view, as a player reads their report.
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
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, select

from adjudicator.bots import medioevo_orders
from adjudicator.service.base import as_utc
from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox, Power, Window
from tests.mail_servers import ImapServer
from tests.smtp_server import SmtpServer, free_port

ROOT = Path(__file__).resolve().parents[2]
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
ADDRESSES = {p: f"{p}@players.test" for p in POWERS}
JUDGE = "judge@judge.test"
CARDS_SECONDS = 2
"""The first window's period, set by the GM once the orders are in: the deadline passes by itself."""
ECONOMY_HOURS = 1.0
"""The second window's: it resolves long before, when every power is READY."""


def wait_for(what: Callable[[], bool], seconds: float, log: Path) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if what():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {seconds} s; serve's log:\n{log.read_text()[-4000:]}")


def start_serve(config: Path, url: str, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": url, "ADJUDICATOR_CONFIG": str(config)}
    with log.open("ab") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "adjudicator", "serve", "--config", str(config)],
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )


def order_mail(power: str, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = ADDRESSES[power], JUDGE, "orders"
    msg["Message-ID"] = make_msgid(domain="players.test")
    msg.set_content(body)
    return msg.as_bytes()


def by_lmtp(port: int, raw: bytes) -> None:
    with smtplib.LMTP("127.0.0.1", port, timeout=30) as mta:
        assert mta.sendmail("mta@players.test", [JUDGE], raw) == {}


def text_of(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert isinstance(body, EmailMessage)
    return str(body.get_content())


def mails_to(relay: SmtpServer, address: str, subject: str) -> list[EmailMessage]:
    return [
        m
        for m in list(relay.messages)
        if m["To"].addresses[0].addr_spec == address and subject in m["Subject"]
    ]


def every_mail_sent_once(engine: Engine, relay: SmtpServer, game: str, log: Path) -> None:
    """Every mail the judge queued with an address went out, and the relay got each exactly once."""

    def all_sent() -> bool:
        with Session(engine) as session:
            rows = session.exec(select(Outbox).where(Outbox.game_id == game)).all()
            return all(row.status == "sent" for row in rows if row.address)

    wait_for(all_sent, 30, log)
    counts = Counter(str(m["Message-ID"]) for m in relay.messages)
    assert counts and max(counts.values()) == 1, [i for i, n in counts.items() if n > 1]
    with Session(engine) as session:
        queued = {row.message_id for row in session.exec(select(Outbox)) if row.address}
    assert set(counts) == queued


def test_two_windows_by_mail_only_and_a_kill_between_deadline_and_mails(
    engine: Engine, tmp_path: Path, imap_server: ImapServer, imap_folder: str
) -> None:
    url = engine.url.render_as_string(hide_password=False)
    judge = Judge(engine, mail_domain="judge.test")
    relay = SmtpServer()
    relay.start()
    lmtp_port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(
        f'[judge]\naddress = "{JUDGE}"\ndomain = "judge.test"\n\n'
        f'[smtp]\nhost = "127.0.0.1"\nport = {relay.port}\nsecurity = "none"\nbackoff_seconds = 0.01\n'
        "max_attempts = 50\n\n"
        f'[listener]\nhost = "127.0.0.1"\nport = {lmtp_port}\nprotocol = "lmtp"\n\n'
        f'[imap]\nhost = "{imap_server.host}"\nport = {imap_server.port}\nsecurity = "none"\n'
        f'username = "{imap_server.user}"\npassword = "{imap_server.password}"\nfolder = "{imap_folder}"\n'
        "interval_seconds = 0.3\n\n[scheduler]\nreconcile_seconds = 1\n"
    )
    # (the backoff is short: under load the relay stays down for many sender passes, and the backoff
    # doubles at each, so a longer one pushes the last retries past the waits below)
    log = tmp_path / "serve.log"
    # The GM creates the game (no deadline yet); from here on the players use nothing but mail.
    judge.create_game(
        "e2e",
        "medioevo",
        POWERS,
        {"turns": 2},
        seed=b"E" * 32,
        addresses=ADDRESSES,
        gm_address="gm@judge.test",
    )
    serve = start_serve(config, url, log)
    try:
        wait_for(lambda: all(mails_to(relay, a, "welcome") for a in ADDRESSES.values()), 30, log)
        secrets = {}
        for power, address in ADDRESSES.items():
            [welcome] = mails_to(relay, address, "welcome")
            found = re.search(r"Your secret: (\S+)", text_of(welcome))
            assert found, text_of(welcome)
            secrets[power] = found.group(1)

        def send(power: str, extra: tuple[str, ...] = (), *, imap: bool) -> None:
            state = judge.state("e2e")
            legal = judge.ruleset(judge.game("e2e")[0]).legal_orders(state, power)
            lines = medioevo_orders(judge.view("e2e", power), legal)
            raw = order_mail(
                power, "\n".join([f"GAME e2e POWER {power} SECRET {secrets[power]}", *lines, *extra])
            )
            if imap:
                with imap_server.mailbox(imap_folder) as box:
                    box.append(raw, imap_folder, flag_set=[])
            else:
                by_lmtp(lmtp_port, raw)

        # ---- window 1: three powers write (two by LMTP, one by IMAP), byzantium misses it -------------
        first = judge.game("e2e")[1]
        send("hungary", imap=False)
        send("france", imap=False)
        send("holy_roman_empire", imap=True)
        wait_for(lambda: all(mails_to(relay, ADDRESSES[p], "Re:") for p in POWERS[:3]), 30, log)
        receipt = text_of(mails_to(relay, ADDRESSES["hungary"], "Re:")[0])
        assert "Accepted" in receipt and first.label in receipt, receipt
        # the relay goes down; the GM sets the calendar, so the window gets a deadline two seconds away;
        # it passes and the window resolves, but its mails cannot leave
        relay.stop()
        periods = {"cards": CARDS_SECONDS / 3600, "economy": ECONOMY_HOURS}
        judge.set_calendar("e2e", {"period_hours": periods})
        assert judge.next_deadline("e2e") is not None
        wait_for(lambda: judge.game("e2e")[1].id != first.id, 60, log)
        time.sleep(0.5)
        serve.send_signal(signal.SIGKILL)  # killed between the deadline and the mails
        serve.wait(10)
        with Session(engine) as session:
            waiting = session.exec(
                select(Outbox).where(Outbox.window_id == first.id, Outbox.kind == "report")
            )
            assert [row.status for row in waiting] and all(row.status != "sent" for row in waiting)
        relay.start()
        serve = start_serve(config, url, log)
        wait_for(
            lambda: all(mails_to(relay, a, f"{first.label} results") for a in ADDRESSES.values()), 30, log
        )
        # the late notice was queued before the reports, so it has waited out more retries: wait for it too
        wait_for(lambda: bool(mails_to(relay, ADDRESSES["byzantium"], "no orders by the deadline")), 30, log)
        with Session(engine) as session:
            byzantium = session.exec(
                select(Power).where(Power.game_id == "e2e", Power.power == "byzantium")
            ).one()
            assert byzantium.missed == 1

        # ---- window 2: every power writes with READY; it resolves before its deadline -------------------
        second = judge.game("e2e")[1]
        assert second.deadline is not None
        for n, power in enumerate(POWERS):
            send(power, ("READY",), imap=n % 2 == 0)
        wait_for(lambda: judge.game("e2e")[1].id != second.id, 60, log)
        with Session(engine) as session:
            done = session.get(Window, second.id)
            assert done is not None and done.resolved_at is not None
            assert as_utc(done.resolved_at) < as_utc(second.deadline), "all READY did not resolve it early"
        wait_for(
            lambda: all(mails_to(relay, a, f"{second.label} results") for a in ADDRESSES.values()), 30, log
        )

        # ---- every mail queued went out exactly once -------------------------------------------------
        every_mail_sent_once(engine, relay, "e2e", log)
        for power in POWERS:
            reports = [m for m in mails_to(relay, ADDRESSES[power], "results")]
            assert {first.label, second.label} <= {m["Subject"].split()[1] for m in reports}
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(30) == 0, log.read_text()[-4000:]
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait(10)
        relay.stop()
