"""Misses per window or per step: reminders before a deadline, a miss and a late notice after it,
civil disorder at the calendar's limit (the deadline pass in deadlines.py calls these).

In a window played step by step (docs/turn-by-turn.md §7, "Per step") only the open step's
actors are reminded or counted: a power waiting for its own step has nothing to miss yet. Every
key names the window's id (the step's own row), so a step's mails are unique to it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from adjudicator.core.view import GM
from adjudicator.dates import viewer_zone, when_text
from adjudicator.service.base import as_utc
from adjudicator.service.calendar import Calendar, covers
from adjudicator.service.pass_guard import PassGuard
from adjudicator.store.models import Game, Power, Window


class MissTools(PassGuard):
    """Reminders, misses and civil disorder of the open window (or step); the caller's transaction."""

    def _acting_rows(self, session: Session, game: Game, window: Window) -> list[Power]:
        """The rows of the powers that act in ``window``: its actors for a step, else every power."""
        acting = set(window.actors) if window.parent_id is not None else set(game.powers)
        rows = session.exec(select(Power).where(Power.game_id == game.id).order_by(col(Power.id)))
        return [r for r in rows if r.power in acting]

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
            self.queue_mail(
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
            self.queue_mail(
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
