"""The fixture game of the report tests, played once per session (see fixtures.py)."""

from __future__ import annotations

import pytest

from tests.report.fixtures import FixtureGame, fixture_game


@pytest.fixture(scope="session")
def report_game() -> FixtureGame:
    return fixture_game()
