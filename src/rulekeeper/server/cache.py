"""Games rebuilt from their records, kept in this process per (id, version).

A version names exactly one state of a game, so a kept game is never stale: the cache
only saves replaying the record. A game is taken out while it is used (whoever holds
it may step it) and kept again under its new version once that version is committed.
Another process, or a restarted one, simply replays. The cache keeps the games used last,
at most :data:`GAMES_KEPT` of them and :data:`EVENTS_KEPT` events in all (a game's memory
grows with its events).

A game is lent to one request at a time: a request that asks for a game another one has
taken out (or is rebuilding) waits until it is kept again, at most :attr:`GameCache.wait`
seconds, so that concurrent requests for one game share one rebuild rather than each
replaying it. A request that ends without keeping a game it took (an error, a lost race)
gives it back as it ends (:class:`Lending`, the app's middleware); work outside requests
(a bot's search, the clocks' sweep) is lent games by thread, at most :attr:`GameCache.wait`
seconds when it keeps none.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, Generic, TypeVar

from starlette.types import ASGIApp, Receive, Scope, Send

from rulekeeper.core.lru import Lru

GAMES_KEPT = 256
EVENTS_KEPT = 100_000
WAIT = 10.0
"""Seconds a thread waits for a game another thread has out before it rebuilds it."""

T = TypeVar("T")

Borrowed = set[tuple["GameCache[Any]", str]]
_request: ContextVar[Borrowed | None] = ContextVar("rulekeeper_borrowed", default=None)
"""The games the current request has out, by cache (None outside requests)."""


class Lending:
    """The ASGI middleware that gives back, as a request ends, the games it took out and
    did not keep (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        borrowed: Borrowed = set()
        token = _request.set(borrowed)
        try:
            await self.app(scope, receive, send)
        finally:
            _request.reset(token)
            for cache, key in list(borrowed):
                cache.give_back(key, borrowed)


class GameCache(Generic[T]):
    """``events(game)`` counts a kept game's events (what its size grows with)."""

    def __init__(self, events: Callable[[T], int], size: int = GAMES_KEPT,
                 most_events: int = EVENTS_KEPT, wait: float = WAIT) -> None:
        self._kept = Lru[tuple[str, int], T](items=size, weight=most_events, weigh=events)
        self.wait = wait
        self._out: dict[str, tuple[object, float]] = {}  # game: who has it out, since
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
        self.give_back(key)

    def give_back(self, key: str, holder: object | None = None) -> None:
        """The game ``key`` is no longer out (to ``holder``, when it is given: a request
        ending); whoever waits for it takes it."""
        with self._turn:
            out = self._out.get(key)
            if holder is None or (out is not None and out[0] is holder):
                self._out.pop(key, None)
                self._turn.notify_all()

    def _take_turn(self, key: str) -> None:
        """Wait while another request (or thread) has the game out (at most :attr:`wait`
        seconds from when it took it), then mark it out to this one."""
        borrowed = _request.get()
        me: object = threading.current_thread() if borrowed is None else borrowed
        if borrowed is not None:
            borrowed.add((self, key))
        with self._turn:
            while True:
                holder, since = self._out.get(key, (me, 0.0))
                left = since + self.wait - time.monotonic()
                if holder is me or left <= 0:
                    break
                self._turn.wait(left)
            if len(self._out) >= GAMES_KEPT:  # games taken out and never kept again
                now = time.monotonic()
                self._out = {k: out for k, out in self._out.items()
                             if out[1] + self.wait > now}
            self._out[key] = (me, time.monotonic())
