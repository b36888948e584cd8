"""Issue 14: an order sent while its window is being adjudicated, and two orders at the same moment.

Real concurrency: every contender is an ``adjudicator`` command in a process of its own
(race_child.py), on SQLite and PostgreSQL. The interleaving is forced, not hoped for: the test holds
a lock that the contenders need (SQLite's write lock, or a PostgreSQL table lock taken at the
point of interest), waits until each contender is queued behind it (its marker file, or
``pg_stat_activity`` showing it waiting), and only then lets go.

The invariant: a submission either got a receipt and its orders are the ones the adjudication of
that window used (its stored order set, its results), or it was refused with a reply that says
the window closed and names the window open now, and nothing of it was stored.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic import command
from sqlalchemy import Engine, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from adjudicator.service.assets import with_content
from adjudicator.service.judge import Judge
from adjudicator.store.db import alembic_config, migrate
from adjudicator.store.models import OrderSet, Outbox, Power, ResultRow, Window
from tests.conftest import POWERS, order_mail

ROOT = Path(__file__).resolve().parents[2]
GAME = "g1"
HUNGARY = "king@hungary.test"
BOUND = 60.0
"""Seconds any condition may take on a busy machine; the tests take a few seconds each."""


def wait_for(what: Callable[[], bool], why: str, children: tuple[Child, ...] = ()) -> None:
    end = time.monotonic() + BOUND
    while time.monotonic() < end:
        if what():
            return
        time.sleep(0.05)
    logs = "\n".join(c.log() for c in children)
    raise AssertionError(f"timed out after {BOUND} s waiting for {why}\n{logs}")


@dataclass
class Child:
    """One ``adjudicator`` command running in its own process."""

    name: str
    proc: subprocess.Popen[bytes]
    folder: Path

    @property
    def marker(self) -> Path:
        return self.folder / f"{self.name}.marker"

    def go(self) -> None:
        """Start the command, once the process has imported the judge."""
        ready = self.marker.with_suffix(".ready")
        wait_for(lambda: ready.exists() or self.proc.poll() is not None, f"{self.name} to start", (self,))
        self.marker.with_suffix(".go").touch()

    def queued(self) -> bool:
        """It has read what it reads first and is at its first write (or has finished)."""
        return self.marker.exists() or self.proc.poll() is not None

    def finish(self) -> tuple[int, str, str]:
        code = self.proc.wait(BOUND)
        return code, self._read("out"), self._read("err")

    def _read(self, stream: str) -> str:
        return (self.folder / f"{self.name}.{stream}").read_text()

    def log(self) -> str:
        return f"--- {self.name}: {self._read('out')}{self._read('err')}"


@contextmanager
def contenders(engine: Engine, folder: Path) -> Iterator[Callable[..., Child]]:
    """Start ``adjudicator`` commands on the test's store; any still running at the end is stopped."""
    url = engine.url.render_as_string(hide_password=False)
    env = {k: v for k, v in os.environ.items() if k not in ("ADJUDICATOR_CONFIG", "ADJUDICATOR_DB")}
    env["DATABASE_URL"] = url
    started: list[Child] = []

    def start(name: str, *args: str, stdin: Path | None = None) -> Child:
        out, err = (folder / f"{name}.out").open("wb"), (folder / f"{name}.err").open("wb")
        given = stdin.open("rb") if stdin else subprocess.DEVNULL
        with out, err:
            proc = subprocess.Popen(
                [sys.executable, "-m", "tests.integration.race_child", str(folder / f"{name}.marker"), *args],
                cwd=ROOT,
                env=env,
                stdin=given,
                stdout=out,
                stderr=err,
            )
        if stdin:
            given.close()  # type: ignore[union-attr]
        started.append(Child(name, proc, folder))
        return started[-1]

    try:
        yield start
    finally:
        for child in started:
            if child.proc.poll() is None:
                child.proc.kill()
                child.proc.wait()


@contextmanager
def holding(engine: Engine, pg_table: str) -> Iterator[Callable[[], None]]:
    """Hold a lock the contenders need until the yielded ``release`` is called.

    SQLite: the database's write lock (``BEGIN IMMEDIATE``). PostgreSQL: ``pg_table`` locked in
    EXCLUSIVE mode, which lets plain reads through and stops every write to that table.
    """
    if engine.dialect.name == "sqlite":
        assert engine.url.database
        lite = sqlite3.connect(engine.url.database, timeout=BOUND, isolation_level=None)
        lite.execute("BEGIN IMMEDIATE")
        try:
            yield lambda: lite.execute("COMMIT")
        finally:
            if lite.in_transaction:
                lite.execute("ROLLBACK")
            lite.close()
        return
    with psycopg.connect(pg_dsn(engine)) as pg:
        pg.execute(f"LOCK TABLE {pg_table} IN EXCLUSIVE MODE")
        yield pg.commit


