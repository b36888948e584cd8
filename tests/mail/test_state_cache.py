"""service/state_cache.py: a mail decodes the game's state once per stored state, and a new state
(a window resolved) is decoded anew, never served from the entry of the old one."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import event

from adjudicator.service import order_window, state_cache
from tests.mail.conftest import T0, MailGame, envelope, mail


def test_the_state_is_decoded_once_per_stored_state_and_a_new_one_is_read_anew(
    mail_game: MailGame,
) -> None:
    judge = mail_game.judge
    first = judge.state_of(mail_game.game())
    assert judge.state_of(mail_game.game()) is first  # another row read, the same stored state
    mail_game.ingest(mail(f"{envelope()}\nLOAN", mid="c1"))
    judge.adjudicate("g1", force=True, now=T0 + timedelta(hours=1))  # a new state is stored
    game = mail_game.game()
    after = judge.state_of(game)
    assert after is not first and after.window != first.window
    assert after == judge.ruleset(game).state_type().from_json(game.state)


def test_an_order_set_resent_against_the_same_state_is_read_once_and_anew_after_a_resolution(
    mail_game: MailGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18: the parser and the checks are pure and a stored state is frozen, so the same lines
    of the same power against the same state are read once (``state_cache.submission``); a new
    state reads them again."""
    reads: list[tuple[str, tuple[tuple[int, str], ...]]] = []
    real = order_window.parse_orders

    def counted(ruleset: Any, state: Any, power: str, lines: Any, **kw: Any) -> Any:
        reads.append((power, tuple(lines)))
        return real(ruleset, state, power, lines, **kw)

    monkeypatch.setattr(order_window, "parse_orders", counted)
    state_cache.clear()  # the same game in another test has the same digest
    for n in range(3):
        mail_game.ingest(mail(f"{envelope()}\nLOAN", mid=f"again{n}"))
    assert reads == [("hungary", ((2, "LOAN"),))]  # the envelope is line 1
    receipts = [r for r in mail_game.outbox() if r.kind == "receipt"]
    assert len(receipts) == 3 and all("LOAN" in r.body_text for r in receipts)
    mail_game.judge.adjudicate("g1", force=True, now=T0 + timedelta(hours=1))
    mail_game.ingest(mail(f"{envelope()}\nLOAN", mid="after"), now=T0 + timedelta(hours=1))
    assert len(reads) == 2


def test_an_order_mail_is_twelve_statements_on_sqlite_thirteen_on_postgresql(mail_game: MailGame) -> None:
    """Issue 18: the game without its state, both lockouts in one query, no re-read under SQLite's
    write lock, the time zone from the power's row, Core inserts (PostgreSQL has no BEGIN
    statement and adds the window's row lock and the game's re-read: 13)."""
    mail_game.ingest(mail(f"{envelope()}\nLOAN", mid="warm"))  # the state decoded, the set read
    statements: list[str] = []
    listen = event.listens_for(mail_game.engine, "before_cursor_execute")
    listen(lambda _c, _cur, sql, *_a: statements.append(sql.split()[0]))
    outcome = mail_game.ingest(mail(f"{envelope()}\nLOAN", mid="counted"))
    assert getattr(outcome, "status", None) == "answered"
    expected = 12 if mail_game.engine.dialect.name == "sqlite" else 13
    assert len(statements) == expected, statements
