"""MailGateway.ingest for each command, the GM's mail, DKIM, a crash mid-processing, and the CLI."""

from __future__ import annotations

import base64
import subprocess
from datetime import timedelta
from pathlib import Path

import dkim
import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

from adjudicator.mail.gateway import IngestOutcome
from adjudicator.store.models import Game, InboundMail, OrderSet, Outbox
from tests.mail.conftest import NOW, MailGame, envelope, mail


def run(g: MailGame, body: str, **kw: str) -> tuple[IngestOutcome, list[Outbox]]:
    before = len(g.outbox())
    outcome = g.gateway.ingest(mail(body, **kw), source="cli", now=NOW)
    assert isinstance(outcome, IngestOutcome)
    return outcome, g.outbox()[before:]


def reply_of(rows: list[Outbox]) -> str:
    return next(r.body_text for r in rows if r.kind in ("reply", "receipt"))


def latest(g: MailGame, power: str) -> OrderSet:
    return g.judge.current_orders("g1")[power]


def test_orders_receipt_summary_deadline_in_the_players_zone(mail_game: MailGame) -> None:
    out, rows = run(
        mail_game, f"{envelope()}\nTIMEZONE Europe/Rome\nBUY TECH caccia\nBUY TECH Atlantide\nREADY"
    )
    assert out.status == "answered" and [r.kind for r in rows] == ["receipt"]
    text = rows[0].body_text
    assert "Time zone set: deadlines are shown in Europe/Rome" in text
    assert "Accepted (1):\n  BUY TECH caccia" in text
    assert "line 4: 'BUY TECH Atlantide'" in text
    florins = mail_game.judge.view("g1", "hungary").data["powers"]["hungary"]["florins"]
    assert f"florins now: {florins}" in text and "technologies this turn: 1 of 3" in text
    assert "purchases: 100 florins" in text
    assert "Deadline: Mon 3 Mar 2025 13:00 CET, in 1 day 23 hours" in text  # 12:00 UTC + 1 h
    assert "Ready: no. READY not counted: fix line 4 and send again" in text and "hash " in text  # R87
    assert (
        latest(mail_game, "hungary").orders == ["BUY TECH caccia"] and not latest(mail_game, "hungary").ready
    )
    assert mail_game.power("hungary").timezone == "Europe/Rome"


def test_ready_alone_keeps_the_standing_orders(mail_game: MailGame) -> None:
    _, rows = run(mail_game, f"{envelope()}\nREADY")
    assert "your standing orders are kept" in reply_of(rows) and "LOAN" in reply_of(rows)
    assert latest(mail_game, "hungary").orders == ["LOAN"] and latest(mail_game, "hungary").ready
    run(mail_game, f"{envelope()}\nNOT READY", mid="m2")
    assert latest(mail_game, "hungary").version == 3 and not latest(mail_game, "hungary").ready
    _, rows = run(mail_game, f"{envelope('france')}\nREADY", sender="roi@france.example", mid="m3")
    assert "Your mail had no orders and none are standing" in reply_of(rows)
    assert "your standing orders are kept" not in reply_of(rows)


def test_orders_options_state_help(mail_game: MailGame) -> None:
    _, rows = run(mail_game, f"{envelope()}\nORDERS\nOPTIONS\nSTATE\nHELP")
    text = reply_of(rows)
    assert "Current orders for T1.economy:\n  hungary (version 1, not ready):\n    LOAN" in text
    assert "Orders you can give in T1.economy:" in text and "Purchases (phase 4)\n  BUY TECH" in text
    assert "g1: window T1.economy (turn 1) as hungary sees it" in text and "Your sheet" in text
    assert "PRESS TO power|ALL [ANONYMOUS]" in text and rows[0].kind == "reply"
    assert latest(mail_game, "hungary").version == 1


