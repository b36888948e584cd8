"""The IMAP poller: orders sent to a mailbox the operator owns, fed to the gateway one by one.

Why this order of steps: a message is fetched without touching its flags (``BODY.PEEK``), handed to
``ingest``, and only when ``ingest`` has returned is it marked seen (or moved to the processed
folder). A crash in between leaves it unseen, so the next poll delivers it again and the gateway's
Message-ID dedupe absorbs the repeat; a message is never lost. A failing ``ingest`` (the database
is down) ends the pass with that message still unseen, so later mail is not applied before it;
``ingest`` raises only then: a message that can never be handled is set aside by the gateway
(logged as poison, answered once) and marked like any other, so the poller moves past it.
Connection and server errors are logged and retried at the next poll; they never stop the service.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.message
import imaplib
import logging
import ssl
from collections.abc import Callable
from typing import Any

from imap_tools import AND, MailBox, MailBoxStartTls, MailBoxUnencrypted, MailMessage, MailMessageFlags
from imap_tools.errors import ImapToolsError
from imap_tools.mailbox import BaseMailBox

from adjudicator.config import ImapSettings

log = logging.getLogger(__name__)

Ingest = Callable[[bytes, str], object]
TIMEOUT_SECONDS = 60.0


class _RawMessage(MailMessage):
    """imap-tools' message that keeps the exact bytes the server sent, and does not parse them.

    imap-tools parses every fetched message on construction; a message nested a thousand parts deep
    raised RecursionError there, inside the fetch loop, so every poll failed on it and the mail
    behind it was never read. Only the gateway reads the bytes (and it never raises on them).
    """

    def __init__(self, fetch_data: list[Any]) -> None:
        raw, self._raw_uid_data, self._raw_flag_data = self._get_message_data_parts(fetch_data)
        self.raw: bytes = raw
        self.obj = email.message.Message()  # never read: the gateway parses ``raw``


class ImapPoller:
    """Polls ``settings.folder`` for unseen messages and hands each raw message to ``ingest(raw, "imap")``."""

    def __init__(self, settings: ImapSettings, ingest: Ingest, *, timeout: float = TIMEOUT_SECONDS) -> None:
        self.settings = settings
        self.ingest = ingest
        self.timeout = timeout

    def _mailbox(self) -> BaseMailBox:
        s = self.settings
        box: BaseMailBox
        if s.security == "ssl":
            box = MailBox(s.host, s.port, timeout=self.timeout, ssl_context=ssl.create_default_context())
        elif s.security == "starttls":
            box = MailBoxStartTls(
                s.host, s.port, timeout=self.timeout, ssl_context=ssl.create_default_context()
            )
        else:
            box = MailBoxUnencrypted(s.host, s.port, timeout=self.timeout)
        box.email_message_class = _RawMessage
        return box

    def _login(self) -> BaseMailBox:
        box = self._mailbox()
        try:
            return box.login(
                self.settings.username, self.settings.password, initial_folder=self.settings.folder
            )
        except BaseException:
            with contextlib.suppress(Exception):  # do not leave the refused connection open
                box.client.shutdown()
            raise

    @property
    def where(self) -> str:
        s = self.settings
        return f"{s.username}@{s.host}:{s.port}/{s.folder}"

    def poll_once(self, should_stop: Callable[[], bool] | None = None) -> int:
        """One pass over the unseen messages; returns how many were ingested and marked.

        Never raises for a server or connection problem, nor when ``ingest`` raises: both are logged
        and the messages not yet marked are fetched again next time. ``should_stop`` is asked between
        messages so a shutdown does not wait for a whole mailbox.
        """
        done = 0
        try:
            with self._login() as box:
                target = self.settings.processed_folder
                if target and not box.folder.exists(target):
                    box.folder.create(target)
                    log.info("imap %s: created folder %r for handled mail", self.where, target)
                for message in box.fetch(AND(seen=False), mark_seen=False, bulk=False):
                    if should_stop is not None and should_stop():
                        break
                    if not self._handle(box, message):
                        break
                    done += 1
        except (OSError, imaplib.IMAP4.error, ImapToolsError) as exc:
            log.warning("imap %s: %s: %s (retrying at the next poll)", self.where, type(exc).__name__, exc)
        return done

    def _handle(self, box: BaseMailBox, message: MailMessage) -> bool:
        assert isinstance(message, _RawMessage)
        uid = message.uid
        if uid is None:  # pragma: no cover - every server we know sends the UID we asked for
            log.warning("imap %s: a message without UID, skipped", self.where)
            return True
        try:
            outcome = self.ingest(message.raw, "imap")
        except Exception:
            log.exception("imap %s: uid %s not ingested; it stays unseen and is tried again", self.where, uid)
            return False
        target = self.settings.processed_folder
        if target:
            box.move(uid, target)
        else:
            box.flag(uid, MailMessageFlags.SEEN, True)
        where = f"moved to {target!r}" if target else "marked seen"
        log.info(
            "imap %s: uid %s (%d bytes) ingested, %s: %s", self.where, uid, len(message.raw), where, outcome
        )
        return True

    async def run(self, stop: asyncio.Event, interval: float | None = None) -> None:
        """Poll every ``interval`` seconds (default: the settings') in a worker thread until ``stop``."""
        every = self.settings.interval_seconds if interval is None else interval
        log.info("imap %s: polling every %gs", self.where, every)
        while not stop.is_set():
            try:
                await asyncio.to_thread(self.poll_once, stop.is_set)
            except Exception:  # a bug must not end the service; the next poll tries again
                log.exception("imap %s: poll failed", self.where)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=every)
        log.info("imap %s: stopped", self.where)
