"""A game's deadline policy, and when a window's deadline falls (pure: no clock is read here).

Players live in one time zone per game for deadlines: a window's deadline is its opening plus the
period for its kind, moved forward to the next allowed weekday at the deadline hour, in the game's
time zone (so a deadline stays "20:00 in Rome" across a change of daylight-saving time). Once a
window has a deadline, ``Window.deadline`` is the truth; this module only proposes one.

The policy is stored as JSON in ``Game.calendar``; the older ``options["period_hours"]`` still
works and means a default period with no rounding.

A sequential window (docs/turn-by-turn.md §7) is played as steps, each with its own deadline:
``step_hours`` gives one step's period (else the window's period is used per step) and
``round_hours`` the cap of the whole round. A step's deadline skips disallowed weekdays but is not
rounded to hour:minute, so a 12-hour step lasts 12 hours, not a day.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from adjudicator.errors import AdjudicatorError
from adjudicator.ics import ics_attachment

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


class Calendar(BaseModel):
    """The deadline policy of one game (``Game.calendar``)."""

    model_config = ConfigDict(extra="forbid")

    timezone: str = "UTC"
    """IANA name, e.g. Europe/Rome: the deadline hour and the weekdays are read there."""
    hour: int | None = Field(default=None, ge=0, le=23)
    """Deadlines fall at hour:minute; None keeps the time of day the period gives (no rounding)."""
    minute: int = Field(default=0, ge=0, le=59)
    weekdays: list[str] = Field(default_factory=lambda: list(WEEKDAYS))
    period_hours: dict[str, float] = Field(default_factory=dict)
    """Hours from a window's opening, by window kind (``bids``, ``cards``…) or ``default``."""
    step_hours: dict[str, float] = Field(default_factory=dict)
    """Hours of one step of a sequential window, by window kind or ``default``; none: the period."""
    round_hours: dict[str, float] = Field(default_factory=dict)
    """Hours from a sequential window's opening to the cap of its whole round, by kind or ``default``."""
    step_reports: bool = False
    """Turn-by-turn windows: mail each step's report to every power too (the GM always gets it;
    everyone gets the round's report at its end) (docs/turn-by-turn.md §8)."""
    grace_minutes: float = Field(default=0, ge=0)
    """After the deadline, late orders are still taken for this long; then the window resolves."""
    reminders_hours: list[float] = Field(default_factory=lambda: [24.0, 2.0])
    civil_disorder_after: int = Field(default=3, ge=1)
    early_when_all_ready: bool = True
    paused: bool = False
    paused_remaining_seconds: float | None = None
    """While paused: the time the open window had left (None when it had no deadline)."""
    paused_round_seconds: float | None = None
    """While paused in a round played step by step: the time its cap had left (None: no cap)."""

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"unknown time zone {value!r}: expected an IANA name such as Europe/Rome"
            ) from None
        return value

    @field_validator("weekdays")
    @classmethod
    def _weekday_names(cls, value: list[str]) -> list[str]:
        days = [d.strip().lower()[:3] for d in value if d.strip()]
        wrong = [d for d in days if d not in WEEKDAYS]
        if wrong or not days:
            raise ValueError(f"weekdays {value!r}: expected some of {', '.join(WEEKDAYS)}")
        return [d for d in WEEKDAYS if d in days]

    @field_validator("period_hours", "step_hours", "round_hours")
    @classmethod
    def _positive_periods(cls, value: dict[str, float], info: ValidationInfo) -> dict[str, float]:
        bad = {k: v for k, v in value.items() if v <= 0}
        if bad:
            raise ValueError(f"{info.field_name} {bad!r}: expected hours greater than 0")
        return value

    @field_validator("reminders_hours")
    @classmethod
    def _positive_reminders(cls, value: list[float]) -> list[float]:
        if any(h <= 0 for h in value):
            raise ValueError(f"reminders_hours {value!r}: expected hours greater than 0")
        return sorted(set(value), reverse=True)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def period(self, window_kind: str) -> float | None:
        return _by_kind(self.period_hours, window_kind)

    def step_period(self, window_kind: str) -> float | None:
        """One step's hours: ``step_hours`` for the kind or ``default``, else the window's period."""
        hours = _by_kind(self.step_hours, window_kind)
        return self.period(window_kind) if hours is None else hours

    def round_period(self, window_kind: str) -> float | None:
        return _by_kind(self.round_hours, window_kind)

    def stored(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def _by_kind(hours: Mapping[str, float], window_kind: str) -> float | None:
    return hours.get(window_kind, hours.get("default"))


def read_calendar(stored: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> Calendar:
    """The calendar a game follows: ``Game.calendar``, with ``options["period_hours"]`` as the default
    period when the calendar names none (the older games' setting)."""
    data = dict(stored)
    legacy = (options or {}).get("period_hours")
    if legacy:
        periods = dict(data.get("period_hours") or {})
        periods.setdefault("default", float(legacy))
        data["period_hours"] = periods
    return parse_calendar(data)


def parse_calendar(data: Mapping[str, Any]) -> Calendar:
    """A calendar from JSON or the GM's settings; a bad value is one line naming it."""
    try:
        return Calendar.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(map(str, first["loc"])) or "calendar"
        message = str(first["msg"]).removeprefix("Value error, ")
        raise AdjudicatorError(f"calendar {where}: {message}") from None


def window_kind(label: str) -> str:
    """``T2.bids`` → ``bids``; a step's label ``T3.economy.2-genoa`` → ``economy`` (its window's)."""
    return label.split(".")[1] if "." in label else label


def _utc(moment: datetime) -> datetime:
    """A stored moment in UTC (SQLite hands timestamps back without their zone, always UTC)."""
    moment = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def round_forward(earliest: datetime, calendar: Calendar) -> datetime:
    """The first moment at or after ``earliest`` that is an allowed deadline, in UTC."""
    zone = calendar.zone
    local = earliest.astimezone(zone)
    if calendar.hour is None and len(calendar.weekdays) == len(WEEKDAYS):
        return earliest.astimezone(UTC)
    wall = (
        local.time().replace(tzinfo=None) if calendar.hour is None else time(calendar.hour, calendar.minute)
    )
    day: date = local.date()
    for _ in range(15):
        candidate = datetime.combine(day, wall, tzinfo=zone)
        if WEEKDAYS[day.weekday()] in calendar.weekdays and candidate >= earliest:
            return candidate.astimezone(UTC)
        day += timedelta(days=1)
    raise AssertionError("a week always holds an allowed weekday")  # pragma: no cover


def next_deadline(opened_at: datetime, window_kind: str, calendar: Calendar) -> datetime | None:
    """A window's deadline: its opening plus the period of its kind, rounded forward to an allowed
    weekday at hour:minute in the game's time zone; None when the calendar gives no period."""
    hours = calendar.period(window_kind)
    if hours is None:
        return None
    return round_forward(_utc(opened_at) + timedelta(hours=hours), calendar)


def next_step_deadline(opened: datetime, kind: str, calendar: Calendar) -> datetime | None:
    """A step's own deadline: its opening plus the step period of its window kind (the window's
    period when no ``step_hours`` apply), moved to the same time of day on the next allowed weekday
    in the game's time zone when it falls on a disallowed one. It is not rounded to hour:minute (a
    12-hour step would otherwise last a day). None when neither a step period nor a period applies."""
    hours = calendar.step_period(kind)
    if hours is None:
        return None
    return round_forward(_utc(opened) + timedelta(hours=hours), calendar.model_copy(update={"hour": None}))


def round_deadline(opened: datetime, kind: str, calendar: Calendar) -> datetime | None:
    """The cap of a whole round (every step of one sequential window) opened at ``opened``: plus the
    ``round_hours`` of its kind, rounded forward like a window's deadline (hour:minute on an allowed
    weekday). None when the calendar sets no ``round_hours`` for the kind: this module then imposes
    no cap, and the caller decides (e.g. the window's own deadline, or none)."""
    hours = calendar.round_period(kind)
    if hours is None:
        return None
    return round_forward(_utc(opened) + timedelta(hours=hours), calendar)


def step_deadline(opened: datetime, kind: str, calendar: Calendar, cap: datetime | None) -> datetime | None:
    """The deadline a step opened at ``opened`` gets: its own (:func:`next_step_deadline`), but never
    after the round's ``cap``; whichever exists when only one does; None when neither does."""
    own = next_step_deadline(opened, kind, calendar)
    if cap is None:
        return own
    return _utc(cap) if own is None else min(own, _utc(cap))


def covers(absences: list[dict[str, str]], when: datetime, calendar: Calendar) -> bool:
    """Whether an announced absence (dates in the game's time zone) covers the moment ``when``."""
    day = when.astimezone(calendar.zone).date().isoformat()
    return any(a.get("from", "") <= day <= a.get("to", "") for a in absences)


def deadline_attachment(
    game: str, window: str, window_id: int, deadline: datetime, domain: str, *, stamp: datetime, zone: str
) -> dict[str, str]:
    """The ``.ics`` attachment (an ``Outbox.attachments`` entry) of a mail that announces a deadline:
    ``stamp`` is when the announcement is made (the service's clock), ``zone`` the reader's."""
    uid = f"deadline-{game}-{window_id}@{domain}"
    return ics_attachment(game, window, deadline, uid, stamp=stamp, zone=zone)
