"""The calls that play or replay games: lanes, calls in flight and lane time per player,
429 with Retry-After past a limit; a record too long to replay is refused before any work."""

from __future__ import annotations

import asyncio

import pytest

from rulekeeper.core.game import new_game
from rulekeeper.core.records import log_lines
from rulekeeper.server.costs import Busy, Costs
from rulekeeper.server.errors import TooManyRequests
from tests.server.conftest import alone, make_client, sign_up


def test_a_player_has_at_most_so_many_calls_in_flight_and_others_wait_for_a_lane():
    async def scenario() -> None:
        costs = Costs(lanes=1, in_flight=2, budget=100, wait=60)  # (whatever a busy machine pauses)
        release = asyncio.Event()

        async def hold(player: int) -> None:
            async with costs.lane(player):
                await release.wait()

        first = asyncio.create_task(hold(1))
        second = asyncio.create_task(hold(1))  # waits for the one lane
        await asyncio.sleep(0.05)
        with pytest.raises(TooManyRequests) as refused:
            async with costs.lane(1):
                pass
        assert refused.value.status == 429 and refused.value.headers == {"Retry-After": "1"}
        release.set()
        await asyncio.gather(first, second)  # the second had the lane once the first was done
        release.clear()
        first = asyncio.create_task(hold(1))  # done: player 1 may call again
        await asyncio.sleep(0.05)
        costs.wait = 0.2
        with pytest.raises(Busy):  # another player waits for the lane, then gives up
            async with costs.lane(2):
                pass
        release.set()
        await first

    alone(scenario())


def test_the_lane_serves_payers_in_turn():
    async def scenario() -> None:
        costs = Costs(lanes=1, in_flight=10, budget=100, wait=5)
        served: list[str] = []
        release = asyncio.Event()

        async def call(payer: int | str, name: str, hold: bool = False) -> None:
            async with costs.lane(payer):
                served.append(name)
                if hold:
                    await release.wait()

        async def queue(payer: int | str, *names: str) -> list[asyncio.Task[None]]:
            tasks = [asyncio.create_task(call(payer, name)) for name in names]
            await asyncio.sleep(0.01)  # they wait for the lane, in this order
            return tasks

        first = asyncio.create_task(call(1, "a0", hold=True))  # A takes the lane...
        await asyncio.sleep(0.01)
        waiting = await queue(1, "a1", "a2", "a3")  # ...and queues three more calls
        left = await queue(3, "c1")  # C comes, then leaves before its turn
        left[0].cancel()
        waiting += await queue(2, "b1")  # B comes after all of them
        waiting += await queue("address 10.0.0.1", "d1")  # and a spectator's address
        release.set()
        await asyncio.gather(first, *waiting)
        assert served == ["a0", "b1", "d1", "a1", "a2", "a3"]
        async with asyncio.timeout(1):  # the lane is free again (C gave its place up)
            await call(3, "c2")

    alone(scenario())


def test_a_players_lane_time_is_bounded_and_retry_after_says_when_it_frees():
    async def scenario() -> None:
        costs = Costs(lanes=2, in_flight=4, budget=0.05, window=60)
        async with costs.lane(1):
            await asyncio.sleep(0.06)
        with pytest.raises(TooManyRequests) as refused:
            async with costs.lane(1):
                pass
        assert "too much work" in refused.value.message
        assert 55 <= int(refused.value.headers["Retry-After"]) <= 60
        async with costs.lane(2):  # another player is not held back
            pass

    alone(scenario())


def replay_head(decisions: int = 12) -> dict:
    from rulekeeper.agents import make_agent

    game = new_game("enemy-attacks", seed=2)
    for n in range(decisions):
        agent = make_agent("first", game.ruleset, game.pending.player, n)
        game.step(agent.choose(game.view(game.pending.player), game.pending))
    return log_lines(game)[0]


def test_replays_past_a_players_budget_get_429_and_the_leaderboard_still_answers(db_url):
    with make_client(db_url, work_budget=0.001) as client:
        alice, bob = sign_up(client, "alice"), sign_up(client, "bob")
        head = replay_head()
        assert client.post("/api/replay", json=head, headers=alice).status_code == 200
        refused = client.post("/api/replay", json=head, headers=alice)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert refused.json()["error"].startswith("too much work")
        assert client.post("/api/games", json={"ruleset": "cryptids"},
                           headers=alice).status_code == 429  # every call that plays
        assert client.get("/api/leaderboard", headers=alice).status_code == 200
        assert client.get("/api/players/me", headers=alice).status_code == 200
        assert client.post("/api/replay", json=head, headers=bob).status_code == 200


def test_a_record_too_long_to_replay_is_refused_before_any_work(client):
    alice = sign_up(client, "alice")
    head = replay_head()
    record = head["record"]
    long = {**record, "decisions": ["1"] * 6000}
    refused = client.post("/api/replay", json={**head, "record": long}, headers=alice)
    assert refused.status_code == 413
    assert refused.json()["error"] == ("record.decisions: 6000 is too many to replay here "
                                       "(at most 5000)")
    assert client.app.state.costs.spent(1, float("inf")) == 0  # refused before any work
