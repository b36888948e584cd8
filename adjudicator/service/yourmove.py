""" "Your move": the mail that opens a power's step in a round played step by step.

docs/turn-by-turn.md §7, §8. A power acting in a step has to know, from this mail alone, which
step is open for it and until when (with the ``.ics``), what became of the orders it sent early,
what the steps since its last one did (as it may see them: the same rendering as a report, so it
cannot say more than the power's report would), and which orders the judge would accept now (the
order template, as a report's). It is built from the stored rows in the transaction that opens
the step, like the reports.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlmodel import Session, col, select

from adjudicator.dates import when_text
from adjudicator.report.mail import report_attachments
from adjudicator.report.model import ReportInput
from adjudicator.report.order_template import order_template
from adjudicator.report.render import position_text, render_report
from adjudicator.service.assets import stored_attachments
from adjudicator.service.base import as_utc
from adjudicator.service.history import HistoryTools, StoredWindow
from adjudicator.service.report_queue import deadline_ics
from adjudicator.store.models import Game, OrderSet, Window


class YourMoveTools(HistoryTools):
    """The "your move" mail of a step's actors (queued by StepTools._open_step)."""

    def _queue_your_move(self, session: Session, game: Game, row: Window, now: datetime) -> None:
        """ "Your move" to each actor of ``row`` (a step that waits for orders): the step, its
        deadline, the early orders' fate, the steps since the actor's last one, the template."""
        assert row.id is not None
        copied = {s.power: s for s in session.exec(select(OrderSet).where(OrderSet.window_id == row.id))}
        for power in row.actors:
            zone = self._zone_of(session, game, power)
            lines = [f"It is your move in {game.id}: step {row.label}."]
            if row.deadline is not None:
                lines.append(f"Deadline: {when_text(as_utc(row.deadline), zone)} (the attached .ics has it).")
            early = copied.get(power)
            if early is not None:
                lines += ["", "Your early orders were checked now that your step is open:"]
                lines += [f"  kept: {o}" for o in early.orders] or ["  kept: nothing"]
                lines += [f"  REFUSED {why}" for why in early.issues]
                if early.ready:
                    lines.append("  ready: yes (your step resolves now)")
                else:
                    lines.append("  ready: no (send READY, or new orders, before the deadline)")
            else:
                lines.append(f"Send your orders for this step (WINDOW {row.label}), then READY.")
            since = self._since_report(session, game, row, power)
            html, attachments = None, deadline_ics(game, row, now, zone, self.mail_domain)
            if since is None:
                report = self._opening_input(session, game, row, power)
                ruleset = self.ruleset(game)
                template = order_template(report, ruleset.phases(), lines_deadline(row, zone))
                position = position_text(report, ruleset)  # the board as the step opens
                head = "\n".join(lines) + ("\n\n" + position.rstrip("\n") if position else "")
                body = head + ("\n\n" + template if template else "\n")
            else:
                rendered = render_report(since, self.ruleset(game))
                body = "\n".join(lines) + "\n\nWhat happened since your last step:\n\n" + rendered.text
                html = rendered.mail_html
                attachments += report_attachments(rendered, game.id, row.label, power)
                attachments = stored_attachments(session, attachments)  # the map: stored once
            self.queue_mail(
                session,
                game,
                kind="notice",
                recipient=power,
                key=f"yourmove.{game.id}.{row.id}.{power}",
                subject=f"[{game.id}] your move: {row.label}",
                text=body,
                html=html,
                attachments=attachments,
                window_id=row.id,
            )

    def _since_report(self, session: Session, game: Game, row: Window, power: str) -> ReportInput | None:
        """``power``'s report of the round's steps resolved since its last step (all of them when
        it had none yet in this round), as one report with a section a step; None if none."""
        done = list(
            session.exec(
                select(Window)
                .where(Window.parent_id == row.parent_id, Window.status == "resolved")
                .where(col(Window.id) < row.id)
                .order_by(col(Window.id))
            )
        )
        mine = [i for i, w in enumerate(done) if power in w.actors]
        done = done[mine[-1] + 1 :] if mine else done
        if not done:
            return None
        steps = tuple(self._stored_window(session, game, w) for w in done)
        union = StoredWindow(
            window=done[0],
            opened=row,
            state=steps[-1].state,
            events=tuple(e for s in steps for e in s.events),
            results=tuple(r for s in steps for r in s.results),
            steps=steps,
        )
        label = done[0].label if len(done) == 1 else f"{done[0].label} to {done[-1].label}"
        return replace(self._viewer_input(session, game, union, power), label=label)

    def _opening_input(self, session: Session, game: Game, row: Window, power: str) -> ReportInput:
        """What ``power`` sees as ``row`` opens, with nothing resolved to tell: for its template."""
        stored = StoredWindow(window=row, opened=row, state=self._state(game), events=(), results=())
        return self._viewer_input(session, game, stored, power)


def lines_deadline(row: Window, zone: str) -> str:
    """The step's deadline as the order template says it ('' without one)."""
    return when_text(as_utc(row.deadline), zone) if row.deadline is not None else ""
