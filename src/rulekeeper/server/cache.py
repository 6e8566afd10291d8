"""Games rebuilt from their records, kept in this process per (id, version).

A version names exactly one state of a game, so a kept game is never stale: the cache
only saves replaying the record. A game is taken out while it is used (whoever holds
it may step it) and kept again under its new version once that version is committed.
Another process, or a restarted one, simply replays.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class GameCache(Generic[T]):
    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int], T] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str, version: int, rebuild: Callable[[], T]) -> T:
        """The game ``key`` at ``version``: the kept one, else ``rebuild()`` (a replay)."""
        kept = self.pop(key, version)
        return kept if kept is not None else rebuild()

    def pop_latest(self, key: str, below: int) -> T | None:
        """The kept game ``key`` of the newest version below ``below``, taken out."""
        with self._lock:
            versions = [v for k, v in self._kept if k == key and v < below]
            return self._kept.pop((key, max(versions))) if versions else None

    def pop(self, key: str, version: int) -> T | None:
        """The kept game ``key`` at ``version``, taken out; None if none is kept."""
        with self._lock:
            return self._kept.pop((key, version), None)

    def keep(self, key: str, version: int, game: T) -> None:
        with self._lock:
            self._kept[(key, version)] = game
            self._kept.move_to_end((key, version))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
