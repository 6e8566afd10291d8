"""Games rebuilt from their records, kept in this process per (id, version).

A version names exactly one state of a game, so a kept game is never stale: the cache
only saves replaying the record. A game is taken out while it is used (whoever holds
it may step it) and kept again under its new version once that version is committed.
Another process, or a restarted one, simply replays. The cache keeps the games used last,
at most :data:`GAMES_KEPT` of them and :data:`EVENTS_KEPT` events in all (a game's memory
grows with its events).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from rulekeeper.core.lru import Lru

GAMES_KEPT = 256
EVENTS_KEPT = 100_000

T = TypeVar("T")


class GameCache(Generic[T]):
    """``events(game)`` counts a kept game's events (what its size grows with)."""

    def __init__(self, events: Callable[[T], int], size: int = GAMES_KEPT,
                 most_events: int = EVENTS_KEPT) -> None:
        self._kept = Lru[tuple[str, int], T](items=size, weight=most_events, weigh=events)

    def take(self, key: str, version: int, rebuild: Callable[[], T]) -> T:
        """The game ``key`` at ``version``: the kept one, else ``rebuild()`` (a replay)."""
        kept = self.pop(key, version)
        return kept if kept is not None else rebuild()

    def pop_latest(self, key: str, below: int) -> T | None:
        """The kept game ``key`` of the newest version below ``below``, taken out (None if
        none is kept, or another thread took it first)."""
        kept = self._kept.keys()  # a copy: the lock is not held while it is read
        versions = [v for k, v in kept if k == key and v < below]
        return self._kept.pop((key, max(versions))) if versions else None

    def pop(self, key: str, version: int) -> T | None:
        """The kept game ``key`` at ``version``, taken out; None if none is kept."""
        return self._kept.pop((key, version))

    def keep(self, key: str, version: int, game: T) -> None:
        self._kept.put((key, version), game)
