"""The tables. The event log is the source of truth; snapshots and ``games.state`` are caches."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, DateTime, Index, LargeBinary, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Field, SQLModel

JSONType = JSON().with_variant(JSONB(), "postgresql")


def utcnow() -> datetime:
    return datetime.now(UTC)


class Game(SQLModel, table=True):
    __tablename__ = "games"

    id: str = Field(primary_key=True, max_length=64)
    ruleset: str = Field(max_length=32)
    ruleset_version: str = Field(max_length=16)
    status: str = Field(default="active", max_length=16)
    seed: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    seed_hash: str = Field(max_length=64)
    seed_revealed: bool = False
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONType, nullable=False))
    powers: list[str] = Field(default_factory=list, sa_column=Column(JSONType, nullable=False))
    state: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONType, nullable=False))
    state_digest: str = Field(max_length=64)
    loaded_dice: dict[str, list[int]] = Field(
        default_factory=dict, sa_column=Column(JSONType, nullable=False)
    )
    current_window_id: int | None = None
    gm_address: str | None = Field(default=None, max_length=320)
    calendar: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONType, nullable=False))
    """Deadline policy (service/calendar.py): time zone, hour, weekdays, periods, grace, reminders."""
    created_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )
    wake_at: datetime | None = Field(
        default=None, sa_column=Column(DateTime(timezone=True), nullable=True, index=True)
    )
    """When the deadline pass next has something to do here (service/deadlines.py); NULL: nothing
    until something changes. Triggers (migration 0006) set it to ``WAKE_NOW`` on every such change."""


WAKE_NOW = datetime(1970, 1, 1, tzinfo=UTC)
"""The ``wake_at`` that is always due: what the triggers of migration 0006 write."""


class Power(SQLModel, table=True):
    __tablename__ = "powers"
    __table_args__ = (UniqueConstraint("game_id", "power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64)
    power: str = Field(max_length=64)
    secret_hash: str = Field(max_length=200)
    address: str | None = Field(default=None, max_length=320)
    missed: int = 0
    status: str = Field(default="active", max_length=16)
    """``active``, or ``disorder`` after too many missed deadlines (until the GM replaces the player)."""
    timezone: str | None = Field(default=None, max_length=64)
    absences: list[dict[str, str]] = Field(default_factory=list, sa_column=Column(JSONType, nullable=False))
    """Announced absences, ``{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}``, within the game's budget."""


class Window(SQLModel, table=True):
    """One opening of an order window. A rollback discards windows and opens a new row."""

    __tablename__ = "windows"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64)
    turn: int
    index: int
    label: str = Field(max_length=64)
    status: str = Field(default="open", max_length=16)
    opened_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )
    deadline: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
    resolved_at: datetime | None = Field(
        default=None, sa_column=Column(DateTime(timezone=True), nullable=True)
    )
    start_event_id: int = 0
    parent_id: int | None = Field(default=None, foreign_key="windows.id", index=True)
    """A step of a sequential window points to its window's row, the parent (docs/turn-by-turn.md
    §2); None for a simultaneous window and for a parent."""
    step: int | None = None
    """A step's number in its round, 1, 2, … in opening order; None for a window or a parent."""
    actors: list[str] = Field(default_factory=list, sa_column=Column(JSONType, nullable=False))
    """The powers that act in a step; empty for a window or a parent (every power may act)."""
    step_kind: str = Field(default="", max_length=32)
    """``turn``, ``close`` or the ruleset's word for an out-of-turn step; empty for a window."""


class OrderSet(SQLModel, table=True):
    """Every version a power sent for a window; the latest counts."""

    __tablename__ = "order_sets"
    __table_args__ = (UniqueConstraint("window_id", "power", "version", name="uq_order_sets_version"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64)
    window_id: int = Field(foreign_key="windows.id", index=True)
    power: str = Field(max_length=64)
    version: int
    text: str = Field(sa_column=Column(Text, nullable=False))
    orders: list[str] = Field(default_factory=list, sa_column=Column(JSONType, nullable=False))
    issues: list[str] = Field(default_factory=list, sa_column=Column(JSONType, nullable=False))
    ready: bool = False
    source: str = Field(default="cli", max_length=16)
    submitted_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )


class EventRow(SQLModel, table=True):
    __tablename__ = "events"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64)
    window_id: int | None = Field(default=None, index=True)
    kind: str = Field(max_length=48)
    phase: str = Field(default="", max_length=64)
    scope: str = Field(max_length=16)
    audience: list[str] = Field(default_factory=list, sa_column=Column(JSONType, nullable=False))
    payload: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONType, nullable=False))
    discarded: bool = False
    created_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )


