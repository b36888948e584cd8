"""Which window an order set is for, locked: the open window, the open step, or a round's row.

Every way orders come in (``Judge.submit``, the mail gateway) starts here, in its transaction:
the window is locked first, so an adjudication either finished before (the set is refused, or, in a
round played step by step, goes on to the step now open) or waits until the set is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel import Session, col, select

from adjudicator.core.guards import parse_orders
from adjudicator.core.orders import Submission
from adjudicator.core.state import GameState
from adjudicator.dates import when_text
from adjudicator.errors import AdjudicatorError, GameOver, StaleWindow, WindowClosed
from adjudicator.service import state_cache
from adjudicator.service.calendar import read_calendar
from adjudicator.service.report_queue import OWN_TX
from adjudicator.service.steps import ROUND, StepTools
from adjudicator.store.models import Game, Window

_BUT_STATE = [c.key for c in Game.__table__.columns if c.key != "state"]  # type: ignore[attr-defined]
"""The game's columns but its state: what the window's lock re-reads each time."""

ReadSet = tuple[Window, GameState, Submission]
"""An order set read in the caller's transaction: its window (locked), the state, the submission."""


class OrderWindows(StepTools):
    """Locking the window an order set goes to, and reading the set as that window wants it."""

    def lock_orders_window(
        self, session: Session, game: Game, power: str | None, given: str | None
    ) -> Window:
        """The window orders of ``power`` (None: whoever) are for, locked (:meth:`_lock_window`)
        in the caller's transaction; refused unless it is open. ``given``: the mail's WINDOW.

        Orders naming a window that has closed are late: the refusal says so, and when it closed.
        In a round played step by step (service/steps.py) the open step is locked, and a set of
        ``power`` goes to it, or to the round's row as early orders for ``power``'s later step."""
        peek = self._window(session, game)
        in_round = (
            power is not None
            and peek.parent_id is not None
            and self._names_round(session, peek, given, power)
        )
        try:
            window = self._lock_window(session, game, None if in_round else given)
            for _ in range(5):  # a step resolved while this waited for the lock: the round goes on
                if window.status == "open" or window.parent_id is None or not in_round:
                    break
                fresh = self._window(session, game)
                if fresh.parent_id != window.parent_id or fresh.id == window.id:
                    break
                window = self._lock_window(session, game, None)
        except StaleWindow:
            closed = self._closed_window(session, game, given or "")
            if closed is None:
                raise
            when = closed.resolved_at or closed.deadline or closed.opened_at
            current = self._window(session, game).label
            raise AdjudicatorError(
                f"{self._too_late(game, closed, when)}; the open window is {current}: "
                "send your orders for it (or leave the WINDOW line out)"
            ) from None
        if window.status != "open":
            now_open = self._window(session, game)
            if now_open.id != window.id:  # adjudicated (or rolled back) while these were on their way
                raise WindowClosed(game.id, window.label, window.status, now_open.label, now_open.status)
            if window.status == "over":
                raise GameOver(game.id)
            raise AdjudicatorError(f"{game.id} takes no orders now: window {window.label} is {window.status}")
        if in_round and power is not None:
            return self._steps_window(session, game, window, power, given)
        return window

    def _too_late(self, game: Game, window: Window, closed: datetime) -> str:
        """``too late: T1.economy closed at Fri 27 Nov 2026 21:00 CET`` (the game's time zone)."""
        zone = read_calendar(game.calendar, game.options).timezone
        return f"too late: {window.label} closed at {when_text(closed, zone)}"

    @staticmethod
    def _closed_window(session: Session, game: Game, given: str) -> Window | None:
        """The last window of ``game`` called ``given`` (label or id) that was resolved, or None."""
        rows = session.exec(
            select(Window)
            .where(Window.game_id == game.id, col(Window.status) == "resolved")
            .order_by(col(Window.id).desc())
        )
        return next((w for w in rows if given in (w.label, str(w.id))), None)

    def _lock_window(self, session: Session, game: Game, given: str | None) -> Window:
        """The game's current window, locked until the end of the transaction; the game re-read.

        A submission and an adjudication both start here, so they run one after the other and
        the second sees what the first committed. PostgreSQL: ``SELECT … FOR NO KEY UPDATE`` on
        the window's row (read again as the first left it). SQLite: the transaction holds the
        database's write lock from its start (store/db.py), so nothing can change meanwhile.
        The game is re-read without its state (the largest column by far), and the state only
        when its digest changed: every write of a state writes its digest (base._set_state).
        """
        session.flush()  # what this transaction changed already is kept by the reads below
        window = self._match_window(session, game, given)
        if session.info.get(OWN_TX) and session.connection().dialect.name == "sqlite":
            # A transaction of ``_tx``'s own (one session, one transaction) held SQLite's write
            # lock before its first read: every row it read is current, a re-read costs two
            # statements a mail for nothing (issue 18).
            return window
        locked = session.get(Window, window.id, with_for_update={"key_share": True}, populate_existing=True)
        assert locked is not None
        digest = game.state_digest
        session.refresh(game, attribute_names=_BUT_STATE)
        if game.state_digest != digest:
            session.refresh(game, attribute_names=["state"])
        return locked

    def read_submission(
        self,
        game: Game,
        power: str,
        window: Window,
        lines: Sequence[tuple[int, str]],
        *,
        state: GameState | None = None,
    ) -> Submission:
        """The order lines of ``power`` as ``window`` takes them: strictly for an open window or
        step (``IF`` guards only in a step), loosely for early orders on a round's row (the steps
        before may change the board; they are checked again when the power's step opens).
        ``state``: the game's state when the caller has read it already (it is not read again)."""
        early = window.step_kind == ROUND
        stepped = early or window.parent_id is not None
        state = state if state is not None else self._state(game)
        return state_cache.submission(
            game,
            state,
            (power, tuple(lines), early, stepped),
            lambda: parse_orders(self.ruleset(game), state, power, lines, strict=not early, guards=stepped),
        )
