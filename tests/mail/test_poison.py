"""Poison mail: a message that fails the same way every time is logged as ``poison``, answered once
and set aside on every transport (``mail ingest`` exits 0, LMTP says 250, the IMAP poller marks it
and reads the mail behind it); a store that is down is still retried.

Every class of input that was poison is fixed at its root (test_fuzz.py, corpus/), so a poison
message is made here: ``pill`` makes the gateway's body reader raise RecursionError for a mail that
says POISON-PILL, as the email package did for deep nesting. The IMAP test also sends a real
1,000-deep message, which used to stop the poller inside imap-tools' fetch.
"""

from __future__ import annotations

import smtplib
import uuid
from pathlib import Path

import pytest
from imap_tools import AND
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, col, select
from typer.testing import CliRunner

from adjudicator.config import ListenerSettings, Settings
from adjudicator.mail import gateway as gateway_module
from adjudicator.mail import guard
from adjudicator.mail.gateway import MailGateway
from adjudicator.mail.imap import ImapPoller
from adjudicator.mail.listener import MailListener
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine
from adjudicator.store.models import InboundMail, Outbox
from tests.mail.conftest import NOW, MailGame, envelope, mail
from tests.mail_servers import ImapServer, free_port

PILL = "POISON-PILL"
CORPUS = Path(__file__).parent / "corpus"


@pytest.fixture
def pill(monkeypatch: pytest.MonkeyPatch) -> None:
    real = gateway_module.parse_request

    def reading(body: str) -> gateway_module.MailRequest:
        if PILL in body:
            raise RecursionError("maximum recursion depth exceeded")
        return real(body)

    monkeypatch.setattr(gateway_module, "parse_request", reading)


def replies_to(engine: object, message_id: str) -> list[Outbox]:
    with Session(engine) as session:  # type: ignore[call-overload]
        return list(session.exec(select(Outbox).where(col(Outbox.in_reply_to) == message_id)))


def logged(engine: object, message_id: str) -> InboundMail:
    with Session(engine) as session:  # type: ignore[call-overload]
        return session.exec(select(InboundMail).where(col(InboundMail.message_id) == message_id)).one()


@pytest.mark.usefixtures("pill")
def test_a_poison_message_is_logged_answered_once_and_never_retried(mail_game: MailGame) -> None:
    raw = mail(f"{envelope()}\nLOAN\n{PILL}")
    sets_before = mail_game.outbox()
    first = mail_game.gateway.ingest(raw, source="pipe", now=NOW)
    assert first.status == "poison" and "RecursionError" in first.summary
    row = logged(mail_game.engine, "<m1@test>")
    assert row.status == "poison" and "RecursionError" in row.note and row.sender == "king@hungary.example"
    [reply] = replies_to(mail_game.engine, "<m1@test>")
    assert reply.address == "king@hungary.example" and reply.subject == "Re: your mail could not be handled"
    assert "set aside" in reply.body_text and PILL not in reply.body_text
    assert b"hungary-secret" not in row.raw  # kept like any logged mail: the secret hidden

    again = mail_game.gateway.ingest(raw, source="pipe", now=NOW)
    assert again.status == "duplicate"
    assert len(replies_to(mail_game.engine, "<m1@test>")) == 1
    assert len(mail_game.outbox()) == len(sets_before) + 1


@pytest.mark.usefixtures("pill")
def test_poison_replies_share_the_reply_limit_of_refused_mail(mail_game: MailGame) -> None:
    """A forged From with poison mail must not make the judge mail a third party without limit: the
    replies to poison count with the refusals of unauthenticated mail (guard.REPLIES_PER_ADDRESS an
    hour to one address); the rest are logged as poison, not answered, and still never retried."""
    sent = []
    for n in range(guard.REPLIES_PER_ADDRESS + 2):
        mid = f"pill{n}"
        out = mail_game.gateway.ingest(mail(f"{envelope()}\n{PILL}", mid=mid), source="pipe", now=NOW)
        assert out.status == "poison", out.line()
        sent.append(len(replies_to(mail_game.engine, f"<{mid}@test>")))
        assert logged(mail_game.engine, f"<{mid}@test>").status == "poison"
    assert sent == [1] * guard.REPLIES_PER_ADDRESS + [0, 0]
    assert guard.UNANSWERED in logged(mail_game.engine, f"<pill{len(sent) - 1}@test>").note


