"""A message's bytes for the Maildir (mail/wire.py) are the standard library's, byte for byte."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage

import pytest

from adjudicator.mail.wire import message_bytes


def _message() -> EmailMessage:
    msg = EmailMessage(policy=policy.default)
    msg["From"] = "Judge <judge@club.example>"
    msg["To"] = "france@players.example"
    msg["Subject"] = "Report T1.war — Kraków"
    msg.set_content("line one\nline two\n\nnon-ASCII: é\n", charset="utf-8", cte="quoted-printable")
    msg.add_alternative("<p>one</p>\r\n<p>two</p>\rthree", subtype="html", charset="utf-8", cte="7bit")
    msg.add_attachment(bytes(range(256)) * 40, maintype="image", subtype="png", filename="map.png")
    msg.add_attachment("no line end at the end", subtype="plain", filename="orders.txt", cte="7bit")
    msg.add_attachment("", subtype="plain", filename="empty.txt", cte="7bit")
    return msg


@pytest.mark.parametrize(
    "chosen",
    [policy.default.clone(linesep="\n"), policy.default, policy.SMTP, None],
    ids=["maildir", "default", "crlf", "the-messages-own"],
)
def test_the_bytes_are_the_standard_librarys(chosen: policy.Policy | None) -> None:
    msg = _message()
    assert message_bytes(msg, chosen) == msg.as_bytes(policy=chosen)
