"""The snapshot pool of the cryptids online game, on the database.

:class:`DatabasePool` implements the ruleset's ``SnapshotPool`` (the interface its
matchmaking is written against) inside one transaction: the snapshot a player's
ending shop adds is committed with that shop's battle, or not at all. At start the
pool is seeded with the snapshots of the ruleset's bot players, so that a lone player
meets opponents from round 1.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.rulesets.cryptids_run.ruleset import CryptidsRunRuleset
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot
from rulekeeper.server.models import StoredSnapshot

RUN_RULESET = "cryptids-run"


def run_ruleset() -> CryptidsRunRuleset:
    ruleset = registry.load(RUN_RULESET)
    assert isinstance(ruleset, CryptidsRunRuleset)
    return ruleset


class DatabasePool:
    """The snapshots table as a ``SnapshotPool``, within ``session``'s transaction."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, snapshot: Snapshot) -> None:
        data = snapshot.model_dump(mode="json")
        known = self.session.scalar(select(StoredSnapshot.data).where(
            StoredSnapshot.id == snapshot.id))
        if known is not None:
            if known != data:
                raise UsageError(f"snapshot {snapshot.id} is already in the pool with other "
                                 "data: snapshots never change")
            return
        self.session.add(StoredSnapshot(id=snapshot.id, run=snapshot.run, player=snapshot.player,
                                        round=snapshot.round, mu=snapshot.rating.mu,
                                        ghost=snapshot.ghost, data=data))
        self.session.flush()

    def candidates(self, round: int, *, exclude: Collection[str], low: float, high: float,
                   limit: int) -> list[Snapshot]:
        query = select(StoredSnapshot.data).where(StoredSnapshot.round == round)
        if exclude:
            query = query.where(StoredSnapshot.player.not_in(list(exclude)))
        if math.isfinite(low):
            query = query.where(StoredSnapshot.mu >= low)
        if math.isfinite(high):
            query = query.where(StoredSnapshot.mu <= high)
        rows = self.session.scalars(query.order_by(StoredSnapshot.seq.desc()).limit(limit))
        return [Snapshot.model_validate(data) for data in rows]


def seed_pool(session: Session, snapshots: Iterable[Snapshot] | None = None) -> int:
    """Add the bot players' snapshots that the pool lacks; returns how many were added."""
    if snapshots is None:
        ruleset = run_ruleset()
        snapshots = ruleset.bot_snapshots(ruleset.load_content()[0])
    snapshots = list(snapshots)
    known = set(session.scalars(select(StoredSnapshot.id).where(
        StoredSnapshot.id.in_([s.id for s in snapshots]))))
    pool = DatabasePool(session)
    for snapshot in snapshots:
        if snapshot.id not in known:
            pool.add(snapshot)
    return len(snapshots) - len(known)
