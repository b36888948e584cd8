"""Relay joins the judge through ADJUDICATOR_EXTRA_RULESETS (rulesets/registry.py), so that a
``serve`` subprocess knows it too; a broken entry is a clear error, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.registry import EXTRA_RULESETS, get_ruleset
from adjudicator.service.judge import Judge
from tests.turnbased.relay import RelayRuleset
from tests.turnbased.relay_state import RelayState

SEATS = ("venice", "genoa", "milan")
ENTRY = "tests.turnbased.relay:RelayRuleset"
ROOT = Path(__file__).resolve().parents[2]


def test_extra_rulesets_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(
        AdjudicatorError, match=r"unknown ruleset 'relay': expected one of kriegundfrieden, medioevo$"
    ):
        get_ruleset("relay")
    monkeypatch.setenv(EXTRA_RULESETS, f" {ENTRY} ,")
    assert isinstance(get_ruleset("relay"), RelayRuleset)
    assert get_ruleset("medioevo").name == "medioevo"


class Impostor(RelayRuleset):
    name = "medioevo"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("tests.turnbased.relay", "entry 'tests.turnbased.relay': expected module:Class"),
        ("tests.nowhere:Relay", "cannot import 'tests.nowhere': No module named 'tests.nowhere'"),
        ("tests.turnbased.relay:Nothing", "module 'tests.turnbased.relay' has no class 'Nothing'"),
        ("tests.turnbased.relay:DEFAULT_TURNS", "has no class 'DEFAULT_TURNS'"),
        ("tests.turnbased.relay_state:Event", "Event has no name, so it is no ruleset"),
        ("tests.turnbased.relay_state:LastClaim", r"LastClaim\(\) failed"),
        ("tests.turnbased.test_relay_registry:Impostor", "a ruleset named 'medioevo' exists already"),
    ],
)
def test_a_broken_extra_ruleset_entry_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, entry: str, message: str
) -> None:
    monkeypatch.setenv(EXTRA_RULESETS, entry)
    with pytest.raises(AdjudicatorError, match=message):
        get_ruleset("medioevo")


def test_the_judge_creates_a_relay_game(monkeypatch: pytest.MonkeyPatch, judge: Judge) -> None:
    monkeypatch.setenv(EXTRA_RULESETS, ENTRY)
    secrets = judge.create_game("r1", "relay", SEATS, {"turns": 3}, seed=b"seed")
    assert set(secrets) == {*SEATS, "gm"}
    state = judge.state("r1")
    assert isinstance(state, RelayState) and state.last_turn == 3 and state.seats == SEATS
    game, window = judge.game("r1")
    # Relay plays its window step by step: the first seat's step is the one open
    assert (game.ruleset, window.label, window.actors) == ("relay", "T1.claims.1-venice", ["venice"])


def test_a_subprocess_knows_relay(tmp_path: Path) -> None:
    """What a ``serve`` subprocess does: the CLI in a fresh interpreter, run from the checkout."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({"ADJUDICATOR_DB": str(tmp_path / "r.db"), EXTRA_RULESETS: ENTRY})
    create = [sys.executable, "-m", "adjudicator", "game", "create", "r1", "--ruleset", "relay"]
    made = subprocess.run(
        [*create, "--powers", ",".join(SEATS)], cwd=ROOT, env=env, capture_output=True, timeout=120
    )
    assert made.returncode == 0, made.stderr.decode()
    assert all(power in made.stdout.decode() for power in SEATS)


def test_a_broken_entry_reaches_the_cli_as_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "r.db"))
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:Nothing")
    result = CliRunner().invoke(app, ["game", "create", "r1", "--ruleset", "relay", "--powers", "a,b"])
    assert result.exit_code == 2 and "has no class 'Nothing'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
