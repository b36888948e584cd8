"""Issue 16: two ``serve`` processes on one database resolve each step once (docs/turn-by-turn.md
§9), on SQLite and PostgreSQL, as tests/integration/test_serve_lifecycle.py shows for windows.

Three Relay games; both processes' schedulers fire at the moment the first step of each is due.
Each first step resolves once, its silent actor's miss is counted once and told once, the next
step opens once with one "your move" to its actor, and neither log shows a traceback or a
duplicate key."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, update
from sqlmodel import Session, col, select

from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox, Power, Window, utcnow
from tests.integration.test_serve_e2e import start_serve, wait_for
from tests.integration.test_serve_lifecycle import kill, running, stop, write_config

SEATS = ("venice", "genoa", "milan")


def open_steps(engine: Engine) -> dict[str, str]:
    with Session(engine) as session:
        rows = session.exec(select(Window).where(Window.status == "open", col(Window.parent_id).is_not(None)))
        return {w.game_id: w.label for w in rows}


def test_two_serves_resolve_each_step_once(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")  # the serves inherit it
    url = engine.url.render_as_string(hide_password=False)
    judge = Judge(engine, mail_domain="judge.test")
    games = [f"s{n}" for n in range(3)]
    for n, game in enumerate(games):
        judge.create_game(
            game, "relay", SEATS, {"turns": 1}, seed=bytes([n + 7]) * 32, gm_address="gm@judge.test"
        )
        judge.set_calendar(game, {"step_hours": {"default": 24}, "round_hours": {"default": 96}})
    config = write_config(tmp_path)
    logs = [tmp_path / "serve-a.log", tmp_path / "serve-b.log"]
    serves = [start_serve(config, url, log) for log in logs]
    try:
        for log in logs:
            wait_for(lambda log=log: running(log), 60, log)  # type: ignore[misc]
        with Session(engine) as session, session.begin():  # every first step due at one moment
            session.execute(
                update(Window)
                .where(col(Window.status) == "open", col(Window.parent_id).is_not(None))
                .values(deadline=utcnow() + timedelta(seconds=3))
            )
        wait_for(lambda: set(open_steps(engine).values()) == {"T1.claims.2-genoa"}, 50, logs[0])
        for serve, log in zip(serves, logs, strict=True):
            assert serve.poll() is None, log.read_text()[-4000:]
            assert stop(serve, log) == 0, log.read_text()[-4000:]
    finally:
        kill(*serves)
    for log in logs:
        said = log.read_text()
        for bad in ("Traceback", "UniqueViolation", "IntegrityError", "JobLookupError", " ERROR "):
            assert bad not in said, f"{bad} in {log.name}:\n{said[-4000:]}"
    with Session(engine) as session:
        first = Counter(
            w.game_id
            for w in session.exec(select(Window).where(Window.label == "T1.claims.1-venice"))
            if w.resolved_at
        )
        assert first == dict.fromkeys(games, 1)
        missed = {(p.game_id, p.power): p.missed for p in session.exec(select(Power))}
        assert missed == {(g, p): int(p == "venice") for g in games for p in SEATS}
        mails = list(session.exec(select(Outbox)))
    late = Counter(m.game_id for m in mails if m.subject.endswith("no orders by the deadline"))
    assert late == dict.fromkeys(games, 1)
    moves = Counter((m.game_id, m.recipient) for m in mails if "your move: T1.claims.2-genoa" in m.subject)
    assert moves == {(g, "genoa"): 1 for g in games}
