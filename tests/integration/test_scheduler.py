"""The deadline scheduler on a real store (SQLite and PostgreSQL), with the clock frozen by
time-machine: the wake job persists across a restart, a late pass after downtime resolves once,
and the wake job follows the tables (moved with the deadline, dropped with nothing due)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import time_machine
from apscheduler.schedulers.background import BackgroundScheduler  # type: ignore[import-untyped]
from sqlalchemy import Engine, event, inspect, text

from adjudicator.config import SchedulerSettings, Settings
from adjudicator.service.judge import Judge
from adjudicator.service.scheduler import DeadlineScheduler, SharedJobStore, fire_deadline
from adjudicator.store.db import make_engine, migrate
from tests.conftest import POWERS

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)
SETTINGS = Settings(scheduler=SchedulerSettings(reconcile_seconds=3600))


def wait_for(check: Callable[[], bool], seconds: float = 30.0) -> None:
    """Poll in real time (time-machine freezes the wall clock, not the monotonic one sleep uses)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the scheduler did not get there in time"
        time.sleep(0.05)


def new_game(judge: Judge) -> int:
    judge.create_game("g1", "medioevo", POWERS, {"turns": 3}, seed=b"k" * 32, now=T0)
    judge.set_calendar("g1", {"period_hours": {"default": 48}}, now=T0)
    wid = judge.game("g1")[1].id
    assert wid is not None
    return wid


def stored_jobs(engine: Engine) -> dict[str, float]:
    with engine.connect() as conn:
        return {
            row[0]: row[1] for row in conn.execute(text("SELECT id, next_run_time FROM apscheduler_jobs"))
        }


def test_the_wake_job_persists_and_a_late_pass_after_downtime_resolves_once(engine: Engine) -> None:
    with time_machine.travel(T0, tick=False):
        judge = Judge(engine)
        new_game(judge)
        first = DeadlineScheduler(engine, judge, SETTINGS)
        first.start()  # its first pass runs at once and moves the wake job to the first reminder
        wait_for(lambda: first.wake() == T0 + 24 * H)
        first.shutdown()
    persisted = stored_jobs(engine)
    assert persisted == {"wake": (T0 + 24 * H).timestamp(), "reconcile": persisted["reconcile"]}

    # the process was down over the deadline; at start-up its pass resolves the window
    with time_machine.travel(T0 + 50 * H, tick=False):
        judge = Judge(engine)  # a new process: a new judge and a new scheduler
        second = DeadlineScheduler(engine, judge, SETTINGS)
        second.start()
        try:
            wait_for(lambda: second.wake() == T0 + 74 * H)  # the next window's first reminder
            assert judge.game("g1")[1].label == "T1.economy"
            # more passes at the same moment (the interval job, a manual tick) change nothing
            assert second.tick() == []
            assert judge.process_due() == []
        finally:
            second.shutdown()
    reports = [
        m for m in judge.outbox("g1") if m.kind == "report" and m.window_id == wid_of(judge, "T1.cards")
    ]
    assert len(reports) == len(POWERS) + 1
    late = [m for m in judge.outbox("g1") if m.subject.endswith("no orders by the deadline")]
    assert sorted(m.recipient for m in late) == sorted(POWERS)
    assert judge.game("g1")[1].opened_at.replace(tzinfo=UTC) == T0 + 50 * H


def wid_of(judge: Judge, label: str) -> int | None:
    return next(m.window_id for m in judge.outbox("g1") if m.subject.startswith(f"[g1] {label} results"))


def test_the_wake_job_follows_the_tables_and_old_per_window_jobs_go(engine: Engine) -> None:
    with time_machine.travel(T0, tick=False):
        judge = Judge(engine)
        wid = new_game(judge)
        scheduler = DeadlineScheduler(engine, judge, SETTINGS)
        scheduler.scheduler.start(paused=True)  # a job of an earlier version, one per window
        scheduler.scheduler.add_job(
            fire_deadline, "date", run_date=T0 + H, args=["x", "g1", wid], id="deadline:g1:1"
        )
        scheduler.scheduler.shutdown()
        scheduler = DeadlineScheduler(engine, judge, SETTINGS)
        scheduler.start()
        try:
            wait_for(lambda: scheduler.wake() == T0 + 24 * H)
            assert set(stored_jobs(engine)) == {"wake", "reconcile"}
            judge.extend("g1", 24, now=T0)  # the store marks the game due; the pass sets the moment
            assert scheduler.tick() == []
            assert scheduler.wake() == T0 + 48 * H
            # the window resolves (by hand): the next window's moment
            judge.adjudicate("g1", force=True, now=T0)
            scheduler.tick()
            assert scheduler.wake() == T0 + 24 * H
            # a paused game has nothing due: no wake job
            judge.pause("g1", now=T0)
            assert scheduler.tick() == []
            assert scheduler.wake() is None
            assert set(stored_jobs(engine)) == {"reconcile"}
        finally:
            scheduler.shutdown()


def test_the_job_table_is_made_under_the_write_lock_when_another_serve_writes(
    tmp_path: Path,
) -> None:
    """Two ``serve`` processes starting on one SQLite file: while the first makes APScheduler's job
    table, the second (or its first pass) commits a write. APScheduler's own check-then-create, in a
    deferred transaction, then failed at once with "database is locked" and the serve died (seen in
    CI under load). Made under the write lock, the other writer waits and the table is made."""
    url = f"sqlite:///{tmp_path / 'jobs.db'}"
    engine = make_engine(url)
    migrate(engine)
    store = SharedJobStore(engine=engine, tablename="apscheduler_jobs")
    interfered: list[str] = []

    def another_writer(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if not statement.lstrip().upper().startswith("CREATE TABLE") or interfered:
            return
        other = sqlite3.connect(tmp_path / "jobs.db", timeout=0.2, isolation_level=None)
        try:
            other.execute("INSERT INTO alembic_version VALUES ('another-serve')")
            interfered.append("committed")
        except sqlite3.OperationalError:
            interfered.append("waited")  # the write lock is held: the other writer waits its turn
        finally:
            other.close()

    event.listen(engine, "before_cursor_execute", another_writer)
    store.start(BackgroundScheduler(), "default")
    event.remove(engine, "before_cursor_execute", another_writer)
    assert interfered == ["waited"]
    assert inspect(engine).has_table("apscheduler_jobs")
    engine.dispose()
