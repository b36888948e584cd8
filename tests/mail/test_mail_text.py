"""Mail as players write it (issue 15): replies in the players' languages, the judge's own texts
pasted back, short and helpful refusals, POWER by kingdom name, late mail, the order template's
placeholder and the order template sent back as an attachment.

The raw messages of each client (Thunderbird, neomutt, Apple Mail, Gmail, Outlook) are in the
corpus (corpus/flowed_*, gmail_reply, outlook_*, html_only_signature, apple_mail_flowed); these
tests cover what the corpus cannot: many markers, and texts only the running judge can make.
"""

from __future__ import annotations

import email
import email.policy
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.mail.commands import parse_request
from adjudicator.mail.flowed import unflow
from adjudicator.mail.htmltext import html_to_text
from adjudicator.mail.message import parse_message
from adjudicator.store.models import Outbox
from tests.mail.conftest import NOW, MailGame, envelope, mail
from tests.mail.test_gateway import latest, reply_of, run

ON_SQLITE = pytest.mark.parametrize("engine", ["sqlite"], indirect=True)
"""The store plays no part in how a mail is read: these run on one."""
NEW = f"{envelope()}\nBUY TECH caccia\n"
CORPUS = Path(__file__).parent / "corpus"
SECRET_PLACEHOLDER = "<your secret>"
"""What the order template of a report writes for the secret (report/order_template.py)."""


@pytest.mark.parametrize(
    "marker",
    [
        "On Sat, 1 Mar 2025 at 12:30, Judge of g1 <judge@localhost> wrote:",
        "On Sat, 1 Mar 2025 at 12:30, Judge of g1 <\njudge@localhost> wrote:",
        "Il giorno sab 1 mar 2025 alle ore 12:30 Judge <judge@localhost> ha scritto:",
        "Am Sa., 1. März 2025 um 12:30 Uhr schrieb Judge <judge@localhost>:",
        "Le sam. 1 mars 2025 à 12:30, Judge <judge@localhost> a écrit :",
        "-----Original Message-----",
        "-----Messaggio originale-----",
        "________________________________\nFrom: Judge <judge@localhost>\nSent: Saturday, March 1, 2025",
        "Da: Judge <judge@localhost>\nInviato: sabato 1 marzo 2025 12:30\nA: King",
        "Von: Judge <judge@localhost>\nGesendet: Samstag, 1. März 2025 12:30\nAn: King",
        "De : Judge <judge@localhost>\nEnvoyé : samedi 1 mars 2025 12:30\nÀ : King",
        "*From:* Judge <judge@localhost>\n*To:* King\n*Date:* Sat, 1 Mar 2025",
    ],
)
def test_a_reply_marker_ends_what_the_player_wrote(marker: str) -> None:
    body = f"{NEW}\n{marker}\n\nGAME g1 POWER hungary SECRET hungary-secret\nBUY TECH agricoltura\nREADY\n"
    request = parse_request(parse_message(mail(body)).body)
    assert request.orders.lines == [(2, "BUY TECH caccia")]
    assert request.orders.ready is None and not request.problems


@pytest.mark.parametrize(
    "line",
    [
        "On Monday we march on Vienna",
        "From: the King, with love",
        "> On Sat, 1 Mar 2025, Judge wrote:",
        "Le roi a écrit une lettre",
    ],
)
def test_lines_like_a_marker_are_still_read(line: str) -> None:
    request = parse_request(parse_message(mail(f"{NEW}{line}\nREADY\n")).body)
    assert request.orders.ready is True, line


@ON_SQLITE
def test_a_pasted_receipt_or_report_is_not_read_again(mail_game: MailGame) -> None:
    receipt = reply_of(run(mail_game, f"{NEW}READY\n")[1])
    report = next(r.body_text for r in mail_game.outbox() if r.kind == "report" and r.recipient == "hungary")
    for number, old in enumerate((receipt, report)):
        out, rows = run(mail_game, f"{envelope()}\nLOAN\n\n{old}", mid=f"paste{number}")
        assert out.status == "answered"
        assert latest(mail_game, "hungary").orders == ["LOAN"]
        assert latest(mail_game, "hungary").ready is False
        assert "Rejected" not in reply_of(rows)