class Snapshot(SQLModel, table=True):
    """The state at the opening of a window (cache; replay must reproduce it)."""

    __tablename__ = "snapshots"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64)
    window_id: int = Field(foreign_key="windows.id", index=True)
    label: str = Field(max_length=64)
    digest: str = Field(max_length=64)
    state: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONType, nullable=False))
    discarded: bool = False


class ResultRow(SQLModel, table=True):
    __tablename__ = "results"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=64)
    window_id: int = Field(foreign_key="windows.id", index=True)
    phase: str = Field(max_length=64)
    power: str = Field(max_length=64)
    order_text: str = Field(sa_column=Column(Text, nullable=False))
    ok: bool
    note: str = Field(default="", sa_column=Column(Text, nullable=False))
    reason_code: str | None = Field(default=None, max_length=48)
    reason: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    discarded: bool = False


class Outbox(SQLModel, table=True):
    """A mail to send, written in the same transaction as what caused it."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_status_id", "status", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str | None = Field(default=None, foreign_key="games.id", index=True, max_length=64)
    """None for a reply to a mail that named no known game."""
    window_id: int | None = None
    kind: str = Field(default="report", max_length=16)
    """report, receipt, reply, reminder, notice, press, secret, welcome, briefing."""
    recipient: str = Field(max_length=64)
    address: str | None = Field(default=None, max_length=320)
    mail_key: str | None = Field(default=None, max_length=255, index=True)
    """The key it was queued under (``late.GAME.WINDOW.POWER``): "queued already?" looks it up here."""
    message_id: str = Field(unique=True, max_length=255)
    """Stable per row: a resend after a crash carries the same id, so clients drop the copy."""
    in_reply_to: str | None = Field(default=None, max_length=255)
    subject: str = Field(max_length=255)
    body_text: str = Field(sa_column=Column(Text, nullable=False))
    body_html: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    body_asset: str | None = Field(default=None, max_length=64)
    """A report's text and HTML parts, kept as one asset under this digest (JSON ``{"text", "html"}``,
    compressed: service/assets.py); ``body_text`` is then '' and ``body_html`` None."""
    attachments: list[dict[str, str]] = Field(
        default_factory=list, sa_column=Column(JSONType, nullable=False)
    )
    """``{"filename": …, "content_type": "text/calendar", "text": …}`` (an .ics, a report file), or
    ``"asset": digest`` instead of ``text``/``base64`` for content kept once in ``assets`` (a map)."""
    status: str = Field(default="pending", max_length=16)
    """render (a report queued with its window, not yet rendered: service/rendering.py), rendering
    (claimed by a render pass), pending, sending (claimed by a sender), sent, failed (no address, or
    gave up). The sender takes only pending rows: a mail is never sent unrendered."""
    attempts: int = 0
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    next_attempt_at: datetime | None = Field(
        default=None, sa_column=Column(DateTime(timezone=True), nullable=True)
    )
    claimed_at: datetime | None = Field(
        default=None, sa_column=Column(DateTime(timezone=True), nullable=True)
    )
    created_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )
    sent_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class Asset(SQLModel, table=True):
    """Content several mails carry, stored once under its digest (service/assets.py): a window's
    map PNG is one row however many reports show it; large text parts are kept compressed."""

    __tablename__ = "assets"

    digest: str = Field(primary_key=True, max_length=64)
    """SHA-256 of the content as mailed (hex)."""
    compressed: bool = False
    """``data`` is zlib-compressed (text, JSON, HTML); a PNG is stored as it is."""
    size: int
    """The content's length in bytes, as mailed."""
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )


class InboundMail(SQLModel, table=True):
    """Every message that came in, logged by Message-ID before anything else happens."""

    __tablename__ = "inbound_mail"
    __table_args__ = (  # the lockout guard's counts of the last hour (mail/guard.py, migration 0007)
        Index("ix_inbound_mail_sender_received", "sender", "received_at"),
        Index("ix_inbound_mail_game_power_received", "game_id", "power", "received_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(unique=True, max_length=255)
    received_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    source: str = Field(default="pipe", max_length=16)
    """imap, lmtp, smtp, pipe, cli."""
    sender: str | None = Field(default=None, max_length=320)
    subject: str = Field(default="", sa_column=Column(Text, nullable=False))
    game_id: str | None = Field(default=None, max_length=64)
    power: str | None = Field(default=None, max_length=64)
    status: str = Field(default="received", max_length=16)
    """received (logged, not yet answered), answered, or ignored (a loop or a bounce)."""
    note: str = Field(default="", sa_column=Column(Text, nullable=False))
