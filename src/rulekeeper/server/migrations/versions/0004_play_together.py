"""Playing together: open seats and invitations, public games, turns and turn clocks.

Revision ID: 0004
Revises: 0003 (records in today's format)
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ... ADD COLUMN (SQLite has it): a batch would copy the games table,
    # which SQLite refuses while the seats' foreign keys point at its rows
    columns: list[sa.Column[Any]] = [
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("scenario", sa.String(length=64), nullable=True),
        sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("watch_key", sa.String(length=32), nullable=True),
        sa.Column("open_seats", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("turn", sa.String(length=32), nullable=True),
        sa.Column("turn_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("bot_turn", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("clock_used", sa.JSON(), nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
    ]
    for column in columns:
        op.add_column("games", column)
    op.create_index("ix_games_deadline", "games", ["deadline"])
    op.create_index("ix_games_public_open", "games", ["public", "open_seats"])
    op.add_column("game_seats", sa.Column("invite", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_seats") as seats:
        seats.drop_column("invite")
    with op.batch_alter_table("games") as games:
        games.drop_index("ix_games_public_open")
        games.drop_index("ix_games_deadline")
        for column in ("deadline", "clock_used", "clock", "bot_turn", "turn_since", "turn",
                       "open_seats", "watch_key", "public", "scenario", "result"):
            games.drop_column(column)
