"""`adjudicator serve`: listener, IMAP poller, deadline scheduler and outbox sender in one process.

Why one process with one event loop: a club's judge is one small service under systemd. The listener
answers MTAs on the loop, the poller and the sender run their blocking passes in worker threads, and
the scheduler runs on its own thread (APScheduler). SIGTERM or SIGINT sets one stop event; shutdown
then goes in the order that loses nothing: stop accepting mail (the listener closes its port and
answers the deliveries under way), let the poller and the sender finish the pass they are in, shut
the scheduler down (it waits for a running job), and exit 0. A component that dies of a bug stops
the others too and the exit status is 1, so systemd's ``Restart=on-failure`` brings the service back.

The components are passed in (``Components``); ``wire`` builds the real ones from the settings.
Every ingest goes through one lock: the gateway sees one message at a time whichever way it came in.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Engine

from adjudicator.config import Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.mail.imap import ImapPoller
from adjudicator.mail.listener import MailListener
from adjudicator.mail.sender import OutboxSender
from adjudicator.service.judge import Judge
from adjudicator.service.scheduler import DeadlineScheduler

log = logging.getLogger(__name__)

Ingest = Callable[[bytes, str], object]
SENDER_INTERVAL_SECONDS = 2.0


class Sender(Protocol):
    """The outbox sender (``adjudicator.mail.sender.OutboxSender``)."""

    async def run(self, stop: asyncio.Event, interval: float = ...) -> None: ...


class Scheduler(Protocol):
    """The deadline scheduler (``adjudicator.service.scheduler.DeadlineScheduler``)."""

    def start(self) -> object: ...

    def shutdown(self) -> None: ...


@dataclass
class Components:
    """What ``serve`` runs besides the listener and the poller it makes from the settings."""

    ingest: Ingest
    sender: Sender | None = None
    scheduler: Scheduler | None = None


def wire(settings: Settings, engine: Engine) -> Components:
    """The real components: the mail gateway's ingest, the outbox sender, the deadline scheduler."""
    judge = Judge(engine, mail_domain=settings.judge.domain)
    gateway = MailGateway(judge, settings)

    def ingest(raw: bytes, source: str) -> object:
        return gateway.ingest(raw, source=source)

    sender = OutboxSender(engine, settings)
    scheduler = DeadlineScheduler(engine, judge, settings)
    return Components(ingest=ingest, sender=sender, scheduler=scheduler)


def configure_logging(level: int = logging.INFO) -> None:
    """One line per thing done, with time and origin; aiosmtpd's per-command chatter and APScheduler's
    line per job run (the reconcile job runs every minute) only when debugging."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
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


def serve(
    settings: Settings,
    engine: Engine | None = None,
    stop_after: float | None = None,
    *,
    components: Components | None = None,
) -> int:
    """Run until SIGTERM/SIGINT (or ``stop_after`` seconds); the exit status: 0, or 1 if a part failed.

    Without ``components`` the real ones are built by ``wire(settings, engine)``.
    """
    if components is None:
        if engine is None:
            raise ValueError("serve needs an engine or the components")
        components = wire(settings, engine)
    return asyncio.run(_serve(settings, components, stop_after))


async def _serve(settings: Settings, parts: Components, stop_after: float | None) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    _on_signals(loop, stop)
    if stop_after is not None:
        loop.call_later(stop_after, stop.set)
    ingest = serialised(parts.ingest)
    listener = MailListener(settings.listener, ingest) if settings.listener else None
    poller = ImapPoller(settings.imap, ingest) if settings.imap else None
    tasks: dict[asyncio.Task[None], str] = {}
    failed = scheduling = False
    try:
        if parts.scheduler is not None:
            await asyncio.to_thread(parts.scheduler.start)
            scheduling = True
            log.info("serve: scheduler started")
        if listener is not None:
            await listener.start_async()
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
        if listener is not None:
            await listener.stop_async()
        for task, name in tasks.items():
            try:
                await task
            except Exception:
                log.error("serve: the %s failed", name, exc_info=task.exception())
                failed = True
        if parts.scheduler is not None and scheduling:
            try:
                await asyncio.to_thread(parts.scheduler.shutdown)
                log.info("serve: scheduler stopped")
            except Exception:
                log.exception("serve: the scheduler did not shut down cleanly")
                failed = True
    log.info("serve: stopped%s", " after a failure" if failed else "")
    return 1 if failed else 0


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
    if settings.listener:
        what.append(f"{settings.listener.protocol} on {settings.listener.host}:{settings.listener.port}")
    if settings.imap:
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
