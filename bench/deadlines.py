"""The deadline pass at scale (issue 18): N games all due at once, the steady pass, and several
``serve`` processes sharing 10,000 games on PostgreSQL.

Run (from the repository root):

    .venv/bin/python bench/deadlines.py [--store sqlite|postgresql] [--games 100 1000] [--url URL]
    .venv/bin/python bench/deadlines.py --store postgresql --serves 2 --games 10000 [--url URL]

Each N gets a fresh store (on PostgreSQL a fresh database on the server ``--url`` or
``ADJUDICATOR_TEST_PG`` names) with N 4-power Medioevo games in their first order window
(``bench/bulk_games.py``: one made by ``create_game``, the rest copied). Then:

- **due**: one ``process_due`` at a moment past every deadline, by a judge made as ``serve`` makes
  it (reports queued, rendered by the sender after): every game's window resolves (misses counted,
  late notices, reports queued). Printed: seconds a game, the total, the share of it spent in
  ``render_report`` and in queuing the reports, and apart the render pass after it
  (``render_pending``: the sender's work in ``serve``). Goal: <= 0.06 s a game, 1,000 in <= 60 s.
- **steady**: ``process_due`` at a moment when nothing is due, ``--passes`` times: the median per
  pass and per game, and the statements one pass sends. Goal: flat (the same per pass whatever N).
- **serves**: the games' deadlines put a few seconds ahead, ``--serves`` real ``adjudicator serve``
  processes started on the store, and the run waits until every game's window is resolved; then it
  checks that each was resolved exactly once (one resolved ``T1.cards`` a game, one late notice a
  power) and no log shows an error. Printed: the time from the deadline to the last resolution.

It exits non-zero when a check fails (never for a missed speed goal: the figures go to README.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import Engine, event, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import adjudicator.service.base as service_base
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from bench.bulk_games import clone_games

POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)
ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def store(kind: str, admin_url: str | None) -> Iterator[Engine]:
    """A fresh, migrated store: a SQLite file, or a new database on the PostgreSQL server."""
    if kind == "sqlite":
        engine = make_engine(f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}")
        migrate(engine)
        yield engine
        engine.dispose()
        return
    if not admin_url:
        raise SystemExit("--store postgresql needs --url or ADJUDICATOR_TEST_PG")
    name = f"bench_{uuid.uuid4().hex[:10]}"
    plain = admin_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    engine = make_engine(admin_url.rsplit("/", 1)[0] + "/" + name)
    migrate(engine)
    try:
        yield engine
    finally:
        engine.dispose()
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def make_games(engine: Engine, n: int, now: datetime) -> tuple[list[str], float]:
    """``n`` games in their first order window, its deadline 48 h after ``now``; the seconds taken."""
    start = time.perf_counter()
    judge = Judge(engine, mail_domain="judge.test")
    ids = [f"g{k:05d}" for k in range(n)]
    judge.create_game(ids[0], "medioevo", POWERS, {"turns": 3}, seed=b"k" * 32, now=now)
    judge.set_calendar(ids[0], {"period_hours": {"default": 48}}, now=now)
    clone_games(engine, ids[0], ids[1:])
    return ids, time.perf_counter() - start


class Counting:
    """Statements sent, and seconds spent in ``render_report`` and in queuing the reports (their
    inputs read from the log, rendered, queued: ``report_queue.queue_reports``) while installed.
    Either may be gone once the reports leave the adjudication (helper "render18"): then 0."""

    def __init__(self, engine: Engine) -> None:
        self.engine, self.statements = engine, 0
        self.seconds = {"render": 0.0, "reports": 0.0}
        self._patched: list[tuple[Any, str, Any]] = []

    def _time(self, owner: Any, name: str, what: str) -> None:
        real = getattr(owner, name, None)
        if real is None:
            return

        def timed(*args: Any, **kw: Any) -> Any:
            t = time.perf_counter()
            try:
                return real(*args, **kw)
            finally:
                self.seconds[what] += time.perf_counter() - t

        self._patched.append((owner, name, real))
        setattr(owner, name, timed)

    def __enter__(self) -> Counting:
        event.listen(self.engine, "before_cursor_execute", self._count)
        self._time(service_base, "render_report", "render")
        self._time(service_base, "queue_reports", "reports")
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._count)
        for owner, name, real in reversed(self._patched):
            setattr(owner, name, real)
        self._patched.clear()

    def _count(self, _c: Any, _cur: Any, statement: str, *_: Any) -> None:
        if statement.strip().upper() not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"):
            self.statements += 1


@dataclass
class PassFigures:
    """One N's figures: the steady pass (seconds, statements), the due pass (wall seconds a game, or
    None when not run), whether every game's window resolved, and the due pass's CPU seconds a game
    in this process (the judge's own work: on SQLite all of it, on PostgreSQL not the server's)."""

    n: int
    steady: float
    statements: int
    due_per_game: float | None = None
    ok: bool = True
    due_cpu_per_game: float | None = None


def bench_pass(
    kind: str,
    url: str | None,
    n: int,
    passes: int,
    due_pass: bool = True,
    workers: int | None = None,
    render_after: bool = True,
) -> PassFigures:
    """The steady pass and (``due_pass``) the due pass over ``n`` fresh games; ``render_after``: the
    render pass after the due pass timed too (the sender's work, about 2 s a game under load)."""
    with store(kind, url) as engine:
        _, made = make_games(engine, n, T0)
        judge = Judge(
            engine, mail_domain="judge.test", render_after_commit=False
        )  # as serve: the sender renders
        judge.process_due(T0 + H)  # the first look at each game (as after a start): its moment set
        steady: list[float] = []
        for _ in range(passes):
            with Counting(engine) as counted:
                t = time.perf_counter()
                assert judge.process_due(T0 + 2 * H) == []
                steady.append(time.perf_counter() - t)
        per_pass = statistics.median(steady)
        steady_text = (
            f"steady pass: {per_pass * 1000:.2f} ms ({per_pass / n * 1000:.4f} ms a game), "
            f"{counted.statements} statement(s)"
        )
        if not due_pass:
            print(f"{kind:10} N={n:5}  made in {made:6.1f} s | {steady_text}")
            return PassFigures(n, per_pass, counted.statements)
        with Counting(engine) as due:
            t, c = time.perf_counter(), time.process_time()
            lines = judge.process_due(T0 + 49 * H, workers=workers)
            took, cpu = time.perf_counter() - t, time.process_time() - c
        t = time.perf_counter()
        if render_after:
            judge.render_pending()  # the sender's work in serve, after the pass: timed apart
        rendered = time.perf_counter() - t
        resolved = sum(1 for line in lines if "T1.cards resolved" in line)
        render, reports = (due.seconds[k] / took if took else 0.0 for k in ("render", "reports"))
        print(
            f"{kind:10} N={n:5}  made in {made:6.1f} s | due pass: {took / n:.3f} s a game (CPU of this "
            f"process {cpu / n:.3f} s), {took:7.1f} s "
            f"in all, render_report {render:.0%}, all the reports {reports:.0%}, {resolved}/{n} resolved; "
            + (f"the render pass after it {rendered / n:.3f} s a game" if render_after else "")
            + " | "
            f"{steady_text}"
        )
        return PassFigures(n, per_pass, counted.statements, took / n, resolved == n, cpu / n)


def bench_serves(url: str, n: int, serves: int, lead_seconds: float) -> bool:
    with store("postgresql", url) as engine:
        now = datetime.now(UTC)
        ids, made = make_games(engine, n, now)
        print(f"postgresql N={n}: made in {made:.1f} s; starting {serves} serve processes")
        work = Path(tempfile.mkdtemp())
        config = work / "config.toml"
        config.write_text(
            f'[judge]\naddress = "judge@judge.test"\ndomain = "judge.test"\n\n'
            f'[maildir]\npath = "{work / "mail-out"}"\n\n[scheduler]\nreconcile_seconds = 5\n'
        )
        db_url = engine.url.render_as_string(hide_password=False)
        env = {**os.environ, "DATABASE_URL": db_url, "ADJUDICATOR_CONFIG": str(config)}
        logs = [work / f"serve-{k}.log" for k in range(serves)]
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "adjudicator", "serve", "--config", str(config)],
                cwd=ROOT,
                env=env,
                stdout=log.open("ab"),
                stderr=subprocess.STDOUT,
            )
            for log in logs
        ]
        try:
            until(lambda: all("serve: running" in log.read_text() for log in logs), 120, "serves running")
            with engine.begin() as conn:
                due = datetime.now(UTC) + timedelta(seconds=lead_seconds)
                conn.execute(text("UPDATE windows SET deadline = :d WHERE status = 'open'"), {"d": due})
            until(lambda: resolved(engine) == n, 600 + 2.0 * n, "every window resolved")
            took = (datetime.now(UTC) - due).total_seconds()
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(120)
                except subprocess.TimeoutExpired:
                    proc.kill()
        ok = check_once(engine, ids, logs)
        shares = [log.read_text().count("T1.cards resolved") for log in logs]
        print(f"  windows resolved by each serve: {shares}")
        print(f"  every window resolved {took:.1f} s after the deadline ({took / n:.3f} s a game)")
        print(f"  exactly once: {ok}")
        return ok


