"""Waking the judge up at deadlines: APScheduler 3, its two jobs in the game's own database.

The scheduler only wakes things up; the game tables decide. A pass (``Judge.run_pass``) finds the due
games with one indexed query on ``games.wake_at`` (service/due_pass.py), whatever the number of
games, and tells when the next one comes due. Two jobs run it, kept in a persistent
``SQLAlchemyJobStore`` (table ``apscheduler_jobs``): an interval job every
``settings.scheduler.reconcile_seconds`` (it catches what another process or the CLI changed), and
one date job, ``wake``, moved after each pass to the next game's moment, so a deadline resolves when
it passes and not up to an interval later. ``misfire_grace_time=None``: a job whose moment passed
while the process was down runs at start-up, and the start runs a pass at once anyway. A double or
late fire is harmless: the pass claims each game it works on, and ``Judge.adjudicate`` resolves a
window once. One worker thread runs the jobs one at a time; a pass itself may resolve games on
several threads (PostgreSQL).

Several ``serve`` processes may share one database, and so one job table: each of their schedulers
sees both jobs and may fire them, and moves ``wake`` to the same next moment (the tables say when).
The job store here takes "gone already" as done (APScheduler's own raises ``JobLookupError`` in its
loop thread, which kills that thread). A scheduler whose thread dies anyway (the database refuses
a write to the job table), or that cannot read its job store any more (the table dropped, the
database gone), is reported by ``failure()``; ``serve`` then exits non-zero and systemd restarts it.
Earlier versions kept one ``deadline:GAME:WINDOW`` job per open window (a table as long as the
games, read whole at every reconcile); the start removes those.

Shutdown is bounded and never deadlocks: APScheduler's ``shutdown(wait=True)`` holds its job-store
lock while it waits for the running job, and a job that reconciles needs that lock, so the two waited
for each other for ever. Here ``shutdown`` raises a stop flag (a pass stops between games and skips
moving ``wake``), pauses the scheduler, waits a bounded time for the running job, and only then shuts
APScheduler down without waiting.

Jobs are pickled into the store, so they name a module-level function and plain arguments; the
database URL they carry has its password masked, and names the scheduler that runs them here.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from typing import Any

from apscheduler.executors.pool import ThreadPoolExecutor  # type: ignore[import-untyped]
from apscheduler.jobstores.base import JobLookupError  # type: ignore[import-untyped]
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore  # type: ignore[import-untyped]
from apscheduler.schedulers.background import BackgroundScheduler  # type: ignore[import-untyped]
from apscheduler.schedulers.base import STATE_STOPPED  # type: ignore[import-untyped]
from sqlalchemy import Engine, inspect
from sqlalchemy.exc import DBAPIError

from adjudicator.config import Settings
from adjudicator.service.judge import Judge
from adjudicator.store.db import MIGRATION_LOCK, WRITER

log = logging.getLogger(__name__)

JOB_TABLE = "apscheduler_jobs"
RECONCILE_JOB = "reconcile"
WAKE_JOB = "wake"
LEGACY_PREFIX = "deadline:"
STALL_SLACK_SECONDS = 10.0
"""A scheduler whose job store reads fail for 3 reconcile intervals and this long has failed."""
STOP_SECONDS = 20.0
"""How long ``shutdown`` waits for a running job (which stops at the next game) before leaving it."""
_LIVE: dict[str, DeadlineScheduler] = {}
_LIVE_LOCK = threading.Lock()


def _url_key(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)


def _live(url: str) -> DeadlineScheduler | None:
    """The scheduler of this process for ``url``; None once it is shutting down (a job still queued
    then has nothing to do: the next start runs it again)."""
    with _LIVE_LOCK:
        found = _LIVE.get(url)
    if found is None or found.stopping:
        log.debug("a job for %s found no running deadline scheduler; skipped", url)
        return None
    return found


def fire_deadline(url: str, game_id: str, window_id: int) -> list[str]:
    """A per-window job of an earlier version still in a job table: a pass (the start removes them)."""
    log.info("deadline job for %s window %s", game_id, window_id)
    return wake_tick(url)


def reconcile_tick(url: str) -> list[str]:
    """The interval job: a pass, and ``wake`` moved to the next game's moment."""
    live = _live(url)
    return live.tick() if live else []


def wake_tick(url: str) -> list[str]:
    """The ``wake`` job: a game came due; a pass, and ``wake`` moved on."""
    log.info("deadline pass: a game came due")
    live = _live(url)
    return live.tick() if live else []


