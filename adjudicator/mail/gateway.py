"""The one inbound code path: every transport (IMAP, LMTP/SMTP, the MTA pipe, the CLI) ends here.

Step 1 logs the raw message by Message-ID in a transaction of its own, before anything else, so
a duplicate delivery is recognised and a crash leaves the message to be processed again. Step 2
is one transaction: authenticate, act, queue the reply in the outbox, mark the message answered.
A mail that fails a check is answered with the check that failed, and changes nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import CursorResult, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from adjudicator.config import Settings
from adjudicator.core.view import GM
from adjudicator.errors import AdjudicatorError
from adjudicator.mail import actions, guard, poison
from adjudicator.mail.actions import Context, Refused, mail_key
from adjudicator.mail.commands import PLAYER_FOOTER, MailRequest, gm_footer, parse_request
from adjudicator.mail.message import InboundMessage, parse_message
from adjudicator.mail.orders import act_on_orders
from adjudicator.mail.redact import hide_secrets, redact_raw
from adjudicator.orders.text import PLACEHOLDER_REFUSAL, is_placeholder
from adjudicator.service.base import as_utc
from adjudicator.service.judge import Judge
from adjudicator.service.tokens import check_secret
from adjudicator.store.models import Game, InboundMail, Power, utcnow

_ENVELOPE = "expected a first line 'GAME game-id POWER your-power SECRET your-secret'"


@dataclass(frozen=True)
class IngestOutcome:
    """What became of one inbound message."""

    status: str
    """``answered`` (acted on and answered), ``refused`` (a check failed; answered, nothing stored),
    ``ignored`` (an auto-reply or bounce: logged, never answered), ``duplicate`` (seen before) or
    ``poison`` (it cannot be handled: logged with the error, answered once if it has a sender)."""
    message_id: str
    summary: str
    inbound_id: int | None = None
    game: str | None = None
    power: str | None = None

    def line(self) -> str:
        return f"{self.status} {self.message_id}: {self.summary}"


class MailGateway:
    """Inbound mail to judge actions and replies (never raises on bad input, only on a store failure)."""

    def __init__(
        self, judge: Judge, settings: Settings, *, dnsfunc: Callable[..., bytes | None] | None = None
    ) -> None:
        self.judge = judge
        self.settings = settings
        self.dnsfunc = dnsfunc
        """DKIM key lookup; tests pass one that answers from a local key (dkimpy's ``dnsfunc``)."""

    # ---- the entry point -------------------------------------------------------------------
    def ingest(self, raw: bytes, *, source: str, now: datetime | None = None) -> IngestOutcome:
        """Handle one raw message; raises only when a later try can succeed (the store is down).

        Anything else that goes wrong is the message's fault (it fails the same way each time): it is
        logged as poison, answered once if it names a sender, and reported as handled, so no
        transport retries it for ever (``adjudicator.mail.poison``).
        """
        now = now or utcnow()
        try:
            return self._ingest(raw, source, now)
        except Exception as exc:
            if poison.transient(exc):
                raise
            if isinstance(exc, IntegrityError) and not poison.race_lost(self, raw, exc):
                raise  # a race with another process on a unique key: the next try sees its result
            return poison.set_aside(self, raw, source, now, exc)

    def _ingest(self, raw: bytes, source: str, now: datetime) -> IngestOutcome:
        message = parse_message(raw, own_address=self.settings.judge.address)
        inbound_id, status = self._log(raw, message, source, now)
        mid = message.message_id
        if status in ("answered", "ignored", "poison"):
            return IngestOutcome("duplicate", mid, f"already {status}; not applied again", inbound_id)
        if message.no_reply:
            return IngestOutcome("ignored", mid, f"not answered: {message.no_reply}", inbound_id)
        request = parse_request(message.body)
        try:
            with self.judge._tx() as session:
                if not self._claim(session, inbound_id):
                    return IngestOutcome(
                        "duplicate", mid, "answered meanwhile; not applied again", inbound_id
                    )
                return self._act(session, inbound_id, message, request, raw, now)
        except (Refused, AdjudicatorError) as exc:
            refused = exc if isinstance(exc, Refused) else Refused(str(exc))
        with self.judge._tx() as session:
            if not self._claim(session, inbound_id):
                return IngestOutcome("duplicate", mid, "answered meanwhile; not applied again", inbound_id)
            return self._refuse(session, inbound_id, message, request, refused)

    # ---- step 1: the log -------------------------------------------------------------------
    def _log(self, raw: bytes, message: InboundMessage, source: str, now: datetime) -> tuple[int, str]:
        """Log the message (its own transaction); returns its row id and the status it had before.

        The raw bytes are kept with every envelope secret hidden (``redact_raw``); the Message-ID
        was read before that, so a redelivery is still recognised.
        """
        try:
            with self.judge._tx() as session:
                row = InboundMail(
                    message_id=message.message_id,
                    received_at=now,
                    raw=redact_raw(raw),
                    source=source[:16],
                    sender=message.sender,
                    subject=hide_secrets(message.subject),
                    status="ignored" if message.no_reply else "received",
                    note=message.no_reply or "",
                )
                session.add(row)
                session.flush()
                assert row.id is not None
                return row.id, "new"
        except IntegrityError:
            with Session(self.judge.engine) as session:
                old = session.exec(
                    select(InboundMail).where(InboundMail.message_id == message.message_id)
                ).one()
                assert old.id is not None
                return old.id, old.status

    @staticmethod
    def _claim(session: Session, inbound_id: int) -> bool:
        """Mark the message answered in this transaction; False when another process did first."""
        result: CursorResult[Any] = session.execute(  # type: ignore[assignment]
            update(InboundMail)
            .where(col(InboundMail.id) == inbound_id, col(InboundMail.status) == "received")
            .values(status="answered")
        )
        return result.rowcount == 1

    # ---- step 2: authenticate, act, answer ---------------------------------------------------
    def _authenticate(
        self, session: Session, message: InboundMessage, request: MailRequest, raw: bytes, now: datetime
    ) -> tuple[Game, str, Power | None, list[str]]:
        """Who wrote, or :class:`Refused`: every failure the same to the sender (mail/guard.py)."""
        env = request.envelope
        missing = [k for k in ("GAME", "POWER", "SECRET") if k not in env]
        if len(missing) == 3:
            raise Refused(f"no envelope: {_ENVELOPE}", unauthenticated=guard.UNAUTHENTICATED)
        if missing:
            raise Refused(
                f"the envelope has no {', '.join(missing)}: {_ENVELOPE}",
                unauthenticated=guard.UNAUTHENTICATED,
            )
        if is_placeholder(env["SECRET"]):
            raise Refused(PLACEHOLDER_REFUSAL, unauthenticated=guard.UNAUTHENTICATED)
        sender = message.sender or ""
        if guard.address_locked(session, sender, now):
            raise Refused(
                f"{sender} is locked out: too many failed authentications", unauthenticated=guard.LOCKED
            )
        game = session.get(Game, env["GAME"].lower()[:64])
        if game is None:
            raise Refused(f"unknown game {env['GAME'][:64]!r}", unauthenticated=guard.FAILED)
        power, notes = self.judge.power_called(game, env["POWER"]) or env["POWER"].lower(), []
        who = {"game": game.id, "power": power}
        if power != GM and power not in game.powers:
            raise Refused(
                f"unknown power {power[:64]!r} in {game.id}", game=game.id, unauthenticated=guard.FAILED
            )
        if guard.power_locked(session, game.id, power, now):
            raise Refused(
                f"{power} is locked out: too many failed authentications", **who, unauthenticated=guard.LOCKED
            )
        if power == GM:
            stored = game.options.get("gm_secret_hash")
            if not stored or not check_secret(env["SECRET"], str(stored)):
                raise Refused(f"wrong secret for the GM of {game.id}", **who, unauthenticated=guard.FAILED)
            if not game.gm_address or sender != game.gm_address.lower():
                raise Refused(
                    f"sender {sender} is not the GM's address on file for {game.id}",
                    **who,
                    unauthenticated=guard.FAILED,
                )
            row = None
        else:
            row = session.exec(select(Power).where(Power.game_id == game.id, Power.power == power)).one()
            if not check_secret(env["SECRET"], row.secret_hash):
                raise Refused(f"wrong secret for {power} in {game.id}", **who, unauthenticated=guard.FAILED)
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
            problem = self._dkim_problem(raw, sender)
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

    def _dkim_problem(self, raw: bytes, sender: str) -> str | None:
        import dkim  # type: ignore[import-untyped]

        try:
            ok = dkim.verify(raw, dnsfunc=self.dnsfunc) if self.dnsfunc else dkim.verify(raw)
        except Exception as exc:  # dkimpy raises on malformed signatures and DNS errors alike
            return f"the signature could not be checked ({exc})"
        if not ok:
            return "the message has no valid DKIM signature"
        signed = re.search(
            rb"^DKIM-Signature:.*?\bd=([^;\s]+)", raw, re.IGNORECASE | re.MULTILINE | re.DOTALL
        )
        domain = signed.group(1).decode(errors="replace").lower() if signed else ""
        own = sender.rsplit("@", 1)[-1]
        if not domain or not (own == domain or own.endswith("." + domain)):
            return f"the signature is by {domain or 'no domain'}, not by the sender's domain {own}"
        return None

    def _act(
        self,
        session: Session,
        inbound_id: int,
        message: InboundMessage,
        request: MailRequest,
        raw: bytes,
        now: datetime,
    ) -> IngestOutcome:
        game, power, row, notes = self._authenticate(session, message, request, raw, now)
        ctx = Context(
            self.judge, session, game, power, row, message, request, now, mail_key(message.message_id)
        )
        sections = [f"Note: {n}" for n in (*message.notes, *notes)]
        if power == GM:
            if request.problems:  # a GM mail is all or nothing: a line not understood changes nothing
                lines = "\n  ".join(f"line {n}: {line!r}: {why}" for n, line, why in request.problems)
                raise Refused(f"{lines}\n  nothing was changed", game=game.id, power=GM)
            sections += self._run(ctx, actions.GM_ACTIONS, "the GM")
            if request.orders.lines or request.orders.ready is not None:
                sections.append("READY and orders are for powers; the GM's lines are edits and commands")
            actions.announce(ctx)
        else:
            zones = [c for c in request.commands if c.verb == "TIMEZONE"]
            sections += [actions.timezone(ctx, c) for c in zones]
            sections += act_on_orders(ctx)
            sections += self._run(ctx, actions.PLAYER_ACTIONS, "players", skip="TIMEZONE")
        if request.problems:
            sections.append(
                "Lines not understood:\n"
                + "\n".join(f"  line {n}: {line!r}: {why}" for n, line, why in request.problems)
            )
        said_nothing = not request.orders.lines and request.orders.ready is None and not request.commands
        if said_nothing and not request.problems and power != GM:
            sections.append(
                "Your mail had no orders and no commands: nothing changed. Send HELP for the commands."
            )
        kind = "receipt" if ctx.stored_orders else "reply"
        summary = f"{kind} to {power} of {game.id}"
        self._reply(session, game, power, message, kind, "\n\n".join(sections), row)
        self._close(session, inbound_id, game.id, power, summary)
        return IngestOutcome("answered", message.message_id, summary, inbound_id, game.id, power)

    @staticmethod
    def _run(ctx: Context, table: dict[str, actions.Action], who: str, skip: str = "") -> list[str]:
        out = []
        for cmd in ctx.request.commands:
            if cmd.verb == skip:
                continue
            action = table.get(cmd.verb)
            if action is None:
                out.append(f"line {cmd.line_no}: {cmd.line!r}: {cmd.verb} is not a command for {who}")
            else:
                out.append(action(ctx, cmd))
        return out

    def _refuse(
        self,
        session: Session,
        inbound_id: int,
        message: InboundMessage,
        request: MailRequest,
        refused: Refused,
    ) -> IngestOutcome:
        game = session.get(Game, refused.game) if refused.game else None
        tag = refused.unauthenticated
        if tag is None:  # an authenticated sender: the reason helps them, it tells no secret
            text = "\n".join(
                [
                    "Your mail was refused and nothing was stored:",
                    f"  {refused.reason}",
                    "",
                    gm_footer() if refused.power == GM or request.from_gm else PLAYER_FOOTER,
                ]
            )
            self._reply(session, game, refused.power or "sender", message, "reply", text, None)
            summary = f"refused: {refused.reason}"
        else:
            logged = session.get(InboundMail, inbound_id)
            assert logged is not None  # the limits count from when the mail came in, as the log does
            now = as_utc(logged.received_at)
            summary = self._refuse_unauthenticated(session, game, message, refused, tag, now)
        self._close(session, inbound_id, refused.game, refused.power, summary)
        return IngestOutcome("refused", message.message_id, summary, inbound_id, refused.game, refused.power)

    def _refuse_unauthenticated(
        self,
        session: Session,
        game: Game | None,
        message: InboundMessage,
        refused: Refused,
        tag: str,
        now: datetime,
    ) -> str:
        """Answer at From only, a fixed subject and text, a few times an hour; tell the GM of a
        lockout once. Returns the log note (its tag first: the guard counts by it)."""
        sender = message.sender or ""
        answer = bool(sender) and guard.replies_to(session, sender, now) < guard.REPLIES_PER_ADDRESS
        if answer:
            self.judge._queue_mail(
                session,
                game,
                kind="reply",
                recipient="sender",
                key=f"reply.{mail_key(message.message_id)}",
                subject=guard.SUBJECT,
                text=guard.refusal_text(tag, refused.reason) + "\n",
                address=sender,
                in_reply_to=message.message_id,
            )
        notice = (
            guard.lockout_notice(session, game, refused.power, sender, now) if tag == guard.FAILED else None
        )
        if notice is not None and game is not None:
            self.judge._queue_mail(
                session,
                game,
                kind="notice",
                recipient=GM,
                key=f"lockout.{mail_key(message.message_id)}",
                subject=f"[{game.id}] mail locked out after failed authentications",
                text=notice,
            )
        return f"{tag}{'' if answer else guard.UNANSWERED}: {refused.reason}"

    def _reply(
        self,
        session: Session,
        game: Game | None,
        recipient: str,
        message: InboundMessage,
        kind: str,
        text: str,
        row: Power | None,
    ) -> None:
        """Queue the answer to an authenticated sender, at the From address it authenticated with
        (never a Reply-To: the judge mails nobody the envelope did not prove)."""
        subject = message.subject or (f"[{game.id}] your mail" if game else "your mail")
        if not subject.lower().startswith("re:"):
            subject = f"Re: {subject}"
        self.judge._queue_mail(
            session,
            game,
            kind=kind,
            recipient=recipient[:64],
            key=f"reply.{mail_key(message.message_id)}",
            subject=subject[:255],
            text=text + "\n",
            address=message.sender or "",
            in_reply_to=message.message_id,
        )

    @staticmethod
    def _close(session: Session, inbound_id: int, game: str | None, power: str | None, note: str) -> None:
        row = session.get(InboundMail, inbound_id)
        assert row is not None
        row.game_id, row.power, row.note, row.status = game, power, note, "answered"
        session.add(row)
