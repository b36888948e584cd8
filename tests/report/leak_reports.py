"""Each resolved window of a stored game, rebuilt as the judge saw it, and every viewer's report of it.

The judge renders a report from the window's outcome (``StoreAccess._report_input``), which it does
not keep; the outcome is rebuilt here from the store alone (the snapshot at the window's opening,
the orders and loaded dice of its ``window-adjudicated`` event, the seed), and checked against
what was stored (the next snapshot's digest, the events logged for the window).
"""

from __future__ import annotations

import base64
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, fields, replace
from typing import Any, cast

from sqlmodel import Session, col, select

from adjudicator.core.engine import WindowOutcome, resolve_window
from adjudicator.core.events import EventRegistry, WindowAdjudicated
from adjudicator.core.replay import read_stored
from adjudicator.core.view import PUBLIC, PlayerView
from adjudicator.report.model import ReportInput, report_input
from adjudicator.report.render import RenderedReport, render_report
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.service.judge import Judge
from adjudicator.store.models import EventRow, Game, Snapshot, Window
from tests.report.leak_game import GAME, ruleset


@dataclass(frozen=True)
class StoredWindow:
    """One resolved window: its row, the window it opened, and its outcome rebuilt."""

    window: Window
    opened: Window
    outcome: WindowOutcome

    @property
    def state(self) -> MedioevoState:
        return cast(MedioevoState, self.outcome.state)


def stored_windows(judge: Judge, after: int = 0) -> Iterator[StoredWindow]:
    """The resolved windows of the game whose id is above ``after``, oldest first."""
    rules = ruleset()
    registry = EventRegistry(rules.event_types())
    with Session(judge.engine) as session:
        game = session.get(Game, GAME)
        assert game is not None
        windows = list(session.exec(select(Window).where(Window.game_id == GAME).order_by(col(Window.id))))
        for window, opened in itertools.pairwise(windows):
            assert window.id is not None
            if window.status != "resolved" or window.id <= after:
                continue
            snapshot = session.exec(select(Snapshot).where(Snapshot.window_id == window.id)).one()
            following = session.exec(select(Snapshot).where(Snapshot.window_id == opened.id)).one()
            logged = list(
                session.exec(
                    select(EventRow).where(EventRow.window_id == window.id).order_by(col(EventRow.id))
                )
            )
            inputs = registry.load(logged[0].kind, logged[0].payload)
            assert isinstance(inputs, WindowAdjudicated), (
                f"{window.label}: the log starts with {logged[0].kind}"
            )
            state = rules.state_type().from_json(snapshot.state)
            assert state.digest() == inputs.state_digest == snapshot.digest
            orders, unread = read_stored(rules, state, {p: tuple(v) for p, v in inputs.orders.items()})
            outcome = resolve_window(rules, state, orders, game.seed, inputs.loaded_dice)
            outcome = replace(outcome, unread=tuple(unread))
            assert outcome.state.digest() == following.digest, f"{window.label} does not replay"
            assert [e.kind for e in outcome.events] == [row.kind for row in logged], window.label
            yield StoredWindow(window, opened, outcome)


def report_of(
    judge: Judge, stored: StoredWindow, viewer: str, outcome: WindowOutcome | None = None
) -> ReportInput:
    """``viewer``'s report input of the window, built the way the judge builds it (the public's as the
    archive will: no orders, no results, no template)."""
    outcome = outcome or stored.outcome
    with Session(judge.engine) as session:
        game = session.get(Game, GAME)
        assert game is not None
        if viewer != PUBLIC:
            return judge._report_input(session, game, outcome, viewer, stored.opened.label, stored.opened)
        rules = ruleset()
        view = PlayerView(
            viewer=PUBLIC,
            game=game.id,
            ruleset=game.ruleset,
            turn=outcome.state.turn,
            window=stored.opened.label,
            data=rules.view(outcome.state, PUBLIC),
            events=tuple(e for e in outcome.events if e.visibility.allows(PUBLIC)),
        )
        return report_input(
            view, outcome.label, stored.opened.label, outcome.results, {}, dice_seed_hash=game.seed_hash
        )


def render(report: ReportInput) -> RenderedReport:
    return render_report(report, ruleset())


def artifacts(rendered: RenderedReport) -> dict[str, str]:
    """Every text form of a rendered report, by field name (the PNG is compared as bytes elsewhere)."""
    out: dict[str, str] = {}
    for f in fields(rendered):
        value = getattr(rendered, f.name)
        if isinstance(value, str):
            out[f.name] = value
    return out


def differing(a: RenderedReport, b: RenderedReport) -> list[str]:
    """The fields (every one of :class:`RenderedReport`, the PNG included) in which two reports differ."""
    return [f.name for f in fields(a) if getattr(a, f.name) != getattr(b, f.name)]


def seed_forms(seed: bytes) -> list[str]:
    """The ways the dice seed could be printed."""
    return [
        seed.hex(),
        seed.hex().upper(),
        base64.b64encode(seed).decode(),
        base64.urlsafe_b64encode(seed).decode(),
    ]


def strings_in(data: Any) -> set[str]:
    """Every string (keys included) anywhere in a JSON-like value."""
    text = json.dumps(data, ensure_ascii=False)
    return {json.loads(f'"{s}"') for s in re.findall(r'"((?:[^"\\]|\\.)*)"', text)}
