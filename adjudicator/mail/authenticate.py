"""Who wrote a mail: the envelope's game, power and secret, the address on file, DKIM when asked.

Every failure raises :class:`Refused` with the same wording to the sender whatever was wrong
(mail/guard.py counts them). A secret still stored in the old PBKDF2 form is rewritten in the new
one here, in the mail's own transaction, on its first successful use (service/tokens.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from sqlalchemy.orm import defer
from sqlmodel import Session, select

from adjudicator.core.view import GM
from adjudicator.mail import guard
from adjudicator.mail.actions import Refused
from adjudicator.mail.commands import MailRequest
from adjudicator.mail.message import InboundMessage
from adjudicator.orders.text import PLACEHOLDER_REFUSAL, is_placeholder
from adjudicator.service.judge import Judge
from adjudicator.service.tokens import check_secret, upgraded
from adjudicator.store.models import Game, Power

ENVELOPE = "expected a first line 'GAME game-id POWER your-power SECRET your-secret'"
DnsFunc = Callable[..., bytes | None]


def authenticate(
    judge: Judge,
    session: Session,
    message: InboundMessage,
    request: MailRequest,
    raw: bytes,
    now: datetime,
    dnsfunc: DnsFunc | None = None,
) -> tuple[Game, str, Power | None, list[str]]:
    """(game, power, the power's row or None for the GM, notes for the reply), or :class:`Refused`."""
    env = request.envelope
    missing = [k for k in ("GAME", "POWER", "SECRET") if k not in env]
    if len(missing) == 3:
        raise Refused(f"no envelope: {ENVELOPE}", unauthenticated=guard.UNAUTHENTICATED)
    if missing:
        raise Refused(
            f"the envelope has no {', '.join(missing)}: {ENVELOPE}",
            unauthenticated=guard.UNAUTHENTICATED,
        )
    secret = env["SECRET"]
    if is_placeholder(secret):
        raise Refused(PLACEHOLDER_REFUSAL, unauthenticated=guard.UNAUTHENTICATED)
    sender = message.sender or ""
    # The game without its state (the largest column by far; read later only if the state cache
    # has no copy of this digest: service/state_cache.py); reading it has no effect, so the two
    # lockouts are asked in one statement once the power is known, and refused in the same order.
    game = session.get(Game, env["GAME"].lower()[:64], options=[defer(Game.state)])  # type: ignore[arg-type]
    power = (judge.power_called(game, env["POWER"]) or env["POWER"].lower()) if game else ""
    known = game is not None and (power == GM or power in game.powers)
    if game is not None and known:
        address_locked, power_locked = guard.locked(session, sender, game.id, power, now)
    else:
        address_locked, power_locked = guard.address_locked(session, sender, now), False
    if address_locked:
        locked = f"{sender} is locked out: too many failed authentications"
        raise Refused(locked, unauthenticated=guard.LOCKED)
    if game is None:
        raise Refused(f"unknown game {env['GAME'][:64]!r}", unauthenticated=guard.FAILED)
    notes: list[str] = []
    who = {"game": game.id, "power": power}
    if not known:
        raise Refused(
            f"unknown power {power[:64]!r} in {game.id}", game=game.id, unauthenticated=guard.FAILED
        )
    if power_locked:
        raise Refused(
            f"{power} is locked out: too many failed authentications", **who, unauthenticated=guard.LOCKED
        )
    if power == GM:
        stored = str(game.options.get("gm_secret_hash") or "")
        if not stored or not check_secret(secret, stored):
            raise Refused(f"wrong secret for the GM of {game.id}", **who, unauthenticated=guard.FAILED)
        if not game.gm_address or sender != game.gm_address.lower():
            raise Refused(
                f"sender {sender} is not the GM's address on file for {game.id}",
                **who,
                unauthenticated=guard.FAILED,
            )
        renewed = upgraded(secret, stored)
        if renewed:
            game.options = {**game.options, "gm_secret_hash": renewed}
            session.add(game)
        row = None
    else:
        row = session.exec(select(Power).where(Power.game_id == game.id, Power.power == power)).one()
        if not check_secret(secret, row.secret_hash):
            raise Refused(f"wrong secret for {power} in {game.id}", **who, unauthenticated=guard.FAILED)
        renewed = upgraded(secret, row.secret_hash)
        if renewed:
            row.secret_hash = renewed
            session.add(row)
        if row.address is None:
            row.address = sender
            session.add(row)
            notes.append(f"{sender} is now the address on file for {power}")
        elif sender not in (row.address.lower(), (game.gm_address or "").lower()):
            raise Refused(
                f"sender {sender} is not the address on file for {power} in {game.id}",
                **who,
                unauthenticated=guard.FAILED,
            )
    if game.options.get("dkim"):
        problem = dkim_problem(raw, sender, dnsfunc)
        if problem:
            raise Refused(f"DKIM check failed: {problem}", **who, unauthenticated=guard.FAILED)
    if request.gm_lines:
        number, line = request.gm_lines[0]
        raise Refused(
            f"line {number}: {line!r}: a GM command; only the GM may send it "
            "(POWER gm with the GM secret): nothing was stored",
            **who,
        )
    return game, power, row, notes


def dkim_problem(raw: bytes, sender: str, dnsfunc: DnsFunc | None) -> str | None:
    """Why the message's DKIM signature does not prove the sender's domain, or None when it does."""
    import dkim  # type: ignore[import-untyped]

    try:
        ok = dkim.verify(raw, dnsfunc=dnsfunc) if dnsfunc else dkim.verify(raw)
    except Exception as exc:  # dkimpy raises on malformed signatures and DNS errors alike
        return f"the signature could not be checked ({exc})"
    if not ok:
        return "the message has no valid DKIM signature"
    signed = re.search(rb"^DKIM-Signature:.*?\bd=([^;\s]+)", raw, re.IGNORECASE | re.MULTILINE | re.DOTALL)
    domain = signed.group(1).decode(errors="replace").lower() if signed else ""
    own = sender.rsplit("@", 1)[-1]
    if not domain or not (own == domain or own.endswith("." + domain)):
        return f"the signature is by {domain or 'no domain'}, not by the sender's domain {own}"
    return None
