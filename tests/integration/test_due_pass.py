"""The deadline pass finds its work with one indexed query (issue 18), and passes share the work.

- A pass with nothing due is one statement, on a store with thousands of games, answered from the
  index on ``games.wake_at``: its cost does not grow with the games.
- The store itself marks a game due when something changes under it (a deadline moved by raw SQL).
- On PostgreSQL a pass skips a game whose row another transaction holds (``SKIP LOCKED``) instead
  of waiting for it, and takes it at the next pass.
- Passes running at once (threads, as two ``serve`` processes do) resolve each window once.
- Migration 0006 on a store with games: due once after the upgrade, queued mails keyed, triggers.
"""

from __future__ import annotations

import threading
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from alembic import command
from sqlalchemy import Engine, event, insert, inspect, text, update
from sqlmodel import Session, col, select

from adjudicator.service.judge import Judge
from adjudicator.store.db import alembic_config, migrate
from adjudicator.store.models import Game, Outbox, Power, Window
from tests.conftest import POWERS

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)


def new_game(judge: Judge, game_id: str = "g1") -> None:
    judge.create_game(game_id, "medioevo", POWERS, {"turns": 3}, seed=b"k" * 32, now=T0)
    judge.set_calendar(game_id, {"period_hours": {"default": 48}}, now=T0)


def many_games(engine: Engine, n: int) -> None:
    """``n`` bare game rows (what the pass's query sees of a game), half waking in the far future,
    half with nothing to do: a store the size of a big server's without making ``n`` games."""
    rows = [
        {
            "id": f"bulk{i:05d}",
            "ruleset": "medioevo",
            "ruleset_version": "1",
            "status": "active",
            "seed": b"s" * 32,
            "seed_hash": "x",
            "options": {},
            "powers": [],
            "state": {},
            "state_digest": "x",
            "loaded_dice": {},
            "calendar": {},
            "created_at": T0,
            "wake_at": T0 + (1000 + i) * H if i % 2 else None,
        }
        for i in range(n)
    ]
    with engine.begin() as conn:
        conn.execute(insert(Game), rows)


