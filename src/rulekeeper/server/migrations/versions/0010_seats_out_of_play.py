"""The seats out of play of each game, for the list of a player's games.

A game's list says whose turn it is from its columns, without a replay; a seat the rules took
out of play (a board's ``out``) is now a column too, kept equal to the game at every change.
This migration replays once each game stored in progress to fill it (a record that does not
replay is left with none, and logged); a finished or closed game has none.

Revision ID: 0010
Revises: 0009
"""

import logging

import sqlalchemy as sa
from alembic import op

from rulekeeper.core.game import replay
from rulekeeper.server.changes import out_of_play

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

log = logging.getLogger(__name__)


def upgrade() -> None:
    # plain ADD COLUMN on games (as 0009: a batch would copy the table the seats point at)
    op.add_column("games", sa.Column("out_seats", sa.JSON(), nullable=True))
    games = sa.table("games", sa.column("id", sa.String), sa.column("record", sa.JSON),
                     sa.column("over", sa.Boolean), sa.column("out_seats", sa.JSON))
    connection = op.get_bind()
    for game_id, record in connection.execute(
            sa.select(games.c.id, games.c.record).where(games.c.over.is_(False))).all():
        try:
            out = out_of_play(replay(record, log=False))
        except Exception as error:  # one odd record never stops an upgrade
            log.warning("games %s: its record does not replay, no seat out of play: %s",
                        game_id, error)
            continue
        connection.execute(sa.update(games).where(games.c.id == game_id).values(out_seats=out))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("out_seats")
