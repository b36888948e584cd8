"""``adjudicator gm end``: the GM ends a game from the command line (docs/endgame.md, R332); a
second end is a one-line error (exit status 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    return CliRunner()


def test_the_gm_ends_a_game_from_the_command_line(cli: CliRunner) -> None:
    created = cli.invoke(app, ["game", "create", "g1", "--powers", "hungary,byzantium"])
    assert created.exit_code == 0, created.output
    ended = cli.invoke(app, ["gm", "end", "g1", "the", "players", "agreed"])
    assert ended.exit_code == 0, ended.output
    assert "g1 is over: T1.cards was closed unplayed" in ended.output
    shown = cli.invoke(app, ["game", "show", "g1"]).output
    assert "open window: none, the game is over" in shown and "(revealed)" in shown
    again = cli.invoke(app, ["gm", "end", "g1"])
    assert again.exit_code == 2 and "g1 is over already" in again.output
