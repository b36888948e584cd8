"""message.py: raw bytes to an InboundMessage, for every shape of mail clients send; never a crash."""

from __future__ import annotations

import base64

import pytest

from adjudicator.mail.message import parse_message
from adjudicator.mail.redact import redact_raw


def raw(headers: str, body: bytes | str) -> bytes:
    return headers.encode() + b"\n" + (body.encode() if isinstance(body, str) else body)


def test_plain_headers_are_read_and_the_sender_lower_cased() -> None:
    msg = parse_message(
        raw(
            "From: King <KING@Hungary.Example>\nReply-To: Chancery <chancery@hungary.example>\n"
            "Subject: my orders\nMessage-ID: <a1@x>\nIn-Reply-To: <r@judge>\n"
            "References: <p@judge> <r@judge>\n",
            "BID 5\n",
        )
    )
    assert (msg.sender, msg.reply_to, msg.subject) == (
        "king@hungary.example",
        "chancery@hungary.example",
        "my orders",
    )
    assert (msg.message_id, msg.in_reply_to, msg.references) == (
        "<a1@x>",
        "<r@judge>",
        ("<p@judge>", "<r@judge>"),
    )
    assert msg.body == "BID 5\n" and msg.notes == () and msg.no_reply is None
    assert msg.answer_to == "chancery@hungary.example"


def test_a_missing_message_id_is_made_from_the_bytes() -> None:
    one = raw("From: a@b.example\n", "BID 5\n")
    assert parse_message(one).message_id == parse_message(one).message_id
    assert parse_message(one).message_id.endswith("@no-message-id.invalid>")
    assert parse_message(one).message_id != parse_message(one + b"x").message_id


def test_alternative_prefers_plain_and_says_nothing() -> None:
    msg = parse_message(
        raw(
            'From: a@b.example\nContent-Type: multipart/alternative; boundary="B"\n',
            "--B\nContent-Type: text/plain\n\nBID 5\n--B\nContent-Type: text/html\n\n<p>BID 9</p>\n--B--\n",
        )
    )
    assert msg.body.strip() == "BID 5" and msg.notes == ()


def test_html_only_is_converted_without_wrapping() -> None:
    long = "PACT WITH france FOR 3 TURNS SECRET: " + "free passage " * 10
    msg = parse_message(
        raw(
            "From: a@b.example\nContent-Type: text/html; charset=utf-8\n",
            f"<div>{long}</div><div>READY</div>",
        )
    )
    assert long.strip() in msg.body and "READY" in msg.body
    assert msg.notes == ("the HTML part was converted to text",)


def test_nested_multipart_with_attachments() -> None:
    body = (
        '--O\nContent-Type: multipart/related; boundary="R"\n\n'
        '--R\nContent-Type: multipart/alternative; boundary="A"\n\n'
        "--A\nContent-Type: text/plain; charset=utf-8\n\nLOAN\n"
        "--A\nContent-Type: text/html\n\n<p>LOAN</p>\n--A--\n"
        '--R\nContent-Type: image/png\nContent-Disposition: inline; filename="crest.png"\n\nxx\n--R--\n'
        "--O\nContent-Type: text/plain\n"
        'Content-Disposition: attachment; filename="notes.txt"\n\nBID 99\n--O--\n'
    )
    msg = parse_message(raw('From: a@b.example\nContent-Type: multipart/mixed; boundary="O"\n', body))
    assert msg.body.strip() == "LOAN"
    assert msg.notes == ("attachment crest.png ignored", "attachment notes.txt ignored")


@pytest.mark.parametrize(
    ("charset", "encoding", "body"),
    [
        ("iso-8859-1", "8bit", "Città".encode("latin-1")),
        ("windows-1252", "8bit", "“Città” €".encode("cp1252")),
        ("utf-8", "base64", base64.encodebytes("Città".encode())),
        ("utf-8", "quoted-printable", b"Citt=C3=\n=A0"),
        ("koi8-r", "8bit", "Город".encode("koi8-r")),
    ],
)
def test_charsets_and_transfer_encodings(charset: str, encoding: str, body: bytes) -> None:
    msg = parse_message(
        raw(
            f"From: a@b.example\nContent-Type: text/plain; charset={charset}\n"
            f"Content-Transfer-Encoding: {encoding}\n",
            body,
        )
    )
    assert msg.body.strip() in ("Città", "“Città” €", "Город")