def pg_dsn(engine: Engine) -> str:
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


def pg_waiting(engine: Engine) -> int:
    """How many sessions of the test's database wait for a lock now."""
    with psycopg.connect(pg_dsn(engine), autocommit=True) as pg:
        row = pg.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        ).fetchone()
    assert row is not None
    return int(row[0])


def half_way(engine: Engine, table: str, first: Child, second: Child) -> None:
    """PostgreSQL: ``first`` goes and is held half-way, waiting to write ``table``; ``second`` goes
    and either finishes or waits behind ``first``; then ``table`` is let go."""
    with holding(engine, table) as release:
        first.go()
        wait_for(lambda: pg_waiting(engine) == 1, f"{first.name} to wait for {table}", (first,))
        second.go()
        wait_for(
            lambda: second.proc.poll() is not None or pg_waiting(engine) == 2,
            f"{second.name} to finish or to wait behind {first.name}",
            (first, second),
        )
        release()


def at_economy(judge: Judge) -> dict[str, str]:
    """A game at T1.economy, the window in which LOAN is an order."""
    secrets = judge.create_game(GAME, "medioevo", POWERS, {"turns": 3}, seed=b"r" * 32)
    assert judge.adjudicate(GAME, force=True).now_open == "T1.economy"
    return secrets


def orders_file(folder: Path, secrets: dict[str, str], *lines: str, name: str = "orders.txt") -> str:
    path = folder / name
    path.write_text(order_mail(GAME, "hungary", secrets["hungary"], *lines) + "\n")
    return str(path)


def check_counted_or_refused(engine: Engine, submitted: tuple[int, str, str]) -> str:
    """The invariant; returns ``counted`` (in T1.economy), ``refused`` (closed), or ``next``.

    ``next``: the submission came after the adjudication and went to the window open then, as any
    order set without a WINDOW line does; its receipt names that window, where it is stored.
    """
    code, out, err = submitted
    with Session(engine) as session:
        economy = session.exec(
            select(Window).where(Window.game_id == GAME, Window.label == "T1.economy")
        ).one()
        assert economy.status == "resolved"
        sets = session.exec(select(OrderSet).where(OrderSet.power == "hungary")).all()
        results = session.exec(
            select(ResultRow).where(ResultRow.window_id == economy.id, ResultRow.power == "hungary")
        ).all()
        report = with_content(  # its text is stored apart (service/assets.py)
            session,
            session.exec(
                select(Outbox).where(
                    col(Outbox.message_id).startswith(f"<report.{GAME}.{economy.id}.hungary@")
                )
            ).one(),
        )
        bids = session.exec(select(Window).where(Window.game_id == GAME, Window.label == "T1.war")).one()
    assert not any(r.order_text == "LOAN" for r in results) or code == 0
    if code == 0 and "for g1 T1.war (version 1," in out:
        assert bids.status == "open" and [(s.window_id, s.version) for s in sets] == [(bids.id, 1)]
        assert "REJECTED line 2: 'LOAN'" in out, out
        return "next"
    if code == 0:
        assert "accepted: LOAN" in out and "for g1 T1.economy (version 1," in out, out
        assert [(s.window_id, s.version, s.orders) for s in sets] == [(economy.id, 1, ["LOAN"])], (
            "the receipt said accepted, so the order set must be stored for T1.economy"
        )
        assert any(r.order_text == "LOAN" for r in results), (
            f"hungary's LOAN got a receipt but T1.economy was adjudicated without it: {results}"
        )
        assert "No orders were given" not in report.body_text
        return "counted"
    assert code == 2, f"the submission neither succeeded nor was refused: {code}\n{out}{err}"
    assert "window T1.economy of g1 closed" in err and "T1.war is open now" in err, err
    assert sets == [], "a refused submission stores nothing"
    return "refused"