def resolved(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(
            conn.execute(
                text("SELECT count(*) FROM windows WHERE label = 'T1.cards' AND status = 'resolved'")
            ).scalar()
            or 0
        )


def check_once(engine: Engine, ids: list[str], logs: list[Path]) -> bool:
    with engine.connect() as conn:
        once = conn.execute(
            text(
                "SELECT game_id, count(*) FROM windows WHERE label = 'T1.cards' AND status = 'resolved' "
                "GROUP BY game_id"
            )
        ).all()
        late = conn.execute(
            text(
                "SELECT game_id, recipient, count(*) FROM outbox "
                "WHERE subject LIKE '%no orders by the deadline' GROUP BY game_id, recipient"
            )
        ).all()
        reports = conn.execute(
            text("SELECT count(*), count(DISTINCT message_id) FROM outbox WHERE kind = 'report'")
        ).one()
    problems = []
    if {g for g, c in once if c == 1} != set(ids):
        problems.append("a window not resolved exactly once")
    if len(late) != len(ids) * len(POWERS) or any(c != 1 for *_, c in late):
        problems.append("a late notice missing or twice")
    if reports[0] != reports[1]:
        problems.append("a report twice")
    for log in logs:
        said = log.read_text()
        for bad in ("Traceback", "UniqueViolation", "IntegrityError", " ERROR "):
            if bad in said:
                problems.append(f"{bad} in {log.name}")
    for problem in problems:
        print(f"  FAILED: {problem}")
    return not problems


def until(check: Callable[[], bool], seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise SystemExit(f"gave up waiting for: {what}")
        time.sleep(0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--games", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--passes", type=int, default=20, help="steady passes timed")
    parser.add_argument("--serves", type=int, default=0, help="run this many serve processes (PostgreSQL)")
    parser.add_argument("--lead", type=float, default=10.0, help="seconds from moving the deadlines to them")
    parser.add_argument("--steady-only", action="store_true", help="time the steady pass only")
    parser.add_argument("--make-only", action="store_true", help="time making the games only")
    parser.add_argument("--workers", type=int, help="threads of the due pass (default: the judge's)")
    parser.add_argument("--url", default=os.environ.get("ADJUDICATOR_TEST_PG"))
    args = parser.parse_args()
    if args.make_only:
        for n in args.games:
            with store(args.store, args.url) as engine:
                print(f"{args.store:10} N={n:5}  made in {make_games(engine, n, T0)[1]:6.1f} s")
        return
    if args.serves:
        if args.store != "postgresql":
            raise SystemExit("--serves runs on PostgreSQL only (--store postgresql)")
        ok = all(bench_serves(args.url, n, args.serves, args.lead) for n in args.games)
    else:
        ok = all(
            bench_pass(args.store, args.url, n, args.passes, not args.steady_only, args.workers).ok
            for n in args.games
        )
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
