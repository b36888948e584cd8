"""Raw bytes of one inbound mail to what the judge needs from it, whatever the sender's mail client did.

Players write from every kind of client: multipart/alternative, HTML only, attachments, old
charsets, broken headers. This module never raises on such input; it reads what it can, replaces
what it cannot decode, and records notes for the player ("the HTML part was converted to text").
It also recognises mail that must not be answered (auto-replies, bounces, our own mail coming
back), so the judge never joins a mail loop.
"""

from __future__ import annotations

import email
import email.parser
import email.policy
import email.utils
import functools
import hashlib
import re
from dataclasses import dataclass
from email.message import Message

from adjudicator.cleantext import clean_text
from adjudicator.mail.flowed import is_flowed, unflow
from adjudicator.mail.htmltext import html_to_text
from adjudicator.mail.replies import cut_reply
from adjudicator.orders.text import has_envelope

_MESSAGE_ID = re.compile(r"<[^<>\s]+>")
_NO_REPLY_SENDERS = ("mailer-daemon", "postmaster")
_NESTING = re.compile(rb"^content-type:[ \t]*(?:\r?\n[ \t]+)*(?:multipart|message)/", re.I | re.M)
MAX_CONTAINERS = 64
"""Multipart and message/* parts a mail may hold before its body is left unread. The email package
parses (and walks) nested parts recursively, so a mail nested a thousand deep would raise
RecursionError; no mail client nests more than a few levels."""
_LOOSE_ADDRESS = re.compile(r"<([^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)>")
MAX_ADDRESS = 320
"""The longest sender address the judge answers (the width of the address columns; RFC 5321 allows
254). A longer one is not an address any relay would take."""


_STRUCTURE = frozenset({"content-type", "content-transfer-encoding", "content-disposition"})


@functools.lru_cache(maxsize=512)
def _structure_header(name: str, value: str) -> object:
    return email.policy.default.header_fetch_parse(name, value)


class _Policy(email.policy.EmailPolicy):
    """``email.policy.default`` that parses each MIME structure header once: the email package
    parses a header again at every read, and reading one message's structure (its type, charset,
    format=flowed, disposition) read Content-Type eight times; that was a tenth of a mail's ingest
    (issue 18). The parsed headers are immutable; only these three, which carry no secret, are
    kept, and the same value gives the same header whatever the message."""

    def header_fetch_parse(self, name: str, value: str) -> object:  # type: ignore[override]
        if name.lower() in _STRUCTURE:
            return _structure_header(name, value)
        return super().header_fetch_parse(name, value)


_POLICY = _Policy()


@dataclass(frozen=True)
class InboundMessage:
    """One inbound mail as the gateway sees it."""

    message_id: str
    """The Message-ID with its angle brackets; made from a hash of the raw bytes when missing."""
    sender: str | None
    """The From address, lower-cased (None when there is none that parses)."""
    reply_to: str | None
    subject: str
    in_reply_to: str | None
    references: tuple[str, ...]
    body: str
    """The text the player wrote (text/plain preferred, HTML converted), line ends normalised."""
    notes: tuple[str, ...]
    """What the player should know about how the mail was read (attachments ignored …)."""
    no_reply: str | None
    """Why this mail must not be answered (auto-reply, bounce, loop), or None."""
    plain: bool = False
    """The raw bytes are ASCII and the message is one text/plain part, not encoded (7bit/8bit), in
    ASCII or UTF-8, not format=flowed: its text as read is its body bytes, so the secret can be
    hidden in the bytes without reading the message again (mail/redact.py)."""

    @property
    def answer_to(self) -> str | None:
        """Where a reply goes when the sender is not yet known to be a player: Reply-To, else From."""
        return self.reply_to or self.sender


