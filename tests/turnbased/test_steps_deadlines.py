"""Deadlines of windows played step by step (issue 16, docs/turn-by-turn.md §7 "Sub-deadline and
round cap", "Per step", "GM"): a step resolves at its own deadline, only its actors are reminded,
counted as missing and fall into civil disorder; the round's cap resolves every step left, one
transaction each; the GM's EXTEND [ROUND], PAUSE/RESUME and PROCESS ROUND by service, CLI and
mail; GM-loaded dice for a step's key. Relay (tests/turnbased/relay.py) on SQLite and PostgreSQL,
a fake clock through ``now=`` (no sleeps)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.config import Settings
from adjudicator.errors import AdjudicatorError
from adjudicator.mail.gateway import IngestOutcome, MailGateway
from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox, Power, Window
from tests.conftest import order_mail

SEATS = ("venice", "genoa", "milan")
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)
GM_ADDRESS = "gm@example.org"


@pytest.fixture
def relay(monkeypatch: pytest.MonkeyPatch, judge: Judge) -> dict[str, str]:
    """A Relay game whose steps last 12 hours and whose rounds are capped at 48."""
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
    secrets = judge.create_game(
        "r1", "relay", SEATS, {"turns": 2}, seed=b"steps-deadlines", gm_address=GM_ADDRESS, now=T0
    )
    calendar = {"step_hours": {"default": 12}, "round_hours": {"default": 48}, "reminders_hours": [6]}
    judge.set_calendar("r1", {**calendar, "civil_disorder_after": 2}, now=T0)
    return secrets


def send(judge: Judge, secrets: dict[str, str], power: str, *lines: str, at: datetime = T0) -> None:
    judge.submit(order_mail("r1", power, secrets[power], *lines), now=at)


def open_label(judge: Judge) -> str:
    return judge.game("r1")[1].label


def cap(judge: Judge) -> datetime | None:
    with Session(judge.engine) as session:
        parent = session.get(Window, judge.game("r1")[1].parent_id)
        assert parent is not None
        return parent.deadline.replace(tzinfo=UTC) if parent.deadline else None


def misses(judge: Judge) -> dict[str, tuple[int, str]]:
    with Session(judge.engine) as session:
        rows = session.exec(select(Power).where(Power.game_id == "r1"))
        return {r.power: (r.missed, r.status) for r in rows}


def sent(judge: Judge, kind: str, since: int = 0) -> list[Outbox]:
    return [m for m in judge.outbox("r1")[since:] if m.kind == kind]


def test_a_step_resolves_at_its_deadline_and_only_its_actor_is_reminded_and_misses(
    judge: Judge, relay: dict[str, str]
) -> None:
    assert open_label(judge) == "T1.claims.1-venice"
    assert judge.next_deadline("r1") == T0 + 12 * H and cap(judge) == T0 + 48 * H
    assert judge.process_due(T0 + 5 * H) == []  # the 6 h reminder is not due yet
    assert judge.process_due(T0 + 7 * H) == ["r1: reminder 6h to venice (T1.claims.1-venice)"]
    assert judge.process_due(T0 + 8 * H) == []  # once
    assert [m.recipient for m in sent(judge, "reminder")] == ["venice"]
    done = judge.process_due(T0 + 12 * H)
    assert done == [
        "r1: venice missed T1.claims.1-venice (1)",
        "r1: T1.claims.1-venice resolved (the deadline passed); now open: T1.claims.2-genoa",
    ]
    assert misses(judge) == {"venice": (1, "active"), "genoa": (0, "active"), "milan": (0, "active")}
    assert [m.recipient for m in sent(judge, "notice") if "no orders by the deadline" in m.subject] == [
        "venice"
    ]
    # genoa's step has its own 12 hours, counted from its opening; its reminder goes to genoa only
    assert judge.next_deadline("r1") == T0 + 24 * H
    assert judge.process_due(T0 + 19 * H) == ["r1: reminder 6h to genoa (T1.claims.2-genoa)"]
    keys = [m.message_id for m in judge.outbox("r1")]
    assert len(keys) == len(set(keys))


def test_a_power_missing_two_steps_falls_into_civil_disorder(judge: Judge, relay: dict[str, str]) -> None:
    """Silent venice claims 1; silent genoa claims 2, next to it: venice reacts, silent again."""
    judge.process_due(T0 + 12 * H)  # venice misses its turn step
    done = judge.process_due(T0 + 24 * H)  # genoa misses; venice's reaction step opens
    assert done[-1].endswith("now open: T1.claims.3-venice")
    done = judge.process_due(T0 + 36 * H)
    assert "r1: venice in civil disorder" in done
    assert misses(judge) == {"venice": (2, "disorder"), "genoa": (1, "active"), "milan": (0, "active")}
    (told,) = [m for m in sent(judge, "notice") if m.recipient == "gm" and "civil disorder" in m.subject]
    assert "venice missed 2 deadlines (the last: T1.claims.3-venice)" in told.body_text
    done = judge.process_due(T0 + 48 * H)  # the cap: the round ends; venice's next step waits for nobody:
    assert done[-1].endswith("now open: T2.claims.2-milan")  # it resolved on its defaults as it opened
    assert not [m for m in sent(judge, "notice") if "your move: T2.claims.1-venice" in m.subject]
    assert misses(judge)["venice"] == (2, "disorder")  # no miss counted in disorder


def test_a_step_resolves_early_when_its_actors_are_ready(judge: Judge, relay: dict[str, str]) -> None:
    send(judge, relay, "venice", "CLAIM 5", "READY", at=T0 + H)
    assert judge.process_due(T0 + 2 * H) == [
        "r1: T1.claims.1-venice resolved (every power is READY); now open: T1.claims.2-genoa"
    ]
    assert judge.state("r1").row[4] == "venice"  # type: ignore[attr-defined]
    assert misses(judge)["genoa"] == (0, "active")  # waiting for its step is no miss


def test_the_cap_resolves_every_step_left_one_at_a_time(judge: Judge, relay: dict[str, str]) -> None:
    judge.set_calendar("r1", {"step_hours": {"default": 40}}, now=T0)  # steps now outlast the cap
    send(judge, relay, "genoa", "CLAIM 7", at=T0 + H)  # early, not READY: used at the cap
    before = len(judge.outbox("r1"))
    done = judge.process_due(T0 + 48 * H)
    resolved = [line for line in done if " resolved (" in line and line.startswith("r1: T1.")]
    assert resolved[0].startswith("r1: T1.claims.1-venice resolved (the round's cap passed)")
    assert all("(the round's cap passed)" in line for line in resolved)
    assert resolved[-1].endswith("now open: T2.claims.2-milan")  # venice, in disorder, did not wait
    row = judge.state("r1").row  # type: ignore[attr-defined]
    # T1: venice and milan silent (the lowest free), genoa's early set; T2: venice's default
    assert row[:3] == ("venice", "milan", "venice") and row[6] == "genoa"
    late = [m.recipient for m in sent(judge, "notice", before) if "no orders by the deadline" in m.subject]
    # a step opened past the cap resolves in the same pass: no "your move" for it
    moves = [m.subject for m in sent(judge, "notice", before) if "your move" in m.subject]
    assert moves == ["[r1] your move: T2.claims.2-milan"]
    # silent milan claims 2, next to venice's 1: venice's reaction step, silent too, is a 2nd miss
    assert late == ["venice", "milan", "venice"]
    assert misses(judge) == {"venice": (2, "disorder"), "genoa": (0, "active"), "milan": (1, "active")}
    assert [line.split(" resolved")[0] for line in resolved] == [
        "r1: T1.claims.1-venice",
        "r1: T1.claims.2-genoa",
        "r1: T1.claims.3-milan",
        "r1: T1.claims.4-venice",
    ]  # each in its own pass of the loop; the closing step (score) follows automatically
    assert judge.next_deadline("r1") == T0 + 88 * H  # the next round (milan reacts): a fresh cap
    assert cap(judge) == T0 + 96 * H


def test_extend_extend_round_pause_resume_and_process_round(judge: Judge, relay: dict[str, str]) -> None:
    assert judge.extend("r1", 4, now=T0 + H) == T0 + 16 * H and cap(judge) == T0 + 48 * H
    assert judge.extend("r1", 40, now=T0 + H) == T0 + 56 * H and cap(judge) == T0 + 56 * H  # pushed
    told = [m.recipient for m in judge.outbox("r1") if m.message_id.startswith("<deadline.")]
    assert sorted(set(told)) == ["gm", "venice"]  # a step's deadline: to its actors and the GM
    assert judge.extend_round("r1", 10, now=T0 + H) == T0 + 66 * H
    assert judge.next_deadline("r1") == T0 + 56 * H  # the step keeps its own
    judge.pause("r1", now=T0 + 6 * H)
    assert judge.next_deadline("r1") is None and cap(judge) is None
    with pytest.raises(AdjudicatorError, match="paused"):
        judge.extend_round("r1", 1, now=T0 + 7 * H)
    judge.resume("r1", now=T0 + 106 * H)  # 100 hours later: both moved by the time paused
    assert judge.next_deadline("r1") == T0 + 156 * H and cap(judge) == T0 + 166 * H
    assert judge.process_due(T0 + 107 * H) == []
    done = judge.process_round("r1", now=T0 + 107 * H)
    assert done.labels[0] == "T1.claims.1-venice" and done.labels[-1].endswith("-close")
    assert done.then == "now open: T2.claims.1-venice"
    assert misses(judge)["venice"] == (0, "active")  # the GM's PROCESS counts no miss


def test_the_round_commands_by_cli(cli_relay: CliRunner) -> None:
    assert "the round's cap now" in run(cli_relay, "gm", "extend", "r1", "5", "--round")
    shown = " ".join(run(cli_relay, "adjudicate", "r1", "--round").split())  # the console wraps
    assert shown.startswith("adjudicated T1.claims.1-venice,") and "now open: T2.claims.1-venice" in shown


@pytest.fixture
def cli_relay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("ADJUDICATOR_CONFIG", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    cli = CliRunner()
    run(cli, "game", "create", "r1", "--ruleset", "relay", "--powers", ",".join(SEATS), "--turns", "2")
    run(cli, "game", "calendar", "r1", "--step-hours", "default=12", "--round-hours", "default=48")
    return cli


def run(cli: CliRunner, *args: str) -> str:
    result = cli.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def gm_mail(judge: Judge, secrets: dict[str, str], body: str, mid: str, at: datetime) -> str:
    raw = (
        f"From: {GM_ADDRESS}\nTo: judge@localhost\nSubject: gm\nMessage-ID: <{mid}@test>\n"
        "Content-Type: text/plain; charset=utf-8\n\n"
        f"GAME r1 POWER gm SECRET {secrets['gm']}\n{body}"
    ).encode()
    before = len(judge.outbox("r1"))
    outcome = MailGateway(judge, Settings()).ingest(raw, source="cli", now=at)
    assert isinstance(outcome, IngestOutcome)
    reply = next(m for m in judge.outbox("r1")[before:] if m.kind in ("reply", "receipt"))
    assert outcome.status == "answered", reply.body_text
    return reply.body_text


def test_the_round_commands_by_gm_mail(judge: Judge, relay: dict[str, str]) -> None:
    text = gm_mail(judge, relay, "EXTEND ROUND 10\nEXTEND 2\nLOAD DICE T1.claim.2-genoa 6", "m1", T0 + H)
    assert "The round's cap extended to" in text and "Deadline extended to" in text
    assert "Dice loaded for T1.claim.2-genoa: 6" in text
    assert cap(judge) == T0 + 58 * H and judge.next_deadline("r1") == T0 + 14 * H
    gm_mail(judge, relay, "PAUSE", "m2", T0 + 2 * H)
    gm_mail(judge, relay, "RESUME", "m3", T0 + 12 * H)
    assert cap(judge) == T0 + 68 * H and judge.next_deadline("r1") == T0 + 24 * H
    text = gm_mail(judge, relay, "PROCESS", "m4", T0 + 13 * H)
    assert "Adjudicated T1.claims.1-venice; now open: T1.claims.2-genoa" in text
    text = gm_mail(judge, relay, "ROLLBACK T1.claims.1-venice", "m5", T0 + 14 * H)
    assert "Rolled back: T1.claims.1-venice is open again" in text
    text = gm_mail(judge, relay, "PROCESS ROUND", "m6", T0 + 15 * H)
    assert "Adjudicated T1.claims.1-venice, " in text and "now open: T2.claims.1-venice" in text
    assert judge.replay_check("r1") == []


def test_dice_are_loaded_for_a_step_by_its_key(judge: Judge, relay: dict[str, str]) -> None:
    """A step's dice namespace is its key (core/stepping.py step_key); Relay's claim rolls a d6."""
    assert judge.load_dice("r1", "T1.claim.2-Genoa", [6]) == "T1.claim.2-genoa"
    with pytest.raises(AdjudicatorError, match="7 fits no die of claim"):
        judge.load_dice("r1", "T1.claim.2-genoa", [7])
    with pytest.raises(AdjudicatorError, match="score rolls no dice"):
        judge.load_dice("r1", "T1.score.4-close", [1])
    judge.process_round("r1", now=T0 + H)
    assert judge.loaded_dice("r1") == {}  # genoa's step rolled it
    with pytest.raises(AdjudicatorError, match="already resolved"):
        judge.load_dice("r1", "T2.claim.0-venice", [1])
    assert judge.load_dice("r1", "T2.claim.1-venice", [1]) == "T2.claim.1-venice"
