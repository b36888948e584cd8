"""The war's self-checking scenarios (``war_*.yaml``, docs/war.md), played through the real mail
path as test_self_checking_scenarios.py plays the others; each file cites its seed lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.test_self_checking_scenarios import WAR, play


@pytest.mark.parametrize("path", WAR, ids=[p.stem for p in WAR])
def test_war_scenario_expectations_hold(path: Path) -> None:
    code, report = play(path)
    assert code == 0, report
    assert "expectations hold" in report
