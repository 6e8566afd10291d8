"""Cryptids runs: players' ratings, runs, the snapshot pool and battles.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("mu", sa.Float(), nullable=True))
        players.add_column(sa.Column("sigma", sa.Float(), nullable=True))
    op.create_table(
        "runs",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("lives", sa.Integer(), nullable=False),
        sa.Column("victories", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("winner", sa.String(length=16), nullable=True),
        sa.Column("rating_change", sa.Float(), nullable=False),
        sa.Column("last_change", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_runs_player_created", "runs", ["player_id", "created_at"])
    op.create_index("ix_runs_over", "runs", ["over"])
    op.create_table(
        "snapshots",
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("id", sa.String(length=80), nullable=False),
        sa.Column("run", sa.String(length=48), nullable=False),
        sa.Column("player", sa.String(length=32), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("ghost", sa.Boolean(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("seq"),
        sa.UniqueConstraint("id"),
    )
    op.create_index("ix_snapshots_round_mu", "snapshots", ["round", "mu"])
    op.create_table(
        "battles",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("run_id", sa.String(length=32), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("opponent", sa.String(length=32), nullable=False),
        sa.Column("snapshot", sa.String(length=80), nullable=False),
        sa.Column("ghost", sa.Boolean(), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["run_id"], ["runs.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("run_id", "round"),
    )
    op.create_index("ix_battles_player_id", "battles", ["player_id"])
    op.create_index("ix_battles_opponent", "battles", ["opponent"])


def downgrade() -> None:
    op.drop_table("battles")
    op.drop_table("snapshots")
    op.drop_table("runs")
    with op.batch_alter_table("players") as players:
        players.drop_column("sigma")
        players.drop_column("mu")
