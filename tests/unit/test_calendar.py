"""The deadline calendar: periods per window kind, rounding to an hour on allowed weekdays in the
game's time zone, daylight-saving changes, the older ``period_hours`` option, and bad settings; the
deadlines of the steps of a sequential window and of their round (docs/turn-by-turn.md §3, §7)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adjudicator.dates import when_text
from adjudicator.errors import AdjudicatorError
from adjudicator.service.calendar import (
    covers,
    deadline_attachment,
    next_deadline,
    next_step_deadline,
    parse_calendar,
    read_calendar,
    round_deadline,
    step_deadline,
    window_kind,
)

ROME = {"timezone": "Europe/Rome", "hour": 20, "period_hours": {"default": 24, "economy": 48}}


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[misc]


def test_the_older_period_option_is_the_default_period_with_no_rounding() -> None:
    calendar = read_calendar({}, {"period_hours": 24})
    assert next_deadline(utc(2026, 3, 2, 10, 17, 5), "cards", calendar) == utc(2026, 3, 3, 10, 17, 5)
    assert next_deadline(utc(2026, 3, 2, 10), "cards", read_calendar({}, {})) is None
    # a calendar that names a default period wins over the option
    assert read_calendar({"period_hours": {"default": 6}}, {"period_hours": 24}).period("bids") == 6


def test_the_period_depends_on_the_window_kind_and_rounds_forward_to_the_hour() -> None:
    calendar = parse_calendar(ROME)
    monday = utc(2026, 3, 2, 10)  # 11:00 in Rome (CET, +1)
    assert next_deadline(monday, "cards", calendar) == utc(2026, 3, 3, 19)  # Tue 20:00 CET
    assert next_deadline(monday, "economy", calendar) == utc(2026, 3, 4, 19)  # Wed 20:00 CET
    # a period that ends exactly at the hour is not pushed a day on; one minute later is
    assert next_deadline(utc(2026, 3, 2, 19), "cards", calendar) == utc(2026, 3, 3, 19)
    assert next_deadline(utc(2026, 3, 2, 19, 1), "cards", calendar) == utc(2026, 3, 4, 19)


def test_only_allowed_weekdays_take_deadlines() -> None:
    calendar = parse_calendar({**ROME, "weekdays": ["Mon", "wed", "FRI"]})
    assert calendar.weekdays == ["mon", "wed", "fri"]
    friday = utc(2026, 3, 6, 12)
    # Sat 13:00 + rounding: Saturday and Sunday are not allowed, so Monday 20:00
    assert next_deadline(friday, "cards", calendar) == utc(2026, 3, 9, 19)
    # with no hour set, the time of day is kept and only the day moves on
    no_hour = parse_calendar({"period_hours": {"default": 24}, "weekdays": ["mon"]})
    assert next_deadline(friday, "cards", no_hour) == utc(2026, 3, 9, 12)


def test_deadlines_stay_at_the_local_hour_across_daylight_saving_changes_in_rome() -> None:
    calendar = parse_calendar({"timezone": "Europe/Rome", "hour": 20, "period_hours": {"default": 12}})
    # clocks go forward on Sunday 29 March 2026 at 02:00 (CET +1 → CEST +2)
    saturday = next_deadline(utc(2026, 3, 27, 19), "bids", calendar)
    sunday = next_deadline(utc(2026, 3, 28, 19), "bids", calendar)
    assert saturday == utc(2026, 3, 28, 19) and sunday == utc(2026, 3, 29, 18)
    assert sunday is not None and sunday.astimezone(calendar.zone).hour == 20
    assert sunday - saturday == (utc(2026, 3, 2, 23) - utc(2026, 3, 2))  # a 23-hour day
    # and back on Sunday 25 October 2026 at 03:00 (CEST → CET): a 25-hour day
    before = next_deadline(utc(2026, 10, 24, 6), "bids", calendar)
    after = next_deadline(utc(2026, 10, 25, 6), "bids", calendar)
    assert (before, after) == (utc(2026, 10, 24, 18), utc(2026, 10, 25, 19))
    # a wall time that does not exist that night (02:30) falls at the first moment after the gap
    gap = parse_calendar({"timezone": "Europe/Rome", "hour": 2, "minute": 30, "period_hours": {"default": 1}})
    moved = next_deadline(utc(2026, 3, 28, 23), "bids", gap)
    assert moved == utc(2026, 3, 29, 1, 30) and moved.astimezone(gap.zone).strftime("%H:%M") == "03:30"


def test_the_weekday_is_the_one_in_the_game_time_zone() -> None:
    # Monday 03:00 UTC is still Sunday evening in New York
    calendar = parse_calendar(
        {"timezone": "America/New_York", "hour": 21, "weekdays": ["sun"], "period_hours": {"default": 1}}
    )
    assert next_deadline(utc(2026, 3, 2, 0), "bids", calendar) == utc(2026, 3, 2, 2)  # Sun 21:00 EST
    assert when_text(utc(2026, 3, 2, 2), calendar.timezone) == "Sun 1 Mar 2026 21:00 EST"
    assert when_text(utc(2026, 3, 2, 2), parse_calendar({}).timezone) == "Mon 2 Mar 2026 02:00 UTC"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"timezone": "Mars/Olympus"}, "calendar timezone: unknown time zone 'Mars/Olympus'"),
        (
            {"weekdays": ["mon", "someday"]},
            "calendar weekdays: weekdays ['mon', 'someday']: expected some of",
        ),
        ({"hour": 24}, "calendar hour: Input should be less than or equal to 23"),
        ({"period_hours": {"bids": 0}}, "calendar period_hours: period_hours {'bids': 0.0}: expected hours"),
        (
            {"step_hours": {"default": -2}},
            "calendar step_hours: step_hours {'default': -2.0}: expected hours",
        ),
        (
            {"round_hours": {"economy": 0}},
            "calendar round_hours: round_hours {'economy': 0.0}: expected hours",
        ),
        ({"reminders_hours": [-1]}, "calendar reminders_hours: reminders_hours [-1.0]: expected hours"),
        ({"colour": "red"}, "calendar colour: Extra inputs are not permitted"),
    ],
)
def test_a_bad_setting_is_one_line_naming_it(settings: dict[str, object], message: str) -> None:
    with pytest.raises(AdjudicatorError) as caught:
        parse_calendar(settings)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_reminders_are_kept_latest_first_and_absences_cover_days_in_the_game_zone() -> None:
    calendar = parse_calendar({"timezone": "Europe/Rome", "reminders_hours": [2, 24, 2]})
    assert calendar.reminders_hours == [24, 2]
    away = [{"from": "2026-03-02", "to": "2026-03-04"}]
    assert covers(away, utc(2026, 3, 4, 22, 30), calendar)  # 23:30 on the 4th in Rome
    assert not covers(away, utc(2026, 3, 4, 23, 30), calendar)  # already the 5th in Rome
    assert not covers(away, utc(2026, 3, 1, 22), calendar)
    assert window_kind("T3.economy") == "economy"


def test_the_ics_attachment_names_the_deadline_in_utc_with_a_stable_uid() -> None:
    made = utc(2026, 3, 1, 9, 30)
    first = deadline_attachment(
        "g1", "T1.cards", 7, utc(2026, 3, 3, 19), "judge.example.org", stamp=made, zone="UTC"
    )
    later = deadline_attachment(
        "g1", "T1.cards", 7, utc(2026, 3, 4, 19), "judge.example.org", stamp=made, zone="Europe/Rome"
    )
    assert first["content_type"] == "text/calendar" and first["filename"] == "g1-T1.cards-deadline.ics"
    lines = first["text"].split("\r\n")
    assert "DTSTART:20260303T190000Z" in lines and "UID:deadline-g1-7@judge.example.org" in lines
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-2] == "END:VCALENDAR"
    sequence = [
        int(line.split(":")[1])
        for a in (first, later)
        for line in a["text"].split("\r\n")
        if line.startswith("SEQ")
    ]
    assert sequence[0] < sequence[1]  # a later deadline updates the same event


STEPS = {**ROME, "weekdays": ["mon", "tue", "wed", "thu", "fri"], "step_hours": {"default": 24, "combat": 6}}


def test_a_step_skips_the_weekend_in_rome_without_rounding_to_the_hour() -> None:
    calendar = parse_calendar(STEPS)
    # Friday 27 March 2026, 18:17:05 in Rome (CET, +1): 24 hours on is Saturday, not allowed; the
    # step keeps its time of day and moves to Monday, after the change to summer time (CEST, +2)
    friday = utc(2026, 3, 27, 17, 17, 5)
    monday = next_step_deadline(friday, "economy", calendar)
    assert monday == utc(2026, 3, 30, 16, 17, 5)
    assert monday is not None and monday.astimezone(calendar.zone).strftime("%a %H:%M:%S") == "Mon 18:17:05"
    # the window's own deadline is rounded to 20:00 on an allowed day; the step's is not
    assert next_deadline(friday, "economy", calendar) == utc(2026, 3, 30, 18)
    # a step that ends on an allowed day ends exactly its period later, at no round hour
    assert next_step_deadline(utc(2026, 3, 2, 10, 5), "economy", calendar) == utc(2026, 3, 3, 10, 5)
    assert next_step_deadline(utc(2026, 3, 2, 10, 5), "combat", calendar) == utc(2026, 3, 2, 16, 5)


def test_a_step_lasts_its_hours_across_a_daylight_saving_change() -> None:
    calendar = parse_calendar({"timezone": "Europe/Rome", "hour": 20, "step_hours": {"default": 12}})
    # 20:00 CET on Saturday 28 March; twelve hours later the clocks read 09:00 CEST, not 08:00
    ends = next_step_deadline(utc(2026, 3, 28, 19), "bids", calendar)
    assert ends == utc(2026, 3, 29, 7)
    assert ends is not None and ends.astimezone(calendar.zone).strftime("%H:%M") == "09:00"
    # a zone-less opening (as SQLite returns it) is UTC
    assert next_step_deadline(datetime(2026, 3, 28, 19), "bids", calendar) == ends


def test_without_step_hours_a_step_lasts_the_window_period_and_without_either_it_has_none() -> None:
    calendar = parse_calendar({**ROME, "step_hours": {"combat": 6}})
    monday = utc(2026, 3, 2, 10, 30)
    assert next_step_deadline(monday, "economy", calendar) == utc(2026, 3, 4, 10, 30)  # economy=48
    assert next_step_deadline(monday, "cards", calendar) == utc(2026, 3, 3, 10, 30)  # default=24
    assert next_step_deadline(monday, "combat", calendar) == utc(2026, 3, 2, 16, 30)
    # a step's label names its window's kind
    assert window_kind("T3.economy.2-genoa") == "economy" and window_kind("T3.combat.4-react") == "combat"
    nothing = parse_calendar({})
    assert next_step_deadline(monday, "economy", nothing) is None
    assert step_deadline(monday, "economy", nothing, None) is None


def test_the_round_cap_is_a_rounded_deadline_and_a_step_never_passes_it() -> None:
    calendar = parse_calendar({**STEPS, "round_hours": {"default": 72, "combat": 24}})
    monday = utc(2026, 3, 2, 10)  # 11:00 in Rome
    cap = round_deadline(monday, "economy", calendar)
    assert cap == utc(2026, 3, 5, 19)  # Thursday 20:00 CET
    assert round_deadline(monday, "combat", calendar) == utc(2026, 3, 3, 19)
    # no round hours: no cap from the calendar (the caller decides)
    assert round_deadline(monday, "economy", parse_calendar(STEPS)) is None
    # a step opened early ends its 24 hours later; one opened near the cap ends at the cap
    assert step_deadline(monday, "economy", calendar, cap) == utc(2026, 3, 3, 10)
    assert step_deadline(utc(2026, 3, 5, 9), "economy", calendar, cap) == cap
    # no step period at all: the cap is the deadline; a zone-less cap (SQLite) is read as UTC
    only_cap = parse_calendar({"round_hours": {"default": 72}})
    assert step_deadline(monday, "economy", only_cap, datetime(2026, 3, 5, 19)) == cap


def test_step_reports_is_off_by_default_and_must_be_a_yes_or_no() -> None:
    """docs/turn-by-turn.md §8: a step's report goes to the GM only unless the GM asks for more."""
    assert parse_calendar({}).step_reports is False
    assert parse_calendar({"step_reports": True}).step_reports is True
    with pytest.raises(AdjudicatorError, match=r"^calendar step_reports: Input should be a valid boolean"):
        parse_calendar({"step_reports": "sometimes"})
