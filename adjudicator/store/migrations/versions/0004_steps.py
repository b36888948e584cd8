"""windows: steps of sequential windows (issue 16, docs/turn-by-turn.md §2)

Every step of a turn-by-turn window is a ``windows`` row pointing to its window's row, the parent:
``parent_id`` (indexed, a foreign key to ``windows.id``), ``step`` (its number in the round),
``actors`` (the powers that act in it) and ``step_kind`` (``turn``, ``close``, or the ruleset's
word). Existing rows are windows, not steps: NULL, NULL, ``[]`` and ``""``.

The columns are added with plain ``ALTER TABLE … ADD COLUMN`` on both databases (the foreign key
written inline), not by copying the table as Alembic's batch mode does on SQLite: order sets,
results, snapshots and events point to ``windows``, so dropping the old copy would break them.
Going down makes the table again on SQLite (a column in a foreign key cannot be dropped there).

Revision ID: 0004_steps
Revises: 0003_race
"""

import sqlalchemy as sa
import sqlmodel
from alembic import op
from sqlalchemy import Text
from sqlalchemy.dialects import postgresql

revision = "0004_steps"
down_revision = "0003_race"
branch_labels = None
depends_on = None

INDEX = "ix_windows_parent_id"


def upgrade() -> None:
    op.add_column(
        "windows",
        sa.Column("parent_id", sa.Integer(), sa.ForeignKey("windows.id"), nullable=True),
        inline_references=True,
    )
    op.add_column("windows", sa.Column("step", sa.Integer(), nullable=True))
    op.add_column(
        "windows",
        sa.Column(
            "actors",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=Text()), "postgresql"),
            nullable=False,
            server_default=sa.text("'[]'"),
        ),
    )
    op.add_column(
        "windows",
        sa.Column(
            "step_kind", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False, server_default=""
        ),
    )
    op.create_index(INDEX, "windows", ["parent_id"], unique=False)


def downgrade() -> None:
    op.drop_index(INDEX, table_name="windows")
    if op.get_bind().dialect.name == "sqlite":
        _sqlite_windows_without_steps()
        return
    with op.batch_alter_table("windows", schema=None) as batch_op:
        for name in reversed(STEP_COLUMNS):
            batch_op.drop_column(name)


STEP_COLUMNS = ("parent_id", "step", "actors", "step_kind")


def _sqlite_windows_without_steps() -> None:
    """SQLite cannot drop a column that is in a foreign key, and copying the table as batch mode does
    fails: dropping ``windows`` counts every order set, result, snapshot and event that points to it
    as a violation, and renaming the copy does not count them back. So the rows are kept aside, the
    table (as reflected, less the step columns) is made again under its own name and the rows put
    back, which counts them back; foreign keys are checked at commit, when they hold again."""
    bind = op.get_bind()
    current = sa.Table("windows", sa.MetaData(), autoload_with=bind)
    kept = [c for c in current.columns if c.name not in STEP_COLUMNS]
    names = ", ".join(f'"{c.name}"' for c in kept)
    op.execute("PRAGMA defer_foreign_keys = ON")
    op.execute(f"CREATE TABLE _windows_0003 AS SELECT {names} FROM windows")
    op.drop_index("ix_windows_game_id", table_name="windows")
    op.drop_table("windows")
    op.create_table(
        "windows",
        *(sa.Column(c.name, c.type, primary_key=c.primary_key, nullable=c.nullable) for c in kept),
        *(
            sa.ForeignKeyConstraint(fk.column_keys, [e.target_fullname for e in fk.elements])
            for fk in current.foreign_key_constraints
            if not set(fk.column_keys) & set(STEP_COLUMNS)
        ),
    )
    op.create_index("ix_windows_game_id", "windows", ["game_id"], unique=False)
    op.execute(f"INSERT INTO windows ({names}) SELECT {names} FROM _windows_0003")
    op.drop_table("_windows_0003")
