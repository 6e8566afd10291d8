"""A battle's result seen by its run's player: until then the page shows it first.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The battles stored before count as seen (their players were shown them, or left them
    behind long ago)."""
    with op.batch_alter_table("battles") as battles:
        battles.add_column(sa.Column("seen", sa.Boolean(), nullable=False,
                                     server_default=sa.true()))
    with op.batch_alter_table("battles") as battles:
        battles.alter_column("seen", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("battles") as battles:
        battles.drop_column("seen")
