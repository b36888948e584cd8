"""One outbox row as an RFC 5322 message, the same bytes every time the row is sent.

Everything in the message comes from the row and the operator's settings (the Date is the row's
creation time, not the moment of sending), so a resend after a crash is the same message with the
same Message-ID, and a client that already has it drops the copy.
"""

from __future__ import annotations

import base64
import copy
import secrets
from collections import OrderedDict
from datetime import UTC
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import Policy, default
from email.utils import format_datetime
from threading import Lock

from adjudicator.config import Settings
from adjudicator.store.models import Outbox

REPLY_KINDS = frozenset({"reply", "receipt"})
"""Answers to a mail a person sent: ``Auto-Submitted: auto-replied`` (RFC 3834 §5); the rest is
``auto-generated``."""


MAX_ADDRESS = 254
"""The longest address any mail system takes (RFC 5321 §4.5.3.1.3: a path of 256 octets with its
angle brackets)."""


class ComposeError(ValueError):
    """A row that can never become a message (no address, an address too long, a header with a line
    break in it): the sender marks it failed at once, it is never retried."""


def _address(name: str, address: str) -> Address:
    """A mailbox with a display name; ``Address`` refuses a malformed address with a clear error."""
    if "@" not in address:
        raise ComposeError(f"address {address!r}: expected local@domain")
    if len(address) > MAX_ADDRESS:
        raise ComposeError(f"address of {len(address)} characters is too long (at most {MAX_ADDRESS})")
    local, _, domain = address.rpartition("@")
    return Address(display_name=name, username=local, domain=domain)


MAX_LINE = 998
"""The longest line a message may carry (RFC 5322 §2.1.1)."""


def _cte(text: str) -> str | None:
    """Quoted-printable for non-ASCII text (readable in any client's source view); ASCII text whose
    lines fit a message as they are goes as it is (7bit): an attached report or map is mostly
    ``="…"``, which quoted-printable would write three times as long. Else the default."""
    if not text.isascii():
        return "quoted-printable"
    return "7bit" if all(len(line) <= MAX_LINE for line in text.splitlines()) else None


IMAGE_PARTS = 32
"""Inline images kept encoded: a window's board is the same in every one of its reports."""
_images: OrderedDict[tuple[str, str, str], EmailMessage] = OrderedDict()
_images_lock = Lock()


def _image(item: dict[str, str], policy: Policy) -> EmailMessage:
    """The MIME part of an inline image, as ``add_related`` makes it, encoded once: the same
    board PNG in every report of a window was decoded and encoded again for each (issue 18)."""
    key = (item["base64"], item.get("content_type", "image/png"), item["cid"])
    with _images_lock:
        made = _images.get(key)
        if made is not None:
            _images.move_to_end(key)
    if made is None:
        maintype, _, subtype = key[1].partition("/")
        made = EmailMessage(policy=policy)
        made.set_content(
            base64.b64decode(item["base64"]), maintype=maintype, subtype=subtype, cid=f"<{key[2]}>"
        )
        if "content-disposition" not in made:
            made["Content-Disposition"] = "inline"
        with _images_lock:
            _images[key] = made
            while len(_images) > IMAGE_PARTS:
                _images.popitem(last=False)
    return copy.deepcopy(made)


def _related(msg: EmailMessage, item: dict[str, str]) -> None:
    """An image the HTML part shows by Content-ID: it joins the HTML in a ``multipart/related``
    (what ``add_related`` does, with the image's part made once: ``_image``)."""
    for part in msg.walk():
        if part.get_content_type() == "text/html" and not part.is_attachment():
            part.make_related()  # the HTML part becomes a related holding the HTML, as add_related does
            part.attach(_image(item, part.policy))
            return
    raise ComposeError(f"inline image {item.get('filename')}: the mail has no HTML part to show it")


def _attach(msg: EmailMessage, item: dict[str, str]) -> None:
    if item.get("cid"):
        _related(msg, item)
        return
    filename = item.get("filename", "attachment.txt")
    content_type = item.get("content_type") or (
        "text/calendar" if filename.lower().endswith(".ics") else "text/plain"
    )
    maintype, _, subtype = content_type.partition("/")
    text = item.get("text", "")
    if "base64" in item:
        msg.add_attachment(
            base64.b64decode(item["base64"]), maintype=maintype, subtype=subtype, filename=filename
        )
    elif maintype == "text":
        params = {"method": "PUBLISH"} if subtype == "calendar" else None
        msg.add_attachment(text, subtype=subtype or "plain", filename=filename, params=params, cte=_cte(text))
    else:  # JSON and the like: as it is when it is short-lined ASCII, else base64
        cte = "7bit" if _cte(text) == "7bit" else "base64"
        msg.add_attachment(
            text.encode("utf-8"),
            maintype=maintype,
            subtype=subtype or "octet-stream",
            filename=filename,
            cte=cte,
        )


def compose(row: Outbox, settings: Settings) -> EmailMessage:
    """The message for ``row``: headers, text (and HTML) body, attachments; UTF-8 throughout.

    Anything in the row that no message can hold (a line break in a name or a subject, a broken
    attachment) raises ``ComposeError`` naming the row, never another exception."""
    if not row.address:
        raise ComposeError(f"outbox row {row.id} ({row.kind} for {row.recipient}): no address on file")
    try:
        return _compose(row, settings)
    except ComposeError:
        raise
    except (ValueError, TypeError, KeyError) as exc:  # email's header checks, base64, a bad attachment
        raise ComposeError(f"outbox row {row.id} ({row.kind} for {row.recipient!r}): {exc}") from exc


def _compose(row: Outbox, settings: Settings) -> EmailMessage:
    assert row.address is not None
    msg = EmailMessage(policy=default)
    msg["From"] = _address(settings.judge.name, settings.judge.address)
    msg["To"] = _address(row.recipient, row.address)
    msg["Subject"] = row.subject
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    msg["Date"] = format_datetime(created.astimezone(UTC))
    msg["Message-ID"] = row.message_id
    if row.in_reply_to:
        msg["In-Reply-To"] = row.in_reply_to
        msg["References"] = row.in_reply_to
    msg["Auto-Submitted"] = "auto-replied" if row.kind in REPLY_KINDS else "auto-generated"
    msg["X-Auto-Response-Suppress"] = "All"
    if row.game_id:
        msg["X-Adjudicator-Game"] = row.game_id
    msg["X-Adjudicator-Kind"] = row.kind
    msg.set_content(row.body_text, charset="utf-8", cte=_cte(row.body_text))
    if row.body_html:
        msg.add_alternative(row.body_html, subtype="html", charset="utf-8", cte=_cte(row.body_html))
    for item in sorted(row.attachments, key=lambda a: not a.get("cid")):
        _attach(msg, item)
    for part in msg.walk():
        if part.is_multipart():
            part.set_boundary(boundary())
    return msg


def boundary() -> str:
    """A MIME boundary no part can hold: ``=_`` never occurs in base64 or quoted-printable, and
    the rest is secret and random, so no text (a player's included) can guess it. Set here, the
    generator does not search the whole message for a boundary it made up (a regular expression
    over the ~400 kB of each multipart: ~5 ms a report mail, issue 18)."""
    return "=_" + secrets.token_hex(16)
