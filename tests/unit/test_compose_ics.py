"""A deadline's .ics parses back to what was meant, and an outbox row composes to the message it names."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

import pytest

from adjudicator.config import Settings
from adjudicator.ics import deadline_ics, fold, ics_attachment
from adjudicator.mail.compose import ComposeError, compose
from adjudicator.store.models import Outbox

DEADLINE = datetime(2026, 3, 7, 18, 0, tzinfo=UTC)


def parse_ics(text: str) -> list[tuple[str, dict[str, str], list[object]]]:
    """A strict little RFC 5545 reader: CRLF lines of at most 75 octets, unfolded, components nested."""
    assert text.endswith("\r\n")
    physical = text[:-2].split("\r\n")
    for line in physical:
        assert "\n" not in line and "\r" not in line, f"bare line break in {line!r}"
        assert len(line.encode("utf-8")) <= 75, f"line of {len(line.encode())} octets: {line!r}"
    logical: list[str] = []
    for line in physical:
        if line.startswith(" "):
            logical[-1] += line[1:]
        else:
            logical.append(line)
    stack: list[tuple[str, dict[str, str], list[object]]] = [("ROOT", {}, [])]
    for line in logical:
        name, sep, value = line.partition(":")
        assert sep and name and name == name.upper(), f"not a content line: {line!r}"
        if name == "BEGIN":
            stack.append((value, {}, []))
        elif name == "END":
            done = stack.pop()
            assert done[0] == value, f"END:{value} closes {done[0]}"
            stack[-1][2].append(done)
        else:
            assert name not in stack[-1][1], f"{name} twice in {stack[-1][0]}"
            stack[-1][1][name] = value
    assert len(stack) == 1, "unclosed component"
    return stack[0][2]  # type: ignore[return-value]


def unescape(value: str) -> str:
    out, i = "", 0
    while i < len(value):
        if value[i] == "\\":
            nxt = value[i + 1]
            out += "\n" if nxt in "nN" else nxt
            i += 2
        else:
            assert value[i] not in ";,", f"unescaped {value[i]!r} in {value!r}"
            out += value[i]
            i += 1
    return out


def test_a_deadline_calendar_parses_back() -> None:
    window = "T2.economy; Città, Ünïcödé and a long window label that must be folded somewhere"
    made = DEADLINE - timedelta(days=2, minutes=7)
    text = deadline_ics(
        "campagna-1250",
        window,
        DEADLINE,
        "deadline.campagna-1250.7@club.example",
        stamp=made,
        zone="Europe/Rome",
    )
    [calendar] = parse_ics(text)
    name, props, children = calendar
    assert name == "VCALENDAR"
    assert props["VERSION"] == "2.0" and props["METHOD"] == "PUBLISH" and props["PRODID"]
    [(event_name, event, event_children)] = children  # type: ignore[misc]
    assert event_name == "VEVENT"
    assert event["UID"] == "deadline.campagna-1250.7@club.example"
    assert event["DTSTART"] == "20260307T180000Z"
    assert event["DTEND"] == "20260307T181500Z"
    assert event["DTSTAMP"] == "20260305T175300Z"  # when it was made, not the deadline
    assert unescape(event["DESCRIPTION"]).endswith("are due Sat 7 Mar 2026 19:00 CET.")
    assert unescape(event["SUMMARY"]) == f"campagna-1250: {window} deadline"
    assert "\\;" in event["SUMMARY"] and "\\," in event["SUMMARY"]
    [(alarm_name, alarm, _)] = event_children  # type: ignore[misc]
    assert alarm_name == "VALARM"
    assert alarm == {"ACTION": "DISPLAY", "DESCRIPTION": event["SUMMARY"], "TRIGGER": "-PT2H"}
    assert any(line.startswith(" ") for line in text.split("\r\n")), "the long SUMMARY was not folded"


def test_times_are_utc_whatever_zone_is_given() -> None:
    rome = timezone(timedelta(hours=1))
    local = deadline_ics("g", "w", datetime(2026, 3, 7, 19, 0, tzinfo=rome), "u", stamp=DEADLINE)
    naive = deadline_ics("g", "w", datetime(2026, 3, 7, 18, 0), "u", stamp=DEADLINE)
    assert local == naive == deadline_ics("g", "w", DEADLINE, "u", stamp=DEADLINE)
    [(_, _, [(_, event, _)])] = parse_ics(local)  # type: ignore[misc]
    assert event["DTSTART"] == "20260307T180000Z"


def test_folding_never_splits_a_character_and_keeps_the_text() -> None:
    line = "DESCRIPTION:" + "è" * 100 + "x" * 30
    folded = fold(line)
    pieces = folded.split("\r\n")
    assert all(len(p.encode("utf-8")) <= 75 for p in pieces)
    assert all(p.startswith(" ") for p in pieces[1:])
    assert pieces[0] + "".join(p[1:] for p in pieces[1:]) == line
    assert fold("SHORT:x") == "SHORT:x"
    assert fold("A" * 75) == "A" * 75 and fold("A" * 76) == "A" * 75 + "\r\n A"


SETTINGS = Settings.model_validate(
    {"judge": {"name": "Giudice Città", "address": "judge@club.example", "domain": "club.example"}}
)


def row(**fields: object) -> Outbox:
    base: dict[str, object] = {
        "id": 7,
        "game_id": "g1",
        "kind": "report",
        "recipient": "hungary",
        "address": "ann@players.example",
        "message_id": "<report.g1.3.hungary@club.example>",
        "subject": "[g1] T1.cards results for hungary — città",
        "body_text": "Pest holds.\nFlorins: 120 (Città di Pest)\n",
        "created_at": datetime(2026, 3, 1, 12, 0, tzinfo=UTC),
    }
    return Outbox(**{**base, **fields})


def roundtrip(msg: EmailMessage) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(msg.as_bytes())


def test_a_report_is_a_plain_utf8_message_with_the_rows_headers() -> None:
    msg = roundtrip(compose(row(), SETTINGS))
    assert msg["From"].addresses[0].display_name == "Giudice Città"
    assert msg["From"].addresses[0].addr_spec == "judge@club.example"
    assert msg["To"].addresses[0].addr_spec == "ann@players.example"
    assert msg["To"].addresses[0].display_name == "hungary"
    assert msg["Subject"] == "[g1] T1.cards results for hungary — città"
    assert msg["Message-ID"] == "<report.g1.3.hungary@club.example>"
    assert msg["Date"].datetime == datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    assert msg["Auto-Submitted"] == "auto-generated"
    assert msg["X-Adjudicator-Game"] == "g1" and msg["X-Adjudicator-Kind"] == "report"
    assert msg["In-Reply-To"] is None and msg["References"] is None
    assert msg.get_content_type() == "text/plain" and msg.get_content_charset() == "utf-8"
    assert msg.get_content() == "Pest holds.\nFlorins: 120 (Città di Pest)\n"
    assert msg.as_bytes().isascii(), "8-bit text would need an 8BITMIME relay"
    assert compose(row(), SETTINGS).as_bytes() == compose(row(), SETTINGS).as_bytes(), "a resend differs"


def test_a_reply_with_html_and_a_calendar() -> None:
    ics = ics_attachment("g1", "T1.cards", DEADLINE, "deadline.g1.3@club.example", stamp=DEADLINE)
    msg = roundtrip(
        compose(
            row(
                kind="reply",
                in_reply_to="<orders-1@players.example>",
                body_html="<p>Città</p>",
                attachments=[ics, {"filename": "orders.txt", "content_type": "text/plain", "text": "LOAN\n"}],
            ),
            SETTINGS,
        )
    )
    assert msg["Auto-Submitted"] == "auto-replied"
    assert msg["In-Reply-To"] == "<orders-1@players.example>" == msg["References"]
    assert msg.get_content_type() == "multipart/mixed"
    body = msg.get_body(preferencelist=("plain",))
    html = msg.get_body(preferencelist=("html",))
    assert body is not None and body.get_content().startswith("Pest holds.")
    assert html is not None and html.get_content().strip() == "<p>Città</p>"
    attachments = list(msg.iter_attachments())
    assert [a.get_filename() for a in attachments] == ["g1-T1.cards-deadline.ics", "orders.txt"]
    calendar, text = attachments
    assert calendar.get_content_type() == "text/calendar"
    assert calendar.get_param("method") == "PUBLISH" and calendar.get_content_charset() == "utf-8"
    assert "DTSTART:20260307T180000Z" in calendar.get_content()
    assert text.get_content_type() == "text/plain" and text.get_content() == "LOAN\n"


@pytest.mark.parametrize("kind", ["receipt", "reply"])
def test_answers_are_auto_replied(kind: str) -> None:
    assert compose(row(kind=kind), SETTINGS)["Auto-Submitted"] == "auto-replied"


@pytest.mark.parametrize("kind", ["report", "reminder", "notice", "press", "secret", "briefing"])
def test_the_rest_is_auto_generated(kind: str) -> None:
    assert compose(row(kind=kind), SETTINGS)["Auto-Submitted"] == "auto-generated"


def test_a_row_without_an_address_cannot_be_composed() -> None:
    with pytest.raises(ComposeError, match="no address on file"):
        compose(row(address=None), SETTINGS)
    with pytest.raises(ComposeError, match=r"'ann\.example\.org': expected local@domain"):
        compose(row(address="ann.example.org"), SETTINGS)