def test_a_failure_after_the_log_sets_the_logged_message_aside(
    mail_game: MailGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The message was logged (``received``) when acting on it raised: it becomes poison, no half
    of the action stays, and it is answered once."""

    def overflow(ctx: object) -> list[str]:
        raise OverflowError("date value out of range")

    monkeypatch.setattr(gateway_module, "act_on_orders", overflow)
    before = mail_game.power("hungary")
    outcome = mail_game.gateway.ingest(mail(f"{envelope()}\nLOAN"), source="pipe", now=NOW)
    assert outcome.status == "poison" and "OverflowError" in outcome.summary
    assert logged(mail_game.engine, "<m1@test>").status == "poison"
    assert len(replies_to(mail_game.engine, "<m1@test>")) == 1
    assert mail_game.power("hungary") == before


def test_a_store_that_is_down_is_retried_not_set_aside() -> None:
    engine = make_engine(f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/nowhere")
    gateway = MailGateway(Judge(engine), Settings())
    with pytest.raises(OperationalError):
        gateway.ingest(mail(f"{envelope()}\nLOAN"), source="pipe", now=NOW)


@pytest.mark.usefixtures("pill")
def test_mail_ingest_exits_0_on_a_poison_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An MTA pipe got exit 75 (try again later) for ever; now 0, once answered."""
    from adjudicator.cli import app

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", f"{tmp_path}/cli.db")
    cli = CliRunner()
    created = cli.invoke(app, ["game", "create", "g1", "--powers", "hungary,byzantium"])
    assert created.exit_code == 0, created.output
    raw = mail(f"GAME g1 POWER hungary SECRET x\n{PILL}")
    done = cli.invoke(app, ["mail", "ingest"], input=raw)
    assert done.exit_code == 0 and done.output.startswith("poison <m1@test>: poison: RecursionError")
    again = cli.invoke(app, ["mail", "ingest"], input=raw)
    assert again.exit_code == 0 and again.output.startswith("duplicate <m1@test>")
    assert len(replies_to(make_engine(f"sqlite:///{tmp_path}/cli.db"), "<m1@test>")) == 1


@pytest.mark.usefixtures("pill")
def test_lmtp_answers_a_poison_message_250_and_it_is_answered_once(mail_game: MailGame) -> None:
    """The MTA got 451 and retried for ever; now 250 (a 5xx would make it bounce a second answer)."""
    s = ListenerSettings(host="127.0.0.1", port=free_port(), protocol="lmtp")
    listener = MailListener(s, lambda raw, source: mail_game.gateway.ingest(raw, source=source, now=NOW))
    listener.start()
    try:
        for _ in range(2):
            with smtplib.LMTP(s.host, s.port, timeout=60) as mta:
                assert mta.sendmail("king@hungary.example", ["orders@judge.test"], mail(PILL)) == {}
    finally:
        listener.stop()
    assert logged(mail_game.engine, "<m1@test>").status == "poison"
    assert len(replies_to(mail_game.engine, "<m1@test>")) == 1


@pytest.mark.usefixtures("pill")
def test_the_imap_poller_moves_past_poison_and_deep_nesting_to_the_next_mail(
    mail_game: MailGame, imap_server: ImapServer, imap_folder: str
) -> None:
    """Three polls all failed on the same RecursionError and the ordinary mail behind it was never
    read; now each bad message is answered and marked, and the next one is handled in the same poll."""
    nested = (CORPUS / "nested_multipart.eml").read_bytes()
    pid, oid = f"p{uuid.uuid4().hex}", f"o{uuid.uuid4().hex}"
    poison = mail(f"{envelope()}\n{PILL}", mid=pid)
    ordinary = mail(f"{envelope()}\nBUY TECH caccia", mid=oid)
    with imap_server.mailbox(imap_folder) as box:
        for raw in (nested, poison, ordinary):
            box.append(raw, imap_folder)
    poller = ImapPoller(
        imap_server.settings(folder=imap_folder),
        lambda raw, source: mail_game.gateway.ingest(raw, source=source, now=NOW),
    )
    assert poller.poll_once() == 3
    with imap_server.mailbox(imap_folder) as box:
        assert list(box.fetch(AND(seen=False), mark_seen=False)) == []
    statuses = {m.message_id: m.status for m in _all_logged(mail_game)}
    assert statuses == {
        "<c30@hungary.example>": "answered",  # refused: its body could not be read
        f"<{pid}@test>": "poison",
        f"<{oid}@test>": "answered",
    }
    assert mail_game.judge.current_orders("g1")["hungary"].orders == ["BUY TECH caccia"]
    for mid in statuses:
        assert len(replies_to(mail_game.engine, mid)) == 1


def _all_logged(game: MailGame) -> list[InboundMail]:
    with Session(game.engine) as session:
        return list(session.exec(select(InboundMail)))
