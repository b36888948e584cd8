"""The one inbound code path: every transport (IMAP, LMTP/SMTP, the MTA pipe, the CLI) ends here.

One transaction and one commit per mail (issue 18: a second commit was a fifth of each mail's
time): log the raw message by Message-ID (so a duplicate delivery is recognised), authenticate,
act, queue the reply in the outbox, mark the message answered. A crash before the commit leaves
nothing, and the transport, which has not been told the message was taken, delivers it again. A
mail that fails a check is answered with the check that failed, and changes nothing else: its
actions run in a savepoint that the refusal rolls back, keeping the log row.

Mails that arrive together may share that one commit (``ingest_batch``, driven by
``mail/group_commit.py``): each runs in a savepoint of its own, with the same outcomes as alone.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Executable, Table, bindparam, update
from sqlalchemy import select as sql_select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from adjudicator.config import Settings
from adjudicator.core.view import GM
from adjudicator.errors import AdjudicatorError
from adjudicator.mail import actions, gm_actions, guard, poison
from adjudicator.mail.actions import Context, Refused, mail_key
from adjudicator.mail.authenticate import DnsFunc, authenticate
from adjudicator.mail.commands import PLAYER_FOOTER, MailRequest, gm_footer, parse_request
from adjudicator.mail.message import InboundMessage, parse_message
from adjudicator.mail.orders import act_on_orders
from adjudicator.mail.redact import hide_secrets, redact_raw
from adjudicator.service.base import as_utc
from adjudicator.service.judge import Judge
from adjudicator.store.models import Game, InboundMail, Power, utcnow

log = logging.getLogger(__name__)
_INBOUND: Table = InboundMail.__table__  # type: ignore[attr-defined]
# The log's statements built once (issue 18): a statement reused keeps its cache key, so SQLAlchemy
# neither builds nor keys it again for every mail; the values are bound at execution.
_CLOSE = (
    update(_INBOUND)
    .where(_INBOUND.c.id == bindparam("inbound"))
    .values(
        game_id=bindparam("to_game"),
        power=bindparam("to_power"),
        note=bindparam("to_note"),
        status="answered",
    )
)
_LOG_INSERTS: dict[str, Executable] = {}


def _log_insert(dialect: str) -> Executable:
    """``INSERT … ON CONFLICT (message_id) DO NOTHING RETURNING id`` for ``dialect``, built once."""
    found = _LOG_INSERTS.get(dialect)
    if found is None:
        insert = pg_insert if dialect == "postgresql" else sqlite_insert
        found = _LOG_INSERTS[dialect] = (
            insert(_INBOUND).on_conflict_do_nothing(index_elements=["message_id"]).returning(_INBOUND.c.id)
        )
    return found


@dataclass(frozen=True)
class Inbound:
    """One raw message as a transport took it: the bytes, the transport's name, when it came in."""

    raw: bytes
    source: str
    now: datetime


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

    def __init__(self, judge: Judge, settings: Settings, *, dnsfunc: DnsFunc | None = None) -> None:
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
            if isinstance(exc, IntegrityError) and not poison.race_lost(self, raw, source, now, exc):
                raise  # a race with another process on a unique key: the next try sees its result
            return poison.set_aside(self, raw, source, now, exc)

    def ingest_batch(self, mails: Sequence[Inbound]) -> list[IngestOutcome | Exception]:
        """Handle mails that arrived together in one transaction and one commit (group commit).

        Each mail runs in its own savepoint, exactly as ``ingest`` runs it in its own transaction:
        a refused mail rolls back its actions and keeps its log row; a mail that raises rolls back
        its savepoint (nothing of it stays) and is handled alone by ``ingest`` after the commit,
        which sets it aside as poison or raises if the store failed. If the batch itself fails
        (the store is busy or down, the commit fails) every mail is handled alone: the batch is
        only a way to share one commit, never a second code path with other outcomes. Returns, in
        order, each mail's outcome or the exception ``ingest`` raised for it (its transport
        answers that one "try later"). Nothing is answered before the commit has returned.
        """
        if len(mails) == 1:
            return [self._alone(mails[0])]
        done: list[IngestOutcome | None] = [None] * len(mails)
        try:
            with self.judge.transaction() as session:
                for n, mail in enumerate(mails):
                    try:
                        with session.begin_nested():
                            done[n] = self._in_session(session, mail.raw, mail.source, mail.now)
                    except Exception as exc:
                        if poison.transient(exc):
                            raise
                        done[n] = None  # rolled back: handled alone after the commit
        except Exception as exc:
            if not poison.transient(exc):
                log.exception("a batch of %d mails failed; each is handled alone", len(mails))
            done = [None] * len(mails)
        return [outcome or self._alone(mail) for outcome, mail in zip(done, mails, strict=True)]

    def _alone(self, mail: Inbound) -> IngestOutcome | Exception:
        try:
            return self.ingest(mail.raw, source=mail.source, now=mail.now)
        except Exception as exc:  # the store failed: this mail's transport says "try later"
            return exc

    def _ingest(self, raw: bytes, source: str, now: datetime) -> IngestOutcome:
        with self.judge.transaction() as session:  # the mail's one transaction: one commit, or none
            return self._in_session(session, raw, source, now)

    def _in_session(self, session: Session, raw: bytes, source: str, now: datetime) -> IngestOutcome:
        """One mail in ``session``'s transaction (its own, or its savepoint in a batch's)."""
        message = parse_message(raw, own_address=self.settings.judge.address)
        mid = message.message_id
        request = None if message.no_reply else parse_request(message.body)
        inbound_id, status = self._log(session, raw, message, source, now)
        if status in ("answered", "ignored", "poison"):
            return IngestOutcome("duplicate", mid, f"already {status}; not applied again", inbound_id)
        if message.no_reply or request is None:
            return IngestOutcome("ignored", mid, f"not answered: {message.no_reply}", inbound_id)
        # A row this transaction inserted is seen by no one else until it commits (a rival insert
        # of the Message-ID waits on the unique key, then reads it answered): nothing to claim.
        if status != "new" and not self._claim(session, inbound_id):
            return IngestOutcome("duplicate", mid, "answered meanwhile; not applied again", inbound_id)
        try:
            with session.begin_nested():  # a refusal undoes the actions, not the log row
                return self._act(session, inbound_id, message, request, raw, now)
        except (Refused, AdjudicatorError) as exc:
            refused = exc if isinstance(exc, Refused) else Refused(str(exc))
        return self._refuse(session, inbound_id, message, request, refused)

    # ---- step 1: the log -------------------------------------------------------------------
    @staticmethod
    def _log(
        session: Session, raw: bytes, message: InboundMessage, source: str, now: datetime
    ) -> tuple[int, str]:
        """Log the message in the mail's transaction; returns its row id and the status it had before.

        The raw bytes are kept with every envelope secret hidden (``redact_raw``); the Message-ID
        was read before that, so a redelivery is still recognised. One statement for a new message
        (``INSERT … ON CONFLICT DO NOTHING RETURNING id``, in SQLAlchemy Core: the ORM's unit of
        work cost more than the insert); a second, reading two columns, for one seen before. On
        PostgreSQL two processes may insert the same Message-ID at once: the second waits for the
        first to commit, inserts nothing, and reads the row the first left.
        """
        values = {
            "message_id": message.message_id,
            "received_at": now,
            "raw": redact_raw(raw, plain=message.plain),
            "source": source[:16],
            "sender": message.sender,
            "subject": hide_secrets(message.subject),
            "status": "ignored" if message.no_reply else "received",
            "note": message.no_reply or "",
        }
        connection = session.connection()
        new = connection.execute(_log_insert(connection.dialect.name), values).scalar()
        if new is not None:
            return int(new), "new"
        old = connection.execute(
            sql_select(_INBOUND.c.id, _INBOUND.c.status).where(_INBOUND.c.message_id == message.message_id)
        ).one()
        return int(old.id), str(old.status)

    @staticmethod
    def _claim(session: Session, inbound_id: int) -> bool:
        """Mark the message answered in this transaction; False when another process did first."""
        result = session.connection().execute(
            update(_INBOUND)
            .where(_INBOUND.c.id == inbound_id, _INBOUND.c.status == "received")
            .values(status="answered")
        )
        return result.rowcount == 1

    # ---- step 2: authenticate, act, answer ---------------------------------------------------
    def _act(
        self,
        session: Session,
        inbound_id: int,
        message: InboundMessage,
        request: MailRequest,
        raw: bytes,
        now: datetime,
    ) -> IngestOutcome:
        game, power, row, notes = authenticate(self.judge, session, message, request, raw, now, self.dnsfunc)
        ctx = Context(
            self.judge, session, game, power, row, message, request, now, mail_key(message.message_id)
        )
        sections = [f"Note: {n}" for n in (*message.notes, *notes)]
        if power == GM:
            if request.problems:  # a GM mail is all or nothing: a line not understood changes nothing
                lines = "\n  ".join(f"line {n}: {line!r}: {why}" for n, line, why in request.problems)
                raise Refused(f"{lines}\n  nothing was changed", game=game.id, power=GM)
            sections += self._run(ctx, gm_actions.GM_ACTIONS, "the GM")
            if request.orders.lines or request.orders.ready is not None:
                sections.append("READY and orders are for powers; the GM's lines are edits and commands")
            gm_actions.announce(ctx)
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
            self.judge.queue_mail(
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
            self.judge.queue_mail(
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
        self.judge.queue_answer(
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
        """The log row answered: one UPDATE, in Core (the row was inserted in Core, and an ORM
        UPDATE would flush the session and evaluate its criteria against the identity map first)."""
        values = {"inbound": inbound_id, "to_game": game, "to_power": power, "to_note": note}
        session.connection().execute(_CLOSE, values)
