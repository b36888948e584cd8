"""Waking the judge up at deadlines: APScheduler 3 with its jobs in the game's own database.

The scheduler only wakes things up; the game tables decide. Each open window with a deadline has
one date job (``deadline:GAME:WINDOWID``) at the deadline plus grace, kept in a persistent
``SQLAlchemyJobStore`` (table ``apscheduler_jobs``) so it outlives a restart, with
``misfire_grace_time=None`` so a job whose moment passed while the process was down still runs at
start-up. Every job, and an interval job every ``settings.scheduler.reconcile_seconds``, runs one
``process_due`` pass and a reconcile (jobs re-created for open windows, dropped for closed ones).
A double or late fire is harmless: ``process_due`` resolves a window through the claimed-row
UPDATE of ``Judge.adjudicate``. One worker thread runs the jobs one at a time.

Jobs are pickled into the store, so they name a module-level function and plain arguments; the
database URL they carry has its password masked, and names the scheduler that runs them here.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime, timedelta

from apscheduler.executors.pool import ThreadPoolExecutor  # type: ignore[import-untyped]
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore  # type: ignore[import-untyped]
from apscheduler.schedulers.background import BackgroundScheduler  # type: ignore[import-untyped]
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from adjudicator.config import Settings
from adjudicator.service.base import as_utc
from adjudicator.service.calendar import read_calendar
from adjudicator.service.judge import Judge
from adjudicator.store.models import Game, Window

log = logging.getLogger(__name__)

JOB_TABLE = "apscheduler_jobs"
RECONCILE_JOB = "reconcile"
_LIVE: dict[str, DeadlineScheduler] = {}
_LIVE_LOCK = threading.Lock()


def _url_key(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)


def _live(url: str) -> DeadlineScheduler:
    with _LIVE_LOCK:
        found = _LIVE.get(url)
    if found is None:
        raise RuntimeError(f"no deadline scheduler runs for {url} in this process")
    return found


def fire_deadline(url: str, game_id: str, window_id: int) -> list[str]:
    """A deadline job: one pass over every game (the game and window name the job, for the log)."""
    log.info("deadline job for %s window %s", game_id, window_id)
    return _live(url).tick()


def reconcile_tick(url: str) -> list[str]:
    """The interval job: reminders, due windows, and the jobs brought in line with the tables."""
    return _live(url).tick()


def job_id(game_id: str, window_id: int) -> str:
    return f"deadline:{game_id}:{window_id}"


class DeadlineScheduler:
    """One BackgroundScheduler for one database; ``start()`` reconciles at once."""

    def __init__(self, engine: Engine, judge: Judge, settings: Settings) -> None:
        self.engine = engine
        self.judge = judge
        self.settings = settings
        self.url = _url_key(engine)
        self.scheduler = BackgroundScheduler(
            jobstores={"default": SQLAlchemyJobStore(engine=engine, tablename=JOB_TABLE)},
            executors={"default": ThreadPoolExecutor(1)},
            job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None},
            timezone=UTC,
        )

    def start(self) -> list[str]:
        """Start the scheduler: jobs persisted before come back (an overdue one runs at once), the
        interval job is (re)installed, and missing deadline jobs are re-created."""
        with _LIVE_LOCK:
            if self.url in _LIVE:
                raise RuntimeError(f"a deadline scheduler runs already for {self.url}")
            _LIVE[self.url] = self
        self.scheduler.start(paused=True)
        self.scheduler.add_job(
            reconcile_tick,
            "interval",
            seconds=self.settings.scheduler.reconcile_seconds,
            args=[self.url],
            id=RECONCILE_JOB,
            name="process due deadlines and reconcile jobs",
            replace_existing=True,
        )
        done = self.reconcile()
        self.scheduler.resume()
        return done

    def shutdown(self, wait: bool = True) -> None:
        if self.scheduler.running:
            self.scheduler.shutdown(wait=wait)
        with _LIVE_LOCK:
            if _LIVE.get(self.url) is self:
                del _LIVE[self.url]

    def tick(self) -> list[str]:
        """One ``process_due`` pass, then a reconcile; what it did is logged and returned."""
        done = self.judge.process_due()
        done += self.reconcile()
        for line in done:
            log.info("%s", line)
        return done

    def wanted(self) -> dict[str, tuple[str, int, datetime]]:
        """The deadline jobs the tables call for: each active game's open window with a deadline,
        due at the deadline plus grace."""
        with Session(self.engine) as session:
            rows = session.exec(
                select(Game, Window).where(
                    col(Game.current_window_id) == col(Window.id),
                    col(Game.status) == "active",
                    col(Window.status) == "open",
                    col(Window.deadline).is_not(None),
                )
            ).all()
        out: dict[str, tuple[str, int, datetime]] = {}
        for game, window in rows:
            assert window.id is not None and window.deadline is not None
            grace = timedelta(minutes=read_calendar(game.calendar, game.options).grace_minutes)
            out[job_id(game.id, window.id)] = (game.id, window.id, as_utc(window.deadline) + grace)
        return out

    def jobs(self) -> dict[str, datetime | None]:
        """The deadline jobs in the store and when each runs next."""
        return {j.id: j.next_run_time for j in self.scheduler.get_jobs() if j.id.startswith("deadline:")}

    def reconcile(self) -> list[str]:
        """Bring the deadline jobs in line with the tables: add the missing ones, move the ones whose
        deadline moved, remove the ones of windows no longer open."""
        wanted = self.wanted()
        done: list[str] = []
        for jid, at in self.jobs().items():
            if jid not in wanted:
                self.scheduler.remove_job(jid)
                done.append(f"job {jid} removed")
            elif at is None or at != wanted[jid][2]:
                self.scheduler.reschedule_job(jid, trigger="date", run_date=wanted[jid][2])
                done.append(f"job {jid} moved to {wanted[jid][2].isoformat()}")
        have = set(self.jobs())
        for jid, (game_id, window_id, at) in wanted.items():
            if jid in have:
                continue
            self.scheduler.add_job(
                fire_deadline,
                "date",
                run_date=at,
                args=[self.url, game_id, window_id],
                id=jid,
                name=f"deadline of {game_id} window {window_id}",
                replace_existing=True,
            )
            done.append(f"job {jid} at {at.isoformat()}")
        return done
