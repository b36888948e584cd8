"""The end of a game through the judge (docs/endgame.md): a game of N turns ends after turn N with
a winner in the final report, which prints the revealed seed (R334) from which every roll is
recomputed; the archive closes with the final standings; the time limit (``end_date``, L327,
R327) ends the game at the end of the turn in progress; no window opens after the end."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.core.dice import verify_rolls
from adjudicator.core.events import DiceRolled
from adjudicator.core.view import PUBLIC
from adjudicator.errors import GameOver
from adjudicator.report.archive import build_archive
from adjudicator.report.render import render_report
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conftest import order_mail

POWERS = ("holy_roman_empire", "hungary", "byzantium")
T0 = datetime(2030, 3, 4, 9, 0, tzinfo=UTC)


@pytest.fixture
def sqlite_judge(tmp_path: Path) -> Iterator[Judge]:
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    migrate(engine)
    yield Judge(engine, render_after_commit=False)  # the reports are queued, rendered here as needed
    engine.dispose()


def play_out(judge: Judge, game: str, now: datetime) -> list[str]:
    labels: list[str] = []
    while judge.game(game)[0].status != "over":
        labels.extend(judge.adjudicate(game, force=True, now=now).labels)
    return labels


def test_a_game_of_one_turn_ends_after_it_with_a_winner_in_the_final_report(sqlite_judge: Judge) -> None:
    """L329: after the last turn the most PO wins; the last window's report, to everyone, names
    the winner with each power's score line by line and reveals the seed."""
    judge = sqlite_judge
    secrets = judge.create_game("e1", "medioevo", POWERS, {"turns": 1}, seed=b"endgame-one-turn", now=T0)
    labels = play_out(judge, "e1", T0)
    assert labels[-1] == "T1.commerce"
    game, opened = judge.game("e1")
    assert game.seed_revealed and opened.status == "over" and opened.label == "T2.bids"
    ruleset = judge.ruleset(game)
    winner = judge.state("e1").endgame.standings[0]  # type: ignore[attr-defined]
    mailed = {
        m.recipient: m.body_text
        for m in judge.outbox("e1")
        if m.kind == "report" and "T1.commerce" in m.subject
    }
    assert set(mailed) == {*POWERS, "gm"}
    for viewer in ("hungary", PUBLIC):  # every power's is the same section: one power, the archive's
        text = render_report(judge.report_input("e1", "T1.commerce", viewer), ruleset).text
        assert "the game is over: final standings" in text.lower() and "The winner:" in text
        assert "every 1000 florins" in text and game.seed.hex() in text, viewer
        assert f"{winner.total:g} PO" in text
    assert winner.winner
    rolls = [(e.key, e.sides, e.value) for e in judge.events("e1") if isinstance(e, DiceRolled)]
    assert rolls and verify_rolls(bytes.fromhex(game.seed.hex()), rolls) == []  # every roll recomputed
    with pytest.raises(GameOver, match="e1 is over: it takes no more orders"):
        judge.submit(order_mail("e1", "hungary", secrets["hungary"], "LOAN"), now=T0)
    site = build_archive(judge.archive("e1"), ruleset)
    assert "Final standings" in site["index.html"] and game.seed.hex() in site["index.html"]
    assert judge.replay_check("e1") == []


def test_the_time_limit_ends_the_game_at_the_end_of_the_turn_L327(sqlite_judge: Judge) -> None:
    """L327: past ``end_date`` the turn in progress is completed, then the game ends (R327)."""
    judge = sqlite_judge
    options = {"end_date": "2030-03-05", "period_hours": 48}
    judge.create_game("e2", "medioevo", POWERS, options, seed=b"endgame-time", now=T0)
    judge.adjudicate("e2", force=True, now=T0)  # before the date: nothing recorded
    assert not judge.state("e2").endgame.time_up  # type: ignore[attr-defined]
    later = T0 + timedelta(days=2)
    labels = play_out(judge, "e2", later)
    state = judge.state("e2")
    assert labels[-1] == "T1.commerce" and state.endgame.ended == "time"  # type: ignore[attr-defined]
    assert [e.kind for e in judge.events("e2") if e.kind == "mu-time-limit"] == ["mu-time-limit"]
    assert judge.replay_check("e2") == []


def test_an_end_date_must_be_a_date() -> None:
    from adjudicator.core.options import option_problems
    from adjudicator.rulesets.medioevo.ruleset import GAME_OPTIONS

    assert option_problems({"end_date": "2030-03-05T18:00+01:00"}, GAME_OPTIONS) == []
    assert "expected a date" in option_problems({"end_date": "next spring"}, GAME_OPTIONS)[0]
