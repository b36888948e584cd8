"""A report mail's inline images (mail/compose.py): the part made once for every mail that shows
the same image (issue 18), each mail's own copy, the message what ``add_related`` made."""

from __future__ import annotations

import base64
import re
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

from adjudicator.config import Settings
from adjudicator.mail.compose import compose
from adjudicator.store.models import Outbox

SETTINGS = Settings.model_validate({"judge": {"address": "judge@club.example", "name": "Judge"}})
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 30).decode("ascii")


def _row(recipient: str) -> Outbox:
    return Outbox(
        id=1,
        kind="report",
        recipient=recipient,
        address=f"{recipient}@players.example",
        subject="Report T1.war",
        body_text="The board after T1.war.\n",
        body_html='<p><img src="cid:map"></p>',
        message_id=f"<{recipient}@club.example>",
        created_at=datetime(2026, 3, 2, 12, 0, tzinfo=UTC),
        attachments=[
            {"cid": "map", "filename": "map.png", "content_type": "image/png", "base64": PNG},
            {"cid": "region", "filename": "region.png", "content_type": "image/png", "base64": PNG[:400]},
        ],
    )


def _by_add_related(row: Outbox) -> bytes:
    """What the mail was before: each image decoded and encoded again by ``add_related``."""
    msg = compose(row.model_copy(update={"attachments": []}), SETTINGS)
    for item in row.attachments:
        html = next(p for p in msg.walk() if p.get_content_type() == "text/html")
        html.add_related(base64.b64decode(item["base64"]), "image", "png", cid=f"<{item['cid']}>")
    return msg.as_bytes()


BOUNDARY = rb"=_[0-9a-f]{32}|=+\d+=="
"""Ours (compose.boundary) or the generator's."""


def _same(a: bytes, b: bytes) -> bool:
    """The same message but for the boundaries (and how their header was folded)."""
    a, b = (re.sub(BOUNDARY, b"B", m).replace(b";\n boundary=", b"; boundary=") for m in (a, b))
    return a == b


def test_the_mail_is_what_add_related_made_and_each_has_its_own_image_part() -> None:
    first, second = compose(_row("france"), SETTINGS), compose(_row("england"), SETTINGS)
    assert _same(first.as_bytes(), _by_add_related(_row("france")))
    images = [[p for p in m.walk() if p.get_content_type() == "image/png"] for m in (first, second)]
    assert sorted(p.get_content() for p in images[0]) == sorted(base64.b64decode(x) for x in (PNG, PNG[:400]))
    assert all(a is not b for a, b in zip(*images, strict=True))  # a mail's parts are its own
    images[0][0]["X-Changed"] = "only the first mail"
    assert "X-Changed" not in images[1][0] and isinstance(second, EmailMessage)


def test_every_multipart_has_its_own_secret_boundary_and_the_mail_parses_back() -> None:
    msg = compose(_row("france"), SETTINGS)
    boundaries = [p.get_boundary() for p in msg.walk() if p.is_multipart()]
    assert len(boundaries) == 3 and len(set(boundaries)) == 3  # the alternative, two related
    assert all(re.fullmatch(BOUNDARY.decode(), str(b)) for b in boundaries)
    back = BytesParser(policy=policy.default).parsebytes(msg.as_bytes())
    assert [p.get_content_type() for p in back.walk()] == [p.get_content_type() for p in msg.walk()]
    assert back.get_body(("plain",)).get_content() == "The board after T1.war.\n"  # type: ignore[union-attr]
