"""Reports of past windows rebuilt from the store equal the reports made when the window resolved.

The reference is computed independently of the store rows: each window is resolved again in
memory from its stored inputs (as replay does) and its report input built from that outcome.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlmodel import Session, select

from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.events import WindowAdjudicated
from adjudicator.core.replay import read_orders
from adjudicator.core.ruleset import order_notes
from adjudicator.core.view import GM, PUBLIC, PlayerView
from adjudicator.errors import AdjudicatorError, UnknownGame, UnknownPower, UnknownWindow
from adjudicator.report.mapimages import MapImages
from adjudicator.report.model import ReportInput, report_input
from adjudicator.report.render import render_report
from adjudicator.service.base import as_utc
from adjudicator.service.calendar import read_calendar
from adjudicator.service.judge import Judge
from adjudicator.store.models import Power
from tests.conftest import POWERS, order_mail
from tests.report.played import GAME, viewers


def reference_inputs(judge: Judge, game: str) -> dict[int, dict[str, ReportInput]]:
    """Every standing resolved window's report inputs, from the window resolved again in memory."""
    row, _ = judge.game(game)
    ruleset = judge.ruleset(row)
    snaps = {s.window_id: s for s in judge.snapshots(game)}
    inputs = {e.label: e for e in judge.events(game) if isinstance(e, WindowAdjudicated)}
    zone = read_calendar(row.calendar, row.options).timezone
    out: dict[int, dict[str, ReportInput]] = {}
    for window in judge.resolved_windows(game):
        assert window.id is not None
        state = ruleset.state_type().from_json(snaps[window.id].state)
        given = inputs[window.label]
        orders = read_orders(ruleset, state, {p: tuple(v) for p, v in given.orders.items()})
        outcome = resolve_window(ruleset, state, orders, row.seed, given.loaded_dice)
        assert outcome.start_digest == given.state_digest
        after = outcome.state
        nxt = window_label(ruleset, after)
        by_power: dict[str, list[str]] = {}
        for result in outcome.results:
            by_power.setdefault(result.power, []).append(result.order)
        out[window.id] = {}
        for viewer in viewers(judge, game):
            view = PlayerView(
                viewer=viewer,
                game=game,
                ruleset=row.ruleset,
                turn=after.turn,
                window=nxt,
                data=ruleset.view(after, viewer),
                events=tuple(e for e in outcome.events if e.visibility.allows(viewer)),
            )
            notes = order_notes(ruleset, after, viewer)  # a move's path and cost (the war window)
            legal = (
                [
                    (
                        o.phase,
                        f"{o.canonical()}   # {notes[o.canonical()]}"
                        if o.canonical() in notes
                        else o.canonical(),
                    )
                    for o in ruleset.legal_orders(after, viewer)
                ]
                if viewer not in (GM, PUBLIC) and not after.over
                else []
            )
            out[window.id][viewer] = report_input(
                view,
                outcome.label,
                "" if after.over else nxt,  # the last window announces no next one
                outcome.results,
                by_power,
                timezone=zone,
                template=legal,
                dice_seed_hash=row.seed_hash,
                dice_seed=row.seed.hex() if after.over and row.seed_revealed else "",  # R334
            )
    return out


def rendered(judge: Judge, game: str, window: int | str) -> dict[str, tuple[str, str]]:
    return {
        v: (r.json, r.text)
        for v in viewers(judge, game)
        for r in [render_report(judge.report_input(game, window, v), judge.ruleset(judge.game(game)[0]))]
    }