@ON_SQLITE
def test_unreadable_lines_get_one_short_line_and_near_names_a_suggestion(mail_game: MailGame) -> None:
    body = f"{envelope()}\nBUY TECH cacia\nDEPLOY 3 IN Pesth\nBYU TECH caccia\nThanks\nDEPLOY lots\n"
    text = reply_of(run(mail_game, body)[1])
    assert "line 2: 'BUY TECH cacia': no technology called 'cacia' (did you mean CACCIA?)" in text
    assert "line 3: 'DEPLOY 3 IN Pesth': no territory called 'Pesth' (did you mean Pest?)" in text
    assert "line 4: not an order: 'BYU TECH caccia' (did you mean BUY?)" in text
    assert "line 5: not an order: 'Thanks'\n" in text
    assert "line 6: 'DEPLOY lots': cannot read this DEPLOY order; expected e.g. DEPLOY 20 IN Pest\n" in text
    assert "BUY TECH Banche" not in text  # no list of every order


@ON_SQLITE
def test_the_envelope_may_name_the_kingdom(mail_game: MailGame) -> None:
    names = ("Ungheria", "HUNGARY", "Hungary", "hungary", "Regno di Ungheria", "regno  di ungheria")
    for number, name in enumerate(names):
        body = f"GAME g1 POWER {name} SECRET hungary-secret\nBUY TECH caccia\n"
        out, rows = run(mail_game, body, mid=f"name{number}")
        assert (out.status, out.power) == ("answered", "hungary"), (name, out.line())
        assert "Orders of hungary for g1" in reply_of(rows)
    out, _ = run(mail_game, "GAME g1 POWER Ungherai SECRET hungary-secret\nLOAN\n", mid="typo")
    assert out.status == "refused" and "unknown power" in out.summary


@ON_SQLITE
def test_a_late_mail_is_told_when_the_window_closed(mail_game: MailGame) -> None:
    mail_game.judge.set_calendar("g1", {"timezone": "Europe/Rome"}, now=NOW)
    late = NOW + timedelta(days=3)  # past the deadline (T0 + 48 h), before the window is adjudicated
    before = len(mail_game.outbox())
    out = mail_game.gateway.ingest(mail(NEW), source="cli", now=late)
    text = mail_game.outbox()[before].body_text
    assert out.status == "refused"
    assert "too late: T1.economy closed at Mon 3 Mar 2025 13:00 CET" in text, text


def _template(g: MailGame) -> tuple[str, str, str]:
    """The order template of hungary's last report as the judge attached it (file name, text) and
    the same with its first BUY TECH order taken out of its comment (the order)."""
    report: Outbox = next(r for r in reversed(g.outbox()) if r.kind == "report" and r.recipient == "hungary")
    found = next(a for a in report.attachments if a["filename"].startswith("orders-"))
    order = next(line[2:] for line in found["text"].splitlines() if line.startswith("# BUY TECH "))
    return found["filename"], found["text"], order


def _with_attachment(body: str, name: str, text: str, mid: str) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "King <king@hungary.example>", "judge@localhost", "orders"
    msg["Message-ID"] = f"<{mid}@test>"
    msg.set_content(body)
    msg.add_attachment(text.encode(), maintype="text", subtype="plain", filename=name)
    return msg.as_bytes()


@ON_SQLITE
def test_the_templates_placeholder_is_named(mail_game: MailGame) -> None:
    _, template, order = _template(mail_game)
    assert f"SECRET {SECRET_PLACEHOLDER}" in template
    filled = template.replace(f"# {order}\n", f"{order}\n")
    out, rows = run(mail_game, filled)
    assert out.status == "refused"
    assert f"replace {SECRET_PLACEHOLDER} with your secret" in rows[0].body_text


