"""Queueing each viewer's report of a resolved window, and rendering the queue after the commit.

The adjudication transaction only writes the window's outcome and one outbox row per viewer, status
``render`` (issue 18: reports out of the critical path). Once that transaction commits, the process
renders the rows at once (:func:`render_queued`, through the judge's ``render_pending``,
service/rendering.py), unless the judge was built to leave them to a render pass elsewhere
(``serve``: its outbox sender). A render that fails leaves its rows queued for the next pass; the
commit stands either way.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import event as sa_event
from sqlmodel import Session, select

from adjudicator.core.view import GM
from adjudicator.dates import as_aware, viewer_zone
from adjudicator.service.calendar import deadline_attachment, read_calendar
from adjudicator.store.models import Game, Outbox, Power, Window

if TYPE_CHECKING:
    from adjudicator.service.base import StoreAccess

log = logging.getLogger(__name__)
OWN_TX = "adjudicator_own_tx"
RENDER_AFTER = "adjudicator_render_after_commit"
"""Session flags: a transaction of ``_tx``; reports were queued in it (render them after its commit)."""


def round_key(session: Session, game: Game, parent: Window, last: Window, domain: str) -> str:
    """What names a round's report in its key: the round's row id, or, when a rollback to one
    of its steps reopened the row and the round ends again, that row's id and its last step's."""
    first = f"<report.{game.id}.{parent.id}.{GM}@{domain}>"
    sent = session.exec(select(Outbox.id).where(Outbox.message_id == first)).first()
    return str(parent.id) if sent is None else f"{parent.id}-{last.id}"


def queue_reports(
    store: StoreAccess,
    session: Session,
    game: Game,
    window: Window,
    now: datetime,
    opened: Window,
    viewers: Sequence[str],
    key: str | None = None,
) -> None:
    """Each viewer's report of ``window`` (a window, a step, or a round's row: its steps), by
    mail, key ``report.{game}.{key or window_id}.{viewer}``: queued to be rendered after the
    commit (service/rendering.py), with the .ics of the deadline ``opened`` has now."""
    assert window.id is not None
    players = {p.power: p for p in session.exec(select(Power).where(Power.game_id == game.id))}
    own_zone = read_calendar(game.calendar, game.options).timezone
    for viewer in viewers:  # the players' zones and addresses read once, not once a mail
        player = players.get(viewer) if viewer != GM else None
        zone = viewer_zone(player.timezone if player else None, own_zone)
        address = game.gm_address if viewer == GM else (player.address if player else None)
        row = store.queue_mail(
            session,
            game,
            kind="report",
            recipient=viewer,
            key=f"report.{game.id}.{key or window.id}.{viewer}",
            subject=f"[{game.id}] {window.label} results for {viewer}",
            text="",
            address=address or "",
            attachments=deadline_ics(game, opened, now, zone, store.mail_domain),
            window_id=window.id,
        )
        row.address = address  # None without one, as queue_mail would have found
        row.status = "render"
    render_after_commit(store, session, game.id)


def render_after_commit(store: StoreAccess, session: Session, game_id: str) -> None:
    """Render ``game_id``'s queued reports once ``session`` commits (in this process, right
    after), unless the judge leaves them to a render pass elsewhere (``serve``'s sender)."""
    if not store.render_after_commit:
        return
    games = session.info.setdefault(RENDER_AFTER, set())
    if not games and not session.info.get(OWN_TX):  # _tx renders after its own commit

        def rendered_after(committed: Session) -> None:  # the caller's transaction (a GM's mail)
            render_queued(store, committed.info.pop(RENDER_AFTER, ()))

        sa_event.listen(session, "after_commit", rendered_after, once=True)
    games.add(game_id)


def render_queued(store: StoreAccess, games: Iterable[str]) -> None:
    """Render the games' queued reports; a failure is logged and leaves them queued for the
    next pass (the commit stands)."""
    for game_id in sorted(games):
        try:
            store.render_pending(game_id)
        except Exception:
            log.exception("reports of %s not rendered; the next render pass renders them", game_id)


def deadline_ics(game: Game, window: Window, now: datetime, zone: str, domain: str) -> list[dict[str, str]]:
    """The .ics attachment of an open window's deadline for a reader in ``zone``, made ``now``
    (none when the window has no deadline)."""
    if window.deadline is None or window.id is None or window.status != "open":
        return []
    deadline = as_aware(window.deadline)
    return [deadline_attachment(game.id, window.label, window.id, deadline, domain, stamp=now, zone=zone)]
