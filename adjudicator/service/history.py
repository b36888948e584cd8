"""Reports of any resolved window, rebuilt from the store: the event log, the results and the snapshots.

The mail sent when a window resolves and a report asked for later (``adjudicator report``, the
archive) are built by the same code from the same stored rows, so they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import or_
from sqlmodel import Session, col, select

from adjudicator.core.events import Event, EventRegistry, GmEdited
from adjudicator.core.results import OrderResult, Reason
from adjudicator.core.ruleset import order_notes
from adjudicator.core.state import GameState
from adjudicator.core.view import GM, PUBLIC, PlayerView
from adjudicator.errors import AdjudicatorError, UnknownWindow
from adjudicator.report.archive import ArchivedWindow, ArchiveGame
from adjudicator.report.model import ReportInput, report_input
from adjudicator.service.base import StoreAccess, as_utc
from adjudicator.store.models import EventRow, Game, ResultRow, Snapshot, Window

ROUND = "round"
"""``step_kind`` of a round's parent row (service/steps.py)."""


@dataclass(frozen=True)
class StoredWindow:
    """What the store holds of one resolved window, before it is cut to a viewer."""

    window: Window
    opened: Window
    """The window its resolution opened (the next one, even if a rollback discarded it since)."""
    state: GameState
    """The state after the window: the snapshot taken when ``opened`` opened."""
    events: tuple[Event, ...]
    """The window's resolution events, from its ``window-adjudicated`` on, in log order."""
    results: tuple[OrderResult, ...]
    steps: tuple[StoredWindow, ...] = ()
    """A round's parent row: its standing steps, in order (``events``/``results`` are theirs)."""


