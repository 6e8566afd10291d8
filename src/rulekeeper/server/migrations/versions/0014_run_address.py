"""The client address a cryptids run was started from: one address starts so many runs a
day, whatever accounts started them (each run stores its battles and its rows: one person's
many free accounts cannot grow the database with the request rates).

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The runs stored before have none (NULL): no address counts them."""
    with op.batch_alter_table("runs") as runs:
        runs.add_column(sa.Column("address", sa.String(length=64), nullable=True))
    # counted at each new run: the runs of an address in the last 24 hours
    op.create_index("ix_runs_address_created", "runs", ["address", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_runs_address_created", table_name="runs")
    with op.batch_alter_table("runs") as runs:
        runs.drop_column("address")
