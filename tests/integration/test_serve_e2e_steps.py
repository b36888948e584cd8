"""Issue 16's end-to-end test: three Relay powers play a round step by step under ``adjudicator
serve`` with real mail. One mails early with a guard that fails when its step opens, the GM
extends a step by mail, one misses its sub-deadline; ``serve`` is killed between two steps. Every
receipt, "your move" and report arrives exactly once.

Real parts, as tests/integration/test_serve_e2e.py: ``serve`` in a subprocess (its LMTP listener),
a real SMTP relay receiving what the judge sends, real (short) deadlines, both stores. The serve
subprocess knows Relay through ``ADJUDICATOR_EXTRA_RULESETS`` (rulesets/registry.py).
"""

from __future__ import annotations

import re
import signal
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.base import as_utc
from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox, Power
from tests.integration.test_serve_e2e import (
    by_lmtp,
    every_mail_sent_once,
    mails_to,
    start_serve,
    text_of,
    wait_for,
)
from tests.smtp_server import SmtpServer, free_port

SEATS = ("venice", "genoa", "milan")
ADDRESSES = {p: f"{p}@players.test" for p in SEATS}
GM_ADDRESS = "gm@judge.test"
JUDGE = "judge@judge.test"


def mail(sender: str, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, JUDGE, "orders"
    msg["Message-ID"] = make_msgid(domain="players.test")
    msg.set_content(body)
    return msg.as_bytes()


def config_file(tmp_path: Path, relay: SmtpServer, lmtp_port: int) -> Path:
    config = tmp_path / "config.toml"
    config.write_text(
        f'[judge]\naddress = "{JUDGE}"\ndomain = "judge.test"\n\n'
        f'[smtp]\nhost = "127.0.0.1"\nport = {relay.port}\nsecurity = "none"\nbackoff_seconds = 0.01\n'
        "max_attempts = 50\n\n"
        f'[listener]\nhost = "127.0.0.1"\nport = {lmtp_port}\nprotocol = "lmtp"\n\n'
        "[scheduler]\nreconcile_seconds = 1\n"
    )
    return config


def test_a_round_step_by_step_by_mail_with_a_kill_between_two_steps(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")  # serve inherits it
    url = engine.url.render_as_string(hide_password=False)
    judge = Judge(engine, mail_domain="judge.test")
    relay = SmtpServer()
    relay.start()
    lmtp_port = free_port()
    config = config_file(tmp_path, relay, lmtp_port)
    log = tmp_path / "serve.log"
    secrets = judge.create_game(
        "steps", "relay", SEATS, {"turns": 1}, seed=b"S" * 32, addresses=ADDRESSES, gm_address=GM_ADDRESS
    )
    judge.set_calendar("steps", {"step_hours": {"default": 6}, "round_hours": {"default": 48}})
    first = judge.game("steps")[1]
    assert first.label == "T1.claims.1-venice" and first.deadline is not None

    def send(sender: str, who: str, *lines: str) -> None:
        by_lmtp(lmtp_port, mail(sender, "\n".join([f"GAME steps POWER {who} SECRET {secrets[who]}", *lines])))

    def current() -> str:
        return judge.game("steps")[1].label

    serve = start_serve(config, url, log)
    try:
        wait_for(lambda: all(mails_to(relay, a, "welcome") for a in ADDRESSES.values()), 30, log)
        wait_for(lambda: bool(mails_to(relay, ADDRESSES["venice"], "your move")), 30, log)
        # genoa mails early, guarded on a space venice is about to take
        send(ADDRESSES["genoa"], "genoa", "IF 5 FREE: CLAIM 5", "READY")
        wait_for(lambda: bool(mails_to(relay, ADDRESSES["genoa"], "Re:")), 30, log)
        receipt = text_of(mails_to(relay, ADDRESSES["genoa"], "Re:")[0])
        assert "early orders for your step in T1.claims" in receipt, receipt

        # venice's READY resolves its step at once; the relay is down, so the step's mails wait,
        # and serve is killed between the two steps
        relay.stop()
        send(ADDRESSES["venice"], "venice", "CLAIM 5", "READY")
        wait_for(lambda: current() == "T1.claims.2-genoa", 60, log)
        serve.send_signal(signal.SIGKILL)
        serve.wait(10)
        with Session(engine) as session:  # killed between the two steps: genoa's move not yet sent
            queued = session.exec(select(Outbox).where(Outbox.recipient == "genoa", Outbox.kind == "notice"))
            statuses = [row.status for row in queued if "your move" in row.subject]
            assert len(statuses) == 1 and statuses[0] != "sent", statuses
        relay.start()
        serve = start_serve(config, url, log)
        wait_for(lambda: bool(mails_to(relay, ADDRESSES["genoa"], "your move")), 30, log)
        [genoa_move] = mails_to(relay, ADDRESSES["genoa"], "your move")
        assert "T1.claims.2-genoa" in genoa_move["Subject"]
        body = text_of(genoa_move)
        assert "REFUSED" in body and "space 5 is held by venice" in body, body

        # the GM extends genoa's step by mail
        before = as_utc(judge.game("steps")[1].deadline)  # type: ignore[arg-type]
        by_lmtp(lmtp_port, mail(GM_ADDRESS, f"GAME steps POWER gm SECRET {secrets['gm']}\nEXTEND 2"))
        wait_for(
            lambda: as_utc(judge.game("steps")[1].deadline) >= before + timedelta(hours=2),  # type: ignore[arg-type]
            30,
            log,
        )
        # milan's step will last two seconds: it misses it
        judge.set_calendar("steps", {"step_hours": {"default": 2 / 3600}, "round_hours": {"default": 48}})
        send(ADDRESSES["genoa"], "genoa", "CLAIM 8", "READY")
        wait_for(lambda: judge.state("steps").over, 60, log)
        wait_for(lambda: bool(mails_to(relay, ADDRESSES["milan"], "no orders by the deadline")), 30, log)

        every_mail_sent_once(engine, relay, "steps", log)
        with Session(engine) as session:
            missed = {p.power: p.missed for p in session.exec(select(Power).where(Power.game_id == "steps"))}
        assert missed == {"venice": 0, "genoa": 0, "milan": 1}
        for power in SEATS:
            [move] = mails_to(relay, ADDRESSES[power], "your move")
            assert re.search(rf"T1\.claims\.\d-{power}", move["Subject"])
            assert mails_to(relay, ADDRESSES[power], "T1.claims results"), power  # the round report
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(30) == 0, log.read_text()[-4000:]
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait(10)
        relay.stop()
