"""The `.ics` attachment of a mail that announces a deadline, so a player's calendar reminds them.

Written by hand (RFC 5545 needs only a few lines here, and no dependency): UTC times, CRLF line
endings, lines folded at 75 octets without splitting a UTF-8 character, and text values escaped.
The UID is the caller's, stable per window: a later mail for the same window (an extension) carries
the same UID and a later DTSTAMP, so a calendar updates the event instead of adding a second one.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from adjudicator.dates import as_aware, when_text

EVENT_LENGTH = timedelta(minutes=15)
ALARM_BEFORE = "-PT2H"
PRODID = "-//adjudicator//play-by-email judge//EN"
FOLD_AT = 75


def escape_text(value: str) -> str:
    """A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped."""
    return (
        value.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
    )


def fold(line: str) -> str:
    """One content line folded so that no physical line exceeds 75 octets (RFC 5545 §3.1).

    A continuation starts with a space, which counts toward its 75 octets; a UTF-8 sequence is
    never split.
    """
    pieces: list[str] = []
    current = ""
    size = 0
    limit = FOLD_AT
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            pieces.append(current)
            current, size, limit = "", 0, FOLD_AT - 1
        current += char
        size += width
    pieces.append(current)
    return "\r\n ".join(pieces)


def utc_stamp(when: datetime) -> str:
    """A DATE-TIME in UTC form (``20250301T180000Z``); a naive time is taken as UTC, as stored."""
    return as_aware(when).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def deadline_ics(
    game: str, window: str, deadline: datetime, uid: str, *, stamp: datetime, zone: str | None = None
) -> str:
    """A VCALENDAR with one 15-minute VEVENT at the deadline and a display alarm two hours before.

    ``stamp`` is the DTSTAMP: when the announcement was made (RFC 5545 §3.8.7.2), which the caller
    reads from its clock so this function stays pure. The description gives the deadline in the
    reader's ``zone`` in the one form of adjudicator/dates.py; the event itself is in UTC.
    """
    aware = as_aware(deadline)
    start = utc_stamp(aware)
    end = utc_stamp(aware + EVENT_LENGTH)
    summary = f"{game}: {window} deadline"
    description = f"Orders for {game}, window {window}, are due {when_text(aware, zone)}."
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        f"UID:{escape_text(uid)}",
        f"SEQUENCE:{int(aware.timestamp()) // 60}",  # a later deadline updates the same event
        f"DTSTAMP:{utc_stamp(stamp)}",
        f"DTSTART:{start}",
        f"DTEND:{end}",
        f"SUMMARY:{escape_text(summary)}",
        f"DESCRIPTION:{escape_text(description)}",
        "TRANSP:TRANSPARENT",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        f"DESCRIPTION:{escape_text(summary)}",
        f"TRIGGER:{ALARM_BEFORE}",
        "END:VALARM",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return "".join(fold(line) + "\r\n" for line in lines)


def ics_attachment(
    game: str, window: str, deadline: datetime, uid: str, *, stamp: datetime, zone: str | None = None
) -> dict[str, str]:
    """The outbox attachment entry (``Outbox.attachments``) for a deadline announcement."""
    return {
        "filename": re.sub(r"[^A-Za-z0-9._-]+", "_", f"{game}-{window}-deadline") + ".ics",
        "content_type": "text/calendar",
        "text": deadline_ics(game, window, deadline, uid, stamp=stamp, zone=zone),
    }
