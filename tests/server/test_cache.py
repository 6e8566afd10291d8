"""The game cache: concurrent requests for one game share one rebuild."""

import threading
import time

import pytest

from rulekeeper.server.cache import GameCache, Lending
from tests.server.conftest import alone


def test_threads_asking_for_a_game_being_rebuilt_wait_for_it_rather_than_replay():
    cache = GameCache[list[int]](len)
    rebuilds = []

    def rebuild():
        rebuilds.append(1)
        time.sleep(0.2)  # a long replay
        return [1, 2, 3]

    def request():
        game = cache.take("g", 4, rebuild)
        cache.keep("g", 4, game)

    threads = [threading.Thread(target=request) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(rebuilds) == 1


def test_a_game_taken_and_never_kept_again_is_rebuilt_after_the_wait():
    cache = GameCache[list[int]](len, wait=0.1)
    assert cache.pop("g", 1) is None  # taken out by this thread, never kept
    found = []
    other = threading.Thread(target=lambda: found.append(cache.take("g", 1, lambda: [7])))
    began = time.monotonic()
    other.start()
    other.join()
    assert found == [[7]] and 0.05 < time.monotonic() - began < 5


def test_a_request_that_ends_without_keeping_its_game_gives_it_back():
    cache = GameCache[list[int]](len, wait=30)

    async def failing(scope, receive, send):
        assert cache.pop("g", 1) is None  # taken out to rebuild, then an error
        raise RuntimeError("a lost race")

    with pytest.raises(RuntimeError, match="a lost race"):
        alone(Lending(failing)({"type": "http"}, None, None))
    found = []
    other = threading.Thread(target=lambda: found.append(cache.take("g", 1, lambda: [7])))
    began = time.monotonic()
    other.start()
    other.join(40)
    assert found == [[7]] and time.monotonic() - began < 5  # not the 30 s wait
