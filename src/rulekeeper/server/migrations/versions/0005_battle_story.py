"""The story of a battle: the lives it cost, the lives and victories after it, the player's
odds; the change of the shown rating of a run; bot players' rows marked as ghosts.

Revision ID: 0005
Revises: 0004 (playing together)
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

BOTS = "bot-%"
"""The bot players' names (``bot-1``...): their rows were built by bots."""


def upgrade() -> None:
    with op.batch_alter_table("battles") as battles:
        battles.add_column(sa.Column("lives_lost", sa.Integer(), nullable=True))
        battles.add_column(sa.Column("lives", sa.Integer(), nullable=True))
        battles.add_column(sa.Column("victories", sa.Integer(), nullable=True))
        battles.add_column(sa.Column("odds", sa.Float(), nullable=True))
        battles.add_column(sa.Column("odds_low", sa.Float(), nullable=True))
        battles.add_column(sa.Column("odds_high", sa.Float(), nullable=True))
        battles.add_column(sa.Column("odds_battles", sa.Integer(), nullable=True))
    with op.batch_alter_table("runs") as runs:
        runs.add_column(sa.Column("rating_shown_change", sa.Float(), nullable=True))
    snapshots = sa.table("snapshots", sa.column("id", sa.String), sa.column("player", sa.String),
                         sa.column("ghost", sa.Boolean), sa.column("data", sa.JSON))
    connection = op.get_bind()
    for id_, data in connection.execute(sa.select(snapshots.c.id, snapshots.c.data).where(
            snapshots.c.player.like(BOTS))).all():
        connection.execute(sa.update(snapshots).where(snapshots.c.id == id_).values(
            ghost=True, data={**data, "ghost": True}))
    battles_table = sa.table("battles", sa.column("opponent", sa.String),
                             sa.column("ghost", sa.Boolean))
    connection.execute(sa.update(battles_table).where(battles_table.c.opponent.like(BOTS))
                       .values(ghost=True))


def downgrade() -> None:
    """The columns go; bot players' rows stay marked as ghosts."""
    with op.batch_alter_table("runs") as runs:
        runs.drop_column("rating_shown_change")
    with op.batch_alter_table("battles") as battles:
        for column in ("odds_battles", "odds_high", "odds_low", "odds", "victories", "lives",
                       "lives_lost"):
            battles.drop_column(column)