class Statements:
    """Every statement the engine sends while it is installed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.seen: list[tuple[str, Any]] = []

    def __enter__(self) -> Statements:
        event.listen(self.engine, "before_cursor_execute", self.record)
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self.record)

    def record(self, _conn: Any, _cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if statement.strip().upper() not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"):
            self.seen.append((statement, params))


def plan(engine: Engine, statement: str, params: Any) -> str:
    prefix = "EXPLAIN QUERY PLAN " if engine.dialect.name == "sqlite" else "EXPLAIN "
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            conn.exec_driver_sql("ANALYZE games")
        return "\n".join(str(row) for row in conn.exec_driver_sql(prefix + statement, params))


def test_a_steady_pass_is_one_indexed_query_whatever_the_number_of_games(engine: Engine) -> None:
    judge = Judge(engine)
    new_game(judge)
    assert judge.process_due(T0 + H) == []  # the pass looks at the new game once and sets its moment
    many_games(engine, 3000)
    with Statements(engine) as sent:
        done = judge.run_pass(T0 + 2 * H)
    assert done.lines == [] and done.next_wake == T0 + 24 * H  # g1's first reminder
    assert len(sent.seen) == 1, sent.seen
    assert "ix_games_wake_at" in plan(engine, *sent.seen[0])


def test_the_store_marks_a_game_due_whatever_changed_it(engine: Engine) -> None:
    judge = Judge(engine)
    new_game(judge)
    assert judge.process_due(T0 + H) == []
    assert judge.due_games(T0 + H) == ([], T0 + 24 * H)
    with Session(engine) as session, session.begin():  # a deadline moved behind the judge's back
        session.execute(update(Window).where(col(Window.status) == "open").values(deadline=T0 + 2 * H))
    assert judge.due_games(T0 + H)[0] == ["g1"]
    done = judge.process_due(T0 + 3 * H)
    assert done[-1].startswith("g1: T1.cards resolved (the deadline passed)")


def test_a_pass_skips_a_game_another_transaction_holds_and_takes_it_next_time(pg_engine: Engine) -> None:
    judge = Judge(pg_engine)
    new_game(judge)
    out: list[list[str]] = []
    with pg_engine.connect() as holder, holder.begin():
        holder.execute(text("SELECT id FROM games WHERE id = 'g1' FOR UPDATE"))
        passing = threading.Thread(target=lambda: out.append(judge.process_due(T0 + 49 * H)))
        passing.start()
        passing.join(60)  # a pass that waited for the row would still be waiting at the end
        assert not passing.is_alive(), "the pass waited for a locked game instead of skipping it"
    assert out == [[]]
    assert judge.game("g1")[1].label == "T1.cards"
    assert judge.process_due(T0 + 49 * H)[-1].startswith("g1: T1.cards resolved")


def test_passes_at_once_resolve_each_window_once(pg_engine: Engine) -> None:
    judge = Judge(pg_engine)
    games = [f"g{n}" for n in range(4)]
    for game in games:
        new_game(judge, game)
    results: list[list[str]] = []
    passes = [
        threading.Thread(target=lambda: results.append(Judge(pg_engine).process_due(T0 + 49 * H, workers=2)))
        for _ in range(3)
    ]
    for one in passes:
        one.start()
    for one in passes:
        one.join(120)
    assert len(results) == 3
    lines = [line for result in results for line in result]
    assert not [line for line in lines if ": error: " in line], lines
    resolved = Counter(line.split(":")[0] for line in lines if "T1.cards resolved" in line)
    assert resolved == dict.fromkeys(games, 1)
    with Session(pg_engine) as session:
        cards = session.exec(select(Window).where(Window.label == "T1.cards")).all()
        assert Counter(w.game_id for w in cards if w.status == "resolved") == dict.fromkeys(games, 1)


def test_migration_0006_marks_active_games_due_and_keys_the_queued_mails(engine: Engine) -> None:
    judge = Judge(engine, mail_domain="judge.test")
    new_game(judge)
    judge.process_due(T0 + H)
    with engine.begin() as conn:
        cfg = alembic_config(engine.url.render_as_string(hide_password=False))
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0005_render_assets")
    assert "wake_at" not in {c["name"] for c in inspect(engine).get_columns("games")}
    migrate(engine)
    assert judge.due_games(T0)[0] == ["g1"]  # looked at again once after the upgrade
    mails = judge.outbox("g1")
    assert mails and all(m.message_id == f"<{m.mail_key}@judge.test>" for m in mails)
    # the triggers are back: a power falling into civil disorder marks the game due
    assert judge.process_due(T0 + H) == [] and judge.due_games(T0 + H)[0] == []
    with engine.begin() as conn:
        conn.execute(text("UPDATE powers SET status = 'disorder' WHERE power = 'hungary'"))
    assert judge.due_games(T0 + H)[0] == ["g1"]


def test_a_game_at_its_deadline_is_one_commit_on_sqlite(engine: Engine) -> None:
    """The claim, the misses, the resolution and the look at the next window commit together (each
    commit is an fsync: issue 18); PostgreSQL claims in a transaction of its own first."""
    judge = Judge(engine, render_after_commit=False)
    new_game(judge)
    judge.process_due(T0 + H)
    commits: list[object] = []

    def commit(conn: object) -> None:
        commits.append(conn)

    event.listen(engine, "commit", commit)
    try:
        done = judge.process_due(T0 + 49 * H)
    finally:
        event.remove(engine, "commit", commit)
    assert [line for line in done if "missed T1.cards" in line]
    assert "resolved (the deadline passed)" in done[-1]
    assert len(commits) == (1 if engine.dialect.name == "sqlite" else 2)
    assert judge.due_games(T0 + 49 * H)[0] == []  # the next window's moment is written


def test_a_resolution_that_fails_takes_its_misses_back_and_they_count_once(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    judge = Judge(engine, render_after_commit=False)
    new_game(judge)
    real = Judge.adjudicate

    def broken(self: Judge, *args: Any, **kw: Any) -> Any:
        raise RuntimeError("a ruleset bug")

    def state() -> tuple[dict[str, int], int]:
        with Session(engine) as session:
            missed = {p.power: p.missed for p in session.exec(select(Power).where(Power.game_id == "g1"))}
            late = session.exec(select(Outbox).where(col(Outbox.mail_key).like("late.%"))).all()
        return missed, len(late)

    monkeypatch.setattr(Judge, "adjudicate", broken)
    assert judge.process_due(T0 + 49 * H) == ["g1: error: RuntimeError: a ruleset bug"]
    assert state() == (dict.fromkeys(POWERS, 0), 0)  # nothing counted for a window still open
    monkeypatch.setattr(Judge, "adjudicate", real)
    assert "resolved (the deadline passed)" in judge.process_due(T0 + 50 * H)[-1]
    assert state() == (dict.fromkeys(POWERS, 1), len(POWERS))