class HistoryTools(StoreAccess):
    """Past windows and their reports; each public method is one read-only transaction."""

    def resolved_windows(self, game_id: str) -> list[Window]:
        """The game's resolved windows that still stand (not discarded by a rollback), in order."""
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            return self._standing_resolved(session, game)

    def resolved_window(self, game_id: str, window: str | int) -> Window:
        """The resolved, standing window named by label or id (see :meth:`report_input`)."""
        with Session(self.engine) as session:
            return self._resolved_window(session, self._game(session, game_id), window)

    def report_input(self, game_id: str, window: str | int, viewer: str) -> ReportInput:
        """``viewer``'s report of a resolved window (label such as ``T2.economy``, or window id).

        A window a rollback discarded has no report any more: its results no longer stand. The
        label names the latest standing window of that name.
        """
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            if viewer not in (GM, PUBLIC):
                self._power(game, viewer)
            row = self._resolved_window(session, game, window)
            return self._stored_report_input(session, game, row, viewer)

    def archive(self, game_id: str) -> ArchiveGame:
        """The game as its public archive shows it: every standing resolved window, public view only."""
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            windows = []
            for row in self._standing_resolved(session, game):
                assert row.id is not None
                report = self._stored_report_input(session, game, row, PUBLIC)
                windows.append(ArchivedWindow(id=row.id, label=row.label, report=report))
            return ArchiveGame(
                id=game.id,
                ruleset=game.ruleset,
                ruleset_version=game.ruleset_version,
                status=game.status,
                powers=tuple(game.powers),
                seed_hash=game.seed_hash,
                seed=game.seed.hex() if game.seed_revealed else None,
                windows=tuple(windows),
            )

    # ---- in the caller's transaction -------------------------------------------------------
    def _standing_resolved(self, session: Session, game: Game) -> list[Window]:
        """The windows as the history lists them: each plain window, and each round played step
        by step as one window (its report tells its steps in order); a step is reached by its
        label (``adjudicator report g T1.claims.2-genoa``), not listed on its own."""
        query = (
            select(Window)
            .where(Window.game_id == game.id, Window.status == "resolved", col(Window.parent_id).is_(None))
            .order_by(col(Window.id))
        )
        return list(session.exec(query))

    def _resolved_window(self, session: Session, game: Game, given: str | int) -> Window:
        """The window named by label or id, if it resolved and still stands."""
        rows = list(session.exec(select(Window).where(Window.game_id == game.id).order_by(col(Window.id))))
        wanted = str(given).strip()
        by_id = [w for w in rows if str(w.id) == wanted]
        by_label = [w for w in rows if w.label == wanted]
        standing = [w for w in by_label if w.status != "discarded"]
        matches = by_id or standing or by_label
        if not matches:
            known = tuple(w.label for w in rows if w.status == "resolved")
            raise UnknownWindow(wanted, known)
        row = matches[-1]
        if row.status == "discarded":
            raise AdjudicatorError(
                f"window {row.label} (id {row.id}) of {game.id} was discarded by a rollback: "
                "its results no longer stand, so it has no report"
            )
        if row.status != "resolved":
            raise AdjudicatorError(
                f"window {row.label} (id {row.id}) of {game.id} is {row.status}, not resolved: "
                "it has no report yet"
            )
        return row

    def _stored_window(self, session: Session, game: Game, window: Window) -> StoredWindow:
        """Read one resolved window back from its rows (see :class:`StoredWindow`); a round's
        parent row is the union of its standing steps, and the state the round left."""
        assert window.id is not None
        if window.step_kind == ROUND:
            return self._stored_round(session, game, window)
        opened = self._opened_after(session, game, window.id)
        if opened is None or window.status not in ("resolved", "discarded"):
            raise AdjudicatorError(f"window {window.label} of {game.id} has not been resolved")
        snapshot = session.exec(select(Snapshot.state).where(Snapshot.window_id == opened.id)).one()
        start = session.exec(
            select(EventRow.id).where(
                EventRow.window_id == window.id,
                col(EventRow.kind).in_(("window-adjudicated", "step-adjudicated")),
            )
        ).first()
        registry = EventRegistry(self.ruleset(game).event_types())
        rows = session.exec(  # columns, not rows as objects: a window has hundreds of events
            select(EventRow.kind, EventRow.payload)
            .where(EventRow.game_id == game.id, EventRow.window_id == window.id)
            # the GM's edits while the window was open, then its resolution (issue 15: an edit
            # that changed a reader's sheet is in the reader's report)
            .where(or_(col(EventRow.id) >= (start or 0), col(EventRow.kind) == GmEdited.kind))
            .order_by(col(EventRow.id))
        )
        results = session.exec(
            select(ResultRow).where(ResultRow.window_id == window.id).order_by(col(ResultRow.id))
        )
        return StoredWindow(
            window=window,
            opened=opened,
            state=self._state(game, dict(snapshot)),
            events=tuple(registry.load(kind, payload) for kind, payload in rows),
            results=tuple(_result(row) for row in results),
        )

    def _opened_after(self, session: Session, game: Game, after: int) -> Window | None:
        """The row opened next after row ``after``: a window or a step (a round's row opens with
        its first step, whose label, deadline and state are the ones to announce)."""
        return session.exec(
            select(Window)
            .where(Window.game_id == game.id, col(Window.id) > after, Window.step_kind != ROUND)
            .order_by(col(Window.id))
        ).first()

    def _stored_round(self, session: Session, game: Game, parent: Window) -> StoredWindow:
        """A resolved round read back as one window: its standing steps in order, their events
        and results together, the row opened after its last step and the state it left."""
        rows = session.exec(
            select(Window)
            .where(Window.parent_id == parent.id, Window.status == "resolved")
            .order_by(col(Window.id))
        )
        steps = tuple(self._stored_window(session, game, row) for row in rows)
        if parent.status not in ("resolved", "discarded") or not steps:
            raise AdjudicatorError(f"round {parent.label} of {game.id} has not been resolved")
        return StoredWindow(
            window=parent,
            opened=steps[-1].opened,
            state=steps[-1].state,
            events=tuple(e for s in steps for e in s.events),
            results=tuple(r for s in steps for r in s.results),
            steps=steps,
        )

    def _stored_report_input(self, session: Session, game: Game, window: Window, viewer: str) -> ReportInput:
        """``viewer``'s report of a resolved window, from the stored rows (the mail uses this too)."""
        return self._viewer_input(session, game, self._stored_window(session, game, window), viewer)

    def _stored_report_inputs(
        self, session: Session, game: Game, window: Window, viewers: Sequence[str]
    ) -> dict[str, ReportInput]:
        """Several viewers' reports of one window, reading its rows once."""
        stored = self._stored_window(session, game, window)
        return {viewer: self._viewer_input(session, game, stored, viewer) for viewer in viewers}

    def _viewer_input(self, session: Session, game: Game, stored: StoredWindow, viewer: str) -> ReportInput:
        """What ``viewer``'s report of ``stored`` may show (the cut itself is report_input's)."""
        ruleset = self.ruleset(game)
        state = stored.state
        view = PlayerView(
            viewer=viewer,
            game=game.id,
            ruleset=game.ruleset,
            turn=state.turn,
            window=stored.opened.label,
            data=ruleset.view(state, viewer),
            events=tuple(e for e in stored.events if e.visibility.allows(viewer)),
        )
        orders: dict[str, list[str]] = {}
        for result in stored.results:
            orders.setdefault(result.power, []).append(result.order)
        template: list[tuple[str, str]] = []
        if viewer not in (GM, PUBLIC) and not state.over:
            notes = order_notes(ruleset, state, viewer)  # a move's path and cost, as a comment
            lines = [(o.phase, o.canonical()) for o in ruleset.legal_orders(state, viewer)]
            template = [(p, f"{line}   # {notes[line]}" if line in notes else line) for p, line in lines]
        deadline = stored.opened.deadline
        return report_input(
            view,
            stored.window.label,
            "" if state.over else stored.opened.label,  # the last window: no next one to announce
            stored.results,
            orders,
            deadline=as_utc(deadline) if deadline is not None else None,
            timezone=self._zone_of(session, game, viewer),
            template=template,
            dice_seed_hash=game.seed_hash,
            dice_seed=game.seed.hex() if state.over and game.seed_revealed else "",
            steps=tuple(self._viewer_input(session, game, s, viewer) for s in stored.steps),
        )


def _result(row: ResultRow) -> OrderResult:
    reason = None if row.reason_code is None else Reason(code=row.reason_code, message=row.reason or "")
    return OrderResult(
        power=row.power, phase=row.phase, order=row.order_text, ok=row.ok, note=row.note, reason=reason
    )
