"""The judge over a real store, on SQLite and PostgreSQL: replay, dice audit, rollback,
order-set replacement, deadlines, crash safety, and bad input that changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, MetaData, select

from adjudicator.core.dice import roll_value, seed_commitment
from adjudicator.core.events import DiceRolled, GameCreated, SeedRevealed
from adjudicator.errors import AdjudicatorError, EditError, NotDue, StaleWindow, UnknownGame, UnknownPower
from adjudicator.service import base as service_base
from adjudicator.service.judge import Judge
from tests.conftest import POWERS, order_mail

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def dump(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, to prove that a failed call changed nothing."""
    meta = MetaData()
    meta.reflect(engine)
    with engine.connect() as conn:
        return {
            name: sorted(map(tuple, conn.execute(select(table))), key=repr)
            for name, table in meta.tables.items()
        }


def new_game(judge: Judge, **options: Any) -> dict[str, str]:
    return judge.create_game("g1", "medioevo", POWERS, {"turns": 3, **options}, seed=b"k" * 32, now=T0)


def play_window(judge: Judge, secrets: dict[str, str], orders: dict[str, list[str]]) -> None:
    for power, lines in orders.items():
        judge.submit(order_mail("g1", power, secrets[power], *lines), now=T0)
    judge.adjudicate("g1", force=True, now=T0)


def test_replaying_the_log_reproduces_every_snapshot(judge: Judge) -> None:
    secrets = new_game(judge)
    judge.gm_edit("g1", "SET hungary florins 300")
    play_window(judge, secrets, {"hungary": ["KEEP PRIORITY Mercante, Condottiero"]})
    play_window(judge, secrets, {"hungary": ["LOAN", "PLACE 3 IN Pest"], "france": ["LOAN"]})
    play_window(judge, secrets, {})  # T1.war: nobody fights
    play_window(judge, secrets, {})  # T1.commerce: nobody trades
    judge.load_dice("g1", "T2.turn_order", [1, 1, 1])
    play_window(judge, secrets, {"hungary": ["BID 40"], "france": ["BID 25"], "byzantium": ["BID 40"]})
    play_window(judge, secrets, {})
    play_window(judge, secrets, {"hungary": ["REPAY"]})
    state = judge.state("g1")
    # florins are conserved across the bank and the powers (the 700 the GM removed included)
    assert sum(p.florins for p in state.powers.values()) + state.bank == 4 * 1000 - 700  # type: ignore[attr-defined]
    assert state.powers["hungary"].loans == ()  # type: ignore[attr-defined]
    snapshots = judge.snapshots("g1")
    assert [s.label for s in snapshots] == [
        "T1.bids", "T1.cards", "T1.economy", "T1.war", "T1.commerce", "T2.bids", "T2.cards",
        "T2.economy", "T2.war",
    ]  # fmt: skip
    assert judge.replay_check("g1") == []
    # the check is real: a snapshot that disagrees with the log is reported
    with judge.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE snapshots SET digest = 'x' WHERE label = 'T2.economy'")
    assert judge.replay_check("g1") == ["snapshot T2.economy differs from the replayed T2.economy"]


def test_gm_verify_starts_from_the_last_snapshot_a_check_found_right(judge: Judge) -> None:
    """Issue 18: ``gm verify`` replays from the last verified snapshot (``--full``: the whole log)."""
    secrets = new_game(judge)
    play_window(judge, secrets, {"hungary": ["KEEP PRIORITY Mercante, Condottiero"]})
    assert judge.replay_check("g1", since_verified=True) == []  # none yet: the whole log, recorded
    verified = judge.snapshots("g1")
    play_window(judge, secrets, {"hungary": ["LOAN", "PLACE 3 IN Pest"], "france": ["LOAN"]})
    newest = judge.snapshots("g1")[-1]
    assert newest.id != verified[-1].id
    with judge.engine.begin() as conn:  # one snapshot before the check, one after it, both wrong
        conn.exec_driver_sql(f"UPDATE snapshots SET digest = 'x' WHERE id = {verified[0].id}")
        conn.exec_driver_sql(f"UPDATE snapshots SET digest = 'x' WHERE id = {newest.id}")
    newest_wrong = f"snapshot {newest.label} differs from the replayed {newest.label}"
    assert judge.replay_check("g1", since_verified=True) == [newest_wrong]
    assert judge.replay_check("g1") == [
        f"snapshot {verified[0].label} differs from the replayed {verified[0].label}",
        newest_wrong,
    ]