def test_press_to_all_and_anonymous(mail_game: MailGame) -> None:
    _, rows = run(mail_game, f"{envelope()}\nPRESS TO ALL\nAn alliance?\n-- \nKing")
    press = [r for r in rows if r.kind == "press"]
    assert sorted(r.recipient for r in press) == ["byzantium", "france", "gm", "holy_roman_empire"]
    assert all(r.body_text == "An alliance?" for r in press)
    assert next(r for r in press if r.recipient == "france").subject == "[g1] Press from hungary"
    with Session(mail_game.engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.options = {**game.options, "press_anonymous": True}
    _, rows = run(mail_game, f"{envelope()}\nPRESS TO france ANONYMOUS\nBeware.", mid="m2")
    press = {r.recipient: r for r in rows if r.kind == "press"}
    assert set(press) == {"france", "gm"} and "hungary" not in press["france"].subject
    assert "hungary" in press["gm"].subject and press["france"].address == "roi@france.example"
    _, rows = run(mail_game, f"{envelope()}\nPRESS TO atlantis\nhello", mid="m3")
    assert "PRESS not sent: atlantis is not another power" in reply_of(rows) and len(rows) == 1


def test_absence_within_the_budget(mail_game: MailGame) -> None:
    _, rows = run(mail_game, f"{envelope()}\nABSENCE 2025-03-10 2025-03-19")
    assert "Absence stored: Mon 10 Mar 2025 to Wed 19 Mar 2025 (10 days; 4 of 14 left)" in reply_of(rows)
    assert any(r.recipient == "gm" and r.kind == "notice" for r in rows)
    _, rows = run(
        mail_game, f"{envelope()}\nABSENCE 2025-04-01 2025-04-05\nABSENCE 2025-03-15 2025-03-16", mid="m2"
    )
    assert "5 days asked, 4 of the game's 14 left" in reply_of(rows)
    assert "overlaps your absence from Mon 10 Mar 2025 to Wed 19 Mar 2025" in reply_of(rows)
    assert mail_game.power("hungary").absences == [{"from": "2025-03-10", "to": "2025-03-19"}]


def test_the_first_mail_of_a_power_without_address_sets_it(mail_game: MailGame) -> None:
    out, rows = run(mail_game, f"{envelope('byzantium')}\nLOAN", sender="basileus@byzantium.example")
    assert out.status == "answered" and "basileus@byzantium.example is now the address on file" in reply_of(
        rows
    )
    assert mail_game.power("byzantium").address == "basileus@byzantium.example"
    out, _ = run(mail_game, f"{envelope('byzantium')}\nLOAN", sender="other@x.example", mid="m2")
    assert out.status == "refused"


def test_a_mail_with_nothing_in_it_says_so(mail_game: MailGame) -> None:
    out, rows = run(mail_game, f"{envelope()}\n\nThanks!\n-- \nKing")
    assert out.status == "answered" and "line 3: not an order: 'Thanks!'" in reply_of(rows)
    out, rows = run(mail_game, f"{envelope()}\n# only a comment", mid="m2")
    assert "Your mail had no orders and no commands: nothing changed" in reply_of(rows)
    assert latest(mail_game, "hungary").version == 1


def test_the_gm_may_send_a_players_orders_from_the_gm_address(mail_game: MailGame) -> None:
    out, rows = run(mail_game, f"{envelope('france')}\nLOAN", sender="gm@example.org")
    assert out.status == "answered" and rows[0].address == "gm@example.org"
    assert latest(mail_game, "france").orders == ["LOAN"]


def gm(body: str) -> str:
    return f"{envelope('gm')}\n{body}"


def test_gm_edit_announced_and_load_dice(mail_game: MailGame) -> None:
    """An edit is told to whom it may be shown (R95; florins behind the screen, 002 L113)."""
    body = gm("SET hungary florins 777\nSET france honor 9\nLOAD DICE T1.taxes 6 6")
    out, rows = run(mail_game, body, sender="gm@example.org")
    assert out.status == "answered", out.line()
    text = reply_of(rows)
    assert "Edited: SET hungary florins 777" in text and "Dice loaded for T1.taxes: 6 6" in text
    notices = {r.recipient: r.body_text for r in rows if r.kind == "notice"}
    assert sorted(notices) == sorted(mail_game.game().powers)
    assert all("SET france honor 9" in text for text in notices.values())
    assert [p for p, text in notices.items() if "SET hungary florins 777" in text] == ["hungary"]
    assert mail_game.judge.view("g1", "gm").data["powers"]["hungary"]["florins"] == 777
    assert mail_game.game().loaded_dice == {"T1.taxes": [6, 6]}


def test_gm_clock_and_seats_by_mail(mail_game: MailGame) -> None:
    """EXTEND, PAUSE, RESUME, NEW-SECRET and REPLACE by mail, each in the mail's one transaction."""
    deadline = mail_game.judge.next_deadline("g1")
    assert deadline is not None
    out, rows = run(mail_game, gm("EXTEND 24"), sender="gm@example.org")
    assert out.status == "answered", out.line()
    assert "Deadline extended to" in reply_of(rows)
    assert mail_game.judge.next_deadline("g1") == deadline + timedelta(hours=24)
    told = [r for r in rows if r.attachments and r.attachments[0]["content_type"] == "text/calendar"]
    assert set(mail_game.game().powers) <= {r.recipient for r in told}
    out, rows = run(mail_game, gm("PAUSE"), sender="gm@example.org", mid="m2")
    assert "Paused" in reply_of(rows) and mail_game.game().status == "paused"
    assert mail_game.judge.next_deadline("g1") is None
    out, rows = run(mail_game, gm("RESUME"), sender="gm@example.org", mid="m3")
    assert mail_game.game().status == "active"
    assert mail_game.judge.next_deadline("g1") == deadline + timedelta(hours=24)  # the same NOW: time kept
    out, rows = run(mail_game, gm("NEW-SECRET france"), sender="gm@example.org", mid="m4")
    assert "france has a new secret" in reply_of(rows)
    secret = next(r for r in rows if r.kind == "secret" and r.recipient == "france")
    assert secret.address == "roi@france.example"
    out, _ = run(mail_game, f"{envelope('france')}\nLOAN", sender="roi@france.example", mid="m5")
    assert out.status == "refused"  # the old secret no longer works
    out, rows = run(mail_game, gm("REPLACE byzantium new@byz.example"), sender="gm@example.org", mid="m6")
    assert out.status == "answered" and "byzantium is now played from new@byz.example" in reply_of(rows)
    briefing = next(r for r in rows if r.kind == "briefing")
    assert briefing.address == "new@byz.example" and "You now play byzantium" in briefing.body_text
    assert mail_game.power("byzantium").address == "new@byz.example"
    out, rows = run(
        mail_game, gm("EXTEND 24\nREPLACE atlantis x@y.example"), sender="gm@example.org", mid="m7"
    )
    assert out.status == "refused" and "atlantis" in reply_of(rows)
    assert mail_game.judge.next_deadline("g1") == deadline + timedelta(hours=24)  # all or nothing


def test_a_gm_mail_is_all_or_nothing(mail_game: MailGame) -> None:
    digest = mail_game.game().state_digest
    out, rows = run(mail_game, gm("SET hungary florins 777\nSET hungary dragons 3"), sender="gm@example.org")
    assert out.status == "refused" and len(rows) == 1
    assert (
        "line 3: 'SET hungary dragons 3'" in rows[0].body_text and "nothing was changed" in rows[0].body_text
    )
    assert mail_game.game().state_digest == digest


def test_gm_process_guarded_by_window_rollback_and_broadcast(mail_game: MailGame) -> None:
    out, rows = run(mail_game, gm("PROCESS T1.bids"), sender="gm@example.org")
    assert out.status == "refused" and "window 'T1.bids' is not the open window" in rows[0].body_text
    out, rows = run(mail_game, gm("PROCESS T1.economy"), sender="gm@example.org", mid="m2")
    assert out.status == "answered" and "Adjudicated T1.economy" in reply_of(rows)
    assert any(r.kind == "report" for r in rows)
    opened = mail_game.judge.game("g1")[1].label
    assert opened != "T1.economy"
    out, rows = run(
        mail_game,
        gm("ROLLBACK T1.economy\nBROADCAST\nWe replay the economy."),
        sender="gm@example.org",
        mid="m3",
    )
    assert out.status == "answered" and "Rolled back: T1.economy is open again" in reply_of(rows)
    assert mail_game.judge.game("g1")[1].label == "T1.economy"
    kinds = sorted((r.kind, r.recipient) for r in rows if r.kind == "notice")
    assert len(kinds) == 8 and any(r.body_text == "We replay the economy." for r in rows)


def test_gm_from_another_address_or_player_verbs(mail_game: MailGame) -> None:
    out, rows = run(mail_game, gm("SET hungary florins 1"))
    assert out.status == "refused" and "could not be authenticated" in rows[0].body_text
    assert "not the GM's address on file" in out.summary and "GM's address" not in rows[0].body_text
    out, rows = run(mail_game, gm("TIMEZONE Europe/Rome\nSTATE"), sender="gm@example.org", mid="m2")
    assert "TIMEZONE is not a command for the GM" in reply_of(rows) and "as the GM sees it" in reply_of(rows)


def test_a_message_left_received_by_a_crash_is_processed_again(mail_game: MailGame) -> None:
    raw = mail(f"{envelope()}\nBUY TECH caccia")
    with Session(mail_game.engine) as session, session.begin():
        session.add(InboundMail(message_id="<m1@test>", raw=raw, status="received"))
    out = mail_game.gateway.ingest(raw, source="imap", now=NOW)
    assert out.status == "answered" and latest(mail_game, "hungary").orders == ["BUY TECH caccia"]
    again = mail_game.gateway.ingest(raw, source="imap", now=NOW)
    assert again.status == "duplicate" and latest(mail_game, "hungary").version == 2


def test_a_late_mail_is_refused(mail_game: MailGame) -> None:
    out = mail_game.gateway.ingest(
        mail(f"{envelope()}\nBUY TECH caccia"), source="cli", now=NOW + timedelta(days=3)
    )
    assert out.status == "refused"
    assert "too late: T1.economy closed at Mon 3 Mar 2025 12:00 UTC" in out.summary


# ---- DKIM --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def dkim_key(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """A local RSA key (openssl, as dkimpy's dknewkey makes it) and its DNS TXT record."""
    pem = tmp_path_factory.mktemp("dkim") / "key.pem"
    subprocess.run(
        ["openssl", "genrsa", "-traditional", "-out", str(pem), "2048"], check=True, capture_output=True
    )
    der = subprocess.run(
        ["openssl", "rsa", "-in", str(pem), "-pubout", "-outform", "DER"], check=True, capture_output=True
    ).stdout
    return Path(pem).read_bytes(), b"v=DKIM1; k=rsa; p=" + base64.b64encode(der)


def test_dkim_when_the_game_asks_for_it(mail_game: MailGame, dkim_key: tuple[bytes, bytes]) -> None:
    private, record = dkim_key
    mail_game.gateway.dnsfunc = lambda name, timeout=5: (
        record if name == b"sel._domainkey.hungary.example." else None
    )
    with Session(mail_game.engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.options = {**game.options, "dkim": True}

    def signed(body: str, mid: str, domain: bytes = b"hungary.example") -> bytes:
        raw = mail(body, mid=mid).replace(b"\n", b"\r\n")
        return (
            dkim.sign(raw, b"sel", domain, private, include_headers=[b"from", b"subject", b"message-id"])
            + raw
        )

    out = mail_game.gateway.ingest(signed(f"{envelope()}\nBUY TECH caccia", "d1"), source="cli", now=NOW)
    assert out.status == "answered", out.line()
    tampered = signed(f"{envelope()}\nBUY TECH caccia", "d2").replace(b"caccia", b"agricoltura")
    out = mail_game.gateway.ingest(tampered, source="cli", now=NOW)
    assert out.status == "refused" and "DKIM check failed" in out.summary
    out = mail_game.gateway.ingest(mail(f"{envelope()}\nLOAN", mid="d3"), source="cli", now=NOW)
    assert out.status == "refused" and "no valid DKIM signature" in out.summary
    assert latest(mail_game, "hungary").orders == ["BUY TECH caccia"]


# ---- the CLI -----------------------------------------------------------------------------------
def test_mail_ingest_on_stdin(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.cli import app

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", f"{tmp_path}/cli.db")
    cli = CliRunner()
    created = cli.invoke(
        app, ["game", "create", "g1", "--powers", "hungary,byzantium", "--gm-address", "gm@x.example"]
    )
    assert created.exit_code == 0, created.output
    assert "GM secret (mail commands with POWER gm):" in created.output
    done = cli.invoke(app, ["mail", "ingest"], input=mail("GAME g1 POWER hungary SECRET wrong\nHELP"))
    assert done.exit_code == 0 and done.output.startswith(
        "refused <m1@test>: auth-failed: wrong secret for hungary in g1"
    )
    again = cli.invoke(app, ["mail", "ingest"], input=mail("GAME g1 POWER hungary SECRET wrong\nHELP"))
    assert again.exit_code == 0 and again.output.startswith("duplicate <m1@test>")
    with Session(
        __import__("adjudicator.store.db", fromlist=["x"]).make_engine(f"sqlite:///{tmp_path}/cli.db")
    ) as s:
        assert len(list(s.exec(select(InboundMail)))) == 1
