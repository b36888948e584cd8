"""The deadline commands end to end: game calendar, tick, gm extend/pause/resume/new-secret/replace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

POWERS = "holy_roman_empire,hungary,france,byzantium"


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("ADJUDICATOR_CONFIG", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    return CliRunner()


def run(cli: CliRunner, *args: str, code: int = 0) -> str:
    result = cli.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


def test_the_calendar_and_the_gm_deadline_commands(cli: CliRunner) -> None:
    run(cli, "game", "create", "g1", "--powers", POWERS, "--turns", "2")
    shown = run(cli, "game", "calendar", "g1")
    assert "periods: none (no deadlines)" in shown and "deadline of the open window: no deadline" in shown
    changed = run(
        cli, "game", "calendar", "g1", "--timezone", "Europe/Rome", "--hour", "20",
        "--weekdays", "mon,wed,fri", "--period", "default=48", "--period", "economy=72",
        "--reminders", "24,2", "--civil-disorder-after", "2",
    )  # fmt: skip
    assert "time zone Europe/Rome, deadlines at 20:00 on mon,wed,fri" in changed
    assert "periods: default=48h, economy=72h" in changed and "civil disorder after 2 misses" in changed
    assert re.search(r"deadline of the open window: (Mon|Wed|Fri) \d+ \w+ \d{4} 20:00 CES?T", changed)
    shown = run(cli, "game", "show", "g1")  # the one form of adjudicator/dates.py, in the game's zone
    assert re.search(
        r"open window: T1\.cards \(id \d+\), deadline: (Mon|Wed|Fri) \d+ \w+ \d{4} 20:00 CES?T", shown
    )
    bad = run(cli, "game", "calendar", "g1", "--period", "economy", code=2)
    assert bad.strip() == "error: --period 'economy': expected WINDOW=HOURS, e.g. economy=48"
    bad = run(cli, "game", "calendar", "g1", "--weekdays", "mon,funday", code=2)
    assert bad.startswith("error: calendar weekdays: weekdays ['mon', 'funday']: expected some of")

    assert "deadline now" in run(cli, "gm", "extend", "g1", "5")
    assert run(cli, "gm", "pause", "g1").strip() == "g1: paused"
    assert run(cli, "tick", "--now", "2099-01-01T00:00:00").strip() == "nothing due"  # paused
    assert "g1: resumed, deadline" in run(cli, "gm", "resume", "g1")
    ticked = run(cli, "tick", "--now", "2099-01-01T00:00:00")
    assert "g1: hungary missed T1.cards (1)" in ticked
    assert "g1: T1.cards resolved (the deadline passed); now open: T1.economy" in ticked
    assert run(cli, "tick", "--now", "2099-01-01T00:00:00").strip() == "nothing due"
    assert run(cli, "tick", "--now", "soon", code=2).startswith("error: --now 'soon': expected an ISO date")

    renewed = run(cli, "gm", "new-secret", "g1", "France")  # france has no address on file: not mailed
    assert re.match(r"g1: new secret of france: \S+ \(not mailed: no address on file for france;", renewed)
    replaced = run(cli, "gm", "replace", "g1", "hungary", "heir@example.org")
    assert "g1: hungary handed to heir@example.org, secret" in replaced
    assert run(cli, "gm", "replace", "g1", "sweden", "x@example.org", code=2).startswith(
        "error: unknown power 'sweden'"
    )


def test_the_gm_sets_step_hours_and_round_caps_by_window_kind(cli: CliRunner) -> None:
    """Turn-by-turn windows (docs/turn-by-turn.md §7): one step's hours and the round's cap, per
    window kind, set like the periods and shown with them; a bad value is one line naming it."""
    run(cli, "game", "create", "g1", "--powers", POWERS, "--turns", "2")
    assert "turn-by-turn windows: steps as the period; round cap none" in run(cli, "game", "calendar", "g1")
    run(cli, "game", "calendar", "g1", "--step-hours", "default=24", "--round-hours", "economy=96")
    changed = run(
        cli, "game", "calendar", "g1", "--step-hours", "Economy=12", "--round-hours", "default=72",
        "--period", "default=48",
    )  # fmt: skip
    assert (
        "turn-by-turn windows: steps default=24h, economy=12h; round cap economy=96h, default=72h" in changed
    )
    assert "periods: default=48h" in changed
    bad = run(cli, "game", "calendar", "g1", "--step-hours", "12", code=2)
    assert bad.strip() == "error: --step-hours '12': expected WINDOW=HOURS, e.g. economy=48"
    bad = run(cli, "game", "calendar", "g1", "--round-hours", "economy=0", code=2)
    assert bad.startswith("error: --round-hours '0': expected a number of hours above 0")
    assert "round cap economy=96h, default=72h" in run(cli, "game", "calendar", "g1")  # nothing changed
    assert "each step's report to the GM only, the round's to all" in run(cli, "game", "calendar", "g1")
    shown = run(cli, "game", "calendar", "g1", "--step-reports")
    assert "each step's report to every power and the GM, the round's to all" in shown