def test_every_roll_of_a_finished_game_is_recomputed_from_the_revealed_seed(judge: Judge) -> None:
    secrets = judge.create_game("g1", "medioevo", POWERS, {"turns": 2}, seed=b"z" * 32, now=T0)
    while not judge.state("g1").over:
        for power in POWERS:
            judge.submit(order_mail("g1", power, secrets[power], "LOAN", "REPAY", "BID 5"), now=T0)
        judge.adjudicate("g1", force=True, now=T0)
    revealed = judge.reveal_seed("g1")
    events = judge.events("g1")
    reveal = next(e for e in events if isinstance(e, SeedRevealed))
    created = next(e for e in events if isinstance(e, GameCreated))
    seed = bytes.fromhex(reveal.seed)
    assert reveal.seed == revealed and created.seed_hash == seed_commitment(seed)
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    purposes = {r.purpose for r in rolls}
    assert {"pope", "turn order"} <= purposes and any(p.startswith("loan") for p in purposes)
    for roll in rolls:
        assert not roll.loaded
        assert roll_value(seed, roll.key, roll.sides) == roll.value, roll.key


def test_rollback_reopens_the_window_with_its_orders_and_re_adjudicates(judge: Judge) -> None:
    secrets = new_game(judge)
    play_window(judge, secrets, {})
    play_window(judge, secrets, {})
    play_window(judge, secrets, {})  # T1.war
    play_window(judge, secrets, {})  # T1.commerce
    play_window(judge, secrets, {"hungary": ["BID 50"], "france": ["BID 20"]})
    first = judge.state("g1")
    assert first.turn_order[0] == "hungary"  # type: ignore[attr-defined]
    tithe = 135 // 10  # the Pope's tenth of turn 1's 135 in taxes (002 L2186, R308)
    assert first.powers["hungary"].florins == 1135 - tithe - 25  # type: ignore[attr-defined]
    play_window(judge, secrets, {})
    events_before = len(judge.events("g1", include_discarded=True))

    assert judge.rollback("g1", "T2.bids") == "T2.bids"
    reopened = judge.current_orders("g1")
    assert reopened["hungary"].orders == ["BID 50"] and reopened["france"].orders == ["BID 20"]
    assert judge.state("g1").digest() == judge.snapshots("g1")[-1].digest
    # France raises its bid in the reopened window and now wins
    judge.submit(order_mail("g1", "france", secrets["france"], "BID 80"), now=T0)
    judge.adjudicate("g1", force=True, now=T0)
    second = judge.state("g1")
    assert second.turn_order[0] == "france"  # type: ignore[attr-defined]
    assert second.powers["france"].pope  # type: ignore[attr-defined]  # by this game's lot: 2 tithes in
    # + 5 in taxes for the Papal State the Pope holds from setup (L2172, R321)
    assert second.powers["france"].florins == 1135 + 5 + 2 * tithe - 55  # type: ignore[attr-defined]
    everything = judge.events("g1", include_discarded=True)
    assert len(everything) > events_before  # the discarded history is still in the log
    assert len(judge.events("g1")) < len(everything)
    assert judge.replay_check("g1") == []


def test_a_new_order_set_replaces_the_old_one_until_the_deadline(judge: Judge) -> None:
    secrets = new_game(judge, period_hours=24)
    judge.adjudicate("g1", force=True, now=T0)  # the cards window, everyone keeping by default
    hungary = secrets["hungary"]
    first = judge.submit(order_mail("g1", "hungary", hungary, "LOAN", "PLACE 2 IN Pest"), now=T0)
    second = judge.submit(
        order_mail("g1", "hungary", hungary, "PLACE 4 IN Banato"), now=T0 + timedelta(hours=2)
    )
    assert (first.version, second.version) == (1, 2)
    assert second.accepted == ("PLACE 4 IN banato",)
    with pytest.raises(NotDue):
        judge.adjudicate("g1", now=T0 + timedelta(hours=23))
    late = T0 + timedelta(hours=25)
    before = dump(judge.engine)
    with pytest.raises(AdjudicatorError, match=r"too late: T1\.economy closed at"):
        judge.submit(order_mail("g1", "hungary", hungary, "LOAN"), now=late)
    assert dump(judge.engine) == before
    judge.adjudicate("g1", now=late)
    state = judge.state("g1")
    assert state.powers["hungary"].loans == ()  # type: ignore[attr-defined]  # LOAN was replaced
    assert state.territories["banato"].armies == {"hungary": 5 + 4}  # type: ignore[attr-defined]  # garrison (R35)