def test_missing_or_unknown_charset_and_bad_bytes_never_crash() -> None:
    assert parse_message(raw("From: a@b.example\n", "Città".encode())).body == "Città"
    assert parse_message(raw("From: a@b.example\n", "Città".encode("cp1252"))).body == "Città"
    unknown = parse_message(
        raw("From: a@b.example\nContent-Type: text/plain; charset=x-klingon\n", b"BID 5 \xff")
    )
    assert unknown.body.startswith("BID 5 ")
    bad = parse_message(
        raw("From: a@b.example\nContent-Type: text/plain; charset=utf-8\n", b"BID \xff\xfe 5")
    )
    assert bad.body == "BID \ufffd\ufffd 5"
    assert parse_message(b"\x00\xff garbage without headers").sender is None
    assert parse_message(b"").no_reply == "no sender address"


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        ("From: a@b.example\nAuto-Submitted: auto-replied\n", "Auto-Submitted: auto-replied"),
        ("From: a@b.example\nPrecedence: bulk\n", "Precedence: bulk"),
        ("From: a@b.example\nPrecedence: list\n", "Precedence: list"),
        ("From: a@b.example\nX-Autoreply: yes\n", "an auto-reply (X-Autoreply)"),
        ("From: MAILER-DAEMON@mx.example\n", "sent by mailer-daemon@mx.example"),
        ("From: a@b.example\nReturn-Path: <>\n", "empty return path (a bounce)"),
        ("From: Judge <JUDGE@localhost>\n", "our own mail came back"),
        ('From: a@b.example\nContent-Type: multipart/report; boundary="x"\n', "a delivery report (bounce)"),
    ],
)
def test_mail_we_must_not_answer(headers: str, why: str) -> None:
    assert parse_message(raw(headers, "x\n"), own_address="judge@localhost").no_reply == why


def test_auto_submitted_no_is_a_person() -> None:
    assert parse_message(raw("From: a@b.example\nAuto-Submitted: no\n", "x\n")).no_reply is None


@pytest.mark.parametrize(
    ("headers", "body", "plain"),
    [
        ("Content-Type: text/plain; charset=utf-8\n", b"GAME g SECRET abc\n", True),
        ("", b"GAME g SECRET abc\n", True),
        ("Content-Type: text/plain; charset=utf-8\n", "GAME g SECRET abc città\n".encode(), False),
        ("Content-Type: text/plain; charset=utf-7\n", b"GAME g +AFM-ECRET abc\n", False),
        ("Content-Type: text/plain; format=flowed\n", b"GAME g SECRET \nabc\n", False),
        ("Content-Transfer-Encoding: quoted-printable\n", b"GAME g SEC=\nRET abc\n", False),
        ("Content-Transfer-Encoding: base64\n", base64.encodebytes(b"SECRET abc"), False),
        ("Content-Type: multipart/mixed; boundary=b\n", b"--b\n\nSECRET abc\n--b--\n", False),
    ],
)
def test_only_a_plain_message_skips_the_second_read_of_the_redaction(
    headers: str, body: bytes, plain: bool
) -> None:
    """``plain`` lets redact_raw hide the secret in the bytes without parsing the message again;
    it must be False wherever the text as read differs from the bytes (an encoding, a charset that
    is not ASCII, a flowed line, parts), and then the full redaction hides what the bytes do not."""
    message = raw("From: a@b.example\nMessage-ID: <p@x>\n" + headers, body)
    read = parse_message(message)
    assert read.plain is plain
    kept = redact_raw(message, plain=read.plain)
    assert kept == redact_raw(message)  # the shortcut stores what the full check stores
    assert "abc" not in parse_message(kept).body