@ON_SQLITE
def test_orders_in_an_attached_template_are_read(mail_game: MailGame) -> None:
    name, template, order = _template(mail_game)
    filled = template.replace(SECRET_PLACEHOLDER, "hungary-secret").replace(f"# {order}\n", f"{order}\n")
    before = len(mail_game.outbox())
    out = mail_game.gateway.ingest(
        _with_attachment("My orders.\n", name, filled, "a1"), source="cli", now=NOW
    )
    text = reply_of(mail_game.outbox()[before:])
    assert out.status == "answered", out.line()
    assert latest(mail_game, "hungary").orders == [order]
    assert f"your orders were read from the attached file {name}" in text
    # the mail's own text wins when it has the envelope; the attachment is then left unread
    raw = _with_attachment(f"{envelope()}\nLOAN\n", name, filled, "a2")
    before = len(mail_game.outbox())
    mail_game.gateway.ingest(raw, source="cli", now=NOW)
    assert latest(mail_game, "hungary").orders == ["LOAN"]
    assert f"attachment {name} ignored" in reply_of(mail_game.outbox()[before:])


@pytest.mark.parametrize(
    ("sent", "delsp", "read"),
    [
        ("a \nb\n", False, "a b\n"),
        ("BUY TECH cac \ncia\n", True, "BUY TECH caccia\n"),
        (" From here\n", False, "From here\n"),  # space-stuffed (RFC 3676 §4.4)
        ("> q \n> r\n>> s \nt\n", False, "> q r\n>> s \nt\n"),  # another depth ends it (§4.5)
        ("orders \n-- \nKing\n", False, "orders \n-- \nKing\n"),  # the signature stands alone
        ("orders\n-- \nKing \nof Hungary\n", False, "orders\n-- \nKing of Hungary\n"),  # §4.3
    ],
)
def test_flowed_text_is_joined_as_rfc_3676_says(sent: str, delsp: bool, read: str) -> None:
    assert unflow(sent, delsp=delsp) == read


@pytest.mark.parametrize(
    ("html", "lines"),
    [
        ("<p>GAME g1</p><p>BUY&nbsp;TECH caccia<br>READY</p>", ["GAME g1", "BUY TECH caccia", "READY"]),
        ("<div>a</div><div><br></div><div>b</div>", ["a", "", "b"]),
        ("<p>1. BUY + x</p><p>--&nbsp;</p><p>sig</p>", ["1. BUY + x", "--", "sig"]),  # nothing escaped
        ("<div>a<blockquote>q<br>r</blockquote>b</div>", ["a", "> q", "> r", "b"]),
        ("<html><head><meta charset=utf-8><title>t</title><body><p>a</p>", ["a"]),  # head left open
        ("<p>a</p><hr><p>b</p>", ["a", "_" * 32, "b"]),
    ],
)
def test_html_is_read_as_the_lines_the_player_saw(html: str, lines: list[str]) -> None:
    assert html_to_text(html).splitlines() == lines


@pytest.mark.parametrize(("case", "ready"), [("gmail_reply", True), ("outlook_reply", None)])
def test_the_html_part_of_a_reply_alone_is_cut_too(case: str, ready: bool | None) -> None:
    """Gmail's gmail_quote and Outlook's divRplyFwdMsg, as an HTML-only mail of the same reply."""
    sent = email.message_from_bytes((CORPUS / f"{case}.eml").read_bytes(), policy=email.policy.default)
    html = next(p for p in sent.walk() if p.get_content_type() == "text/html")
    assert isinstance(html, EmailMessage)
    head = (
        "From: King <king@hungary.example>\nMessage-ID: <h@test>\nContent-Type: text/html; charset=utf-8\n\n"
    )
    request = parse_request(parse_message((head + html.get_content()).encode()).body)
    assert request.orders.lines == [(2, "BUY TECH caccia")]
    assert request.orders.ready is ready and not request.problems
