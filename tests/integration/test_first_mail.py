"""A player's first mail is the welcome (issue 15): the game's first windows resolve at creation
(T1.bids, in which nobody bids in the first turn), and their reports must not reach a new player
before the mail that says what the game is and carries the secret."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine

from adjudicator.core.view import GM
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conftest import POWERS

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture
def sqlite_engine(tmp_path: Path) -> Iterator[Engine]:
    """The order of the outbox is the order rows were queued in, on either store: SQLite suffices."""
    engine = make_engine(f"sqlite:///{tmp_path / 'first.db'}")
    migrate(engine)
    yield engine
    engine.dispose()


def test_each_player_s_first_mail_is_the_welcome_and_it_names_the_window_open_after_creation(
    sqlite_engine: Engine,
) -> None:
    judge = Judge(sqlite_engine)
    addresses = {p: f"{p}@example.org" for p in POWERS}
    judge.create_game(
        "g1",
        "medioevo",
        POWERS,
        {"turns": 2, "period_hours": 48},
        addresses=addresses,
        gm_address="gm@example.org",
        now=T0,
    )
    rows = judge.outbox("g1")  # in the order the sender sends them (by id)
    assert any(r.kind == "report" for r in rows), "no window resolved at creation: the test shows nothing"
    for who in (*POWERS, GM):
        mine = [r for r in rows if r.recipient == who]
        assert mine[0].kind == "welcome", f"{who}: first {[r.kind for r in mine]}"
        open_now = judge.game("g1")[1].label
        assert f"Open window: {open_now}, deadline: Wed 4 Mar 2026 12:00 UTC" in mine[0].body_text
        assert mine[0].attachments and mine[0].attachments[0]["content_type"] == "text/calendar"
