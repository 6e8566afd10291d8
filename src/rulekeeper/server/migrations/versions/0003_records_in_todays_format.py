"""Stored records in today's format: each names its ruleset version and sample exactly.

Games, runs and battles are stored as records and rebuilt by replaying them. A record of an
older format (rulekeeper 0.1.0 named every version of a ruleset ``-v1`` and its sample
content only by the digest of the whole content) still replays, but replaying it may mean
trying several versions and searching the archive of samples. This migration replays each
such record once and stores the record the replay gives: the same game, in format 3, naming
the version that reproduces it and its sample by digest. A record that does not replay is
left as it was (and logged).

Revision ID: 0003
Revises: 0002
"""

import logging
from typing import Any

import sqlalchemy as sa
from alembic import op

from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.game import RECORD_FORMAT, replay

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

log = logging.getLogger(__name__)

STORED = {"games": True, "runs": False, "battles": True}
"""The tables whose rows hold a record, and whether their games log events (a stored run
does not: its record has no digest of them)."""


def upgrade() -> None:
    connection = op.get_bind()
    for name, logged in STORED.items():
        table = sa.table(name, sa.column("id", sa.String), sa.column("record", sa.JSON),
                         *([sa.column("ruleset", sa.String)] if name == "games" else []))
        rows = connection.execute(sa.select(table.c.id, table.c.record)).all()
        for row_id, record in rows:
            updated = today(record, logged, f"{name} {row_id}")
            if updated is None:
                continue
            values: dict[str, Any] = {"record": updated}
            if name == "games":
                values["ruleset"] = updated["ruleset"]
            connection.execute(sa.update(table).where(table.c.id == row_id).values(**values))


def today(record: Any, logged: bool, where: str) -> dict[str, Any] | None:
    """The record in today's format, or None when it is already (or does not replay)."""
    if not isinstance(record, dict) or record.get("format", 1) >= RECORD_FORMAT:
        return None
    try:
        return replay(record, log=logged).record().model_dump(mode="json")
    except RulekeeperError as error:
        log.warning("%s: its record does not replay, left as it was: %s", where, error)
        return None


def downgrade() -> None:
    """Records stay in format 3: an older rulekeeper refuses them in one line."""
