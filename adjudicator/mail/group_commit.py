"""Group commit: mails delivered at the same time share one transaction and one commit.

Why: with ``synchronous=FULL`` every SQLite commit waits for the disk (~7 ms on a small VM), and
there is one writer at a time, so one commit a mail caps the ingest at ~150 mails/s whatever the
CPU; on PostgreSQL each commit is a round trip and a WAL flush. An MTA delivers over several LMTP
connections at once, so under load several mails wait for the write lock together.

How (the "leader" pattern, no thread of its own and no timer): each delivery thread queues its mail;
if no batch is running, that thread takes every mail queued so far (at most ``max_batch``) and runs
them through ``MailGateway.ingest_batch`` (each in its own savepoint, one commit), then hands each
waiting thread its outcome. Mails that arrive while a batch runs are queued, and one of their
threads leads the next batch. A lone mail is never delayed (it leads a batch of one at once, which
is exactly ``ingest``); under load the batches grow by themselves with the time a commit takes.
Every mail's outcome (and so its transport's "250") comes only after the commit that holds it.
"""

from __future__ import annotations

import threading
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from adjudicator.mail.gateway import Inbound, IngestOutcome, MailGateway
from adjudicator.store.models import utcnow

MAX_BATCH = 32
"""Mails per commit at most: bounds how long the write lock is held and how long the first mail of
a batch waits for its answer (32 mails are ~0.2 s of work on this machine kind)."""


@dataclass(eq=False)
class _Waiting:
    mail: Inbound
    outcome: IngestOutcome | Exception | None = field(default=None)


class GroupCommit:
    """``ingest(raw, source)`` for transports that deliver from several threads at once (the
    listener): the mails queued at the same moment are handled in one transaction."""

    def __init__(
        self, gateway: MailGateway, *, max_batch: int = MAX_BATCH, clock: Callable[[], datetime] = utcnow
    ) -> None:
        self.gateway = gateway
        self.max_batch = max_batch
        self.clock = clock
        """When a mail came in (tests give a fixed one: their games' deadlines are fixed)."""
        self._queue: deque[_Waiting] = deque()
        self._leading = False
        self._turn = threading.Condition()
        self.batches: Counter[int] = Counter()
        """How many batches of each size ran (for the bench and the tests)."""

    @property
    def waiting(self) -> int:
        """Mails queued for the next batch."""
        with self._turn:
            return len(self._queue)

    def ingest(self, raw: bytes, source: str) -> IngestOutcome:
        """Handle one mail with whatever else is waiting; returns once its batch has committed,
        raises what ``MailGateway.ingest`` would raise for it (the store failed: try later)."""
        mine = _Waiting(Inbound(raw, source, self.clock()))
        with self._turn:
            self._queue.append(mine)
        while True:
            with self._turn:
                self._turn.wait_for(lambda: mine.outcome is not None or not self._leading)
                if mine.outcome is not None:
                    break
                self._leading = True
                batch = [self._queue.popleft() for _ in range(min(self.max_batch, len(self._queue)))]
            self._lead(batch)
        if isinstance(mine.outcome, Exception):
            raise mine.outcome
        return mine.outcome

    def _lead(self, batch: list[_Waiting]) -> None:
        try:
            outcomes = self.gateway.ingest_batch([w.mail for w in batch])
        except BaseException as exc:  # ingest_batch catches Exception: this is an interrupt
            outcomes = [RuntimeError(f"the batch was interrupted: {exc!r}")] * len(batch)
            raise
        finally:
            with self._turn:
                for waiting, outcome in zip(batch, outcomes, strict=True):
                    waiting.outcome = outcome
                self.batches[len(batch)] += 1
                self._leading = False
                self._turn.notify_all()
