"""Live updates through real servers: a seat's stream gets each change as its view, made by
any app process (two on one PostgreSQL database, told by LISTEN/NOTIFY; two on one SQLite
file, which each reads for the followed games' versions twice a second);
``Last-Event-ID`` resumes; a spectator's stream carries the public view only."""

import contextlib
import queue
import time

import httpx
import pytest

from tests.server.conftest import fresh_database
from tests.server.live import WAIT, EventStream, LiveServer


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def servers(request, tmp_path_factory):
    """Two app processes on one database, PostgreSQL or a SQLite file (a move made on one
    reached the other's streams only on PostgreSQL: a SQLite file has no NOTIFY)."""
    with contextlib.ExitStack() as stack:
        db_url = stack.enter_context(fresh_database(request.param, tmp_path_factory.mktemp("live")))
        first = LiveServer(db_url)
        stack.callback(first.stop)
        second = LiveServer(db_url)
        stack.callback(second.stop)
        first.spawn(), second.spawn()  # at once: one migrates, the other waits for it
        yield first.wait(), second.wait()


def player(server, name):
    token = httpx.post(f"{server.url}/api/players", json={"name": name},
                       timeout=WAIT).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def post(server, path, headers, body):
    response = httpx.post(server.url + path, json=body, headers=headers, timeout=WAIT)
    assert response.status_code in (200, 201), response.text
    return response.json()


def play_first_option(server, headers, view):
    return post(server, f"/api/games/{view['id']}/decisions", headers, {
        "seat": view["seat"], "version": view["version"],
        "option": view["view"]["pending"]["options"][0]["id"]})


def test_a_move_reaches_the_other_players_stream_from_another_process(servers):
    one, two = servers
    alice, bob = player(one, "alice"), player(two, "bob")
    view = post(one, "/api/games", alice, {"ruleset": "dire-alliance-battle",
                                           "seats": {"blue": {"kind": "open"}}})
    invite = next(s["invite"] for s in view["seats"] if s["seat"] == "blue")
    game = view["id"]
    joined = post(two, f"/api/games/{game}/join", bob, {"seat": "blue", "invite": invite})
    assert joined["version"] == 1
    key = joined["watch"].partition("key=")[2]
    streams = []
    try:
        blue = EventStream(f"{one.url}/api/games/{game}/events?seat=blue", bob)
        watcher = EventStream(f"{one.url}/api/games/{game}/watch/events?key={key}")
        streams += [blue, watcher]
        version, first = blue.next()
        assert blue.status == 200 and version == "1" and first["seat"] == "blue"
        assert first["events_total"] == len(first["events"]) > 0
        assert watcher.next()[0] == "1"
        red = httpx.get(f"{two.url}/api/games/{game}", headers=alice, timeout=WAIT).json()
        total = first["events_total"]
        while red["turn"] == "red":  # alice plays on the other process
            red = play_first_option(two, alice, red)
            version, seen = blue.next()
            assert int(version) == seen["version"] == red["version"]
            assert [e["n"] for e in seen["events"]] == list(range(total, seen["events_total"]))
            total = seen["events_total"]  # each message brings the new events only
            assert seen["view"]["state"]["players"]["red"]["hand"] is None
            shown = watcher.next()[1]
            assert shown["version"] == red["version"]
            assert all(p["hand"] is None for p in shown["view"]["state"]["players"].values())
        assert seen["turn"] == "blue" and seen["view"]["pending"]["player"] == "blue"
        # a reconnection resumes after the last version it saw
        blue.close()
        again = EventStream(f"{two.url}/api/games/{game}/events?seat=blue",
                            {**bob, "Last-Event-ID": version})
        streams.append(again)
        with pytest.raises(queue.Empty):
            again.next(timeout=1)
        moved = play_first_option(one, bob, seen)
        assert again.next()[1]["version"] == moved["version"]
    finally:
        for stream in streams:
            stream.close()


def test_a_stream_ends_with_the_game_and_does_not_start_again(servers):
    one, _ = servers
    alice = player(one, "carol")
    view = post(one, "/api/games", alice, {"ruleset": "combat-encounter", "seed": 1,
                                           "options": {"time_limit": 1}})
    while not view["over"]:
        view = play_first_option(one, alice, view)
    url = f"{one.url}/api/games/{view['id']}/events"
    stream = EventStream(url, alice)
    try:
        version, last = stream.next()
        assert last["over"] and int(version) == view["version"]
        with pytest.raises(EOFError):  # the server ended the stream
            stream.next()
    finally:
        stream.close()
    ended = httpx.get(url, headers={**alice, "Last-Event-ID": version}, timeout=WAIT)
    assert ended.status_code == 204  # an EventSource stops reconnecting


def test_a_game_cancelled_on_one_process_ends_its_streams_on_the_other(servers):
    one, two = servers
    alice = player(one, "dora")
    view = post(one, "/api/games", alice, {"ruleset": "dire-alliance-battle", "public": True,
                                           "seats": {"blue": {"kind": "open"}}})
    game = view["id"]
    streams = [EventStream(f"{one.url}/api/games/{game}/watch/events"),
               EventStream(f"{one.url}/api/games/{game}/events", alice)]
    try:
        for stream in streams:
            assert stream.next()[0] == str(view["version"])
        cancelled = post(two, f"/api/games/{game}/cancel", alice, {})
        assert cancelled["closed"] == "cancelled"
        for stream in streams:
            version, seen = stream.next()
            assert int(version) == cancelled["version"]
            assert seen["over"] and seen["closed"] == "cancelled"
            with pytest.raises(EOFError):  # the server ended the stream
                stream.next()
    finally:
        for stream in streams:
            stream.close()


