"""Scenario files that carry their own expectations (``expect:`` in a step) are played through
the real mail path by ``adjudicator scenario run``, which fails when one does not hold. Each file
cites the seed lines of the rulebook example it plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

HERE = Path(__file__).parent / "medioevo"
ALL_SELF_CHECKING = sorted(p for p in HERE.glob("*.yaml") if "\n    expect:" in p.read_text())
WAR = tuple(p for p in ALL_SELF_CHECKING if p.stem.startswith("war_"))
"""The war's scenarios, played by test_self_checking_war_scenarios.py: a file of its own, so the
suite's two workers (``--dist loadfile``) share the scenarios instead of one playing them all."""
SELF_CHECKING = [p for p in ALL_SELF_CHECKING if p not in WAR]


def play(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["scenario", "run", str(path)])
    return result.exit_code, result.stderr


@pytest.mark.parametrize("path", SELF_CHECKING, ids=[p.stem for p in SELF_CHECKING])
def test_scenario_expectations_hold(path: Path) -> None:
    code, report = play(path)
    assert code == 0, report
    assert "expectations hold" in report


def test_there_are_self_checking_examples() -> None:
    assert len(SELF_CHECKING) >= 1 and len(WAR) >= 1


WRONG = """
name: wrong expectations
ruleset: medioevo
powers: [holy_roman_empire, hungary, france]
seed: wrong
steps:
  - window: T1.cards
    orders:
      hungary: |
        WAR ON france
        FROBNICATE everything
    expect:
      state:
        powers.hungary.honor: 5
        powers.hungary.nonsense: 1
      results:
        - {power: hungary, order: WAR ON france, ok: false}
        - {power: france, order: WAR ON hungary}
      refused:
        hungary: [FROBNICATE]
        france: [anything]
"""


def test_an_expectation_that_does_not_hold_fails_the_run(tmp_path: Path) -> None:
    """Every failed expectation is reported with its step, and the run exits 1; the ones that
    hold (the FROBNICATE line was refused) are not reported."""
    path = tmp_path / "wrong.yaml"
    path.write_text(WRONG)
    code, report = play(path)
    assert code == 1
    failed = [line for line in report.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 5, report
    assert "state powers.hungary.honor: expected 5, got" in report
    assert "state powers.hungary.nonsense: no such value in the state" in report
    assert "result hungary 'WAR ON france': expected failed, got WAR ON france -> ok" in report
    assert "result france 'WAR ON hungary': no such order was adjudicated" in report
    assert "refused france 'anything': not among the refused lines (nothing was refused)" in report
    assert "5 of 6 expectations did not hold" in report
