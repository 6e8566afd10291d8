"""The bounded caches: by count, by total weight, least recently used first."""

from rulekeeper.core.lru import Lru
from rulekeeper.server.cache import GameCache


def test_the_least_recently_used_go_first_past_either_bound():
    cache = Lru[int, str](items=3, weight=10, weigh=len)
    for key in range(3):
        cache.put(key, "ab")
    assert cache.get(0) == "ab"  # 0 is now the most recently used
    cache.put(3, "ab")
    assert sorted(cache.keys()) == [0, 2, 3] and cache.weight == 6
    cache.put(4, "abcdefg")  # 13 > 10: the oldest go until it fits
    assert cache.keys() == [3, 4] and cache.weight == 9
    cache.put(5, "x" * 11)  # heavier than the whole bound: not kept
    assert cache.get(5) is None and cache.weight == 9
    assert cache.pop(4) == "abcdefg" and cache.weight == 2 and len(cache) == 1


def test_the_games_kept_by_the_service_are_bounded_by_their_events():
    class Game:
        def __init__(self, events):
            self.events = [None] * events

    cache = GameCache[Game](lambda game: len(game.events), size=10, most_events=100)
    for n in range(5):
        cache.keep(f"g{n}", 0, Game(40))
    kept = [n for n in range(5) if cache.pop(f"g{n}", 0) is not None]
    assert kept == [3, 4]
