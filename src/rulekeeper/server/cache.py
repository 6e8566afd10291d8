"""Games rebuilt from their records, kept in this process per (id, version).

A version names exactly one state of a game, so a kept game is never stale: the cache
only saves replaying the record. A game is taken out while it is used (whoever holds
it may step it) and kept again under its new version once that version is committed.
Another process, or a restarted one, simply replays.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from rulekeeper.core.game import Game, replay


class GameCache:
    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._games: OrderedDict[tuple[str, int], Game] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str, version: int, record: dict[str, Any], log: bool = True) -> Game:
        """The game ``key`` at ``version``: the kept one, else replayed from ``record``."""
        with self._lock:
            game = self._games.pop((key, version), None)
        return game if game is not None else replay(record, log=log)

    def keep(self, key: str, version: int, game: Game) -> None:
        with self._lock:
            self._games[(key, version)] = game
            self._games.move_to_end((key, version))
            while len(self._games) > self.size:
                self._games.popitem(last=False)
