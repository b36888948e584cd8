"""`adjudicator serve` keeps running, stops in bounded time and ends when its scheduler dies (issue 14).

Real processes on a real store (SQLite and PostgreSQL): the CLI's ``serve`` in subprocesses with the
real scheduler and outbox sender (Maildir), games whose deadlines fall due while it runs.

- Two ``serve`` processes on one database share APScheduler's job table (two jobs) and the games
  (each pass claims the games it works on): both keep their
  scheduler, every window resolves exactly once, every miss is counted once, and no traceback or
  duplicate key shows in their logs; both exit 0 on SIGTERM.
- SIGTERM while a deadline job runs, with CPU-burning processes beside it: ``serve`` exits 0 in
  bounded time (APScheduler's shutdown used to hold its job-store lock while waiting for the running
  job, which needed that lock to reconcile: a deadlock).
- The job table dropped under a running ``serve`` kills APScheduler's thread: ``serve`` notices and
  exits non-zero, so systemd restarts it (and the restart re-creates the table and the jobs).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

from sqlalchemy import Engine, text, update
from sqlmodel import Session, col, select

from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox, Power, Window, utcnow
from tests.conftest import POWERS
from tests.integration.test_serve_e2e import start_serve, wait_for

STOP_SECONDS = 30
"""How long SIGTERM may take (the e2e test's bound; the unit's TimeoutStopSec is 60)."""


def write_config(tmp_path: Path, reconcile_seconds: float = 1) -> Path:
    config = tmp_path / "config.toml"
    config.write_text(
        f'[judge]\naddress = "judge@judge.test"\ndomain = "judge.test"\n\n'
        f'[maildir]\npath = "{tmp_path / "mail-out"}"\n\n'
        f"[scheduler]\nreconcile_seconds = {reconcile_seconds}\n"
    )
    return config


def new_games(judge: Judge, count: int) -> list[str]:
    """Games in their first window with a deadline two days away (moved by ``due_in``)."""
    ids = [f"g{n:02}" for n in range(count)]
    for n, game_id in enumerate(ids):
        judge.create_game(
            game_id, "medioevo", POWERS, {"turns": 2}, seed=bytes([n + 1]) * 32, gm_address="gm@judge.test"
        )
        judge.set_calendar(game_id, {"period_hours": {"default": 48}})
    return ids


def due_in(engine: Engine, seconds: float) -> None:
    """Every open window's deadline, at one moment a few seconds from now."""
    with Session(engine) as session, session.begin():
        session.execute(
            update(Window)
            .where(col(Window.status) == "open")
            .values(deadline=utcnow() + timedelta(seconds=seconds))
        )


def labels(engine: Engine) -> dict[str, str]:
    with Session(engine) as session:
        rows = session.exec(select(Window).where(Window.status == "open")).all()
        return {w.game_id: w.label for w in rows}


def running(log: Path) -> bool:
    return "serve: running" in log.read_text()


