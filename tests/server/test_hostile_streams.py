"""Issue 30, fifth round: the live streams did the work of a read of the game (its record
replayed when this process did not keep it, the view of up to a page of events made) outside
the lanes, charged to nobody: one token opened 600 streams of its own finished games in 51 s,
all answered, where a read of the same games was refused after 173 (its work budget), and
other players' pages slowed from 3 ms to 160 ms. A stream's opening and each of its reads
now run in a lane charged to its payers, as a read is."""

from __future__ import annotations

import asyncio
import warnings

from rulekeeper.server.costs import Costs
from tests.server.conftest import make_client, sign_up

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # (as tests/server/conftest.py imports it)
    from fastapi.testclient import TestClient

FINISHED = {"ruleset": "cryptids", "public": True}
"""A game over once made (nobody decides in a cryptids battle): its stream sends one message
and ends, so a test client reads it whole."""


def test_a_streams_opening_is_refused_past_the_work_budget_as_a_read_is(db_url):
    with make_client(db_url, work_budget=1e-6) as client:
        alice = sign_up(client, "alice")
        game = client.post("/api/games", headers=alice, json=FINISHED)
        assert game.status_code == 201, game.text  # (its work spent alice's budget)
        url = f"/api/games/{game.json()['id']}"
        read = client.get(url, headers=alice)
        assert read.status_code == 429, read.text
        opened = client.get(f"{url}/events", headers=alice)
        assert opened.status_code == 429, opened.text[:200]
        assert opened.json()["error"].startswith("too much work: the calls that play or replay "
                                                 "games may use 1e-06 s a player")
        assert int(opened.headers["Retry-After"]) > 0


def test_a_spectators_streams_are_charged_to_their_address(db_url):
    with make_client(db_url, address_budget=1e-6) as client:
        game = client.post("/api/games", headers=sign_up(client, "alice"), json=FINISHED)
        url = f"/api/games/{game.json()['id']}/watch/events"
        spectator = TestClient(client.app, client=("192.0.2.7", 50000))
        assert spectator.get(url).status_code == 200  # (it spent the address's budget)
        again = spectator.get(url)
        assert again.status_code == 429, again.text[:200]
        assert "s an address every 60 s" in again.json()["error"]
        elsewhere = TestClient(client.app, client=("192.0.2.8", 50000))
        assert elsewhere.get(url).status_code == 200  # another address is not held back


def test_a_streams_read_past_its_payers_budget_ends_it(db_url):
    """The opening was admitted, and spent the budget: the stream's read is refused, and the
    stream ends with no view (its reconnection is the 429 above)."""
    with make_client(db_url, work_budget=5.0) as client:
        alice = sign_up(client, "alice")
        game = client.post("/api/games", headers=alice, json=FINISHED).json()
        costs = client.app.state.costs
        charge = costs.charge
        costs.charge = lambda payers, ended, seconds: charge(payers, ended, 60.0)
        stream = client.get(f"/api/games/{game['id']}/events", headers=alice)
        assert stream.status_code == 200, stream.text[:200]
        assert "event: view" not in stream.text
        assert client.get(f"/api/games/{game['id']}/events", headers=alice).status_code == 429


def test_a_streams_read_does_not_crowd_out_its_players_own_calls():
    """A stream's read is charged but not counted in its player's calls in flight: streams
    of several games waking at once must not make the player's next decision a 429."""
    costs = Costs(lanes=1, in_flight=1)

    async def scenario() -> str:
        reading, release = asyncio.Event(), asyncio.Event()

        async def stream_read() -> None:
            async with costs.lane(7, "address here", at_once=False):
                reading.set()
                await release.wait()

        read = asyncio.create_task(stream_read())
        await reading.wait()
        decision = asyncio.create_task(decide())
        await asyncio.sleep(0.05)
        release.set()
        await read
        return await decision

    async def decide() -> str:
        async with costs.lane(7, "address here"):
            return "decided"

    assert asyncio.run(scenario()) == "decided"
