"""Every date a person reads, in one form: ``Fri 27 Nov 2026 21:00 CET``.

A player meets dates in receipts, reminders, late notices, deadline announcements, reports and the
CLI; three forms (``2026-03-04``, ``04 Mar``, ``T21:00:00+00:00``) made them compare by hand. This is
the one formatter all of them call: mail, reports, the CLI and the service (it imports nothing of the
project, so any layer may use it; rulesets have no clock and no dates). The time is shown in the
viewer's zone when they set one (``TIMEZONE`` by mail), else in the game's (``game calendar
--timezone``), else in UTC, named by its usual abbreviation. English names, whatever the locale,
since strftime's ``%a``/``%b`` follow the process's locale. Machine-readable forms (the JSON report,
the .ics file, mail headers) keep their own standards.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

PATTERN = (
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [1-9]\d? "
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} [0-2]\d:[0-5]\d [A-Za-z+\-0-9]+"
)
"""A regular expression matching what :func:`when_text` writes (for tests and for readers)."""


def zone_of(name: str | None) -> ZoneInfo:
    """The zone called ``name``; UTC for none, or for a name the system does not know."""
    if not name:
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def viewer_zone(own: str | None, game: str | None) -> str:
    """The zone a viewer reads in: their own if they set one, else the game's, else UTC."""
    return own or game or "UTC"


def as_aware(when: datetime) -> datetime:
    """A stored time as an aware one (SQLite gives naive datetimes, which the store writes in UTC)."""
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def when_text(when: datetime, zone: str | None = None) -> str:
    """``Fri 27 Nov 2026 21:00 CET``: the moment in ``zone`` (UTC by default), named by the zone's
    abbreviation (``UTC-03`` where the zone has only an offset)."""
    local = as_aware(when).astimezone(zone_of(zone))
    name = local.tzname() or "UTC"
    if name[:1] in "+-":
        name = f"UTC{name}"
    day = f"{WEEKDAYS[local.weekday()]} {local.day} {MONTHS[local.month - 1]} {local.year}"
    return f"{day} {local:%H:%M} {name}"


def time_left(delta_seconds: float) -> str:
    """``2 days 4 hours``, ``3 hours 10 minutes``, ``12 minutes``."""
    minutes = int(delta_seconds // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts: list[str] = []
    if days:
        parts.append(f"{days} day{'s' if days != 1 else ''}")
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if mins and not days:
        parts.append(f"{mins} minute{'s' if mins != 1 else ''}")
    return " ".join(parts[:2]) or "less than a minute"


def deadline_text(deadline: datetime | None, now: datetime, zone: str | None) -> str:
    """A deadline and the time left to it: ``Fri 27 Nov 2026 21:00 CET, in 2 days 4 hours``."""
    if deadline is None:
        return "no deadline is set yet"
    label = when_text(deadline, zone)
    seconds = (as_aware(deadline) - as_aware(now)).total_seconds()
    return f"{label}, passed" if seconds <= 0 else f"{label}, in {time_left(seconds)}"
