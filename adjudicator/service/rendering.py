"""Reports rendered after the commit that resolved their window, exactly once per viewer.

Why: rendering every viewer's report (the map drawn, its PNG rasterised, text, HTML, JSON) was 71 %
of an adjudication's transaction, held with the store's write lock (issue 18). Now the transaction
writes the window's outcome and queues one outbox row per viewer in the ``render`` state: its
recipient, subject, key (Message-ID) and the window (``window_id``) are set, the .ics of the next
deadline made as the window opened is attached; its text is not there yet. Everything else a report
is made of is already in the store (the events, the results, the snapshot: ``_stored_report_inputs``,
the same path as ``adjudicator report``), so it can be rendered later, in any process.

A render pass (:meth:`ReportRendering.render_pending`) takes one window's rows at a time:

1. Claims them (``render`` → ``rendering``, ``claimed_at``) in a transaction of its own; a row
   another pass claimed is left to it, so two processes never render one row both.
2. Reads the window's report inputs once and renders each viewer's report, the shared map PNG made
   once for the window (once per distinct drawing, should viewers' boards differ).
3. Stores the rendered rows (→ ``pending``) in one transaction, each conditional on its claim; the
   map PNG, the close-ups, the JSON, the text and HTML go to ``assets`` (service/assets.py), each
   stored once.

Only then can the sender take a row (it takes ``pending`` rows only): a mail is never sent
unrendered. A process killed after the adjudication's commit leaves ``render`` rows; one killed in
the middle of a pass leaves ``rendering`` rows whose claim goes stale after ``RENDER_STALE``: the
next pass renders them, and a late pass's result is refused by the claim. A report that cannot be
rendered (a bug) goes back to ``render`` with the error, tried again ``RENDER_RETRY`` later, and is
``failed`` after ``RENDER_ATTEMPTS``.

Who runs it: the judge itself right after the commit that queued the rows (the CLI, the scenario
runner, a GM's mail), unless it was made with ``render_after_commit=False`` (``serve``, whose
outbox sender runs a pass before each of its sending passes, out of the scheduler's way).
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, func, or_, update
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import Session, col, select

from adjudicator.report.mail import report_attachments
from adjudicator.report.mapimages import MapImages
from adjudicator.report.render import render_report
from adjudicator.service.assets import store_asset, stored_attachments
from adjudicator.service.history import HistoryTools
from adjudicator.store.models import Game, Outbox, Window, utcnow

log = logging.getLogger(__name__)

RENDER_STALE = timedelta(minutes=5)
"""A ``rendering`` claim older than this was left by a pass that died: it is taken again."""
RENDER_ATTEMPTS = 3
RENDER_RETRY = timedelta(minutes=1)
"""How long a report whose rendering failed waits for the next try (its ``next_attempt_at``)."""
RENDERED = {
    "status": "pending",
    "claimed_at": None,
    "attempts": 0,
    "last_error": None,
    "next_attempt_at": None,
}
"""A rendered row: ready for the sender, its delivery attempts counted from nought."""


class ReportRendering(HistoryTools):
    """The render pass over queued reports; each public method runs its own transactions."""

    def render_pending(
        self, game_id: str | None = None, *, limit: int | None = None, now: datetime | None = None
    ) -> int:
        """Render queued reports (of ``game_id``, else of every game), a window at a time, until
        none is left or ``limit`` rows are done; the number of rows rendered."""
        now = now or utcnow()
        done = 0
        tried: set[tuple[str, int]] = set()
        while limit is None or done < limit:
            group = self._next_group(now, game_id, tried)
            if group is None:
                return done
            tried.add(group)
            done += self._render_group(*group, now)
        return done

    # ---- one window's rows -----------------------------------------------------------------
    @staticmethod
    def _to_render(now: datetime) -> ColumnElement[bool]:
        return or_(
            and_(
                col(Outbox.status) == "render",
                or_(col(Outbox.next_attempt_at).is_(None), col(Outbox.next_attempt_at) <= now),
            ),
            and_(col(Outbox.status) == "rendering", col(Outbox.claimed_at) < now - RENDER_STALE),
        )

    def _next_group(
        self, now: datetime, game_id: str | None, tried: set[tuple[str, int]]
    ) -> tuple[str, int] | None:
        """The (game, window) of the oldest row to render that this pass has not tried: one row a
        window read, the tried ones skipped (a pass tries each window once)."""
        first = func.min(Outbox.id)
        query = select(Outbox.game_id, Outbox.window_id, first).where(self._to_render(now))
        if game_id is not None:
            query = query.where(Outbox.game_id == game_id)
        query = query.group_by(col(Outbox.game_id), col(Outbox.window_id)).order_by(first)
        with Session(self.engine) as session:
            for game, window, _ in session.exec(query.limit(len(tried) + 1)):
                if game is not None and window is not None and (game, window) not in tried:
                    return game, window
        return None

    def _render_group(self, game_id: str, window_id: int, now: datetime) -> int:
        claimed_at = utcnow()
        ours = and_(
            col(Outbox.game_id) == game_id,
            col(Outbox.window_id) == window_id,
            col(Outbox.status) == "rendering",
            col(Outbox.claimed_at) == claimed_at,
        )
        with self._tx() as tx:
            mine = and_(
                col(Outbox.game_id) == game_id, col(Outbox.window_id) == window_id, self._to_render(now)
            )
            claimed: Any = tx.execute(
                update(Outbox).where(mine).values(status="rendering", claimed_at=claimed_at)
            )
            if claimed.rowcount == 0:
                return 0  # another pass has them
        try:
            rendered = self._rendered(game_id, window_id, ours)
        except Exception as exc:
            log.exception("reports of window %s of %s not rendered", window_id, game_id)
            self._give_back(ours, exc, now)
            return 0
        done = 0
        with self._tx() as tx:
            for row_id, values in rendered.items():
                values["attachments"] = stored_attachments(tx, values["attachments"])
                bodies = json.dumps(
                    {"text": values.pop("text"), "html": values.pop("html")}, ensure_ascii=False
                )
                values["body_asset"] = store_asset(tx, bodies.encode("utf-8"), compress=True)
                stored: Any = tx.execute(
                    update(Outbox)
                    .where(ours, col(Outbox.id) == row_id)
                    .values(**values, body_text="", body_html=None, **RENDERED)
                )
                done += stored.rowcount
        return done

    def _rendered(self, game_id: str, window_id: int, ours: ColumnElement[bool]) -> dict[int, dict[str, Any]]:
        """Each claimed row's rendered parts (``text``, ``html``, ``attachments``), the window read once."""
        with Session(self.engine) as session:
            rows = list(session.exec(select(Outbox).where(ours).order_by(col(Outbox.id))))
            game = session.get(Game, game_id)
            window = session.get(Window, window_id)
            if game is None or window is None:
                raise LookupError(f"window {window_id} of {game_id} is not in the store")
            ruleset = self.ruleset(game)
            viewers = list(dict.fromkeys(r.recipient for r in rows))
            reports = self._stored_report_inputs(session, game, window, viewers)
        pngs = MapImages()
        out: dict[int, dict[str, Any]] = {}
        for row in rows:
            assert row.id is not None
            report = reports[row.recipient]
            made = render_report(report, ruleset, pngs=pngs)
            parts = report_attachments(made, game_id, window.label, row.recipient)
            out[row.id] = {
                "text": made.text,
                "html": made.mail_html,
                "attachments": [*row.attachments, *parts],
            }
        return out

    def _give_back(self, ours: ColumnElement[bool], exc: Exception, now: datetime) -> None:
        """Rows whose rendering failed: back to ``render`` for a pass ``RENDER_RETRY`` later,
        ``failed`` after ``RENDER_ATTEMPTS`` (never sent unrendered)."""
        reason = f"report not rendered: {type(exc).__name__}: {exc}"[:2000]
        with self._tx() as tx:
            rows = list(tx.exec(select(Outbox).where(ours)))
            for row in rows:
                row.attempts += 1
                row.last_error = reason
                row.status = "failed" if row.attempts >= RENDER_ATTEMPTS else "render"
                row.claimed_at = None
                row.next_attempt_at = now + RENDER_RETRY
                tx.add(row)
