"""A report mail's inline images (mail/compose.py): the part made once for every mail that shows
the same image (issue 18), each mail's own copy, the message what ``add_related`` made."""

from __future__ import annotations

import base64
import re
from email.message import EmailMessage

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


def _same(a: bytes, b: bytes) -> bool:
    return re.sub(rb"=+\d+==", b"B", a) == re.sub(rb"=+\d+==", b"B", b)


def test_the_mail_is_what_add_related_made_and_each_has_its_own_image_part() -> None:
    first, second = compose(_row("france"), SETTINGS), compose(_row("england"), SETTINGS)
    assert _same(first.as_bytes(), _by_add_related(_row("france")))
    images = [[p for p in m.walk() if p.get_content_type() == "image/png"] for m in (first, second)]
    assert sorted(p.get_content() for p in images[0]) == sorted(base64.b64decode(x) for x in (PNG, PNG[:400]))
    assert all(a is not b for a, b in zip(*images, strict=True))  # a mail's parts are its own
    images[0][0]["X-Changed"] = "only the first mail"
    assert "X-Changed" not in images[1][0] and isinstance(second, EmailMessage)
