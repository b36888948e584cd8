"""Every command of ``adjudicator`` given bad input: one ``error:`` line, exit status 1 or 2, never a
traceback (issue 15: "No traceback reaches a user anywhere")."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conftest import POWERS


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One game g1 (open at T1.cards, no address on file) and a few files to point commands at."""
    folder = tmp_path_factory.mktemp("bad-input")
    engine = make_engine(f"sqlite:///{folder / 'cli.db'}")
    migrate(engine)
    Judge(engine).create_game("g1", "medioevo", POWERS, {"turns": 2}, seed=b"b" * 32)
    engine.dispose()
    (folder / "binary.eml").write_bytes(b"\xff\xfe\x00GAME \x9c\n")
    (folder / "a-file").write_text("not a folder\n")
    (folder / "bad.yaml").write_text("ruleset: [unclosed\n")
    (folder / "list.yaml").write_text("- just\n- a list\n")
    return folder


@pytest.fixture
def cli(store: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("ADJUDICATOR_CONFIG", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(store / "cli.db"))
    monkeypatch.chdir(store)
    return CliRunner()


POWERS_TEXT = ",".join(POWERS)
FILE = "a-file"
"""A plain file where a folder is expected."""

BAD_INPUT = [
    # games
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--options", "{bad"], "--options"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--options", "[1, 2]"], "JSON object"),
    (
        ["game", "create", "g2", "--powers", "hungary,france"],
        "--options '{\"noncontiguous_kingdoms\": true}'",
    ),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--options", '{"turnz": 3}'], "known options are"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--options", '{"turns": "many"}'], "turns"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--turns", "0"], "turns"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--period-hours", "nan"], "period"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--period-hours", "-3"], "period"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--period-hours", "1e308"], "period"),
    (["game", "create", "g2", "--powers", ","], "powers"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--address", "hungary"], "--address"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--gm-address", "nobody"], "address"),
    (["game", "create", "g2", "--powers", POWERS_TEXT, "--ruleset", "chess"], "chess"),
    (["game", "show", "nope"], "unknown game"),
    (["game", "reveal-seed", "nope"], "unknown game"),
    (["game", "calendar", "g1", "--timezone", "Mars/Olympus"], "Mars/Olympus"),
    (["game", "calendar", "g1", "--hour", "25"], "hour"),
    (["game", "calendar", "g1", "--weekdays", "funday"], "funday"),
    (["game", "calendar", "g1", "--period", "economy=soon"], "soon"),
    (["game", "calendar", "g1", "--reminders", "1e309"], "reminders"),
    (["game", "calendar", "g1", "--step-hours", "economy=inf"], "--step-hours"),
    (["game", "calendar", "g1", "--round-hours", "economy=-1"], "--round-hours"),
    # orders and adjudication
    (["submit", "binary.eml"], "binary.eml"),
    (["submit", FILE + "/x"], "cannot read"),
    (["submit", "."], "cannot read"),
    (["adjudicate", "nope"], "unknown game"),
    (["adjudicate", "g1", "--window", "T9.bids", "--force"], "T9.bids"),
    (["state", "g1", "--as", "sweden"], "sweden"),
    (["state", "nope"], "unknown game"),
    (["report", "g1", "--window", "T9.bids"], "T9.bids"),
    (["report", "g1", "--power", "sweden"], "sweden"),
    (["archive", "nope", "--out", "site"], "unknown game"),
    (["archive", "g1", "--out", FILE], FILE),
    (["tick", "--now", "yesterday"], "--now"),
    # the GM
    (["gm", "edit", "g1", "FLY", "hungary"], "FLY"),
    (["gm", "edit", "nope", "SET", "hungary", "florins", "5"], "unknown game"),
    (["gm", "rollback", "g1", "T9.bids"], "T9.bids"),
    (["gm", "load-dice", "g1", "T9.nope", "3"], "T9.nope"),
    (["gm", "load-dice", "g1", "*", "99999999999999999999"], "99999999999999999999"),
    (["gm", "dice", "nope"], "unknown game"),
    (["gm", "clear-dice", "g1", "T9.nope"], "T9.nope"),
    (["gm", "verify", "nope"], "unknown game"),
    (["gm", "extend", "g1", "1e308"], "hours"),
    (["gm", "extend", "g1", "nan"], "hours"),
    (["gm", "extend", "g1", "--", "-5"], "hours"),
    (["gm", "resume", "g1"], "paused"),
    (["gm", "new-secret", "g1", "sweden"], "sweden"),
    (["gm", "replace", "g1", "hungary", "not-an-address"], "not-an-address"),
    (["gm", "replace", "g1", "sweden", "a@b.example"], "sweden"),
    (["gm", "address", "g1", "sweden", "a@b.example"], "sweden"),
    (["gm", "address", "g1", "hungary", "not-an-address"], "not-an-address"),
    (["gm", "broadcast", "g1", " "], "empty"),
    (["gm", "broadcast", "nope", "hello"], "unknown game"),
    # scenarios, the demo, the data
    (["scenario", "run", "no-such.yaml"], "no-such.yaml"),
    (["scenario", "run", "bad.yaml"], "bad.yaml"),
    (["scenario", "run", "list.yaml"], "list.yaml"),
    (["scenario", "run", "."], "."),
    (["demo", "--out", FILE], FILE),
    (["demo", "--turns", "0", "--out", "demo-out"], "turns"),
    (["demo", "--ruleset", "chess", "--out", "demo-out"], "chess"),
    (["demo", "--ruleset", "kriegundfrieden", "--powers", "2", "--out", "demo-out"], "3 or 4 nobles"),
    (["demo", "--powers", "11", "--out", "demo-out"], "powers"),
    (["data", "check", "no-such-folder"], "no-such-folder"),
    (["map", "draw", "--data", "no-such-folder"], "no-such-folder"),
    (["map", "draw", "--out", FILE + "/board.svg"], FILE),
    # mail
    (["mail", "send", "--config", "no-such.toml"], "no-such.toml"),
    (["mail", "send", "--config", "bad.yaml"], "bad.yaml"),
    (["mail", "outbox", "nope"], "unknown game"),
    (["mail", "wait", "--to", "anna@localhost", "--timeout", "-1"], "--timeout"),
    (["serve", "--config", "no-such.toml"], "no-such.toml"),
    (["serve", "--log-level", "LOUD"], "LOUD"),
]


@pytest.mark.parametrize(("args", "named"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_is_one_line_never_a_traceback(cli: CliRunner, args: list[str], named: str) -> None:
    result = cli.invoke(app, args)
    assert isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}\n{result.output}"
    )
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, result.output
    assert named in errors[0], result.output


@pytest.mark.parametrize(
    "url", ["sqlite:////no/such/folder/x.db", "not a url", "postgresql+psycopg://u:pw@127.0.0.1:1/x"]
)
def test_a_database_that_cannot_be_used_is_one_line_without_its_password(
    cli: CliRunner, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    result = cli.invoke(app, ["game", "list"])
    assert isinstance(result.exception, SystemExit) and result.exit_code == 1, result.output
    assert result.stderr.startswith("error: the database ") and len(result.stderr.splitlines()) == 1
    assert "pw" not in result.stderr
