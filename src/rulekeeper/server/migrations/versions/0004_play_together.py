"""Playing together: open seats and invitations, public games, turns and turn clocks.

Revision ID: 0004
Revises: 0003 (records in today's format)
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("result", sa.JSON(), nullable=True))
        games.add_column(sa.Column("scenario", sa.String(length=64), nullable=True))
        games.add_column(sa.Column("public", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        games.add_column(sa.Column("watch_key", sa.String(length=32), nullable=True))
        games.add_column(sa.Column("open_seats", sa.Integer(), nullable=False,
                                   server_default="0"))
        games.add_column(sa.Column("turn", sa.String(length=32), nullable=True))
        games.add_column(sa.Column("turn_since", sa.DateTime(timezone=True), nullable=True))
        games.add_column(sa.Column("bot_turn", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        games.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        games.add_column(sa.Column("clock_used", sa.JSON(), nullable=True))
        games.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        games.create_index("ix_games_deadline", ["deadline"])
        games.create_index("ix_games_public_open", ["public", "open_seats"])
    with op.batch_alter_table("game_seats") as seats:
        seats.add_column(sa.Column("invite", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_seats") as seats:
        seats.drop_column("invite")
    with op.batch_alter_table("games") as games:
        games.drop_index("ix_games_public_open")
        games.drop_index("ix_games_deadline")
        for column in ("deadline", "clock_used", "clock", "bot_turn", "turn_since", "turn",
                       "open_seats", "watch_key", "public", "scenario", "result"):
            games.drop_column(column)
