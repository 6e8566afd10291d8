"""A round lost without a fight (an empty row) not yet shown to its run's player: until then
the page shows it first, as it does a battle not yet seen (revision 0007).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The runs stored before have none (NULL): their losses without a fight count as seen
    (their players were shown them, or left them behind long ago)."""
    with op.batch_alter_table("runs") as runs:
        runs.add_column(sa.Column("unseen_empty_row", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("runs") as runs:
        runs.drop_column("unseen_empty_row")