@pytest.mark.rule("core.resign")
def test_a_resignation_on_one_process_reaches_the_other_player_and_the_spectator(servers):
    one, two = servers
    alice, bob = player(one, "fay"), player(two, "gus")
    view = post(one, "/api/games", alice, {"ruleset": "dire-alliance-battle", "public": True,
                                           "seats": {"blue": {"kind": "open"}}})
    game = view["id"]
    joined = post(two, f"/api/games/{game}/join", bob, {"seat": "blue"})
    streams = [EventStream(f"{one.url}/api/games/{game}/watch/events?lang=fr"),
               EventStream(f"{one.url}/api/games/{game}/events", alice)]
    try:
        for stream in streams:
            assert stream.next()[0] == str(joined["version"])
        resigned = post(two, f"/api/games/{game}/resign", bob,
                        {"seat": "blue", "version": joined["version"]})  # red is to play
        assert resigned["result"]["reason"] == "resigned"
        for stream, text in zip(streams, (
                "Bleu\u00a0: abandon, et la partie est perdue (camp perdant\u00a0: Bleu)",
                "Blue: resignation, and the game is lost (losing side: Blue)"), strict=True):
            version, seen = stream.next()
            assert int(version) == resigned["version"]
            assert seen["over"] and seen["result"]["winner"] == "red"
            assert seen["events"][-1]["text"] == text
            with pytest.raises(EOFError):  # the server ended the stream with the game
                stream.next()
    finally:
        for stream in streams:
            stream.close()


def test_a_token_rotated_or_revoked_ends_the_streams_it_opened(servers):
    """A stream outlives the request that checked its token: once the token is rotated (or
    revoked), on any process, the stream sends its seat's view no more, and its
    reconnection is a 401 (found by a hostile client: a leaked token's stream went on
    showing the seat's hand after the player rotated it)."""
    one, two = servers
    erin = player(one, "erin")
    view = post(one, "/api/games", erin, {"ruleset": "dire-alliance-battle", "seed": 3})
    url = f"{one.url}/api/games/{view['id']}/events"
    stream = EventStream(url, erin)
    try:
        assert stream.next()[0] == str(view["version"])
        token = post(two, "/api/players/me/token", erin, {})["token"]
        moved = play_first_option(one, {"Authorization": f"Bearer {token}"}, view)
        assert moved["version"] == view["version"] + 1
        with pytest.raises(EOFError):  # the server ended the stream: no new view
            stream.next()
    finally:
        stream.close()
    again = f"{two.url}/api/games/{view['id']}/events"
    assert httpx.get(again, headers=erin, timeout=WAIT).status_code == 401


def test_a_stream_read_after_an_undo_and_another_decision_sends_the_game_again():
    """A stream's read may come after two changes (an undo, then another decision: as many
    decisions as before, other events). What it sent is no longer the game's beginning, so
    it sends every event again (from 0): its client then holds the game's events, not the
    ones taken back followed by the new game's tail."""
    from rulekeeper.core.game import new_game
    from rulekeeper.server.games import events_out
    from rulekeeper.server.live import Sent

    game = new_game("enemy-attacks", seed=1)
    sent, shown = Sent(0), []

    def read():  # a stream's read, and its client keeping events by their numbers
        events, _ = events_out(game, "p1", "en", sent, 1000)
        if events:
            shown[events[0].n:] = [event.text for event in events]

    read()
    first, other = [o.id for o in game.pending.options][:2]
    game.step(first)
    read()
    game.back_to(len(game.decisions) - 1, keep_inputs=False)  # the undo...
    game.step(other)  # ...and another decision, both before the stream reads
    read()
    truth = [event.text for event in events_out(game, "p1", "en", 0, 1000)[0]]
    assert shown == truth


def test_a_player_and_an_address_have_so_many_live_streams_open_at_once(tmp_path):
    """Past them a stream is refused (429, Retry-After): a client holds neither connections
    nor the app's threads (an open may wait for its game in one) without bound. A closed
    stream gives its place back."""
    limits = {"RULEKEEPER_STREAMS": "2", "RULEKEEPER_ADDRESS_STREAMS": "3"}
    with LiveServer(f"sqlite:///{tmp_path / 'streams.db'}", **limits) as server:
        alice = player(server, "alice")
        view = post(server, "/api/games", alice, {"ruleset": "dire-alliance-battle",
                                                  "public": True})
        url = f"{server.url}/api/games/{view['id']}"
        streams = []

        def opened(path, headers=None):
            streams.append(EventStream(url + path, headers))
            assert streams[-1].status == 200 and streams[-1].next()[0] == "0"

        def refused(path, headers=None):
            answer = httpx.get(url + path, headers=headers, timeout=WAIT)
            assert answer.status_code == 429 and int(answer.headers["Retry-After"]) > 0
            return answer.json()["error"]

        try:
            opened("/events", alice)
            opened("/events", alice)
            assert refused("/events", alice) == ("too many live streams open: at most 2 per "
                                                 "player (close a game's page)")
            opened("/watch/events")  # a spectator of the same address: its third
            assert refused("/watch/events").endswith("at most 3 per address (close a "
                                                     "game's page)")
            streams.pop(0).close()
            deadline = time.monotonic() + WAIT  # for the server to see the connection closed
            while True:
                answer = httpx.get(url, headers=alice, timeout=WAIT)  # (a plain read: no stream)
                assert answer.status_code == 200
                try:
                    opened("/events", alice)
                    break
                except AssertionError:
                    streams.pop().close()
                    if time.monotonic() > deadline:
                        raise AssertionError("a closed stream's place was not given back") \
                            from None
                    time.sleep(0.1)
        finally:
            for stream in streams:
                stream.close()
