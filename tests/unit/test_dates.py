"""The one date form every reader meets (issue 15): ``Fri 27 Nov 2026 21:00 CET``."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from adjudicator.dates import PATTERN, deadline_text, time_left, viewer_zone, when_text

WHEN = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)


def test_the_form_of_the_issue_in_the_zone_asked_with_its_abbreviation() -> None:
    assert when_text(WHEN, "Europe/Rome") == "Fri 27 Nov 2026 21:00 CET"
    assert when_text(WHEN) == "Fri 27 Nov 2026 20:00 UTC"
    assert when_text(WHEN.replace(tzinfo=None), "UTC") == "Fri 27 Nov 2026 20:00 UTC"  # SQLite's naive
    assert when_text(datetime(2026, 7, 2, 6, 5, tzinfo=UTC), "Europe/Rome") == "Thu 2 Jul 2026 08:05 CEST"
    assert when_text(WHEN, "America/Sao_Paulo") == "Fri 27 Nov 2026 17:00 UTC-03"
    assert when_text(WHEN, "Nowhere/Land") == "Fri 27 Nov 2026 20:00 UTC"
    for zone in ("UTC", "Europe/Rome", "Asia/Tokyo", "America/Sao_Paulo", "Australia/Adelaide"):
        assert re.fullmatch(PATTERN, when_text(WHEN, zone))


def test_the_viewer_s_zone_then_the_game_s_then_utc() -> None:
    assert viewer_zone("Asia/Tokyo", "Europe/Rome") == "Asia/Tokyo"
    assert viewer_zone(None, "Europe/Rome") == "Europe/Rome"
    assert viewer_zone(None, None) == "UTC"


def test_a_deadline_with_the_time_left() -> None:
    early = WHEN - timedelta(hours=30)
    assert deadline_text(WHEN, early, None) == "Fri 27 Nov 2026 20:00 UTC, in 1 day 6 hours"
    assert deadline_text(WHEN, WHEN, "Europe/Rome") == "Fri 27 Nov 2026 21:00 CET, passed"
    assert deadline_text(None, WHEN, None) == "no deadline is set yet"
    assert time_left(3 * 3600 + 600) == "3 hours 10 minutes"
