"""The GM's command line on a game played step by step (issue 16): ``game show`` names the open
step, whom it is for, the round and its cap, and tells early sets from the step's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.rulesets.registry import EXTRA_RULESETS


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
    return CliRunner()


def test_game_show_names_the_step_and_the_early_sets(cli: CliRunner, tmp_path: Path) -> None:
    created = cli.invoke(
        app, ["game", "create", "r1", "--ruleset", "relay", "--powers", "venice,genoa,milan"]
    )
    assert created.exit_code == 0, created.output
    secrets = dict(re.findall(r"│ (\w+)\s+│ (\S+)\s+│", created.output))
    for power, order in (("venice", "CLAIM 3"), ("genoa", "CLAIM 7")):
        path = tmp_path / f"{power}.txt"
        path.write_text(f"GAME r1 POWER {power} SECRET {secrets[power]}\n{order}\n")
        assert cli.invoke(app, ["submit", str(path)]).exit_code == 0
    shown = cli.invoke(app, ["game", "show", "r1"], terminal_width=200).output
    assert "open window: T1.claims.1-venice" in shown
    assert "step 1 of round T1.claims, for venice; round cap: none" in shown
    rows = {line.split("│")[1].strip(): line for line in shown.splitlines() if line.startswith("│")}
    assert "this step" in rows["venice"] and "early, for a later step" in rows["genoa"]
    assert rows["milan"].rstrip("│ ").endswith("-")


def test_the_demo_plays_the_purchases_in_turn_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``adjudicator demo --sequential`` (issue 16 "done when"): Medioevo's economy window is played
    as a step per power in turn order and a closing step (R96), and the log replays to every step."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    result = CliRunner().invoke(
        app, ["demo", "--sequential", "--turns", "1", "--out", str(tmp_path)], terminal_width=400
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the console wraps long lines
    assert (
        "played 5 windows: T1.bids, T1.cards, T1.economy, T1.war, T1.commerce" in said
    )  # a round is one window
    assert "replay check: ok" in said
    folders = sorted(p.name for p in (tmp_path / "demo").iterdir() if p.name[:1].isdigit())
    steps = [name.split("-", 1)[1] for name in folders if ".economy." in name]  # each step's mails
    assert [s.split(".")[2].split("-")[0] for s in steps] == ["1", "2", "3", "4", "5"]
    assert steps[-1] == "T1.economy.5-close"
    round_folder = next(name for name in folders if name.endswith("-T1.economy"))
    assert {"hungary.html", "gm.html"} <= {p.name for p in (tmp_path / "demo" / round_folder).iterdir()}
