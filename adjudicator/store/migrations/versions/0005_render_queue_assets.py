"""reports rendered after the commit, content stored once (issue 18)

``assets`` holds content several mails carry, once, under its SHA-256: a window's map PNG, a
report's close-up, JSON, and its text and HTML parts (text compressed). ``outbox.body_asset`` names
the asset of a report's text and HTML parts. An outbox row may now be ``render`` (queued with its
window, rendered after the commit: service/rendering.py) or ``rendering``; ``ix_outbox_status_id``
finds them, and the sender's due rows, without reading the whole outbox. Existing rows keep their
content inline.

Revision ID: 0005_render_assets
Revises: 0004_steps
"""

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0005_render_assets"
down_revision = "0004_steps"
branch_labels = None
depends_on = None

INDEX = "ix_outbox_status_id"


def upgrade() -> None:
    op.create_table(
        "assets",
        sa.Column("digest", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("compressed", sa.Boolean(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("digest"),
    )
    op.add_column(
        "outbox", sa.Column("body_asset", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
    )
    op.create_index(INDEX, "outbox", ["status", "id"], unique=False)


def downgrade() -> None:
    op.drop_index(INDEX, table_name="outbox")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("body_asset")
    op.drop_table("assets")
