"""Seats kept for a named player until they accept, and public games closed as expired.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The games stored before are closed by nothing (NULL) and their seats kept for nobody
    (NULL): a player another named at a game's creation before this revision holds that seat,
    as they did."""
    # plain ADD COLUMN on games (a batch would copy it, which SQLite refuses while the seats'
    # foreign keys point at its rows); the seats' table may be copied
    op.add_column("games", sa.Column("closed", sa.String(length=16), nullable=True))
    with op.batch_alter_table("game_seats") as seats:
        seats.add_column(sa.Column("invited_id", sa.Integer(), nullable=True))
        seats.create_foreign_key("fk_game_seats_invited_id_players", "players",
                                 ["invited_id"], ["id"])
        seats.create_index("ix_game_seats_invited_id", ["invited_id"])


def downgrade() -> None:
    with op.batch_alter_table("game_seats") as seats:
        seats.drop_index("ix_game_seats_invited_id")
        seats.drop_constraint("fk_game_seats_invited_id_players", type_="foreignkey")
        seats.drop_column("invited_id")
    with op.batch_alter_table("games") as games:
        games.drop_column("closed")