class SharedJobStore(SQLAlchemyJobStore):  # type: ignore[misc]
    """APScheduler's job table, shared by every ``serve`` on the database: a job that another
    process has removed (it ran the job, or its reconcile dropped it) is done, not an error. It also
    notes when it was last read, so a scheduler that cannot read it any more shows as failed
    (APScheduler only logs a warning and retries, for ever)."""

    failing_since: float | None = None
    """Since when (monotonic) reading the due jobs fails, at every wakeup of the scheduler's loop;
    None while it works. A read that is only slow (SQLite locked by a long adjudication) is not
    counted: it is still under way, not failed."""

    def get_due_jobs(self, now: datetime) -> list[Any]:
        try:
            due = super().get_due_jobs(now)
        except Exception:
            if self.failing_since is None:
                self.failing_since = time.monotonic()
            raise
        self.failing_since = None
        return due  # type: ignore[no-any-return]

    def start(self, scheduler: Any, alias: str) -> None:
        # APScheduler's start() checks for its table and then creates it in a deferred transaction:
        # on SQLite a transaction that read first cannot wait for another writer and fails at once
        # with "database is locked" when a second serve (or its first pass) writes meanwhile. So the
        # table is made here first under the write lock (BEGIN IMMEDIATE waits its busy timeout) or,
        # on PostgreSQL, under the migrations' advisory lock; APScheduler then finds it there.
        with self.engine.connect().execution_options(**WRITER) as conn, conn.begin():
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            self.jobs_t.create(conn, checkfirst=True)
        try:
            super().start(scheduler, alias)
        except DBAPIError:  # kept for a table dropped and made again in between; one of them wins
            if not inspect(self.engine).has_table(self.jobs_t.name):
                raise

    def update_job(self, job: Any) -> None:
        try:
            super().update_job(job)
        except JobLookupError:
            log.debug("job %s was removed by another scheduler; not updated", job.id)

    def remove_job(self, job_id: str) -> None:
        try:
            super().remove_job(job_id)
        except JobLookupError:
            log.debug("job %s was removed by another scheduler already", job_id)


class WatchedScheduler(BackgroundScheduler):  # type: ignore[misc]
    """A BackgroundScheduler whose loop thread records why it ended, if it ends while running, and
    that is shut down between two rounds of its loop, never in the middle of one."""

    death: str | None = None
    loop_thread: threading.Thread | None = None

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._round = threading.Lock()

    def _main_loop(self) -> None:
        self.loop_thread = threading.current_thread()
        try:
            super()._main_loop()
        except BaseException as exc:
            self.death = f"{type(exc).__name__}: {exc}"
            log.critical("scheduler: its thread died: %s", self.death, exc_info=True)

    def _process_jobs(self) -> float | None:
        # APScheduler's shutdown() marks the scheduler stopped before it takes its locks, so a round
        # under way then looks for its jobs among the "pending" ones and dies of JobLookupError; and
        # the loop runs one more round after shutdown() wakes it, which fails to submit what is due.
        # So a round holds ``_round``, ``stop()`` holds it too, and a round never starts once stopped.
        if not self._round.acquire(blocking=False):
            return None  # stop() is shutting the scheduler down
        try:
            if self.state == STATE_STOPPED:
                return None
            return super()._process_jobs()  # type: ignore[no-any-return]
        finally:
            self._round.release()

    def stop(self) -> None:
        """Shut down without waiting for a running job, after the loop's round under way."""
        with self._round:
            if self.running:
                self.shutdown(wait=False)

    def failure(self) -> str | None:
        """Why the loop thread is gone while the scheduler should run; None while all is well."""
        if not self.running:
            return None
        if self.death is not None:
            return f"its thread died: {self.death}"
        if self.loop_thread is not None and not self.loop_thread.is_alive():
            return "its thread ended"
        return None


