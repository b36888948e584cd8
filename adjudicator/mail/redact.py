"""The raw inbound mail as it is kept: every envelope secret hidden, whatever the transfer encoding.

The inbound log keeps each message's bytes for audit and for the Message-ID dedupe, but a player's
secret must not stay there in clear (the stored order text already hides it the same way:
``SECRET ***``). The secret is replaced in the bytes as they came, which keeps the message
byte-for-byte otherwise. When the secret is inside an encoded part (base64, or quoted-printable
that splits or escapes it), the bytes cannot be edited in place; then the stored form is the
message's header with its text parts decoded, the secret hidden, as one plain-text body marked
``X-Adjudicator-Redacted`` (attachments and markup are not kept). The Message-ID is always taken
from the message as it came, before this, so duplicate detection is unchanged.
"""

from __future__ import annotations

import re

from adjudicator.mail.message import decoded_texts

_SECRET_BYTES = re.compile(rb"(?i)(\bSECRET[ \t]+)[^\s]+")
_SECRET_TEXT = re.compile(r"(?i)\bSECRET[ \t]+(\S+)")
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_MIME_FIELD = re.compile(rb"(?i)^(content-[a-z-]*|mime-version)[ \t]*:")
HIDDEN = b"***"
MARK = b"X-Adjudicator-Redacted: rebuilt from the decoded text parts, to hide an encoded SECRET\r\n"


def hide_secrets(text: str) -> str:
    """``SECRET token`` → ``SECRET ***`` (the same rule as the stored order text)."""
    return _SECRET_TEXT.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)] + "***", text)


def _shown(raw: bytes) -> bool:
    """True when a decoded text part of ``raw`` still shows a secret (or the parts cannot be read)."""
    texts = decoded_texts(raw)
    if texts is None:
        return True
    return any(token != "***" for text in texts for token in _SECRET_TEXT.findall(text))


def _rebuilt(raw: bytes) -> bytes:
    """The header (secret hidden, MIME fields replaced) and the decoded text parts, secret hidden."""
    found = _HEADER_END.search(raw)
    head = raw[: found.start()] if found else raw
    kept: list[bytes] = []
    dropping = False
    for line in head.splitlines():
        if line[:1] in (b" ", b"\t"):
            if not dropping:
                kept.append(line)
            continue
        dropping = bool(_MIME_FIELD.match(line))
        if not dropping:
            kept.append(line)
    header = _SECRET_BYTES.sub(rb"\1" + HIDDEN, b"\r\n".join(kept))
    body = "\n\n".join(hide_secrets(t) for t in decoded_texts(raw) or [])
    return (
        header
        + b"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
        + b"Content-Transfer-Encoding: 8bit\r\n"
        + MARK
        + b"\r\n"
        + body.encode("utf-8", errors="replace")
    )


def redact_raw(raw: bytes, *, plain: bool = False) -> bytes:
    """``raw`` with every ``SECRET token`` hidden; rebuilt as plain text when it is encoded.

    ``plain``: the caller has read ``raw`` and found it plain (``InboundMessage.plain``: ASCII, one
    text/plain part, not encoded, not flowed). Its text is then its body bytes, and on ASCII the
    bytes pattern and the text pattern match alike, so the bytes with the secret hidden show none:
    the message is not parsed a second time to check."""
    redacted = _SECRET_BYTES.sub(rb"\1" + HIDDEN, raw)
    if plain:
        return redacted
    return _rebuilt(raw) if _shown(redacted) else redacted
