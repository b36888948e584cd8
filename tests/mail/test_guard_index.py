"""The lockout guard's counts read an index, not the whole mail log (issue 18: before migration
0007 every mail scanned ``inbound_mail`` twice, so ingest slowed as a game's log grew)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlmodel import Session

from adjudicator.mail import guard
from adjudicator.store.db import make_engine, migrate

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


@pytest.fixture
def sqlite_engine(tmp_path: Path) -> Engine:
    engine = make_engine(f"sqlite:///{tmp_path / 'guard.db'}")
    migrate(engine)
    return engine


def _plan_of(engine: Engine, count: Callable[[Session], int]) -> str:
    """SQLite's query plan of the one statement ``count`` sends."""
    sent: list[tuple[str, Any]] = []

    def keep(_conn: Any, _cursor: Any, statement: str, params: Any, *_: Any) -> None:
        sent.append((statement, params))

    event.listen(engine, "before_cursor_execute", keep)
    try:
        with Session(engine) as session:
            assert count(session) == 0
    finally:
        event.remove(engine, "before_cursor_execute", keep)
    ((statement, params),) = [s for s in sent if "inbound_mail" in s[0]]
    with engine.connect() as conn:
        return " ".join(str(row) for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, params))


def test_a_senders_failures_are_counted_by_index(sqlite_engine: Engine) -> None:
    plan = _plan_of(sqlite_engine, lambda s: guard.failures_from(s, "eve@example.org", NOW))
    assert "ix_inbound_mail_sender_received" in plan and "SCAN inbound_mail" not in plan, plan


def test_a_powers_failures_are_counted_by_index(sqlite_engine: Engine) -> None:
    plan = _plan_of(sqlite_engine, lambda s: guard.failures_for_power(s, "g1", "hungary", NOW))
    assert "ix_inbound_mail_game_power_received" in plan and "SCAN inbound_mail" not in plan, plan