@pytest.mark.parametrize("way", ["cli", "mail"])
def test_an_order_sent_while_the_window_is_adjudicated_is_refused_as_closed(
    pg_engine: Engine, tmp_path: Path, way: str
) -> None:
    """PostgreSQL: the adjudication is held half-way (after it read the orders and claimed the
    window, before it writes events); an order sent then (``submit``, or a mail through the
    gateway) must not get a receipt for that window, but a refusal that says it closed."""
    engine = pg_engine
    with contenders(engine, tmp_path) as start:
        adjudicate = start("adjudicate", "adjudicate", GAME, "--force")
        orders = orders_file(tmp_path, at_economy(Judge(engine)), "LOAN")
        if way == "cli":
            submit = start("submit", "submit", orders)
        else:
            mail = tmp_path / "orders.eml"
            mail.write_text(f"From: {HUNGARY}\nSubject: orders\nMessage-ID: <race@players.test>\n\n")
            mail.write_text(mail.read_text() + Path(orders).read_text())
            submit = start("submit", "mail", "ingest", stdin=mail)
        half_way(engine, "events", adjudicate, submit)
        assert adjudicate.finish()[0] == 0, adjudicate.log()
        submitted = submit.finish()
    if way == "cli":
        assert check_counted_or_refused(engine, submitted) == "refused"
        return
    code, out, err = submitted
    assert code == 0 and out.startswith("refused <race@players.test>"), out + err
    assert "window T1.economy of g1 closed" in out
    with Session(engine) as session:
        assert session.exec(select(OrderSet).where(OrderSet.power == "hungary")).all() == []
        reply = session.exec(select(Outbox).where(Outbox.in_reply_to == "<race@players.test>")).one()
    assert reply.address == HUNGARY
    assert "window T1.economy of g1 closed before these orders were stored" in reply.body_text
    assert "T1.war is open now: send your orders for it" in reply.body_text


def test_an_order_being_stored_when_adjudication_starts_counts(pg_engine: Engine, tmp_path: Path) -> None:
    """PostgreSQL: the submission is held half-way (after it read the window, before it inserts);
    an adjudication started then must resolve the window with that order in it."""
    engine = pg_engine
    with contenders(engine, tmp_path) as start:
        submit = start("submit", "submit", orders_file(tmp_path, at_economy(Judge(engine)), "LOAN"))
        adjudicate = start("adjudicate", "adjudicate", GAME, "--force")
        half_way(engine, "order_sets", submit, adjudicate)
        submitted = submit.finish()
        assert adjudicate.finish()[0] == 0, adjudicate.log()
    assert check_counted_or_refused(engine, submitted) == "counted"


def test_an_order_queued_with_the_adjudication_counts_or_is_refused(engine: Engine, tmp_path: Path) -> None:
    """Both commands have read what they read first and wait for the same lock. Whichever goes
    first, the order counts, or is refused as too late, or (sent after the adjudication, with no
    WINDOW line) goes to the next window with a receipt that names it: never accepted and lost."""
    with contenders(engine, tmp_path) as start:
        adjudicate = start("adjudicate", "adjudicate", GAME, "--force")
        submit = start("submit", "submit", orders_file(tmp_path, at_economy(Judge(engine)), "LOAN"))
        with holding(engine, "windows") as release:
            adjudicate.go()
            wait_for(adjudicate.queued, "adjudicate to queue for the lock", (adjudicate,))
            submit.go()
            wait_for(submit.queued, "submit to queue for the lock", (adjudicate, submit))
            release()
        assert adjudicate.finish()[0] == 0, adjudicate.log()
        submitted = submit.finish()
    assert check_counted_or_refused(engine, submitted) in ("counted", "refused", "next")


def test_two_order_sets_sent_at_the_same_moment_get_versions_1_and_2(engine: Engine, tmp_path: Path) -> None:
    with contenders(engine, tmp_path) as start:
        children = [start(f"submit{n}", "submit", str(tmp_path / f"{n}.txt")) for n in (1, 2)]
        secrets = at_economy(Judge(engine))
        orders_file(tmp_path, secrets, "LOAN", name="1.txt")
        orders_file(tmp_path, secrets, "LOAN", "READY", name="2.txt")
        with holding(engine, "order_sets") as release:
            for child in children:
                child.go()
            wait_for(lambda: all(c.queued() for c in children), "both to queue for the lock", tuple(children))
            release()
        done = [c.finish() for c in children]
    assert all(code == 0 for code, _, _ in done), done
    receipts = sorted(out.splitlines()[0] for _, out, _ in done)
    assert [r.split("(version ")[1][0] for r in receipts] == ["1", "2"], receipts
    with Session(engine) as session:
        stored = session.exec(select(OrderSet).where(OrderSet.power == "hungary")).all()
    assert sorted(s.version for s in stored) == [1, 2]
    latest: Any = max(stored, key=lambda s: s.version)
    assert Judge(engine).current_orders(GAME)["hungary"].id == latest.id


