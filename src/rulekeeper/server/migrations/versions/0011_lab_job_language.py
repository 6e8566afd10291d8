"""The language a lab job was asked in: its HTML report is written in it (/lab in French
gives a French report).

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The jobs stored before have none (NULL): their reports were written in English, and a
    job of theirs still to run writes its report in English."""
    with op.batch_alter_table("lab_jobs") as jobs:
        jobs.add_column(sa.Column("lang", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("lab_jobs") as jobs:
        jobs.drop_column("lang")
