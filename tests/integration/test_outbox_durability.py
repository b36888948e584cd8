"""Which commits skip the wait for the disk: the outbox sender's marks, and nothing else.

A ``sent`` mark lost to an OS crash costs one duplicate mail (the row goes again with its
Message-ID), so the sender commits its marks without waiting for fsync (SQLite in WAL mode:
``synchronous=NORMAL`` on a connection of its own; PostgreSQL: ``synchronous_commit = off`` for the
transaction). An order taken, a game created, a reply queued keep full durability: checked here by
asking each real connection, at the moment it writes, how it will commit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, event

from adjudicator.mail.sender import OutboxSender
from tests.integration.test_outbox_sender import game_with_reports, ids_received, queue, rows, settings
from tests.smtp_server import SmtpServer

SQLITE_FULL, SQLITE_NORMAL = 2, 1


def commit_mode(dbapi_connection: Any, dialect: str) -> Any:
    """How this connection's next commit waits for the disk, as the database itself says."""
    query = "PRAGMA synchronous" if dialect == "sqlite" else "SHOW synchronous_commit"
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(query)
        return cursor.fetchone()[0]
    finally:
        cursor.close()


def test_only_the_senders_marks_skip_the_fsync(engine: Engine, smtp: SmtpServer, tmp_path: Path) -> None:
    dialect = engine.dialect.name
    full, lazy = (SQLITE_FULL, SQLITE_NORMAL) if dialect == "sqlite" else ("on", "off")
    if dialect == "postgresql":  # the tests' server runs with it off for speed; this database not
        with engine.begin() as conn:
            name = conn.exec_driver_sql("SELECT current_database()").scalar()
            conn.exec_driver_sql(f'ALTER DATABASE "{name}" SET synchronous_commit = on')
        engine.dispose()
    judge = game_with_reports(engine)
    writes: list[tuple[str, Any]] = []

    def spy(conn: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            writes.append((statement.split("\n")[0], commit_mode(conn.connection.dbapi_connection, dialect)))

    due = len(rows(engine, status="pending"))
    event.listen(engine, "before_cursor_execute", spy)
    report = OutboxSender(engine, settings(tmp_path, smtp)).send_all()
    assert report.sent == due > 0
    assert len(ids_received(smtp)) == report.sent

    marks = [mode for statement, mode in writes if "outbox" in statement.lower()]
    sent_marks = marks[1::2]  # claim, mark, claim, mark, …: each row's mark after its claim
    assert len(marks) == 2 * report.sent
    assert set(sent_marks) == {lazy}, writes
    if dialect == "sqlite":
        assert set(marks) == {lazy}  # the claims share the sender's own connection

    writes.clear()
    queue(judge, "after the pass")  # a writer of the judge, after the sender: full durability
    judge.adjudicate("g1", force=True)
    assert writes and {mode for _, mode in writes} == {full}, writes
    pooled = [engine.connect() for _ in range(3)]  # whatever the pool holds, and fresh ones
    try:
        assert {commit_mode(c.connection.dbapi_connection, dialect) for c in pooled} == {full}
    finally:
        for c in pooled:
            c.close()
    event.remove(engine, "before_cursor_execute", spy)