def test_every_window_rebuilds_as_it_was_resolved_and_mailed(played_judge: Judge) -> None:
    judge, game = played_judge, GAME
    ruleset = judge.ruleset(judge.game(game)[0])
    expected = reference_inputs(judge, game)
    assert len(expected) == 10  # T1.bids … T2.commerce
    mailed = {(m.window_id, m.recipient): m.body_text for m in judge.outbox(game) if m.kind == "report"}
    private_events = 0
    for window_id, by_viewer in expected.items():
        pngs = MapImages()  # one window's board made once for its readers, as the render pass does
        for viewer, reference in by_viewer.items():
            rebuilt = judge.report_input(game, window_id, viewer)
            assert rebuilt == reference, (window_id, viewer)  # so the rendered forms are equal too
            if viewer != PUBLIC:
                assert render_report(rebuilt, ruleset, pngs=pngs).text in mailed[(window_id, viewer)]
            if viewer in POWERS:
                private_events += len(rebuilt.view.events) - len(by_viewer[PUBLIC].view.events)
                assert rebuilt.results or not reference.results
    assert private_events > 0  # the powers saw events the public did not: the cut is exercised
    last = judge.resolved_windows(game)[-1]
    assert rendered(judge, game, last.label) == rendered(judge, game, last.id)


def test_a_rebuilt_report_shows_the_deadline_in_the_players_zone(judge: Judge) -> None:
    now = datetime(2030, 3, 4, 9, 0, tzinfo=UTC)
    secrets = judge.create_game("dl", "medioevo", POWERS, {"turns": 1, "period_hours": 48}, now=now)
    with Session(judge.engine) as session, session.begin():
        row = session.exec(select(Power).where(Power.game_id == "dl", Power.power == "hungary")).one()
        row.timezone = "Europe/Rome"
        session.add(row)
    judge.submit(order_mail("dl", "hungary", secrets["hungary"], "READY"), now=now)
    judge.adjudicate("dl", force=True, now=now)
    resolved = judge.resolved_windows("dl")[-1]
    _, opened = judge.game("dl")
    assert opened.deadline is not None
    hungary = judge.report_input("dl", resolved.label, "hungary")
    france = judge.report_input("dl", resolved.label, "france")
    assert hungary.deadline == france.deadline == as_utc(opened.deadline)
    assert (hungary.timezone, france.timezone) == ("Europe/Rome", "UTC")
    assert hungary.template and not judge.report_input("dl", resolved.label, GM).template


def test_after_a_rollback_earlier_windows_still_rebuild_and_discarded_ones_say_so(
    played_judge: Judge,
) -> None:
    judge, game = played_judge, GAME
    ids = {w.label: w.id for w in judge.resolved_windows(game)}
    before = rendered(judge, game, "T1.economy")
    assert judge.rollback(game, "T2.bids") == "T2.bids"

    assert rendered(judge, game, "T1.economy") == before  # the report as mailed, next window included
    assert judge.report_input(game, "T1.economy", PUBLIC).next_label == "T1.war"
    with pytest.raises(AdjudicatorError, match="discarded by a rollback"):
        judge.report_input(game, ids["T2.cards"], "hungary")
    with pytest.raises(AdjudicatorError, match="discarded by a rollback"):
        judge.report_input(game, "T2.cards", "hungary")
    with pytest.raises(AdjudicatorError, match="open, not resolved"):
        judge.report_input(game, "T2.bids", "hungary")  # the reopened T2.bids

    judge.adjudicate(game, force=True)
    again = judge.resolved_window(game, "T2.bids")
    assert again.id is not None and again.id > (ids["T2.bids"] or 0)
    assert judge.report_input(game, "T2.bids", GM).label == "T2.bids"
    assert rendered(judge, game, "T1.economy") == before
    for window_id, by_viewer in reference_inputs(judge, game).items():
        for viewer, reference in by_viewer.items():
            assert judge.report_input(game, window_id, viewer) == reference


def test_unknown_game_window_or_viewer_is_a_clear_error(played_judge: Judge) -> None:
    judge, game = played_judge, GAME
    with pytest.raises(UnknownGame):
        judge.report_input("nope", "T1.cards", GM)
    with pytest.raises(UnknownWindow, match=r"expected one of T1\.bids, T1\.cards"):
        judge.report_input(game, "T9.economy", GM)
    with pytest.raises(UnknownPower, match="'venice'"):
        judge.report_input(game, "T1.cards", "venice")
    with pytest.raises(AdjudicatorError, match="over, not resolved"):
        judge.report_input(game, judge.game(game)[1].label, GM)
