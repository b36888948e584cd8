"""The deadline pass: reminders, missed deadlines, early resolution, found by one indexed query.

Why an index and not a look at every game: a judge with ten thousand games has, at any minute,
nothing to do for nearly all of them, and a pass that opened each game cost milliseconds a game
(issue 18). So every game carries ``games.wake_at`` (migration 0006): the earliest moment the pass
has something to do for it (its next reminder, its deadline plus grace, its round's cap), or NULL
when nothing will happen until something changes. The pass writes the exact moment after it looked
at a game; triggers in the store set it to ``WAKE_NOW`` (always due) whenever something changes
that may bring work forward (orders stored, a deadline moved, a window opened, a power's status, the
calendar), whoever wrote it. A pass is then one range query on that index (:meth:`due_games`),
whatever the number of games, and only the games it returns are opened.

Several passes at once (two ``serve`` processes, ``adjudicator tick`` beside ``serve``, worker
threads) share the work by claiming: a pass takes a due game by moving its ``wake_at`` to now plus
:data:`LEASE` in one UPDATE, which on PostgreSQL skips a row another transaction holds (``FOR NO KEY
UPDATE SKIP LOCKED``), and on SQLite runs under the database's write lock; an UPDATE that changed no
row means another pass has it. A pass that dies holding a game leaves it due again when the lease
runs out. A window's part is one transaction and one commit (each commit is an fsync: issue 18):
the look, the misses and late notices, the resolution and the look at the window it opened; on
SQLite the claim too, which there is one step with the rest under the write lock. Claims only
spare work: exactly once still rests on the window's lock and status check in
``Judge.adjudicate`` and on the keyed outbox rows (``pass_guard.py``).

A game's own part is read under a lock on its row (PostgreSQL), so a change committed while the pass
computes ``wake_at`` waits for it and then marks the game due again: no change is lost.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import Select, func, null, select, union_all, update
from sqlmodel import Session, col

from adjudicator.errors import AdjudicatorError
from adjudicator.service.base import as_utc
from adjudicator.service.calendar import Calendar
from adjudicator.service.misses import MissTools
from adjudicator.service.receipts import Adjudicated
from adjudicator.store.models import Game, Window, utcnow

MAX_STEPS_PER_PASS = 100
"""Windows and steps one pass resolves in a row for one game (at a round's cap); the next goes on."""
LEASE = timedelta(minutes=15)
"""How long a claimed game stays out of other passes: far above one game's part (one adjudication,
a round's steps); a pass that died with the claim gives the game back after it."""
BATCH = 500
"""Due games one query returns; a pass asks again until it gets none it has not seen."""
MAX_WORKERS = 4
"""Worker threads of a pass on PostgreSQL (each claims and resolves its own games)."""


def default_workers(dialect: str) -> int:
    """PostgreSQL: a few threads, as many as the machine's cores up to MAX_WORKERS (the adjudication
    and the rendering are CPU work, the row locks keep two games apart). SQLite: one, because every
    writing transaction there holds the one database write lock (``BEGIN IMMEDIATE``, store/db.py)
    for the whole adjudication: a second thread would only wait for it."""
    if dialect != "postgresql":
        return 1
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


@dataclass(frozen=True)
class Look:
    """What a look at a game's open window found: its lines, and when it is due, what to resolve
    (the window's id, its label, why it is due)."""

    lines: list[str]
    due: tuple[int, str, str] | None = None


@dataclass(frozen=True)
class PassDone:
    """What a pass did (its lines), when the next game comes due after it (None: none will until
    something changes), and whether games it left were due still (failed ones, claimed elsewhere)."""

    lines: list[str]
    next_wake: datetime | None
    left_due: bool


class DuePass(MissTools):
    """``process_due`` and its parts; the Judge provides ``adjudicate``."""

    if TYPE_CHECKING:  # the Judge provides it; declared here so process_due type-checks
        adjudicate: Callable[..., Adjudicated]  # (game_id, *, window, force, now, session)

    # ---- helpers shared with the deadline tools ---------------------------------------------------
    def _closes_at(self, game: Game, window: Window) -> datetime | None:
        """When orders stop being taken: the deadline plus the grace period."""
        if window.deadline is None:
            return None
        return as_utc(window.deadline) + timedelta(minutes=self._calendar(game).grace_minutes)

    @staticmethod
    def _round_row(session: Session, window: Window) -> Window | None:
        """The round's parent row of a step (its deadline is the round's cap), else None."""
        return None if window.parent_id is None else session.get(Window, window.parent_id)

    # ---- finding and claiming ---------------------------------------------------------------------
    def due_games(
        self, now: datetime, games: Sequence[str] | None = None, limit: int = BATCH
    ) -> tuple[list[str], datetime | None]:
        """The games due at ``now`` (the earliest first, at most ``limit``) and the next moment one
        comes due after ``now`` (None if none will): one statement, two ranges of one index."""
        wake = col(Game.wake_at)
        due: Select[Any, Any] = select(col(Game.id).label("id"), wake.label("at")).where(wake <= now)
        later = select(null().label("id"), func.min(col(Game.wake_at)).label("at")).where(
            col(Game.wake_at) > now
        )
        if games is not None:
            due = due.where(col(Game.id).in_(list(games)))
            later = later.where(col(Game.id).in_(list(games)))
        due = due.order_by(col(Game.wake_at)).limit(limit)
        query = union_all(select(due.subquery()), later)
        with Session(self.engine) as session:
            rows = session.execute(query).all()
        ids = [row.id for row in rows if row.id is not None]
        after = next((as_utc(row.at) for row in rows if row.id is None and row.at is not None), None)
        return ids, after

    def _claim(self, session: Session, game_id: str, now: datetime) -> bool:
        """Take a due game for this pass (its ``wake_at`` moves to now + LEASE until its part writes
        its own moment); False if it is not due any more or another pass holds it (PostgreSQL: its
        row is locked, skipped). On SQLite this is the first statement of the transaction that does
        the game's part (the database's write lock makes it one step); on PostgreSQL it is a
        transaction of its own before the part (:meth:`_claimed`): a claim held through the part
        would lock the game's row before the window's, the other way round from a submission."""
        pick = select(col(Game.id)).where(col(Game.id) == game_id, col(Game.wake_at) <= now)
        if self.engine.dialect.name == "postgresql":
            pick = pick.with_for_update(key_share=True, skip_locked=True)
        claim = update(Game).where(col(Game.id).in_(pick.scalar_subquery())).values(wake_at=now + LEASE)
        return bool(session.execute(claim).rowcount)  # type: ignore[attr-defined]

    def _claimed(self, game_id: str, now: datetime) -> bool:
        """PostgreSQL: the claim committed before the game's part (a lease over its windows)."""
        if self.engine.dialect.name != "postgresql":
            return True  # claimed in the part's own transaction
        with self._tx() as session:
            return self._claim(session, game_id, now)

    def _locked_game(self, session: Session, game_id: str) -> tuple[Game | None, bool]:
        """The game's row, and whether its part can go on in this transaction. PostgreSQL: its open
        window's row locked first, then the game's (``FOR NO KEY UPDATE``), in the order a
        submission and an adjudication take them, so a submission at the deadline waits for the
        pass instead of deadlocking with it; a change committed meanwhile waits, then marks the
        game due again. False when the open window changed in between (looked at again)."""
        if self.engine.dialect.name != "postgresql":
            return session.get(Game, game_id), True
        seen = session.get(Game, game_id)
        if seen is None or seen.current_window_id is None:
            return seen, True
        opened = seen.current_window_id
        session.get(Window, opened, with_for_update={"key_share": True}, populate_existing=True)
        game = session.get(Game, game_id, with_for_update={"key_share": True}, populate_existing=True)
        return game, game is None or game.current_window_id == opened

    def _release(self, game_id: str, now: datetime) -> None:
        """A game whose part failed is due again at the next pass (its GM was told once)."""
        again = update(Game).where(col(Game.id) == game_id, col(Game.wake_at) > now).values(wake_at=now)
        with self._tx() as session:
            session.execute(again)

    # ---- the pass ---------------------------------------------------------------------------------
    def process_due(
        self,
        now: datetime | None = None,
        *,
        games: Sequence[str] | None = None,
        should_stop: Callable[[], bool] | None = None,
        workers: int | None = None,
    ) -> list[str]:
        """One pass over the due games (of the ``games`` named, or all): reminders, early resolution,
        deadlines past grace. One game's failure is reported and spares the others (``PassGuard``);
        ``should_stop`` is asked between games, so a shutdown waits for the games under way only.
        ``workers``: threads that claim and resolve games side by side on PostgreSQL (default:
        ``default_workers``); SQLite always uses one."""
        return self.run_pass(now, games=games, should_stop=should_stop, workers=workers).lines

    def run_pass(
        self,
        now: datetime | None = None,
        *,
        games: Sequence[str] | None = None,
        should_stop: Callable[[], bool] | None = None,
        workers: int | None = None,
    ) -> PassDone:
        """``process_due``, and the next moment a game comes due (for the scheduler's timer). A pass
        with nothing due is one statement; one with work asks again after each batch."""
        now = now or utcnow()
        dialect = self.engine.dialect.name
        threads = default_workers(dialect) if workers is None or dialect != "postgresql" else workers
        seen: set[str] = set()
        done: list[str] = []
        while True:
            due, after = self.due_games(now, games)
            fresh = [g for g in due if g not in seen]
            if not fresh or (should_stop is not None and should_stop()):
                return PassDone(done, after, bool(due))
            seen.update(fresh)
            one = partial(self._pass_game, now=now, should_stop=should_stop)
            if threads == 1 or len(fresh) == 1:
                for lines in map(one, fresh):
                    done += lines
            else:
                with ThreadPoolExecutor(threads, thread_name_prefix="deadline-pass") as pool:
                    for lines in pool.map(one, fresh):
                        done += lines

    def _pass_game(self, game_id: str, *, now: datetime, should_stop: Callable[[], bool] | None) -> list[str]:
        """Do one game's part, unless another pass has it or a stop was asked."""
        if (should_stop is not None and should_stop()) or not self._claimed(game_id, now):
            return []
        failed: list[bool] = []

        def part() -> list[str]:
            return self._process_game(game_id, now)

        lines = self._guarded(game_id, part, failed.append)
        if failed:
            self._release(game_id, now)
        return lines

    def _process_game(self, game_id: str, now: datetime) -> list[str]:
        """One game's part of the pass: the open window's, then, while the window each resolution
        opened is due too (a round's steps at its cap), the next one's, each in its own transaction."""
        done: list[str] = []
        for _ in range(MAX_STEPS_PER_PASS):
            lines, more = self._process_window(game_id, now)
            done += lines
            if not more:
                break
        return done

    def _process_window(self, game_id: str, now: datetime) -> tuple[list[str], bool]:
        """One transaction, one commit (each is an fsync: issue 18): the claim (SQLite), the look at the open
        window (reminders, or its next ``wake_at``), and when it is due its misses and late notices,
        its resolution, and the look at the window that opened. All or nothing: a resolution that
        fails takes the misses back with it, so they are counted once, by the pass that resolves.
        Whether the new window is due as well (resolved next, in a transaction of its own)."""
        resolving: tuple[int, str] | None = None
        try:
            with self._tx() as session:
                if self.engine.dialect.name != "postgresql" and not self._claim(session, game_id, now):
                    return [], False
                game, steady = self._locked_game(session, game_id)
                if game is None or not steady:
                    return [], game is not None
                look = self._look(session, game, now, count=True)
                if look.due is None:
                    return look.lines, False
                resolving = look.due[:2]
                result = self.adjudicate(
                    game_id, window=str(look.due[0]), force=True, now=now, session=session
                )
                session.flush()  # the store's triggers have marked the game due: the look below decides
                after = self._look(session, game, now, count=False)
                line = f"{game_id}: {look.due[1]} resolved ({look.due[2]}); {result.then}"
                return [*look.lines, line, *after.lines], after.due is not None
        except AdjudicatorError:
            if resolving is None:
                raise
            with Session(self.engine) as session:
                again = session.get(Window, resolving[0])
                if again is not None and again.status == "open":
                    raise
            return [f"{game_id}: {resolving[1]} already resolved"], True

    def _look(self, session: Session, game: Game, now: datetime, *, count: bool) -> Look:
        """The open window (or step) of ``game`` at ``now``: not due, its reminders sent and the
        game's next ``wake_at`` written; due, its misses counted (with ``count``, and only when the
        deadline rather than READY made it due) and what to resolve."""
        window = self._window(session, game)
        if game.status != "active" or window.status != "open":
            game.wake_at = None
            return Look([])
        calendar = self._calendar(game)
        sets = self._latest_sets(session, window)
        rows = self._acting_rows(session, game, window)  # a step: its actors only
        active = [r for r in rows if r.status == "active"]
        parent = self._round_row(session, window)
        # a step whose actors are all in civil disorder, with nothing stored, waits for nobody
        idle = parent is not None and not active and not any(r.power in sets for r in rows)
        early = idle or (
            calendar.early_when_all_ready
            and bool(active)
            and all(r.power in sets and sets[r.power].ready for r in active)
        )
        closes = self._closes_at(game, window)
        cap = self._closes_at(game, parent) if parent is not None else None
        capped = cap is not None and now >= cap
        due = capped or (closes is not None and now >= closes)
        assert window.id is not None
        if (early or due) and not count:
            return Look([], (window.id, window.label, ""))
        done: list[str] = []
        if window.deadline is not None and not (early or due):
            done += self._remind(session, game, window, calendar, rows, set(sets), now)
        if not (early or due):
            game.wake_at = self._next_wake(window, calendar, now, closes, cap)
            return Look(done)
        if due and not early:
            done += self._count_misses(session, game, window, calendar, rows, set(sets))
        why = (
            "its actors are in civil disorder"
            if idle
            else "every power is READY"
            if early
            else "the round's cap passed"
            if capped
            else "the deadline passed"
        )
        return Look(done, (window.id, window.label, why))

    @staticmethod
    def _next_wake(
        window: Window, calendar: Calendar, now: datetime, closes: datetime | None, cap: datetime | None
    ) -> datetime | None:
        """The next moment after ``now`` the pass has something to do for this open window: its next
        reminder (as ``_remind`` sends them), its deadline plus grace, its round's cap plus grace;
        None without a deadline (orders stored, a deadline set, wake the game through the triggers)."""
        moments = [t for t in (closes, cap) if t is not None]
        if window.deadline is not None:
            deadline, opened = as_utc(window.deadline), as_utc(window.opened_at)
            for hours in calendar.reminders_hours:
                at = deadline - timedelta(hours=hours)
                if now < at and at > opened:
                    moments.append(at)
        return min(moments) if moments else None