class DeadlineScheduler:
    """One BackgroundScheduler for one database; ``start()`` reconciles at once."""

    def __init__(self, engine: Engine, judge: Judge, settings: Settings) -> None:
        self.engine = engine
        self.judge = judge
        self.settings = settings
        self.url = _url_key(engine)
        self.store = SharedJobStore(engine=engine, tablename=JOB_TABLE)
        self.stall_after = 3 * settings.scheduler.reconcile_seconds + STALL_SLACK_SECONDS
        self.scheduler = WatchedScheduler(
            jobstores={"default": self.store},
            executors={"default": ThreadPoolExecutor(1)},
            job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None},
            timezone=UTC,
        )
        self.workers = settings.scheduler.workers
        self._stop = threading.Event()
        self._busy = 0
        self._idle = threading.Condition()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def start(self) -> list[str]:
        """Start the scheduler: the interval job is (re)installed and ``wake`` set to now, so a first
        pass runs at once on the scheduler's thread (what came due while the process was down) and
        moves it to the next game's moment. Returns what it did at once (nothing: kept for callers)."""
        with _LIVE_LOCK:
            if self.url in _LIVE:
                raise RuntimeError(f"a deadline scheduler runs already for {self.url}")
            _LIVE[self.url] = self
        self._stop.clear()
        self.store.failing_since = None
        self.scheduler.start(paused=True)
        self.scheduler.add_job(
            reconcile_tick,
            "interval",
            seconds=self.settings.scheduler.reconcile_seconds,
            args=[self.url],
            id=RECONCILE_JOB,
            name="deadline pass",
            replace_existing=True,
        )
        self._drop_legacy_jobs()
        self._set_wake(datetime.now(UTC))  # a first pass at once, on the scheduler's thread
        self.scheduler.resume()
        return []

    def failure(self) -> str | None:
        """Why the scheduler no longer works although it was not shut down: its thread died, or
        reading its job store has failed for ``stall_after`` seconds (the table is gone, the
        database unreachable); None while it is well. ``serve`` polls it and exits non-zero, so systemd
        restarts the service, and the start re-creates the table and the jobs."""
        if self.stopping:
            return None
        dead = self.scheduler.failure()
        if dead is not None:
            return dead
        since = self.store.failing_since
        if since is not None and time.monotonic() - since > self.stall_after:
            return f"its job store could not be read for {time.monotonic() - since:.0f}s"
        return None

    def shutdown(self, timeout: float = STOP_SECONDS) -> bool:
        """Stop: no job starts any more, the running one stops at its next game and is waited for up
        to ``timeout`` seconds; False if it was still running then (it is left to finish, logged)."""
        self._stop.set()
        clean = True
        try:
            if self.scheduler.running:
                self.scheduler.pause()
                clean = self._wait_idle(timeout)
                if not clean:
                    log.warning("scheduler: a job still runs after %gs; not waiting for it", timeout)
                self.scheduler.stop()
        finally:
            with _LIVE_LOCK:
                if _LIVE.get(self.url) is self:
                    del _LIVE[self.url]
        return clean

    @contextmanager
    def _job(self) -> Iterator[None]:
        with self._idle:
            self._busy += 1
        try:
            yield
        finally:
            with self._idle:
                self._busy -= 1
                self._idle.notify_all()

    def _wait_idle(self, timeout: float) -> bool:
        with self._idle:
            return self._idle.wait_for(lambda: self._busy == 0, timeout=timeout)

    def tick(self, game_id: str | None = None) -> list[str]:
        """One pass (over one game, or all), then ``wake`` moved to the next game's moment; what it
        did is logged and returned. A shutdown stops the pass between games and skips the rest."""
        with self._job():
            games = None if game_id is None else [game_id]
            done = self.judge.run_pass(games=games, should_stop=self._stop.is_set, workers=self.workers)
            if not self.stopping and game_id is None:
                self._set_wake(done.next_wake)
        for line in done.lines:
            log.info("%s", line)
        return done.lines

    def _set_wake(self, at: datetime | None) -> None:
        """``wake`` at ``at`` (none without a moment); another scheduler may move it meanwhile: it
        reads the same tables and so the same moment."""
        if at is None:
            with suppress(JobLookupError):
                self.scheduler.remove_job(WAKE_JOB)
            return
        self.scheduler.add_job(
            wake_tick,
            "date",
            run_date=at,
            args=[self.url],
            id=WAKE_JOB,
            name="next due game",
            replace_existing=True,
        )

    def wake(self) -> datetime | None:
        """When ``wake`` runs next (None without it)."""
        job = self.scheduler.get_job(WAKE_JOB)
        return None if job is None else job.next_run_time

    def _drop_legacy_jobs(self) -> None:
        """Remove the per-window jobs of earlier versions (``deadline:GAME:WINDOW``)."""
        for job in self.scheduler.get_jobs():
            if job.id.startswith(LEGACY_PREFIX):
                try:
                    self.scheduler.remove_job(job.id)
                except JobLookupError:
                    continue
