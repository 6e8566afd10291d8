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
from typing import cast

from sqlalchemy import Table, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from rulekeeper.core import registry
from rulekeeper.core.errors import UsageError
from rulekeeper.core.lru import Lru
from rulekeeper.rulesets.cryptids_run.ruleset import CryptidsRunRuleset
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot
from rulekeeper.server.models import StoredSnapshot, now

RUN_RULESET = "cryptids-run"
SNAPSHOTS = cast(Table, StoredSnapshot.__table__)


def run_ruleset() -> CryptidsRunRuleset:
    ruleset = registry.load(RUN_RULESET)
    assert isinstance(ruleset, CryptidsRunRuleset)
    return ruleset


class KeptSnapshots:
    """Snapshots already read from one database's pool, by id (at most ``size``).

    A snapshot never changes once stored, so a kept one is never stale: matchmaking lists
    the same candidates again and again, and each is validated once per app process.
    """

    def __init__(self, size: int = 4096) -> None:
        self._kept = Lru[str, Snapshot](items=size)

    def known(self, ids: Iterable[str]) -> dict[str, Snapshot]:
        """The kept snapshots among ``ids``."""
        found = {i: self._kept.get(i) for i in ids}
        return {i: snapshot for i, snapshot in found.items() if snapshot is not None}

    def keep(self, snapshot: Snapshot) -> None:
        self._kept.put(snapshot.id, snapshot)


class DatabasePool:
    """The snapshots table as a ``SnapshotPool``, within ``session``'s transaction
    (``kept``: the app's snapshots already read from this database)."""

    def __init__(self, session: Session, kept: KeptSnapshots | None = None) -> None:
        self.session = session
        self.kept = kept or KeptSnapshots(0)

    def add(self, snapshot: Snapshot) -> None:
        data = snapshot.model_dump(mode="json")
        dialect = self.session.get_bind().dialect.name
        adding = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(SNAPSHOTS)
        added = self.session.execute(adding.values(
            id=snapshot.id, run=snapshot.run, player=snapshot.player, round=snapshot.round,
            mu=snapshot.rating.mu, ghost=snapshot.ghost, data=data, created_at=now(),
        ).on_conflict_do_nothing(index_elements=["id"]).returning(SNAPSHOTS.c.seq)).first()
        if added is None:  # the id was taken: the same snapshot again is no change
            known = self.session.scalar(select(StoredSnapshot.data).where(
                StoredSnapshot.id == snapshot.id))
            if known != data:
                raise UsageError(f"snapshot {snapshot.id} is already in the pool with other "
                                 "data: snapshots never change")

    def candidates(self, round: int, *, exclude: Collection[str], low: float, high: float,
                   limit: int) -> list[Snapshot]:
        query = select(StoredSnapshot.id).where(StoredSnapshot.round == round)
        if exclude:
            query = query.where(StoredSnapshot.player.not_in(list(exclude)))
        if math.isfinite(low):
            query = query.where(StoredSnapshot.mu >= low)
        if math.isfinite(high):
            query = query.where(StoredSnapshot.mu <= high)
        ids = list(self.session.scalars(query.order_by(StoredSnapshot.seq.desc()).limit(limit)))
        found = self.kept.known(ids)
        missing = [i for i in ids if i not in found]
        if missing:  # read and validated once, then kept
            for data in self.session.scalars(select(StoredSnapshot.data).where(
                    StoredSnapshot.id.in_(missing))):
                snapshot = Snapshot.model_validate(data)
                self.kept.keep(snapshot)
                found[snapshot.id] = snapshot
        return [found[i] for i in ids]


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
