"""The deadline service on a real store (SQLite and PostgreSQL) with the real Medioevo game:
reminders, missed deadlines, civil disorder, absences, early resolution, pause/resume, extend,
grace, new secrets and replacement players."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import Session, select

from adjudicator.errors import AdjudicatorError
from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox, Power
from tests.conftest import POWERS, order_mail

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)
ADDRESSES = {p: f"{p}@example.org" for p in POWERS}


def new_game(judge: Judge, **calendar: Any) -> dict[str, str]:
    secrets = judge.create_game(
        "g1", "medioevo", POWERS, {"turns": 3}, seed=b"k" * 32, addresses=ADDRESSES, now=T0
    )
    judge.set_calendar("g1", {"period_hours": {"default": 48}, **calendar}, now=T0)
    return secrets


def mails(judge: Judge, kind: str | None = None) -> list[Outbox]:
    return [m for m in judge.outbox("g1") if kind is None or m.kind == kind]


def powers(judge: Judge) -> dict[str, Power]:
    with Session(judge.engine) as session:
        return {p.power: p for p in session.exec(select(Power).where(Power.game_id == "g1"))}


def set_power(judge: Judge, power: str, **values: Any) -> None:
    with Session(judge.engine) as session, session.begin():
        row = session.exec(select(Power).where(Power.game_id == "g1", Power.power == power)).one()
        for key, value in values.items():
            setattr(row, key, value)
        session.add(row)


def send(judge: Judge, secrets: dict[str, str], power: str, *lines: str, at: datetime = T0) -> None:
    judge.submit(order_mail("g1", power, secrets[power], *lines), now=at)


def test_the_calendar_gives_the_open_window_a_deadline_announced_with_an_ics(judge: Judge) -> None:
    new_game(judge, timezone="Europe/Rome", hour=20)
    deadline = judge.next_deadline("g1")
    assert deadline == datetime(2026, 3, 4, 19, 0, tzinfo=UTC)  # Mon 12:00 + 48 h → Wed 20:00 CET
    announced = mails(judge, "notice")
    assert sorted(m.recipient for m in announced) == sorted([*POWERS, "gm"])
    hungary = next(m for m in announced if m.recipient == "hungary")
    assert hungary.address == "hungary@example.org"
    assert "Deadline of T1.cards in g1: Wed 4 Mar 2026 20:00 CET" in hungary.body_text
    assert "DTSTART:20260304T190000Z" in hungary.attachments[0]["text"]
    # the calendar changes again: the deadline already set stays (extend moves it)
    judge.set_calendar("g1", {"hour": 9}, now=T0)
    assert judge.next_deadline("g1") == deadline and judge.calendar("g1").hour == 9


def test_reminders_go_only_to_powers_without_orders_and_only_once(judge: Judge) -> None:
    secrets = new_game(judge)  # deadline T0 + 48 h, reminders 24 h and 2 h before
    send(judge, secrets, "hungary", "KEEP PRIORITY Mercante, Condottiero")
    assert judge.process_due(T0 + 23 * H) == []
    done = judge.process_due(T0 + 25 * H)
    assert done == [f"g1: reminder 24h to {p} (T1.cards)" for p in POWERS if p != "hungary"]
    assert judge.process_due(T0 + 26 * H) == []
    send(judge, secrets, "france", at=T0 + 30 * H)  # an empty order set counts as orders
    assert judge.process_due(T0 + 46 * H + 30 * timedelta(minutes=1)) == [
        "g1: reminder 2h to holy_roman_empire (T1.cards)",
        "g1: reminder 2h to byzantium (T1.cards)",
    ]
    assert judge.process_due(T0 + 47 * H) == []
    reminders = mails(judge, "reminder")
    assert len(reminders) == 5 and "hungary" not in {m.recipient for m in reminders}
    assert all(m.status == "pending" and m.address == f"{m.recipient}@example.org" for m in reminders)
    assert "no orders from byzantium yet" in reminders[-1].body_text


def test_a_passing_deadline_resolves_once_with_misses_counted_and_late_notices(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    secrets = new_game(judge)
    send(judge, secrets, "hungary", "KEEP PRIORITY Mercante, Condottiero")
    send(judge, secrets, "france")
    wid = judge.game("g1")[1].id
    assert len(judge.process_due(T0 + 47 * H)) == 2  # the 2 h reminders
    done = judge.process_due(T0 + 48 * H)
    assert done == [
        "g1: holy_roman_empire missed T1.cards (1)",
        "g1: byzantium missed T1.cards (1)",
        "g1: T1.cards resolved (the deadline passed); now open: T1.economy",
    ]
    assert judge.process_due(T0 + 48 * H) == []  # a second fire finds nothing due
    assert {p: r.missed for p, r in powers(judge).items()} == {
        "holy_roman_empire": 1, "hungary": 0, "france": 0, "byzantium": 1,
    }  # fmt: skip
    late = [m for m in mails(judge, "notice") if m.subject.endswith("no orders by the deadline")]
    assert sorted(m.recipient for m in late) == ["byzantium", "holy_roman_empire"]
    assert "default orders were used" in late[0].body_text
    reports = [m for m in mails(judge, "report") if m.window_id == wid]
    assert len(reports) == len(POWERS) + 1
    # the report that opens T1.economy names its deadline (48 h on) and carries it as an .ics
    assert "Next deadline (T1.economy): Fri 6 Mar 2026 12:00 UTC" in reports[0].body_text
    assert reports[0].attachments[0]["content_type"] == "text/calendar"
    assert judge.next_deadline("g1") == T0 + 96 * H

    # a scheduler that fires while another one resolves the same window (between finding the game
    # due and its transaction: the look, the misses and the resolution are one): one resolution
    real = Judge.due_games

    def raced(self: Judge, *args: Any, **kw: Any) -> Any:
        found = real(self, *args, **kw)
        if found[0]:
            Judge(self.engine).adjudicate("g1", force=True, now=T0 + 96 * H)  # the other got there first
        return found

    monkeypatch.setattr(Judge, "due_games", raced)
    again = judge.process_due(T0 + 96 * H)
    assert not [line for line in again if "resolved" in line or "error" in line], again
    assert judge.game("g1")[1].label == "T1.war"
    assert len([m for m in mails(judge, "report") if m.subject.startswith("[g1] T1.economy")]) == 5


def test_civil_disorder_after_the_limit_tells_the_gm_once(judge: Judge) -> None:
    secrets = new_game(judge, civil_disorder_after=2, early_when_all_ready=False)
    for expected in (1, 2, 2, 2):
        deadline = judge.next_deadline("g1")
        assert deadline is not None
        for power in POWERS[:-1]:
            send(judge, secrets, power, "READY", at=deadline - H)
        judge.process_due(deadline)
        assert powers(judge)["byzantium"].missed == expected
    assert judge.game("g1")[1].label == "T2.bids"  # T1.cards, T1.economy, T1.war, T1.commerce
    assert powers(judge)["byzantium"].status == "disorder"
    told = [m for m in mails(judge, "notice") if m.recipient == "gm" and "civil disorder" in m.subject]
    assert len(told) == 1 and "gm replace g1 byzantium ADDRESS" in told[0].body_text
    late = [m for m in mails(judge, "notice") if m.recipient == "byzantium" and "no orders" in m.subject]
    assert len(late) == 2 and "now in civil disorder" in late[1].body_text
    # in disorder: no reminders either
    reminded = judge.process_due(judge.next_deadline("g1") - H)  # type: ignore[operator]
    assert len(reminded) == 3 and not any("byzantium" in line for line in reminded)


def test_an_announced_absence_covers_the_deadline_without_a_miss(judge: Judge) -> None:
    secrets = new_game(judge, timezone="Europe/Rome")
    set_power(judge, "byzantium", absences=[{"from": "2026-03-04", "to": "2026-03-05"}])
    for power in ("hungary", "france"):
        send(judge, secrets, power)
    reminded = judge.process_due(T0 + 47 * H)
    assert reminded == ["g1: reminder 2h to holy_roman_empire (T1.cards)"]
    assert judge.process_due(T0 + 48 * H)[-1].startswith("g1: T1.cards resolved")
    assert {p: r.missed for p, r in powers(judge).items()}["byzantium"] == 0
    assert powers(judge)["holy_roman_empire"].missed == 1
    # the next deadline (Fri 6 March) is not covered: byzantium misses it
    judge.process_due(T0 + 96 * H)
    assert powers(judge)["byzantium"].missed == 1


def test_early_resolution_when_every_active_power_is_ready(judge: Judge) -> None:
    secrets = new_game(judge)
    set_power(judge, "byzantium", status="disorder")
    for power in POWERS[:2]:
        send(judge, secrets, power, "READY")
    assert judge.process_due(T0 + H) == []
    send(judge, secrets, POWERS[2], "READY")
    assert judge.process_due(T0 + H) == ["g1: T1.cards resolved (every power is READY); now open: T1.economy"]
    assert all(r.missed == 0 for r in powers(judge).values())
    # a calendar without early resolution waits for the deadline
    judge.set_calendar("g1", {"early_when_all_ready": False})
    for power in POWERS[:3]:
        send(judge, secrets, power, "READY", at=T0 + 2 * H)
    assert judge.process_due(T0 + 2 * H) == []
    assert judge.game("g1")[1].label == "T1.economy"


def test_pause_and_resume_keep_the_time_left(judge: Judge) -> None:
    secrets = new_game(judge)
    judge.pause("g1", now=T0 + 10 * H)
    assert judge.next_deadline("g1") is None and judge.game("g1")[0].status == "paused"
    with pytest.raises(AdjudicatorError, match="only an active game can be paused"):
        judge.pause("g1", now=T0 + 11 * H)
    with pytest.raises(AdjudicatorError, match="g1 is paused: resume it"):
        judge.extend("g1", 5, now=T0 + 11 * H)
    assert judge.process_due(T0 + 100 * H) == []  # paused games are skipped
    send(judge, secrets, "hungary", at=T0 + 100 * H)  # orders are still taken
    assert judge.resume("g1", now=T0 + 200 * H) == T0 + 238 * H
    assert judge.next_deadline("g1") == T0 + 238 * H and judge.game("g1")[0].status == "active"
    with pytest.raises(AdjudicatorError, match="not paused"):
        judge.resume("g1", now=T0 + 201 * H)
    resumed = [m for m in mails(judge, "notice") if "The GM resumed the game" in m.body_text]
    assert len(resumed) == 5 and "DTSTART:20260312T100000Z" in resumed[0].attachments[0]["text"]
    assert judge.process_due(T0 + 238 * H)[-1].startswith("g1: T1.cards resolved")


def test_extend_moves_the_deadline_and_mails_an_ics(judge: Judge) -> None:
    new_game(judge)
    assert judge.extend("g1", 24, now=T0 + H) == T0 + 72 * H
    extended = [m for m in mails(judge, "notice") if "extended the deadline by 24 h" in m.body_text]
    assert sorted(m.recipient for m in extended) == sorted([*POWERS, "gm"])
    assert "DTSTART:20260305T120000Z" in extended[0].attachments[0]["text"]
    # the old deadline no longer resolves; the 24 h reminders now come at T0 + 48 h
    assert judge.process_due(T0 + 49 * H) == [f"g1: reminder 24h to {p} (T1.cards)" for p in POWERS]
    with pytest.raises(
        AdjudicatorError, match=r"extend by -2 hours: expected a number of hours above 0 and at most 8784"
    ):
        judge.extend("g1", -2, now=T0)


def test_orders_are_taken_during_the_grace_period_and_the_window_resolves_after_it(judge: Judge) -> None:
    secrets = new_game(judge, grace_minutes=30)
    send(judge, secrets, "hungary", "KEEP PRIORITY Mercante, Condottiero", at=T0 + 48 * H + 10 * H / 60)
    assert judge.process_due(T0 + 48 * H + 20 * H / 60) == []
    with pytest.raises(AdjudicatorError, match=r"too late: T1\.cards closed at"):
        send(judge, secrets, "france", at=T0 + 48 * H + 31 * H / 60)
    assert judge.process_due(T0 + 48 * H + 30 * H / 60)[-1].startswith("g1: T1.cards resolved")
    assert powers(judge)["hungary"].missed == 0 and powers(judge)["france"].missed == 1


def test_a_new_secret_replaces_the_old_one_and_is_mailed(judge: Judge) -> None:
    secrets = new_game(judge)
    fresh = judge.new_secret("g1", "hungary")
    with pytest.raises(AdjudicatorError, match="wrong secret for hungary"):
        send(judge, secrets, "hungary", "READY")
    send(judge, {"hungary": fresh}, "hungary", "READY")
    mailed = mails(judge, "secret")
    assert len(mailed) == 1 and mailed[0].address == "hungary@example.org"
    assert f"GAME g1 POWER hungary SECRET {fresh}" in mailed[0].body_text
    with pytest.raises(AdjudicatorError, match="unknown power 'sweden'"):
        judge.new_secret("g1", "sweden")


def test_a_replacement_player_gets_a_briefing_and_the_old_secret_stops_working(judge: Judge) -> None:
    secrets = new_game(judge, civil_disorder_after=1)
    judge.process_due(T0 + 48 * H)  # nobody sent orders: every power falls into disorder
    assert powers(judge)["byzantium"].status == "disorder"
    secret = judge.replace_player("g1", "byzantium", "heir@example.org", now=T0 + 50 * H)
    row = powers(judge)["byzantium"]
    assert (row.address, row.status, row.missed) == ("heir@example.org", "active", 0)
    with pytest.raises(AdjudicatorError, match="wrong secret for byzantium"):
        send(judge, secrets, "byzantium", "READY", at=T0 + 51 * H)
    send(judge, {"byzantium": secret}, "byzantium", "READY", at=T0 + 51 * H)
    briefing = mails(judge, "briefing")
    assert len(briefing) == 1 and briefing[0].address == "heir@example.org"
    text = briefing[0].body_text
    assert f"SECRET {secret}" in text and "Open window: T1.economy" in text
    assert "Your sheet" in text and "florins:" in text  # the power's current view
    assert "---- [g1] T1.cards results for byzantium" in text  # the last report it was sent
    assert briefing[0].attachments[0]["content_type"] == "text/calendar"
    told = [m for m in mails(judge, "notice") if m.recipient == "gm" and "handed to" in m.subject]
    assert len(told) == 1 and "from byzantium@example.org to heir@example.org" in told[0].body_text
    with pytest.raises(AdjudicatorError, match="address 'heir': expected a mail address"):
        judge.replace_player("g1", "byzantium", "heir", now=T0)


def test_a_game_that_cannot_resolve_is_reported_and_the_others_go_on(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_game(judge)
    judge.create_game("g2", "medioevo", POWERS, {"turns": 3}, seed=b"q" * 32, now=T0)
    judge.set_calendar("g2", {"period_hours": {"default": 24}}, now=T0)
    real = Judge.adjudicate

    def broken(self: Judge, game_id: str, **kw: Any) -> Any:
        if game_id == "g1":
            raise AdjudicatorError("the rules could not resolve this window")
        return real(self, game_id, **kw)

    monkeypatch.setattr(Judge, "adjudicate", broken)
    done = judge.process_due(T0 + 48 * H)
    assert "g1: error: the rules could not resolve this window" in done
    assert done[-1] == "g2: T1.cards resolved (the deadline passed); now open: T1.economy"
    assert judge.game("g1")[1].label == "T1.cards"
    with pytest.raises(AdjudicatorError, match="calendar paused: set by 'gm pause' and 'gm resume'"):
        judge.set_calendar("g1", {"paused": True})
