"""order sets: one row per (window, power, version)

Two submissions at the same moment could both be stored as version 1 (issue 14). The judge now
counts versions under a lock on the window; this constraint makes a duplicate impossible.
Duplicates already stored are numbered again first, in the order they were stored (version, then
row id), so the latest stays the one that counts; a later version moves up by as many.

Revision ID: 0003_race
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_race"
down_revision = "0002"
branch_labels = None
depends_on = None

NAME = "uq_order_sets_version"


def _renumber_duplicates() -> None:
    sets = sa.table(
        "order_sets", sa.column("id"), sa.column("window_id"), sa.column("power"), sa.column("version")
    )
    conn = op.get_bind()
    twice = (
        sa.select(sets.c.window_id, sets.c.power)
        .group_by(sets.c.window_id, sets.c.power, sets.c.version)
        .having(sa.func.count() > 1)
        .distinct()
    )
    for window_id, power in conn.execute(twice).all():
        rows = conn.execute(
            sa.select(sets.c.id)
            .where(sets.c.window_id == window_id, sets.c.power == power)
            .order_by(sets.c.version, sets.c.id)
        ).scalars()
        for version, row_id in enumerate(list(rows), start=1):
            conn.execute(sa.update(sets).where(sets.c.id == row_id).values(version=version))


def upgrade() -> None:
    _renumber_duplicates()
    with op.batch_alter_table("order_sets", schema=None) as batch_op:
        batch_op.create_unique_constraint(NAME, ["window_id", "power", "version"])


def downgrade() -> None:
    with op.batch_alter_table("order_sets", schema=None) as batch_op:
        batch_op.drop_constraint(NAME, type_="unique")
