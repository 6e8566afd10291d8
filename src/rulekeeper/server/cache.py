"""Games rebuilt from their records, kept in this process per (id, version).

A version names exactly one state of a game, so a kept game is never stale: the cache
only saves replaying the record. A game is taken out while it is used (whoever holds
it may step it) and kept again under its new version once that version is committed.
Another process, or a restarted one, simply replays. The cache keeps the games used last,
at most :data:`GAMES_KEPT` of them and :data:`EVENTS_KEPT` events in all (a game's memory
grows with its events).

A game is out in one thread at a time: a thread that asks for a game another thread has
taken out (or is rebuilding) waits until it is kept again, at most :attr:`GameCache.wait`
seconds, so that concurrent requests for one game share one rebuild rather than each
replaying it (a game out for longer, or never kept again, is then rebuilt).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

from rulekeeper.core.lru import Lru

GAMES_KEPT = 256
EVENTS_KEPT = 100_000
WAIT = 10.0
"""Seconds a thread waits for a game another thread has out before it rebuilds it."""

T = TypeVar("T")


class GameCache(Generic[T]):
    """``events(game)`` counts a kept game's events (what its size grows with)."""

    def __init__(self, events: Callable[[T], int], size: int = GAMES_KEPT,
                 most_events: int = EVENTS_KEPT, wait: float = WAIT) -> None:
        self._kept = Lru[tuple[str, int], T](items=size, weight=most_events, weigh=events)
        self.wait = wait
        self._out: dict[str, tuple[int, float]] = {}  # game: the thread that has it, since
        self._turn = threading.Condition()

    def take(self, key: str, version: int, rebuild: Callable[[], T]) -> T:
        """The game ``key`` at ``version``: the kept one, else ``rebuild()`` (a replay)."""
        kept = self.pop(key, version)
        return kept if kept is not None else rebuild()

    def pop_latest(self, key: str, below: int) -> T | None:
        """The kept game ``key`` of the newest version below ``below``, taken out (None if
        none is kept, or another thread took it first)."""
        self._take_turn(key)
        kept = self._kept.keys()  # a copy: the lock is not held while it is read
        versions = [v for k, v in kept if k == key and v < below]
        return self._kept.pop((key, max(versions))) if versions else None

    def pop(self, key: str, version: int) -> T | None:
        """The kept game ``key`` at ``version``, taken out; None if none is kept (then this
        thread rebuilds it: others asking meanwhile wait for it to be kept)."""
        self._take_turn(key)
        return self._kept.pop((key, version))

    def keep(self, key: str, version: int, game: T) -> None:
        self._kept.put((key, version), game)
        with self._turn:
            self._out.pop(key, None)
            self._turn.notify_all()

    def _take_turn(self, key: str) -> None:
        """Wait while another thread has the game out (at most :attr:`wait` seconds from
        when it took it), then mark it out to this thread."""
        me = threading.get_ident()
        with self._turn:
            while True:
                holder, since = self._out.get(key, (me, 0.0))
                left = since + self.wait - time.monotonic()
                if holder == me or left <= 0:
                    break
                self._turn.wait(left)
            if len(self._out) >= GAMES_KEPT:  # games taken out and never kept again
                now = time.monotonic()
                self._out = {k: out for k, out in self._out.items()
                             if out[1] + self.wait > now}
            self._out[key] = (me, time.monotonic())
