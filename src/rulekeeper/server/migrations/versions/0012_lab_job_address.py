"""The client address a lab job was asked from: the lab's queue is shared by address (one
person's many accounts share one address's place in it).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The jobs stored before have none (NULL): each counts as its player's own address."""
    with op.batch_alter_table("lab_jobs") as jobs:
        jobs.add_column(sa.Column("address", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("lab_jobs") as jobs:
        jobs.drop_column("address")
