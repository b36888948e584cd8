"""Krieg und Frieden through the judge (store, receipts, "your move", defaults for a silent
noble, replay, the GM's rollback to a step): the first spring of a 3-noble game on SQLite (the
store does not depend on the game)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conftest import order_mail

SEATS = ("anna", "bruno", "carla")
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def test_a_spring_by_mail_with_a_silent_noble(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'kuf.db'}")
    migrate(engine)
    judge = Judge(engine)
    secrets = judge.create_game("k1", "kriegundfrieden", SEATS, {}, seed=b"kuf-judge", now=T0)
    _, open_row = judge.game("k1")
    assert open_row.label == "T1.spring.1-plans" and sorted(open_row.actors) == sorted(SEATS)
    state = judge.state("k1")
    counsellor = state.counsellor  # type: ignore[attr-defined]
    # the first "your move" shows the position (the ruleset's sections: the kingdom, the noble's
    # own hand), not only the order template, so a noble can choose from the mail alone
    [first] = [m for m in judge.outbox("k1") if m.recipient == "anna" and "your move" in m.subject]
    kingdom, hand, template = (
        first.body_text.find(t) for t in ("THE KINGDOM", "YOUR HAND", "# Orders of anna")
    )
    assert 0 < kingdom < template and 0 < hand < template, first.body_text
    receipt = judge.submit(
        order_mail("k1", counsellor, secrets[counsellor], "PLAN PASS", "FROBNICATE", "READY"), now=T0
    )
    text = receipt.render()
    assert "PLAN PASS" in text and "FROBNICATE" in text and "T1.spring.1-plans" in text
    others = [p for p in SEATS if p != counsellor]
    judge.submit(order_mail("k1", others[0], secrets[others[0]], "PLAN PASS", "READY"), now=T0)
    # the third noble stays silent: at the deadline it gets the default (no plan: asked later)
    judge.adjudicate("k1", force=True, now=T0)
    _, open_row = judge.game("k1")
    assert open_row.label.startswith("T1.")
    yourmove = [m for m in judge.outbox("k1") if m.kind == "notice"]
    assert yourmove and any(open_row.label in m.subject for m in yourmove)
    assert judge.replay_check("k1") == []
    judge.rollback("k1", "T1.spring.1-plans", now=T0)  # the GM takes the spring back
    assert judge.game("k1")[1].label == "T1.spring.1-plans"
    assert judge.state("k1").pending.kind == "plans"  # type: ignore[attr-defined]
    assert judge.replay_check("k1") == []
