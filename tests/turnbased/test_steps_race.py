"""Issue 16: an early order set sent while the step before it is being adjudicated (docs/turn-by-turn.md
§6, §9). Real processes and a forced interleaving, as tests/integration/test_order_race.py: the
adjudication of venice's step is held half-way on PostgreSQL, genoa's set (no WINDOW line) waits
for the step's lock behind it. When the step resolves, genoa's step is the one open: the set goes
there, counts, and its receipt says so. Never accepted and lost."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine

from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.judge import Judge
from tests.conftest import order_mail
from tests.integration.test_order_race import contenders, half_way

SEATS = ("venice", "genoa", "milan")


def test_an_early_set_sent_while_the_step_before_resolves_reaches_its_own_step(
    pg_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")  # the children inherit it
    engine = pg_engine
    with contenders(engine, tmp_path) as start:
        adjudicate = start("adjudicate", "adjudicate", "r1", "--force")
        secrets = Judge(engine).create_game("r1", "relay", SEATS, {"turns": 1}, seed=b"race-steps")
        orders = tmp_path / "genoa.txt"
        orders.write_text(order_mail("r1", "genoa", secrets["genoa"], "CLAIM 7") + "\n")
        submit = start("submit", "submit", str(orders))
        half_way(engine, "events", adjudicate, submit)
        assert adjudicate.finish()[0] == 0, adjudicate.log()
        code, out, err = submit.finish()
    assert code == 0, out + err
    judge = Judge(engine)
    assert judge.game("r1")[1].label == "T1.claims.2-genoa"
    assert "for your step T1.claims.2-genoa" in out, out
    assert judge.current_orders("r1")["genoa"].orders == ["CLAIM 7"]
    judge.adjudicate("r1", force=True)
    assert judge.state("r1").row[6] == "genoa"  # type: ignore[attr-defined]
