"""The fixture games of the report tests, each played once per session and copied for each test.

``report_game``: the fixture game (see fixtures.py). ``played_judge``: the demo game of played.py
on each store; playing it costs a whole demo (every report rendered), so it is played once per
store and process into a template, and each test gets a fresh copy (SQLite: the file copied by
SQLite's backup; PostgreSQL: ``CREATE DATABASE … TEMPLATE``), as if it had played it itself.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conftest import _drop, _pg_database
from tests.report.fixtures import FixtureGame, fixture_game
from tests.report.played import play


@pytest.fixture(scope="session")
def report_game() -> FixtureGame:
    return fixture_game()


@pytest.fixture(scope="session")
def played_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo played once into a SQLite file (the template of ``played_judge``)."""
    folder = tmp_path_factory.mktemp("played")
    engine = make_engine(f"sqlite:///{folder / 'played.db'}")
    migrate(engine)
    play(Judge(engine), folder)
    engine.dispose()
    return folder / "played.db"


@pytest.fixture(scope="session")
def played_postgresql(pg_admin_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The demo played once into a PostgreSQL database (the template of ``played_judge``)."""
    name, url = _pg_database(pg_admin_url)
    engine = make_engine(url)
    migrate(engine)
    play(Judge(engine), tmp_path_factory.mktemp("played-pg"))
    engine.dispose()  # a template takes no connection
    yield name
    _drop(pg_admin_url, name)


@pytest.fixture(params=["sqlite", "postgresql"])
def played_judge(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Judge]:
    """A judge on a fresh copy of the played demo (game ``played.GAME``), on each store."""
    if request.param == "sqlite":
        copy = tmp_path / "test.db"
        source, target = sqlite3.connect(request.getfixturevalue("played_sqlite")), sqlite3.connect(copy)
        source.backup(target)
        source.close()
        target.close()
        engine = make_engine(f"sqlite:///{copy}")
        yield Judge(engine)
        engine.dispose()
        return
    admin: str = request.getfixturevalue("pg_admin_url")
    template: str = request.getfixturevalue("played_postgresql")
    name, url = _pg_database(admin, template=template)
    engine = make_engine(url)
    try:
        yield Judge(engine)
    finally:
        engine.dispose()
        _drop(admin, name)
