"""What the outbox holds, read for the command line: a game's rows (``mail outbox``) and how many mails
to an address have left (``mail wait``). Apart from sender.py, which delivers them."""

from __future__ import annotations

from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

from adjudicator.service.mail_api import MailStore
from adjudicator.store.models import Outbox


def outbox_rows(engine: Engine, game_id: str) -> list[Outbox]:
    """A game's outbox rows, oldest first (for ``adjudicator mail outbox``)."""
    with Session(engine) as session:
        MailStore(engine).game_in(session, game_id)
        return list(session.exec(select(Outbox).where(Outbox.game_id == game_id).order_by(col(Outbox.id))))


def delivered_to(engine: Engine, address: str, kind: str | None = None) -> tuple[int, list[str]]:
    """How many mails to ``address`` (of ``kind``, if given) have been sent, and the errors of those
    given up on (for ``adjudicator mail wait``)."""
    with Session(engine) as session:
        query = select(Outbox.status, Outbox.last_error).where(
            func.lower(Outbox.address) == address.strip().lower(), col(Outbox.status).in_(("sent", "failed"))
        )
        if kind is not None:
            query = query.where(Outbox.kind == kind)
        rows = list(session.exec(query))
    return sum(status == "sent" for status, _ in rows), [e or "failed" for s, e in rows if s == "failed"]
