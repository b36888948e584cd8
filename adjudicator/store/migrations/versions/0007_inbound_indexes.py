"""the mail guard's counts by index (issue 18)

The lockout guard (mail/guard.py) counts a sender's, and a power's, refused mails of the last hour
before every mail it reads; without an index each count read the whole ``inbound_mail`` log, so a
mail cost more the longer the game ran. ``ix_inbound_mail_sender_received`` and
``ix_inbound_mail_game_power_received`` answer both counts from the recent rows.

Revision ID: 0007_inbound_indexes
Revises: 0006_due_work
"""

from alembic import op

revision = "0007_inbound_indexes"
down_revision = "0006_due_work"
branch_labels = None
depends_on = None

BY_SENDER = "ix_inbound_mail_sender_received"
BY_POWER = "ix_inbound_mail_game_power_received"


def upgrade() -> None:
    op.create_index(BY_SENDER, "inbound_mail", ["sender", "received_at"], unique=False)
    op.create_index(BY_POWER, "inbound_mail", ["game_id", "power", "received_at"], unique=False)


def downgrade() -> None:
    op.drop_index(BY_POWER, table_name="inbound_mail")
    op.drop_index(BY_SENDER, table_name="inbound_mail")