def test_all_ready_resolves_before_the_deadline(judge: Judge) -> None:
    secrets = new_game(judge, period_hours=24)
    for power in POWERS[:-1]:
        judge.submit(order_mail("g1", power, secrets[power], "READY"), now=T0)
    with pytest.raises(NotDue):
        judge.adjudicate("g1", now=T0)
    judge.submit(order_mail("g1", POWERS[-1], secrets[POWERS[-1]], "READY"), now=T0)
    assert judge.adjudicate("g1", now=T0).now_open == "T1.economy"


def test_a_crash_in_the_middle_of_an_adjudication_leaves_the_store_as_it_was(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    secrets = new_game(judge)
    judge.adjudicate("g1", force=True, now=T0)  # the cards window
    judge.submit(order_mail("g1", "hungary", secrets["hungary"], "LOAN"), now=T0)
    before = dump(judge.engine)

    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("power cut while writing the reports")

    # events, results and the next window are flushed before the reports are queued
    monkeypatch.setattr(service_base, "queue_reports", crash)  # as service/base.py calls it
    with pytest.raises(RuntimeError):
        judge.adjudicate("g1", force=True, now=T0)
    assert dump(judge.engine) == before
    monkeypatch.undo()
    assert judge.adjudicate("g1", force=True, now=T0).labels == ("T1.economy",)
    assert len([m for m in judge.outbox("g1") if m.subject.startswith("[g1] T1.economy")]) == len(POWERS) + 1


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda j, s: j.adjudicate("nope", force=True), UnknownGame),
        (lambda j, s: j.submit(order_mail("nope", "hungary", s["hungary"], "LOAN")), UnknownGame),
        (lambda j, s: j.submit(order_mail("g1", "sweden", "x", "LOAN")), UnknownPower),
        (lambda j, s: j.submit(order_mail("g1", "hungary", "wrong", "LOAN")), AdjudicatorError),
        (lambda j, s: j.submit("LOAN"), AdjudicatorError),
        (lambda j, s: j.adjudicate("g1", window="T5.bids", force=True), StaleWindow),
        (lambda j, s: j.gm_edit("g1", "SET hungary florins many"), EditError),
        (lambda j, s: j.gm_edit("g1", "GIVE hungary Atlantide"), EditError),
        (lambda j, s: j.rollback("g1", "T9.economy"), AdjudicatorError),
        (lambda j, s: j.load_dice("g1", "taxes", [3]), AdjudicatorError),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(judge: Judge, call: Any, error: type[Exception]) -> None:
    secrets = new_game(judge)
    before = dump(judge.engine)
    with pytest.raises(error):
        call(judge, secrets)
    assert dump(judge.engine) == before


def test_a_stored_line_that_no_longer_reads_still_gets_an_answer(judge: Judge) -> None:
    """A stored order line that fails to parse again at the deadline (it once happened when a
    canonical form did not read back) is answered as failed, in the results and the reports."""
    from sqlmodel import Session, col
    from sqlmodel import select as sql_select

    from adjudicator.store.models import OrderSet, ResultRow

    secrets = new_game(judge)
    judge.submit(order_mail("g1", "hungary", secrets["hungary"], "KEEP PRIORITY Mercante"), now=T0)
    with Session(judge.engine) as session:
        stored = session.exec(sql_select(OrderSet).where(OrderSet.power == "hungary")).one()
        stored.orders = [*stored.orders, "PLAY diplomatico ON france SIDEWAYS"]
        session.add(stored)
        session.commit()
    judge.adjudicate("g1", force=True, now=T0)
    with Session(judge.engine) as session:
        rows = session.exec(sql_select(ResultRow).where(col(ResultRow.power) == "hungary")).all()
    unread = [r for r in rows if r.reason_code == "unreadable"]
    assert [r.order_text for r in unread] == ["PLAY diplomatico ON france SIDEWAYS"]
    assert unread[0].reason is not None and "could not be read again at the deadline" in unread[0].reason
    assert any(r.ok and "KEEP PRIORITY" in r.order_text for r in rows)
    mailed = [m.body_text for m in judge.outbox("g1") if m.recipient == "hungary"]
    assert any("could not be read again" in body for body in mailed)
