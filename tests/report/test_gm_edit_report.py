"""A GM edit that changed a reader's sheet is in that reader's report of the window (issue 15),
and only readers who may see what it changed are told it: florins are behind the screen (R7,
002 L113), so ``SET hungary florins`` is hungary's and the GM's; honor is public (L341)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.view import GM
from adjudicator.report.render import render_report
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

POWERS = ("holy_roman_empire", "hungary", "france", "byzantium")
PRIVATE = "SET hungary florins 777"
PUBLIC_EDIT = "SET france honor 3"


def test_a_gm_edit_is_in_the_report_of_the_readers_it_concerns(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    migrate(engine)
    judge = Judge(engine)
    judge.create_game("g", "medioevo", POWERS, {"turns": 3}, seed=b"gm-edit-report")
    label = judge.game("g")[1].label
    judge.gm_edit("g", PRIVATE)
    judge.gm_edit("g", PUBLIC_EDIT)
    judge.adjudicate("g", force=True)
    ruleset = judge.ruleset(judge.game("g")[0])
    texts = {v: render_report(judge.report_input("g", label, v), ruleset).text for v in (*POWERS, GM)}
    for viewer, text in texts.items():
        assert PUBLIC_EDIT in text, (viewer, "a public edit is told to everyone")
        assert (PRIVATE in text) == (viewer in ("hungary", GM)), (viewer, "florins are hungary's")
    assert "Changes made by the GM" in texts["hungary"]
    engine.dispose()
