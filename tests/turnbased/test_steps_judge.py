"""Turn-by-turn play in the store and the service (issue 16, docs/turn-by-turn.md §2, §6, §7):
a round's parent row and a row per step, orders for the open step or early for a later one,
early orders copied in and checked when their step opens (a guard that no longer holds is
refused there), "your move" to each actor, replay and rollback step by step; SQLite and
PostgreSQL (the ``judge`` fixture)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, col, select

from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.judge import Judge
from adjudicator.store.models import OrderSet, Outbox, Window
from tests.conftest import order_mail

SEATS = ("venice", "genoa", "milan")
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture
def relay(monkeypatch: pytest.MonkeyPatch, judge: Judge) -> dict[str, str]:
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
    return judge.create_game("r1", "relay", SEATS, {"turns": 2}, seed=b"steps-judge", now=T0)


def send(judge: Judge, secrets: dict[str, str], power: str, *lines: str, at: datetime = T0):  # type: ignore[no-untyped-def]
    return judge.submit(order_mail("r1", power, secrets[power], *lines), now=at)


def rows(judge: Judge) -> list[Window]:
    with Session(judge.engine) as session:
        return list(session.exec(select(Window).where(Window.game_id == "r1").order_by(col(Window.id))))


def mails(judge: Judge, kind: str) -> list[Outbox]:
    return [m for m in judge.outbox("r1") if m.kind == kind]


def test_a_round_opens_a_parent_row_and_its_first_step(judge: Judge, relay: dict[str, str]) -> None:
    parent, step = rows(judge)
    assert (parent.label, parent.step_kind, parent.status) == ("T1.claims", "round", "open")
    assert parent.parent_id is None
    assert (step.label, step.parent_id, step.step, step.actors, step.step_kind) == (
        "T1.claims.1-venice",
        parent.id,
        1,
        ["venice"],
        "turn",
    )
    assert judge.game("r1")[1].id == step.id
    (yourmove,) = mails(judge, "notice")
    assert yourmove.recipient == "venice" and "T1.claims.1-venice" in yourmove.subject


def test_orders_go_to_the_open_step_or_early_to_the_round(judge: Judge, relay: dict[str, str]) -> None:
    mine = send(judge, relay, "venice", "CLAIM 5")
    assert mine.window == "T1.claims.1-venice" and "for your step T1.claims.1-venice" in mine.render()
    early = send(judge, relay, "genoa", "CLAIM 7")
    assert early.window == "T1.claims" and "early orders for your step" in early.render()
    with Session(judge.engine) as session:
        parent = session.exec(select(Window).where(Window.label == "T1.claims")).one()
        stored = session.exec(select(OrderSet).where(OrderSet.window_id == parent.id)).one()
    assert (stored.power, stored.orders) == ("genoa", ["CLAIM 7"])
    # a later step of one's own may be named, a step already resolved may not
    assert send(judge, relay, "milan", "WINDOW T1.claims.milan", "CLAIM 8").window == "T1.claims"
    judge.adjudicate("r1", force=True, now=T0)
    with pytest.raises(AdjudicatorError, match=r"too late: T1\.claims\.1-venice"):
        send(judge, relay, "venice", "WINDOW T1.claims.1-venice", "CLAIM 6")


def test_early_orders_are_copied_in_and_checked_when_the_step_opens(
    judge: Judge, relay: dict[str, str]
) -> None:
    send(judge, relay, "genoa", "CLAIM 7", "READY")  # clean and READY: genoa's step resolves at once
    send(judge, relay, "milan", "IF 5 FREE: CLAIM 5", "READY")  # venice takes 5 first: refused
    send(judge, relay, "venice", "CLAIM 5", "READY")
    judge.adjudicate("r1", now=T0)  # everyone in the step is READY: not forced
    labels = [w.label for w in rows(judge)]
    assert labels[:4] == ["T1.claims", "T1.claims.1-venice", "T1.claims.2-genoa", "T1.claims.3-milan"]
    state = judge.state("r1")
    assert state.row[4] == "venice" and state.row[6] == "genoa"  # type: ignore[attr-defined]
    open_step = judge.game("r1")[1]
    assert open_step.label == "T1.claims.3-milan"
    copied = judge.current_orders("r1")["milan"]
    assert copied.orders == [] and copied.source.startswith("early") and not copied.ready
    assert "guard failed: space 5 is held by venice" in " ".join(copied.issues)
    notice = [m for m in mails(judge, "notice") if m.recipient == "milan"]
    assert len(notice) == 1 and "REFUSED" in notice[0].body_text
    assert "space 5 is held by venice" in notice[0].body_text
    # the step's orders now: a guard that fails as things stand is a warning at receipt
    receipt = send(judge, relay, "milan", "IF 5 FREE: CLAIM 9")
    assert any("guard failed" in w for w in receipt.warnings)


def test_one_not_in_the_open_step_with_no_step_left_is_told_whose_step_it_is(
    judge: Judge, relay: dict[str, str]
) -> None:
    send(judge, relay, "venice", "CLAIM 5", "READY")
    judge.adjudicate("r1", now=T0)
    with pytest.raises(AdjudicatorError, match=r"it is not your step: T1\.claims\.2-genoa is open"):
        send(judge, relay, "venice", "CLAIM 6")


def test_a_round_plays_to_the_next_turn_and_replays_step_by_step(judge: Judge, relay: dict[str, str]) -> None:
    for _ in range(6):
        if judge.game("r1")[1].label.startswith("T2"):
            break
        judge.adjudicate("r1", force=True, now=T0 + timedelta(hours=1))
    assert judge.game("r1")[1].label == "T2.claims.1-venice"
    labels = [w.label for w in rows(judge)]
    assert "T1.claims.6-close" in labels and labels.count("T1.claims") == 1
    parent = next(w for w in rows(judge) if w.label == "T1.claims")
    assert parent.status == "resolved"
    assert judge.replay_check("r1") == []
    # every step's "your move" went out once, to its actor only
    keys = [m.message_id for m in mails(judge, "notice")]
    assert len(keys) == len(set(keys))


def test_a_rollback_to_a_step_reopens_it_with_its_orders(judge: Judge, relay: dict[str, str]) -> None:
    send(judge, relay, "venice", "CLAIM 5", "READY")
    judge.adjudicate("r1", now=T0)
    send(judge, relay, "genoa", "CLAIM 2")
    judge.adjudicate("r1", force=True, now=T0)
    assert judge.game("r1")[1].label == "T1.claims.3-milan"
    assert judge.rollback("r1", "T1.claims.2-genoa", now=T0) == "T1.claims.2-genoa"
    assert judge.current_orders("r1")["genoa"].orders == ["CLAIM 2"]
    assert judge.state("r1").row[1] == ""  # type: ignore[attr-defined]
    judge.adjudicate("r1", force=True, now=T0)
    assert judge.state("r1").row[1] == "genoa"  # type: ignore[attr-defined]
    assert judge.replay_check("r1") == []
    # back to the round: it restarts from its first step
    assert judge.rollback("r1", "T1.claims", now=T0) == "T1.claims.1-venice"
    assert judge.state("r1").row == ("",) * 9  # type: ignore[attr-defined]
    assert judge.replay_check("r1") == []


def test_a_rollback_at_any_step_then_the_same_play_gives_the_same_round(
    judge: Judge, relay: dict[str, str]
) -> None:
    """Rollback and replay work at every step (issue 16 "Tests"): each step of a round played on
    defaults, rolled back to and played again, ends the round in the same state, and the log
    still replays to every stored snapshot."""

    def finish_round() -> str:
        while not judge.game("r1")[1].label.startswith("T2"):
            judge.adjudicate("r1", force=True, now=T0)
        return judge.state("r1").digest()

    expected = finish_round()
    steps = [w.label for w in rows(judge) if w.parent_id is not None and w.label.startswith("T1")]
    assert len(steps) >= 4
    for label in steps:
        assert judge.rollback("r1", label, now=T0) == label
        assert judge.replay_check("r1") == []
        assert finish_round() == expected, label
    assert judge.replay_check("r1") == []


def test_the_step_of_a_power_in_civil_disorder_does_not_wait(judge: Judge, relay: dict[str, str]) -> None:
    """docs/turn-by-turn.md §7: a step whose actor is in civil disorder and sent nothing resolves
    on its defaults as soon as it opens, with no "your move" mail; one who sent orders is waited for."""
    from adjudicator.store.models import Power

    with Session(judge.engine) as session:
        genoa = session.exec(select(Power).where(Power.game_id == "r1", Power.power == "genoa")).one()
        genoa.status = "disorder"
        session.add(genoa)
        session.commit()
    send(judge, relay, "venice", "CLAIM 5", "READY")
    done = judge.adjudicate("r1", now=T0)
    assert done.labels == ("T1.claims.1-venice", "T1.claims.2-genoa")
    assert judge.game("r1")[1].label == "T1.claims.3-milan"
    assert judge.state("r1").row[0] == "genoa"  # type: ignore[attr-defined]  # its default: the lowest free
    assert not [m for m in mails(judge, "notice") if m.recipient == "genoa"]


def test_early_orders_wait_for_the_powers_turn_step_not_a_reaction_before_it(
    judge: Judge, relay: dict[str, str]
) -> None:
    """An out-of-turn step (milan's reaction to venice's claim next to its space) opens before
    milan's turn step: milan's early set is for its turn, so it is not copied into the reaction
    (where a CLAIM is no order) and reaches the turn step whole."""
    judge.gm_edit("r1", "HOLD 2 milan")
    send(judge, relay, "milan", "CLAIM 7")  # early, for milan's turn step
    send(judge, relay, "venice", "CLAIM 1", "READY")
    judge.adjudicate("r1", now=T0)
    reaction = judge.game("r1")[1]
    assert (reaction.label, reaction.step_kind) == ("T1.claims.2-milan", "react")
    assert "milan" not in judge.current_orders("r1")  # nothing copied into the reaction
    for _ in range(4):  # milan passes; genoa claims the lowest free (3: milan may react again)
        judge.adjudicate("r1", force=True, now=T0)
        turn = judge.game("r1")[1]
        if turn.step_kind == "turn" and turn.actors == ["milan"]:
            break
        assert "milan" not in judge.current_orders("r1")  # no reaction takes milan's early set
    assert turn.step_kind == "turn" and turn.actors == ["milan"]
    assert judge.current_orders("r1")["milan"].orders == ["CLAIM 7"]
