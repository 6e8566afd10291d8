"""The client address a game was made from: one address holds so many unfinished games,
whatever accounts made them (one person's many free accounts cannot fill the lobby or the
database).

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The games stored before have none (NULL): no address counts them."""
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("address", sa.String(length=64), nullable=True))
    op.create_index("ix_games_address", "games", ["address"])  # counted at each new game


def downgrade() -> None:
    op.drop_index("ix_games_address", table_name="games")
    with op.batch_alter_table("games") as games:
        games.drop_column("address")
