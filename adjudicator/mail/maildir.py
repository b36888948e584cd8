"""Mail written to Maildir folders when no relay is configured, so a fresh machine works end to end.

Layout: one Maildir per recipient address under the root (``mail-out/ann@example.org/{new,cur,tmp}``),
so a player's (or the GM's) mail is read with any Maildir client (``mutt -f mail-out/ADDRESS``) and
a test finds one recipient's messages without sorting through everybody's. A folder's name is the
address lower-cased when that is a safe, short file name; otherwise (a character that is not safe
in a path, or more than ``MAX_FOLDER`` characters) a bounded prefix of it and a hash of the address,
so no address can make a name the file system refuses or climb out of the root.

Delivery is idempotent by construction. A message's file name is made from its Message-ID
(``message_name``), so a message has one name wherever and however often it is written: it is
written under a unique name in ``tmp/`` and hard-linked into ``new/`` with that name, and the link
fails (``EEXIST``) when the message is there already. Two writers of the same message at the same
moment, or a writer that was killed after the link and before the outbox row was marked sent and
then runs again, therefore leave exactly one file. A message a reader has moved to ``cur/`` keeps
its name there (only ``:2,FLAGS`` is added); an index beside the folders (``deliver``) says which
messages were delivered, so no delivery lists the folder. A file left in ``tmp/`` by a writer that
was killed is never a message (readers ignore ``tmp/``) and is removed the next time its message is
written.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import shutil
import time
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from adjudicator.mail.wire import message_bytes

MAX_FOLDER = 100
"""The longest folder name: far below every file system's 255, whatever the address."""
INDEX = ".delivered"
"""The directory under the root that indexes every folder's delivered messages (``_index``)."""
PENDING = ".pending"
STALE_TMP_SECONDS = 60.0
LF = policy.default.clone(linesep="\n")
"""Lines end in a bare LF in a Maildir file (a reader adds CR where it needs one)."""
"""A ``tmp/`` file of our message older than this belongs to a writer that died (a live one links
its file within milliseconds)."""


def folder_for(root: Path, address: str) -> Path:
    """The Maildir of one address: the address lower-cased, or a safe bounded name with its hash."""
    plain = address.strip().lower()
    safe = re.sub(r"[^a-z0-9@._+-]", "_", plain).lstrip(".")
    if safe and safe == plain and len(safe) <= MAX_FOLDER:
        return root / safe
    digest = hashlib.sha256(plain.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return root / f"{safe[: MAX_FOLDER - len(digest) - 1] or '_'}.{digest}"


def message_name(message: EmailMessage) -> str:
    """The file name of ``message`` in every folder: a hash of its Message-ID (of its bytes when it
    has none), so the same message always gets the same name."""
    message_id = str(message["Message-ID"] or "").strip()
    source = message_id.encode("utf-8", "surrogatepass") if message_id else message.as_bytes()
    return f"M{hashlib.sha256(source).hexdigest()[:40]}.adjudicator"


def _in_cur(folder: Path, name: str) -> bool:
    """Whether a reader has moved the message to ``cur/`` (its name followed by ``:2,FLAGS``)."""
    with os.scandir(folder / "cur") as entries:
        return any(e.name == name or e.name.startswith((name + ":", name + "!", name + ",")) for e in entries)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove_stale_tmp(folder: Path, name: str) -> None:
    """Files of this message left in ``tmp/`` by a writer that was killed before it linked them."""
    limit = time.time() - STALE_TMP_SECONDS
    with os.scandir(folder / "tmp") as entries:
        for entry in entries:
            if entry.name.startswith(name + "."):
                with contextlib.suppress(FileNotFoundError):
                    if entry.stat().st_mtime < limit:
                        os.unlink(entry.path)


def _index(root: Path, folder: Path) -> Path:
    """The folder's index of delivered messages: one empty file per message name, outside every
    Maildir (``root/.delivered/FOLDER``; no folder name starts with a dot), so no reader sees it.
    Made on first use from the names already in ``new/`` and ``cur/`` (a folder written before the
    index existed), the one time the folder is listed."""
    index = root / INDEX / folder.name
    if index.is_dir():
        return index
    building = root / INDEX / f"{folder.name}.{os.getpid()}.{secrets.token_hex(4)}.building"
    building.mkdir(parents=True)
    for sub in ("new", "cur"):
        with os.scandir(folder / sub) as entries:
            for entry in entries:
                (building / entry.name.split(":", 1)[0]).touch()
    try:
        os.rename(building, index)  # whole or not at all: a writer never sees half an index
    except OSError:  # another writer's index was put in place first
        shutil.rmtree(building, ignore_errors=True)
    return index


def _mark_done(index: Path, name: str) -> None:
    (index / name).touch()
    with contextlib.suppress(FileNotFoundError):
        os.unlink(index / f"{name}{PENDING}")
    _fsync_dir(index)


def deliver(root: Path, address: str, message: EmailMessage) -> bool:
    """Write ``message`` into the address's Maildir; False when it is there already.

    Without listing the folder (issue 18: the old writer searched ``cur/`` at each delivery, so a
    campaign's Maildir pass grew with the square of its mails): the index says whether the message
    was delivered (``NAME``) or a delivery of it was under way (``NAME.pending``). Only after a
    writer died between the two (pending left) is ``cur/`` searched, for that one message, so a
    copy a reader moved there meanwhile is not written twice.
    Raises ``OSError`` when the folder cannot be written (a full disk, no permission)."""
    folder = folder_for(root, address)
    for sub in ("tmp", "new", "cur"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    name = message_name(message)
    index = _index(root, folder)
    if (index / name).exists():
        return False
    final = folder / "new" / name
    pending = index / f"{name}{PENDING}"
    if pending.exists() and (final.exists() or _in_cur(folder, name)):
        _mark_done(index, name)  # a writer died after its link: the message is there
        _remove_stale_tmp(folder, name)
        return False
    pending.touch()
    _fsync_dir(index)
    tmp = folder / "tmp" / f"{name}.{os.getpid()}.{secrets.token_hex(4)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(message_bytes(message, LF))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(tmp, final)
        except FileExistsError:
            return False  # another writer of the same message linked it first
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    _fsync_dir(folder / "new")
    _mark_done(index, name)
    _remove_stale_tmp(folder, name)  # tmp/ holds only writes under way or cut short: a few files
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
