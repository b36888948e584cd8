"""Which database, its transactions, and bringing its schema up to date with Alembic.

Transactions on SQLite follow SQLAlchemy's documented pysqlite recipe ("Serializable isolation /
Savepoints / Transactional DDL"): the driver's own transaction handling is switched off, and the
``begin`` event below opens every transaction itself. A read opens a plain (deferred) ``BEGIN``:
with the write-ahead log (WAL) it reads one consistent snapshot and never waits for a writer. A
transaction that writes asks for it with the :data:`WRITER` execution option (the judge's ``_tx``
does) and opens with ``BEGIN IMMEDIATE``: it takes the database's write lock before it reads
anything, so two writers (a submission and an adjudication, two submissions) run one after the
other, each seeing what the other committed, and the second waits (up to the busy timeout) instead
of failing. A deferred transaction that read first and then writes could not wait: SQLite answers
"database is locked" at once when another writer holds the lock or committed since its snapshot.
On PostgreSQL the judge locks the rows it depends on instead (``SELECT … FOR UPDATE``).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect

MIGRATIONS = Path(__file__).parent / "migrations"
BUSY_TIMEOUT_SECONDS = 30
"""How long a SQLite writer waits for another's write lock before it gives up."""
WRITER: dict[str, Any] = {"adjudicator_writer": True}
"""Execution options of a transaction that will write: SQLite opens it with BEGIN IMMEDIATE."""
SYNCHRONOUS_ENV = "ADJUDICATOR_SQLITE_SYNCHRONOUS"
"""``FULL`` (the default) or ``NORMAL``: how a SQLite commit in WAL mode waits for the disk."""
MIGRATION_LOCK = 0x41444A55
"""The PostgreSQL advisory lock that lets one process at a time bring the schema up to date."""


def database_url() -> str:
    """DATABASE_URL (PostgreSQL, ``postgresql+psycopg://``) or the SQLite file ADJUDICATOR_DB."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{os.environ.get('ADJUDICATOR_DB', './adjudicator.db')}"


def make_engine(url: str | None = None) -> Engine:
    url = url or database_url()
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_SECONDS})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # the "begin" event opens every transaction
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    # Persistent, and a no-op once the file is in WAL mode. If it cannot switch now (another process
    # holds it in the old mode), the locks below are as correct, only readers wait for writers.
    with suppress(sqlite3.OperationalError):
        cur.execute("PRAGMA journal_mode=WAL")
    # FULL: every commit waits for fsync (about 7 ms on this machine kind, so at most ~150 mails a
    # second, one writer at a time); an acknowledged mail survives a power cut. NORMAL, which the
    # operator may choose, only in WAL mode: a commit survives a killed process but the last ones
    # before a power cut or OS crash may be lost (docs/mail.md, "Speed and durability").
    normal = os.environ.get(SYNCHRONOUS_ENV, "FULL").upper() == "NORMAL"
    if normal and cur.execute("PRAGMA journal_mode").fetchone() == ("wal",):
        cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    writer = conn.get_execution_options().get("adjudicator_writer")
    conn.exec_driver_sql("BEGIN IMMEDIATE" if writer else "BEGIN")


@contextmanager
def lazy_commit_writer(engine: Engine) -> Iterator[Connection]:
    """A writing connection of the caller's own whose commits survive a killed process but do not
    wait for the disk: for the outbox sender's marks, where a commit lost to an OS crash or a power
    cut means at worst one mail sent twice, never a mail lost.

    On SQLite in WAL mode it is a connection taken out of the pool for good (closed, not pooled, at
    the end, so no other writer ever gets it) with ``PRAGMA synchronous=NORMAL``: a commit is written
    to the WAL file (the OS has it, a kill -9 cannot undo it) and only checkpoints wait for fsync.
    Everything else keeps SQLite's default FULL. In the old rollback-journal mode, where NORMAL could
    corrupt the file on a power cut, it stays FULL. Every transaction on it takes the write lock from
    its start (:data:`WRITER`). Elsewhere (PostgreSQL) it is a plain connection: the sender turns
    ``synchronous_commit`` off per transaction there.
    """
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.detach()
            raw = conn.connection.dbapi_connection
            assert isinstance(raw, sqlite3.Connection)
            if raw.execute("PRAGMA journal_mode").fetchone() == ("wal",):
                raw.execute("PRAGMA synchronous=NORMAL")
        yield conn.execution_options(**WRITER)


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (a read and nothing more when it is there already).

    Every command line call runs this, so the check takes no write lock; an upgrade runs under the
    write lock (SQLite) or an advisory lock (PostgreSQL), so two processes never upgrade at once.
    """
    url = engine.url.render_as_string(hide_password=False)
    cfg = alembic_config(url)
    heads = set(ScriptDirectory.from_config(cfg).get_heads())
    with engine.connect() as conn:
        if set(MigrationContext.configure(conn).get_current_heads()) == heads:
            return
    with engine.connect().execution_options(**WRITER) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def has_schema(engine: Engine) -> bool:
    return inspect(engine).has_table("games")
