"""Guessing secrets and abusing refusals: the limits on mail that fails to authenticate.

A judge that answers every refused mail, with what was wrong, is an oracle and a spam relay: an
attacker learns which game and power exist and whether the sender or the secret was wrong, guesses
secrets a dozen a second, and makes the judge mail a third party (the Reply-To) with a subject of
its choosing. So:

- every failed authentication (unknown game or power, wrong secret, a sender not on file, a DKIM
  failure) is answered with the one text :data:`AUTH_REFUSED`; the log keeps the real reason;
- a refused mail that did not authenticate is answered only at its From address, with a fixed
  subject, and at most :data:`REPLIES_PER_ADDRESS` times per :data:`WINDOW` to one address;
- after :data:`FAILURES_PER_POWER` failures for one power (or :data:`FAILURES_PER_ADDRESS` from one
  address) within :data:`WINDOW`, further mails for it (from it) are refused without the secret
  being checked, the right one included, until the window has passed; the GM is told once.

Nothing new is stored: the counts are read from the inbound mail log, whose ``note`` begins with
the tag of what happened (:data:`FAILED`, :data:`LOCKED`, :data:`UNAUTHENTICATED`) and, when the
refusal was not answered, carries :data:`UNANSWERED` after it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Table, bindparam, func, or_, select
from sqlmodel import Session

from adjudicator.core.view import GM
from adjudicator.store.models import Game, InboundMail

WINDOW = timedelta(hours=1)
_LOG: Table = InboundMail.__table__  # type: ignore[attr-defined]
FAILURES_PER_POWER = 5
FAILURES_PER_ADDRESS = 10
REPLIES_PER_ADDRESS = 3

FAILED = "auth-failed"
"""A mail whose envelope named a game, power and secret that did not authenticate."""
LOCKED = "auth-locked"
"""A mail refused unchecked: its power or its address was locked out."""
UNAUTHENTICATED = "unauthenticated"
"""A refused mail that never reached authentication (no envelope, or an incomplete one)."""
POISON = "set aside"
"""A message the gateway could not handle (mail/poison.py): its one reply counts as a refusal."""
UNANSWERED = " (not answered)"

SUBJECT = "Re: your mail to the judge (refused)"
"""Fixed: never the subject the sender chose (it would make the judge a relay for spam)."""
HINT = "\n".join(
    [
        "Every mail to the judge opens with 'GAME game-id POWER your-power SECRET your-secret' and is",
        "sent from the address on file for your power. Check all four; a GM can mail you a new secret.",
        "After several failed mails the power and the address are refused for a while, whatever",
        "the secret.",
    ]
)
AUTH_REFUSED = f"Your mail was refused and nothing was stored: it could not be authenticated.\n\n{HINT}"


def refusal_text(tag: str, reason: str) -> str:
    """What the sender of an unauthenticated mail is told: the one text for every failed
    authentication; a mail with no (or half an) envelope is told what is missing."""
    if tag == UNAUTHENTICATED:
        return f"Your mail was refused and nothing was stored: {reason}\n\n{HINT}"
    return AUTH_REFUSED


def _since(now: datetime) -> datetime:
    return now - WINDOW


def _count(session: Session, *where: ColumnElement[bool]) -> int:
    """A count over the log, in Core on the session's connection: every mail runs two of these,
    and the ORM's execution path cost four times the query (issue 18). Nothing the counts read
    is ever pending in the session (the log row is written in Core too: mail/gateway.py)."""
    query = select(func.count()).select_from(_LOG).where(*where)
    return int(session.connection().execute(query).scalar_one())


def failures_for_power(session: Session, game: str, power: str, now: datetime) -> int:
    """Failed authentications for ``power`` of ``game`` within the window, from any address."""
    return _count(
        session,
        _LOG.c.game_id == game,
        _LOG.c.power == power,
        _LOG.c.note.startswith(FAILED),
        _LOG.c.received_at >= _since(now),
    )


def failures_from(session: Session, address: str, now: datetime) -> int:
    """Failed authentications sent from ``address`` within the window, for any game."""
    return _count(
        session,
        _LOG.c.sender == address,
        _LOG.c.note.startswith(FAILED),
        _LOG.c.received_at >= _since(now),
    )


def replies_to(session: Session, address: str, now: datetime) -> int:
    """Refusals of unauthenticated mail (and replies to poison) answered at ``address`` within the
    window: a forged From must not turn the judge into a mailer to a third party."""
    tags = (FAILED, LOCKED, UNAUTHENTICATED, POISON)
    answered = [_LOG.c.note.startswith(f"{tag}: ") for tag in tags]
    return _count(
        session,
        _LOG.c.sender == address,
        or_(*answered),
        _LOG.c.received_at >= _since(now),
    )


def power_locked(session: Session, game: str, power: str, now: datetime) -> bool:
    return failures_for_power(session, game, power, now) >= FAILURES_PER_POWER


def address_locked(session: Session, address: str, now: datetime) -> bool:
    return bool(address) and failures_from(session, address, now) >= FAILURES_PER_ADDRESS


_LOCKS = select(
    select(func.count())
    .select_from(_LOG)
    .where(
        _LOG.c.sender == bindparam("address"),
        _LOG.c.note.startswith(FAILED),
        _LOG.c.received_at >= bindparam("since"),
    )
    .scalar_subquery(),
    select(func.count())
    .select_from(_LOG)
    .where(
        _LOG.c.game_id == bindparam("game"),
        _LOG.c.power == bindparam("power"),
        _LOG.c.note.startswith(FAILED),
        _LOG.c.received_at >= bindparam("since"),
    )
    .scalar_subquery(),
)
"""Both lockout counts, each on its own index, built once (a statement reused keeps its cache key)."""


def locked(session: Session, address: str, game: str, power: str, now: datetime) -> tuple[bool, bool]:
    """(``address_locked``, ``power_locked``) in one statement (issue 18: every mail that names a
    known game and power asks both)."""
    values = {"address": address, "since": _since(now), "game": game, "power": power}
    by_address, by_power = session.connection().execute(_LOCKS, values).one()
    return bool(address) and by_address >= FAILURES_PER_ADDRESS, by_power >= FAILURES_PER_POWER


def lockout_notice(
    session: Session, game: Game | None, power: str | None, address: str, now: datetime
) -> str | None:
    """The GM's notice when the failure being logged starts a lockout (of its power or of its
    address), else None: a lockout is told once, by the failure that reaches the limit."""
    if game is None:
        return None
    known = power if power in (*game.powers, GM) else None
    by_power = 1 + failures_for_power(session, game.id, known, now) if known else 0
    by_address = 1 + failures_from(session, address, now) if address else 0
    what = []
    if known is not None and by_power == FAILURES_PER_POWER:
        what.append(
            f"{known} of {game.id} had {by_power} failed authentications within {_hours()}: mail for "
            f"{known} is refused, whatever its secret, for up to {_hours()}."
        )
    if by_address == FAILURES_PER_ADDRESS:
        what.append(
            f"{address} sent {by_address} mails that failed authentication within {_hours()}: "
            f"its mail is refused, whatever its secret, for up to {_hours()}."
        )
    if not what:
        return None
    what.append(
        f"Someone may be guessing a secret (the last failure came from {address or 'no address'}). "
        "If a player lost theirs, send NEW-SECRET."
    )
    return "\n\n".join(what) + "\n"


def _hours() -> str:
    hours = WINDOW.total_seconds() / 3600
    return "an hour" if hours == 1 else f"{hours:g} hours"
