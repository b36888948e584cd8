"""The GM's notice about a mail the outbox gave up on: one per row, never about a notice itself."""

from __future__ import annotations

from sqlmodel import Session, select

from adjudicator.core.view import GM
from adjudicator.service.base import StoreAccess
from adjudicator.store.models import Game, Outbox


def _one_line(line: str) -> str:
    """A row's subject or name as one line: a bad row's line break must not break its notice too."""
    return " ".join(line.split())


def tell_gm(store: StoreAccess, session: Session, row: Outbox, error: str, attempts: int) -> None:
    """Queue, in the caller's transaction, one notice to the GM about ``row`` given up on (not for a
    notice, not without a GM address, not twice for one row)."""
    if row.kind == "notice" or row.game_id is None:
        return
    game = session.get(Game, row.game_id)
    if game is None or not game.gm_address:
        return
    key = f"notice.undelivered.{row.id}"
    told = select(Outbox.id).where(Outbox.message_id == f"<{key}@{store.mail_domain}>")
    if session.exec(told).first() is not None:
        return  # told already (the row was put back by hand and failed again)
    store.queue_mail(
        session,
        game,
        kind="notice",
        recipient=GM,
        key=key,
        subject=_one_line(f"[{game.id}] undeliverable: {row.subject}")[:255],
        text=(
            f"The {row.kind} mail to {_one_line(row.recipient)} <{row.address}> could not be "
            f"delivered after {attempts} attempt(s) and was given up.\n\n"
            f"Subject: {_one_line(row.subject)}\nMessage-ID: {row.message_id}\nLast error: {error}\n\n"
            f"The player has not received it. Check the address on file, then see "
            f"'adjudicator mail outbox {game.id}'.\n"
        ),
        address=game.gm_address,
    )
