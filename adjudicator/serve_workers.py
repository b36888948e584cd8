"""More than one process taking mail on the listener's port: ``[listener] workers = N`` (issue 18).

Why: the ingest is CPU-bound Python (the GIL: one core whatever the LMTP connections), so one
process takes ~100-150 mails a second at best. ``serve`` with ``workers = N`` starts N - 1 more
processes that each run the same listener, gateway and group commit (mail/group_commit.py) on
the same host and port (``SO_REUSEPORT``: the kernel spreads the MTA's connections over them),
each with its own store connection. The main process keeps everything else (its own listener,
the IMAP poller, the scheduler, the sender), so deadlines and sending stay one-per-``serve``.

Why nothing else changes: every guarantee of one process holds per mail in any process. A mail
is answered 250 only after the commit that holds it (its own process's group commit); a
Message-ID is logged once whichever process inserts it first (SQLite: one writer at a time,
``BEGIN IMMEDIATE``; PostgreSQL: the unique key, the second insert waits and reads it answered:
mail/gateway.py ``_log``); a process killed mid-mail never answered it, so the MTA delivers it
again (to any process). On SQLite the writers still take turns (the parts of a mail outside the
write lock run at once: the LMTP session, the message's parse); on PostgreSQL they run in parallel.

Supervision: a worker that dies makes ``serve`` stop with status 1 (systemd restarts the whole
service, as for a dead scheduler); SIGTERM to ``serve`` stops the workers (each closes the port and
answers the deliveries under way, ``MailListener.stop_async``); a worker whose parent is gone
(``serve`` killed with SIGKILL) stops by itself within ``WATCH_SECONDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import time
from multiprocessing.process import BaseProcess

from adjudicator.config import Settings

log = logging.getLogger(__name__)

WATCH_SECONDS = 1.0
"""How often a worker looks whether ``serve`` is still its parent."""
START_SECONDS = 60.0
"""How long a worker may take to open the port before ``serve`` gives up on it."""


class ListenerWorkers:
    """The extra listener processes of one ``serve`` (``Components.workers``): started after the
    main process's own listener, asked ``failure()`` by ``serve``'s watch, stopped by ``shutdown``."""

    def __init__(
        self, settings: Settings, url: str, *, level: int = logging.INFO, count: int | None = None
    ) -> None:
        assert settings.listener is not None
        self.settings = settings
        self.url = url
        self.level = level
        self.count = settings.listener.workers - 1 if count is None else count
        """Processes to start: the workers but ``serve``'s own (the bench starts them all)."""
        self._context = multiprocessing.get_context("spawn")  # no copy of the parent's threads or pool
        self._processes: list[BaseProcess] = []
        self._stopping = False

    def start(self) -> None:
        """Start the workers; returns once each has its port open (or raises: ``serve`` fails)."""
        starting = []
        for n in range(self.count):  # all at once: each takes seconds to import the judge
            ready = self._context.Event()
            spawned = self._context.Process(
                target=work,
                args=(self.settings, self.url, self.level, ready),
                name=f"adjudicator-listener-{n + 1}",
                daemon=False,
            )
            spawned.start()
            self._processes.append(spawned)
            starting.append(ready)
        deadline = time.monotonic() + START_SECONDS
        for n, (process, ready) in enumerate(zip(self._processes, starting, strict=True), start=1):
            while not ready.wait(0.1) and process.is_alive() and time.monotonic() < deadline:
                pass
            if not process.is_alive():
                raise RuntimeError(f"listener worker {n} ended at its start ({process.exitcode})")
            if not ready.is_set():
                raise RuntimeError(f"listener worker {n} did not open its port in {START_SECONDS:g}s")
            log.info("serve: listener worker %d started (pid %s)", n, process.pid)

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self._processes if p.pid is not None]

    def failure(self) -> str | None:
        """Why a worker is gone although ``serve`` did not stop it; None while all run."""
        if self._stopping:
            return None
        for process in self._processes:
            if not process.is_alive():
                return f"listener worker {process.name} (pid {process.pid}) ended ({process.exitcode})"
        return None

    def shutdown(self, seconds: float = 40.0) -> bool:
        """SIGTERM to every worker, wait for them together up to ``seconds``, then SIGKILL the rest;
        False if one had to be killed (its deliveries under way are delivered again by the MTA)."""
        self._stopping = True
        for process in self._processes:
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        clean = True
        deadline = time.monotonic() + seconds
        for process in self._processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                clean = False
                process.kill()
                process.join(5)
        return clean


def work(settings: Settings, url: str, level: int, ready: object) -> None:
    """One worker process: its own engine, judge, gateway, group commit and listener on the shared
    port, until SIGTERM or its parent is gone."""
    from adjudicator.mail.gateway import MailGateway
    from adjudicator.mail.group_commit import GroupCommit
    from adjudicator.mail.listener import MailListener
    from adjudicator.service.judge import Judge
    from adjudicator.service.serve import configure_logging
    from adjudicator.store.db import make_engine

    configure_logging(level)
    assert settings.listener is not None
    engine = make_engine(url)
    judge = Judge(engine, mail_domain=settings.judge.domain, render_after_commit=False)
    group = GroupCommit(MailGateway(judge, settings))
    listener = MailListener(settings.listener, group.ingest)
    parent = os.getppid()

    async def serve() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop.set)
        await listener.start_async()
        ready.set()  # type: ignore[attr-defined]
        while not stop.is_set() and os.getppid() == parent:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=WATCH_SECONDS)
        if not stop.is_set():
            log.error("listener worker: serve (pid %d) is gone; stopping", parent)
        await listener.stop_async()

    try:
        asyncio.run(serve())
    finally:
        engine.dispose()
