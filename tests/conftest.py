"""Shared fixtures: a fresh store on SQLite and on a real PostgreSQL for every store test."""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Engine

from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

ROOT = Path(__file__).resolve().parent.parent
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """The PostgreSQL the test script started, or one this fixture starts and stops itself."""
    url = os.environ.get("ADJUDICATOR_TEST_PG")
    if url:
        yield url
        return
    env = {**os.environ, "PGTMP": "/tmp/adjudicator-pg-pytest", "PGPORT": "55439"}
    started = subprocess.run([str(ROOT / "scripts/pg.sh"), "start"], env=env, capture_output=True, text=True)
    if started.returncode != 0:
        pytest.fail(f"could not start PostgreSQL for the tests: {started.stderr.strip()}")
    try:
        yield started.stdout.split("=", 1)[1].strip()
    finally:
        subprocess.run([str(ROOT / "scripts/pg.sh"), "stop"], env=env, capture_output=True)


def _pg_database(admin_url: str, *, template: str = "") -> tuple[str, str]:
    """A new database on the test server (a copy of ``template`` when named): its name and URL."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(
        admin_url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True
    ) as conn:
        conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    return name, admin_url.rsplit("/", 1)[0] + "/" + name


def _drop(admin_url: str, name: str) -> None:
    with psycopg.connect(
        admin_url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """A migrated, empty store on each database the judge supports."""
    if request.param == "sqlite":
        eng = make_engine(f"sqlite:///{tmp_path / 'test.db'}")
        migrate(eng)
        yield eng
        eng.dispose()
        return
    with _pg_store(request.getfixturevalue("pg_admin_url")) as eng:
        yield eng


@pytest.fixture
def pg_engine(pg_admin_url: str) -> Iterator[Engine]:
    """A migrated, empty store on PostgreSQL only: for tests of what only PostgreSQL can show (a
    transaction held half-way by a table lock), so that SQLite does not count a skip."""
    with _pg_store(pg_admin_url) as eng:
        yield eng


@contextmanager
def _pg_store(admin: str) -> Iterator[Engine]:
    """A fresh, migrated PostgreSQL database on the test server, dropped afterwards."""
    name, url = _pg_database(admin)
    eng = make_engine(url)
    migrate(eng)
    try:
        yield eng
    finally:
        eng.dispose()
        _drop(admin, name)


@pytest.fixture
def judge(engine: Engine) -> Judge:
    return Judge(engine)


def order_mail(game: str, power: str, secret: str, *lines: str) -> str:
    return "\n".join([f"GAME {game} POWER {power} SECRET {secret}", *lines])


# Real mail servers (Dovecot) for the mail tests, shared with every test directory.
from tests.mail_servers import imap_folder, imap_server  # noqa: E402, F401