@contextmanager
def cpu_burners(count: int) -> Iterator[None]:
    """Processes that keep the CPUs busy, as the rest of a full test run does."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait(10)


def stop(serve: subprocess.Popen[bytes], log: Path) -> int:
    serve.send_signal(signal.SIGTERM)
    try:
        return serve.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        raise AssertionError(
            f"serve did not stop within {STOP_SECONDS} s of SIGTERM:\n{log.read_text()[-4000:]}"
        ) from None


def kill(*procs: subprocess.Popen[bytes]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_two_serves_on_one_database_resolve_every_window_once_and_stay_up(
    engine: Engine, tmp_path: Path
) -> None:
    url = engine.url.render_as_string(hide_password=False)
    judge = Judge(engine, mail_domain="judge.test")
    games = new_games(judge, 5)
    config = write_config(tmp_path)
    logs = [tmp_path / "serve-a.log", tmp_path / "serve-b.log"]
    serves = [start_serve(config, url, log) for log in logs]
    try:
        for log in logs:
            wait_for(lambda log=log: running(log), 60, log)  # type: ignore[misc]
        due_in(engine, 3)  # both schedulers take up the moved jobs and fire them at the same moment
        wait_for(lambda: set(labels(engine).values()) == {"T1.economy"}, 50, logs[0])
        for serve, log in zip(serves, logs, strict=True):
            assert serve.poll() is None, log.read_text()[-4000:]
        for serve, log in zip(serves, logs, strict=True):
            assert stop(serve, log) == 0, log.read_text()[-4000:]
    finally:
        kill(*serves)
    for log in logs:
        text_ = log.read_text()
        for bad in ("Traceback", "UniqueViolation", "IntegrityError", "JobLookupError", " ERROR "):
            assert bad not in text_, f"{bad} in {log.name}:\n{text_[-4000:]}"
    with Session(engine) as session:
        resolved = Counter(
            w.game_id for w in session.exec(select(Window).where(Window.label == "T1.cards")) if w.resolved_at
        )
        assert resolved == dict.fromkeys(games, 1)
        assert {p.missed for p in session.exec(select(Power))} == {1}  # each miss counted once
        late = Counter(
            (m.game_id, m.recipient)
            for m in session.exec(select(Outbox))
            if m.subject.endswith("no orders by the deadline")
        )
        assert late == {(g, p): 1 for g in games for p in POWERS}


def test_sigterm_while_a_deadline_job_runs_under_cpu_load_stops_in_bounded_time(
    engine: Engine, tmp_path: Path
) -> None:
    url = engine.url.render_as_string(hide_password=False)
    judge = Judge(engine, mail_domain="judge.test")
    new_games(judge, 3)
    due_in(engine, -1)  # overdue: the first pass runs as soon as the scheduler starts
    config = write_config(tmp_path, reconcile_seconds=3600)  # no interval pass gets there first
    log = tmp_path / "serve.log"
    with cpu_burners(2):
        serve = start_serve(config, url, log)
        try:
            wait_for(lambda: "deadline pass: a game came due" in log.read_text(), 60, log)
            started = time.monotonic()
            assert stop(serve, log) == 0, log.read_text()[-4000:]
            took = time.monotonic() - started
        finally:
            kill(serve)
    assert "serve: stopped" in log.read_text() and "Traceback" not in log.read_text()
    print(f"serve stopped {took:.1f} s after SIGTERM, under load")


REFUSE_UPDATES = {
    "sqlite": [
        "CREATE TRIGGER refuse_job_updates BEFORE UPDATE ON apscheduler_jobs "
        "BEGIN SELECT RAISE(ABORT, 'the job table is read-only'); END"
    ],
    "postgresql": [
        "CREATE FUNCTION refuse_job_updates() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'the job table is read-only'; END $$",
        "CREATE TRIGGER refuse_job_updates BEFORE UPDATE ON apscheduler_jobs "
        "FOR EACH ROW EXECUTE FUNCTION refuse_job_updates()",
    ],
}
"""The database refuses to move a job (as with a full disk or revoked rights): APScheduler's loop
thread dies on it the next time the interval job runs."""
BREAKAGES = {
    "its thread dies": lambda dialect: REFUSE_UPDATES[dialect],
    "its job table is dropped": lambda dialect: ["DROP TABLE apscheduler_jobs"],
}


def scheduler_failure_ends_serve(engine: Engine, tmp_path: Path, breakage: str, *expect: str) -> None:
    url = engine.url.render_as_string(hide_password=False)
    judge = Judge(engine, mail_domain="judge.test")
    new_games(judge, 1)
    config = write_config(tmp_path)
    log = tmp_path / "serve.log"
    serve = start_serve(config, url, log)
    try:
        wait_for(lambda: running(log), 60, log)
        with engine.begin() as conn:
            for statement in BREAKAGES[breakage](engine.dialect.name):
                conn.execute(text(statement))
        try:
            status = serve.wait(45)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"serve went on without its scheduler:\n{log.read_text()[-4000:]}") from None
    finally:
        kill(serve)
    assert status != 0
    said = log.read_text()
    assert any(f"serve: the scheduler failed: {why}" in said for why in expect), said[-4000:]

    # a restart (as systemd's Restart=on-failure does) brings the table and the jobs back
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS apscheduler_jobs"))
    serve = start_serve(config, url, log)
    try:
        wait_for(lambda: log.read_text().count("serve: running") == 2, 60, log)
        wait_for(lambda: stored_job_ids(engine) == {"reconcile", "wake"}, 60, log)
        assert stop(serve, log) == 0
    finally:
        kill(serve)


def stored_job_ids(engine: Engine) -> set[str]:
    with engine.connect() as conn:
        return {row[0] for row in conn.execute(text("SELECT id FROM apscheduler_jobs"))}


def test_a_scheduler_whose_thread_dies_ends_serve_with_a_failure(engine: Engine, tmp_path: Path) -> None:
    scheduler_failure_ends_serve(engine, tmp_path, "its thread dies", "its thread died: ")


def test_a_scheduler_that_cannot_read_its_jobs_ends_serve_with_a_failure(
    engine: Engine, tmp_path: Path
) -> None:
    # the table gone, the loop meets it either reading the due jobs (failing until the stall bound)
    # or writing a job's next run back (its thread dies of it): both end serve with a failure
    scheduler_failure_ends_serve(
        engine, tmp_path, "its job table is dropped", "its job store could not be read", "its thread died: "
    )
