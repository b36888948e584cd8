"""The deadline scheduler on a real store (SQLite and PostgreSQL), with the clock frozen by
time-machine: jobs persist across a restart, a late fire after downtime resolves once, and the
jobs follow the tables (moved with the deadline, dropped with the window)."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import time_machine
from sqlalchemy import Engine, text

from adjudicator.config import SchedulerSettings, Settings
from adjudicator.dates import when_text
from adjudicator.service.judge import Judge
from adjudicator.service.scheduler import DeadlineScheduler
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


def test_a_job_survives_a_restart_and_a_late_fire_after_downtime_resolves_once(engine: Engine) -> None:
    with time_machine.travel(T0, tick=False):
        judge = Judge(engine)
        wid = new_game(judge)
        first = DeadlineScheduler(engine, judge, SETTINGS)
        assert first.start() == [f"job deadline:g1:{wid} at {when_text(T0 + 48 * H)}"]
        assert first.jobs() == {f"deadline:g1:{wid}": T0 + 48 * H}
        first.shutdown()
    persisted = stored_jobs(engine)
    assert persisted[f"deadline:g1:{wid}"] == (T0 + 48 * H).timestamp()
    assert "reconcile" in persisted

    # the process was down over the deadline; at start-up the overdue job runs at once
    with time_machine.travel(T0 + 50 * H, tick=False):
        judge = Judge(engine)  # a new process: a new judge and a new scheduler
        second = DeadlineScheduler(engine, judge, SETTINGS)
        second.start()
        try:
            wait_for(lambda: judge.game("g1")[1].label == "T1.economy")
            new_id = judge.game("g1")[1].id
            wait_for(lambda: f"deadline:g1:{new_id}" in second.jobs())
            assert second.jobs() == {f"deadline:g1:{new_id}": T0 + 98 * H}
            # more fires for the same deadline (the interval job, a manual tick) change nothing
            assert second.tick() == []
            assert judge.process_due() == []
        finally:
            second.shutdown()
    assert set(stored_jobs(engine)) == {f"deadline:g1:{new_id}", "reconcile"}
    reports = [m for m in judge.outbox("g1") if m.kind == "report" and m.window_id == wid]
    assert len(reports) == len(POWERS) + 1
    late = [m for m in judge.outbox("g1") if m.subject.endswith("no orders by the deadline")]
    assert sorted(m.recipient for m in late) == sorted(POWERS)
    assert judge.game("g1")[1].opened_at.replace(tzinfo=UTC) == T0 + 50 * H


def test_the_jobs_follow_the_tables(engine: Engine) -> None:
    with time_machine.travel(T0, tick=False):
        judge = Judge(engine)
        wid = new_game(judge)
        scheduler = DeadlineScheduler(engine, judge, SETTINGS)
        scheduler.start()
        try:
            judge.extend("g1", 24, now=T0)
            assert scheduler.reconcile() == [f"job deadline:g1:{wid} moved to {when_text(T0 + 72 * H)}"]
            # a job lost from the store is re-created
            scheduler.scheduler.remove_job(f"deadline:g1:{wid}")
            assert scheduler.reconcile() == [f"job deadline:g1:{wid} at {when_text(T0 + 72 * H)}"]
            # the window resolves (by hand): its job goes, the next window's comes
            judge.adjudicate("g1", force=True, now=T0)
            new_id = judge.game("g1")[1].id
            assert scheduler.reconcile() == [
                f"job deadline:g1:{wid} removed",
                f"job deadline:g1:{new_id} at {when_text(T0 + 48 * H)}",
            ]
            # a paused game has no deadline job
            judge.pause("g1", now=T0)
            assert scheduler.reconcile() == [f"job deadline:g1:{new_id} removed"]
            assert scheduler.jobs() == {}
        finally:
            scheduler.shutdown()