def _address(value: str | None) -> str | None:
    """The first address with an ``@`` in a header (``Smith, John <j@x>``, an unquoted comma, reads
    as two names: the one with the address is taken)."""
    if not value:
        return None
    found = [addr for _, addr in email.utils.getaddresses([value])]
    found += _LOOSE_ADDRESS.findall(value)  # what the parser gave up on: "unterminated <a@b.c>
    for addr in found:
        addr = addr.strip().lower()
        if "@" in addr and len(addr) <= MAX_ADDRESS and not any(c.isspace() for c in addr):
            return addr
    return None


def _header(msg: Message, name: str) -> str:
    """A header as text; a malformed one gives its raw form, a missing one gives ''."""
    try:
        value = msg.get(name)
        text = str(value) if value is not None else ""
    except Exception:  # a header the policy cannot parse (RecursionError included): its raw value
        raw = dict(msg.raw_items()).get(name) if hasattr(msg, "raw_items") else None
        text = str(raw) if raw is not None else ""
    return clean_text(" ".join(text.split()))


def _decode(part: Message) -> str:
    """A text part's content: transfer encoding undone, charset applied, bad bytes replaced."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return str(part.get_payload())
    charset = (part.get_content_charset() or "").lower()
    if charset in ("", "us-ascii", "ascii"):
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            return payload.decode("windows-1252", errors="replace")
    if charset in ("iso-8859-1", "latin-1", "latin1"):
        charset = "windows-1252"  # what clients that say latin-1 send in practice (as browsers read it)
    try:
        return payload.decode(charset, errors="replace")
    except LookupError:
        return payload.decode("utf-8", errors="replace")


def _is_attachment(part: Message) -> bool:
    disposition = (part.get_content_disposition() or "").lower()
    return disposition == "attachment" or bool(part.get_filename())


def _text(part: Message) -> str:
    """A text part as the player wrote it: HTML as its visible lines, format=flowed joined, line ends
    normalised, no-break spaces as spaces (``--&nbsp;`` is the signature separator)."""
    text = _as_read(part)
    if part.get_content_subtype() == "html":
        text = html_to_text(text)
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " ")


def _body(msg: Message) -> tuple[str, list[str]]:
    """The text the player wrote (a quoted or pasted older mail under it cut off) and notes on what
    was converted or left out. Orders sent as an attached text file (the order template of a
    report, filled in) are read from it when the mail's own text has no envelope (docs/mail.md)."""
    notes: list[str] = []
    leaves = [p for p in msg.walk() if not p.is_multipart()]
    texts = [p for p in leaves if not _is_attachment(p) and p.get_content_maintype() == "text"]
    plain = next((p for p in texts if p.get_content_subtype() == "plain"), None)
    html = next((p for p in texts if p.get_content_subtype() == "html"), None)
    chosen = plain or html
    text = cut_reply(_text(chosen))[0] if chosen is not None else ""
    if chosen is html and html is not None:
        notes.append("the HTML part was converted to text")
    if not has_envelope(text):
        attached = (p for p in leaves if _is_attachment(p) and p.get_content_type() == "text/plain")
        for part in attached:
            if has_envelope(candidate := cut_reply(_text(part))[0]):
                chosen, text = part, candidate
                notes.append(
                    f"your orders were read from the attached file {part.get_filename() or 'text'} "
                    "(the line numbers are its lines); you may also paste them into the mail"
                )
                break
    for part in leaves:
        if part is chosen or (part in texts and part.get_content_subtype() in ("plain", "html")):
            continue
        name = part.get_filename() or part.get_content_type()
        notes.append(f"attachment {name} ignored")
    return text, notes


def _no_reply(msg: Message, sender: str | None, own: str | None) -> str | None:
    auto = _header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = _header(msg, "Precedence").lower()
    if precedence in ("bulk", "junk", "list"):
        return f"Precedence: {precedence}"
    if _header(msg, "X-Autoreply") or _header(msg, "X-Autorespond"):
        return "an auto-reply (X-Autoreply)"
    if msg.get_content_type() == "multipart/report":
        return "a delivery report (bounce)"
    return_path = _header(msg, "Return-Path")
    if return_path.replace(" ", "") == "<>":
        return "empty return path (a bounce)"
    if sender is None:
        return "no sender address"
    if sender.split("@", 1)[0] in _NO_REPLY_SENDERS:
        return f"sent by {sender}"
    if own and sender == own.lower():
        return "our own mail came back"
    return None


