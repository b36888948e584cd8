"""games.wake_at and outbox.mail_key: the deadline pass finds its work by index (issue 18)

``games.wake_at`` (indexed) is the earliest moment the deadline pass has something to do for a game
(a reminder, a deadline past grace, a round's cap), or NULL when nothing will until something
changes; the pass finds its games with one range query on it instead of opening every game. The
pass writes the exact moment after it looked at a game; every other change that may bring work
forward is caught by triggers here, on both databases, whatever wrote it (the service, a GM's raw
SQL, a test): a window opened or whose deadline or status changed, an order set stored, a power
added or whose status changed (civil disorder, a replacement), a game whose calendar, status or
current window changed. Each sets ``wake_at`` to :data:`WAKE_NOW` (the epoch), which every pass
takes as due; the pass then looks and writes the exact moment. Existing active games start at
WAKE_NOW, so the first pass after the upgrade looks at each once.

``outbox.mail_key`` (indexed) is the key a mail was queued under (``late.GAME.WINDOW.POWER``), so
"is it queued already?" is an equality on an index, not ``message_id LIKE '<key@%'`` (a pattern with
an ESCAPE, which neither database answers from the unique index on ``message_id``). Existing rows
get the part of their Message-ID before the ``@`` (keys never hold one).

Revision ID: 0006_due_work
Revises: 0005_render_assets
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_due_work"
down_revision = "0005_render_assets"
branch_labels = None
depends_on = None

WAKE_NOW = "1970-01-01 00:00:00.000000"
"""The moment that is always due (SQLite stores SQLAlchemy's DateTime as this text form)."""

# (trigger, table, event, game id column): each one marks its game due now
_CHILD_TRIGGERS = (
    ("wake_window_opened", "windows", "INSERT", "game_id"),
    ("wake_window_changed", "windows", "UPDATE OF deadline, status", "game_id"),
    ("wake_orders_stored", "order_sets", "INSERT", "game_id"),
    ("wake_power_added", "powers", "INSERT", "game_id"),
    ("wake_power_changed", "powers", "UPDATE OF status", "game_id"),
)
_GAME_TRIGGER = ("wake_game_changed", "games", "UPDATE OF calendar, status, current_window_id")
PG_FUNCTION = "adjudicator_wake_game"
PG_SELF_FUNCTION = "adjudicator_wake_self"


def upgrade() -> None:
    op.add_column("games", sa.Column("wake_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_wake_at", "games", ["wake_at"], unique=False)
    op.add_column("outbox", sa.Column("mail_key", sa.String(length=255), nullable=True))
    op.create_index("ix_outbox_mail_key", "outbox", ["mail_key"], unique=False)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("UPDATE outbox SET mail_key = split_part(substr(message_id, 2), '@', 1)")
        _postgresql_triggers()
    else:
        op.execute(
            "UPDATE outbox SET mail_key = substr(message_id, 2, instr(message_id, '@') - 2) "
            "WHERE instr(message_id, '@') > 2"
        )
        _sqlite_triggers()
    op.execute(f"UPDATE games SET wake_at = '{WAKE_NOW}' WHERE status = 'active'")


def _sqlite_triggers() -> None:
    for name, table, event, column in _CHILD_TRIGGERS:
        op.execute(
            f"CREATE TRIGGER {name} AFTER {event} ON {table} BEGIN "
            f"UPDATE games SET wake_at = '{WAKE_NOW}' WHERE id = NEW.{column} "
            f"AND (wake_at IS NULL OR wake_at > '{WAKE_NOW}'); END"
        )
    name, table, event = _GAME_TRIGGER
    op.execute(
        f"CREATE TRIGGER {name} AFTER {event} ON {table} BEGIN "
        f"UPDATE games SET wake_at = '{WAKE_NOW}' WHERE id = NEW.id; END"
    )


def _postgresql_triggers() -> None:
    op.execute(
        f"CREATE FUNCTION {PG_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"UPDATE games SET wake_at = TIMESTAMPTZ '{WAKE_NOW}+00' WHERE id = NEW.game_id "
        f"AND (wake_at IS NULL OR wake_at > TIMESTAMPTZ '{WAKE_NOW}+00'); RETURN NULL; END $$"
    )
    op.execute(
        f"CREATE FUNCTION {PG_SELF_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"NEW.wake_at := TIMESTAMPTZ '{WAKE_NOW}+00'; RETURN NEW; END $$"
    )
    for name, table, event, _column in _CHILD_TRIGGERS:
        op.execute(
            f"CREATE TRIGGER {name} AFTER {event} ON {table} FOR EACH ROW EXECUTE FUNCTION {PG_FUNCTION}()"
        )
    name, table, event = _GAME_TRIGGER
    op.execute(
        f"CREATE TRIGGER {name} BEFORE {event} ON {table} FOR EACH ROW EXECUTE FUNCTION {PG_SELF_FUNCTION}()"
    )


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for name, table, *_ in (*_CHILD_TRIGGERS, _GAME_TRIGGER):
        op.execute(f"DROP TRIGGER IF EXISTS {name}" + (f" ON {table}" if postgresql else ""))
    if postgresql:
        op.execute(f"DROP FUNCTION IF EXISTS {PG_FUNCTION}()")
        op.execute(f"DROP FUNCTION IF EXISTS {PG_SELF_FUNCTION}()")
    op.drop_index("ix_outbox_mail_key", table_name="outbox")
    op.drop_index("ix_games_wake_at", table_name="games")
    # a plain DROP COLUMN on both (SQLite >= 3.35): batch mode would copy ``games``, which others point to
    op.execute("ALTER TABLE outbox DROP COLUMN mail_key")
    op.execute("ALTER TABLE games DROP COLUMN wake_at")
