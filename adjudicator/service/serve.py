"""`adjudicator serve`: listener, IMAP poller, deadline scheduler and outbox sender in one process.

Why one process with one event loop: a club's judge is one small service under systemd. The listener
answers MTAs on the loop, the poller and the sender run their blocking passes in worker threads, and
the scheduler runs on its own thread (APScheduler). SIGTERM or SIGINT sets one stop event, and every
part stops at once, none waiting for another, as nothing is lost whatever order they end in: the
listener closes its port and answers the deliveries under way, the poller and the sender finish the
pass they are in, the scheduler lets its running job end at the next game. They all get one shared
``SHUTDOWN_SECONDS``, under systemd's stop timeout; a part still busy then is logged and left behind
(the CLI ends the process without waiting for its thread), and the status is 1. A component that
dies of a bug, or a scheduler whose thread died (``_watch``), stops the others too and the exit
status is 1, so systemd's ``Restart=on-failure`` brings the service back.

The components are passed in (``Components``): this module runs them and imports none of them, so
the service never depends on a mail transport. The composition root, ``adjudicator/serve_app.py``,
builds the real ones from the settings (the gateway's ingest, the LMTP/SMTP listener, the IMAP
poller, the outbox sender, the deadline scheduler) and calls :func:`run`. Every ingest goes through
one lock (or the group commit's one batch at a time): the gateway sees one message (or one batch)
at a time whichever way it came in.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from adjudicator.config import Settings

log = logging.getLogger(__name__)

Ingest = Callable[[bytes, str], object]
SENDER_INTERVAL_SECONDS = 2.0
SHUTDOWN_SECONDS = 45.0
"""How long the parts get to stop, together; under systemd's TimeoutStopSec (60 s in deploy/)."""
WATCH_SECONDS = 1.0
"""How often the scheduler is asked whether it still runs."""


class Sender(Protocol):
    """The outbox sender (``adjudicator.mail.sender.OutboxSender``)."""

    async def run(self, stop: asyncio.Event, interval: float = ...) -> None: ...


class Scheduler(Protocol):
    """The deadline scheduler (``adjudicator.service.scheduler.DeadlineScheduler``)."""

    def start(self) -> object: ...

    def shutdown(self) -> object:
        """Stop, bounded; False when it gave up waiting for a running job."""

    def failure(self) -> str | None:
        """Why it no longer runs although it was not shut down (its thread died); None if well."""


class Workers(Protocol):
    """More processes taking mail on the listener's port (``adjudicator.serve_workers``)."""

    def start(self) -> object: ...

    def shutdown(self) -> bool:
        """Stop them, bounded; False when one had to be killed."""

    def failure(self) -> str | None:
        """Why one is gone although it was not stopped; None while all run."""


class Listener(Protocol):
    """The LMTP/SMTP listener (``adjudicator.mail.listener.MailListener``)."""

    async def start_async(self) -> None: ...

    async def stop_async(self) -> None: ...


class Poller(Protocol):
    """The IMAP poller (``adjudicator.mail.imap.ImapPoller``)."""

    async def run(self, stop: asyncio.Event) -> None: ...


@dataclass
class Components:
    """What ``serve`` runs. ``listen`` and ``poll`` make the listener and the poller around the
    serialised ingest (None: not configured)."""

    ingest: Ingest
    ingest_is_serial: bool = False
    """True when ``ingest`` already lets one caller at a time into the gateway (the group commit,
    mail/group_commit.py, which must see the listener's deliveries at once to batch them)."""
    sender: Sender | None = None
    scheduler: Scheduler | None = None
    listen: Callable[[Ingest], Listener] | None = None
    poll: Callable[[Ingest], Poller] | None = None
    workers: Workers | None = None
    """Processes beside this one on the listener's port, started once its own listener is."""


def configure_logging(level: int = logging.INFO) -> None:
    """One line per thing done, with time and origin; aiosmtpd's per-command chatter and APScheduler's
    line per job run (the reconcile job runs every minute) only when debugging."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s")
    quiet = level if level <= logging.DEBUG else logging.WARNING
    for chatty in ("mail.log", "apscheduler.executors", "alembic.runtime.migration"):
        logging.getLogger(chatty).setLevel(quiet)


def serialised(ingest: Ingest) -> Ingest:
    """``ingest`` behind a lock: one message at a time from the listener's and the poller's threads."""
    lock = threading.Lock()

    def one_at_a_time(raw: bytes, source: str) -> object:
        with lock:
            return ingest(raw, source)

    return one_at_a_time


def run(
    settings: Settings,
    components: Components,
    stop_after: float | None = None,
    *,
    abandon_stuck: bool = False,
) -> int:
    """Run until SIGTERM/SIGINT (or ``stop_after`` seconds); the exit status: 0, or 1 if a part failed
    or did not stop within ``SHUTDOWN_SECONDS``.

    A part that did not stop in time leaves a thread behind that Python would wait for at exit; with
    ``abandon_stuck`` (the CLI) the process then ends at once (``os._exit``) so the stop stays bounded.
    """
    loop = asyncio.new_event_loop()
    stuck: list[str] = []
    try:
        status = loop.run_until_complete(_serve(settings, components, stop_after, stuck))
    finally:
        _close(loop, wait_for_threads=not stuck)
    if stuck and abandon_stuck:
        log.error("serve: exiting without waiting for the %s", ", ".join(stuck))
        logging.shutdown()
        os._exit(status)
    return status


def _close(loop: asyncio.AbstractEventLoop, *, wait_for_threads: bool) -> None:
    """``asyncio.run``'s cleanup, except that threads of parts that did not stop are not waited for."""
    try:
        left = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
        if wait_for_threads:
            loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()