def message_id_of(raw: bytes, header: str) -> str:
    """The Message-ID, or one made from a hash of the raw bytes (the same bytes, the same id)."""
    found = _MESSAGE_ID.search(header)
    if found and len(found.group(0)) <= 255:
        return found.group(0)
    digest = hashlib.sha256(raw if not header else header.encode()).hexdigest()[:40]
    return f"<{digest}@no-message-id.invalid>"


def _parse(raw: bytes) -> tuple[Message, list[str]]:
    """The message, its body left unread (headers only) when it is nested too deep to parse."""
    notes: list[str] = []
    if len(_NESTING.findall(raw)) <= MAX_CONTAINERS:
        try:
            return email.message_from_bytes(raw, policy=_POLICY), notes
        except RecursionError:  # nested deeper than the count above could tell
            pass
    notes.append(
        f"the message has more than {MAX_CONTAINERS} nested parts, so it was not read: "
        "send your orders as plain text"
    )
    parser = email.parser.BytesParser(policy=_POLICY)
    return parser.parsebytes(raw, headersonly=True), notes


def _as_read(part: Message) -> str:
    """A text part decoded, format=flowed joined as the judge reads it (HTML left as markup)."""
    text = _decode(part)
    flowed, delsp = is_flowed(part)
    if flowed and part.get_content_subtype() == "plain":
        text = unflow(text.replace("\r\n", "\n").replace("\r", "\n"), delsp=delsp)
    return text


def decoded_texts(raw: bytes) -> list[str] | None:
    """Every text part of ``raw``, decoded and flowed lines joined (HTML left as markup), as the
    secret is looked for in them: a soft break after ``SECRET`` must not hide the token from
    mail/redact.py; None when they cannot be read."""
    msg, notes = _parse(raw)
    if notes:
        return None
    try:
        return [
            _as_read(p) for p in msg.walk() if not p.is_multipart() and p.get_content_maintype() == "text"
        ]
    except Exception:  # a structure the email package cannot walk
        return None


def _plain(raw: bytes, msg: Message) -> bool:
    """See :attr:`InboundMessage.plain`."""
    if not raw.isascii() or msg.is_multipart() or msg.get_content_type() != "text/plain":
        return False
    encoding = str(msg.get("Content-Transfer-Encoding", "") or "").strip().lower()
    charset = (msg.get_content_charset() or "").lower()
    return (
        encoding in ("", "7bit", "8bit")
        and charset in ("", "us-ascii", "ascii", "utf-8")
        and not is_flowed(msg)[0]
    )


def parse_message(raw: bytes, *, own_address: str | None = None) -> InboundMessage:
    """Read one raw RFC 5322 message; never raises on bad input; all its text is storable."""
    msg, notes = _parse(raw)
    sender = _address(_header(msg, "From"))
    if notes:
        body = ""
    else:
        try:
            body, notes = _body(msg)
        except Exception as exc:  # a structure the email package cannot walk: read nothing, say so
            body, notes = "", [f"the message could not be read ({type(exc).__name__})"]
    references = tuple(_MESSAGE_ID.findall(_header(msg, "References")))
    in_reply = _MESSAGE_ID.search(_header(msg, "In-Reply-To"))
    return InboundMessage(
        message_id=message_id_of(raw, _header(msg, "Message-ID")),
        sender=sender,
        reply_to=_address(_header(msg, "Reply-To")),
        subject=_header(msg, "Subject"),
        in_reply_to=in_reply.group(0) if in_reply else None,
        references=references,
        body=clean_text(body),
        notes=tuple(clean_text(n) for n in notes),
        no_reply=_no_reply(msg, sender, own_address),
        plain=not notes and _plain(raw, msg),
    )
