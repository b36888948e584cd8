"""Deadlines as a service: the calendar, extend/pause/resume, and the pass that the scheduler (and
``adjudicator tick``) runs: reminders, missed deadlines, early resolution.

The game tables are the source of truth: ``process_due`` reads them, never the scheduler's jobs, so a
job that fires twice, late, or not at all changes nothing but the moment things happen. Every mail
it queues has a stable key (``reminder.GAME.WINDOW.POWER.24h``, ``late.GAME.WINDOW.POWER``), looked up
before it is queued, so a second pass queues nothing twice, and a pass that loses the race to insert
it (two ``serve`` processes) runs that game again and finds it queued; the window itself is claimed by
the conditional UPDATE in ``Judge.adjudicate``, so a double fire resolves once. A game that fails
leaves its window open, its GM is told once, and the pass goes on (``pass_guard.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlmodel import Session, col, select

from adjudicator.core.options import MAX_PERIOD_HOURS
from adjudicator.core.view import GM
from adjudicator.dates import viewer_zone, when_text
from adjudicator.errors import AdjudicatorError
from adjudicator.service.base import as_utc
from adjudicator.service.calendar import Calendar, covers, parse_calendar
from adjudicator.service.pass_guard import PassGuard
from adjudicator.store.models import Game, Power, Window, utcnow


class DeadlineTools(PassGuard):
    """Deadline methods of the Judge (and, through PlayerTools, secrets and replacements); each public
    method is one transaction."""

    if TYPE_CHECKING:  # the Judge provides it; declared here so process_due type-checks

        def adjudicate(
            self, game_id: str, *, window: str | None = None, force: bool = False, now: datetime | None = None
        ) -> Any: ...

    # ---- helpers --------------------------------------------------------------------------------
    def _closes_at(self, game: Game, window: Window) -> datetime | None:
        """When orders stop being taken: the deadline plus the grace period."""
        if window.deadline is None:
            return None
        return as_utc(window.deadline) + timedelta(minutes=self._calendar(game).grace_minutes)

    def _open(self, session: Session, game: Game) -> Window:
        window = self._window(session, game)
        if window.status != "open":
            raise AdjudicatorError(f"{game.id} has no open window: {window.label} is {window.status}")
        return window

    def _announce_deadline(
        self, session: Session, game: Game, window: Window, deadline: datetime, why: str, now: datetime
    ) -> None:
        """Tell every power and the GM the window's (new) deadline in their own zone, with an .ics
        attachment stamped ``now``."""
        assert window.id is not None
        stamp = int(deadline.timestamp())
        for viewer in (*game.powers, GM):
            key = f"deadline.{game.id}.{window.id}.{viewer}.{stamp}"
            if self._queued(session, key):
                continue
            zone = self._zone_of(session, game, viewer)
            when = when_text(deadline, zone)
            self._queue_mail(
                session,
                game,
                kind="notice",
                recipient=viewer,
                key=key,
                subject=f"[{game.id}] {window.label}: deadline {when}",
                text=f"{why}\nDeadline of {window.label} in {game.id}: {when}\n",
                attachments=self._deadline_ics(game, window, now, zone),
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
        reserved = sorted({"paused", "paused_remaining_seconds"} & set(calendar))
        if reserved:
            raise AdjudicatorError(f"calendar {reserved[0]}: set by 'gm pause' and 'gm resume', not by hand")
        with self._tx() as session:
            game = self._game(session, game_id)
            merged = parse_calendar({**game.calendar, **calendar})
            game.calendar = merged.stored()
            session.add(game)
            window = self._window(session, game)
            if window.status == "open" and window.deadline is None and not merged.paused:
                deadline = self._opening_deadline(game, self._state(game), now)
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

    def extend(self, game_id: str, hours: float, *, now: datetime | None = None) -> datetime:
        """Move the open window's deadline later by ``hours`` (from now if it had none)."""
        now = now or utcnow()
        with self._tx() as session:
            return self._extend(session, self._game(session, game_id), hours, now)

    def _extend(self, session: Session, game: Game, hours: float, now: datetime) -> datetime:
        """The extension in the caller's transaction (the GM's mail)."""
        # NaN fails too; a year is the most (past it the clock overflows)
        if not 0 < hours <= MAX_PERIOD_HOURS:
            raise AdjudicatorError(
                f"extend by {hours!r} hours: expected a number of hours above 0 "
                f"and at most {MAX_PERIOD_HOURS}"
            )
        if game.status == "paused":
            raise AdjudicatorError(f"{game.id} is paused: resume it before extending the deadline")
        window = self._open(session, game)
        deadline = (as_utc(window.deadline) if window.deadline else now) + timedelta(hours=hours)
        window.deadline = deadline
        session.add(window)
        self._announce_deadline(
            session, game, window, deadline, f"The GM extended the deadline by {hours:g} h.", now
        )
        return deadline

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
        game.calendar = {**game.calendar, "paused": True, "paused_remaining_seconds": left}
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
        game.calendar = {**game.calendar, "paused": False, "paused_remaining_seconds": None}
        game.status = "active"
        window = self._window(session, game)
        deadline = None
        if left is not None and window.status == "open":
            deadline = now + timedelta(seconds=float(left))
            window.deadline = deadline
            self._announce_deadline(session, game, window, deadline, "The GM resumed the game.", now)
        session.add_all([game, window])
        return deadline

    # ---- the pass ---------------------------------------------------------------------------------
    def process_due(
        self,
        now: datetime | None = None,
        *,
        games: Sequence[str] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> list[str]:
        """One pass over the active games (or the ``games`` named): reminders, early resolution,
        deadlines past grace. One game's failure is reported and spares the others (``PassGuard``);
        ``should_stop`` is asked between games, so a shutdown waits for one game, not for all."""
        now = now or utcnow()
        query = select(Game.id).where(Game.status == "active")
        if games is not None:
            query = query.where(col(Game.id).in_(list(games)))
        with Session(self.engine) as session:
            ids = list(session.exec(query.order_by(col(Game.id))))
        done: list[str] = []
        for game_id in ids:
            if should_stop is not None and should_stop():
                break
            done += self._guarded(game_id, partial(self._process_game, game_id, now))
        return done

    def _process_game(self, game_id: str, now: datetime) -> list[str]:
        done: list[str] = []
        with self._tx() as session:
            game = self._game(session, game_id)
            window = self._window(session, game)
            if game.status != "active" or window.status != "open":
                return done
            calendar = self._calendar(game)
            sets = self._latest_sets(session, window)
            rows = list(session.exec(select(Power).where(Power.game_id == game.id).order_by(col(Power.id))))
            active = [r for r in rows if r.status == "active"]
            early = (
                calendar.early_when_all_ready
                and bool(active)
                and all(r.power in sets and sets[r.power].ready for r in active)
            )
            closes = self._closes_at(game, window)
            due = closes is not None and now >= closes
            if window.deadline is not None and not (early or due):
                done += self._remind(session, game, window, calendar, rows, set(sets), now)
            if due and not early:
                done += self._count_misses(session, game, window, calendar, rows, set(sets))
            window_id, label = window.id, window.label
        if not (early or due):
            return done
        why = "every power is READY" if early else "the deadline passed"
        try:
            result = self.adjudicate(game_id, window=str(window_id), force=True, now=now)
        except AdjudicatorError:
            with Session(self.engine) as session:
                again = session.get(Window, window_id)
                if again is not None and again.status == "open":
                    raise
            return [*done, f"{game_id}: {label} already resolved"]
        return [*done, f"{game_id}: {label} resolved ({why}); {result.then}"]

    def _remind(
        self,
        session: Session,
        game: Game,
        window: Window,
        calendar: Calendar,
        rows: list[Power],
        have: set[str],
        now: datetime,
    ) -> list[str]:
        """The latest reminder whose time has come, once, to each active power without orders."""
        assert window.deadline is not None
        deadline = as_utc(window.deadline)
        if now >= deadline:
            return []
        due = [h for h in calendar.reminders_hours if deadline - timedelta(hours=h) <= now]
        due = [h for h in due if deadline - timedelta(hours=h) > as_utc(window.opened_at)]
        if not due:
            return []
        hours = min(due)
        done: list[str] = []
        for row in rows:
            if row.power in have or row.status != "active" or covers(row.absences, deadline, calendar):
                continue
            key = f"reminder.{game.id}.{window.id}.{row.power}.{hours:g}h"
            if self._queued(session, key):
                continue
            self._queue_mail(
                session,
                game,
                kind="reminder",
                recipient=row.power,
                key=key,
                subject=f"[{game.id}] {window.label}: {hours:g} h to the deadline, no orders from you yet",
                text=(
                    f"The deadline of {window.label} in {game.id} is "
                    f"{when_text(deadline, viewer_zone(row.timezone, calendar.timezone))}, "
                    f"and the judge has no orders from {row.power} yet.\n"
                    "Without orders, default orders are used and a missed deadline is counted.\n"
                ),
                window_id=window.id,
            )
            done.append(f"{game.id}: reminder {hours:g}h to {row.power} ({window.label})")
        return done

    def _count_misses(
        self,
        session: Session,
        game: Game,
        window: Window,
        calendar: Calendar,
        rows: list[Power],
        have: set[str],
    ) -> list[str]:
        """A miss and a late notice for each active power without orders (none when an absence covers
        the deadline); civil disorder, and one notice to the GM, at the calendar's limit."""
        assert window.deadline is not None
        deadline = as_utc(window.deadline)
        done: list[str] = []
        for row in rows:
            if row.power in have or row.status != "active" or covers(row.absences, deadline, calendar):
                continue
            key = f"late.{game.id}.{window.id}.{row.power}"
            if self._queued(session, key):
                continue  # counted by an earlier pass that did not get to resolve the window
            row.missed += 1
            disorder = row.missed >= calendar.civil_disorder_after
            if disorder:
                row.status = "disorder"
            session.add(row)
            self._queue_mail(
                session,
                game,
                kind="notice",
                recipient=row.power,
                key=key,
                subject=f"[{game.id}] {window.label}: no orders by the deadline",
                text=(
                    f"No orders from {row.power} reached the judge by the deadline of {window.label} "
                    f"({when_text(deadline, viewer_zone(row.timezone, calendar.timezone))}): "
                    "default orders were used.\n"
                    f"Missed deadlines: {row.missed} (civil disorder at {calendar.civil_disorder_after}).\n"
                    + ("The power is now in civil disorder; the GM has been told.\n" if disorder else "")
                ),
                window_id=window.id,
            )
            done.append(f"{game.id}: {row.power} missed {window.label} ({row.missed})")
            if disorder:
                self._notice(
                    session,
                    game,
                    GM,
                    f"disorder.{game.id}.{window.id}.{row.power}",
                    f"{row.power} is in civil disorder",
                    f"{row.power} missed {row.missed} deadlines (the last: {window.label}) and is now in "
                    "civil disorder: default orders from now on. Hand it over with "
                    f"'adjudicator gm replace {game.id} {row.power} ADDRESS'.\n",
                )
                done.append(f"{game.id}: {row.power} in civil disorder")
        return done
