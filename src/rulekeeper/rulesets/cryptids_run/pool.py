"""The snapshot pool: where snapshots are kept and matchmaking finds opponents.

:class:`SnapshotPool` is all matchmaking knows of it: add a snapshot, and list the
snapshots at a round within a rating window, leaving out some players. The offline
game and the lab use :class:`InMemoryPool`; the online service implements the same
two methods on its database (an index on round and rating answers ``candidates``).
"""

from __future__ import annotations

import bisect
from collections.abc import Collection, Iterable, Iterator
from typing import Protocol

from rulekeeper.core.errors import UsageError
from rulekeeper.core.rules_index import cites
from rulekeeper.rulesets.cryptids_run.snapshots import Snapshot


class SnapshotPool(Protocol):
    """The snapshots of every player, by round."""

    def add(self, snapshot: Snapshot) -> None:
        """Keep a snapshot. Adding the same snapshot again changes nothing; a different
        snapshot under a known id is refused (snapshots never change)."""

    def candidates(self, round: int, *, exclude: Collection[str], low: float, high: float,
                   limit: int) -> list[Snapshot]:
        """Snapshots taken at ``round`` by players not in ``exclude`` whose rating (``mu``
        at snapshot time) is within ``low..high``, newest first, at most ``limit``."""


class InMemoryPool:
    """A pool in this process's memory: per round, snapshots sorted by rating."""

    def __init__(self, snapshots: Iterable[Snapshot] = ()) -> None:
        self._by_id: dict[str, Snapshot] = {}
        self._rounds: dict[int, list[tuple[float, int, Snapshot]]] = {}
        for snapshot in snapshots:
            self.add(snapshot)

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Snapshot]:
        """Every snapshot, in the order they were added."""
        return iter(self._by_id.values())

    def __repr__(self) -> str:
        return f"<InMemoryPool {len(self)} snapshots>"

    @cites("snapshot.immutable")
    def add(self, snapshot: Snapshot) -> None:
        known = self._by_id.get(snapshot.id)
        if known is not None:
            if known != snapshot:
                raise UsageError(f"snapshot {snapshot.id} is already in the pool with other "
                                 "data: snapshots never change")
            return
        entry = (snapshot.rating.mu, len(self._by_id), snapshot)
        self._by_id[snapshot.id] = snapshot
        bisect.insort(self._rounds.setdefault(snapshot.round, []), entry,
                      key=lambda e: (e[0], e[1]))

    def candidates(self, round: int, *, exclude: Collection[str], low: float, high: float,
                   limit: int) -> list[Snapshot]:
        entries = self._rounds.get(round, [])
        start = bisect.bisect_left(entries, low, key=lambda e: e[0])
        stop = bisect.bisect_right(entries, high, key=lambda e: e[0])
        found = [e for e in entries[start:stop] if e[2].player not in exclude]
        found.sort(key=lambda e: -e[1])
        return [e[2] for e in found[:limit]]
