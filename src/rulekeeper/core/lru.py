"""A cache that forgets its least recently used entries beyond a count and a total size.

Every cache that requests can fill (content per ``--set`` values, games rebuilt by the
service) is one of these, so no stream of distinct requests grows a process without bound.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """At most ``items`` entries weighing at most ``weight`` together (each entry weighs
    ``weigh(value)``, 1 by default); putting one past either bound drops the least recently
    used. Safe to share between threads.

    >>> cache = Lru[str, str](items=2)
    >>> cache.put("a", "A"); cache.put("b", "B"); cache.get("a"); cache.put("c", "C")
    'A'
    >>> sorted(cache.keys())
    ['a', 'c']
    >>> sized = Lru[str, str](items=10, weight=5, weigh=len)
    >>> sized.put("x", "xxx"); sized.put("y", "yyy"); sorted(sized.keys()), sized.weight
    (['y'], 3)
    """

    def __init__(self, items: int, weight: float = float("inf"),
                 weigh: Callable[[V], float] | None = None) -> None:
        self.items = items
        self.max_weight = weight
        self._weigh = weigh
        self._kept: OrderedDict[K, tuple[V, float]] = OrderedDict()
        self.weight: float = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def keys(self) -> list[K]:
        with self._lock:
            return list(self._kept)

    def get(self, key: K) -> V | None:
        """The value kept under ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                return None
            self._kept.move_to_end(key)
            return found[0]

    def pop(self, key: K) -> V | None:
        """The value kept under ``key``, taken out; None if there is none."""
        with self._lock:
            found = self._kept.pop(key, None)
            if found is None:
                return None
            self.weight -= found[1]
            return found[0]

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.weight = 0

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key``; a value heavier than the whole bound is not kept."""
        weight = self._weigh(value) if self._weigh is not None else 1
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self.weight -= old[1]
            if weight > self.max_weight:
                return
            self._kept[key] = (value, weight)
            self.weight += weight
            while len(self._kept) > self.items or self.weight > self.max_weight:
                _, (_, dropped) = self._kept.popitem(last=False)
                self.weight -= dropped
