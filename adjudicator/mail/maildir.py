"""Mail written to Maildir folders when no relay is configured, so a fresh machine works end to end.

Layout: one Maildir per recipient address under the root (``mail-out/ann@example.org/{new,cur,tmp}``),
so a player's (or the GM's) mail is read with any Maildir client (``mutt -f mail-out/ADDRESS``) and
a test finds one recipient's messages without sorting through everybody's.

Delivery is idempotent by Message-ID: before writing, the folder is searched for a message with the
same Message-ID, and nothing is written if one is there. A crash between writing the file and
marking the outbox row sent therefore never leaves two copies. ``mailbox.Maildir`` writes to
``tmp/`` and renames into ``new/``, so a half-written file is never seen as a message.
"""

from __future__ import annotations

import mailbox
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path


def folder_for(root: Path, address: str) -> Path:
    """The Maildir of one address: the address lower-cased, anything unsafe in a path replaced."""
    safe = re.sub(r"[^a-z0-9@._+-]", "_", address.strip().lower()).lstrip(".")
    return root / (safe or "_")


def _message_ids(box: mailbox.Maildir) -> set[str]:
    parser = BytesParser(policy=policy.default)
    ids: set[str] = set()
    for key in box.iterkeys():
        try:
            with box.get_file(key) as handle:
                headers = parser.parse(handle, headersonly=True)  # type: ignore[arg-type]
        except FileNotFoundError:  # moved or deleted by a client while we looked
            continue
        value = headers.get("Message-ID")
        if value:
            ids.add(str(value).strip())
    return ids


def deliver(root: Path, address: str, message: EmailMessage) -> bool:
    """Write ``message`` into the address's Maildir; False when its Message-ID is there already."""
    root.mkdir(parents=True, exist_ok=True)
    box = mailbox.Maildir(folder_for(root, address), create=True)
    message_id = str(message["Message-ID"] or "").strip()
    if message_id and message_id in _message_ids(box):
        return False
    box.add(message)
    return True


def read_maildir(root: Path, address: str | None = None) -> list[EmailMessage]:
    """Every message delivered to ``address`` (or to anybody under ``root``), oldest file first."""
    folders = (
        [folder_for(root, address)]
        if address
        else sorted(p for p in root.iterdir() if (p / "new").is_dir() or (p / "cur").is_dir())
        if root.is_dir()
        else []
    )
    parser = BytesParser(policy=policy.default)
    found: list[tuple[float, EmailMessage]] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for sub in ("new", "cur"):
            for path in sorted((folder / sub).iterdir()) if (folder / sub).is_dir() else []:
                message = parser.parsebytes(path.read_bytes())
                found.append((path.stat().st_mtime, message))
    return [message for _, message in sorted(found, key=lambda pair: pair[0])]
