"""Every date a player or the GM reads, in one form and in the reader's zone (issue 15).

A game is played through the mail gateway for one window: a TIMEZONE mail, a receipt, a GM's
EXTEND, the deadline notices, reminders, late notices, the results reports (text, HTML part,
attached page and order template), an absence, a replacement's briefing. Every text that reaches a
person is then scanned: each date must be ``Fri 27 Nov 2026 21:00 CET`` (adjudicator/dates.py), in
the reader's own zone if they set one, else the game's; no ISO date, bare clock time or other form
may be left over. JSON and .ics attachments keep their standard forms and are not scanned.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

import pytest

from adjudicator.dates import DAY_PATTERN, PATTERN
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Outbox
from tests.mail.conftest import NOW, MailGame, envelope, mail, make_mail_game

H = timedelta(hours=1)
STRAY = re.compile(
    r"\b\d{4}-\d\d-\d\d\b|\b\d{1,2}:\d\d\b|\b\d{8}T\d{4,6}Z?\b"
    r"|\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? \d"
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MailGame, int]]:
    """The game played once (see ``play``), and the last outbox id before it: the welcome and the
    first reports, made before the calendar named a zone. The store does not matter to how a date
    is written: SQLite alone keeps the module short."""
    engine = make_engine(f"sqlite:///{tmp_path_factory.mktemp('dates') / 'dates.db'}")
    migrate(engine)
    g = make_mail_game(engine)
    before = max(r.id or 0 for r in g.outbox())
    play(g)
    yield g, before
    engine.dispose()


def texts(row: Outbox) -> Iterator[str]:
    """What a person reads of a mail: the subject, both parts, the attached page and template."""
    yield row.subject
    yield row.body_text
    pages = [row.body_html or ""] + [
        a.get("text", "") for a in row.attachments if a.get("content_type") in ("text/html", "text/plain")
    ]
    for page in pages:
        page = re.sub(r"(?s)<style.*?</style>|<svg.*?</svg>", " ", page)
        yield re.sub(r"<[^>]+>", " ", page)


def dates_of(row: Outbox, problems: list[str]) -> list[str]:
    """Every date of the mail in the one form; a date in any other form is added to ``problems``."""
    found: list[str] = []
    for text in texts(row):
        found += re.findall(PATTERN, text)
        stray = STRAY.findall(re.sub(f"{PATTERN}|{DAY_PATTERN}", "<date>", text))
        if stray:
            problems.append(f"{row.kind} to {row.recipient} ({row.subject}): {stray}")
    return found


def play(g: MailGame) -> None:
    """One window through the gateway, with every kind of mail that carries a date."""
    judge = g.judge

    def send(body: str, sender: str, mid: str, at: object = NOW) -> None:
        outcome = g.gateway.ingest(mail(body, sender=sender, mid=mid), source="cli", now=at)
        assert getattr(outcome, "status", "") == "answered", outcome

    judge.set_calendar("g1", {"timezone": "Europe/Rome", "reminders_hours": [24]}, now=NOW)
    send(f"{envelope('france')}\nTIMEZONE Asia/Tokyo", "roi@france.example", "tz")
    send(f"{envelope('france')}\nABSENCE 2025-03-20 2025-03-21", "roi@france.example", "away")
    send(f"{envelope()}\nREADY", "king@hungary.example", "ready")
    send(f"{envelope('gm')}\nEXTEND 2", "gm@example.org", "extend")
    deadline = judge.next_deadline("g1")
    assert deadline is not None
    assert judge.process_due(deadline - 23 * H)  # the reminders
    assert judge.process_due(deadline + H)  # the late notices, the results
    send(f"{envelope('gm')}\nREPLACE byzantium new@byz.example", "gm@example.org", "replace", deadline + H)


def test_every_date_a_reader_meets_is_in_the_one_form_and_their_zone(played: tuple[MailGame, int]) -> None:
    g, before = played
    rows = [r for r in g.outbox() if (r.id or 0) > before]
    kinds = {r.kind for r in rows}
    assert {"receipt", "reply", "notice", "reminder", "report", "briefing"} <= kinds, kinds
    seen: dict[str, set[str]] = {}
    problems: list[str] = []
    for row in rows:
        zone = "JST" if row.recipient == "france" else "CET"
        quoted = set(re.findall(PATTERN, row.body_text.partition("\n---- ")[2]))  # a briefing's old reports
        for date in dates_of(row, problems):
            seen.setdefault(row.kind, set()).add(date)
            if date not in quoted and not date.endswith(f" {zone}"):
                problems.append(f"{row.kind} to {row.recipient}: {date}, expected {zone}")
    for row in g.outbox()[: before - 1]:
        dates_of(row, problems)  # the welcome, before the calendar named a zone: the same form, in UTC
    assert not problems, "\n".join(problems)
    assert {"receipt", "notice", "reminder", "report", "briefing"} <= set(seen), seen


def test_the_ics_of_a_deadline_is_stamped_when_the_mail_was_made(played: tuple[MailGame, int]) -> None:
    """RFC 5545 §3.8.7.2: DTSTAMP is when the calendar object was made, not the deadline it names."""
    g, _ = played
    stamps = {
        (row.kind, line.removeprefix("DTSTAMP:"))
        for row in g.outbox()
        for a in row.attachments
        if a.get("content_type") == "text/calendar"
        for line in a["text"].split("\r\n")
        if line.startswith("DTSTAMP:")
    }
    created, adjudicated, extended, resolved = (
        "20250301T110000Z",  # T0 - 1 h: the game, its welcome and T1.bids
        "20250301T120000Z",  # T0: T1.cards resolved, T1.economy due T0 + 48 h
        "20250301T130000Z",  # NOW: the GM's EXTEND
        "20250303T150000Z",  # the deadline + 1 h: T1.economy resolved
    )
    assert stamps == {
        ("welcome", created),
        ("report", created),
        ("report", adjudicated),
        ("notice", extended),
        ("report", resolved),
        ("briefing", resolved),
    }