def test_the_upgrade_numbers_stored_duplicates_again_and_then_refuses_them(engine: Engine) -> None:
    """A store the old race left with two version 1s upgrades: numbered in the order stored (the
    latest still counts), and a duplicate version cannot be stored any more."""
    judge = Judge(engine)
    secrets = at_economy(judge)
    for lines in (["LOAN"], ["LOAN", "READY"], []):
        judge.submit(order_mail(GAME, "hungary", secrets["hungary"], *lines))
    url = engine.url.render_as_string(hide_password=False)
    with engine.begin() as conn:
        cfg = alembic_config(url)
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0002")
        conn.execute(update(OrderSet).values(version=1).where(col(OrderSet.version) <= 2))
    migrate(engine)
    with Session(engine) as session:
        stored = session.exec(select(OrderSet).order_by(col(OrderSet.id))).all()
        assert [s.version for s in stored] == [1, 2, 3]
        assert judge.current_orders(GAME)["hungary"].id == stored[-1].id
        session.add(OrderSet(**{**stored[0].model_dump(), "id": None}))
        with pytest.raises(IntegrityError):
            session.flush()


def test_a_version_taken_by_a_writer_that_skipped_the_lock_is_refused_not_a_crash(
    pg_engine: Engine, tmp_path: Path
) -> None:
    """PostgreSQL: the submission counted version 1 and waits to insert it; a writer that took no
    lock on the window stores a version 1 first. The constraint stops the duplicate, and the
    player is told to send again: exit 2 and one line, no traceback."""
    engine = pg_engine
    with contenders(engine, tmp_path) as start:
        submit = start("submit", "submit", orders_file(tmp_path, at_economy(Judge(engine)), "LOAN"))
        with psycopg.connect(pg_dsn(engine)) as pg:
            pg.execute("LOCK TABLE order_sets IN EXCLUSIVE MODE")
            submit.go()
            wait_for(lambda: pg_waiting(engine) == 1, "submit to wait for order_sets", (submit,))
            pg.execute(
                "INSERT INTO order_sets (game_id, window_id, power, version, text, orders, issues, ready,"
                " source, submitted_at) SELECT game_id, id, 'hungary', 1, '', '[]', '[]', false, 'other',"
                " now() FROM windows WHERE label = 'T1.economy'"
            )
            pg.commit()
        code, out, err = submit.finish()
    assert code == 2 and "Traceback" not in err, out + err
    assert err.startswith("error: another order set of hungary for T1.economy was stored at the same moment")
    with Session(engine) as session:
        assert [s.source for s in session.exec(select(OrderSet))] == ["other"]


def test_a_ready_only_mail_beside_new_orders_keeps_the_new_orders(pg_engine: Engine, tmp_path: Path) -> None:
    """PostgreSQL: a mail of new orders (LOAN) is held half-way, after it locked the window and
    before it inserts; a READY-only mail of the same power goes then. READY alone keeps the standing
    orders (mail/orders.py), so it must keep the LOAN that was being stored, not copy the set it saw
    before: it copied ``BUY TECH agricoltura`` and stored it over the LOAN as version 3."""
    engine = pg_engine
    secrets = at_economy(Judge(engine))
    Judge(engine).submit(order_mail(GAME, "hungary", secrets["hungary"], "BUY TECH agricoltura"))
    with Session(engine) as session, session.begin():  # on file: a mail then writes no power row
        session.execute(update(Power).where(col(Power.power) == "hungary").values(address=HUNGARY))
    head = f"From: {HUNGARY}\nSubject: orders\n"
    new_orders, ready = tmp_path / "new.eml", tmp_path / "ready.eml"
    new_orders.write_text(
        f"{head}Message-ID: <new@players.test>\n\n" + order_mail(GAME, "hungary", secrets["hungary"], "LOAN")
    )
    ready.write_text(
        f"{head}Message-ID: <ready@players.test>\n\n"
        + order_mail(GAME, "hungary", secrets["hungary"], "READY")
    )
    with contenders(engine, tmp_path) as start:
        first = start("new", "mail", "ingest", stdin=new_orders)
        second = start("ready", "mail", "ingest", stdin=ready)
        half_way(engine, "order_sets", first, second)
        assert first.finish()[0] == 0, first.log()
        assert second.finish()[0] == 0, second.log()
    with Session(engine) as session:
        sets = session.exec(
            select(OrderSet).where(OrderSet.power == "hungary").order_by(col(OrderSet.version))
        ).all()
    assert [(s.version, s.orders, s.ready) for s in sets] == [
        (1, ["BUY TECH agricoltura"], False),
        (2, ["LOAN"], False),
        (3, ["LOAN"], True),
    ], "the READY-only mail must keep the orders stored before it, not the ones it read before the lock"
