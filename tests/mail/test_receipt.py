"""receipt.py: the deadline in the player's time zone and the time left; the receipt's sections."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adjudicator.dates import deadline_text, time_left
from adjudicator.mail.receipt import render_receipt
from adjudicator.service.receipts import Receipt

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def test_time_left() -> None:
    assert time_left(59) == "less than a minute"
    assert time_left(12 * 60) == "12 minutes"
    assert time_left(3 * 3600 + 600) == "3 hours 10 minutes"
    assert time_left(2 * 86400 + 4 * 3600 + 300) == "2 days 4 hours"
    assert time_left(86400) == "1 day"


def test_deadline_in_the_players_zone() -> None:
    due = NOW + timedelta(hours=30)
    assert deadline_text(due, NOW, None) == "Sun 2 Mar 2025 18:00 UTC, in 1 day 6 hours"
    assert deadline_text(due, NOW, "Asia/Tokyo") == "Mon 3 Mar 2025 03:00 JST, in 1 day 6 hours"
    assert deadline_text(due.replace(tzinfo=None), NOW, "Nowhere/Land").endswith("UTC, in 1 day 6 hours")
    assert deadline_text(NOW - timedelta(minutes=1), NOW, None).endswith(", passed")
    assert deadline_text(None, NOW, "Europe/Rome") == "no deadline is set yet"


def test_receipt_sections() -> None:
    receipt = Receipt(
        "g1",
        "hungary",
        "T1.economy",
        3,
        ("LOAN",),
        ("line 4: 'FLY': no such order",),
        False,
        "ABCD1234",
        None,
    )
    text = render_receipt(receipt, summary=["florins now: 300"], now=NOW, zone=None)
    assert text.startswith("Orders of hungary for g1, window T1.economy (version 3, hash ABCD1234)")
    assert (
        "Accepted (1):\n  LOAN" in text
        and "Rejected (1)" in text
        and "  line 4: 'FLY': no such order" in text
    )
    assert "What these orders leave:\n  florins now: 300" in text
    assert "Deadline: no deadline is set yet" in text and "Ready: no (send READY when you are done)" in text
