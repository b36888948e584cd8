"""Deadlines as a service: the calendar, extend/pause/resume, and the pass that the scheduler (and
``adjudicator tick``) runs: reminders, missed deadlines, early resolution.

The game tables are the source of truth: ``process_due`` (due_pass.py) reads them, never the
scheduler's timers, so a pass that runs twice, late, or not at all changes nothing but the moment
things happen; it finds its games by the indexed ``games.wake_at``. Every mail
it queues has a stable key (``reminder.GAME.WINDOW.POWER.24h``, ``late.GAME.WINDOW.POWER``), looked up
before it is queued, so a second pass queues nothing twice, and a pass that loses the race to insert
it (two ``serve`` processes) runs that game again and finds it queued; the window itself is claimed by
the conditional UPDATE in ``Judge.adjudicate``, so a double fire resolves once. A game that fails
leaves its window open, its GM is told once, and the pass goes on (``pass_guard.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlmodel import Session

from adjudicator.core.options import MAX_PERIOD_HOURS
from adjudicator.core.view import GM
from adjudicator.dates import when_text
from adjudicator.errors import AdjudicatorError
from adjudicator.service.base import as_utc
from adjudicator.service.calendar import Calendar, parse_calendar, round_deadline, step_deadline, window_kind
from adjudicator.service.due_pass import MAX_STEPS_PER_PASS, DuePass
from adjudicator.service.receipts import Adjudicated
from adjudicator.service.report_queue import deadline_ics
from adjudicator.store.models import Game, Window, utcnow


class DeadlineTools(DuePass):
    """Deadline methods of the Judge (and, through PlayerTools, secrets and replacements); each public
    method is one transaction."""

    if TYPE_CHECKING:  # the Judge provides it; declared here so process_round type-checks

        def _adjudicate(
            self, session: Session, game: Game, window: str | None, force: bool, now: datetime
        ) -> Adjudicated: ...

    # ---- helpers --------------------------------------------------------------------------------
    def _open(self, session: Session, game: Game) -> Window:
        window = self._window(session, game)
        if window.status != "open":
            raise AdjudicatorError(f"{game.id} has no open window: {window.label} is {window.status}")
        return window

    @staticmethod
    def _round_row(session: Session, window: Window) -> Window | None:
        """The round's parent row of a step (its deadline is the round's cap), else None."""
        return None if window.parent_id is None else session.get(Window, window.parent_id)

    @staticmethod
    def _check_hours(hours: float) -> None:
        # NaN fails too; a year is the most (past it the clock overflows)
        if not 0 < hours <= MAX_PERIOD_HOURS:
            raise AdjudicatorError(
                f"extend by {hours!r} hours: expected a number of hours above 0 "
                f"and at most {MAX_PERIOD_HOURS}"
            )

    def _announce_deadline(
        self, session: Session, game: Game, window: Window, deadline: datetime, why: str, now: datetime
    ) -> None:
        """Tell every power (a step's actors only) and the GM the window's (new) deadline in their
        own zone, with an .ics attachment stamped ``now``."""
        assert window.id is not None
        stamp = int(deadline.timestamp())
        told = window.actors if window.parent_id is not None else game.powers
        for viewer in (*told, GM):
            key = f"deadline.{game.id}.{window.id}.{viewer}.{stamp}"
            if self._queued(session, key):
                continue
            zone = self._zone_of(session, game, viewer)
            when = when_text(deadline, zone)
            self.queue_mail(
                session,
                game,
                kind="notice",
                recipient=viewer,
                key=key,
                subject=f"[{game.id}] {window.label}: deadline {when}",
                text=f"{why}\nDeadline of {window.label} in {game.id}: {when}\n",
                attachments=deadline_ics(game, window, now, zone, self.mail_domain),
                window_id=window.id,
            )

    # ---- the calendar -----------------------------------------------------------------------------
    def calendar(self, game_id: str) -> Calendar:
        with Session(self.engine) as session:
            return self._calendar(self._game(session, game_id))

    def set_calendar(self, game_id: str, calendar: Mapping[str, Any], *, now: datetime | None = None) -> None:
        """Change the settings given (the others are kept). An open window without a deadline gets
        one from the new calendar, counted from now, and every power is told; a deadline already set
        stays (``extend`` moves it)."""
        now = now or utcnow()
        reserved = sorted({"paused", "paused_remaining_seconds", "paused_round_seconds"} & set(calendar))
        if reserved:
            raise AdjudicatorError(f"calendar {reserved[0]}: set by 'gm pause' and 'gm resume', not by hand")
        with self._tx() as session:
            game = self._game(session, game_id)
            merged = parse_calendar({**game.calendar, **calendar})
            game.calendar = merged.stored()
            session.add(game)
            window = self._window(session, game)
            if window.status == "open" and window.deadline is None and not merged.paused:
                parent = self._round_row(session, window)
                if parent is None:
                    deadline = self._opening_deadline(game, self._state(game), now)
                else:  # a step: the round gets its cap (if it had none), the step its own deadline
                    kind = window_kind(window.label)
                    parent.deadline = parent.deadline or round_deadline(now, kind, merged)
                    session.add(parent)
                    cap = as_utc(parent.deadline) if parent.deadline else None
                    deadline = step_deadline(now, kind, merged, cap)
                if deadline is not None:
                    window.deadline = deadline
                    session.add(window)
                    self._announce_deadline(
                        session, game, window, deadline, "The GM set the game's calendar.", now
                    )

    def next_deadline(self, game_id: str) -> datetime | None:
        """The open window's deadline (None without one, or while the game is paused)."""
        with Session(self.engine) as session:
            window = self._window(session, self._game(session, game_id))
            return as_utc(window.deadline) if window.deadline and window.status == "open" else None

    def extend(
        self, game_id: str, hours: float, *, now: datetime | None = None, session: Session | None = None
    ) -> datetime:
        """Move the open window's deadline later by ``hours`` (from now if it had none); in a round
        played step by step, the open step's (and the round's cap too, if the step's passes it).
        ``session``: the caller's transaction (a GM's mail), else one of its own."""
        now = now or utcnow()
        with self._within(session) as tx:
            return self._extend(tx, self._game(tx, game_id), hours, now)

    def _extend(self, session: Session, game: Game, hours: float, now: datetime) -> datetime:
        """The extension in the caller's transaction (the GM's mail)."""
        self._check_hours(hours)
        if game.status == "paused":
            raise AdjudicatorError(f"{game.id} is paused: resume it before extending the deadline")
        window = self._open(session, game)
        deadline = (as_utc(window.deadline) if window.deadline else now) + timedelta(hours=hours)
        window.deadline = deadline
        session.add(window)
        parent = self._round_row(session, window)  # a step: the round's cap follows it if passed
        if parent is not None and parent.deadline is not None and deadline > as_utc(parent.deadline):
            parent.deadline = deadline
            session.add(parent)
        self._announce_deadline(
            session, game, window, deadline, f"The GM extended the deadline by {hours:g} h.", now
        )
        return deadline

    def extend_round(
        self, game_id: str, hours: float, *, now: datetime | None = None, session: Session | None = None
    ) -> datetime:
        """Move the cap of the open round (played step by step) later by ``hours`` (from now if it
        had none); the open step keeps its own deadline. Every power is told. ``session``: the
        caller's transaction (a GM's mail), else one of its own."""
        now = now or utcnow()
        self._check_hours(hours)
        with self._within(session) as tx:
            game = self._game(tx, game_id)
            if game.status == "paused":
                raise AdjudicatorError(f"{game.id} is paused: resume it before extending the round")
            window = self._open(tx, game)
            parent = self._round_row(tx, window)
            if parent is None:
                raise AdjudicatorError(
                    f"{window.label} of {game.id} is not played step by step: it has no round to extend"
                )
            cap = (as_utc(parent.deadline) if parent.deadline else now) + timedelta(hours=hours)
            parent.deadline = cap
            tx.add(parent)
            self._announce_deadline(
                tx, game, parent, cap, f"The GM extended the round's cap by {hours:g} h.", now
            )
            return cap

    def pause(self, game_id: str, *, now: datetime | None = None) -> None:
        """Stop the clock: the time left is kept, and nothing resolves until ``resume``."""
        now = now or utcnow()
        with self._tx() as session:
            return self._pause(session, self._game(session, game_id), now)

    def _pause(self, session: Session, game: Game, now: datetime) -> None:
        """The pause in the caller's transaction (the GM's mail)."""
        if game.status != "active":
            raise AdjudicatorError(f"{game.id} is {game.status}: only an active game can be paused")
        window = self._window(session, game)
        left = None
        if window.deadline is not None and window.status == "open":
            left = max(0.0, (as_utc(window.deadline) - now).total_seconds())
        window.deadline = None
        parent = self._round_row(session, window)  # a step: the round's cap waits too
        cap_left = None
        if parent is not None and parent.deadline is not None:
            cap_left = max(0.0, (as_utc(parent.deadline) - now).total_seconds())
            parent.deadline = None
            session.add(parent)
        game.calendar = {
            **game.calendar,
            "paused": True,
            "paused_remaining_seconds": left,
            "paused_round_seconds": cap_left,
        }
        game.status = "paused"
        session.add_all([game, window])
        for viewer in (*game.powers, GM):
            self._notice(
                session,
                game,
                viewer,
                f"pause.{game.id}.{window.id}.{viewer}.{int(now.timestamp())}",
                f"{window.label}: the game is paused",
                "The GM paused the game; the time left to the deadline is kept until it resumes.\n",
            )

    def resume(self, game_id: str, *, now: datetime | None = None) -> datetime | None:
        """Start the clock again: the deadline is now plus the time that was left."""
        now = now or utcnow()
        with self._tx() as session:
            return self._resume(session, self._game(session, game_id), now)

    def _resume(self, session: Session, game: Game, now: datetime) -> datetime | None:
        """The resumption in the caller's transaction (the GM's mail)."""
        if game.status != "paused":
            raise AdjudicatorError(f"{game.id} is {game.status}, not paused: nothing to resume")
        left = game.calendar.get("paused_remaining_seconds")
        cap_left = game.calendar.get("paused_round_seconds")
        game.calendar = {
            **game.calendar,
            "paused": False,
            "paused_remaining_seconds": None,
            "paused_round_seconds": None,
        }
        game.status = "active"
        window = self._window(session, game)
        parent = self._round_row(session, window)
        if parent is not None and cap_left is not None and window.status == "open":
            parent.deadline = now + timedelta(seconds=float(cap_left))  # pushed by the time paused
            session.add(parent)
        deadline = None
        if left is not None and window.status == "open":
            deadline = now + timedelta(seconds=float(left))
            window.deadline = deadline
            self._announce_deadline(session, game, window, deadline, "The GM resumed the game.", now)
        session.add_all([game, window])
        return deadline

    # ---- the GM's PROCESS ROUND ---------------------------------------------------------------
    def process_round(
        self, game_id: str, *, now: datetime | None = None, session: Session | None = None
    ) -> Adjudicated:
        """Resolve every remaining step of the open round with what is stored (early sets,
        defaults): one transaction per step, or all in ``session`` (a GM's mail: all or nothing)."""
        now = now or utcnow()
        with self._within(session) as tx:
            window = self._open(tx, self._game(tx, game_id))
            if window.parent_id is None:
                raise AdjudicatorError(
                    f"{window.label} of {game_id} is not played step by step: use PROCESS for it"
                )
            parent_id = window.parent_id
        labels: list[str] = []
        for _ in range(MAX_STEPS_PER_PASS):
            with self._within(session) as tx:
                game = self._game(tx, game_id)
                window = self._window(tx, game)
                if window.parent_id != parent_id or window.status != "open":
                    break
                done = self._adjudicate(tx, game, str(window.id), True, now)
            labels += done.labels
        return Adjudicated(tuple(labels), done.now_open, done.over)
