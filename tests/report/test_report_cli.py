"""``adjudicator report``: print one viewer's report, write every form of it, and fail cleanly."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.core.view import GM
from adjudicator.report.render import render_report
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine
from tests.conftest import POWERS
from tests.report.played import GAME


@pytest.fixture
def played(
    played_sqlite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[CliRunner, Judge, str]]:
    """A copy of the played demo in the database the command line uses."""
    db = tmp_path / "cli.db"
    shutil.copyfile(played_sqlite, db)  # the demo played once a session (tests/report/conftest.py)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(db))
    engine = make_engine(f"sqlite:///{db}")
    yield CliRunner(), Judge(engine), GAME
    engine.dispose()


def text_of(judge: Judge, game: str, window: str | int, viewer: str) -> str:
    return render_report(judge.report_input(game, window, viewer), judge.ruleset(judge.game(game)[0])).text


def test_report_prints_the_last_window_for_the_gm_or_one_viewer(played: tuple[CliRunner, Judge, str]) -> None:
    cli, judge, game = played
    last = judge.resolved_windows(game)[-1]
    shown = cli.invoke(app, ["report", game])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == text_of(judge, game, last.label, GM)
    assert "T2.commerce for the GM" in shown.stdout

    france = cli.invoke(app, ["report", game, "--power", "France", "--window", "T1.economy"])
    assert france.exit_code == 0, france.output
    assert france.stdout == text_of(judge, game, "T1.economy", "france")
    public = cli.invoke(app, ["report", game, "--power", "public", "--window", "2"])
    assert public.stdout == text_of(judge, game, 2, "public") and "T1.cards for the public" in public.stdout


def test_report_out_writes_every_form_for_every_power_and_the_gm(
    played: tuple[CliRunner, Judge, str], tmp_path: Path
) -> None:
    cli, judge, game = played
    ruleset = judge.ruleset(judge.game(game)[0])
    out = tmp_path / "reports"
    done = cli.invoke(app, ["report", game, "--window", "T1.economy", "--out", str(out)])
    assert done.exit_code == 0, done.output
    window = judge.resolved_window(game, "T1.economy")
    folder = out / game / f"{window.id:03d}-T1.economy"
    expected: set[str] = set()
    for viewer in (*POWERS, GM):
        forms = render_report(judge.report_input(game, "T1.economy", viewer), ruleset)
        assert (folder / f"{viewer}.html").read_text() == forms.html
        assert (folder / f"{viewer}.txt").read_text() == forms.text
        assert (folder / f"{viewer}.json").read_text() == forms.json
        expected |= {f"{viewer}.html", f"{viewer}.txt", f"{viewer}.json"}
        if forms.png is not None:
            assert (folder / f"{viewer}.png").read_bytes() == forms.png
            expected.add(f"{viewer}.png")
        if forms.order_template:
            assert (folder / f"orders-{viewer}.txt").read_text() == forms.order_template
            expected.add(f"orders-{viewer}.txt")
    assert {p.name for p in folder.iterdir()} == expected
    assert all(f"wrote {folder / name}" in done.stdout for name in expected)

    one = cli.invoke(app, ["report", game, "--power", "hungary", "--out", str(tmp_path / "one")])
    last = judge.resolved_windows(game)[-1]
    written = {p.name for p in (tmp_path / "one" / game / f"{last.id:03d}-{last.label}").iterdir()}
    assert one.exit_code == 0 and {"hungary.html", "hungary.txt", "hungary.json"} <= written
    assert all(name.startswith(("hungary.", "orders-hungary.")) for name in written)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "nope"], "unknown game 'nope'"),
        (["report", "demo", "--window", "T9.economy"], "unknown window 'T9.economy'"),
        (["report", "demo", "--window", "999"], "unknown window '999'"),
        (["report", "demo", "--power", "venice"], "unknown power 'venice'"),
        (["report", "demo", "--window", "T3.bids"], "is over, not resolved"),
    ],
)
def test_report_errors_exit_2_and_write_nothing(
    played: tuple[CliRunner, Judge, str], tmp_path: Path, args: list[str], message: str
) -> None:
    cli, _, _ = played
    out = tmp_path / "nothing"
    failed = cli.invoke(app, [*args, "--out", str(out)])
    assert failed.exit_code == 2
    assert message in failed.output and failed.output.startswith("error: ")
    assert not out.exists()
    assert cli.invoke(app, args).exit_code == 2


def test_a_window_discarded_by_a_rollback_has_no_report(played: tuple[CliRunner, Judge, str]) -> None:
    cli, judge, game = played
    discarded = judge.resolved_window(game, "T2.cards")
    assert cli.invoke(app, ["gm", "rollback", game, "T2.bids"]).exit_code == 0
    failed = cli.invoke(app, ["report", game, "--window", str(discarded.id)])
    assert failed.exit_code == 2 and "discarded by a rollback" in failed.output
    assert "T1.commerce for the GM" in cli.invoke(app, ["report", game]).stdout  # the last standing one