async def _serve(settings: Settings, parts: Components, stop_after: float | None, stuck: list[str]) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    _on_signals(loop, stop)
    if stop_after is not None:
        loop.call_later(stop_after, stop.set)
    ingest = parts.ingest if parts.ingest_is_serial else serialised(parts.ingest)
    listener = parts.listen(ingest) if parts.listen is not None else None
    poller = parts.poll(ingest) if parts.poll is not None else None
    tasks: dict[asyncio.Future[Any], str] = {}
    failed = scheduling = working = False
    try:
        if parts.scheduler is not None:
            await asyncio.to_thread(parts.scheduler.start)
            scheduling = True
            tasks[_task(_watch(parts.scheduler, stop), stop, "scheduler")] = "scheduler"
            log.info("serve: scheduler started")
        if listener is not None:
            await listener.start_async()
            if parts.workers is not None:
                working = True  # those started are stopped even if a later one fails to start
                await asyncio.to_thread(parts.workers.start)
                tasks[_task(_watch(parts.workers, stop), stop, "listener workers")] = "listener workers"
        if poller is not None:
            tasks[_task(poller.run(stop), stop, "imap poller")] = "imap poller"
        if parts.sender is not None:
            sending = parts.sender.run(stop, SENDER_INTERVAL_SECONDS)
            tasks[_task(sending, stop, "outbox sender")] = "outbox sender"
        log.info("serve: running (%s)", ", ".join(_running(settings, parts)) or "nothing configured")
        await stop.wait()
        log.info("serve: stopping")
    except Exception:
        log.exception("serve: could not start")
        failed = True
        stop.set()
    finally:
        # every part stops at once; each is waited for until one shared deadline
        deadline = loop.time() + SHUTDOWN_SECONDS
        stopping: dict[asyncio.Future[Any], str] = {}
        if parts.scheduler is not None and scheduling:
            stopping[asyncio.ensure_future(asyncio.to_thread(parts.scheduler.shutdown))] = "scheduler's stop"
        if listener is not None:
            stopping[asyncio.ensure_future(listener.stop_async())] = "listener"
        if parts.workers is not None and working:
            stopping[asyncio.ensure_future(asyncio.to_thread(parts.workers.shutdown))] = (
                "listener workers' stop"
            )
        for part, name in [*tasks.items(), *stopping.items()]:
            outcome = await _stopped(part, name, deadline)
            if outcome == "stuck":
                stuck.append(name)
            elif outcome == "failed":
                failed = True
            elif name == "scheduler's stop" and part.result() is False:
                stuck.append("scheduler's running job")  # its worker thread would hold up the exit
            elif name == "listener workers' stop" and part.result() is False:
                failed = True  # one was killed: its deliveries under way go back to the MTA
        if scheduling and not stuck:
            log.info("serve: scheduler stopped")
    failed = failed or bool(stuck)
    log.info("serve: stopped%s", " after a failure" if failed else "")
    return 1 if failed else 0


async def _stopped(part: asyncio.Future[Any], name: str, deadline: float) -> str:
    """Wait for one part until ``deadline``: "ok", "failed" (it raised; logged) or "stuck" (logged)."""
    left = max(0.0, deadline - asyncio.get_running_loop().time())
    done, _ = await asyncio.wait({part}, timeout=left)
    if not done:
        log.error("serve: the %s did not stop within %gs of the stop", name, SHUTDOWN_SECONDS)
        return "stuck"
    error = part.exception()
    if error is not None:
        log.error(
            "serve: the %s failed: %s",
            name,
            error,
            exc_info=None if isinstance(error, SchedulerDied) else error,
        )
        return "failed"
    return "ok"


class SchedulerDied(RuntimeError):
    """The scheduler stopped working while ``serve`` runs (its own log says how)."""


async def _watch(scheduler: Scheduler | Workers, stop: asyncio.Event) -> None:
    """Ask the scheduler every ``WATCH_SECONDS`` whether it still runs; a dead one (its thread gone:
    APScheduler logs nothing and the process would go on without deadlines) ends ``serve``. The
    listener workers likewise: one gone ends ``serve`` (systemd restarts the service)."""
    while not stop.is_set():
        reason = scheduler.failure()
        if reason is not None:
            raise SchedulerDied(reason)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=WATCH_SECONDS)


def _task(work: Coroutine[Any, Any, None], stop: asyncio.Event, name: str) -> asyncio.Task[None]:
    """A component's loop; if it fails, or ends before ``stop``, everything else is stopped too."""

    async def guarded() -> None:
        try:
            await work
        except BaseException:
            stop.set()
            raise
        if not stop.is_set():
            stop.set()
            raise RuntimeError(f"the {name} ended on its own")

    return asyncio.create_task(guarded())


def _running(settings: Settings, parts: Components) -> list[str]:
    what = []
    if settings.listener and parts.listen is not None:
        workers = f" ({settings.listener.workers} processes)" if parts.workers is not None else ""
        what.append(
            f"{settings.listener.protocol} on {settings.listener.host}:{settings.listener.port}{workers}"
        )
    if settings.imap and parts.poll is not None:
        what.append(f"imap {settings.imap.username}@{settings.imap.host}:{settings.imap.port}")
    if parts.scheduler is not None:
        what.append("scheduler")
    if parts.sender is not None:
        what.append("sender")
    return what


def _on_signals(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """SIGTERM and SIGINT set ``stop`` (on the main thread only; elsewhere ``stop_after`` ends it)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGINT):

        def handler(signum: int = signum) -> None:
            log.info("serve: %s received, shutting down", signal.Signals(signum).name)
            stop.set()

        loop.add_signal_handler(signum, handler)
